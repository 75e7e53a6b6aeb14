"""Dropout on the attention weights, as in training: A' = A ⊙ M / (1 − p), Z' = A'·V.

Each weight is kept with probability 1 − p (M holds True where it is kept) and the kept
ones are divided by 1 − p, so that each row's expected sum stays 1. The same seed gives
the same cells. In evaluation nothing is dropped: that is A itself.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ..messages import InputError, Message
from ._checks import Matrix
from .result import AttentionResult

#: The largest drop probability offered: at 0.9 one weight in ten is kept, ×10.
MAX_DROP = 0.9
#: The largest seed: what a QSpinBox (a C int) can show. A session with 2³¹ made
#: `main.py export --session` die with a segmentation fault, and the window show 0 while
#: it computed with 2³¹.
MAX_SEED = 2**31 - 1


@dataclass(frozen=True)
class DropoutSetting:
    """Dropout on the weights: its probability, its seed, and training (on) or evaluation."""

    p: float = 0.1
    seed: int = 0
    training: bool = False


@dataclass(frozen=True, eq=False)
class Dropout:
    """The weights after dropout, and the context they give.

    Attributes
    ----------
    p : float
        The probability that a weight is dropped.
    seed : int
        The seed of the generator that drew M.
    kept : (L_q, L_k) bool array
        M: True where a weight is kept.
    weights : (L_q, L_k) array
        A' = A ⊙ M / (1 − p).
    context : (L_q, d_v) array
        Z' = A'·V.
    """

    p: float
    seed: int
    kept: NDArray[np.bool_]
    weights: Matrix
    context: Matrix

    @property
    def scale(self) -> float:
        """Return 1 / (1 − p), what every kept weight is multiplied by."""
        return 1.0 / (1.0 - self.p)


def check_drop(p: float) -> float:
    """Return ``p`` as a float; InputError unless it is from 0 to MAX_DROP."""
    if not isinstance(p, (int, float, np.floating)) or isinstance(p, bool):
        raise InputError(Message("the dropout probability p must be a number"))
    if not (math.isfinite(p) and 0.0 <= p <= MAX_DROP):
        raise InputError(
            Message(
                "the dropout probability p must be from 0 to {most:g}, not {p:g}",
                most=MAX_DROP,
                p=float(p),
            )
        )
    return float(p)


def dropout(result: AttentionResult, p: float, seed: int) -> Dropout:
    """Return ``result``'s weights with dropout ``p`` drawn from ``seed``, and their context.

    Parameters
    ----------
    result : AttentionResult
        Its weights A and values V.
    p : float
        The probability of dropping each weight, 0 to MAX_DROP (0.9).
    seed : int
        Any whole number ≥ 0: the same seed drops the same cells.

    Returns
    -------
    Dropout
        M, A' and Z'.
    """
    return dropout_heads((result,), p, seed)[0]


def dropout_heads(heads: tuple[AttentionResult, ...], p: float, seed: int) -> tuple[Dropout, ...]:
    """Return every head's weights with dropout ``p``, drawn at once from ``seed``.

    As PyTorch drops cells of the (h, L_q, L_k) weights in one draw: head 0's cells are
    those :func:`dropout` drops for the same seed, so one head and several agree.
    """
    p = check_drop(p)
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise InputError(Message("the dropout seed must be a whole number ≥ 0"))
    if seed > MAX_SEED:
        raise InputError(
            Message("the dropout seed must be at most {most:,}, not {value:,}",
                    most=MAX_SEED, value=int(seed))
        )  # fmt: skip
    generator = np.random.default_rng(int(seed))
    shape = (len(heads), *heads[0].weights.shape) if heads else (0, 0, 0)
    kept_all = generator.random(shape) >= p  # (h, L_q, L_k), True with chance 1 − p
    drops = []
    for result, kept in zip(heads, kept_all, strict=True):
        weights = np.where(kept, result.weights / (1.0 - p), 0.0)  # A' = A ⊙ M / (1 − p)
        context = weights @ result.v  # Z' = A'·V, (L_q, d_v)
        drops.append(Dropout(p, int(seed), kept, weights, context))
    return tuple(drops)
