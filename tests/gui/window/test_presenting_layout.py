"""Presenter mode lays the screen out for presenting: every panel readable at 720p and 1080p.

The window is given each size itself, so the tests do not depend on the screen they run on
(the offscreen platform has one of 800×800).
"""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QFontInfo,
    QFontMetricsF,
    QGuiApplication,
    QTextDocument,
    QTextLayout,
    QTextOption,
)
from PySide6.QtWidgets import QTabBar

from gui.plots.text_scale import point_size
from gui.window.presenter import PRESENTER_SCALE, SCALES
from gui.window.presenting_layout import presenting_scale

SIZES = [(1280, 720), (1920, 1080)]


def present(window, qtbot, width, height):
    base = QGuiApplication.font().pointSizeF()
    window.presenter.toggle_action.setChecked(True)
    # as if full screen on a screen of this size (the offscreen platform puts a full-screen
    # window back to its own 800×800)
    window.showNormal()
    window.setGeometry(0, 0, width, height)
    qtbot.waitUntil(lambda: window.size().width() == width and window.height() == height)
    qtbot.wait(100)
    return base


def show(window, qtbot, name):
    """Bring a dock to the front (on a short screen they take turns) and let it lay out."""
    window.docks[name].raise_()
    qtbot.waitUntil(lambda: window.docks[name].isVisible())
    qtbot.wait(50)


def label_lines(label):
    """The lines a word-wrapped plain-text QLabel breaks its text into, at its width."""
    layout = QTextLayout(label.text(), label.font())
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    layout.beginLayout()
    lines = []
    while (line := layout.createLine()).isValid():
        line.setLineWidth(label.contentsRect().width())
        lines.append(label.text()[line.textStart() : line.textStart() + line.textLength()])
    layout.endLayout()
    return lines


def vertical_ticks_apart(plot, axis, ticks):
    """True when the texts of ``ticks`` on the vertical ``axis`` of ``plot`` do not overlap."""
    height = QFontMetricsF(axis.style["tickFont"]).height()
    ys = sorted(plot.vb.mapViewToScene(QPointF(0, value)).y() for value, _ in ticks)
    return all(b - a >= height for a, b in itertools.pairwise(ys))


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_dials_caption_and_readout_wrap_into_lines_of_words_and_are_not_cut(
    window, qtbot, width, height
):
    present(window, qtbot, width, height)
    show(window, qtbot, "temperature")
    for label in (window.dial.caption, window.dial.bars.readout):
        assert label.height() >= label.heightForWidth(label.width())  # every line shown
    lines = label_lines(window.dial.caption)
    assert len(lines) <= 4
    for line in lines[:-1]:  # it wrapped one word a line in a column 300 px wide
        assert len(line.split()) >= 4, lines


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_weight_charts_values_and_names_do_not_overlap(window, qtbot, width, height):
    present(window, qtbot, width, height)
    show(window, qtbot, "temperature")
    bars = window.dial.bars
    ticks = bars.weight_ticks()
    assert len(ticks) >= 2
    assert vertical_ticks_apart(bars.axes, bars.axes.getAxis("left"), ticks)
    bottom = bars.axes.getAxis("bottom")
    metrics = QFontMetricsF(bottom.style["tickFont"])
    rects = []
    for j, name in bars._ticks:
        x = bars.axes.vb.mapViewToScene(QPointF(j, 0)).x()
        rects.append(
            QRectF(x - metrics.horizontalAdvance(name) / 2, 0, metrics.horizontalAdvance(name), 1)
        )
    assert not any(a.intersects(b) for a, b in itertools.pairwise(rects))
    # the names sit inside their axis (Chinese names were cut off at the bottom)
    assert bottom.height() >= metrics.height()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_mixing_legend_never_leaves_a_swatch_alone_and_its_values_are_apart(
    window, qtbot, width, height
):
    present(window, qtbot, width, height)
    show(window, qtbot, "mixing")
    legend = window.mixing.legend
    # at its width, and at every narrower one (where a break falls depends on the width)
    for text_width in (legend.contentsRect().width(), *range(150, 600, 5)):
        document = QTextDocument()
        document.setDefaultFont(legend.font())
        document.setHtml(legend.text())
        document.setTextWidth(text_width)
        document.documentLayout().documentSize()  # laid out now
        block = document.begin()
        layout = block.layout()
        assert layout.lineCount() >= 1
        for i in range(layout.lineCount()):
            line = layout.lineAt(i)
            text = block.text()[line.textStart() : line.textStart() + line.textLength()].strip()
            assert not text.endswith("■"), (text_width, text)  # nor is it alone on a line
    mixing = window.mixing
    for name, plot in (("mix", mixing.mix), ("ingredients", mixing.ingredients)):
        ticks = mixing.axis_ticks(name)
        assert len(ticks) >= 2
        assert vertical_ticks_apart(plot, plot.getAxis("left"), ticks), (name, ticks)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_every_plots_text_follows_the_presenters_scale(window, qtbot, width, height):
    base = present(window, qtbot, width, height)
    scale = window.presenter.scale
    assert scale == PRESENTER_SCALE
    wanted = base * scale
    fonts = {
        "weights' values": window.dial.bars.axes.getAxis("left").style["tickFont"],
        "weights' names": window.dial.bars.axes.getAxis("bottom").style["tickFont"],
        "mix values": window.mixing.mix.getAxis("left").style["tickFont"],
        "mix dimensions": window.mixing.mix.getAxis("bottom").style["tickFont"],
        "v values": window.mixing.ingredients.getAxis("left").style["tickFont"],
        "colour bar": window.pipeline.heatmaps["scores"]._bar._font,
        "weights' numbers": window.dial.bars.labels[0].textItem.font(),
        "totals": window.mixing._total_labels[0].textItem.font(),
    }
    for name, font in fonts.items():
        assert point_size(font) == pytest.approx(wanted), name
    heatmap = window.pipeline.heatmaps["weights"]
    assert point_size(heatmap._tick_font) == pytest.approx(wanted * 1.3)  # the names' largest
    heatmap_names = heatmap._plot.getAxis("top").style["tickFont"]  # in whole pixels
    assert QFontInfo(heatmap_names).pixelSize() == QFontInfo(heatmap._tick_font).pixelSize()
    assert "font-size: 13.5pt" in window.mixing.mix.getAxis("left").labelString()
    assert window.dial.dial.maximumWidth() == round(130 * scale)
    for dock in window.docks.values():  # titles too (they kept the 9 pt they were built in)
        assert point_size(dock.font()) == pytest.approx(wanted)


