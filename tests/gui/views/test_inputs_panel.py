"""The inputs panel: projection mode has a switch of its own (and one in Edit), undoable."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtWidgets import QCheckBox

from gui.support.language import set_language
from tests.gui.isolation import next_frame


def qkv(state):
    result = state.result
    return result.q.copy(), result.k.copy(), result.v.copy()


def test_switching_projection_on_keeps_q_k_v_and_undo_switches_it_off(window):
    state = window.state
    toggle = window.inputs.findChild(QCheckBox, "projectionToggle")
    assert toggle.isVisible()
    assert not toggle.isChecked()
    before = qkv(state)
    toggle.click()  # the user's switch: no preset needed
    assert state.is_projection
    assert toggle.isChecked()
    assert set(window.inputs.grids) == {"x", "w_q", "w_k", "w_v", "q", "k", "v"}
    np.testing.assert_array_equal(state.matrix("x"), np.eye(3))  # each token its direction
    np.testing.assert_array_equal(state.matrix("w_q"), before[0])
    for now, then in zip(qkv(state), before, strict=True):
        np.testing.assert_array_equal(now, then)  # X·W gives the very Q, K, V
    assert window.menus.projection_action.isChecked()  # Edit menu follows
    assert window.undo_action.text() == "&Undo Inputs from X and W_q, W_k, W_v"
    assert window.workspace.inputs_title.text() == "Inputs: tokens, X, W_q, W_k, W_v"
    state.undo_stack.undo()
    assert not state.is_projection
    assert not toggle.isChecked()
    assert not window.menus.projection_action.isChecked()
    np.testing.assert_array_equal(state.matrix("q"), before[0])


def test_switching_projection_off_keeps_the_projected_q_k_v(window):
    state = window.state
    window.load_built_in("shape-check")
    assert window.menus.projection_action.isChecked()  # a preset in projection mode
    assert state.set_cell("w_q", 0, 0, "2.5")
    next_frame()
    projected = qkv(state)
    window.menus.projection_action.trigger()  # Edit → off
    assert not state.is_projection
    assert not window.inputs.findChild(QCheckBox, "projectionToggle").isChecked()
    for name, matrix in zip("qkv", projected, strict=True):
        np.testing.assert_array_equal(state.matrix(name), matrix)
        assert state.is_editable(name)
    state.undo_stack.undo()
    assert state.is_projection
    assert state.matrix("w_q")[0, 0] == 2.5


def test_the_projection_switch_speaks_both_languages(window, qtbot):
    toggle = window.inputs.findChild(QCheckBox, "projectionToggle")
    english = (toggle.text(), window.menus.projection_action.text())
    set_language("zh_CN")
    try:
        qtbot.waitUntil(lambda: toggle.text() != english[0])
        assert "投影" in toggle.text()
        assert "投影" in window.menus.projection_action.text()
    finally:
        set_language("en")
    assert (toggle.text(), window.menus.projection_action.text()) == english


REFUSALS = {  # one of each kind of the state's refusals
    "a typed value": lambda state: state.set_cell("q", 0, 1, "abc"),  # numbers.py's words
    "a pasted cell": lambda state: state.paste_block("q", 0, 0, [["1", "x"]]),
    "a token's name": lambda state: state.rename_token(0, "   "),
    "a width": lambda state: state.set_d_k(0),  # edits.py's reason
    "heads": lambda state: state.set_heads(3),  # the engine's words
    "τ": lambda state: state.set_temperature(-1.0),  # the state's own
}


@pytest.mark.parametrize("refuse", REFUSALS.values(), ids=REFUSALS.keys())
def test_a_refusal_shown_is_said_again_in_the_new_language(window, qtbot, refuse):
    """Shown before a switch, it stayed in English (or went): it follows, line and bar."""
    line, bar = window.inputs.message, window.statusBar()
    assert not refuse(window.state)
    english = line.text()
    assert english
    assert bar.currentMessage() == english
    set_language("zh_CN")
    try:
        qtbot.waitUntil(lambda: line.text() != english)
        chinese = line.text()
        assert bar.currentMessage() == chinese
        assert not refuse(window.state)  # the same refusal, said in Chinese from the start
        assert line.text() == chinese
        assert any("\u4e00" <= c <= "\u9fff" for c in chinese), chinese
    finally:
        set_language("en")
    qtbot.waitUntil(lambda: line.text() == english)
    assert bar.currentMessage() == english
