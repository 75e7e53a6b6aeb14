"""The heatmap of one attention step: what it shows, how it colours, how it answers the mouse."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from gui.plots.cell_labels import format_label
from gui.plots.colour_bar import ColourBar
from gui.plots.heatmap import Heatmap
from tests.gui.isolation import next_frame

TOKENS = ["猫", "吃", "鱼"]
SCORES = np.array([[1.0, 1.0, 2.0], [0.0, 4.0, 2.0], [1.0, 1.0, 0.0]])
WEIGHTS = np.array([[0.2741, 0.2741, 0.4519], [0.09, 0.6652, 0.2447], [0.3837, 0.3837, 0.2327]])
CAUSAL = np.tril(np.ones((3, 3), dtype=bool))


@pytest.fixture
def every_mouse_move():
    # pyqtgraph drops moves closer than 1/mouseRateLimit s apart; tests move faster than that
    previous = pg.getConfigOption("mouseRateLimit")
    pg.setConfigOptions(mouseRateLimit=-1)
    yield
    pg.setConfigOptions(mouseRateLimit=previous)


def colour_bar(heatmap: Heatmap) -> ColourBar:
    (bar,) = [item for item in heatmap.scene().items() if isinstance(item, ColourBar)]
    return bar


def shown_image(heatmap: Heatmap) -> pg.ImageItem:
    # the image the colour bar is linked to, which is also a check that they are linked
    return colour_bar(heatmap).linked_image()


def cell_centre(heatmap: Heatmap, row: int, col: int) -> QPoint:
    """Where the centre of a cell is in the viewport, through the view's own transform."""
    heatmap.grab()  # the view updates its transform lazily, before it paints
    view = heatmap.ci.getItem(0, 0).getViewBox()
    scene_pos = view.mapViewToScene(QPointF(col + 0.5, row + 0.5))
    return heatmap.mapFromScene(scene_pos)


