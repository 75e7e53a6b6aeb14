"""The weights as lines (BertViz's view): what is drawn is A, one head or all, as the user
hovers, clicks, thins, enlarges and exports it."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QFontInfo, QFontMetricsF, QImage

from engine import load_preset
from gui import install_fonts
from gui.export.figures import Figure
from gui.export.render import render_figure
from gui.model.state import AttentionState
from gui.plots.line_choice import BUDGET
from gui.plots.weight_lines_item import LEVELS, SELECTED_BAND, SMALLEST_NAMES, blended
from gui.support.language import set_language
from gui.views.weight_lines import WeightLines
from tests.gui.isolation import next_frame

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def make_view(qtbot, qapp):
    install_fonts(qapp)

    def make(preset="cat-eats-fish", heads=1, size=(520, 420), state=None):
        if state is None:
            state = AttentionState()
            state.load_preset(load_preset(preset))
            assert heads == 1 or state.set_heads(heads)
        next_frame()
        view = WeightLines(state)
        qtbot.addWidget(view)
        view.resize(*size)
        view.show()
        qtbot.waitExposed(view)
        return state, view

    return make


@pytest.fixture
def every_mouse_move():
    # pyqtgraph drops moves closer than 1/mouseRateLimit s apart; tests move faster than that
    previous = pg.getConfigOption("mouseRateLimit")
    pg.setConfigOptions(mouseRateLimit=-1)
    yield
    pg.setConfigOptions(mouseRateLimit=previous)


def random_state(length, heads):
    state = AttentionState()
    state.load_random(length, 64, 64, seed=3)
    assert state.set_heads(heads)
    next_frame()
    return state


def every_weight(state, heads):
    """(query, key, opacity, head) of every A > 0, opacity against the largest shown."""
    largest = max(state.heads_result.heads[h].weights.max() if state.heads > 1
                  else state.result.weights.max() for h in heads)  # fmt: skip
    found = set()
    for h in heads:
        a = state.heads_result.heads[h].weights if state.heads > 1 else state.result.weights
        for i, j in zip(*np.nonzero(a), strict=True):
            found.add((int(i), int(j), round(float(a[i, j] / largest), 9), h))
    return found


def drawn(view):
    return {(q, k, round(a, 9), h) for q, k, a, h in view.lines()}


def name_point(view, side, row) -> QPoint:
    """The middle of a token's name, in the plot's viewport."""
    picture = view.plot.picture
    geometry = picture.geometry_now()
    y = float(geometry.y(np.array([row]))[0])
    x = geometry.query_right - 6 if side == "query" else geometry.key_left + 6
    return view.plot.mapFromScene(picture.mapToScene(QPointF(x, y)))


def painted(view) -> QImage:
    next_frame()
    return view.plot.viewport().grab().toImage()


def pixel_on_line(view, image, query, key, share):
    """The colour a share of the way along the line from ``query`` to ``key``."""
    picture = view.plot.picture
    geometry = picture.geometry_now()
    y0, y1 = geometry.y(np.array([query, key]))
    x = geometry.line_left + share * (geometry.line_right - geometry.line_left)
    y = y0 + share * (y1 - y0)
    point = view.plot.mapFromScene(picture.mapToScene(QPointF(x, y)))
    ratio = image.devicePixelRatio()
    return [image.pixelColor(int((point.x() + dx) * ratio), int((point.y() + dy) * ratio))
            for dx in (-1, 0, 1) for dy in (-1, 0, 1)]  # fmt: skip


def near(colour: QColor, wanted: QColor, tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour.getRgb()[:3], wanted.getRgb()[:3],
                                                      strict=True))  # fmt: skip


def test_every_weight_is_a_line_whose_opacity_is_its_share_of_the_largest(make_view):
    state, view = make_view()
    assert drawn(view) == every_weight(state, [0])
    assert len(view.lines()) == 9
    assert view.plot.picture.notes() == ["Shade ∝ A[i, j]; darkest line: A = "
                                         f"{state.result.weights.max():.3g}"]  # fmt: skip


def test_masked_weights_draw_no_line(make_view):
    state, view = make_view()
    state.set_causal(True)
    next_frame()
    assert all(key <= query for query, key, _, _ in view.lines())
    assert len(view.lines()) == 6
    assert drawn(view) == every_weight(state, [0])


def test_an_edit_redraws_the_lines_from_the_new_weights(make_view):
    state, view = make_view()
    before = drawn(view)
    state.set_temperature(0.3)
    next_frame()
    assert drawn(view) != before
    assert drawn(view) == every_weight(state, [0])


def test_hovering_a_query_shows_its_row_only_and_a_key_its_column_only(make_view):
    state, view = make_view()
    weights = state.result.weights
    view.plot.hover("query", 1)
    assert {(q, k) for q, k, _, _ in view.lines()} == {(1, 0), (1, 1), (1, 2)}
    # shaded against its own largest weight: a row of small weights still shows
    assert sorted(a for *_, a, _ in view.lines()) == pytest.approx(
        sorted(weights[1] / weights[1].max())
    )
    view.plot.hover("key", 2)
    assert {(q, k) for q, k, _, _ in view.lines()} == {(0, 2), (1, 2), (2, 2)}
    view.plot.hover("", -1)
    assert len(view.lines()) == 9


@pytest.mark.usefixtures("every_mouse_move")
def test_the_mouse_over_a_name_hovers_it_and_between_the_columns_shows_all(make_view, qtbot):
    _, view = make_view()
    viewport = view.plot.viewport()
    with qtbot.waitSignal(view.plot.token_hovered, timeout=2000) as blocker:
        qtbot.mouseMove(viewport, name_point(view, "query", 2))
    assert blocker.args == ["query", 2]
    assert {q for q, *_ in view.lines()} == {2}
    with qtbot.waitSignal(view.plot.token_hovered, timeout=2000) as blocker:
        qtbot.mouseMove(viewport, name_point(view, "key", 0))
    assert blocker.args == ["key", 0]
    assert {k for _, k, *_ in view.lines()} == {0}
    middle = QPoint(viewport.width() // 2, name_point(view, "key", 0).y())
    with qtbot.waitSignal(view.plot.token_hovered, timeout=2000) as blocker:
        qtbot.mouseMove(viewport, middle)
    assert blocker.args == ["", -1]
    assert len(view.lines()) == 9


def test_clicking_a_query_selects_it_and_a_key_does_not(make_view, qtbot):
    state, view = make_view()
    assert state.selected_token == 0
    qtbot.mouseClick(view.plot.viewport(), Qt.MouseButton.LeftButton,
                     pos=name_point(view, "query", 2))  # fmt: skip
    assert state.selected_token == 2
    qtbot.mouseClick(view.plot.viewport(), Qt.MouseButton.LeftButton,
                     pos=name_point(view, "key", 1))  # fmt: skip
    assert state.selected_token == 2


def test_the_selected_token_is_emphasised(make_view):
    state, view = make_view()
    state.select_token(2)
    image = painted(view)
    ratio = image.devicePixelRatio()

    def band(row):
        point = name_point(view, "query", row)
        return image.pixelColor(int(2 * ratio), int(point.y() * ratio))

    assert near(band(2), SELECTED_BAND, 2)
    assert not near(band(0), SELECTED_BAND, 2)
    assert view.plot.picture.selected == 2


def test_every_head_is_drawn_in_its_own_colour_with_a_legend(make_view):
    state, view = make_view("shape-check", heads=2)
    assert view.mode.isEnabled()
    view.set_all_heads(True)
    assert view.all_heads()
    assert {h for *_, h in view.lines()} == {0, 1}
    assert drawn(view) == every_weight(state, [0, 1])
    first, second = view.head_colours()
    assert first.name() != second.name()
    assert view.plot.picture.texts.legend == ("head 1", "head 2")
    assert view.plot.picture.texts.title.startswith("Weights A of both heads")  # "all 2 heads"


def test_this_head_draws_the_selected_head_in_its_colour(make_view):
    state, view = make_view("shape-check", heads=2)
    assert not view.all_heads()
    assert drawn(view) == every_weight(state, [0])
    colour = view.head_colours()[0].name()
    state.select_head(1)
    next_frame()
    assert drawn(view) == every_weight(state, [1])
    assert view.head_colours()[0].name() != colour
    assert view.plot.picture.texts.legend == ()
    assert "head 2 of 2" in view.plot.picture.texts.title


def test_with_one_head_there_is_no_choice_of_heads(make_view):
    _, view = make_view()
    assert not view.mode.isEnabled()
    view.set_all_heads(True)
    assert not view.all_heads()


def test_a_painted_grab_has_each_heads_colour_on_its_strongest_line(make_view):
    _, view = make_view("shape-check", heads=2, size=(600, 480))
    view.set_all_heads(True)
    image = painted(view)
    lines = view.lines()  # in the order drawn: a later line covers an earlier one
    for head in (0, 1):
        uncovered = [
            (opacity, query, key)
            for n, (query, key, opacity, h) in enumerate(lines)
            if h == head and (query, key) not in {(q, k) for q, k, *_ in lines[n + 1 :]}
        ]
        opacity, query, key = max(uncovered)
        wanted = blended(view.head_colours()[head], np.ceil(opacity * LEVELS) / LEVELS)
        found = [colour for share in (0.15, 0.3, 0.45)
                 for colour in pixel_on_line(view, image, query, key, share)]  # fmt: skip
        assert any(near(colour, wanted) for colour in found), (head, wanted.name())
    # the selected head alone: the other head's colour is gone from the picture
    view.set_all_heads(False)
    image = painted(view)
    other = view.plot.colours()[0].name()  # head 1's colour now
    second = blended(QColor("#D55E00"), 1.0)
    assert other != second.name()
    colours = {image.pixelColor(x, y).name() for x in range(0, image.width(), 2)
               for y in range(0, image.height(), 2)}  # fmt: skip
    assert second.name() not in colours


def test_at_512_tokens_each_querys_strongest_key_stays_and_the_figure_says_so(make_view):
    state, view = make_view(state=random_state(512, 8), size=(700, 700))
    for every in (False, True):
        view.set_all_heads(every)
        heads = range(8) if every else [0]
        stacked = np.stack([state.heads_result.heads[h].weights for h in heads])
        lines = view.lines()
        assert len(lines) <= max(BUDGET, 512)
        strongest = {}
        for query, key, opacity, head in lines:
            strongest[query] = max(strongest.get(query, (0, -1, -1)), (opacity, key, head))
        best = stacked.max(axis=(0, 2))
        assert sorted(strongest) == list(range(512))
        for query, (_, key, head) in strongest.items():
            shown = head if every else 0
            assert stacked[shown, query, key] == pytest.approx(best[query])
        notes = view.plot.picture.notes()
        assert notes[1] == (f"{len(lines):,} of {np.count_nonzero(stacked):,} lines drawn, "
                            "the strongest; hover a token for its own")  # fmt: skip


def test_at_512_tokens_the_names_are_thinned_so_they_never_touch(make_view):
    _, view = make_view(state=random_state(512, 1), size=(500, 600))
    picture = view.plot.picture
    geometry = picture.geometry_now()
    largest = QFontInfo(picture.name_font()).pixelSize()
    assert geometry.names.px == round(largest * SMALLEST_NAMES)  # as small as names go, and
    height = QFontMetricsF(picture.name_fonts(geometry)[0]).height()  # still too many
    named = picture.named_rows(geometry)
    step = named[1] - named[0]
    assert step > 1
    assert step * geometry.pitch >= height
    assert named == list(range(step // 2, 512, step))


def svg_words(figure) -> str:
    svg = render_figure(figure, "svg").decode()
    return " ".join(t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text"))


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_short_figure_names_every_token_in_smaller_type_padding_said_so(make_view, language):
    set_language(language)
    try:
        state = AttentionState()
        state.load_preset(load_preset("two-heads"))
        assert state.set_padding(1, True)
        state, view = make_view(state=state, size=(360, 165))  # a dock at 1280 × 720
        view.set_all_heads(True)
        picture = view.plot.picture
        pad = view.tr("{0}: pad").format(state.tokens[1])
        assert pad != state.tokens[1]
        words = svg_words(Figure("weight-lines", "Weights as lines", view.plot))
        assert "".join(words.split()).count("".join(pad.split())) == 2  # both sides, marked
        assert picture.names == (state.tokens[0], pad, state.tokens[2])
        geometry = picture.geometry_now()
        assert geometry.names.px < QFontInfo(picture.name_font()).pixelSize()  # rows closer
        font = picture.name_fonts(geometry)[0]
        assert QFontMetricsF(font).height() <= geometry.pitch * 1.05 + 0.01
        assert picture.named_rows(geometry) == [0, 1, 2]
        assert state.set_padding(1, False)
        next_frame()
        assert picture.geometry_now().count == 3
        assert picture.names == state.tokens
    finally:
        set_language("en")


def test_six_tokens_in_a_small_export_are_all_named_and_the_notes_wrap(make_view):
    state = random_state(6, 1)
    _, view = make_view(state=state, size=(240, 300))
    picture = view.plot.picture
    words = svg_words(Figure("weight-lines", "Weights as lines", view.plot))
    assert "…" not in words
    assert f"{picture.darkest():.3g}" in words  # the note's number, on its wrapped line
    assert all(words.count(name) >= 2 for name in state.tokens), (state.tokens, words)
    assert picture.named_rows() == list(range(6))


def test_at_512_tokens_the_strongest_line_is_painted_in_its_colour(make_view):
    state, view = make_view(state=random_state(512, 1), size=(700, 700))
    weights = state.result.weights
    query, key = np.unravel_index(weights.argmax(), weights.shape)
    image = painted(view)
    wanted = view.head_colours()[0]
    for share in (0.2, 0.5, 0.8):  # drawn last, so on top everywhere along it
        assert any(near(colour, wanted, 2) for colour in pixel_on_line(view, image, query, key,
                                                                       share))  # fmt: skip


def test_presenter_text_size_scales_every_text_of_the_figure(make_view):
    state, view = make_view()
    picture = view.plot.picture
    size = picture.name_font().pointSizeF()
    column = picture.geometry_now().name_width
    state.view.set_font_scale(2.0)
    assert picture.name_font().pointSizeF() == pytest.approx(2 * size)
    assert picture.geometry_now().name_width > 1.5 * column
    state.view.set_font_scale(1.0)
    assert picture.name_font().pointSizeF() == pytest.approx(size)


def test_the_figure_exports_as_png_svg_and_pdf_with_its_lines(make_view):
    _, view = make_view("shape-check", heads=2)
    view.set_all_heads(True)
    figure = Figure("weight-lines", "Weights as lines", view.plot)
    image = QImage.fromData(render_figure(figure, "png", 2))
    assert image.width() == 2 * view.plot.width()
    colours = {image.pixelColor(x, y).name() for x in range(0, image.width(), 3)
               for y in range(0, image.height(), 3)}  # fmt: skip
    strongest = [max(lines, key=lambda line: line[2]) for lines in
                 ([line for line in view.lines() if line[3] == h] for h in (0, 1))]  # fmt: skip
    assert any(c == view.head_colours()[strongest[0][3]].name() for c in colours) or any(
        c == view.head_colours()[strongest[1][3]].name() for c in colours
    )
    svg = render_figure(figure, "svg").decode()
    # Qt writes a text as one element, or as one per word with some fonts (Droid Sans Fallback)
    words = "".join(t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text"))
    assert "head 2" in words
    assert sum(view.head_colours()[h].name() in svg.lower() for h in (0, 1)) >= 1
    assert render_figure(figure, "pdf").startswith(b"%PDF")


def test_many_lines_export_as_vector_lines_in_svg(make_view):
    _, view = make_view(state=random_state(64, 1), size=(500, 500))
    assert len(view.lines()) > 200  # drawn through an image on screen
    figure = Figure("weight-lines", "Weights as lines", view.plot)
    svg = render_figure(figure, "svg").decode()
    assert "<image" not in svg
    assert svg.count("<polyline") + svg.count("<path") + svg.count("<line") > 10


def test_a_hidden_view_reads_nothing_when_the_weights_change(make_view):
    state, view = make_view()
    calls = []
    source = view._source
    view.plot.set_source(lambda: calls.append(1) or source())
    painted(view)
    calls.clear()
    view.hide()
    for tau in (0.5, 1.0, 2.0):
        state.set_temperature(tau)
        next_frame()
    assert calls == []
    view.show()
    assert drawn(view) == every_weight(state, [0])
    assert len(calls) == 1


def test_the_view_speaks_chinese(make_view):
    from gui.support.language import set_language

    _, view = make_view("shape-check", heads=2)
    set_language("zh_CN")
    try:
        assert view.mode.itemText(0) == "选中的头"
        assert view.plot.picture.texts.queries == "提问 i"
        view.set_all_heads(True)
        assert view.plot.picture.texts.legend == ("头 1", "头 2")
    finally:
        set_language("en")
    assert view.mode.itemText(0) == "the selected head"


def test_an_edit_of_v_chooses_no_line_again_and_an_edit_of_q_does(make_view):
    state, view = make_view()
    calls = []
    source = view._source
    view.plot.set_source(lambda: calls.append(1) or source())
    painted(view)
    calls.clear()
    state.set_cell("v", 0, 0, 5.0)  # A does not depend on V
    next_frame()
    painted(view)
    assert calls == []
    state.set_cell("q", 0, 0, 5.0)
    next_frame()
    painted(view)
    assert calls == [1]
    assert drawn(view) == every_weight(state, [0])
