"""Multi-head attention against loops, and its invariants with hypothesis; dropout on the
weights and the masks beside the causal one."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from engine import InputError, attention
from engine import causal_mask as causal
from engine.lesson.dropout import MAX_DROP, dropout
from engine.lesson.masks import combined, padding_mask
from engine.lesson.multi_head import (
    MAX_HEADS,
    multi_head,
    multi_head_attention,
    with_heads_temperature,
)
from tests.engine.naive import naive_attention

small = st.floats(-100, 100, allow_nan=False, allow_infinity=False)


def naive_multi_head(x, w_q, w_k, w_v, heads, w_o=None, causal=False):
    """Loops only: project, split, attend per head, concatenate, project by W_o."""

    def matmul(a, b):
        return [
            [sum(a[i][t] * b[t][j] for t in range(len(b))) for j in range(len(b[0]))]
            for i in range(len(a))
        ]

    q, k, v = matmul(x, w_q), matmul(x, w_k), matmul(x, w_v)
    d_k, d_v = len(q[0]) // heads, len(v[0]) // heads
    length = len(x)
    allowed = [[not causal or j <= i for j in range(length)] for i in range(length)]
    concat = [[] for _ in range(length)]
    weights = []
    for h in range(heads):
        q_h = [row[h * d_k : (h + 1) * d_k] for row in q]
        k_h = [row[h * d_k : (h + 1) * d_k] for row in k]
        v_h = [row[h * d_v : (h + 1) * d_v] for row in v]
        _, a, z, _ = naive_attention(q_h, k_h, v_h, temperature=math.sqrt(d_k), allowed=allowed)
        weights.append(a)
        for i in range(length):
            concat[i] += z[i]
    output = None if w_o is None else matmul(concat, w_o)
    return weights, concat, output


@st.composite
def layers(draw):
    """X (L × d_model), the W's (d_model × h·d_k, h·d_v), h, and a W_o or none."""
    heads = draw(st.integers(1, 4))
    length, d_model = draw(st.integers(1, 5)), draw(st.integers(1, 6))
    d_k, d_v = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    x = draw(arrays(np.float64, (length, d_model), elements=small))
    w_q, w_k = (draw(arrays(np.float64, (d_model, heads * d_k), elements=small)) for _ in "qk")
    w_v = draw(arrays(np.float64, (d_model, heads * d_v), elements=small))
    w_o = draw(
        st.none() | arrays(np.float64, (heads * d_v, draw(st.integers(1, 4))), elements=small)
    )
    return x, w_q, w_k, w_v, heads, w_o


_ILL_CONDITIONED = (  # scores of 10⁷ whose rows differ by 2⁻²⁴ in X: found by CI
    np.array([[0.0] + [12.0] * 5, [2.0**-24] + [12.0] * 5]),
    np.full((6, 2), 34.0),
    np.full((6, 2), 97.0),
    np.zeros((6, 1)),
    1,
    None,
)


@settings(max_examples=150, deadline=None)
@given(layers(), st.booleans())
@example(_ILL_CONDITIONED, False)
def test_every_head_the_concat_and_the_output_match_loops(layer, causal):
    x, w_q, w_k, w_v, heads, w_o = layer
    result = multi_head_attention(x, w_q, w_k, w_v, heads, w_o=w_o, causal=causal)
    weights, concat, output = naive_multi_head(
        x.tolist(),
        w_q.tolist(),
        w_k.tolist(),
        w_v.tolist(),
        heads,
        None if w_o is None else w_o.tolist(),
        causal,
    )
    assert result.count == heads
    # A sum in another order rounds differently: the scaled scores are off by about
    # eps × their magnitude, and a weight by at most as much (softmax's slope is below 1).
    d_k = w_q.shape[1] // heads
    magnitude = float((np.abs(x) @ np.abs(w_q)).max() * (np.abs(x) @ np.abs(w_k)).max())
    weight_tol = 1e-12 + 1e-14 * magnitude * d_k / math.sqrt(d_k)
    for head, expected in zip(result.heads, weights, strict=True):
        np.testing.assert_allclose(head.weights, expected, rtol=1e-9, atol=weight_tol)
    scale = max(1.0, float(np.abs(x).max() * np.abs(w_v).max() * x.shape[1]))
    concat_tol = (1e-9 + weight_tol * x.shape[0]) * scale
    np.testing.assert_allclose(result.concat, concat, rtol=1e-9, atol=concat_tol)
    if w_o is None:
        assert result.output is None
    else:
        output_tol = (1e-7 + weight_tol * x.shape[0]) * scale * 400
        np.testing.assert_allclose(result.output, output, rtol=1e-9, atol=output_tol)


