"""The backward pass against central finite differences and against loops: one head, with
masks, fully masked rows, any τ, dropout; several heads with W_o; the projections."""

from __future__ import annotations

import zlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from engine import (
    InputError,
    attention,
    backward,
    backward_heads,
    backward_projection,
    causal_mask,
    dropout,
    explain_softmax_gradient,
    load_preset,
    multi_head,
    multi_head_attention,
    padding_mask,
    softmax_backward,
)
from engine.lesson.dropout import dropout_heads
from tests.engine.finite_differences import assert_matches, numeric_gradient
from tests.engine.naive import naive_backward

LESSON = load_preset("cat-eats-fish")


def random_mask(rng, rows: int, cols: int, kind: str):
    if kind == "none":
        return None
    if kind == "causal":
        return causal_mask(rows, cols)
    if kind == "padding":  # the first key is padding: with causal, row 0 sees nothing
        padding = np.zeros(cols, dtype=bool)
        padding[0] = True
        mask = padding_mask(padding)[:rows]
        return mask & causal_mask(rows, cols) if rows == cols else mask
    mask = rng.random((rows, cols)) > 0.4  # "random": some rows fully masked
    mask[0] = False
    return mask


SIZES = [(1, 1, 1, 1), (3, 3, 4, 4), (4, 6, 3, 2), (7, 7, 8, 5)]
TAUS = [None, 0.5, 1.0, 3.0]
MASKS = ["none", "causal", "padding", "random"]
UPSTREAMS = ["context", "weights", "both"]


def upstream_of(rng, result, which: str):
    d_context = rng.normal(size=result.context.shape) if which != "weights" else None
    d_weights = rng.normal(size=result.weights.shape) if which != "context" else None
    return d_context, d_weights


def linear_loss(z, a, d_context, d_weights) -> float:
    total = 0.0 if d_context is None else float(np.sum(d_context * z))
    return total + (0.0 if d_weights is None else float(np.sum(d_weights * a)))


# ------------------------------------------------------------------ one head


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize("tau", TAUS, ids=str)
@pytest.mark.parametrize("kind", MASKS)
@pytest.mark.parametrize("which", UPSTREAMS)
def test_one_heads_gradients_are_the_finite_differences(size, tau, kind, which):
    length_q, length_k, d_k, d_v = size
    rng = np.random.default_rng(zlib.crc32(repr((size, tau, kind, which)).encode()))
    q, k, v = (rng.normal(size=(n, d)) for n, d in ((length_q, d_k), (length_k, d_k),
                                                     (length_k, d_v)))  # fmt: skip
    if kind in ("causal", "padding") and length_q != length_k:
        kind = "random"
    mask = random_mask(rng, length_q, length_k, kind)
    result = attention(q, k, v, temperature=tau, mask=mask)
    d_context, d_weights = upstream_of(rng, result, which)
    gradients = backward(result, d_context, d_weights)

    def loss() -> float:
        again = attention(q, k, v, temperature=tau, mask=mask)
        return linear_loss(again.context, again.weights, d_context, d_weights)

    for name, matrix in (("Q", q), ("K", k), ("V", v)):
        analytic = {"Q": gradients.d_queries, "K": gradients.d_keys, "V": gradients.d_values}
        assert_matches(analytic[name], numeric_gradient(loss, matrix), f"one head ∂L/∂{name}")


@pytest.mark.parametrize("tau", TAUS, ids=str)
def test_the_gradient_on_s_and_on_s_over_tau_are_the_finite_differences(tau):
    """∂L/∂S and ∂L/∂(S/τ), by perturbing S itself through the softmax of step ③."""
    rng = np.random.default_rng(5)
    result = attention(rng.normal(size=(4, 3)), rng.normal(size=(5, 3)), rng.normal(size=(5, 2)),
                       temperature=tau)  # fmt: skip
    d_context, d_weights = upstream_of(rng, result, "both")
    gradients = backward(result, d_context, d_weights)
    s = result.scores.copy()

    def loss_of_scores() -> float:
        a = np.exp(s / result.temperature - (s / result.temperature).max(axis=1, keepdims=True))
        a /= a.sum(axis=1, keepdims=True)
        return linear_loss(a @ result.v, a, d_context, d_weights)

    assert_matches(gradients.d_scores, numeric_gradient(loss_of_scores, s), "∂L/∂S")
    np.testing.assert_allclose(gradients.d_scaled, gradients.d_scores * result.temperature,
                               rtol=1e-14, atol=1e-300)  # fmt: skip


