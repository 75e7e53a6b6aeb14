"""The weight bars beside the dial: every bar named, a title that fits, the texts of A′."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QFontMetricsF, QImage, QPainter

from engine import random_preset
from engine.lesson.dropout import DropoutSetting
from tests.gui.isolation import next_frame

SENTENCE = ["[CLS]", "the", "cat", "eats", "fish", "[SEP]"]


def open_tokens(window, names, seed=3):
    window.state.load_preset(random_preset(len(names), 4, 4, seed=seed))
    for index, name in enumerate(names):
        window.state.rename_token(index, name)
    next_frame()


def drawn_names(bars):
    """Return (rect in the plot's scene, text) of every name the bars' axis draws."""
    axis = bars.axes.getAxis("bottom")
    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    painter.setFont(axis.style["tickFont"])
    _line, _ticks, texts = axis.generateDrawSpecs(painter)
    painter.end()
    return [(axis.mapRectToScene(rect), text) for rect, _flags, text in texts]


def assert_apart(drawn):
    """No two names drawn on the same row overlap."""
    for row in (False, True):  # the upper row, then the lower one (its texts start "\n")
        rects = sorted((r for r, text in drawn if text.startswith("\n") == row),
                       key=lambda r: r.left())  # fmt: skip
        for left, right in itertools.pairwise(rects):
            assert left.right() <= right.left(), (left, right)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_six_tokens_of_a_sentence_are_each_named_in_full(window, size, language):
    # "[… the cat e… … […": every name was cut, even at 1920×1080
    from gui.support.language import set_language

    set_language(language)
    try:
        window.resize(*size)
        open_tokens(window, SENTENCE)
        window.state.select_token(0)
        next_frame()
        bars = window.dial.bars
        drawn = drawn_names(bars)
        assert [text.lstrip("\n") for _rect, text in drawn] == SENTENCE
        assert_apart(drawn)
        view = bars.axes.vb
        for bar, (rect, text) in enumerate(drawn):  # each under its own bar, inside the figure
            centre = view.mapViewToScene(QPointF(bar, 0)).x()
            assert abs(rect.center().x() - centre) < 1, text
            assert rect.left() >= 0, text
            assert rect.right() <= bars.plot.width(), text
    finally:
        set_language("en")


def test_sixteen_names_are_written_whole_and_apart(window):
    names = [f"w{j}" if j % 2 else f"token {j}" for j in range(16)]
    open_tokens(window, names)
    bars = window.dial.bars
    drawn = drawn_names(bars)
    assert len(drawn) >= 2
    for _rect, text in drawn:
        assert text.lstrip("\n") in names  # whole, not "…"
    assert_apart(drawn)


@pytest.mark.parametrize("dropout", [False, True])
def test_the_title_fits_its_figure_and_the_plot_too(window, dropout):
    # "A[[CLS], j]: the row of…", and the title's least width widened the plot past the
    # figure: the last bar and its name were cut off
    open_tokens(window, SENTENCE)
    if dropout:
        window.state.set_dropout(DropoutSetting(0.5, 7, True))
    window.state.select_token(0)
    next_frame()
    bars = window.dial.bars
    title = bars.title.text
    assert "…" not in title
    assert title.startswith("A′[[CLS], j]" if dropout else "A[[CLS], j]")
    metrics = QFontMetricsF(bars._title_font)
    assert metrics.horizontalAdvance(title.replace("&amp;", "&")) <= bars._title_room()
    _left, _top, right, _bottom = bars.plot.ci.layout.getContentsMargins()
    assert bars.axes.geometry().right() <= bars.plot.width() - right + 0.5


@pytest.mark.parametrize("p", [0.5, 0.9])
def test_with_dropout_every_text_tells_of_the_bars_a_prime(window, p):
    # bars of 0.55 beside "largest weight 0.50"; bars of 0 beside "largest weight 1.00"
    state = window.state
    for seed in range(40):  # a row with weights kept and dropped
        state.set_dropout(DropoutSetting(p, seed, True))
        kept = state.dropped.kept[state.selected_token]
        if kept.any() and not kept.all():
            break
    next_frame()
    bars = window.dial.bars
    shown = bars.weights()
    assert np.array_equal(shown, state.shown_result.weights[state.selected_token])
    assert not np.array_equal(shown, state.result.weights[state.selected_token])
    readout = bars.readout.text()
    assert "A′" in readout
    assert "A′" in bars.title.text
    assert f"largest weight {shown.max():.2f}" in readout
    assert "entropy" not in readout  # A′'s row does not sum to 1: A's entropy is not the bars'
    assert f"{int((~kept).sum())} of 3 weights dropped" in readout
    state.set_dropout(DropoutSetting(p, seed, False))  # evaluation: A itself
    next_frame()
    assert "A′" not in bars.readout.text() + bars.title.text
    assert f"largest weight {bars.weights().max():.2f}" in bars.readout.text()


def test_a_bar_of_two_stands_whole_with_its_number(window):
    # dropout's 1/(1 − p) = 2 made a bar of 2.00, cut off at the top and without its number
    state = window.state
    window.dial.set_temperature(0.05, animate=False)  # one winner: 1.00, kept: 2.00
    for seed in range(40):
        state.set_dropout(DropoutSetting(0.5, seed, True))
        if state.shown_result.weights[state.selected_token].max() > 1.99:
            break
    next_frame()
    bars = window.dial.bars
    bars.plot.grab()
    view = bars.axes.vb
    tallest = int(np.argmax(bars.weights()))
    assert view.viewRange()[1][1] >= bars.weights()[tallest]
    assert max(value for value, _text in bars.weight_ticks()) >= 2.0
    label = bars.labels[tallest]
    assert label.isVisible()
    assert label.toPlainText() == "2.00"
    box = label.mapRectToScene(label.boundingRect())
    assert box.top() >= view.sceneBoundingRect().top() - 1
    assert box.bottom() <= view.mapViewToScene(QPointF(tallest, 2.0)).y() + 1  # above it


def test_dropout_counts_only_the_keys_the_mask_lets_the_row_see(window):
    # 猫 sees itself alone under the causal mask: "2 of 3 weights dropped" counted hidden keys
    state = window.state
    state.set_causal(True)
    state.select_token(0)
    state.set_dropout(DropoutSetting(0.5, 0, True))
    next_frame()
    kept = bool(state.dropped.kept[0, 0])
    readout = window.dial.bars.readout.text()
    # and it said "0 of 1 weights dropped, the others × 2" of a row of one weight
    assert ("its only weight kept, × 2" if kept else "its only weight dropped") in readout
    assert "of 1 weights" not in readout
    assert "the others" not in readout


def test_a_window_laid_out_once_draws_the_whole_chart(qtbot, qapp):
    # the command line's export lays the window out once: the chart kept the width its first,
    # longer title had asked for, and the last bar and [SEP] were cut off the picture
    from dataclasses import replace

    from PySide6.QtCore import Qt

    from gui import MainWindow, install_fonts

    install_fonts(qapp)
    preset = replace(random_preset(6, 4, 4, seed=3), tokens=tuple(SENTENCE))
    window = MainWindow(preset)
    qtbot.addWidget(window)
    window.sessions.autosaver.stop()
    window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
    window.show()
    qapp.processEvents()
    bars = window.dial.bars
    _left, _top, right, _bottom = bars.plot.ci.layout.getContentsMargins()
    assert bars.plot.ci.geometry().width() <= bars.plot.width()
    assert bars.axes.geometry().right() <= bars.plot.width() - right + 0.5
    window.state.undo_stack.setClean()
