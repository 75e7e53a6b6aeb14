"""Editing the inputs: typing, pasting, undo and redo, tokens and dimensions."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractItemView, QLineEdit, QTableView, QWidget

from engine import attention, random_preset
from gui.model.numbers import parse_number
from tests.gui.isolation import next_frame

LESSON = {
    "q": [[1, 1, 0, 0], [0, 2, 0, 2], [0, 0, 1, 1]],
    "k": [[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]],
    "v": [[1, 0, 1, 0], [0, 1, 0, 1], [2, 0, 0, 2]],
}
STEPS = ("scores", "scaled", "weights", "context")


def heatmaps(window):
    return {step: window.findChild(QWidget, f"{step}Heatmap") for step in STEPS}


def assert_screen_matches_the_engine(window):
    next_frame()
    state = window.state
    expected = attention(state.matrix("q"), state.matrix("k"), state.matrix("v"),
                         temperature=state.temperature, causal=state.causal)  # fmt: skip
    for step, heatmap in heatmaps(window).items():
        # edits update the result incrementally: equal to a full computation up to rounding
        np.testing.assert_allclose(heatmap.matrix(), getattr(expected, step), rtol=1e-12,
                                   atol=1e-12, err_msg=step)  # fmt: skip


def open_editor(view):
    """The cell editor the view has open (closed ones linger until deleted, hidden)."""
    editors = [e for e in view.findChildren(QLineEdit) if e.isVisible()]
    assert len(editors) == 1, "the cell did not open one editor"
    return editors[0]


def type_into(qtbot, window, name, row, col, text):
    """Type text into a cell through the view's editor, as a user would, then Enter."""
    view = window.findChild(QTableView, f"{name}Grid")
    index = view.model().index(row, col)
    view.setCurrentIndex(index)
    view.edit(index)
    editor = open_editor(view)
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    # The delegate commits on Return through a queued call: let the event loop run it.
    qtbot.waitUntil(lambda: view.state() != QAbstractItemView.State.EditingState)


def test_editing_a_q_cell_updates_every_heatmap(window, qtbot):
    with qtbot.waitSignal(window.state.result_changed):
        type_into(qtbot, window, "q", 0, 3, "1.5")
    assert window.state.matrix("q")[0, 3] == 1.5
    assert heatmaps(window)["scores"].matrix()[0].tolist() == [1.0, 2.5, 2.0]
    assert_screen_matches_the_engine(window)


@pytest.mark.parametrize("name", ["k", "v"])
def test_editing_k_and_v_cells_updates_every_heatmap(window, qtbot, name):
    with qtbot.waitSignal(window.state.result_changed):
        type_into(qtbot, window, name, 2, 1, "-0.5")
    assert window.state.matrix(name)[2, 1] == -0.5
    assert_screen_matches_the_engine(window)


def test_typing_the_lessons_numbers_reproduces_its_figures(window, qtbot):
    window.state.load_preset(random_preset(3, 4, 4, seed=1))
    window.state.set_cell("q", 0, 0, 9)  # something to overwrite in every matrix
    for name, rows in LESSON.items():
        for i, row in enumerate(rows):
            for j, value in enumerate(row):
                type_into(qtbot, window, name, i, j, str(value))
    maps = heatmaps(window)
    np.testing.assert_array_equal(maps["scores"].matrix(), [[1, 1, 2], [0, 4, 2], [1, 1, 0]])
    np.testing.assert_array_equal(
        maps["weights"].matrix().round(4),
        [[0.2741, 0.2741, 0.4519], [0.0900, 0.6652, 0.2447], [0.3837, 0.3837, 0.2327]],
    )
    assert maps["context"].matrix().round(2)[0].tolist() == [1.18, 0.27, 0.27, 1.18]


def test_undo_restores_the_previous_state_exactly_and_redo_reapplies(window, qtbot):
    before = {n: window.state.matrix(n).copy() for n in "qkv"}
    type_into(qtbot, window, "q", 1, 1, "3")
    type_into(qtbot, window, "q", 1, 1, "7")  # the same cell: merged into one step
    type_into(qtbot, window, "v", 0, 0, "0.25")
    assert window.state.undo_stack.count() == 2
    after = {n: window.state.matrix(n).copy() for n in "qkv"}
    window.undo_action.trigger()
    window.undo_action.trigger()
    for n in "qkv":
        np.testing.assert_array_equal(window.state.matrix(n), before[n])
    assert_screen_matches_the_engine(window)
    qtbot.keyClick(window, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    shift_control = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window, Qt.Key.Key_Z, shift_control)
    for n in "qkv":
        np.testing.assert_array_equal(window.state.matrix(n), after[n])
    assert_screen_matches_the_engine(window)


