"""The issue's legibility table, in the window at 1280×720: the numbers each heatmap
paints (its drawText calls, matched against the state's own result) and their size."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from PySide6.QtCore import QCoreApplication

from engine.formats.examples import random_preset
from gui.plots.cell_labels import format_label
from gui.support.language import set_language

from ..painted import painted_numbers

SENTENCE = ["[CLS]", "the", "teacher", "reads", "the", "book", "[SEP]"]
STEPS = ("scores", "scaled", "weights", "context")


def laid_out(window, size=(1280, 720)):
    window.resize(*size)
    for _ in range(3):
        QCoreApplication.processEvents()


def open_sentence_like(window, d_v, v_scale=1.0):
    """Seven tokens of d_k = 32 (scores up to about ±15, "−12.34"-wide), d_v as asked."""
    preset = random_preset(7, 32, d_v, seed=1)
    window.state.load_preset(replace(preset, v=np.round(preset.v * v_scale, 2)))
    for index, name in enumerate(SENTENCE):
        window.state.rename_token(index, name)
    QCoreApplication.processEvents()


def after_the_heads_views(window):
    """Heads h = 2 and back, the heads' panel opened and left: as a user may have done."""
    state = window.state
    state.set_heads(2)
    window.workspace.show_panel("heads")
    laid_out(window)
    state.set_heads(1)
    window.workspace.show_panel("temperature")
    laid_out(window)


def assert_every_number(heatmap, matrix, least_px):
    numbers = painted_numbers(heatmap)
    texts = [text for text, _px in numbers]
    sizes = {px for _text, px in numbers}
    assert len(numbers) == matrix.size, (heatmap.objectName(), len(numbers), matrix.size)
    assert len(sizes) == 1, (heatmap.objectName(), sizes)  # one size per heatmap
    assert min(sizes) >= least_px, (heatmap.objectName(), sizes)
    digits = max(len(t.split(".")[1]) if "." in t else 0 for t in texts)
    expected = sorted(format_label(v, digits).replace("-", "−") for v in matrix.ravel())
    assert sorted(t.replace("-", "−") for t in texts) == expected, heatmap.objectName()
    return min(sizes)


@pytest.fixture(params=["en", "zh_CN"])
def language(request):
    set_language(request.param)
    yield request.param
    set_language("en")


def test_the_lessons_numbers_all_show_in_one_size_at_12_px_or_more(window, language):
    laid_out(window)
    after_the_heads_views(window)
    window.state.select_cell("weights", 0, 2)  # an outlined row and an outlined cell
    result = window.state.shown_result
    for step in STEPS:
        assert_every_number(window.pipeline.heatmaps[step], getattr(result, step), 12)


def test_seven_tokens_show_every_number_of_the_four_steps_at_11_px_or_more(window, language):
    """Z of 7 × 8 values up to ±2 needs one decimal (whole numbers read "0" and "1" for 0.3
    and 1.4): eight columns of "−1.5" in a quarter of 1280×720, with the rows named once
    per row of the grid (A's names serve Z)."""
    laid_out(window)
    after_the_heads_views(window)
    open_sentence_like(window, d_v=8)
    result = window.state.shown_result
    assert np.abs(result.scores).max() > 10  # numbers as wide as a real model's
    for step in STEPS:
        assert_every_number(window.pipeline.heatmaps[step], getattr(result, step), 11)


@pytest.mark.parametrize("d_v", [3, 8])
def test_the_right_hand_heatmaps_rows_are_level_with_the_names_beside_them(window, d_v):
    """S/τ and Z name no rows: their cells start where S's and A's do, row for row."""
    laid_out(window)
    open_sentence_like(window, d_v=d_v)
    heatmaps = window.pipeline.heatmaps
    for left, right in (("scores", "scaled"), ("weights", "context")):
        named, beside = heatmaps[left].cells_rect(), heatmaps[right].cells_rect()
        here = heatmaps[left].mapTo(window, heatmaps[left].rect().topLeft()).y()
        there = heatmaps[right].mapTo(window, heatmaps[right].rect().topLeft()).y()
        assert here + named.top() == pytest.approx(there + beside.top(), abs=1)
        assert named.height() == pytest.approx(beside.height(), abs=1)
        assert named.left() > 40  # "teacher" beside S's and A's rows
        assert beside.left() < 10  # nothing beside S/τ's and Z's: the cells have that room


def test_numbers_keep_two_digits_of_the_largest_value_or_are_not_shown(window):
    """Z of a real model's head (±0.3) in whole numbers read "0" in every cell."""
    open_sentence_like(window, d_v=32, v_scale=0.15)  # Z within about ±0.3, as the model's
    window.workspace_actions.inputs_action.setChecked(False)
    window.workspace_actions.side_action.setChecked(False)
    laid_out(window)
    for step in STEPS:
        matrix = getattr(window.state.shown_result, step)
        largest = np.abs(matrix[np.isfinite(matrix)]).max()
        for text, _px in painted_numbers(window.pipeline.heatmaps[step]):
            decimals = len(text.split(".")[1]) if "." in text else 0
            assert largest * 10**decimals >= 10, (step, text, largest)


def test_seven_tokens_of_a_real_models_width_number_the_three_square_steps(window, language):
    """d_v = 32 as in all-MiniLM-L6-v2: Z has 224 cells in a quarter of 1280×720; the three
    token × token steps show every number, Z what fits (its hover always tells)."""
    laid_out(window)
    open_sentence_like(window, d_v=32)
    result = window.state.shown_result
    for step in ("scores", "scaled", "weights"):
        assert_every_number(window.pipeline.heatmaps[step], getattr(result, step), 11)