@pytest.mark.parametrize("kind", MASKS)
@pytest.mark.parametrize("p", [0.1, 0.5, 0.9])
@pytest.mark.parametrize("which", UPSTREAMS)
def test_dropout_carries_the_gradient_back_through_its_own_mask(kind, p, which):
    rng = np.random.default_rng(int(p * 10) + len(kind) + len(which))
    q, k, v = rng.normal(size=(5, 4)), rng.normal(size=(5, 4)), rng.normal(size=(5, 3))
    mask = random_mask(rng, 5, 5, kind)
    result = attention(q, k, v, mask=mask)
    drop = dropout(result, p, seed=11)
    d_context, d_weights = upstream_of(rng, result, which)
    gradients = backward(result, d_context, d_weights, dropout=drop)

    def loss() -> float:
        again = attention(q, k, v, mask=mask)
        dropped = dropout(again, p, seed=11)  # the same seed draws the same M
        return linear_loss(dropped.context, again.weights, d_context, d_weights)

    for name, matrix, analytic in (("Q", q, gradients.d_queries), ("K", k, gradients.d_keys),
                                   ("V", v, gradients.d_values)):  # fmt: skip
        assert_matches(analytic, numeric_gradient(loss, matrix), f"dropout ∂L/∂{name}")


def test_a_cell_dropout_dropped_passes_nothing_back_through_z():
    result = attention(LESSON.q, LESSON.k, LESSON.v)
    drop = dropout(result, 0.5, seed=3)
    assert not drop.kept.all()
    assert drop.kept.any()
    gradients = backward(result, d_context=np.ones_like(result.context), dropout=drop)
    assert (gradients.d_weights[~drop.kept] == 0.0).all()
    np.testing.assert_allclose(gradients.d_weights[drop.kept],
                               (np.ones((3, 4)) @ LESSON.v.T)[drop.kept] * 2.0)  # fmt: skip


@pytest.mark.parametrize("kind", ["causal", "padding", "random"])
def test_masked_cells_and_fully_masked_rows_get_exactly_zero(kind):
    rng = np.random.default_rng(len(kind))
    q, k, v = rng.normal(size=(6, 3)), rng.normal(size=(6, 3)), rng.normal(size=(6, 2))
    mask = random_mask(rng, 6, 6, kind)
    result = attention(q, k, v, mask=mask)
    d_weights = rng.normal(size=(6, 6)) * 1e3  # large, and nonzero on the hidden cells too
    gradients = backward(result, rng.normal(size=(6, 2)), d_weights)
    hidden = ~mask
    for matrix in (gradients.d_scaled, gradients.d_scores):
        assert (matrix[hidden] == 0.0).all()
        assert not np.signbit(matrix[hidden]).any()  # +0.0, not −0.0
    empty = result.fully_masked_rows
    if kind != "causal":
        assert empty.any()
    assert (gradients.d_queries[empty] == 0.0).all()
    assert (gradients.d_scores[empty] == 0.0).all()
    # a key hidden from every query gets nothing back
    never_seen = ~mask.any(axis=0)
    assert (gradients.d_keys[never_seen] == 0.0).all()
    assert (gradients.d_values[never_seen] == 0.0).all()


def test_a_fully_masked_row_is_zero_whatever_its_query():
    mask = np.ones((3, 3), dtype=bool)
    mask[1] = False
    result = attention(LESSON.q * 50, LESSON.k, LESSON.v, temperature=0.01, mask=mask)
    gradients = backward(result, np.ones((3, 4)), np.ones((3, 3)))
    assert (gradients.d_queries[1] == 0.0).all()
    assert (gradients.d_scaled[1] == 0.0).all()


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    scores=arrays(np.float64, (4, 5), elements=st.floats(-30, 30)),
    upstream=arrays(np.float64, (4, 5), elements=st.floats(-1e3, 1e3)),
    hidden=arrays(np.bool_, (4, 5)),
    tau=st.floats(0.05, 20),
)
def test_each_row_of_the_softmax_gradient_sums_to_zero(scores, upstream, hidden, tau):
    """Adding c to a row of S/τ changes no weight, so ∂L/∂(S/τ) has no part along it."""
    result = attention(scores, np.eye(5), np.eye(5), temperature=tau, mask=~hidden)
    d_scaled = backward(result, d_weights=upstream).d_scaled
    scale = 1.0 + np.abs(upstream).max()
    np.testing.assert_allclose(d_scaled.sum(axis=1), 0.0, atol=1e-12 * scale)
    assert (d_scaled[hidden] == 0.0).all()


