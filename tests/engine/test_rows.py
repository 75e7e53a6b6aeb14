"""Steps ② and ③ done block by block of rows give the very same numbers as all rows at
once."""

from __future__ import annotations

import numpy as np
import pytest

import engine.lesson.row_blocks as row_blocks
from engine import attention, softmax, with_temperature
from tests.engine.naive import naive_attention

FIELDS = ("scores", "scaled", "weights", "context", "entropy", "max_weight", "fully_masked_rows")


def _one_block(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(row_blocks, "BLOCK_ELEMENTS", 1 << 40)


def _many_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        row_blocks, "BLOCK_ELEMENTS", 3 * 97
    )  # 3 rows per block: blocks end mid-matrix


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"causal": True},
        {"temperature": 1e-3},
        {"temperature": 1e-300, "causal": True},
        {"temperature": 20.0},
    ],
)
def test_blocks_give_the_same_bits(monkeypatch, options):
    rng = np.random.default_rng(3)
    q, k = rng.normal(size=(97, 8)) * 30, rng.normal(size=(97, 8)) * 30
    v = rng.normal(size=(97, 5))
    k[5] = k[6]  # tied keys: the case where a last bit would show at a tiny τ
    mask = rng.random((97, 97)) > 0.3
    mask[4] = False  # a fully masked row
    _one_block(monkeypatch)
    whole = attention(q, k, v, mask=mask, **options)
    _many_blocks(monkeypatch)
    blocks = attention(q, k, v, mask=mask, **options)
    for field in FIELDS:
        assert np.array_equal(getattr(whole, field), getattr(blocks, field)), field
    assert np.array_equal(
        with_temperature(whole, 0.3).weights, with_temperature(blocks, 0.3).weights
    )
    assert np.array_equal(
        softmax(whole.scores, temperature=0.5), softmax(blocks.scores, temperature=0.5)
    )
    # and both are right: the same as plain loops, not merely the same as each other
    allowed = mask & np.tril(np.ones((97, 97), dtype=bool)) if options.get("causal") else mask
    s, a, z, _ = naive_attention(q.tolist(), k.tolist(), v.tolist(),
                                 options.get("temperature"), allowed.tolist())  # fmt: skip
    np.testing.assert_allclose(blocks.scores, s, rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(blocks.weights, a, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(blocks.context, z, rtol=1e-9, atol=1e-9)


def test_every_row_is_done_once(monkeypatch):
    _many_blocks(monkeypatch)
    seen = np.zeros(50, dtype=int)
    for block in row_blocks.row_blocks(50, 97):
        seen[block] += 1
    assert (seen == 1).all()


@pytest.mark.parametrize("options", [{}, {"causal": True}, {"temperature": 1e-3}])
def test_one_row_s_entropy_is_the_number_of_all_rows_entropies(options):
    rng = np.random.default_rng(8)
    q, k, v = (rng.normal(size=(40, 6)) * 10 for _ in range(3))
    mask = np.ones((40, 40), dtype=bool)
    mask[7] = False  # a fully masked row: entropy 0
    result = attention(q, k, v, mask=mask, **options)
    rows = [result.row_entropy(row) for row in range(40)]
    assert np.array_equal(rows, result.entropy)
    assert rows[7] == 0.0
