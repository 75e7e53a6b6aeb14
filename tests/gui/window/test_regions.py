"""The window's regions: the four steps sized first, the panels on demand, Reset layout, and
a remembered arrangement refused when it would squeeze a region."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QSettings

from gui.window.layout_settings import ARRANGEMENT_KEY, MAXIMISED_KEY
from gui.window.workspace import STEPS_LEAST, UPPER_LEAST, Arrangement

from ..isolation import shown_window

SIZES = [(1280, 720), (1920, 1080)]


def laid_out(window, size):
    window.resize(*size)
    for _ in range(3):
        QCoreApplication.processEvents()


def area(widget):
    return widget.width() * widget.height()


@pytest.mark.parametrize("size", SIZES)
def test_the_four_steps_are_the_largest_region(window, size):
    laid_out(window, size)
    workspace = window.workspace
    steps = area(workspace.steps)
    assert steps > area(workspace.inputs_column)
    assert steps > area(workspace.side)
    assert steps > 0.4 * size[0] * size[1]  # the four steps got 8 % of 1280 × 720 before
    for heatmap in window.pipeline.heatmaps.values():
        assert heatmap.width() >= 295  # half the steps' least width
        assert heatmap.height() >= 240


def test_a_wider_window_widens_the_steps_most(window):
    laid_out(window, (1280, 720))
    before = window.workspace.sizes()
    laid_out(window, (1920, 1080))
    after = window.workspace.sizes()
    grown = [b - a for a, b in zip(before, after, strict=True)]
    assert grown[1] > 1.5 * grown[2]  # the steps more than the panels
    assert grown[0] == 0  # the inputs keep their width


def test_every_panel_comes_to_the_front_from_the_view_menu(window):
    actions = window.workspace_actions
    actions.side_action.setChecked(False)
    assert window.workspace.side.isHidden()
    for key, action in actions.panel_actions.items():
        action.trigger()
        assert window.workspace.is_panel_shown(key), key
    assert actions.side_action.isChecked()  # the column came back with the panel


def test_hiding_the_columns_gives_their_room_to_the_steps(window):
    laid_out(window, (1280, 720))
    width = window.workspace.steps.width()
    window.workspace_actions.inputs_action.setChecked(False)
    window.workspace_actions.side_action.setChecked(False)
    laid_out(window, (1280, 720))
    assert window.workspace.steps.width() > width + 500


def test_reset_layout_gives_back_the_default(window, qtbot):
    laid_out(window, (1280, 720))
    default = window.workspace.sizes(), window.workspace.side.sizes()
    workspace = window.workspace
    workspace.setSizes([workspace.sizes()[0] + 60, workspace.sizes()[1] - 120,
                        workspace.sizes()[2] + 60])  # fmt: skip
    window.workspace_actions.inputs_action.setChecked(False)
    workspace.show_panel("model")
    assert workspace.sizes() != default[0]
    window.workspace_actions.reset_action.trigger()
    qtbot.waitUntil(lambda: workspace.sizes() == default[0])
    assert workspace.side.sizes() == default[1]
    assert not workspace.inputs_column.isHidden()
    assert window.workspace_actions.inputs_action.isChecked()
    assert workspace.front_panels() == ["temperature", "mixing"]


def test_no_region_can_be_dragged_below_its_least_size(window):
    laid_out(window, (1280, 720))
    workspace = window.workspace
    workspace.moveSplitter(10_000, 2)  # the panels' edge dragged to the window's right
    workspace.moveSplitter(0, 1)  # the inputs' edge to the left
    assert workspace.steps.width() >= STEPS_LEAST.width()
    assert workspace.inputs_column.width() >= workspace.inputs_column.minimumSizeHint().width()
    assert not workspace.inputs_column.isHidden()
    assert not workspace.side.isHidden()
    workspace.side.moveSplitter(0, 1)
    assert workspace.groups[0].height() >= UPPER_LEAST


def test_the_arrangement_comes_back_on_the_next_start(window, qtbot):
    # Offscreen, the screen is 800 pixels wide: the next window comes back at its least width,
    # so what is compared is what fits any width: the columns shown, the panels' split.
    workspace = window.workspace
    window.workspace_actions.inputs_action.setChecked(False)
    workspace.side.setSizes([340, workspace.side.height() - 340])
    kept = workspace.arrangement()
    assert abs(kept.upper_height - 340) <= workspace.side.handleWidth()
    assert window.close()
    second = shown_window(qtbot)
    assert second.workspace.refused is None
    back = second.workspace.arrangement()
    assert (back.inputs_shown, back.side_shown, back.upper_height) == (
        False,
        True,
        kept.upper_height,
    )
    assert abs(back.side_width - kept.side_width) <= 2
    assert second.workspace.inputs_column.isHidden()
    assert not second.workspace_actions.inputs_action.isChecked()


@pytest.mark.parametrize(
    "kept",
    [[700, 400, 380, 1, 1],  # the columns wider than a 1280 window leaves the steps
     [40, 320, 380, 1, 1],  # the inputs narrower than their grids
     [270, 320, 20, 1, 1],  # the dial squeezed to a sliver
     "garbage", [1, 2]],
)  # fmt: skip
def test_a_remembered_arrangement_that_would_squeeze_a_region_is_dropped(qtbot, kept):
    QSettings().setValue(ARRANGEMENT_KEY, kept)
    window = shown_window(qtbot)
    workspace = window.workspace
    assert workspace.refused == Arrangement.from_list(kept)  # None: not an arrangement at all
    laid_out(window, (1280, 720))
    assert workspace.arrangement().inputs_width == workspace.inputs_column.width()
    assert workspace.inputs_column.width() < 300
    assert workspace.steps.width() >= STEPS_LEAST.width()
    assert workspace.side.width() >= workspace.side.minimumSizeHint().width()
    assert workspace.groups[0].height() >= UPPER_LEAST
    for heatmap in window.pipeline.heatmaps.values():
        assert heatmap.height() >= 240


def test_a_maximised_window_reopens_maximised(window, qtbot):
    window.showMaximized()
    qtbot.waitUntil(window.isMaximized)
    assert window.close()
    assert QSettings().value(MAXIMISED_KEY, 0, type=int) == 1
    second = shown_window(qtbot)
    assert second.isMaximized()


def assert_about(window, heights):
    """The heatmaps as high as before, but for a pixel or two of text measured anew."""
    for key, heatmap in window.pipeline.heatmaps.items():
        assert abs(heatmap.height() - heights[key]) <= 2, (key, heatmap.height(), heights)


def test_the_panels_keep_their_size_after_heads_and_a_restart(window, qtbot):
    """Heads h = 2 and back, in 中文, then a restart: the mixing view was squeezed to 40 px."""
    from gui.support.language import set_language

    laid_out(window, (1280, 720))
    set_language("zh_CN")
    try:
        window.load_built_in("shape-check")
        heights = {key: h.height() for key, h in window.pipeline.heatmaps.items()}
        window.state.set_heads(2)
        assert window.workspace.is_panel_shown("heads")
        window.state.set_heads(1)
        window.workspace.show_panel("mixing")
        laid_out(window, (1280, 720))
        assert window.mixing.height() >= 190
        assert_about(window, heights)
        assert window.close()
        second = shown_window(qtbot)
        laid_out(second, (1280, 720))
        second.workspace.show_panel("mixing")
        laid_out(second, (1280, 720))
        assert second.mixing.height() >= 190
        assert_about(second, heights)
    finally:
        set_language("en")


def test_the_first_start_fits_the_screen_with_its_title_bar(qtbot, monkeypatch):
    # on a 1280×720 screen the window's inside was 1280×720: the status bar below the edge
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QScreen

    from gui import MainWindow
    from gui.window.layout_settings import TITLE_BAR

    monkeypatch.setattr(QScreen, "availableGeometry", lambda _screen: QRect(0, 0, 1280, 720))
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.height() <= 720 - TITLE_BAR


def test_at_the_least_window_size_the_dials_bars_and_the_mixing_view_are_not_squashed(window):
    # at 1195 × 640 the bars were a flat line and the knob hid behind the τ box
    window.resize(400, 300)  # Qt keeps the window at its least size
    laid_out(window, (window.minimumSize().width(), window.minimumSize().height()))
    assert window.dial.bars_beside()
    assert window.dial.bars.plot.height() >= 80  # a flat line before: 90 at the least size
    assert window.dial.dial.geometry().bottom() < window.dial.entry.geometry().top()
    assert window.mixing.height() >= 190
    for heatmap in window.pipeline.heatmaps.values():
        assert heatmap.height() >= 200


def test_a_panel_brought_forward_by_the_state_checks_the_view_menu_again(window):
    # a split into heads showed the hidden panels' column; View → Panels stayed unchecked
    actions = window.workspace_actions
    actions.side_action.setChecked(False)
    window.load_built_in("shape-check")
    window.state.set_heads(2)
    assert window.workspace.is_panel_shown("heads")
    assert actions.side_action.isChecked()