@pytest.mark.parametrize(
    ("text", "why"),
    [("abc", "“abc” is not a number"), ("nan", "not a number"), ("inf", "not a number"),
     ("1e7", "beyond ±1,000,000"), ("", "empty"), ("1,5,6", "not a number"),
     ("2+2", "not a number"), ("__import__('os')", "not a number"), ("1 2", "not a number"),
     ("3²", "not a number"), ("①", "not a number"), ("1e 3", "not a number")],
)  # fmt: skip
def test_bad_typed_input_is_refused_with_a_message_naming_the_cell(window, qtbot, text, why):
    before = window.state.matrix("q").copy()
    with qtbot.waitSignal(window.state.message) as message:
        if text and text.isascii():
            type_into(qtbot, window, "q", 1, 2, text)
        else:  # QTest cannot type non-ASCII keys: go through the grid's model instead
            model = window.findChild(QTableView, "qGrid").model()
            model.setData(model.index(1, 2), text)
    assert message.args[0].startswith("Q[吃, d2]: ")
    assert why in message.args[0]
    assert window.inputs.message.text() == message.args[0]
    np.testing.assert_array_equal(window.state.matrix("q"), before)
    assert window.state.undo_stack.count() == 0


def test_the_model_refuses_bad_data_even_without_the_editor(window):
    model = window.findChild(QTableView, "kGrid").model()
    assert not model.setData(model.index(0, 0), "abc")
    assert not model.setData(model.index(0, 0), float("nan"))
    assert window.state.matrix("k")[0, 0] == 1.0


def paste(qtbot, window, name, row, col, text):
    view = window.findChild(QTableView, f"{name}Grid")
    view.setFocus()
    view.setCurrentIndex(view.model().index(row, col))
    QGuiApplication.clipboard().setText(text)
    qtbot.keyClick(view, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)


def test_pasting_a_spreadsheet_block_writes_it_as_one_undo_step(window, qtbot):
    paste(qtbot, window, "v", 1, 1, "0.5\t-1\n2\t3e-1\n")
    np.testing.assert_array_equal(window.state.matrix("v")[1:3, 1:3], [[0.5, -1], [2, 0.3]])
    assert_screen_matches_the_engine(window)
    window.undo_action.trigger()
    np.testing.assert_array_equal(window.state.matrix("v"), LESSON["v"])


def test_copy_then_paste_round_trips_a_block(window, qtbot):
    view = window.findChild(QTableView, "qGrid")
    view.setFocus()
    view.selectAll()
    qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QGuiApplication.clipboard().text().splitlines()[1] == "0.0\t2.0\t0.0\t2.0"
    paste(qtbot, window, "k", 0, 0, QGuiApplication.clipboard().text())
    np.testing.assert_array_equal(window.state.matrix("k"), LESSON["q"])


def test_a_paste_with_one_bad_cell_changes_nothing_and_names_it(window, qtbot):
    with qtbot.waitSignal(window.state.message) as message:
        paste(qtbot, window, "q", 0, 0, "1\t2\n3\toops\n")
    assert "Q[吃, d1]" in message.args[0]
    assert "“oops” is not a number" in message.args[0]
    np.testing.assert_array_equal(window.state.matrix("q"), LESSON["q"])


def test_a_paste_past_the_edge_is_refused(window, qtbot):
    with qtbot.waitSignal(window.state.message) as message:
        paste(qtbot, window, "q", 2, 3, "1\t2\n")
    assert "runs past the 3×4 grid" in message.args[0]
    np.testing.assert_array_equal(window.state.matrix("q"), LESSON["q"])


def test_a_spreadsheet_row_with_an_empty_end_cell_is_refused_not_shifted(window, qtbot):
    # The tab before 7 bounds an empty cell: stripping it pasted 7 and 8 one column left.
    for text in ("\t7\t8\n", "7\t8\t\n"):
        with qtbot.waitSignal(window.state.message) as message:
            paste(qtbot, window, "q", 0, 0, text)
        assert "it is empty" in message.args[0]
    np.testing.assert_array_equal(window.state.matrix("q"), LESSON["q"])


def test_comma_separated_paste_works():
    cells = [["1", " 2.5"], ["-3", "4"]]
    from gui.model.numbers import split_block

    assert split_block("1, 2.5\n-3,4\n", QLocale(QLocale.Language.English)) == [
        ["1", " 2.5"],
        ["-3", "4"],
    ]
    assert [[parse_number(c) for c in row] for row in cells] == [[1, 2.5], [-3, 4]]


