"""A heatmap's names and numbers: which rows and columns are named, in what size and way,
and the numbers kept whole beside the outlines and hatches."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFont, QFontInfo, QFontMetricsF, QImage, QPainter

from gui.plots.heatmap import Heatmap
from gui.plots.heatmap_text import LEAST_NAME_PX
from tests.gui.isolation import next_frame

TOKENS = ["猫", "吃", "鱼"]
SCORES = np.array([[1.0, 1.0, 2.0], [0.0, 4.0, 2.0], [1.0, 1.0, 0.0]])


def test_the_names_room_comes_back_after_a_larger_text_and_back(make_heatmap):
    # pyqtgraph's axis narrows only for text 10 px smaller: after presenter mode (1.35×)
    # the row names kept the large type's room and the cells came back narrower
    heatmap = make_heatmap("diverging", (300, 300))
    heatmap.set_data(SCORES, TOKENS, TOKENS)

    def laid_out() -> tuple[float, float, object]:
        for _ in range(3):  # the axes measure their text as they paint, then lay out again
            heatmap.grab()
            next_frame()
        left, top = heatmap._plot.getAxis("left"), heatmap._plot.getAxis("top")
        return left.width(), top.height(), heatmap.cells_rect()

    before = laid_out()
    heatmap.set_font_scale(1.35)
    larger = laid_out()
    assert larger[0] > before[0]
    assert larger[1] > before[1]
    heatmap.set_font_scale(1.0)
    assert laid_out() == before


def test_short_names_beside_a_long_one_are_each_named(make_heatmap):
    # long names ("[CLS]") between short ones: measured by the widest
    # name, every other token lost its name where each pair of neighbours had room
    names = ["the", "[CLS]", "a", "b", "[SEP]", "cat"]
    heatmap = make_heatmap("probability", (360, 300))
    heatmap.set_data(np.full((6, 6), 1 / 6), names, names)
    metrics = QFontMetricsF(heatmap._tick_font)
    widest = max(metrics.horizontalAdvance(name) for name in names)
    gap = metrics.averageCharWidth()
    for width in range(200, 600, 10):  # a width where the widest name would thin them out
        heatmap.resize(width, 300)
        heatmap.grab()
        cell = heatmap._view.width() / 6
        pairs = max(metrics.horizontalAdvance(a) + metrics.horizontalAdvance(b)
                    for a, b in itertools.pairwise(names)) / 2 + gap  # fmt: skip
        if widest + gap > cell >= pairs:
            break
    else:
        pytest.fail("no width between the two measures")
    assert heatmap.tick_steps()[1] == 1
    assert [name for _, name in heatmap._plot.getAxis("top")._tickLevels[0]] == names
    heatmap.resize(160, 300)  # too narrow even for pairs: thinned out as before
    heatmap.grab()
    assert heatmap.tick_steps()[1] > 1


def column_names_laid_out(heatmap: Heatmap) -> list[str]:
    """The names above the columns once the axes have measured their text and laid out."""
    for _ in range(3):
        heatmap.grab()
        next_frame()
    return [name for _, name in heatmap._plot.getAxis("top")._tickLevels[0]]


def test_a_long_name_is_cut_short_rather_than_leaving_its_neighbours_unnamed(make_heatmap):
    # "+ token" at 1280 px: "token 4" beside 猫 吃 鱼 left only 鱼 named above the columns;
    # now each is named: in a smaller type, cut short ("to…") or upright
    names = ["猫", "吃", "鱼", "token 4"]
    heatmap = make_heatmap("diverging", (260, 200))
    heatmap.set_data(np.eye(4), names, names)
    shown = column_names_laid_out(heatmap)
    top = heatmap._plot.getAxis("top")
    metrics = QFontMetricsF(top.style["tickFont"])
    cell = heatmap.cells_rect().width() / 4
    assert shown[:3] == names[:3]
    assert len(shown) == 4
    assert shown[3] == "token 4" or (shown[3].startswith("t") and shown[3].endswith("…"))
    # text_fit lets neighbours share their halves: the last name must end within the axis
    if top.upright:
        assert metrics.height() < cell
    else:
        assert 3.5 * cell + metrics.horizontalAdvance(shown[3]) / 2 <= 4 * cell + 0.5


SENTENCE = ["[CLS]", "the", "cat", "eats", "fish", "[SEP]"]


def written_names(heatmap: Heatmap, side: str) -> list[str]:
    for _ in range(3):  # the axes measure their text as they paint, then lay out again
        heatmap.grab()
        next_frame()
    return [name for _, name in heatmap._plot.getAxis(side)._tickLevels[0]]


SEVEN = [*SENTENCE[:5], "a", "[SEP]"]


@pytest.mark.parametrize(
    ("size", "names"), [((234, 155), SENTENCE), ((266, 175), SENTENCE), ((300, 190), SEVEN)]
)
def test_a_sentence_in_a_small_heatmap_names_every_row_and_column(make_heatmap, size, names):
    # a trial at 1280×720 saw "the cat eats fish" named "cat" on top and [CLS], cat, fish
    # beside the rows: 20 px a row, a type that needed 24
    count = len(names)
    heatmap = make_heatmap("probability", size)
    heatmap.set_data(np.full((count, count), 1 / count), names, names)
    assert written_names(heatmap, "left") == names
    top = written_names(heatmap, "top")
    assert len(top) == count
    # whole, upright, rather than cut short in the least size (中文's wider window at 1280
    # wrote "[C…" in 10 px where 13 px upright fitted)
    assert top == names
    font = heatmap._plot.getAxis("left").style["tickFont"]
    assert QFontInfo(font).pixelSize() >= LEAST_NAME_PX
    assert heatmap.tick_steps() == (1, 1)


def test_upright_names_are_drawn_inside_their_axis(make_heatmap):
    heatmap = make_heatmap("probability", (234, 155))
    heatmap.set_data(np.full((6, 6), 1 / 6), SENTENCE, SENTENCE)
    written_names(heatmap, "top")
    top = heatmap._plot.getAxis("top")
    assert top.upright
    image = QImage(heatmap.size(), QImage.Format.Format_RGB32)
    painter = QPainter(image)
    _, _, texts = top.generateDrawSpecs(painter)
    painter.end()
    bounds = top.boundingRect()
    assert len(texts) == 6
    assert all(bounds.contains(rect) for rect, _, _ in texts)


def test_many_names_still_go_every_nth_in_the_least_type(make_heatmap):
    heatmap = make_heatmap("probability", (234, 155))
    names = [f"t{i}" for i in range(40)]
    heatmap.set_data(np.full((40, 40), 1 / 40), names, names)
    written_names(heatmap, "left")
    assert heatmap.tick_steps()[0] > 1


def test_many_long_names_are_not_all_cut_alike(make_heatmap):
    # nine columns, six of them "token N": cut, they all read "to…"; named every n-th instead
    names = ["猫", "吃", "鱼", *(f"token {i}" for i in range(4, 10))]
    heatmap = make_heatmap("diverging", (420, 300))
    heatmap.set_data(np.eye(9), names, names)
    shown = column_names_laid_out(heatmap)
    assert shown
    assert len(set(shown)) == len(shown)  # no two alike
    assert all(name in names for name in shown)  # each in full


def test_a_sentences_names_stay_put_while_tau_changes(window, qtbot):
    # the names' size and way are chosen from the room of the cells and the axes together,
    # which neither τ nor the names' own size changes: nothing moves while the dial plays
    window.state.load_random(6, 32, 32, 3)
    for index, name in enumerate(SENTENCE):
        window.state.rename_token(index, name)
    window.resize(1280, 720)

    def names_and_cells():
        for _ in range(3):
            window.grab()
            next_frame()
        return {
            step: (heatmap.cells_rect(), heatmap.tick_steps(),
                   heatmap._plot.getAxis("left").style["tickFont"].pixelSize(),
                   heatmap._plot.getAxis("top").upright,
                   heatmap._plot.getAxis("top")._tickLevels[0])
            for step, heatmap in window.pipeline.heatmaps.items()
        }  # fmt: skip

    before = names_and_cells()
    assert [name for _, name in before["weights"][4]][1:5] == SENTENCE[1:5]
    for tau in (0.05, 0.3, 1.4142, 7.77, 20.0):
        window.dial.set_temperature(tau, animate=False)
        assert names_and_cells() == before, tau


class RecordingPainter:
    """Stands in for QPainter in CellLabels.paint: records each text, its box and font."""

    def __init__(self, transform):
        self._transform, self._font, self.texts, self.fills = transform, None, [], []

    def transform(self):
        return self._transform

    def setFont(self, font):  # noqa: N802 (Qt's name)
        self._font = QFont(font)

    def drawText(self, rect, _flags, text):  # noqa: N802 (Qt's name)
        self.texts.append((QRectF(rect), text, QFont(self._font)))

    def fillRect(self, rect, brush):  # noqa: N802 (Qt's name)
        self.fills.append((QRectF(rect), brush.style(), brush.color().name()))

    def __getattr__(self, name):  # save, restore, resetTransform, setPen, fillRect
        return lambda *args: None


OUTLINED = [((234, 155), 1.0, 6), ((300, 220), 1.5, 3), ((500, 400), 1.0, 3)]


@pytest.mark.parametrize(("size", "scale", "count"), OUTLINED)
def test_the_outlines_never_cover_or_shrink_a_number(make_heatmap, size, scale, count):
    # −2.00 in the selected row's first cell read "2.00" under the outline (presenter
    # mode, 3 tokens); then the outlined row was written in 17 px beside 19: now the
    # outlines lie on the cells' borders, in a margin every cell keeps, one size for all
    heatmap = make_heatmap("diverging", size)
    values = np.resize([-2.0, 0.34, -1.5, 1.0, 0.0, -0.25, 0.5, 2.0, 1.0], (count, count))
    names = [f"t{i}" for i in range(count)]
    heatmap.set_data(values, names, names)
    heatmap.set_font_scale(scale)
    heatmap.set_line_width(scale)
    heatmap.set_selected_row(0)
    heatmap.set_selected_cell((1, 2))
    for _ in range(3):
        heatmap.grab()
        next_frame()
    labels = heatmap._labels
    transform = labels.sceneTransform() * heatmap.viewportTransform()
    painter = RecordingPainter(transform)
    labels.paint(painter)
    assert len(painter.texts) == count * count
    assert len({QFontInfo(font).pixelSize() for _, _, font in painter.texts}) == 1
    clear = max(heatmap._row_outline.clear_px(), heatmap._cell_outline.clear_px())
    for rect, text, font in painter.texts:
        metrics = QFontMetricsF(font)
        point = transform.inverted()[0].map(rect.center())
        cell = transform.mapRect(QRectF(int(point.x()), int(point.y()), 1, 1))
        baseline = rect.center().y() - metrics.height() / 2 + metrics.ascent()
        ink = metrics.tightBoundingRect(text).translated(rect.center().x()
                                                         - metrics.horizontalAdvance(text) / 2,
                                                         baseline)  # fmt: skip
        inner = cell.adjusted(clear - 0.5, clear - 0.5, 0.5 - clear, 0.5 - clear)
        width = metrics.horizontalAdvance(text)  # the ink's box is rounded out to pixels
        assert inner.left() <= rect.center().x() - width / 2, (text, inner)
        assert rect.center().x() + width / 2 <= inner.right(), (text, inner)
        assert inner.top() <= ink.top(), (text, ink, inner)
        assert ink.bottom() <= inner.bottom(), (text, ink, inner)


def test_a_dropped_weight_is_hatched_otherwise_than_a_masked_one_and_says_so(make_heatmap):
    # dropout's zeros were hatched exactly as the mask's: a student took them for masked
    heatmap = make_heatmap("probability", (300, 300))
    weights = np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 1.0, 1.0]])
    allowed = np.tril(np.ones((3, 3), dtype=bool))
    dropped = np.zeros((3, 3), dtype=bool)
    dropped[1, 0] = dropped[2, 0] = True
    heatmap.set_data(weights, TOKENS, TOKENS, allowed, None, dropped)
    heatmap.grab()
    labels = heatmap._labels
    transform = labels.sceneTransform() * heatmap.viewportTransform()
    painter = RecordingPainter(transform)
    labels.paint(painter)

    def hatch_of(row, col):
        centre = transform.map(QPointF(col + 0.5, row + 0.5))
        (style,) = {(s, c) for rect, s, c in painter.fills if rect.contains(centre)}
        return style

    masked, gone = hatch_of(0, 1), hatch_of(1, 0)
    assert hatch_of(0, 2) == masked
    assert hatch_of(2, 0) == gone
    assert gone[0] != masked[0]  # another pattern
    assert gone[1] != masked[1]  # and another colour
    assert not any(text for rect, text, _ in painter.texts
                   if rect.contains(transform.map(QPointF(0.5, 1.5))))  # fmt: skip
    assert "dropout" in heatmap.cell_text(1, 0)
    assert "masked" in heatmap.cell_text(0, 1)
    assert "dropout" not in heatmap.cell_text(0, 1)
    assert heatmap.cell_text(1, 1).endswith("= 1")


def test_the_window_tells_dropouts_zeros_from_the_masks(window):
    from engine.lesson.dropout import DropoutSetting

    window.state.set_causal(True)
    window.state.set_dropout(DropoutSetting(p=0.5, seed=7, training=True))
    next_frame()
    heatmap = window.pipeline.heatmaps["weights"]
    kept, allowed = window.state.dropped.kept, window.state.shown_result.mask
    assert (~kept & allowed).any()
    np.testing.assert_array_equal(heatmap._dropped, ~kept & allowed)
    row, col = np.argwhere(~kept & allowed)[0]
    assert "dropout" in heatmap.cell_text(row, col)
    assert "masked" in heatmap.cell_text(0, 2)


def test_zs_many_dimensions_do_not_make_the_tokens_names_smaller(window):
    # Z's 32 columns fitted only at the least size, and the four shared the smallest:
    # at 1920×1080 the tokens were named in 10 px where 16 px fitted them
    window.state.load_random(6, 32, 32, 3)
    for index, name in enumerate(SENTENCE):
        window.state.rename_token(index, name)
    window.resize(1920, 1080)
    for _ in range(3):
        window.grab()
        next_frame()
    heatmaps = window.pipeline.heatmaps
    sizes = {step: h._plot.getAxis("left").style["tickFont"].pixelSize()
             for step, h in heatmaps.items()}  # fmt: skip
    assert len(set(sizes.values())) == 1  # one size in all four: their cells line up
    assert sizes["scores"] > LEAST_NAME_PX
    assert written_names(heatmaps["weights"], "top") == SENTENCE
    assert written_names(heatmaps["context"], "top")  # every n-th d, in the same size


def test_too_many_rows_to_name_each_still_leave_every_column_named(make_heatmap):
    # 16 tokens in presenter mode at 1280×720: rows every other, and the columns too,
    # where upright each had its room
    names = [f"t{i}" for i in range(1, 17)]
    heatmap = make_heatmap("probability", (400, 200))
    heatmap.set_data(np.full((16, 16), 1 / 16), names, names)
    assert written_names(heatmap, "top") == names
    assert heatmap.tick_steps()[0] > 1
    assert len(written_names(heatmap, "left")) < 16


def test_steps_shared_anew_in_the_same_fit_name_the_rows_anew(make_heatmap):
    # a zoom shares its steps in two turns: every 50th first (the others still whole), then
    # every one in the same fit; the names stayed every 50th ("t101" alone of 15 rows)
    heatmap = make_heatmap("probability", (400, 400))
    names = [f"t{i + 1}" for i in range(512)]
    heatmap.set_data(np.full((512, 512), 1 / 512), names, names)
    heatmap.show_cells((97.5, 112.0), (389.4, 403.9))
    size = heatmap.name_size()
    heatmap.share_tick_steps(50, 100, size)
    assert written_names(heatmap, "left") == ["t101"]
    heatmap.share_tick_steps(1, 1, size)
    assert written_names(heatmap, "left") == names[97:112]
