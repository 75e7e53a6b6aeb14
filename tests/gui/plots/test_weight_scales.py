"""The weights' colour scales: 0–1, by row, log; the colour bar says which is shown."""

from __future__ import annotations

import numpy as np
import pytest

from gui.model.view_settings import WEIGHT_SCALES
from gui.plots.heatmap import Heatmap
from gui.plots.weight_scales import SCALES

NAMES = [f"t{i + 1}" for i in range(40)]


def causal_weights(length: int = 40) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(1)
    mask = np.tri(length, dtype=bool)
    scores = np.where(mask, rng.normal(scale=3, size=(length, length)), -np.inf)
    weights = np.exp(scores - scores.max(axis=1, keepdims=True))
    return weights / weights.sum(axis=1, keepdims=True), mask


@pytest.fixture
def weights_heatmap(qtbot):
    heatmap = Heatmap("probability")
    qtbot.addWidget(heatmap)
    heatmap.resize(500, 500)
    heatmap.show()
    qtbot.waitExposed(heatmap)
    weights, mask = causal_weights()
    heatmap.set_data(weights, NAMES, NAMES, mask)
    return heatmap, weights, mask


def test_the_plots_and_the_view_settings_name_the_same_scales():
    assert SCALES == WEIGHT_SCALES


def test_the_colour_bar_says_which_scale_is_shown(weights_heatmap):
    heatmap, _, _ = weights_heatmap
    assert heatmap.colour_bar().title() == ""  # 0–1: the lesson's figure as it always was
    heatmap.set_weight_scale("row", "A ÷ row's largest")
    assert heatmap.colour_bar().title() == "A ÷ row's largest"
    heatmap.set_weight_scale("log", "A, log scale")
    assert heatmap.colour_bar().title() == "A, log scale"
    bar = heatmap._bar
    assert [text for _, text in bar.ticks()] == ["0.0001", "0.001", "0.01", "0.1", "1"]
    heatmap.set_weight_scale("absolute", "")
    assert heatmap.colour_bar().title() == ""
    assert heatmap.levels() == (0.0, 1.0)


def test_on_the_row_scale_every_rows_largest_weight_gets_the_top_colour(weights_heatmap):
    heatmap, weights, mask = weights_heatmap
    heatmap.set_weight_scale("row", "by row")
    assert heatmap.levels() == (0.0, 1.0)
    coloured = heatmap._image.image
    assert coloured.shape == weights.shape  # every cell, at this size
    np.testing.assert_allclose(np.where(mask, coloured, -1).max(axis=1), 1.0)
    np.testing.assert_allclose(coloured[mask], (weights / weights.max(axis=1, keepdims=True))[mask])
    assert (heatmap._mask_image.image[..., 3] > 0).tolist() == (~mask).tolist()  # still grey


def test_the_log_scale_colours_log10_of_the_weight_from_one_in_ten_thousand(weights_heatmap):
    heatmap, weights, mask = weights_heatmap
    heatmap.set_weight_scale("log", "log")
    assert heatmap.levels() == (-4.0, 0.0)
    expected = np.log10(np.maximum(weights, 1e-4))
    np.testing.assert_allclose(heatmap._image.image[mask], expected[mask])


def test_every_scale_keeps_the_true_weights_in_the_hover_text_and_labels(weights_heatmap):
    heatmap, weights, _ = weights_heatmap
    texts = []
    for scale in ("absolute", "row", "log"):
        heatmap.set_weight_scale(scale, scale)
        texts.append(heatmap.cell_text(30, 7))
        np.testing.assert_array_equal(heatmap._labels._values[30, :31], weights[30, :31])
    assert texts == [f"[t31, t8] = {weights[30, 7]:.4g}"] * 3
