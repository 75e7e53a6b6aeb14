"""Each engine function against the naive loops of tests/engine/naive.py."""

from __future__ import annotations

import numpy as np
import pytest

from engine import attend, attention, causal_mask, explain, scores, softmax, with_temperature

from .naive import naive_attention, naive_scores, naive_softmax

SHAPES = [(1, 1, 1, 1), (3, 4, 4, 3), (5, 3, 7, 6), (8, 16, 2, 8)]


def random_inputs(seed, length_q, d_k, d_v, length_k):
    rng = np.random.default_rng(seed)
    return (
        rng.normal(size=(length_q, d_k)),
        rng.normal(size=(length_k, d_k)),
        rng.normal(size=(length_k, d_v)),
    )


@pytest.mark.parametrize(("length_q", "d_k", "d_v", "length_k"), SHAPES)
@pytest.mark.parametrize("temperature", [None, 1.0, 0.3, 7.5])
def test_attention_matches_the_loops(length_q, d_k, d_v, length_k, temperature):
    q, k, v = random_inputs(length_q * 100 + d_k, length_q, d_k, d_v, length_k)
    result = attention(q, k, v, temperature=temperature)
    s, a, z, entropy = naive_attention(q.tolist(), k.tolist(), v.tolist(), temperature)
    np.testing.assert_allclose(result.scores, s, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(result.scaled, result.scores / result.temperature, rtol=1e-15)
    np.testing.assert_allclose(result.weights, a, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(result.context, z, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(result.entropy, entropy, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(result.max_weight, [max(row) for row in a], rtol=1e-12)
    assert result.d_k == d_k


@pytest.mark.parametrize("seed", range(4))
def test_masked_attention_matches_the_loops(seed):
    q, k, v = random_inputs(seed, 5, 3, 2, 5)
    allowed = np.random.default_rng(seed).random((5, 5)) < 0.5
    allowed[2] = False  # one row sees nothing
    result = attention(q, k, v, mask=allowed)
    _, a, z, entropy = naive_attention(q.tolist(), k.tolist(), v.tolist(), None, allowed)
    np.testing.assert_allclose(result.weights, a, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(result.context, z, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(result.entropy, entropy, rtol=1e-9, atol=1e-12)
    assert result.fully_masked_rows.tolist() == (~allowed.any(axis=1)).tolist()
    assert np.all(result.scaled[~allowed] == -np.inf)
    assert np.all(result.weights[~allowed] == 0.0)


def test_causal_attention_matches_the_loops():
    q, k, v = random_inputs(9, 4, 3, 3, 4)
    result = attention(q, k, v, causal=True)
    allowed = [[j <= i for j in range(4)] for i in range(4)]
    _, a, z, _ = naive_attention(q.tolist(), k.tolist(), v.tolist(), None, allowed)
    np.testing.assert_allclose(result.weights, a, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(result.context, z, rtol=1e-12, atol=1e-12)
    np.testing.assert_array_equal(result.mask, causal_mask(4))


def test_scores_and_attend_match_the_loops():
    q, k, v = random_inputs(3, 4, 5, 2, 6)
    np.testing.assert_allclose(scores(q, k), naive_scores(q.tolist(), k.tolist()), rtol=1e-12)
    a = softmax(scores(q, k))
    expected = [[sum(a[i, j] * v[j, d] for j in range(6)) for d in range(2)] for i in range(4)]
    np.testing.assert_allclose(attend(a, v), expected, rtol=1e-12)


@pytest.mark.parametrize("temperature", [1.0, 0.5, 3.0])
def test_softmax_matches_the_loops(temperature):
    x = np.random.default_rng(1).normal(size=(4, 6)) * 10
    expected = [naive_softmax(row, temperature) for row in x.tolist()]
    np.testing.assert_allclose(softmax(x, temperature=temperature), expected, rtol=1e-12)
    np.testing.assert_allclose(
        softmax(x.T, axis=0, temperature=temperature), np.array(expected).T, rtol=1e-12
    )


def test_explanations_match_the_result_cell_by_cell():
    q, k, v = random_inputs(5, 4, 3, 5, 4)
    result = attention(q, k, v, temperature=0.7, causal=True)
    for i in range(4):
        for j in range(4):
            score = explain(result, 1, i, j)
            assert score.value == pytest.approx(result.scores[i, j], rel=1e-12)
            assert score.products == pytest.approx([q[i, d] * k[j, d] for d in range(3)])
            assert explain(result, 2, i, j).value == result.scaled[i, j]
            weight = explain(result, 3, i, j)
            assert weight.value == pytest.approx(result.weights[i, j], rel=1e-12, abs=1e-300)
            assert weight.masked == (j > i)
        context = explain(result, 4, i)
        assert context.value == pytest.approx(result.context[i], rel=1e-12, abs=1e-12)
        one = explain(result, "context", i, 2)
        assert one.value == pytest.approx([result.context[i, 2]], rel=1e-12, abs=1e-12)


def test_a_row_of_huge_scores_is_explained_with_the_row_maximum_subtracted():
    result = attention([[1e3, 0.0]], [[1.0, 0.0], [-1.0, 0.0]], [[1.0], [2.0]], temperature=1.0)
    box = explain(result, "weights", 0, 0)
    assert box.shift == 1e3
    assert box.exponentials[0] == 1.0
    assert box.value == pytest.approx(1.0)


def test_explain_refuses_cells_outside_the_matrix():
    result = attention(np.ones((2, 2)), np.ones((2, 2)), np.ones((2, 3)))
    with pytest.raises(ValueError, match="outside"):
        explain(result, 1, 2, 0)
    with pytest.raises(ValueError, match="outside"):
        explain(result, 4, 0, 3)
    with pytest.raises(ValueError, match="unknown step"):
        explain(result, 7, 0, 0)
    with pytest.raises(ValueError, match="needs a column"):
        explain(result, "weights", 0)


@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("temperature", [None, 0.05, 1.0, 20.0])
def test_with_temperature_equals_a_full_recompute(causal, temperature):
    q, k, v = random_inputs(11, 5, 4, 3, 5)
    first = attention(q, k, v, temperature=0.7, causal=causal)
    again = with_temperature(first, temperature)
    full = attention(q, k, v, temperature=temperature, causal=causal)
    assert again.scores is first.scores  # step ① is reused, not recomputed
    for name in ("scaled", "weights", "context", "entropy", "max_weight"):
        np.testing.assert_array_equal(getattr(again, name), getattr(full, name), err_msg=name)
    assert again.temperature == full.temperature
