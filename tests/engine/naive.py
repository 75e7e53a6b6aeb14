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


def naive_backward(q, k, v, d_context, d_weights=None, temperature=None, allowed=None,
                   kept=None, p=0.0):  # fmt: skip
    """The backward pass with loops: ∂L/∂A, ∂L/∂(S/τ), ∂L/∂S, ∂L/∂Q, ∂L/∂K, ∂L/∂V.

    ``kept`` (lists of bool) and ``p`` are a dropout's mask and probability: Z = A′·V with
    A′ = A ⊙ M / (1 − p); ``d_weights`` is the gradient on A itself.
    """
    length_q, length_k, d_k, d_v = len(q), len(k), len(q[0]), len(v[0])
    tau = math.sqrt(d_k) if temperature is None else temperature
    _, a, _, _ = naive_attention(q, k, v, temperature, allowed)
    factor = [[1.0 / (1.0 - p) if kept is None or kept[i][j] else 0.0 for j in range(length_k)]
              for i in range(length_q)]  # fmt: skip
    # ④ Z = A′·V: ∂L/∂A′_ij = Σ_d g_z[i][d]·v[j][d], ∂L/∂V_jd = Σ_i A′_ij·g_z[i][d]
    d_a = [[factor[i][j] * sum(d_context[i][d] * v[j][d] for d in range(d_v))
            + (0.0 if d_weights is None else d_weights[i][j])
            for j in range(length_k)] for i in range(length_q)]  # fmt: skip
    d_v_ = [[sum(a[i][j] * factor[i][j] * d_context[i][d] for i in range(length_q))
             for d in range(d_v)] for j in range(length_k)]  # fmt: skip
    # ③ softmax: ∂L/∂x_ij = a_ij (g_ij − Σ_k a_ik g_ik)
    d_scaled = []
    for i in range(length_q):
        row_sum = sum(a[i][m] * d_a[i][m] for m in range(length_k))
        d_scaled.append([a[i][j] * (d_a[i][j] - row_sum) for j in range(length_k)])
    # ② S/τ
    d_s = [[x / tau for x in row] for row in d_scaled]
    # ① S = QKᵀ
    d_q = [[sum(d_s[i][j] * k[j][c] for j in range(length_k)) for c in range(d_k)]
           for i in range(length_q)]  # fmt: skip
    d_k_ = [[sum(d_s[i][j] * q[i][c] for i in range(length_q)) for c in range(d_k)]
            for j in range(length_k)]  # fmt: skip
    return d_a, d_scaled, d_s, d_q, d_k_, d_v_