def test_the_lessons_bracketed_rows_and_space_separated_rows_paste():
    from gui.model.numbers import split_block

    english = QLocale(QLocale.Language.English)
    assert split_block("[1, 1, 0, 0]\n[0, 2, 0, 2],\n", english) == [
        ["1", " 1", " 0", " 0"],
        ["0", " 2", " 0", " 2"],
    ]
    assert split_block("1 2  3\n4 5 6", english) == [["1", "2", "3"], ["4", "5", "6"]]


def test_pasting_the_lessons_q_rows_works(window, qtbot):
    paste(qtbot, window, "k", 0, 0, "[1, 1, 0, 0]\n[0, 2, 0, 2]\n[0, 0, 1, 1]\n")
    np.testing.assert_array_equal(window.state.matrix("k"), LESSON["q"])


def test_a_decimal_comma_is_read_where_the_locale_uses_one():
    german = QLocale(QLocale.Language.German, QLocale.Country.Germany)
    assert parse_number("-0,5", german) == -0.5
    assert parse_number("１．５", german) == 1.5  # full-width digits from a Chinese IME
    assert parse_number("−2") == -2.0
    with pytest.raises(ValueError, match="not a number"):
        parse_number("0,5", QLocale(QLocale.Language.English))


def test_adding_and_removing_tokens_keeps_every_shape_consistent(window):
    state = window.state
    state.add_token("狗")
    assert state.tokens == ("猫", "吃", "鱼", "狗")
    for step, heatmap in heatmaps(window).items():
        assert heatmap.matrix().shape == (4, 4), step  # L × L, and Z is L × d_v = 4 × 4
    assert state.matrix("q")[3].tolist() == [0, 0, 0, 0]
    assert window.findChild(QTableView, "vGrid").model().rowCount() == 4
    state.remove_token(0)
    assert state.tokens == ("吃", "鱼", "狗")
    assert heatmaps(window)["weights"].matrix().shape == (3, 3)
    assert_screen_matches_the_engine(window)
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert state.tokens == ("猫", "吃", "鱼")
    np.testing.assert_array_equal(state.matrix("q"), LESSON["q"])


def test_changing_dimensions_keeps_values_and_pads_with_zeros(window):
    state = window.state
    window.inputs.tokens.d_k.setValue(6)
    assert state.matrix("q").shape == state.matrix("k").shape == (3, 6)
    np.testing.assert_array_equal(state.matrix("q")[:, :4], LESSON["q"])
    assert state.result.temperature == pytest.approx(6**0.5)
    window.inputs.tokens.d_v.setValue(2)
    assert heatmaps(window)["context"].matrix().shape == (3, 2)
    assert window.formula.shape_chain.text().endswith("Z (3×2)")
    assert_screen_matches_the_engine(window)
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert window.inputs.tokens.d_k.value() == 4
    np.testing.assert_array_equal(state.matrix("v"), LESSON["v"])


def test_renaming_a_token_in_the_token_list(window, qtbot):
    view = window.findChild(QTableView, "tokenList")
    index = view.model().index(0, 2)
    view.edit(index)
    editor = open_editor(view)
    editor.setText("鱼儿")  # QTest cannot synthesise key events for CJK text
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: view.state() != QAbstractItemView.State.EditingState)
    assert window.state.tokens == ("猫", "吃", "鱼儿")
    model = window.findChild(QTableView, "qGrid").model()
    assert model.headerData(2, Qt.Orientation.Vertical) == "鱼儿"
    window.undo_action.trigger()
    assert window.state.tokens[2] == "鱼"


def test_token_and_dimension_limits_are_refused_with_a_message(window, qtbot):
    state = window.state
    for _ in range(61):
        state.add_token()
    assert len(state.tokens) == 64
    with qtbot.waitSignal(state.message):
        assert not state.add_token()
    window.state.load_preset(random_preset(1, 1, 1, seed=0))
    with qtbot.waitSignal(state.message):
        assert not state.remove_token(0)
    with qtbot.waitSignal(state.message):
        assert not state.set_d_k(0)


def test_selecting_a_row_in_a_grid_selects_the_token_everywhere(window, qtbot):
    view = window.findChild(QTableView, "kGrid")
    with qtbot.waitSignal(window.state.selected_token_changed):
        view.setCurrentIndex(view.model().index(2, 1))
    assert window.state.selected_token == 2
    assert window.findChild(QTableView, "qGrid").currentIndex().row() == 2


def test_undoing_a_preset_restores_the_temperature_it_replaced(window):
    window.dial.set_temperature(0.5, animate=False)
    window.state.load_random(3, 4, 4, 1)
    assert window.state.follows_sqrt_d_k
    window.undo_action.trigger()
    assert window.state.temperature == 0.5
    assert window.dial.entry.value() == 0.5
    np.testing.assert_allclose(
        heatmaps(window)["weights"].matrix(),
        attention(LESSON["q"], LESSON["k"], LESSON["v"], temperature=0.5).weights,
    )