def test_softmax_backward_is_zero_for_a_uniform_upstream():
    """Adding c to every g_ij of a row moves nothing: the softmax only sees differences."""
    a = attention(LESSON.q, LESSON.k, LESSON.v).weights
    np.testing.assert_allclose(softmax_backward(a, np.full((3, 3), 7.0)), 0.0, atol=1e-15)


# ------------------------------------------------------------------ against loops


@pytest.mark.parametrize("kind", MASKS)
@pytest.mark.parametrize("tau", [None, 0.7])
@pytest.mark.parametrize("p", [0.0, 0.3])
def test_the_backward_pass_is_the_loops_of_the_naive_one(kind, tau, p):
    rng = np.random.default_rng(len(kind) + int(p * 10))
    q, k, v = rng.normal(size=(5, 3)), rng.normal(size=(5, 3)), rng.normal(size=(5, 4))
    mask = random_mask(rng, 5, 5, kind)
    result = attention(q, k, v, temperature=tau, mask=mask)
    drop = dropout(result, p, seed=2) if p else None
    d_context, d_weights = rng.normal(size=(5, 4)), rng.normal(size=(5, 5))
    gradients = backward(result, d_context, d_weights, dropout=drop)
    loops = naive_backward(q.tolist(), k.tolist(), v.tolist(), d_context.tolist(),
                           d_weights.tolist(), tau, None if mask is None else mask.tolist(),
                           None if drop is None else drop.kept.tolist(), p)  # fmt: skip
    names = ("d_weights", "d_scaled", "d_scores", "d_queries", "d_keys", "d_values")
    for name, expected in zip(names, loops, strict=True):
        np.testing.assert_allclose(getattr(gradients, name), expected, rtol=1e-12, atol=1e-13,
                                   err_msg=name)  # fmt: skip


def test_the_lessons_hand_calculation_of_one_cell():
    """猫's row, key 鱼, for a loss that wants 猫 to look at 鱼: ∂L/∂A = [0, 0, −1]."""
    result = attention(LESSON.q, LESSON.k, LESSON.v)
    upstream = np.zeros((3, 3))
    upstream[0, 2] = -1.0
    gradients = backward(result, d_weights=upstream)
    step = explain_softmax_gradient(result, gradients, 0, 2)
    a = result.weights[0]
    assert step.weights == tuple(a)
    assert step.upstream == (0.0, 0.0, -1.0)
    assert step.row_sum == pytest.approx(-a[2])
    assert step.difference == pytest.approx(-1.0 + a[2])
    assert step.d_scaled == pytest.approx(a[2] * (-1.0 + a[2]), rel=1e-14)  # −0.2477
    assert round(step.d_scaled, 4) == -0.2477
    assert step.d_score == pytest.approx(step.d_scaled / 2.0)  # τ = √4 = 2
    assert step.temperature == 2.0
    assert not step.masked
    assert not step.fully_masked_row
    other = explain_softmax_gradient(result, gradients, 0, 0)
    assert other.d_scaled == pytest.approx(a[0] * a[2], rel=1e-14)  # the others are pushed down


def test_the_hand_calculation_of_a_masked_cell_says_so():
    result = attention(LESSON.q, LESSON.k, LESSON.v, causal=True)
    gradients = backward(result, d_weights=np.ones((3, 3)))
    step = explain_softmax_gradient(result, gradients, 0, 2)
    assert step.masked
    assert step.weight == 0.0
    assert step.d_scaled == 0.0
    with pytest.raises(InputError, match="row 3 is outside the 3 queries"):
        explain_softmax_gradient(result, gradients, 3, 0)


# ------------------------------------------------------------------ several heads


@pytest.mark.parametrize("heads", [1, 2, 3])
@pytest.mark.parametrize("with_w_o", [True, False])
@pytest.mark.parametrize("p", [0.0, 0.4])
@pytest.mark.parametrize("kind", ["none", "random"])
def test_several_heads_and_w_o_are_the_finite_differences(heads, with_w_o, p, kind):
    rng = np.random.default_rng(heads * 7 + int(with_w_o) + int(p * 10) + len(kind))
    q, k, v = (rng.normal(size=(5, heads * d)) for d in (2, 2, 3))
    w_o = rng.normal(size=(heads * 3, 4)) if with_w_o else None
    mask = random_mask(rng, 5, 5, kind)
    tau = 0.8 if heads == 2 else None

    def forward():
        result = multi_head(q, k, v, heads, w_o=w_o, temperature=tau, mask=mask)
        drops = dropout_heads(result.heads, p, 4) if p else None
        return result, drops

    result, drops = forward()
    d_out = rng.normal(size=(5, 4 if with_w_o else heads * 3))
    d_weights = {heads - 1: rng.normal(size=(5, 5))}
    gradients = backward_heads(result, d_output=d_out if with_w_o else None,
                               d_concat=None if with_w_o else d_out,
                               d_weights=d_weights, dropout=drops)  # fmt: skip

    def loss() -> float:
        again, dropped = forward()
        contexts = [h.context for h in again.heads] if dropped is None else [
            d.context for d in dropped]  # fmt: skip
        out = np.concatenate(contexts, axis=1)
        if w_o is not None:
            out = out @ w_o
        return float(np.sum(d_out * out)) + float(
            np.sum(d_weights[heads - 1] * again.heads[heads - 1].weights)
        )

    named = [("Q", q, gradients.d_queries), ("K", k, gradients.d_keys),
             ("V", v, gradients.d_values)]  # fmt: skip
    if w_o is not None:
        named.append(("W_o", w_o, gradients.d_w_o))
    for name, matrix, analytic in named:
        assert_matches(analytic, numeric_gradient(loss, matrix), f"heads ∂L/∂{name}")