def left_of_the_cells(heatmap: Heatmap) -> QPoint:
    """A point on the left axis, level with the first row."""
    first, second = cell_centre(heatmap, 0, 0), cell_centre(heatmap, 0, 1)
    return first - QPoint((second.x() - first.x()) // 2 + 6, 0)


def pixels_near(image: QImage, centre: QPoint, radius: int = 12) -> np.ndarray:
    """The (n, 3) RGB pixels of a square around ``centre``."""
    pixels = [
        image.pixelColor(centre.x() + dx, centre.y() + dy).getRgb()[:3]
        for dx in range(-radius, radius + 1)
        for dy in range(-radius, radius + 1)
    ]
    return np.array(pixels)


def test_matrix_returns_what_was_set_including_masked_infinities(make_heatmap):
    heatmap = make_heatmap("diverging")
    scaled = np.where(CAUSAL, SCORES / 2, -np.inf)
    heatmap.set_data(scaled, TOKENS, TOKENS, mask=CAUSAL)
    np.testing.assert_array_equal(heatmap.matrix(), scaled)


def test_changing_the_shape_between_calls_shows_the_new_matrix(make_heatmap):
    heatmap = make_heatmap("diverging")
    heatmap.set_selected_row(2)
    heatmap.set_selected_cell((2, 2))
    for shape in [(3, 3), (5, 2), (1, 1), (0, 0), (2, 4), (3, 3)]:
        matrix = np.arange(shape[0] * shape[1], dtype=float).reshape(shape) - 2
        rows, cols = [f"t{i}" for i in range(shape[0])], [f"d{j}" for j in range(shape[1])]
        heatmap.set_data(matrix, rows, cols)
        heatmap.grab()
        np.testing.assert_array_equal(heatmap.matrix(), matrix)
        if matrix.size:
            image = shown_image(heatmap)
            assert (image.height(), image.width()) == shape


def test_masked_cells_raise_nothing_and_are_left_out_of_the_levels(make_heatmap):
    heatmap = make_heatmap("diverging")
    scores = SCORES.copy()
    scores[0, 2] = 50.0  # a large finite value in a masked cell must not stretch the colours
    scaled = np.where(CAUSAL, scores, -np.inf)
    scaled[0, 2] = 50.0
    heatmap.set_data(scaled, TOKENS, TOKENS, mask=CAUSAL)
    heatmap.grab()  # pytest turns any RuntimeWarning from -inf into an error
    assert colour_bar(heatmap).levels() == pytest.approx((-4.0, 4.0))
    assert tuple(shown_image(heatmap).getLevels()) == pytest.approx((-4.0, 4.0))
    assert np.isfinite(shown_image(heatmap).image).all()


def test_probability_levels_stay_fixed_to_zero_and_one(make_heatmap):
    heatmap = make_heatmap("probability")
    heatmap.set_data(WEIGHTS * 0.5, TOKENS, TOKENS)
    assert colour_bar(heatmap).levels() == pytest.approx((0.0, 1.0))
    assert tuple(shown_image(heatmap).getLevels()) == pytest.approx((0.0, 1.0))


@pytest.mark.parametrize(
    ("matrix", "limit"),
    [([[1.0, -3.0], [2.0, 0.0]], 3.0), ([[0.5, 2.5]], 3.0), ([[0.0, 0.0]], 1.0),
     ([[0.7, -0.41]], 0.8), ([[7.1]], 8.0)],
)  # fmt: skip
def test_diverging_levels_are_symmetric_and_snap_to_nice_numbers(make_heatmap, matrix, limit):
    heatmap = make_heatmap("diverging")
    rows, cols = np.shape(matrix)
    heatmap.set_data(np.array(matrix), ["a"] * rows, ["b"] * cols)
    assert colour_bar(heatmap).levels() == pytest.approx((-limit, limit), rel=1e-9, abs=0)


@pytest.mark.parametrize(("row", "col"), [(0, 0), (2, 1), (1, 3)])
def test_clicking_a_cell_emits_its_row_and_column(make_heatmap, qtbot, row, col):
    heatmap = make_heatmap("diverging")
    heatmap.set_data(np.ones((3, 4)), TOKENS, ["d0", "d1", "d2", "d3"])
    with qtbot.waitSignal(heatmap.cell_clicked, timeout=2000) as blocker:
        qtbot.mouseClick(
            heatmap.viewport(), Qt.MouseButton.LeftButton, pos=cell_centre(heatmap, row, col)
        )
    assert blocker.args == [row, col]


def test_clicking_outside_the_cells_emits_nothing(make_heatmap, qtbot):
    heatmap = make_heatmap("diverging")
    heatmap.set_data(SCORES, TOKENS, TOKENS)
    with qtbot.assertNotEmitted(heatmap.cell_clicked):
        qtbot.mouseClick(
            heatmap.viewport(), Qt.MouseButton.LeftButton, pos=left_of_the_cells(heatmap)
        )
        qtbot.mouseClick(
            heatmap.viewport(), Qt.MouseButton.RightButton, pos=cell_centre(heatmap, 1, 1)
        )


@pytest.mark.usefixtures("every_mouse_move")
def test_hovering_emits_each_new_cell_once_and_minus_one_off_the_cells(make_heatmap, qtbot):
    heatmap = make_heatmap("diverging")
    heatmap.set_data(SCORES, TOKENS, TOKENS)
    viewport = heatmap.viewport()
    with qtbot.waitSignal(heatmap.cell_hovered, timeout=2000) as blocker:
        qtbot.mouseMove(viewport, cell_centre(heatmap, 1, 2))
    assert blocker.args == [1, 2]
    with qtbot.assertNotEmitted(heatmap.cell_hovered):
        qtbot.mouseMove(viewport, cell_centre(heatmap, 1, 2) + QPoint(3, 3))
        qtbot.mouseMove(viewport, cell_centre(heatmap, 1, 2) - QPoint(3, 3))
    with qtbot.waitSignal(heatmap.cell_hovered, timeout=2000) as blocker:
        qtbot.mouseMove(viewport, left_of_the_cells(heatmap))
    assert blocker.args == [-1, -1]


@pytest.mark.usefixtures("every_mouse_move")
def test_leaving_the_widget_emits_minus_one(make_heatmap, qtbot):
    heatmap = make_heatmap("diverging")
    heatmap.set_data(SCORES, TOKENS, TOKENS)
    with qtbot.waitSignal(heatmap.cell_hovered, timeout=2000):
        qtbot.mouseMove(heatmap.viewport(), cell_centre(heatmap, 2, 2))
    with qtbot.waitSignal(heatmap.cell_hovered, timeout=2000) as blocker:
        QApplication.sendEvent(heatmap, QEvent(QEvent.Type.Leave))
    assert blocker.args == [-1, -1]


@pytest.mark.parametrize("size", [300, 60])
def test_labels_show_on_a_small_matrix_and_hide_when_cells_are_too_small(make_heatmap, size):
    heatmap = make_heatmap("probability")
    heatmap.set_data(WEIGHTS, TOKENS, TOKENS)
    assert heatmap.label_font_size() >= 7
    names = [str(i) for i in range(size)]
    heatmap.set_data(np.full((size, size), 0.5), names, names)
    assert heatmap.label_font_size() == 0
    heatmap.grab()


def test_each_label_contrasts_with_its_cell(make_heatmap):
    heatmap = make_heatmap("probability")
    # viridis: 0.02 is dark purple, 0.97 light yellow
    heatmap.set_data(np.array([[0.02, 0.97]]), ["猫"], ["猫", "吃"])
    image = heatmap.grab().toImage()
    dark_cell = pixels_near(image, cell_centre(heatmap, 0, 0))
    light_cell = pixels_near(image, cell_centre(heatmap, 0, 1))
    assert (dark_cell.min(axis=1) > 200).any()  # white text on purple
    assert (light_cell.max(axis=1) < 60).any()  # black text on yellow


def test_masked_cells_are_hatched_without_a_number(make_heatmap):
    heatmap = make_heatmap("diverging")
    heatmap.set_data(np.where(CAUSAL, SCORES, -np.inf), TOKENS, TOKENS, mask=CAUSAL)
    image = heatmap.grab().toImage()
    allowed = pixels_near(image, cell_centre(heatmap, 1, 0))
    masked = pixels_near(image, cell_centre(heatmap, 0, 2))
    assert (allowed.max(axis=1) < 60).any()  # "0.00" in black on the light centre colour
    assert not (masked.max(axis=1) < 60).any()  # no number...
    assert len(np.unique(masked, axis=0)) > 1  # ...but a hatch over the grey


def test_precision_sets_the_digits_of_the_labels():
    assert format_label(0.2741, 2) == "0.27"
    assert format_label(0.2741, 3) == "0.274"
    assert format_label(-0.001, 2) == "0.00"
    assert format_label(-1.25, 1) == "-1.2"
    assert format_label(2.0, 0) == "2"


def test_setting_a_precision_changes_the_drawn_labels(make_heatmap):
    heatmap = make_heatmap("probability")
    heatmap.set_data(WEIGHTS, TOKENS, TOKENS)
    before = heatmap.grab().toImage()
    heatmap.set_precision(0)
    assert before != heatmap.grab().toImage()


def test_the_selected_cell_is_outlined_until_cleared(make_heatmap):
    heatmap = make_heatmap("probability")
    heatmap.set_data(WEIGHTS, TOKENS, TOKENS)

    def vermillion_pixels() -> int:
        pixels = pixels_near(heatmap.grab().toImage(), cell_centre(heatmap, 1, 2), radius=60)
        return int((np.abs(pixels - [0xD5, 0x5E, 0x00]).max(axis=1) < 40).sum())

    heatmap.set_selected_cell((1, 2))
    assert vermillion_pixels() > 100
    heatmap.set_selected_cell(None)
    assert vermillion_pixels() == 0


def test_highlighting_tints_the_background_and_back(make_heatmap):
    heatmap = make_heatmap("diverging")
    plain = heatmap.backgroundBrush().color()
    heatmap.set_highlighted(True)
    assert heatmap.backgroundBrush().color() != plain
    heatmap.set_highlighted(False)
    assert heatmap.backgroundBrush().color() == plain


def test_the_view_starts_on_the_whole_matrix_and_never_leaves_it(make_heatmap, qtbot):
    heatmap = make_heatmap("diverging")
    heatmap.set_data(np.ones((2, 5)), ["a", "b"], list("vwxyz"))
    view = heatmap.ci.getItem(0, 0).getViewBox()
    (x_range, y_range) = view.viewRange()
    assert x_range == pytest.approx([0, 5])
    assert y_range == pytest.approx([0, 2])
    view.scaleBy((4, 4))  # as the wheel zooms out
    view.translateBy(x=-3, y=-3)  # as a drag pans
    (x_range, y_range) = view.viewRange()
    assert x_range == pytest.approx([0, 5])
    assert y_range == pytest.approx([0, 2])
    assert not heatmap.is_zoomed()


def tick_labels(heatmap: Heatmap, side: str) -> list[tuple[float, str]]:
    # pyqtgraph keeps the ticks given to setTicks in _tickLevels, with no public getter
    return heatmap.ci.getItem(0, 0).getAxis(side)._tickLevels[0]


def test_token_names_label_every_row_and_column_in_the_app_font(make_heatmap):
    heatmap = make_heatmap("probability")
    heatmap.set_data(WEIGHTS[:2], TOKENS[:2], TOKENS)
    assert tick_labels(heatmap, "left") == [(0.5, "猫"), (1.5, "吃")]
    assert tick_labels(heatmap, "top") == [(0.5, "猫"), (1.5, "吃"), (2.5, "鱼")]
    axis = heatmap.ci.getItem(0, 0).getAxis("left")
    assert axis.style["tickFont"].family() == QApplication.font().family()


def test_many_names_are_thinned_to_every_nth_so_they_never_overlap(make_heatmap):
    heatmap = make_heatmap("diverging")
    names = [f"t{i}" for i in range(200)]
    heatmap.set_data(np.zeros((200, 200)), names, names)
    for side in ("left", "top"):
        ticks = tick_labels(heatmap, side)
        step = ticks[1][0] - ticks[0][0]
        assert 1 < len(ticks) < 40
        first = int(step) // 2 if side == "top" else 0  # on top, half a step in
        assert ticks == [(i + 0.5, f"t{i}") for i in range(first, 200, int(step))]


def test_a_huge_matrix_is_set_and_drawn(make_heatmap):
    heatmap = make_heatmap("diverging")
    names = [str(i) for i in range(2048)]
    mask = np.tril(np.ones((2048, 2048), dtype=bool))
    heatmap.set_data(np.where(mask, 1.0, -np.inf), names, names, mask=mask)
    heatmap.grab()
    assert heatmap.label_font_size() == 0


def test_hovering_a_cell_shows_its_value_in_a_tooltip(qtbot):
    heatmap = Heatmap("probability")
    qtbot.addWidget(heatmap)
    heatmap.set_data(np.array([[0.25, 0.75]]), ["一个很长很长很长很长的词语名字"], ["a", "b"])
    heatmap._set_hovered((0, 1))
    assert heatmap.toolTip() == "[一个很长很长很长很长的词语名字, b] = 0.75"  # in full
    heatmap._set_hovered((-1, -1))
    assert heatmap.toolTip() == ""


def test_a_matrix_larger_than_any_screen_is_coloured_from_every_nth_cell_in_place(make_heatmap):
    heatmap = make_heatmap("diverging", (400, 400))
    names = [str(i) for i in range(2048)]
    values = np.random.default_rng(0).normal(size=(2048, 2048))
    heatmap.set_data(values, names, names)
    image = heatmap._image
    view = heatmap._view
    step_r, step_c = heatmap.image_steps()
    # about one cell per pixel of the view: never fewer cells than pixels
    assert view.height() <= image.image.shape[0] < 2 * view.height()
    assert view.width() <= image.image.shape[1] < 2 * view.width()
    np.testing.assert_array_equal(image.image, values[::step_r, ::step_c])
    # each kept cell lies over the cells it stands for: its own and the next step − 1
    kept_r, kept_c = image.image.shape
    assert image.mapRectToParent(image.boundingRect()) == pg.QtCore.QRectF(
        0, 0, kept_c * step_c, kept_r * step_r
    )
    assert (kept_c - 1) * step_c < 2048 <= kept_c * step_c
    np.testing.assert_array_equal(heatmap.matrix(), values)  # tooltips and clicks: every cell

    heatmap.set_image_scale(math.inf)  # a vector export: as many cells as an image may hold
    assert image.image.shape == (1024, 1024)
    np.testing.assert_array_equal(image.image, values[::2, ::2])
    heatmap.set_image_scale(1.0)
    heatmap.resize(800, 800)  # presenter mode: more pixels, more cells
    QApplication.processEvents()
    assert image.image.shape[0] >= view.height() > 600


def test_a_masked_matrix_keeps_its_hatching_when_coloured_from_every_nth_cell(make_heatmap):
    heatmap = make_heatmap("diverging", (300, 300))
    names = [str(i) for i in range(1000)]
    values = np.random.default_rng(0).normal(size=(1000, 1000))
    causal = np.tri(1000, dtype=bool)
    heatmap.set_data(np.where(causal, values, -np.inf), names, names, causal)
    step_r, step_c = heatmap.image_steps()
    assert step_r > 1
    overlay = heatmap._mask_image.image
    assert overlay.shape[:2] == heatmap._image.image.shape
    np.testing.assert_array_equal(overlay[..., 3] > 0, ~causal[::step_r, ::step_c])


def test_scores_near_the_largest_float_get_a_finite_colour_scale(make_heatmap):
    heatmap = make_heatmap("diverging")
    heatmap.set_data(np.array([[1.7e308, -1.7e308], [0.0, 1.0]]), ["a", "b"], ["a", "b"])
    assert colour_bar(heatmap).levels() == (-1e300, 1e300)
    heatmap.grab()


def test_extremes_known_to_the_caller_set_the_levels_without_a_pass_over_the_matrix(make_heatmap):
    heatmap = make_heatmap("diverging")
    values = np.array([[0.5, -1.0], [2.0, -np.inf]])
    mask = np.array([[True, True], [True, False]])
    heatmap.set_data(values, ["a", "b"], ["a", "b"], mask, value_range=(-1.0, 2.0))
    assert colour_bar(heatmap).levels() == (-2.0, 2.0)
    heatmap.set_data(values, ["a", "b"], ["a", "b"], mask, value_range=(-7.0, 2.0))  # trusted
    assert colour_bar(heatmap).levels() == (-8.0, 8.0)
    assert heatmap._cells._shown.tolist() == mask.tolist()  # the masked cell is still hatched
    heatmap.set_data(values, ["a", "b"], ["a", "b"], np.zeros((2, 2), bool), (np.inf, -np.inf))
    assert colour_bar(heatmap).levels() == (-1.0, 1.0)  # nothing shown: a usable scale


def test_an_all_zero_matrix_has_a_colour_bar_of_plain_round_values(make_heatmap):
    # the mask "None": Z all zeros, and its bar read ±1e-12, noise to a student
    heatmap = make_heatmap("diverging", (300, 300))
    heatmap.set_data(np.zeros((3, 3)), TOKENS, ["d0", "d1", "d2"])
    heatmap.grab()
    assert colour_bar(heatmap).levels() == (-1.0, 1.0)
    texts = [text for _, text in colour_bar(heatmap).ticks()]
    assert "0" in texts
    assert not any("e-" in text for text in texts)


def test_the_window_colours_s_and_s_over_tau_by_their_own_extremes(window):
    window.state.set_causal(True)
    window.state.set_cell("q", 2, 1, "30")
    next_frame()
    for name, step in (("scoresHeatmap", "scores"), ("scaledHeatmap", "scaled")):
        heatmap = window.findChild(Heatmap, name)
        matrix = getattr(window.state.result, step)
        finite = matrix[np.isfinite(matrix)]
        assert colour_bar(heatmap).levels() == heatmap._levels_for(finite.min(), finite.max())


@pytest.mark.parametrize(("low", "high", "count", "texts"), [
    (-4, 4, 5, ["-4", "-2", "0", "2", "4"]),
    (0, 1, 6, ["0", "0.2", "0.4", "0.6", "0.8", "1.0"]),
    (-1.5, 1.5, 5, ["-1", "0", "1"]),
    (-8, 8, 3, ["-5", "0", "5"]),  # one value only at 10 apart: the finer spacing
    (-1e300, 1e300, 3, ["-1e+300", "0", "1e+300"]),
    (-1e-12, 1e-12, 3, ["-1e-12", "0", "1e-12"]),
])  # fmt: skip
def test_the_colour_bar_writes_round_values_with_the_decimals_they_need(low, high, count,
                                                                        texts):  # fmt: skip
    from gui.plots.colour_bar import tick_text, tick_values

    values = tick_values(low, high, count)
    step = values[1] - values[0]
    assert [tick_text(v, step) for v in values] == texts


def test_the_colour_bar_follows_the_levels_and_stays_inside_its_height(make_heatmap):
    heatmap = make_heatmap("diverging", (300, 300))
    heatmap.set_data(np.array([[0.5, -4.0], [2.0, 1.0]]), ["a", "b"], ["a", "b"])
    bar = colour_bar(heatmap)
    values = [value for value, _ in bar.ticks()]
    assert {"-4", "0", "4"} <= {text for _, text in bar.ticks()}  # both ends and zero
    assert len(set(np.round(np.diff(values), 9))) == 1  # evenly spaced
    image = heatmap.grab().toImage()
    assert image.width() > 0
    heatmap.set_data(np.array([[0.5, -30.0]]), ["a"], ["a", "b"])
    assert bar.levels() == (-30.0, 30.0)
    assert {text for _, text in bar.ticks()} >= {"-20", "0", "20"}


def test_a_tall_colour_bar_names_about_a_dozen_values_not_a_ruler(make_heatmap):
    """At 3840×2160 A's bar was 950 px tall and named 41 values, 0.025 apart."""
    heatmap = make_heatmap("probability", (600, 1000))
    heatmap.set_data(np.array([[0.2, 0.8], [0.5, 0.5]]), ["a", "b"], ["a", "b"])
    texts = [text for _, text in colour_bar(heatmap).ticks()]
    assert 6 <= len(texts) <= 11, texts
    assert {"0", "1.0"} <= set(texts) or {"0.0", "1.0"} <= set(texts), texts
