"""Attention written with plain Python loops: the reference the engine is checked against."""

from __future__ import annotations

import math


def naive_scores(q: list[list[float]], k: list[list[float]]) -> list[list[float]]:
    return [[sum(a * b for a, b in zip(qi, kj, strict=True)) for kj in k] for qi in q]


def naive_softmax(row: list[float | None], temperature: float = 1.0) -> list[float]:
    """Softmax of one row; None marks a hidden key (weight 0)."""
    visible = [x / temperature for x in row if x is not None]
    if not visible:
        return [0.0] * len(row)
    top = max(visible)
    exps = [0.0 if x is None else math.exp(x / temperature - top) for x in row]
    total = sum(exps)
    return [e / total for e in exps]


def naive_attention(q, k, v, temperature=None, allowed=None):
    d_k = len(q[0])
    tau = math.sqrt(d_k) if temperature is None else temperature
    s = naive_scores(q, k)
    weights = []
    for i, row in enumerate(s):
        shown = [x if allowed is None or allowed[i][j] else None for j, x in enumerate(row)]
        weights.append(naive_softmax(shown, tau))
    context = [
        [sum(weights[i][j] * v[j][d] for j in range(len(v))) for d in range(len(v[0]))]
        for i in range(len(q))
    ]
    entropy = [-sum(a * math.log2(a) for a in row if a > 0) for row in weights]
    return s, weights, context, entropy
