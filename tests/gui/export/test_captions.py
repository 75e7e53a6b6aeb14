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


CREDITS = (
    "数值：sentence-transformers/all-MiniLM-L6-v2，第 1 层，全部 12 个头：“我爱中国的猫”；"
    "模型：sentence-transformers/all-MiniLM-L6-v2（Apache-2.0 许可证）",
    "Numbers: sentence-transformers/all-MiniLM-L6-v2, layer 2, head 3: “the cat eats fish”; "
    "Model: sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0 licence)",
)


def test_an_attribution_too_wide_for_the_figure_wraps_rather_than_being_cut(qapp):
    """In 中文 the weight bars' and the lines' credit was cut: "…/all-MiniLM-L"."""
    _, body = fonts()
    metrics = QFontMetricsF(body)
    name = metrics.horizontalAdvance("sentence-transformers/all-MiniLM-L6-v2")
    for text in CREDITS:
        for width in (name * 0.9, name * 0.6, name * 0.3, 40.0):
            lines = wrapped(text, metrics, width)
            assert "".join("".join(lines).split()) == "".join(text.split())
            assert all(metrics.horizontalAdvance(line) <= width for line in lines), (width, lines)
        layout = lay_out(Caption("③ 配比 A", credit=text), name * 0.7)
        assert all(metrics.horizontalAdvance(line.text) <= name * 0.7 for line in layout.lines)


def test_chinese_punctuation_stays_with_its_words_at_a_line_break(qapp):
    _, body = fonts()
    metrics = QFontMetricsF(body)
    text = CREDITS[0]
    for share in (0.3, 0.4, 0.5, 0.6, 0.7):
        for line in wrapped(text, metrics, metrics.horizontalAdvance(text) * share):
            assert line[0] not in "）」』】〉》，。、：；！？”’", line
            assert line[-1] not in "（「『【〈《“‘", line
