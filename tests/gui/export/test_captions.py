"""Captions: lines wrap within the figure's width, Chinese included, punctuation kept."""

from __future__ import annotations

from PySide6.QtGui import QColor, QFontMetricsF

from gui.export.captions import Caption, fonts, lay_out, wrapped


def test_a_long_title_wraps_within_the_width_and_keeps_its_words(qapp):
    _, body = fonts()
    metrics = QFontMetricsF(body)
    for text in ("Experiment: size of the softmax's gradient", "选中词的配比（柱状图）"):
        width = metrics.horizontalAdvance(text) * 0.6
        lines = wrapped(text, metrics, width)
        assert len(lines) >= 2
        assert "".join("".join(lines).split()) == "".join(text.split())
        assert all(metrics.horizontalAdvance(line) <= width for line in lines)
        assert not any(line.startswith("）") for line in lines)  # never opens a line


def test_the_legend_flows_onto_new_lines_inside_the_width(qapp):
    legend = tuple((QColor("#0072b2"), f"token {n} 0.1{n}") for n in range(8))
    layout = lay_out(Caption("Mixing: z = Σ A·v", "The row of 猫", legend), 240)
    rows = {rect.top() for rect, _ in layout.swatches}
    assert len(layout.swatches) == 8
    assert len(rows) >= 3
    assert all(rect.right() <= 240 for rect, _ in layout.swatches)
    assert layout.height == int(layout.height)  # whole pixels: the plot stays on the grid
    assert layout.height > max(rows)
