"""Invariants of attention, checked with hypothesis on generated matrices."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from engine import attention, softmax, with_temperature

finite = st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)
extreme = st.floats(-1e300, 1e300, allow_nan=False, allow_infinity=False)
temperatures = st.floats(1e-300, 1e6, allow_nan=False)


@st.composite
def qkv(draw, elements=finite):
    length = draw(st.integers(1, 6))
    d_k = draw(st.integers(1, 5))
    d_v = draw(st.integers(1, 4))
    q = draw(arrays(np.float64, (length, d_k), elements=elements))
    k = draw(arrays(np.float64, (length, d_k), elements=elements))
    v = draw(arrays(np.float64, (length, d_v), elements=finite))
    return q, k, v


@settings(max_examples=200, deadline=None)
@given(qkv(), temperatures, st.booleans())
def test_rows_of_weights_sum_to_one_and_nothing_is_nan(inputs, temperature, causal):
    q, k, v = inputs
    result = attention(q, k, v, temperature=temperature, causal=causal)
    np.testing.assert_allclose(result.weights.sum(axis=1), 1.0, rtol=1e-12)
    for array in (result.scores, result.weights, result.context, result.entropy):
        assert not np.isnan(array).any()
    assert np.isfinite(result.context).all()
    assert (result.weights >= 0).all()
    assert (result.entropy >= 0).all()
    assert (result.entropy <= np.log2(k.shape[0]) + 1e-9).all()


# Quarter-integers plus an integer constant add exactly, so any difference is the
# softmax's, not the rounding of x + c (which a tiny τ would magnify).
quarters = st.integers(-4_000_000, 4_000_000).map(lambda n: n / 4)


@settings(max_examples=200, deadline=None)
@given(arrays(np.float64, st.tuples(st.integers(1, 5), st.integers(1, 8)), elements=quarters),
       st.integers(-100_000, 100_000), temperatures)  # fmt: skip
def test_weights_do_not_change_when_a_constant_is_added_to_a_row(x, constant, temperature):
    np.testing.assert_allclose(
        softmax(x + constant, temperature=temperature),
        softmax(x, temperature=temperature),
        rtol=1e-9,
        atol=1e-12,
    )


@settings(max_examples=200, deadline=None)
@given(arrays(np.float64, st.tuples(st.integers(1, 5), st.integers(1, 8)),
              elements=st.integers(-20, 20).map(float)))  # fmt: skip
def test_a_tiny_temperature_tends_to_the_argmax_with_ties_shared(x):
    weights = softmax(x, temperature=1e-9)
    top = x == x.max(axis=1, keepdims=True)
    expected = top / top.sum(axis=1, keepdims=True)
    np.testing.assert_allclose(weights, expected, atol=1e-12)


@settings(max_examples=100, deadline=None)
@given(qkv(), temperatures)
def test_causal_weights_are_exactly_zero_above_the_diagonal(inputs, temperature):
    q, k, v = inputs
    result = attention(q, k, v, temperature=temperature, causal=True)
    future = np.triu(np.ones(result.weights.shape, dtype=bool), 1)
    assert np.all(result.weights[future] == 0.0)
    assert np.all(result.scaled[future] == -np.inf)
    assert result.weights[0, 0] == 1.0  # the first token can only look at itself


@settings(max_examples=200, deadline=None)
@given(arrays(np.float64, st.tuples(st.integers(1, 4), st.integers(1, 6)), elements=extreme),
       temperatures)  # fmt: skip
def test_softmax_is_defined_for_any_finite_input(x, temperature):
    weights = softmax(x, temperature=temperature)
    assert np.isfinite(weights).all()
    np.testing.assert_allclose(weights.sum(axis=1), 1.0, rtol=1e-12)


@settings(max_examples=100, deadline=None)
@given(qkv(elements=st.floats(-1e150, 1e150, allow_nan=False)), temperatures)
def test_attention_is_defined_for_scores_near_1e300(inputs, temperature):
    q, k, v = inputs
    result = attention(q, k, v, temperature=temperature)
    assert np.isfinite(result.weights).all()
    assert not np.isnan(result.scaled).any()
    assert np.isfinite(result.entropy).all()
    np.testing.assert_allclose(result.weights.sum(axis=1), 1.0, rtol=1e-12)


def test_a_fully_masked_row_has_zero_weights_and_context():
    mask = np.array([[True, False], [False, False]])
    result = attention(np.ones((2, 2)), np.ones((2, 2)), np.ones((2, 3)), mask=mask)
    assert result.fully_masked_rows.tolist() == [False, True]
    assert result.weights[1].tolist() == [0.0, 0.0]
    assert result.context[1].tolist() == [0.0, 0.0, 0.0]
    assert (result.entropy[1], result.max_weight[1]) == (0.0, 0.0)
    assert result.weights[0].tolist() == [1.0, 0.0]


def test_softmax_of_an_all_minus_infinity_row_is_zero():
    weights = softmax(np.array([[-np.inf, -np.inf], [0.0, -np.inf]]))
    assert weights.tolist() == [[0.0, 0.0], [1.0, 0.0]]


def test_queries_and_keys_may_differ_in_number():
    rng = np.random.default_rng(0)
    result = attention(rng.normal(size=(2, 3)), rng.normal(size=(5, 3)), rng.normal(size=(5, 4)))
    assert result.scores.shape == (2, 5)
    assert result.context.shape == (2, 4)


# τ at both ends of its range: the smallest the engine takes and the largest float.
end_temperatures = st.sampled_from([1e-300, 1e-150, 1.0, 1e150, 1.7976931348623157e308])
unit = st.floats(-1, 1, allow_nan=False)


@st.composite
def extreme_inputs(draw):
    """Q and K scaled so that scores reach ±1e300, V as large; rows that may all be equal."""
    length = draw(st.sampled_from([1, 1, 2, 3, 5]))
    d_k = draw(st.sampled_from([1, 1, 2, 4]))
    d_v = draw(st.integers(1, 3))
    scale = draw(st.sampled_from([1.0, 1e-300, 1e100, 1e150]))
    q = draw(arrays(np.float64, (length, d_k), elements=unit)) * scale
    k = draw(arrays(np.float64, (length, d_k), elements=unit)) * scale
    if draw(st.booleans()):  # every key the same: each row of S holds one value
        k[:] = k[0]
    v = draw(arrays(np.float64, (length, d_v), elements=unit)) * draw(st.sampled_from([1.0, 1e300]))
    mask = draw(st.none() | arrays(np.bool_, (length, length)))
    return q, k, v, mask


@settings(max_examples=300, deadline=None, derandomize=True)
@given(extreme_inputs(), end_temperatures | temperatures, st.booleans())
def test_extreme_scores_temperatures_and_masks_give_finite_defined_results(inputs, tau, causal):
    q, k, v, mask = inputs
    result = attention(q, k, v, temperature=tau, causal=causal, mask=mask)
    allowed = np.ones(result.weights.shape, dtype=bool) if mask is None else mask.copy()
    if causal:
        allowed &= np.tri(*allowed.shape, dtype=bool)
    empty = ~allowed.any(axis=1)
    assert result.fully_masked_rows.tolist() == empty.tolist()
    for array in (result.weights, result.context, result.entropy, result.max_weight):
        assert np.isfinite(array).all()
    assert not np.isnan(result.scaled).any()
    assert (result.weights >= 0).all()
    assert (result.weights[~allowed] == 0).all()  # hidden keys get exactly nothing
    sums = result.weights.sum(axis=1)
    np.testing.assert_allclose(sums[~empty], 1.0, rtol=1e-12)
    assert (sums[empty] == 0).all()
    assert (result.context[empty] == 0).all()
    top = np.abs(v).max()
    assert (np.abs(result.context) <= top * (1 + 1e-12)).all()  # a mix never exceeds its parts
    # each row of S that holds one value (all keys equal) shares its weight equally
    equal_rows = (result.scores == result.scores[:, :1]).all(axis=1) & ~empty
    for i in np.flatnonzero(equal_rows):
        np.testing.assert_allclose(result.weights[i][allowed[i]], 1 / allowed[i].sum(), rtol=1e-12)
    again = with_temperature(attention(q, k, v, causal=causal, mask=mask), tau)
    np.testing.assert_array_equal(again.weights, result.weights)


def test_one_token_with_d_k_1_at_both_ends_of_tau():
    for tau in (1e-300, 1.7976931348623157e308):
        for score in (-1e300, 0.0, 1e300):
            result = attention([[score / 1e150]], [[1e150]], [[-1e300]], temperature=tau)
            assert result.weights.tolist() == [[1.0]]
            assert result.context.tolist() == [[-1e300]]
            assert (result.entropy[0], result.max_weight[0]) == (0.0, 1.0)