def test_a_short_screen_lets_the_panels_take_turns_and_a_tall_one_shows_them_all(window, qtbot):
    present(window, qtbot, 1280, 720)
    layout = window.presenter.layout
    assert layout.tabbed()
    window.presenter.go_to_step(2)
    assert window.docks["explanation"].isVisible()  # the step's hand calculation in front
    assert window.docks["explanation"].height() > 0.6 * 720  # as tall as the screen allows
    assert window.docks["explanation"].width() >= 0.3 * 1280
    window.setGeometry(0, 0, 1920, 1080)
    qtbot.waitUntil(lambda: not layout.tabbed())
    qtbot.wait(100)
    docks = window.docks
    assert all(docks[name].isVisible() for name in ("temperature", "mixing", "explanation"))
    assert docks["temperature"].width() >= 0.3 * 1920
    assert docks["explanation"].height() >= 0.3 * 1080
    assert window.dial.bars_beside()  # room enough for the bars beside the controls
    assert window.dial.bars.axes.vb.height() > 150
    window.presenter.toggle_action.setChecked(False)
    qtbot.wait(100)
    assert not layout.tabbed()


def test_larger_type_on_a_taller_screen_fills_the_same_share_of_it():
    assert presenting_scale(720, PRESENTER_SCALE, SCALES) == 1.5
    assert presenting_scale(1080, PRESENTER_SCALE, SCALES) == 1.5
    assert presenting_scale(1440, PRESENTER_SCALE, SCALES) == 2.0
    assert presenting_scale(2160, PRESENTER_SCALE, SCALES) == 3.0


def test_ctrl_plus_scales_the_plots_text_outside_presenter_mode_too(window, qtbot):
    base = QGuiApplication.font().pointSizeF()
    window.presenter.change_scale(+1)
    qtbot.wait(50)
    for axis in (window.dial.bars.axes.getAxis("left"), window.mixing.mix.getAxis("bottom")):
        assert point_size(axis.style["tickFont"]) == pytest.approx(base * 1.15)
    window.presenter.set_scale(1.0)
    assert point_size(window.mixing.mix.getAxis("bottom").style["tickFont"]) == pytest.approx(base)
    for dock in window.docks.values():  # inheriting the application's font again
        assert not dock.testAttribute(Qt.WidgetAttribute.WA_SetFont)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_tabs_of_a_short_screen_show_their_titles_whole(window, qtbot, request, language):
    window.menus.language_actions[language].trigger()
    request.addfinalizer(lambda: window.menus.language_actions["en"].trigger())
    full = {name: dock.windowTitle() for name, dock in window.docks.items()}
    present(window, qtbot, 1280, 720)
    assert window.presenter.layout.tabbed()
    bars = [bar for bar in window.findChildren(QTabBar)
            if bar.parent() is window and bar.isVisible()]  # fmt: skip
    assert bars
    for bar in bars:  # “Temperature…”, “Mixing: z = Σ …”, “Hand calcula…”
        for i in range(bar.count()):  # each tab as wide as its whole title asks
            assert bar.tabRect(i).width() >= bar.tabSizeHint(i).width(), bar.tabText(i)
            assert bar.tabRect(i).right() <= bar.width() or bar.usesScrollButtons()
    window.presenter.toggle_action.setChecked(False)
    qtbot.wait(50)
    assert {name: dock.windowTitle() for name, dock in window.docks.items()} == full