@settings(max_examples=100, deadline=None)
@given(layers())
def test_one_head_is_exactly_todays_single_head(layer):
    x, w_q, w_k, w_v, _, _ = layer
    single = multi_head_attention(x, w_q, w_k, w_v, 1)
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    alone = attention(q, k, v)
    for step in ("scores", "scaled", "weights", "context"):
        np.testing.assert_array_equal(getattr(single.heads[0], step), getattr(alone, step))
    np.testing.assert_array_equal(single.concat, alone.context)


@settings(max_examples=100, deadline=None)
@given(layers(), st.randoms(use_true_random=False))
def test_permuting_the_heads_permutes_the_blocks_of_the_concat(layer, rng):
    x, w_q, w_k, w_v, heads, _ = layer
    order = list(range(heads))
    rng.shuffle(order)

    def permuted(w):
        return np.concatenate([np.hsplit(w, heads)[i] for i in order], axis=1)

    before = multi_head_attention(x, w_q, w_k, w_v, heads)
    after = multi_head_attention(x, permuted(w_q), permuted(w_k), permuted(w_v), heads)
    for place, head in enumerate(order):
        # equal to the last bit but for BLAS, which may add X·W's columns in another order
        np.testing.assert_allclose(
            after.concat[:, after.columns_of(place)],
            before.concat[:, before.columns_of(head)],
            rtol=1e-13,
        )


def test_each_head_is_scaled_by_its_own_square_root_of_d_k():
    rng = np.random.default_rng(0)
    q, k, v = rng.normal(size=(3, 8)), rng.normal(size=(3, 8)), rng.normal(size=(3, 8))
    result = multi_head(q, k, v, 2)
    assert [h.temperature for h in result.heads] == [2.0, 2.0]  # √4, not √8
    assert [h.d_k for h in result.heads] == [4, 4]
    assert result.columns_of(1) == slice(4, 8)


@pytest.mark.parametrize(
    ("heads", "said"),
    [
        (3, "3 heads do not divide the width 8 of d_k"),
        (0, "from 1 to 16, not 0"),
        (MAX_HEADS + 1, "from 1 to 16, not 17"),
        (2.5, "a whole number"),
        (True, "a whole number"),
    ],
)
def test_a_number_of_heads_that_cannot_split_the_columns_is_refused(heads, said):
    q = np.ones((3, 8))
    with pytest.raises(InputError, match=said):
        multi_head(q, q, q, heads)


def test_a_w_o_of_the_wrong_shape_is_refused_naming_both_shapes():
    q = np.ones((3, 4))
    with pytest.raises(InputError, match="the concat is 3×4 but W_o is 3×4"):
        multi_head(q, q, q, 2, w_o=np.ones((3, 4)))
    with pytest.raises(InputError, match="overflows"):
        multi_head(q, q, q, 2, w_o=np.full((4, 2), 1e308))


# ------------------------------------------------------------------ dropout and masks


def lesson():
    from engine import load_preset

    preset = load_preset("cat-eats-fish")
    return attention(preset.q, preset.k, preset.v)


def test_dropout_keeps_cells_with_one_minus_p_and_rescales_them():
    result = lesson()
    dropped = dropout(result, 0.5, seed=7)
    np.testing.assert_array_equal(dropped.weights, np.where(dropped.kept, result.weights * 2, 0))
    np.testing.assert_allclose(dropped.context, dropped.weights @ result.v)
    again = dropout(result, 0.5, seed=7)
    np.testing.assert_array_equal(again.kept, dropped.kept)  # the same seed, the same cells
    big = attention(np.ones((200, 2)), np.ones((200, 2)), np.ones((200, 1)))
    share = dropout(big, 0.3, seed=1).kept.mean()
    assert abs(share - 0.7) < 0.01  # 40,000 cells: kept with probability 1 − p


def test_dropout_of_zero_changes_nothing_and_p_is_bounded():
    result = lesson()
    none = dropout(result, 0.0, seed=3)
    assert none.kept.all()
    np.testing.assert_array_equal(none.weights, result.weights)
    for p in (-0.1, MAX_DROP + 0.01, float("nan"), True):
        with pytest.raises(InputError, match="dropout probability p"):
            dropout(result, p, seed=0)
    with pytest.raises(InputError, match="seed"):
        dropout(result, 0.1, seed=-1)


def test_padding_hides_its_key_from_every_query_and_masks_compose_by_and():
    pad = padding_mask([False, False, True])
    np.testing.assert_array_equal(pad, [[1, 1, 0]] * 3)
    both = combined((3, 3), pad, causal(3), None)
    np.testing.assert_array_equal(both, [[1, 0, 0], [1, 1, 0], [1, 1, 0]])
    assert combined((3, 3), None) is None
    with pytest.raises(InputError, match="mask has shape 2×2, but the scores are 3×3"):
        combined((3, 3), causal(2))
    preset_result = attention(np.eye(3), np.eye(3), np.eye(3), mask=both)
    assert (preset_result.weights[:, 2] == 0).all()  # padding's column: weight 0 everywhere


