"""A figure whose tab was never opened is exported laid out as the window would show it:
the weights as lines were 100 × 30 pixels, one token, their title painted over their note."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontMetricsF

from gui.export.files import window_figures
from tests.gui.isolation import next_frame


def lines_figure(window):
    """Return the weight-lines figure as exported, and its geometry, while it lasts."""
    with window_figures(window, experiment=False, captions=True) as figures:
        figure = next(f for f in figures if f.name == "weight-lines")
        picture = figure.view.picture
        return figure.size(), picture.geometry_now(), picture.size(), picture.name_font()


def assert_whole(window, geometry, size, font):
    assert geometry.count == len(window.state.tokens)
    assert geometry.pitch >= QFontMetricsF(font).height()  # names apart, each readable
    title_and_columns = 3 * QFontMetricsF(font).height()
    assert geometry.top >= title_and_columns  # below the title and the columns' names
    assert geometry.top + geometry.count * geometry.pitch <= size.height()  # above the note
    assert geometry.line_right - geometry.line_left > 100  # room for the lines


@pytest.mark.parametrize("heads", [1, 2])
def test_the_lines_are_exported_whole_when_their_tab_was_never_opened(window, qtbot, heads):
    window.state.set_heads(heads)  # 2: the heads' panel comes to the front, on its "Heads" tab
    window.heads.lines.set_all_heads(True)
    next_frame()
    assert not window.heads.lines.plot.isVisible()
    exported, geometry, size, font = lines_figure(window)
    assert_whole(window, geometry, size, font)
    assert not window.heads.lines.plot.isVisible()  # the window as it was

    # the same figure, its tab open: the size the copy was laid out at
    window.workspace.show_panel("heads")
    window.heads.tabs.setCurrentIndex(1)
    qtbot.waitUntil(window.heads.lines.plot.isVisible)
    next_frame()
    shown, geometry, size, font = lines_figure(window)
    assert_whole(window, geometry, size, font)
    assert abs(shown.width() - exported.width()) <= 2
    assert abs(shown.height() - exported.height()) <= 2, (shown, exported)


def test_the_bars_and_the_mixing_view_of_panels_hidden_from_the_start_are_exported_whole(qtbot):
    """Panels hidden in the last session stay hidden at the next start: never laid out."""
    from gui import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.workspace_actions.side_action.setChecked(False)
    with qtbot.waitSignal(window.first_paint, timeout=5000):
        window.show()
    with window_figures(window, experiment=False, captions=True) as figures:
        sizes = {f.name: f.size() for f in figures}
        bars = next(f for f in figures if f.name == "weight-bars").view
        ticks = bars.parent().axes.getAxis("bottom")._tickLevels  # the names under the bars
    assert sizes["weight-bars"].width() >= 150
    assert sizes["weight-bars"].height() >= 100
    assert sizes["mixing"].width() >= 300
    assert sizes["mixing"].height() >= 200
    assert [name for _, name in ticks[0]] == list(window.state.tokens)
    assert not window.workspace.is_panel_shown("mixing")  # the window as it was
