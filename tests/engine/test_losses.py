"""Goals for A, and the losses on A and Z with their gradients against finite differences."""

from __future__ import annotations

import math

import numpy as np
import pytest

from engine import (
    InputError,
    attention,
    backward,
    causal_mask,
    cross_entropy,
    goal_rows,
    load_preset,
    previous_token_goal,
    same_name_goal,
    same_token_goal,
    squared_error,
)
from tests.engine.finite_differences import assert_matches, numeric_gradient

LESSON = load_preset("cat-eats-fish")


# ------------------------------------------------------------------ goals


def test_the_previous_token_goal_leaves_the_first_row_out_or_wraps_it():
    goal = previous_token_goal(3)
    assert goal.rows == (1, 2)
    np.testing.assert_array_equal(goal.targets, [[0, 0, 0], [1, 0, 0], [0, 1, 0]])
    wrapped = previous_token_goal(3, wrap=True)
    assert wrapped.rows == (0, 1, 2)
    np.testing.assert_array_equal(wrapped.targets[0], [0, 0, 1])  # 猫 looks at the last word
    with pytest.raises(InputError, match="the goal chooses no row"):
        previous_token_goal(1)


def test_a_causal_mask_refuses_the_wrapped_goal_and_takes_the_plain_one():
    a = attention(LESSON.q, LESSON.k, LESSON.v, causal=True).weights
    with pytest.raises(InputError, match="row 0 puts weight on key 2, which the mask hides"):
        cross_entropy(a, previous_token_goal(3, wrap=True), causal_mask(3))
    assert math.isfinite(cross_entropy(a, previous_token_goal(3), causal_mask(3)).value)


def test_each_token_looks_at_itself():
    goal = same_token_goal(3)
    np.testing.assert_array_equal(goal.targets, np.eye(3))
    assert goal.rows == (0, 1, 2)


def test_each_token_looks_at_the_tokens_of_its_own_name():
    tokens = ["the", "cat", "saw", "the", "cat"]
    goal = same_name_goal(tokens)
    np.testing.assert_array_equal(goal.targets[0], [0.5, 0, 0, 0.5, 0])
    np.testing.assert_array_equal(goal.targets[2], [0, 0, 1, 0, 0])  # unique: itself
    others = same_name_goal(tokens, itself=False)
    assert others.rows == (0, 1, 3, 4)  # "saw" has no other
    np.testing.assert_array_equal(others.targets[4], [0, 1, 0, 0, 0])
    earlier = same_name_goal(tokens, itself=False, causal=True)
    assert earlier.rows == (3, 4)
    np.testing.assert_array_equal(earlier.targets[3], [1, 0, 0, 0, 0])
    np.testing.assert_allclose(goal.targets.sum(axis=1), 1.0)


def test_a_goal_given_by_hand_is_checked_row_by_row():
    goal = goal_rows(3, {0: [0.1, 0.1, 0.8]})
    assert goal.rows == (0,)
    np.testing.assert_array_equal(goal.chosen, [True, False, False])
    for bad in ([0.5, 0.5], [0.5, 0.6, -0.1], [0.2, 0.2, 0.2], [np.nan, 0, 1], "abc"):
        with pytest.raises(InputError, match="row 0 must be 3 weights, each ≥ 0, that sum to 1"):
            goal_rows(3, {0: bad})
    with pytest.raises(InputError, match="row 3 is outside the 3 queries"):
        goal_rows(3, {3: [0, 0, 1]})
    with pytest.raises(InputError, match="the goal chooses no row"):
        goal_rows(3, {})


# ------------------------------------------------------------------ cross-entropy


def test_the_cross_entropy_of_the_lessons_row_is_the_hand_figure():
    a = attention(LESSON.q, LESSON.k, LESSON.v).weights  # 猫: [0.2741, 0.2741, 0.4519]
    loss = cross_entropy(a, goal_rows(3, {0: [0.1, 0.1, 0.8]}))
    expected = -(0.1 * math.log(a[0, 0]) + 0.1 * math.log(a[0, 1]) + 0.8 * math.log(a[0, 2]))
    assert loss.value == pytest.approx(expected, rel=1e-14)
    assert round(loss.value, 4) == 0.8944  # 0.2·1.2943 + 0.8·0.7943
    assert loss.d_weights is not None
    assert loss.d_context is None
    assert (loss.d_weights[1:] == 0.0).all()  # rows not chosen add nothing


