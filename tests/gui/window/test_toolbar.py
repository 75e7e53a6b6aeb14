"""The toolbar: its controls stay where they are whatever step Undo and Redo name."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QToolButton

from gui.support.language import set_language


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_causal_box_stays_put_as_undo_and_redo_name_other_steps(window, language):
    set_language(language)
    try:
        _check_the_causal_box_stays_put(window)
    finally:
        set_language("en")


def _check_the_causal_box_stays_put(window):
    QCoreApplication.processEvents()
    toggle, toolbar = window.causal_toggle, window.toolbar
    place = toggle.geometry()
    window.load_built_in("two-heads")  # "Undo Load Two heads: one looks at …"
    window.state.set_causal(True)
    window.undo_action.trigger()  # and a Redo that names a step too
    QCoreApplication.processEvents()
    assert toggle.geometry() == place
    undo = toolbar.widgetForAction(window.undo_action)
    assert isinstance(undo, QToolButton)
    step = window.state.undo_stack.undoText()
    assert step
    assert step not in undo.text()  # the step is told by the tooltip
    assert step in undo.toolTip()
    assert (
        window.state.undo_stack.redoText() in toolbar.widgetForAction(window.redo_action).toolTip()
    )
