"""The editing half of the random user of test_random_actions.py: it types, pastes and
copies cells, undoes and redoes, adds, removes and renames tokens, resizes the matrices and
loads presets, through the window's widgets, from a seeded generator, and logs every
action so that a failure can be replayed."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
from PySide6.QtCore import QCoreApplication, QItemSelection, QItemSelectionModel, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractItemView, QLineEdit, QTableView

from engine import random_preset
from engine.vocabulary import MAX_DIM, MAX_VALUE
from gui.model.examples import built_in_example
from gui.model.numbers import parse_number
from gui.model.state import MAX_GRID_TOKENS

PAINT_EVERY = 8  # let the event loop run (timers, repaints) after every 8th action
EDIT = Qt.ItemDataRole.EditRole

GOOD_TEXTS = ("1e-300", "-0", "0", "1e6", "-1e6", "１．５", "−2", ".5", "5.", "+7", "1e-320",
              " 3 ", "0.1", "999999.999999")  # fmt: skip
BAD_TEXTS = ("garbage", "", "   ", "NaN", "nan", "inf", "-inf", "1e400", "1000000.5", "-1e7",
             "猫", "吃鱼", "3²", "0x1F", "1e", "1 2", "x" * 5000, "9" * 65, "--1", ".", "+",
             "1.5.2", "①", "1e-3" + "0" * 70)  # fmt: skip
NAMES = ("", "   ", "🐱", "🐟🐟", "x" * 200, "y" * 201, "猫", "鱼", "a b", "<b>bold</b>", "&amp;",
         "  padded  ", "\u202eevil", "token 1", "狗" * 50)  # fmt: skip


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


def brief(text: str) -> str:
    """The repr of ``text``, a long one shortened, so that the log stays readable."""
    return repr(text) if len(text) <= 40 else f"{text[:12]!r}… ({len(text)} characters)"


def parsed(text):
    try:
        return parse_number(text)
    except ValueError:
        return None


class RandomEditor:
    """Edits the inputs at random; subclasses add actions (``actions``) and the checks
    run after each one (``check``)."""

    def __init__(self, window, qtbot, seed: int) -> None:
        self.window, self.qtbot, self.seed = window, qtbot, seed
        self.state = window.state
        self.tokens = window.inputs.tokens
        self.rng = random.Random(seed)
        self.log: list[str] = []
        self.step = ""
        self.count = 0  # actions taken, undo and redo steps included
        self.taken: dict[str, int] = {}  # how often each kind of action was drawn
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

    def actions(self, sessions: bool) -> dict[Callable[[], None], float]:
        """The actions to choose from, with their weights."""
        state = self.state
        big = len(state.tokens) > 10 or max(state.d_k, state.d_v, state.d_model) > 16
        return {
            self.type_cell: 20, self.paste: 8, self.copy_and_paste: 2,
            self.undo: 10, self.redo: 6, self.undo_many: 1,
            self.add_token: 4, self.remove_token: 4 + 20 * big, self.resize: 6 + 20 * big,
            self.rename: 5, self.load_preset: 3, self.toggle_causal: 3,
            self.split_heads: 2, self.toggle_padding: 2, self.paint_mask: 1.5,
            self.set_dropout: 1.5,
        }  # fmt: skip

    def act(self, sessions: bool) -> None:
        table = self.actions(sessions)
        action = self.rng.choices(list(table), weights=list(table.values()))[0]
        self.taken[action.__name__] = self.taken.get(action.__name__, 0) + 1
        action()

    def check(self) -> None:
        raise NotImplementedError

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
        self.note(f"type {brief(text)} into {name}[{row}, {col}]{' in its editor' * by_editor}")
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
        if fits and self.state.is_editable(target) and (np.abs(block) <= MAX_VALUE).all():
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
        assert len(self.state.tokens) == min(length + 1, MAX_GRID_TOKENS)

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
        self.note(f"click + token up to the limit of {MAX_GRID_TOKENS}, then once more")
        while self.tokens.add_button.isEnabled():
            self.tokens.add_button.click()
            self.count += 1
        assert len(self.state.tokens) == MAX_GRID_TOKENS
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
        whole = {"d_k": "width_qk", "d_v": "width_v", "d_model": "d_model"}[which]  # h·d_k …
        old = getattr(state, whole)
        q = state.matrix("q").copy()
        if 1 <= width <= MAX_DIM and which != "d_model" and width % state.heads:
            self.note(f"set the {which} spin box to {width}, which {state.heads} heads refuse")
            assert not getattr(state, f"set_{which}")(width)
            assert getattr(state, whole) == old
        elif 1 <= width <= MAX_DIM:
            self.note(f"set the {which} spin box to {width}")
            getattr(self.tokens, which).setValue(width)
            assert getattr(state, whole) == width
            keep = min(old, width)
            if which == "d_k" and not state.is_projection:
                np.testing.assert_array_equal(state.matrix("q")[:, :keep], q[:, :keep])
        else:
            self.note(f"set {which} to {width}")
            assert not getattr(state, f"set_{which}")(width)
            assert getattr(state, whole) == old

    def rename(self) -> None:
        state, rng = self.state, self.rng
        index = rng.randrange(len(state.tokens))
        name = rng.choice((*NAMES, rng.choice(state.tokens), f"t{rng.randint(0, 99)}"))
        view, model = self.tokens.view, self.tokens.model
        by_editor = rng.random() < 0.2 and view.isVisible()
        self.note(f"rename token {index} to {brief(name)}{' in its editor' * by_editor}")
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
            expected = preset_inputs(built_in_example(name))  # its tokens in the language
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

    # ------------------------------------------------------------------ later lessons
    def split_heads(self) -> None:
        state, rng = self.state, self.rng
        heads = rng.choice((1, 1, 2, 3, 4, rng.randint(1, 17)))
        fits = 1 <= heads <= 16 and state.width_qk % heads == 0 and state.width_v % heads == 0
        self.note(f"heads h = {heads}")
        self.window.inputs.heads.heads.setValue(heads) if heads <= 16 else state.set_heads(heads)
        assert state.heads == (heads if fits else state.heads)
        if fits and heads > 1 and rng.random() < 0.5:
            head = rng.randrange(heads)
            self.note(f"open head {head + 1}")
            state.select_head(head)
            assert state.selected_head == head

    def toggle_padding(self) -> None:
        state = self.state
        token = self.rng.randrange(len(state.tokens))
        padding = not state.is_padding(token)
        self.note(f"{'mark' if padding else 'unmark'} token {token} as padding")
        assert state.set_padding(token, padding)
        assert state.is_padding(token) == padding

    def paint_mask(self) -> None:
        state, rng = self.state, self.rng
        length = len(state.tokens)
        roll = rng.random()
        if roll < 0.3:
            self.note("mask: all allowed")
            mask = None
        else:
            mask = np.array([[rng.random() < 0.7 for _ in range(length)] for _ in range(length)])
            self.note(f"paint a mask of {int(mask.sum())} allowed cells")
        assert state.set_own_mask(mask)
        own = state.own_mask
        if mask is None or mask.all():
            assert own is None
        else:
            np.testing.assert_array_equal(own, mask)

    def set_dropout(self) -> None:
        from engine.lesson.dropout import DropoutSetting

        rng = self.rng
        setting = None if rng.random() < 0.3 else DropoutSetting(
            rng.choice((0.0, 0.1, 0.5, 0.9)), rng.randrange(5), rng.random() < 0.7
        )  # fmt: skip
        self.note(f"dropout {setting}")
        assert self.state.set_dropout(setting)
        assert self.state.dropout == setting