def test_through_the_softmax_the_cross_entropy_gives_a_minus_t():
    """∂L/∂(S/τ) = (A − T)/n on the chosen rows: the log undoes the exponential."""
    result = attention(LESSON.q, LESSON.k, LESSON.v)
    goal = goal_rows(3, {0: [0.1, 0.1, 0.8], 2: [0, 0, 1]})
    loss = cross_entropy(result.weights, goal)
    gradients = backward(result, d_weights=loss.d_weights)
    expected = (result.weights - goal.targets) / 2
    expected[1] = 0.0
    np.testing.assert_allclose(gradients.d_scaled, expected, atol=1e-15)


@pytest.mark.parametrize("rows", [(0,), (0, 2), (1, 2, 3)])
def test_the_cross_entropys_gradient_is_the_finite_differences(rows):
    rng = np.random.default_rng(len(rows))
    q, k, v = rng.normal(size=(4, 3)), rng.normal(size=(4, 3)), rng.normal(size=(4, 2))
    targets = rng.random((4, 4))
    goal = goal_rows(4, {row: targets[row] / targets[row].sum() for row in rows})
    mask = np.ones((4, 4), dtype=bool)

    def loss() -> float:
        return cross_entropy(attention(q, k, v, mask=mask).weights, goal).value

    result = attention(q, k, v, mask=mask)
    gradients = backward(result, d_weights=cross_entropy(result.weights, goal).d_weights)
    assert_matches(gradients.d_queries, numeric_gradient(loss, q), "cross-entropy ∂L/∂Q")
    assert_matches(gradients.d_keys, numeric_gradient(loss, k), "cross-entropy ∂L/∂K")
    a = result.weights.copy()
    direct = cross_entropy(a, goal).d_weights
    assert_matches(direct, numeric_gradient(lambda: cross_entropy(a, goal).value, a), "∂CE/∂A")


def test_a_weight_that_underflowed_to_zero_costs_much_but_stays_finite():
    result = attention(LESSON.q * 100, LESSON.k, LESSON.v, temperature=0.01)
    assert result.weights[0, 0] == 0.0
    loss = cross_entropy(result.weights, goal_rows(3, {0: [1, 0, 0]}))
    assert loss.value == pytest.approx(708.4, abs=0.1)  # −log(2.2e-308)
    gradients = backward(result, d_weights=loss.d_weights)
    assert np.isfinite(gradients.d_queries).all()


# ------------------------------------------------------------------ squared error


def test_the_squared_error_and_its_gradient():
    z = np.array([[1.0, 2.0], [3.0, 4.0]])
    target = np.array([[1.0, 0.0], [0.0, 4.0]])
    loss = squared_error(z, target)
    assert loss.value == (4 + 9) / 4
    np.testing.assert_array_equal(loss.d_context, [[0, 1.0], [1.5, 0]])
    one_row = squared_error(z, target, rows=[1])
    assert one_row.value == 9 / 2
    np.testing.assert_array_equal(one_row.d_context, [[0, 0], [3.0, 0]])
    with pytest.raises(InputError, match=r"the target Z must be 2×2, the shape of Z, not 3×2"):
        squared_error(z, np.ones((3, 2)))
    with pytest.raises(InputError, match="row 5 is outside the 2 queries"):
        squared_error(z, target, rows=[5])


def test_the_squared_errors_gradient_through_attention_is_the_finite_differences():
    rng = np.random.default_rng(9)
    q, k, v = rng.normal(size=(5, 4)), rng.normal(size=(5, 4)), rng.normal(size=(5, 3))
    target = rng.normal(size=(5, 3))

    def loss() -> float:
        return squared_error(attention(q, k, v, causal=True).context, target).value

    result = attention(q, k, v, causal=True)
    gradients = backward(result, d_context=squared_error(result.context, target).d_context)
    for name, matrix, analytic in (("Q", q, gradients.d_queries), ("K", k, gradients.d_keys),
                                   ("V", v, gradients.d_values)):  # fmt: skip
        assert_matches(analytic, numeric_gradient(loss, matrix), f"squared error ∂L/∂{name}")