def test_another_temperature_for_every_head_is_a_new_computation_at_that_temperature():
    rng = np.random.default_rng(1)
    q, k, v, w_o = (rng.normal(size=shape) for shape in ((4, 6), (4, 6), (4, 6), (6, 3)))
    for tau in (0.3, None, 5.0):
        again = with_heads_temperature(multi_head(q, k, v, 3, w_o=w_o), tau)
        fresh = multi_head(q, k, v, 3, w_o=w_o, temperature=tau)
        np.testing.assert_allclose(again.concat, fresh.concat, rtol=1e-12)
        np.testing.assert_allclose(again.output, fresh.output, rtol=1e-12)


def test_the_two_heads_preset_has_one_head_looking_back_and_one_at_itself():
    from engine import load_preset

    preset = load_preset("two-heads")
    p = preset.projection
    result = multi_head_attention(p.x, p.w_q, p.w_k, p.w_v, preset.heads, w_o=p.w_o)
    back, itself = (head.weights.argmax(axis=1).tolist() for head in result.heads)
    assert back == [2, 0, 1]  # each token its previous one (猫, the first, wraps round)
    assert itself == [0, 1, 2]
    assert min(h.weights.max(axis=1).min() for h in result.heads) > 0.95  # visibly
    np.testing.assert_array_equal(result.output, result.concat)  # W_o is the identity


@settings(max_examples=80, deadline=None)
@given(layers(), st.integers(0, 10_000), st.booleans())
def test_updated_heads_equal_a_new_computation(layer, where, causal):
    from engine.lesson.multi_head import update_heads

    x, w_q, w_k, w_v, heads, w_o = layer
    before = multi_head_attention(x, w_q, w_k, w_v, heads, w_o=w_o, causal=causal)
    x2 = x.copy()
    x2.flat[where % x.size] += 1.5  # one cell of X: one row of Q, K and V in every head
    w_q2 = w_q.copy()
    w_q2.flat[where % w_q.size] -= 0.75  # one cell of W_q: one column, one head
    q, k, v = x2 @ w_q2, x2 @ w_k, x2 @ w_v
    updated = update_heads(before, q, k, v, w_o)
    fresh = multi_head(q, k, v, heads, w_o=w_o, causal=causal)
    scale = max(1.0, float(np.abs(v).max()))
    np.testing.assert_allclose(updated.concat, fresh.concat, rtol=1e-9, atol=1e-9 * scale)
    for a, b in zip(updated.heads, fresh.heads, strict=True):
        np.testing.assert_allclose(a.weights, b.weights, rtol=1e-9, atol=1e-12)


def test_an_edit_of_one_column_of_w_q_keeps_the_other_heads_as_they_were():
    from engine.lesson.multi_head import update_heads

    rng = np.random.default_rng(3)
    q, k, v = rng.normal(size=(4, 6)), rng.normal(size=(4, 6)), rng.normal(size=(4, 6))
    before = multi_head(q, k, v, 3)
    q2 = q.copy()
    q2[:, 5] += 1.0  # a column of head 3
    after = update_heads(before, q2, k, v, None)
    assert after.heads[0] is before.heads[0]
    assert after.heads[1] is before.heads[1]
    assert after.heads[2] is not before.heads[2]


def test_dropout_in_training_reaches_the_concat_and_the_output():
    # the concat showed Z (1.00, 0.50) beside step ④'s Z′ (2.00, 1.00) for the same state
    from engine.lesson.dropout import dropout, dropout_heads
    from engine.lesson.multi_head import with_dropout

    rng = np.random.default_rng(4)
    q, k, v = rng.normal(size=(3, 4)), rng.normal(size=(3, 4)), rng.normal(size=(3, 4))
    w_o = rng.normal(size=(4, 4))
    plain = multi_head(q, k, v, 2, w_o=w_o)
    trained = with_dropout(plain, 0.5, 1)
    drops = dropout_heads(plain.heads, 0.5, 1)
    for head, drop in zip(trained.heads, drops, strict=True):
        np.testing.assert_array_equal(head.weights, drop.weights)
        np.testing.assert_allclose(head.context, drop.weights @ head.v)
    np.testing.assert_allclose(trained.concat, np.hstack([d.context for d in drops]))
    np.testing.assert_allclose(trained.output, trained.concat @ w_o)
    assert not np.allclose(trained.concat, plain.concat)
    # one head: the same cells as dropout() of that head alone
    np.testing.assert_array_equal(drops[0].kept, dropout(plain.heads[0], 0.5, 1).kept)
