"""The grids follow the state: an edit repaints exactly its cells, and a refusal's message
stays only until the next thing that works."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from tests.gui.isolation import next_frame


def test_a_typed_cell_tells_its_grid_exactly_which_cell_changed(window, qtbot):
    model = window.inputs.grid("v").view.model()
    with qtbot.waitSignal(model.dataChanged) as changed:
        assert window.state.set_cell("v", 2, 3, "7.5")
    top_left, bottom_right = changed.args[0], changed.args[1]
    assert (top_left.row(), top_left.column(), bottom_right.row(), bottom_right.column()) == (
        2, 3, 2, 3,
    )  # fmt: skip
    assert model.data(model.index(2, 3)) == "7.50"


def test_a_pasted_block_tells_its_grid_the_whole_rectangle(window, qtbot):
    model = window.inputs.grid("q").view.model()
    with qtbot.waitSignal(model.dataChanged) as changed:
        assert window.state.paste_block("q", 1, 1, [["1", "2"], ["3", "4"]])
    top_left, bottom_right = changed.args[0], changed.args[1]
    assert (top_left.row(), top_left.column(), bottom_right.row(), bottom_right.column()) == (
        1, 1, 2, 2,
    )  # fmt: skip


def test_an_undo_tells_the_grid_too(window, qtbot):
    model = window.inputs.grid("k").view.model()
    before = model.data(model.index(0, 0))
    window.state.set_cell("k", 0, 0, "9")
    assert model.data(model.index(0, 0)) == "9.00"
    with qtbot.waitSignal(model.dataChanged):
        window.state.undo_stack.undo()
    assert model.data(model.index(0, 0)) == before


def test_a_refusal_is_shown_until_the_next_thing_that_works(window):
    message = window.inputs.findChild(QLabel, "messageBar")
    state = window.state
    assert not state.set_cell("q", 0, 1, "abc")
    assert "is not a number" in message.text()
    assert state.set_cell("q", 0, 1, "2")  # a good edit
    assert message.text() == ""
    assert not state.set_cell("q", 0, 1, "2000000")
    assert "±1,000,000" in message.text()
    state.set_temperature(1.0)  # a new τ works too
    next_frame()
    assert message.text() == ""
    assert not state.set_cell("q", 0, 1, "x")
    state.set_causal(True)
    assert message.text() == ""


def test_a_refusal_goes_after_later_actions_that_change_no_number(window, tmp_path):
    message = window.inputs.findChild(QLabel, "messageBar")
    state = window.state
    typed_again = state.matrix("q")[0, 0]

    def refused() -> None:
        assert not state.set_cell("q", 0, 1, "2000000")
        assert "±1,000,000" in message.text()

    actions = [
        lambda: state.set_cell("q", 0, 0, str(typed_again)),  # the value it has: works
        lambda: state.rename_token(0, state.tokens[0]),
        lambda: state.set_d_k(state.d_k),
        lambda: state.select_token(2),
        lambda: state.select_cell("weights", 1, 1),
        lambda: state.set_precision(3),
        lambda: window.sessions.save_to(tmp_path / "lesson.json"),
        lambda: window.exports.copy_matrix("weights", "tsv"),
    ]
    for number, action in enumerate(actions):
        refused()
        assert action() is not False, number
        assert message.text() == "", number
