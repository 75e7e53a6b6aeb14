"""The training in the presenter view (issue 29): T (or its button) shows Step, Train, the
status and the two curves beside the hand calculation; a step made there is the state's,
shown alike in the main window's Training tab; it speaks the language chosen."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt

from engine import load_preset
from gui.support.language import set_language
from tests.gui.window.test_presenter import close_view, open_view, press


def curves(run) -> list[np.ndarray]:
    """The y values of every line of a training's two plots."""
    lines = [run.loss_plot.b_line, run.loss_plot.a_line, *run.gradient_plot.lines.values()]
    data = [line.getData()[1] for line in lines]
    return [np.asarray([] if values is None else values) for values in data]


def test_t_shows_the_training_and_t_again_hides_it(window, qtbot):
    view = open_view(window, qtbot)
    assert not view.training.isVisibleTo(view)  # on demand only
    assert "T: training" in view.hint.text()
    press(qtbot, view, Qt.Key.Key_T)
    assert view.training.isVisibleTo(view)
    assert view.training_button.isChecked()
    for widget in (view.training.step_button, view.training.train_button,
                   view.training.status, view.training.loss_plot,
                   view.training.gradient_plot):  # fmt: skip
        assert widget.isVisible()
    assert view.explanation.isVisible()  # beside the hand calculation, not in its place
    press(qtbot, view, Qt.Key.Key_T)
    assert not view.training.isVisibleTo(view)
    view.training_button.click()  # the button does as the key does
    assert view.training.isVisibleTo(view)
    close_view(window, qtbot)


def test_a_step_in_the_presenter_view_steps_the_state_and_both_views_show_it(window, qtbot):
    window.state.load_preset(load_preset("compare-training"))
    window.training.build()
    view = open_view(window, qtbot)
    press(qtbot, view, Qt.Key.Key_T)
    before = window.state.matrix("q").copy()
    for _ in range(3):
        qtbot.mouseClick(view.training.step_button, Qt.MouseButton.LeftButton)
    history = window.state.training.history
    assert len(history) == 3
    assert not np.array_equal(window.state.matrix("q"), before)  # Q learned
    assert view.training.status.text() == window.training.status.text()
    assert view.training.status.text().startswith("step 3 · L = ")
    assert all(
        np.array_equal(a, b, equal_nan=True)
        for a, b in zip(curves(view.training), curves(window.training.run), strict=True)
    )
    assert len(curves(view.training)[0]) == 3
    assert len(curves(view.training)[1]) == 3  # A, pinned, trained beside B
    window.training.step_button.click()  # and a step in the main window shows there
    assert view.training.status.text().startswith("step 4 · ")
    assert len(curves(view.training)[0]) == 4
    close_view(window, qtbot)


def test_the_presenter_views_training_follows_its_text_size(window, qtbot):
    view = open_view(window, qtbot)
    press(qtbot, view, Qt.Key.Key_T)
    size = view.training.step_button.font().pointSizeF()
    ticks = view.training.loss_plot.getAxis("left").style["tickFont"].pointSizeF()
    window.presenter.change_scale(-1)
    assert view.training.step_button.font().pointSizeF() < size
    assert view.training.loss_plot.getAxis("left").style["tickFont"].pointSizeF() < ticks
    close_view(window, qtbot)


def test_a_language_switch_retranslates_the_presenter_views_training(window, qtbot):
    view = open_view(window, qtbot)
    press(qtbot, view, Qt.Key.Key_T)
    window.state.training.step()
    set_language("zh_CN")
    try:
        assert view.training_button.text() == "训练 (T)"
        assert view.training.step_button.text() == "走一步"
        assert view.training.train_button.text() == "训练"
        assert view.training.status.text().startswith("第 1 步")
        assert "T：训练" in view.hint.text()
        assert view.training.loss_plot.getAxis("bottom").labelText == "步数"
    finally:
        set_language("en")
    assert view.training_button.text() == "Training (T)"
    assert view.training.step_button.text() == "Step"
    close_view(window, qtbot)