@pytest.mark.parametrize("heads", [1, 2])
def test_the_projections_gradients_are_the_finite_differences(heads):
    rng = np.random.default_rng(heads)
    x = rng.normal(size=(4, 5))
    w_q, w_k, w_v = (rng.normal(size=(5, heads * 2)) * 0.7 for _ in range(3))
    w_o = rng.normal(size=(heads * 2, 3))
    mask = causal_mask(4)

    def forward():
        return multi_head_attention(x, w_q, w_k, w_v, heads, w_o=w_o, mask=mask)

    result = forward()
    d_out = rng.normal(size=(4, 3))
    many = backward_heads(result, d_output=d_out)
    projected = backward_projection(x, w_q, w_k, w_v, many.d_queries, many.d_keys, many.d_values)

    def loss() -> float:
        return float(np.sum(d_out * forward().output))

    for name, matrix, analytic in (("X", x, projected.d_x), ("W_q", w_q, projected.d_w_q),
                                   ("W_k", w_k, projected.d_w_k), ("W_v", w_v, projected.d_w_v),
                                   ("W_o", w_o, many.d_w_o)):  # fmt: skip
        assert_matches(analytic, numeric_gradient(loss, matrix), f"projection ∂L/∂{name}")


def test_one_head_of_several_is_the_single_heads_backward():
    rng = np.random.default_rng(0)
    q, k, v = rng.normal(size=(4, 4)), rng.normal(size=(4, 4)), rng.normal(size=(4, 2))
    d_concat = rng.normal(size=(4, 2))
    many = backward_heads(multi_head(q, k, v, 1), d_concat=d_concat)
    one = backward(attention(q, k, v), d_concat)
    np.testing.assert_array_equal(many.d_queries, one.d_queries)
    np.testing.assert_array_equal(many.d_values, one.d_values)


# ------------------------------------------------------------------ what it refuses


def test_what_the_backward_pass_refuses_names_the_matrix_and_the_shapes():
    result = attention(LESSON.q, LESSON.k, LESSON.v)
    with pytest.raises(InputError, match="needs an upstream gradient"):
        backward(result)
    with pytest.raises(InputError, match=r"∂L/∂Z must be 3×4, the shape of Z, not 3×3"):
        backward(result, d_context=np.ones((3, 3)))
    with pytest.raises(InputError, match=r"∂L/∂A must be 3×3, the shape of A, not 2×3"):
        backward(result, d_weights=np.ones((2, 3)))
    with pytest.raises(InputError, match=r"∂L/∂Z\[0, 0\] is nan"):
        backward(result, d_context=np.full((3, 4), np.nan))
    heads = multi_head(LESSON.q, LESSON.k, LESSON.v, 2)
    with pytest.raises(InputError, match="needs W_o"):
        backward_heads(heads, d_output=np.ones((3, 4)))
    with pytest.raises(InputError, match=r"head 2 is not one of the 2 heads \(0 to 1\)"):
        backward_heads(heads, d_weights={2: np.ones((3, 3))})
    with pytest.raises(InputError, match="one mask per head: 1 given for 2 heads"):
        backward_heads(
            heads, d_concat=np.ones((3, 4)), dropout=dropout_heads(heads.heads[:1], 0.1, 0)
        )
    with pytest.raises(InputError, match="W_k needs one row per column of X"):
        backward_projection(np.ones((3, 2)), np.ones((2, 2)), np.ones((3, 2)), np.ones((2, 2)),
                            np.ones((3, 2)), np.ones((3, 2)), np.ones((3, 2)))  # fmt: skip