def test_typing_a_cell_back_to_its_value_leaves_nothing_to_undo(window):
    window.state.set_cell("q", 1, 1, "3.5")
    window.state.set_cell("q", 1, 1, "2")
    assert window.state.undo_stack.count() == 0
    assert not window.undo_action.isEnabled()


def test_an_empty_token_name_is_refused(window, qtbot):
    with qtbot.waitSignal(window.state.message):
        assert not window.state.rename_token(0, "   ")
    assert window.state.tokens[0] == "猫"
    assert window.state.rename_token(1, "猫")  # duplicates are real: "the cat saw the dog"


def test_undo_takes_back_tau_and_edits_in_turn_and_an_edits_undo_leaves_the_dial(window):
    window.dial.set_temperature(1.0, animate=False)
    window.state.set_causal(True)
    window.dial.set_temperature(0.5, animate=False)  # the dial's τ: a step of its own
    window.undo_action.trigger()
    assert window.state.causal
    assert window.state.temperature == 1.0
    window.undo_action.trigger()
    assert not window.state.causal
    assert window.state.temperature == 1.0  # the mask's undo leaves the dial where it is


def test_many_edits_in_one_frame_cost_one_computation_and_one_repaint(window, monkeypatch):
    import engine.lesson.compute

    computations = []

    def counted(real):
        def compute(*args, **kwargs):
            computations.append(real.__name__)
            return real(*args, **kwargs)

        return compute

    for name in ("attention", "update_attention"):
        monkeypatch.setattr(
            engine.lesson.compute, name, counted(getattr(engine.lesson.compute, name))
        )
    told = []
    window.state.result_changed.connect(lambda: told.append(1))
    for value in range(10):
        window.state.set_cell("q", value % 3, value % 4, str(value))
        window.state.set_cell("v", 2, 1, str(-value))
    assert (computations, told) == ([], [])  # nothing yet: the frame is not over
    next_frame()
    assert (len(computations), len(told)) == (1, 1)
    assert_screen_matches_the_engine(window)
    assert window.state.matrix("v")[2, 1] == -9


def test_the_result_read_in_the_middle_of_a_frame_is_already_up_to_date(window):
    window.state.set_cell("v", 0, 0, "5")
    expected = attention(window.state.matrix("q"), window.state.matrix("k"),
                         window.state.matrix("v"))  # fmt: skip
    np.testing.assert_allclose(window.state.result.context, expected.context, rtol=1e-12)


def test_a_preset_the_engine_refuses_changes_nothing_and_says_why(window, qtbot):
    import dataclasses

    from engine import load_preset

    bad = dataclasses.replace(load_preset("shape-check"), temperature=1e-310)  # past the loader
    before = window.state.to_preset()
    with qtbot.waitSignal(window.state.message) as message:
        assert not window.state.load_preset(bad)
    assert "temperature" in message.args[0] or "τ" in message.args[0]
    assert window.state.undo_stack.count() == 0
    after = window.state.to_preset()
    assert after.tokens == before.tokens
    assert after.temperature == before.temperature
    np.testing.assert_array_equal(after.q, before.q)


def test_a_sessions_own_mask_is_applied_kept_through_edits_and_saved_back(window):
    import dataclasses

    from engine import load_preset

    mask = np.array([[True, False, True], [True, True, False], [False, True, True]])
    state = window.state
    assert state.load_preset(dataclasses.replace(load_preset("cat-eats-fish"), mask=mask))
    next_frame()
    assert (state.result.weights[~mask] == 0).all()
    np.testing.assert_array_equal(state.to_preset().mask, mask)
    assert_screen_matches_the_engine_with(window, mask)
    state.add_token("狗")
    grown = state.to_preset().mask
    np.testing.assert_array_equal(grown[:3, :3], mask)
    assert grown[3].all()
    assert grown[:, 3].all()
    state.remove_token(0)
    np.testing.assert_array_equal(state.to_preset().mask, grown[1:, 1:])
    state.undo_stack.undo()
    state.undo_stack.undo()
    np.testing.assert_array_equal(state.to_preset().mask, mask)


def assert_screen_matches_the_engine_with(window, mask):
    state = window.state
    expected = attention(state.matrix("q"), state.matrix("k"), state.matrix("v"), mask=mask)
    for step, heatmap in heatmaps(window).items():
        np.testing.assert_allclose(heatmap.matrix(), getattr(expected, step), rtol=1e-12)
