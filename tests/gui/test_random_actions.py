"""A random user: thousands of seeded random actions on the real main window, and after
each one the checks that every view still agrees with the engine.

A failure names its seed and the actions that led to it. Replay one seed alone with
``ATTENTION_LAB_SEED=7 python -m pytest -q tests/gui/test_random_actions.py``;
``ATTENTION_LAB_ACTIONS=3000`` makes each phase longer (the default keeps this file under
a minute on two cores).
"""

from __future__ import annotations

import math
import os
import random
import traceback
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QCoreApplication, QItemSelection, QItemSelectionModel, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractItemView, QLineEdit, QTableView, QWidget

from engine import attention, load_preset, random_preset
from engine.presets import MAX_DIM
from gui.language import set_language
from gui.numbers import LIMIT, parse_number
from gui.state import MAX_TOKENS, STEPS
from gui.temperature_dial import DIAL_STEPS, TAU_MAX, TAU_MIN, position_to_tau, tau_to_position

_REPLAY = os.environ.get("ATTENTION_LAB_SEED")
SEEDS = (int(_REPLAY),) if _REPLAY else (1, 2, 3)
ACTIONS = int(os.environ.get("ATTENTION_LAB_ACTIONS", "250"))  # per phase, two phases a seed
PAINT_EVERY = 8  # let the event loop run (timers, repaints) after every 8th action
EDIT = Qt.ItemDataRole.EditRole

GOOD_TEXTS = ("1e-300", "-0", "0", "1e6", "-1e6", "１．５", "−2", ".5", "5.", "+7", "1e-320",
              " 3 ", "0.1", "999999.999999")  # fmt: skip
BAD_TEXTS = ("garbage", "", "   ", "NaN", "nan", "inf", "-inf", "1e400", "1000000.5", "-1e7",
             "猫", "吃鱼", "3²", "0x1F", "1e", "1 2", "x" * 5000, "9" * 65, "--1", ".", "+",
             "1.5.2", "①", "1e-3" + "0" * 70)  # fmt: skip
NAMES = ("", "   ", "🐱", "🐟🐟", "x" * 200, "y" * 201, "猫", "鱼", "a b", "<b>bold</b>", "&amp;",
         "  padded  ", "\u202eevil", "token 1", "狗" * 50)  # fmt: skip
BROKEN_FILES = (b"", b"{", b"[1, 2]", b'{"format": "attention-lab", "version": 99}',
                b'{"format": "attention-lab", "version": 1, "tokens": ["a"], '
                b'"inputs": {"q": [[NaN]], "k": [[1]], "v": [[1]]}}', b"\xff\xfe")  # fmt: skip


def inputs(state):
    """What undo restores: the tokens, the input matrices and the causal mask."""
    return state.tokens, {n: state.matrix(n).copy() for n in state.input_names}, state.causal


def assert_same_inputs(actual, expected):
    assert actual[0] == expected[0], "tokens"
    assert sorted(actual[1]) == sorted(expected[1]), "input matrices"
    for name, matrix in expected[1].items():
        assert actual[1][name].shape == matrix.shape, name
        assert actual[1][name].tobytes() == matrix.tobytes(), name  # bit for bit
    assert actual[2] == expected[2], "causal"


def preset_inputs(preset):
    if preset.projection is None:
        matrices = {"q": preset.q, "k": preset.k, "v": preset.v}
    else:
        p = preset.projection
        matrices = {"x": p.x, "w_q": p.w_q, "w_k": p.w_k, "w_v": p.w_v}
    return tuple(preset.tokens), matrices, preset.causal


def parsed(text):
    try:
        return parse_number(text)
    except ValueError:
        return None


