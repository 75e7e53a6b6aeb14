"""text_fit decides with numbers only: no fonts, no QApplication."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from gui.plots.text_fit import REFERENCE_PX, Names, Room, fit_cells, fit_texts

LINE = 1.2


def test_texts_that_fit_whole_are_written_whole_in_the_largest_size():
    fit = fit_texts([200, 300], ["ab", "abc"], Room(60, 20), (10, 16), LINE)
    assert (fit.px, fit.way, fit.texts, fit.step) == (16, "along", ("ab", "abc"), 1)


def test_a_long_name_is_cut_where_its_neighbours_fit_whole():
    widths = [200, 200, 200, 900]
    fit = fit_texts(widths, ["a", "b", "c", "token 4"], Room(40, 13), (10, 10), LINE,
                    ("along", "cut"))  # fmt: skip
    assert fit.way == "cut"
    assert fit.texts[:3] == ("a", "b", "c")
    assert fit.texts[3].startswith("t")
    assert fit.texts[3].endswith("…")


def test_texts_cut_alike_are_not_cut_but_thinned():
    texts = [f"token {i}" for i in range(6)]
    fit = fit_texts([700] * 6, texts, Room(30, 13), (10, 10), LINE, ("along", "cut"))
    assert fit.step > 1
    assert set(fit.texts) <= set(texts)


def test_numbers_are_written_all_or_none():
    fit = fit_texts([500], [""], Room(20, 20), (9, 28), 0.8, thin=False)
    assert fit.px == 0
    assert not fit.shown


def test_a_heatmap_of_seven_tokens_writes_every_number_in_11_px_or_more():
    # 300×250 heatmap: 232×236 px for cells and axes; "-20.00" "-20.0" "-20" wide at 100 px
    names = Names((330.0, 150.0, 400.0, 280.0, 150.0, 240.0, 330.0), ("",) * 7, 7.0)
    fit = fit_cells((232.0, 236.0), names, names, ((2, 284.0), (1, 229.0), (0, 146.0)),
                    (10, 17), (9, 11, 28), (1.2, 0.77), 2.0)  # fmt: skip
    assert fit.numbers.px >= 11
    assert fit.rows.complete
    assert fit.columns.complete


@given(
    widths=st.lists(st.floats(10, 2000), min_size=1, max_size=40),
    pitch=st.floats(2, 300),
    depth=st.floats(2, 300),
    least=st.integers(1, 20),
    extra=st.integers(0, 20),
    thin=st.booleans(),
)
def test_every_text_written_fits_its_room_in_a_size_within_bounds(widths, pitch, depth, least,
                                                                    extra, thin):  # fmt: skip
    room = Room(pitch, depth)
    texts = [f"t{i}" for i in range(len(widths))]
    ways = ("along", "stagger", "cut", "stagger cut", "across")
    fit = fit_texts(widths, texts, room, (least, least + extra), LINE, ways, thin)
    assert fit == fit_texts(widths, texts, room, (least, least + extra), LINE, ways, thin)
    if not fit.px:
        assert not fit.shown
        return
    assert least <= fit.px <= least + extra
    sized = [widths[i] * fit.px / REFERENCE_PX for i in fit.shown]
    if fit.way == "across":
        assert max(sized) <= depth + 1e-6
        assert LINE * fit.px <= pitch * fit.step + 1e-6
    elif fit.way == "along":
        assert LINE * fit.px <= depth + 1e-6
        centres = [(i + 0.5) * pitch for i in fit.shown]
        for (a, wa), (b, wb) in itertools.pairwise(zip(centres, sized, strict=True)):
            assert a + wa / 2 <= b - wb / 2 + 1e-6  # neighbours never overlap
        assert centres[0] - sized[0] / 2 >= -1e-6
        assert centres[-1] + sized[-1] / 2 <= pitch * len(widths) + 1e-6
    assert len(fit.shown) == len(fit.texts)


def test_a_name_whole_in_a_smaller_size_beats_it_cut_in_a_larger():
    # six bars 20 px apart: "[SEP]" whole on two rows in 11 px, not "[SE…" in 12
    widths = [300, 170, 170, 230, 170, 300]
    texts = ["[CLS]", "the", "cat", "eats", "fish", "[SEP]"]
    room = Room(20, 40, 12, 124, 4.0)
    fit = fit_texts(widths, texts, room, (10, 12), LINE, ("along", "stagger", "stagger cut"))
    assert fit.texts == tuple(texts)
    assert (fit.way, fit.rows) == ("stagger", 2)
    assert fit.px < 12


def test_names_too_long_for_two_rows_are_cut_on_two_rows():
    widths = [300, 170, 700, 250, 170, 230, 300]
    texts = ["[CLS]", "the", "teacher", "reads", "the", "book", "[SEP]"]
    room = Room(19, 40, 16, 146, 4.0)
    fit = fit_texts(widths, texts, room, (10, 12), LINE, ("along", "stagger", "stagger cut"))
    assert (fit.way, fit.rows, fit.step) == ("stagger cut", 2, 1)
    assert fit.texts[2].endswith("…")
    assert fit.texts[2].startswith("te")
    assert sum(text.endswith("…") for text in fit.texts) == 1
