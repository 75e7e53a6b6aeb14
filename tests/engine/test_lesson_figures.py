"""Every figure of FIGURES.md, from the engine, to the precision the lesson prints."""

from __future__ import annotations

import math

import numpy as np
import pytest

from engine import attention, explain, load_preset, variance_experiment


@pytest.fixture(scope="module")
def lesson():
    preset = load_preset("cat-eats-fish")
    return attention(preset.q, preset.k, preset.v)


def test_the_default_preset_is_the_lessons_example():
    preset = load_preset("cat-eats-fish")
    assert preset.tokens == ("猫", "吃", "鱼")
    np.testing.assert_array_equal(preset.q, [[1, 1, 0, 0], [0, 2, 0, 2], [0, 0, 1, 1]])
    np.testing.assert_array_equal(preset.k, [[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]])
    np.testing.assert_array_equal(preset.v, [[1, 0, 1, 0], [0, 1, 0, 1], [2, 0, 0, 2]])


def test_step_one_scores(lesson):
    np.testing.assert_array_equal(lesson.scores, [[1, 1, 2], [0, 4, 2], [1, 1, 0]])


def test_step_two_scaled_by_sqrt_d_k(lesson):
    assert lesson.temperature == 2.0
    assert lesson.is_standard_scaling
    np.testing.assert_array_equal(lesson.scaled, [[0.5, 0.5, 1], [0, 2, 1], [0.5, 0.5, 0]])


def test_step_three_weights(lesson):
    expected = [[0.2741, 0.2741, 0.4519], [0.0900, 0.6652, 0.2447], [0.3837, 0.3837, 0.2327]]
    np.testing.assert_array_equal(lesson.weights.round(4), expected)


def test_step_four_context(lesson):
    expected = [
        [1.1778, 0.2741, 0.2741, 1.1778],
        [0.5795, 0.6652, 0.0900, 1.1547],
        [0.8490, 0.3837, 0.3837, 0.8490],
    ]
    np.testing.assert_array_equal(lesson.context.round(4), expected)


def test_hand_calculation_of_the_cat_row_of_scores(lesson):
    boxes = [explain(lesson, "scores", 0, j) for j in range(3)]
    assert [b.k_row for b in boxes] == [(1, 0, 1, 0), (0, 1, 0, 1), (1, 1, 0, 0)]
    assert all(b.q_row == (1, 1, 0, 0) for b in boxes)
    assert [b.products for b in boxes] == [(1, 0, 0, 0), (0, 1, 0, 0), (1, 1, 0, 0)]
    assert [b.value for b in boxes] == [1, 1, 2]


def test_hand_calculation_of_the_cat_row_scaling(lesson):
    box = explain(lesson, 2, 0, 2)
    assert (box.score, box.temperature, box.value, box.standard) == (2.0, 2.0, 1.0, True)


def test_hand_calculation_of_the_cat_row_softmax(lesson):
    box = explain(lesson, "weights", 0, 2)
    assert box.shift == 0  # the lesson shows e^0.5 and e^1 unshifted
    assert [round(e, 2) for e in box.exponentials] == [1.65, 1.65, 2.72]
    assert round(box.total, 2) == 6.02
    assert round(box.value, 2) == 0.45
    assert [round(explain(lesson, 3, 0, j).value, 2) for j in range(3)] == [0.27, 0.27, 0.45]


def test_hand_calculation_of_the_cat_context(lesson):
    box = explain(lesson, "context", 0)
    assert [round(w, 2) for w in box.weights] == [0.27, 0.27, 0.45]
    assert box.values == ((1, 0, 1, 0), (0, 1, 0, 1), (2, 0, 0, 2))
    assert [round(t, 2) for t in box.terms[2]] == [0.90, 0, 0, 0.90]
    assert [round(z, 2) for z in box.value] == [1.18, 0.27, 0.27, 1.18]


def test_eat_gives_its_largest_weight_to_itself(lesson):
    assert int(lesson.weights[1].argmax()) == 1
    assert round(float(lesson.max_weight[1]), 2) == 0.67


def test_shape_chain_of_the_lesson(lesson):
    assert lesson.q.shape == lesson.k.shape == (3, 4)
    assert lesson.scaled.shape == lesson.weights.shape == (3, 3)
    assert lesson.context.shape == (3, 4)


def test_shape_check_preset_is_random_state_seven_drawn_in_order():
    rng = np.random.RandomState(7)
    x = rng.randn(3, 8)
    w_q, w_k = rng.randn(8, 4), rng.randn(8, 4)
    w_v = rng.randn(8, 6)
    preset = load_preset("shape-check")
    assert preset.projection is not None
    np.testing.assert_array_equal(preset.projection.x, x)
    np.testing.assert_array_equal(preset.projection.w_q, w_q)
    np.testing.assert_array_equal(preset.projection.w_k, w_k)
    np.testing.assert_array_equal(preset.projection.w_v, w_v)
    np.testing.assert_array_equal(preset.q, x @ w_q)
    np.testing.assert_array_equal(preset.v, x @ w_v)


def test_shape_check_chain():
    preset = load_preset("shape-check")
    result = attention(preset.q, preset.k, preset.v)
    assert (preset.q.shape, preset.k.shape, preset.v.shape) == ((3, 4), (3, 4), (3, 6))
    assert result.scores.shape == result.weights.shape == (3, 3)
    np.testing.assert_array_equal(result.weights.sum(axis=1).round(2), [1, 1, 1])
    assert result.context.shape == (3, 6)


def test_variance_table_of_the_lesson():
    result = variance_experiment()
    table = [
        (r.d_k, round(r.std, 2), round(r.sqrt_d_k, 2), round(r.max_weight_unscaled, 2),
         round(r.max_weight_scaled, 2))
        for r in result.rows
    ]  # fmt: skip
    assert table == [
        (4, 1.98, 2.00, 0.49, 0.32),
        (16, 4.01, 4.00, 0.79, 0.39),
        (64, 8.04, 8.00, 0.90, 0.38),
    ]


def test_variance_experiment_draws_the_lessons_stream_bit_for_bit():
    """The lesson's own loop, run here, gives the same floats as the vectorised run."""
    rng = np.random.RandomState(0)
    stds = []
    for d in (4, 16, 64):
        dots = [float(rng.randn(d) @ rng.randn(d)) for _ in range(20000)]
        stds.append(float(np.std(dots)))
    maxima = []
    for d in (4, 16, 64):
        raw = []
        for _ in range(20):
            q = rng.randn(d)
            k = rng.randn(8, d)
            s = k @ q
            e = np.exp(s - s.max())
            raw.append((e / e.sum()).max())
        maxima.append(float(np.mean(raw)))
    result = variance_experiment()
    for row, std, maximum in zip(result.rows, stds, maxima, strict=True):
        assert math.isclose(row.std, std, rel_tol=1e-12)
        assert math.isclose(row.max_weight_unscaled, maximum, rel_tol=1e-12)
