"""The four steps as the lesson writes them: ① S = QKᵀ ② S/√d_k ③ softmax ④ Z = A·V.

One operation a line, as the lesson computes 猫 吃 鱼 by hand::

    from engine import four_steps, load_preset
    lesson = load_preset("cat-eats-fish")
    s, scaled, a, z = four_steps(lesson.q, lesson.k, lesson.v)
    a[0].round(4)  # 猫's row: [0.2741, 0.2741, 0.4519]

The app runs :func:`engine.attention` (:mod:`engine.lesson.attention`) instead, which adds
masks, any temperature, and the care that large matrices and a tiny τ need. It gives these
very numbers, bit for bit when √d_k is a power of two (the lesson's d_k = 4: dividing by 2 is
exact) and within 1e-12 otherwise, since it subtracts each row's maximum before dividing by
τ, not after (``tests/engine/test_four_steps.py`` holds it to that).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from ._checks import Matrix, as_inputs


class FourSteps(NamedTuple):
    """What each step gives, under the names :class:`engine.AttentionResult` gives them."""

    scores: Matrix  # ① S = QKᵀ, (L_q, L_k)
    scaled: Matrix  # ② S/√d_k, (L_q, L_k)
    weights: Matrix  # ③ A, the softmax of each row of S/√d_k, (L_q, L_k)
    context: Matrix  # ④ Z = A·V, (L_q, d_v)


def four_steps(q: ArrayLike, k: ArrayLike, v: ArrayLike) -> FourSteps:
    """Return softmax(QKᵀ/√d_k)·V and the steps on the way, one operation a line.

    Parameters
    ----------
    q, k : (L_q, d_k) and (L_k, d_k) matrices
        The queries and the keys, one row per token.
    v : (L_k, d_v) matrix
        The values, one row per key; d_v may differ from d_k.

    Returns
    -------
    FourSteps
        S, S/√d_k, A and Z, in the order of the lesson.

    Raises
    ------
    InputError
        A ValueError: for empty or non-finite matrices, or shapes that do not fit.
    """
    q, k, v = as_inputs(q, k, v)  # Q (L_q, d_k), K (L_k, d_k), V (L_k, d_v)
    d_k = q.shape[1]  # the width of a query and a key: 4 in the lesson
    s = q @ k.T  # ① scores S = QKᵀ, each query · each key: (L_q, L_k)
    scaled = s / math.sqrt(d_k)  # ② S/√d_k, (L_q, L_k)
    # ③ softmax by row, each row minus its maximum first: the same A (e^−max cancels), no overflow
    e = np.exp(scaled - scaled.max(axis=1, keepdims=True))  # ③ (L_q, L_k), each ≤ 1
    a = e / e.sum(axis=1, keepdims=True)  # ③ weights A, each row sums to 1: (L_q, L_k)
    z = a @ v  # ④ context Z = A·V, each query's mix of the values: (L_q, d_v)
    return FourSteps(s, scaled, a, z)