def test_no_old_tab_bar_shows_beside_the_presenting_tabs(window, qtbot):
    # a layout where the heads' dock was a tab beside the mixing view, then closed: Qt kept
    # that group's bar and showed "Temperature dial | Mixing" under the presenting tabs. Seen
    # under Xvfb only; offscreen the bar did not come back even before the fix, so this
    # guards against any stale bar showing, not that one case.
    extras = [window.docks["heads"], window.docks["model"]]
    for dock in extras:
        dock.show()
    qtbot.wait(50)
    saved = window.saveState()
    window.restoreState(saved)  # the next start: the saved layout, then these closed
    for dock in extras:
        dock.hide()
    qtbot.wait(50)
    present(window, qtbot, 1280, 720)
    window.presenter.go_to_step(3)
    qtbot.wait(100)
    inside = window.rect()
    shown = [bar for bar in window.findChildren(QTabBar)
             if bar.parent() is window and bar.isVisible()
             and inside.intersects(bar.geometry())]  # fmt: skip
    docks = [window.docks[name] for name in ("temperature", "mixing", "explanation")]
    titles = sorted(dock.windowTitle() for dock in docks)
    assert [sorted(bar.tabText(i) for i in range(bar.count())) for bar in shown] == [titles]


def test_the_dial_is_whole_above_its_box_on_a_short_screen(window, qtbot):
    # at 1280×720 the knob lay half under the τ box and the chart under the Play button
    present(window, qtbot, 1280, 720)
    show(window, qtbot, "temperature")
    qtbot.wait(100)
    dial = window.dial
    knob, entry = dial.dial.geometry(), dial.entry.geometry()
    knob_bottom = dial.dial.mapTo(dial, knob.bottomLeft() - knob.topLeft()).y()
    entry_top = dial.entry.mapTo(dial, entry.topLeft() - entry.topLeft()).y()
    assert knob_bottom <= entry_top
    play_bottom = dial.play_button.mapTo(dial, dial.play_button.rect().bottomLeft()).y()
    assert dial.bars.mapTo(dial, dial.bars.rect().topLeft()).y() >= play_bottom
    assert dial.caption.isVisible() or dial.dial.toolTip() == dial.caption.text()
    window.presenter.toggle_action.setChecked(False)
    qtbot.wait(50)
    assert dial.caption.isVisible()  # the normal window has room for it


def settled_numbers(window, qtbot):
    """Each heatmap's numbers' size once the layout has settled."""
    sizes = None
    for _ in range(20):
        qtbot.wait(30)
        now = {step: h.label_font_size() for step, h in window.pipeline.heatmaps.items()}
        if now == sizes:
            return now
        sizes = now
    return sizes


@pytest.mark.parametrize(("width", "height", "steps", "give"),
                         [(1920, 1080, ("scores", "scaled", "weights", "context"), 0),
                          (1280, 720, ("scores", "weights"), 1)])  # fmt: skip
def test_larger_text_in_presenter_mode_never_makes_the_heatmaps_numbers_smaller(
    window, qtbot, width, height, steps, give
):
    # Ctrl+= made them smaller: the larger names, titles and formula took the cells' room
    # (at 1280×720 the columns' height stays the screen's: the widths are given back)
    from engine.dropout import DropoutSetting

    window.state.set_heads(2)
    window.state.set_padding(1, True)
    window.state.set_dropout(DropoutSetting(p=0.5, seed=7, training=True))
    present(window, qtbot, width, height)
    window.presenter.go_to_step(4)
    before = settled_numbers(window, qtbot)
    window.presenter.change_scale(+1)
    after = settled_numbers(window, qtbot)
    assert window.presenter.scale > PRESENTER_SCALE
    # At 1280×720 the heatmaps' height is the screen's less the formula, whose shape chain
    # now wraps whole onto a second line (it was cut): its larger type costs them a pixel
    for step in steps:
        assert after[step] >= before[step] - give > 0, step
    window.presenter.toggle_action.setChecked(False)


@pytest.mark.parametrize("larger", [0, 1, 2])
def test_the_presenting_tabs_show_every_title_whole_after_larger_text(window, qtbot, larger):
    # after Ctrl+= at 1280×720 the fourth tab read "Hea": the bar scrolled
    window.state.set_heads(2)
    present(window, qtbot, 1280, 720)
    for _ in range(larger):
        window.presenter.change_scale(+1)
    qtbot.wait(100)
    direct = Qt.FindChildOption.FindDirectChildrenOnly  # the docks' tabs
    bars = [b for b in window.findChildren(QTabBar, options=direct) if b.isVisible()]
    assert bars
    for bar in bars:
        assert bar.tabRect(bar.count() - 1).right() <= bar.width()
        assert bar.tabRect(0).left() >= 0
    window.presenter.toggle_action.setChecked(False)
