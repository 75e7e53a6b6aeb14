"""The presenter view on one screen: F11 shows it over the screen, Esc closes it, the main
window is never touched; the keys walk the four steps; it follows every edit at once."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QDockWidget, QWidget

from gui.support.language import set_language
from gui.window.presenter import SCALES, screen_scale
from gui.window.presenter_view import PresenterView
from tests.gui.painted import painted_numbers


def press(qtbot, widget, key, modifier=Qt.KeyboardModifier.NoModifier):
    qtbot.keyClick(widget, key, modifier)


def open_view(window, qtbot) -> PresenterView:
    press(qtbot, window, Qt.Key.Key_F11)
    view = window.presenter.view
    assert view is not None
    qtbot.waitUntil(view.isVisible)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is view)  # its keys work at once
    return view


def close_view(window, qtbot) -> None:
    if window.presenter.view is not None:
        window.presenter.toggle_action.setChecked(False)
    qtbot.waitUntil(lambda: not window.presenter.active)


def main_window_as_it_is(window) -> dict[str, object]:
    """Return what a presenter mode used to change: geometry, fonts, docks, bars, fullness."""
    widgets = window.findChildren(QWidget)
    return {
        "geometry": window.geometry().getRect(),
        "full screen": window.isFullScreen(),
        "application font": QGuiApplication.font().toString(),
        "fonts": [w.font().toString() for w in widgets],
        "shown": {
            f"{type(w).__name__} {w.objectName()} {i}": w.isVisible() for i, w in enumerate(widgets)
        },
        "docks": {d.objectName(): d.geometry().getRect() for d in window.findChildren(QDockWidget)},
        "toolbar": window.toolbar.isVisible(),
        "text scale": window.state.view.font_scale,
        "heatmap labels": [h.label_font_size() for h in window.pipeline.heatmaps.values()],
    }


def changes(before: dict[str, object], after: dict[str, object]) -> dict[str, object]:
    """Return what differs between two ``main_window_as_it_is``, item by item."""
    changed: dict[str, object] = {}
    for key, value in before.items():
        if isinstance(value, dict):
            changed |= {f"{key}: {k}": (v, after[key].get(k)) for k, v in value.items()
                        if after[key].get(k) != v}  # fmt: skip
        elif isinstance(value, list):
            pairs = enumerate(zip(value, after[key], strict=True))
            changed |= {f"{key}: {i}": (v, w) for i, (v, w) in pairs if v != w}
        elif after[key] != value:
            changed[key] = (value, after[key])
    return changed


def test_f11_shows_the_presenter_view_over_the_screen_and_escape_closes_it(window, qtbot):
    view = open_view(window, qtbot)
    assert view.objectName() == "presenterView"
    assert view.isWindow()
    assert view is not window
    assert view.isFullScreen()
    assert view.screen() is window.screen()  # the only screen
    assert window.presenter.toggle_action.isChecked()
    for name in ("scoresHeatmap", "scaledHeatmap", "weightsHeatmap", "contextHeatmap"):
        assert view.findChild(QWidget, name) is not None
    assert not view.dial.isVisibleTo(view)  # on demand only
    press(qtbot, view, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not window.presenter.active)
    assert not view.isVisible()
    assert not window.presenter.toggle_action.isChecked()


def test_f11_in_the_presenter_view_closes_it_too(window, qtbot):
    view = open_view(window, qtbot)
    press(qtbot, view, Qt.Key.Key_F11)
    qtbot.waitUntil(lambda: not window.presenter.active)


def test_the_main_window_is_untouched_by_opening_ctrl_plus_and_closing(window, qtbot):
    # presenter mode hid the inputs and the toolbar, made the window full-screen and every
    # font of the application 1.5× larger, and gave the docks back after turns of the loop
    window.resize(1280, 720)
    qtbot.waitUntil(lambda: window.width() == 1280)
    # the row the view's first step explains, selected already: the main window's own hand
    # calculation follows the state (and shows its scroll bar for the longer text)
    window.state.select_cell("scores", window.state.selected_token, -1)
    QApplication.processEvents()  # laid out with it
    before = main_window_as_it_is(window)
    view = open_view(window, qtbot)
    assert changes(before, main_window_as_it_is(window)) == {}
    scale = window.presenter.scale
    press(qtbot, view, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.presenter.scale > scale)
    press(qtbot, window, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)  # from the laptop
    assert window.presenter.scale == scale
    assert changes(before, main_window_as_it_is(window)) == {}
    close_view(window, qtbot)
    assert changes(before, main_window_as_it_is(window)) == {}


def test_ctrl_plus_and_minus_size_the_presenter_views_text_only(window, qtbot):
    view = open_view(window, qtbot)
    heatmap = view.findChild(QWidget, "weightsHeatmap")
    scale, font, formula = (window.presenter.scale, view.font().pointSizeF(),
                            view.formula.parts[1].font().pointSizeF())  # fmt: skip
    tick = heatmap._tick_font.pointSizeF()
    press(qtbot, view, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert window.presenter.scale == SCALES[SCALES.index(scale) + 1]
    assert view.font().pointSizeF() > font
    assert view.explanation.font().pointSizeF() > font
    assert view.formula.parts[1].font().pointSizeF() > formula
    assert heatmap._tick_font.pointSizeF() > tick
    press(qtbot, view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    press(qtbot, view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert window.presenter.scale == SCALES[SCALES.index(scale) - 1]
    assert window.state.view.font_scale == 1.0
    assert window.pipeline.heatmaps["weights"]._tick_font.pointSizeF() < tick
    close_view(window, qtbot)
    # closed, the keys size nothing: the main window's text is its own
    assert not window.presenter.larger_action.isEnabled()


def test_an_edit_in_the_main_window_appears_in_the_presenter_view_at_once(window, qtbot):
    view = open_view(window, qtbot)
    heatmap = view.pipeline.heatmaps["scores"]
    assert heatmap.matrix()[0, 0] == 1.0
    assert window.state.set_cell("q", 0, 0, "3")
    # S[猫, 猫] = q_猫 · k_猫 = 3×1 + 1×0, in the same turn as the main window's own heatmap
    qtbot.waitUntil(lambda: window.pipeline.heatmaps["scores"].matrix()[0, 0] == 3.0)
    assert heatmap.matrix()[0, 0] == 3.0
    window.undo_action.trigger()
    qtbot.waitUntil(lambda: heatmap.matrix()[0, 0] == 1.0)
    window.dial.set_temperature(0.5, animate=False)
    assert "τ = 0.5" in view.pipeline.titles["scaled"].full_text()
    close_view(window, qtbot)


def test_the_step_keys_walk_the_four_steps_for_the_selected_token(window, qtbot):
    view = open_view(window, qtbot)
    state = window.state
    assert state.highlighted_step == 1
    assert state.selected_cell == ("scores", 0, -1)
    text = view.explanation.text()
    for product in ("= 1×1 + 1×0 + 0×1 + 0×0", "= 1×0 + 1×1 + 0×0 + 0×1", "= 1×1 + 1×1"):
        assert product in text
    press(qtbot, view, Qt.Key.Key_Right)
    assert state.selected_cell == ("scaled", 0, -1)
    assert "2 ÷ √4 = 1" in view.explanation.text()
    press(qtbot, view, Qt.Key.Key_3)
    assert state.highlighted_step == 3
    assert "sum ≈ 6.02" in view.explanation.text()
    assert view.findChild(QWidget, "weightsHeatmap").is_highlighted()
    assert "border: 2px solid" in view.formula.parts[3].styleSheet()
    press(qtbot, view, Qt.Key.Key_Right)
    assert "≈ [1.18, 0.27, 0.27, 1.18]" in view.explanation.text()  # 1.178 rounded
    press(qtbot, view, Qt.Key.Key_Right)  # stays on the last step
    assert state.highlighted_step == 4
    press(qtbot, view, Qt.Key.Key_Left)
    assert state.highlighted_step == 3
    press(qtbot, view, Qt.Key.Key_1)
    assert state.selected_cell == ("scores", 0, -1)
    close_view(window, qtbot)
    assert state.highlighted_step == 0  # the lit step goes with the view
    # the steps walked there left the main window's panels as they were (mixing in front)
    assert window.workspace.front_panels() == ["temperature", "mixing"]


def test_a_click_on_a_cell_in_the_main_window_shows_its_hand_calculation(window, qtbot):
    heatmap = window.pipeline.heatmaps["weights"]
    assert not window.workspace.is_panel_shown("explanation")
    heatmap.cell_clicked.emit(0, 2)
    assert window.workspace.is_panel_shown("explanation")
    assert "A[猫, 鱼]" in window.explanation.text()


def test_step_keys_do_nothing_in_the_main_window(window, qtbot):
    press(qtbot, window, Qt.Key.Key_2)
    assert window.state.highlighted_step == 0
    view = open_view(window, qtbot)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    press(qtbot, window, Qt.Key.Key_3)
    assert window.state.highlighted_step == 1  # the view's first step, not 3
    assert view.isVisible()
    close_view(window, qtbot)


def test_d_and_the_dial_button_show_and_hide_the_dial(window, qtbot):
    view = open_view(window, qtbot)
    press(qtbot, view, Qt.Key.Key_D)
    assert view.dial.isVisible()
    assert view.dial_button.isChecked()
    view.dial_button.click()
    assert not view.dial.isVisible()
    assert "D" in view.hint.text()
    close_view(window, qtbot)


def test_a_language_switch_retranslates_the_presenter_view(window, qtbot):
    view = open_view(window, qtbot)
    english = (view.hint.text(), view.windowTitle(), view.pipeline.titles["scores"].full_text())
    set_language("zh_CN")
    try:
        chinese = (view.hint.text(), view.windowTitle(), view.pipeline.titles["scores"].full_text())
        assert all(a != b for a, b in zip(english, chinese, strict=True)), chinese
        assert "打分" in chinese[2]
        assert window.presenter.toggle_action.text() != "&Presenter view"
    finally:
        set_language("en")
    assert view.hint.text() == english[0]
    close_view(window, qtbot)


@pytest.mark.parametrize(("height", "scale"), [(720, 1.0), (1080, 1.5), (2160, 3.0)])
def test_the_text_grows_with_the_screen_and_never_below_the_main_windows(height, scale):
    assert screen_scale(height) == scale


@pytest.mark.parametrize("step", [1, 2, 3, 4])
def test_the_hand_calculation_is_large_and_its_step_fits_its_room(window, qtbot, step):
    view = open_view(window, qtbot)
    view.showNormal()  # as if full screen on a 1920 × 1080 screen (offscreen: 800 × 800)
    view.setGeometry(0, 0, 1920, 1080)
    window.presenter.text_scale.set_font_scale(screen_scale(1080))
    qtbot.waitUntil(lambda: view.height() == 1080)
    view.go_to_step(step)
    browser = view.explanation.browser
    # the calculation fits itself to its room as it is laid out
    qtbot.waitUntil(lambda: browser.document().size().height() <= browser.viewport().height())
    assert browser.font().pointSizeF() > QGuiApplication.font().pointSizeF()
    assert window.explanation.browser.font().pointSizeF() == QGuiApplication.font().pointSizeF()
    close_view(window, qtbot)


def test_closing_the_main_window_closes_the_presenter_view(window, qtbot):
    view = open_view(window, qtbot)
    window.state.undo_stack.setClean()
    window.close()
    qtbot.waitUntil(lambda: not view.isVisible())
    assert not window.presenter.active


def at_1280_by_720(window, qtbot) -> PresenterView:
    view = open_view(window, qtbot)
    view.showNormal()  # as if full screen on a 1280 × 720 screen
    view.setGeometry(0, 0, 1280, 720)
    qtbot.waitUntil(lambda: view.height() == 720)
    return view


def larger_until_refused(window, qtbot, view) -> None:
    for _ in range(len(SCALES)):
        before = window.presenter.scale
        window.presenter.larger_action.trigger()
        if window.presenter.scale == before:
            break
    assert window.presenter.scale < SCALES[-1]  # Ctrl+= stops where the screen does
    assert "large" in view.hint.text()  # and says so


def below(upper: QWidget, lower: QWidget) -> bool:
    top = lower.mapTo(lower.window(), lower.rect().topLeft()).y()
    bottom = upper.mapTo(upper.window(), upper.rect().bottomLeft()).y()
    return top > bottom


@pytest.mark.parametrize("dial", [False, True])
def test_at_the_largest_allowed_scale_numbers_stay_in_their_cells_and_nothing_overlaps(
    window, qtbot, dial
):
    view = at_1280_by_720(window, qtbot)
    view.show_dial(dial)
    larger_until_refused(window, qtbot, view)
    view.go_to_step(3)
    heatmaps = view.pipeline.heatmaps
    for heatmap in heatmaps.values():
        rows = heatmap.matrix().shape[0]

        def fits(heatmap=heatmap, rows=rows) -> bool:
            numbers = painted_numbers(heatmap)
            cell = heatmap.cells_rect().height() / rows
            return len(numbers) == heatmap.matrix().size and all(px <= cell for _, px in numbers)

        qtbot.waitUntil(fits)
    titles = view.pipeline.titles
    for upper, lower in (("scores", "weights"), ("scaled", "context")):
        assert below(heatmaps[upper], titles[lower]), (upper, lower)
    if dial:  # at least its least size: its knob not behind its τ box
        qtbot.waitUntil(lambda: view.dial.height() >= view.dial.minimumSizeHint().height())
    close_view(window, qtbot)


@pytest.mark.parametrize("step", [1, 2, 3, 4])
def test_at_1280_by_720_the_hand_calculation_shows_its_whole_step(window, qtbot, step):
    view = at_1280_by_720(window, qtbot)
    larger_until_refused(window, qtbot, view)
    view.go_to_step(step)
    browser = view.explanation.browser
    qtbot.waitUntil(lambda: browser.document().size().height() <= browser.viewport().height())
    assert not browser.verticalScrollBar().isVisible()
    close_view(window, qtbot)
