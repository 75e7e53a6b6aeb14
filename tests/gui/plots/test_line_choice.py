"""Which lines the weight-lines figure draws: all while few, else the strongest, each
query's best always among them; checked against plain loops."""

from __future__ import annotations

import numpy as np
import pytest

from gui.plots.line_choice import BUDGET, FLOOR, strongest_lines, token_lines


def softmax_rows(rng, heads, length, sharpness):
    scores = rng.normal(size=(heads, length, length)) * sharpness
    weights = np.exp(scores - scores.max(axis=2, keepdims=True))
    return weights / weights.sum(axis=2, keepdims=True)


def test_few_lines_are_all_drawn_weakest_first_and_zeros_never():
    weights = np.array([[[0.5, 0.5, 0.0], [0.2, 0.3, 0.5], [0.0, 0.0, 1.0]]])
    lines = strongest_lines(weights)
    expected = sorted((weights[0, i, j], i, j) for i in range(3) for j in range(3)
                      if weights[0, i, j] > 0)  # fmt: skip
    assert [(w, q, k) for w, q, k in zip(lines.weight, lines.query, lines.key, strict=True)] == (
        expected
    )
    assert not lines.thinned
    assert lines.total == 6


@pytest.mark.parametrize(("heads", "length", "sharpness"),
                         [(1, 64, 1.0), (1, 64, 6.0), (1, 512, 3.0), (8, 256, 1.0),
                          (8, 256, 8.0), (3, 100, 4.0)])  # fmt: skip
def test_many_lines_keep_each_querys_strongest_and_stay_within_the_budget(heads, length,
                                                                          sharpness):  # fmt: skip
    weights = softmax_rows(np.random.default_rng(length + heads), heads, length, sharpness)
    lines = strongest_lines(weights)
    assert lines.thinned
    assert len(lines) <= max(BUDGET, length)
    assert lines.total == heads * length * length
    assert np.all(np.diff(lines.weight) >= 0)
    assert np.array_equal(lines.weight, weights[lines.head, lines.query, lines.key])
    for query in range(length):  # loops: the strongest line of each query is drawn
        best = max(weights[h, query, k] for h in range(heads) for k in range(length))
        assert lines.weight[lines.query == query].max() == best
    pairs = set(zip(lines.head.tolist(), lines.query.tolist(), lines.key.tolist(), strict=True))
    assert len(pairs) == len(lines)  # no line twice


def test_weights_above_the_floor_are_kept_while_they_fit():
    weights = softmax_rows(np.random.default_rng(1), 1, 64, 4.0)
    lines = strongest_lines(weights)
    strong = {(int(i), int(j)) for i, j in zip(*np.nonzero(weights[0] >= FLOOR), strict=True)}
    assert len(strong) < BUDGET
    assert strong <= set(zip(lines.query.tolist(), lines.key.tolist(), strict=True))


def test_a_tokens_lines_are_its_row_as_a_query_and_its_column_as_a_key():
    weights = softmax_rows(np.random.default_rng(2), 2, 5, 1.0)
    weights[1, 3, 0] = 0.0  # masked
    row = token_lines(weights, "query", 3)
    assert set(zip(row.head.tolist(), row.key.tolist(), strict=True)) == {
        (h, k) for h in range(2) for k in range(5) if (h, k) != (1, 0)
    }
    assert set(row.query.tolist()) == {3}
    column = token_lines(weights, "key", 0)
    assert set(column.key.tolist()) == {0}
    assert len(column) == 9  # (1, 3, 0) is masked


def test_a_tokens_many_lines_are_cut_to_the_strongest():
    weights = softmax_rows(np.random.default_rng(3), 8, 512, 2.0)
    row = token_lines(weights, "query", 7, budget=100)
    assert len(row) == 100
    assert row.total == 8 * 512
    assert row.weight.min() >= np.sort(weights[:, 7, :].ravel())[-100]