class RandomUser:
    """Performs random actions through the window's widgets, as a user would, and checks
    after each that every view agrees with a fresh computation by the engine."""

    def __init__(self, window, qtbot, dialogs, seed: int, folder: Path) -> None:
        self.window, self.qtbot, self.dialogs, self.folder = window, qtbot, dialogs, folder
        self.state = window.state
        self.rng = random.Random(seed)
        self.seed = seed
        self.log: list[str] = []
        self.step = ""
        self.count = 0  # actions taken, undo and redo steps included
        self.exceptions: list = []
        self.heatmaps = {s: window.findChild(QWidget, f"{s}Heatmap") for s in STEPS}
        self.tokens = window.inputs.tokens
        self.history_start = inputs(self.state)  # what undoing all the way back gives

    # ------------------------------------------------------------------ running
    def run(self, count: int, phase: str, sessions: bool) -> None:
        for number in range(count):
            # Once, halfway through phase B, the token limit: 60 slow steps, kept out of
            # phase A's walk through its whole history.
            limit = sessions and number == count // 2
            action = self.fill_tokens if limit else lambda: self.act(sessions)
            self.attempt(f"{phase} {number}", action, number)

    def walk_history(self, index: int) -> None:
        """Undo or redo one step at a time, checking after each, until the undo stack
        is at ``index``."""
        stack, number = self.state.undo_stack, 0
        while stack.index() != index:
            back = stack.index() > index
            self.attempt(f"{'undo' if back else 'redo'} to {index}: {number}",
                         self.undo if back else self.redo, number)  # fmt: skip
            number += 1

    def attempt(self, step: str, action, number: int) -> None:
        self.step = step
        self.count += 1
        try:
            action()
            self.settle_and_check(paint=number % PAINT_EVERY == 0)
        except Exception as error:
            raise AssertionError(self.report()) from error

    def settle_and_check(self, paint: bool = True) -> None:
        if paint:  # timers, queued calls, deferred deletes and repaints
            QCoreApplication.processEvents()
        self.check()

    def report(self) -> str:
        recent = "\n".join(f"  {line}" for line in self.log[-15:])
        return (f"seed {self.seed}, action {self.step} failed; replay it alone with "
                f"ATTENTION_LAB_SEED={self.seed}. The last actions:\n{recent}")  # fmt: skip

    def note(self, text: str) -> None:
        self.log.append(f"[{self.step}] {text}")

    def act(self, sessions: bool) -> None:
        state = self.state
        big = len(state.tokens) > 10 or max(state.d_k, state.d_v, state.d_model) > 16
        table = {
            self.type_cell: 20, self.paste: 8, self.copy_and_paste: 2, self.undo: 10, self.redo: 6,
            self.undo_many: 1, self.add_token: 4, self.remove_token: 4 + 20 * big,
            self.resize: 6 + 20 * big, self.rename: 5,
            self.load_preset: 3, self.toggle_causal: 3, self.turn_dial: 6,
            self.click_heatmap: 5, self.hover_heatmap: 1, self.select_token: 4,
            self.switch_language: 0.6, self.run_experiment: 1, self.set_precision: 1,
            self.switch_tab: 0.5, self.save_session: 0.5,
        }  # fmt: skip
        if sessions:
            table |= {self.save_and_reopen: 2, self.open_broken_file: 0.5, self.new_session: 0.5}
        action = self.rng.choices(list(table), weights=list(table.values()))[0]
        action()

    # ------------------------------------------------------------------ invariants
    def check(self) -> None:
        if self.exceptions:
            text = "".join(traceback.format_exception(*self.exceptions[0]))
            raise AssertionError(f"an exception in a Qt slot or virtual method:\n{text}")
        state, window = self.state, self.window
        tokens, length = state.tokens, len(state.tokens)
        expected = attention(state.matrix("q"), state.matrix("k"), state.matrix("v"),
                             temperature=state.temperature, causal=state.causal)  # fmt: skip
        for step, heatmap in self.heatmaps.items():
            np.testing.assert_array_equal(heatmap.matrix(), getattr(expected, step), err_msg=step)
        for name in ("scores", "scaled", "weights", "context", "entropy", "max_weight"):
            assert not np.isnan(getattr(state.result, name)).any(), f"NaN in {name}"
        sums, empty = expected.weights.sum(axis=1), expected.fully_masked_rows
        np.testing.assert_allclose(sums[~empty], 1.0, rtol=0, atol=1e-12)
        assert (sums[empty] == 0).all()
        assert expected.weights.shape == (length, length)
        assert expected.context.shape == (length, state.d_v)
        assert set(window.inputs.grids) == set(state.input_names) | {"q", "k", "v"}
        for name, grid in window.inputs.grids.items():
            model = grid.view.model()
            assert (model.rowCount(), model.columnCount()) == state.matrix(name).shape, name
            if name in ("q", "k", "v", "x"):
                heads = [model.headerData(r, Qt.Orientation.Vertical) for r in range(length)]
                assert heads == list(tokens), name
        names = self.tokens.model
        assert [names.data(names.index(0, c)) for c in range(names.columnCount())] == list(tokens)
        assert (self.tokens.d_k.value(), self.tokens.d_v.value()) == (state.d_k, state.d_v)
        if state.is_projection:
            assert self.tokens.d_model.value() == state.d_model
        assert self.tokens.add_button.isEnabled() == (length < MAX_TOKENS)
        assert self.tokens.remove_button.isEnabled() == (length > 1)
        assert 0 <= state.selected_token < length
        row = state.selected_token
        segments = window.mixing.segments()
        tolerance = 1e-12 * (1.0 + np.abs(segments).sum())
        np.testing.assert_allclose(window.mixing.totals(), expected.context[row], rtol=0,
                                   atol=tolerance, err_msg="mixing totals")  # fmt: skip
        np.testing.assert_array_equal(window.dial.bars.weights(), expected.weights[row])
        assert window.causal_toggle.isChecked() == state.causal
        assert window.dial.dial.value() == tau_to_position(state.temperature)
        stack = state.undo_stack
        assert window.undo_action.isEnabled() == stack.canUndo()
        assert window.redo_action.isEnabled() == stack.canRedo()
        assert window.windowTitle().endswith("*") == window.sessions.is_dirty, "title"

    # ------------------------------------------------------------------ cells
    def cell_text(self) -> str:
        roll = self.rng.random()
        if roll < 0.5:
            return f"{self.rng.uniform(-4, 4):.{self.rng.randint(0, 3)}f}"
        if roll < 0.7:
            return self.rng.choice(GOOD_TEXTS)
        if roll < 0.95:
            return self.rng.choice(BAD_TEXTS)
        return "".join(
            self.rng.choice("0123456789.eE+-− ，。") for _ in range(self.rng.randint(1, 9))
        )

    def open_editor(self, view: QTableView, index) -> QLineEdit:
        view.setCurrentIndex(index)
        view.edit(index)
        editors = [e for e in view.findChildren(QLineEdit) if e.isVisible()]
        assert len(editors) == 1, "the cell did not open one editor"
        return editors[0]

    def commit(self, view: QTableView, editor: QLineEdit) -> None:
        self.qtbot.keyClick(editor, Qt.Key.Key_Return)
        self.qtbot.waitUntil(lambda: view.state() != QAbstractItemView.State.EditingState,
                             timeout=2000)  # fmt: skip

    def type_cell(self) -> None:
        name = self.rng.choice(sorted(self.window.inputs.grids))
        view = self.window.inputs.grid(name).view
        model = view.model()
        row, col = self.rng.randrange(model.rowCount()), self.rng.randrange(model.columnCount())
        text = self.cell_text()
        by_editor = self.rng.random() < 0.15 and self.state.is_editable(name) and view.isVisible()
        self.note(f"type {text!r} into {name}[{row}, {col}]{' in its editor' * by_editor}")
        before = self.state.matrix(name).copy()
        index = model.index(row, col)
        if by_editor:
            editor = self.open_editor(view, index)
            editor.setText(text)
            text = editor.text()
            self.commit(view, editor)
        else:
            model.setData(index, text, EDIT)
        value = parsed(text)
        after = self.state.matrix(name)
        if self.state.is_editable(name) and value is not None:
            assert after[row, col] == value
        else:
            np.testing.assert_array_equal(after, before)
            assert self.window.inputs.message.text(), "a refusal says why"

    def paste(self) -> None:
        rng = self.rng
        name = rng.choice(sorted(self.window.inputs.grids))
        grid = self.window.inputs.grid(name)
        rows, cols = self.state.matrix(name).shape
        top, left = rng.randrange(rows), rng.randrange(cols)
        height = rng.randint(1, min(rows - top, 4) + (rng.random() < 0.15))
        width = rng.randint(1, min(cols - left, 4) + (rng.random() < 0.15))
        numbers = [[rng.choice((f"{rng.uniform(-3, 3):.2f}", "-0", "1e-300", "1e6", "１", "−1"))
                    for _ in range(width)] for _ in range(height)]  # fmt: skip
        flaw = rng.choice(("none",) * 6 + ("bad cell", "ragged", "empty cell"))
        if (flaw == "ragged" and height == 1) or (flaw == "empty cell" and width == 1):
            flaw = "none"  # a ragged block needs two rows; an empty cell, a neighbour
        cells = [list(line) for line in numbers]
        if flaw == "bad cell":
            cells[rng.randrange(height)][rng.randrange(width)] = rng.choice(
                ("garbage", "NaN", "inf", "猫", "1e400")
            )
        elif flaw == "ragged":
            cells[rng.randrange(height)].append("1")
        elif flaw == "empty cell":
            cells[rng.randrange(height)][rng.randrange(width)] = ""
        separators = {"none": ("\t", ",", ", ", " "), "empty cell": ("\t",)}  # "1,2," is a row
        separator = rng.choice(separators.get(flaw, ("\t", ",")))
        lines = [separator.join(line) for line in cells]
        if separator.startswith(",") and rng.random() < 0.5:
            lines = [f"[{line}]," for line in lines]  # the lesson writes rows like this
        text = rng.choice(("\n", "\r\n")).join(lines) + rng.choice(("", "\n"))
        self.note(f"paste {text!r} into {name} at [{top}, {left}]")
        before = self.state.matrix(name).copy()
        QGuiApplication.clipboard().setText(text)
        grid.view.setCurrentIndex(grid.view.model().index(top, left))
        grid.paste()
        after = self.state.matrix(name)
        fits = top + height <= rows and left + width <= cols
        if flaw == "none" and fits and self.state.is_editable(name):
            block = [[parse_number(cell) for cell in line] for line in numbers]
            np.testing.assert_array_equal(after[top : top + height, left : left + width], block)
        elif flaw != "none" or not fits:
            np.testing.assert_array_equal(after, before)

    def copy_and_paste(self) -> None:
        rng, grids = self.rng, self.window.inputs.grids
        source, target = rng.choice(sorted(grids)), rng.choice(sorted(grids))
        rows, cols = self.state.matrix(source).shape
        top, left = rng.randrange(rows), rng.randrange(cols)
        bottom, right = (
            rng.randrange(top, min(rows, top + 4)),
            rng.randrange(left, min(cols, left + 4)),
        )
        shape = self.state.matrix(target).shape
        at = rng.randrange(shape[0]), rng.randrange(shape[1])
        self.note(
            f"copy {source}[{top}:{bottom + 1}, {left}:{right + 1}], paste into {target} at {at}"
        )
        view = grids[source].view
        selection = QItemSelection(view.model().index(top, left), view.model().index(bottom, right))
        view.selectionModel().select(selection, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        grids[source].copy_selection()
        block = self.state.matrix(source)[top : bottom + 1, left : right + 1].copy()
        before = self.state.matrix(target).copy()
        grids[target].view.setCurrentIndex(grids[target].view.model().index(*at))
        grids[target].paste()
        after = self.state.matrix(target)
        fits = at[0] + block.shape[0] <= shape[0] and at[1] + block.shape[1] <= shape[1]
        if fits and self.state.is_editable(target) and (np.abs(block) <= LIMIT).all():
            pasted = after[at[0] : at[0] + block.shape[0], at[1] : at[1] + block.shape[1]]
            np.testing.assert_array_equal(pasted, block)  # every digit survives the clipboard
        else:
            np.testing.assert_array_equal(after, before)

    # ------------------------------------------------------------------ undo
    def undo(self) -> None:
        self.note("undo")
        index = self.state.undo_stack.index()
        self.window.undo_action.trigger()
        assert self.state.undo_stack.index() == max(index - 1, 0)

    def redo(self) -> None:
        self.note("redo")
        stack = self.state.undo_stack
        index, can = stack.index(), stack.canRedo()
        self.window.redo_action.trigger()
        assert stack.index() == index + can

    def undo_many(self) -> None:
        for _ in range(self.rng.randint(2, 15)):
            self.undo()
            self.settle_and_check()
            self.count += 1

    # ------------------------------------------------------------------ structure
    def add_token(self) -> None:
        length = len(self.state.tokens)
        if self.rng.random() < 0.8:
            self.note("click + token")
            self.tokens.add_button.click()
        else:
            self.note("add the token 狗")
            self.state.add_token("狗")
        assert len(self.state.tokens) == min(length + 1, MAX_TOKENS)

    def remove_token(self) -> None:
        length = len(self.state.tokens)
        if self.rng.random() < 0.8:
            index = self.rng.randrange(length)
            self.note(f"select token {index} and click − token")
            self.tokens.view.clicked.emit(self.tokens.model.index(0, index))
            self.tokens.remove_button.click()
            assert len(self.state.tokens) == max(length - 1, 1)
        else:
            index = self.rng.choice((-1, length, self.rng.randrange(length)))
            self.note(f"remove token {index}")
            removed = self.state.remove_token(index)
            assert len(self.state.tokens) == length - removed

    def fill_tokens(self) -> None:
        self.note(f"click + token up to the limit of {MAX_TOKENS}, then once more")
        while self.tokens.add_button.isEnabled():
            self.tokens.add_button.click()
            self.count += 1
        assert len(self.state.tokens) == MAX_TOKENS
        assert not self.state.add_token()

    def resize(self) -> None:
        state, rng = self.state, self.rng
        which = rng.choice(("d_k", "d_v", "d_model") if state.is_projection else ("d_k", "d_v"))
        roll = rng.random()
        if roll < 0.02:
            width = MAX_DIM
        elif roll < 0.14:
            width = 1
        elif roll < 0.2:
            width = rng.choice((0, -1, MAX_DIM + 1))
        else:
            width = rng.randint(1, 8)
        old = getattr(state, which)
        q = state.matrix("q").copy()
        if 1 <= width <= MAX_DIM:
            self.note(f"set the {which} spin box to {width}")
            getattr(self.tokens, which).setValue(width)
            assert getattr(state, which) == width
            keep = min(old, width)
            if which == "d_k" and not state.is_projection:
                np.testing.assert_array_equal(state.matrix("q")[:, :keep], q[:, :keep])
        else:
            self.note(f"set {which} to {width}")
            assert not getattr(state, f"set_{which}")(width)
            assert getattr(state, which) == old

    def rename(self) -> None:
        state, rng = self.state, self.rng
        index = rng.randrange(len(state.tokens))
        name = rng.choice((*NAMES, rng.choice(state.tokens), f"t{rng.randint(0, 99)}"))
        view, model = self.tokens.view, self.tokens.model
        by_editor = rng.random() < 0.2 and view.isVisible()
        self.note(f"rename token {index} to {name!r}{' in its editor' * by_editor}")
        before = state.tokens
        if by_editor:
            editor = self.open_editor(view, model.index(0, index))
            editor.setText(name)
            name = editor.text()
            self.commit(view, editor)
        else:
            model.setData(model.index(0, index), name, EDIT)
        stripped = name.strip()
        if stripped and len(stripped) <= 200:
            assert state.tokens == (*before[:index], stripped, *before[index + 1 :])
        else:
            assert state.tokens == before

    def load_preset(self) -> None:
        rng, menus = self.rng, self.window.menus
        roll = rng.random()
        if roll < 0.5:
            name = "cat-eats-fish" if roll < 0.3 else "shape-check"
            self.note(f"Presets → {name}")
            (menus.lesson_action if roll < 0.3 else menus.shape_action).trigger()
            expected = preset_inputs(load_preset(name))
        else:
            sizes = (rng.randint(1, 8), rng.randint(1, 8), rng.randint(1, 8), rng.getrandbits(32))
            self.note(f"load a random example {sizes}")
            self.state.load_random(*sizes)
            expected = preset_inputs(random_preset(*sizes))
        assert_same_inputs(inputs(self.state), expected)

    def toggle_causal(self) -> None:
        self.note("click the causal mask")
        causal = self.state.causal
        self.window.causal_toggle.click()
        assert self.state.causal != causal

    # ------------------------------------------------------------------ view
    def turn_dial(self) -> None:
        rng, dial = self.rng, self.window.dial
        roll = rng.random()
        if roll < 0.6:
            standard = math.sqrt(self.state.d_k)  # the same τ, but no longer following d_k
            tau = rng.choice((TAU_MIN, TAU_MAX, 1.0, standard, 0.001, 1000.0,
                              math.exp(rng.uniform(-3, 3))))  # fmt: skip
            self.note(f"set τ to {tau!r} on the dial")
            dial.set_temperature(tau, animate=False)
            assert self.state.temperature == min(max(tau, TAU_MIN), TAU_MAX)
        elif roll < 0.9:
            position = rng.randint(0, DIAL_STEPS)
            self.note(f"turn the QDial to {position}")
            moved = position != dial.dial.value()
            dial.dial.setValue(position)
            if moved:
                assert self.state.temperature == position_to_tau(position)
        else:
            self.note("τ back to √d_k")
            self.state.set_temperature(None)
            assert self.state.follows_sqrt_d_k

    def click_heatmap(self) -> None:
        step = self.rng.choice(STEPS)
        rows, cols = self.heatmaps[step].matrix().shape
        row, col = self.rng.randrange(rows), self.rng.randrange(cols)
        self.note(f"click the {step} heatmap at [{row}, {col}]")
        self.heatmaps[step].cell_clicked.emit(row, col)
        assert self.state.selected_cell == (step, row, -1 if step == "context" else col)
        assert self.state.selected_token == row

    def hover_heatmap(self) -> None:
        step = self.rng.choice(STEPS)
        rows, cols = self.heatmaps[step].matrix().shape
        cell = self.rng.choice(((-1, -1), (self.rng.randrange(rows), self.rng.randrange(cols))))
        self.note(f"hover the {step} heatmap at {cell}")
        self.heatmaps[step].cell_hovered.emit(*cell)

    def select_token(self) -> None:
        state, rng = self.state, self.rng
        length = len(state.tokens)
        index = rng.randrange(length)
        roll = rng.random()
        if roll < 0.4:
            self.note(f"click token {index} in the token list")
            self.tokens.view.clicked.emit(self.tokens.model.index(0, index))
        elif roll < 0.8:
            name = rng.choice([n for n in ("q", "k", "v", "x") if n in self.window.inputs.grids])
            view = self.window.inputs.grid(name).view
            self.note(f"select row {index} of the {name} grid")
            view.setCurrentIndex(view.model().index(index, 0))
        else:
            index = rng.choice((-1, length, index))
            self.note(f"select token {index}")
            state.select_token(index)
            index = min(max(index, 0), length - 1)
        assert state.selected_token == index

    def switch_language(self) -> None:
        code = self.rng.choice(("zh_CN", "en"))
        self.note(f"View → Language → {code}")
        self.window.menus.language_actions[code].trigger()

    def set_precision(self) -> None:
        digits = self.rng.randint(-1, 8)
        self.note(f"{digits} decimals")
        actions = self.window.menus.digits_menu.actions()
        if 0 <= digits < len(actions):
            actions[digits].trigger()
        else:
            self.state.set_precision(digits)
        assert self.state.precision == min(max(digits, 0), 6)

    def switch_tab(self) -> None:
        index = self.rng.randrange(2)
        self.note(f"show tab {index}")
        self.window.tabs.setCurrentIndex(index)

    def run_experiment(self) -> None:
        # The same draws whatever the (timing-dependent) state of the run, so that a
        # replay takes the same actions afterwards.
        rng, panel = self.rng, self.window.variance
        fields = {"d_ks": rng.choice(("1", "2, 4", "1 2 3", "0", "abc", "4,16")),
                  "samples": rng.choice(("50", "200", "1000", "2 000", "-5")),
                  "candidates": str(rng.randint(2, 6)), "trials": str(rng.randint(1, 3)),
                  "seed": str(rng.randint(0, 99))}  # fmt: skip
        choice = rng.choice(("run", "run and cancel", "cancel", "wait"))
        self.note(f"experiment: {choice} with {fields}")
        if choice.startswith("run"):
            for key, text in fields.items():
                panel.fields[key].setText(text)
            panel.run_button.click()
        if choice.endswith("cancel"):
            panel.cancel_button.click()
        if choice == "wait":
            self.qtbot.waitUntil(lambda: not panel.runner.is_running(), timeout=5000)

    # ------------------------------------------------------------------ sessions
    def session_state(self):
        state = self.state
        temperature = None if state.follows_sqrt_d_k else state.temperature
        return inputs(state), temperature, state.selected_token, state.precision

    def assert_session(self, expected) -> None:
        actual = self.session_state()
        assert_same_inputs(actual[0], expected[0])
        assert actual[1:] == expected[1:], "τ, selected token, decimals"

    def save_session(self) -> None:
        path = self.folder / f"session-{self.rng.randrange(3)}.json"
        self.note(f"save the session as {path.name}")
        assert self.window.sessions.save_to(path)
        assert not self.window.sessions.is_dirty

    def save_and_reopen(self) -> None:
        path = self.folder / f"session-{self.rng.randrange(3)}.json"
        through_menu = self.rng.random() < 0.5
        self.note(f"save as {path.name} and open it again{' with File → Open' * through_menu}")
        saved = self.session_state()
        assert self.window.sessions.save_to(path)
        if through_menu:
            self.dialogs.files.append(str(path))
            assert self.window.sessions.ask_open()
        else:
            assert self.window.sessions.open_path(path)
        self.assert_session(saved)
        assert not self.state.undo_stack.canUndo()
        assert not self.window.sessions.is_dirty
        self.history_start = inputs(self.state)

    def open_broken_file(self) -> None:
        content = self.rng.choice((*BROKEN_FILES, "a folder", "a missing file"))
        path = self.folder / "broken.json"
        if content == "a folder":
            path = self.folder
        elif content == "a missing file":
            path = self.folder / "gone.json"
        else:
            path.write_bytes(content)
        self.note(f"open {content!r}")
        before, count = self.session_state(), self.state.undo_stack.count()
        warnings = len(self.dialogs.warnings)
        assert not self.window.sessions.open_path(path)
        assert len(self.dialogs.warnings) == warnings + 1
        self.assert_session(before)
        assert self.state.undo_stack.count() == count

    def new_session(self) -> None:
        self.note("File → New (discarding changes)")
        assert self.window.sessions.new_session()
        assert_same_inputs(inputs(self.state), preset_inputs(load_preset("cat-eats-fish")))
        assert not self.state.undo_stack.canUndo()
        self.history_start = inputs(self.state)


@pytest.fixture
def english_afterwards():
    yield
    set_language("en")


@pytest.mark.parametrize("seed", SEEDS, ids=lambda seed: f"seed={seed}")
def test_random_actions_keep_every_view_equal_to_the_engine(
    window, qtbot, dialogs, tmp_path, english_afterwards, seed
):
    print(f"random actions with seed {seed}; replay: ATTENTION_LAB_SEED={seed}")
    user = RandomUser(window, qtbot, dialogs, seed, tmp_path)
    lesson = preset_inputs(load_preset("cat-eats-fish"))
    with qtbot.capture_exceptions() as exceptions:
        user.exceptions = exceptions
        user.check()
        assert_same_inputs(inputs(window.state), lesson)
        # Phase A keeps one undo history (no New or Open), so that it can be undone to
        # the lesson and redone to the end; phase B adds sessions, which reset it.
        user.run(ACTIONS, "A", sessions=False)
        end, end_index = inputs(window.state), window.state.undo_stack.index()
        user.walk_history(0)
        assert_same_inputs(inputs(window.state), lesson)
        user.walk_history(end_index)  # not the top: the user may have undone a few steps
        assert_same_inputs(inputs(window.state), end)
        user.run(ACTIONS, "B", sessions=True)
        user.walk_history(0)  # back to the last session opened, or to the lesson
        assert_same_inputs(inputs(window.state), user.history_start)
        window.variance.runner.cancel()
        qtbot.waitUntil(lambda: not window.variance.runner.is_running(), timeout=5000)
        user.settle_and_check()
    print(f"seed {seed}: {user.count} actions, every view checked after each")
