"""The backward pass against the forward pass at 512 tokens (d_k = d_v = 64): goal ≤ 2×.

The forward pass is :func:`engine.attention` (① to ④ with its checks); the backward pass is
:func:`engine.backward` with an upstream gradient on Z and on A, which does four products
of the forward's size where the forward does two, and the softmax's backward in three
passes over A. Both are timed in turn in one process over several rounds, with and without
a causal mask; the spread of the ratio is printed. A third row times forward + backward,
what a training step costs, against the forward alone.

Run: python bench/backward.py (OPENBLAS_NUM_THREADS=1 for steadier figures on a busy machine:
with two BLAS threads on two loaded cores, the times come in scheduler slices of 8 ms.)
"""

from __future__ import annotations

import numpy as np
from common import compare_rounds, report

from engine import attention, backward


def main() -> None:
    rows: list[dict[str, object]] = []
    rng = np.random.default_rng(0)
    length, width = 512, 64
    q, k, v = (rng.normal(size=(length, width)) for _ in range(3))
    d_context, d_weights = rng.normal(size=(length, width)), rng.normal(size=(length, length))
    for causal in (False, True):
        result = attention(q, k, v, causal=causal)
        figures = compare_rounds(
            lambda result=result: backward(result, d_context, d_weights),
            lambda causal=causal: attention(q, k, v, causal=causal),
            rounds=9,
            repeats=20,
        )
        name = f"backward L={length} d=64{' causal' if causal else ''}"
        rows.append({"name": name, **figures, "goal": 2.0})
    figures = compare_rounds(
        lambda: backward(attention(q, k, v), d_context),
        lambda: attention(q, k, v),
        rounds=9,
        repeats=20,
    )
    rows.append({"name": f"forward+backward L={length} d=64", **figures, "goal": None})
    report(rows)


if __name__ == "__main__":
    main()
