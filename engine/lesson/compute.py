"""The state's one entry point: new inputs and the previous computation in, the new one out.

:func:`compute` takes the cheapest road that ends where a full computation does, decided by
comparing the new inputs with those of the previous computation:

- nothing the numbers depend on changed (the tokens' names, dropout): the previous result;
- only τ changed: steps ② to ④ again on the very same scores S (the dial, every frame):
  :func:`engine.with_temperature`, :func:`engine.lesson.multi_head.with_heads_temperature`;
- some cells changed, with the same shapes, masks, τ and heads: only what they touch,
  :func:`engine.update_attention` or :func:`engine.lesson.multi_head.update_heads`, after
  X·W again where X or a W changed (:func:`reprojected`);
- anything else: the full computation, :func:`engine.attention` or :func:`engine.multi_head`.

Every road gives a fresh computation's numbers: bit for bit after a new τ or a new row of
K, within 1e-12 after a row of Q or V (see :mod:`engine.lesson.update`). Inputs are never
written in place once given (the state copies an array before writing into it), so an
array that is the same object holds the same numbers: identity is the first test, the
bits the next. Results kept for undo are :mod:`engine.lesson.kept_results`'.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
from numpy.typing import NDArray

from ._checks import Matrix
from .attention import attention, project, with_temperature
from .multi_head import MultiHeadResult, multi_head, update_heads, with_heads_temperature
from .result import AttentionResult
from .update import update_attention

#: The names of projection mode's inputs, X first: Q = X·W_q, K = X·W_k, V = X·W_v.
PROJECTED_FROM = ("x", "w_q", "w_k", "w_v")


@dataclass(frozen=True, eq=False)
class Inputs:
    """Everything a result is computed from.

    Attributes
    ----------
    matrices : dict of str to array
        ``q``, ``k``, ``v``; or in projection mode ``x``, ``w_q``, ``w_k``, ``w_v`` and,
        when given, ``w_o`` (used with several heads). Never written in place once here.
    causal : bool
        Hide future keys.
    mask : (L, L) bool array or None
        Every other mask combined (a mask painted by hand, padding): True where allowed.
    temperature : float or None
        τ of step ②; None: each head's √d_k.
    heads : int
        h, the number of heads Q, K and V are split into.
    """

    matrices: dict[str, Matrix]
    causal: bool = False
    mask: NDArray[np.bool_] | None = None
    temperature: float | None = None
    heads: int = 1

    @property
    def tau(self) -> float:
        """Return τ as step ② uses it: the setting, or √d_k of one head."""
        if self.temperature is not None:
            return self.temperature
        width = self.matrices["w_q" if "x" in self.matrices else "q"].shape[1]
        return math.sqrt(width // self.heads)

    def same_as(self, other: Inputs) -> bool:
        """Return True if both hold exactly the same numbers (same bits, same shapes)."""
        return self.temperature == other.temperature and self.same_but_temperature(other)

    def same_but_temperature(self, other: Inputs) -> bool:
        """Return True if both hold the same matrices, masks and heads, whatever their τ."""
        return self.same_shapes_as(other) and all(
            same_bits(self.matrices[name], other.matrices[name]) for name in self.matrices
        )

    def same_shapes_as(self, other: Inputs) -> bool:
        """Return True if both have matrices of the same names and shapes, masks and heads."""
        mine, theirs = self.matrices, other.matrices
        return (
            self.causal == other.causal
            and self.heads == other.heads
            and mine.keys() == theirs.keys()
            and all(mine[name].shape == theirs[name].shape for name in mine)
            and same_bits(self.mask, other.mask)
        )


@dataclass(frozen=True, eq=False)
class Computed:
    """The result of some inputs, with every head and all of Q, K and V.

    Attributes
    ----------
    inputs : Inputs
        What it was computed from.
    q, k, v : arrays
        All of Q, K and V (projected from X in projection mode): every head's columns.
    one_head : AttentionResult or None
        The result, with one head.
    heads : MultiHeadResult or None
        Every head, the concat and the output, with more than one head.
    """

    inputs: Inputs
    q: Matrix
    k: Matrix
    v: Matrix
    one_head: AttentionResult | None = None
    heads: MultiHeadResult | None = None

    def head(self, index: int) -> AttentionResult:
        """Return head ``index``'s result (from 0); with one head, the result."""
        if self.heads is not None:
            return self.heads.heads[index]
        assert self.one_head is not None
        return self.one_head

    @property
    def temperature(self) -> float:
        """Return τ as step ② used it."""
        return self.head(0).temperature


def compute(inputs: Inputs, previous: Computed | None = None) -> Computed:
    """Return the attention of ``inputs``, reusing what ``previous`` computed.

    Parameters
    ----------
    inputs : Inputs
        The inputs now.
    previous : Computed, optional
        The computation before them; without it, a full computation.

    Returns
    -------
    Computed
        The result, by the cheapest of the roads in the module's docstring.

    Raises
    ------
    InputError
        A ValueError: as :func:`engine.attention` and :func:`engine.multi_head` raise it.
    """
    if previous is not None:
        before = previous.inputs
        if before.same_but_temperature(inputs):
            if previous.temperature == inputs.tau:  # the same numbers, maybe another name
                return replace(previous, inputs=inputs)
            return _at_temperature(previous, inputs)
        if before.same_shapes_as(inputs) and previous.temperature == inputs.tau:
            return _updated(previous, inputs)
    return _full(inputs)


def _full(inputs: Inputs) -> Computed:
    q, k, v = projected(inputs.matrices)
    if inputs.heads == 1:
        one = attention(q, k, v, temperature=inputs.temperature, causal=inputs.causal,
                        mask=inputs.mask)  # fmt: skip
        return Computed(inputs, q, k, v, one_head=one)
    heads = multi_head(q, k, v, inputs.heads, w_o=inputs.matrices.get("w_o"),
                       temperature=inputs.temperature, causal=inputs.causal,
                       mask=inputs.mask)  # fmt: skip
    return Computed(inputs, q, k, v, heads=heads)


def _at_temperature(previous: Computed, inputs: Inputs) -> Computed:
    """Redo steps ② to ④ at the new τ, on the scores of ``previous``."""
    if previous.heads is not None:
        heads = with_heads_temperature(previous.heads, inputs.temperature)
        return replace(previous, inputs=inputs, heads=heads)
    assert previous.one_head is not None
    return replace(previous, inputs=inputs,
                   one_head=with_temperature(previous.one_head, inputs.temperature))  # fmt: skip


def _updated(previous: Computed, inputs: Inputs) -> Computed:
    """Only what the changed cells touch, at the same shapes, masks, τ and heads."""
    q, k, v = reprojected(previous, inputs.matrices)
    if previous.heads is not None:
        heads = update_heads(previous.heads, q, k, v, inputs.matrices.get("w_o"))
        return Computed(inputs, q, k, v, heads=heads)
    assert previous.one_head is not None
    return Computed(inputs, q, k, v, one_head=update_attention(previous.one_head, q, k, v))


def projected(matrices: dict[str, Matrix]) -> tuple[Matrix, Matrix, Matrix]:
    """Return Q, K and V of some inputs: X·W_q, X·W_k, X·W_v in projection mode."""
    if "x" in matrices:
        return project(*(matrices[name] for name in PROJECTED_FROM))
    return matrices["q"], matrices["k"], matrices["v"]


def reprojected(previous: Computed, matrices: dict[str, Matrix]) -> tuple[Matrix, Matrix, Matrix]:
    """Return Q, K and V of ``matrices``, given those ``previous`` projected.

    Only the rows of X and the columns of each W that changed are multiplied again: a cell
    of X is one row of Q, K and V (3·d_model² products where X·W takes 3·L·d_model²).
    Anything else (another mode, other shapes, many changes) is projected whole.
    """
    before = previous.inputs.matrices
    if "x" not in matrices or any(
        name not in before or before[name].shape != matrices[name].shape for name in PROJECTED_FROM
    ):
        return projected(matrices)
    x = matrices["x"]
    rows = _changed(before["x"], x, axis=1)
    result = []
    for name, old in zip(PROJECTED_FROM[1:], (previous.q, previous.k, previous.v), strict=True):
        w = matrices[name]
        cols = _changed(before[name], w, axis=0)
        if len(rows) > x.shape[0] // 8 or len(cols) > w.shape[1] // 8:
            return projected(matrices)
        if not len(rows) and not len(cols):
            result.append(old)
            continue
        new = old.copy()
        with np.errstate(over="ignore", invalid="ignore"):
            if len(rows):
                new[rows] = x[rows] @ w  # (rows, d)
            if len(cols):
                new[:, cols] = x @ w[:, cols]  # (L, cols)
        if not np.isfinite(new).all():
            return projected(matrices)  # which says which one overflows
        result.append(new)
    return result[0], result[1], result[2]


def _changed(old: Matrix, new: Matrix, axis: int) -> NDArray[np.intp]:
    """Return the rows (axis 1 compared) or columns (axis 0 compared) that differ."""
    if old is new:
        return np.zeros(0, dtype=np.intp)
    changed: NDArray[np.intp] = np.flatnonzero((old != new).any(axis=axis))
    return changed


def same_bits(a: NDArray[np.generic] | None, b: NDArray[np.generic] | None) -> bool:
    """Return True if ``a`` and ``b`` are the same array, or hold the same bits (or are None).

    Bits, not values: -0.0 and 0.0 are equal numbers but not the same input.
    """
    if a is b:  # an array given to Inputs is never written in place: unchanged ones are shared
        return True
    if a is None or b is None or a.shape != b.shape or a.dtype != b.dtype:
        return False
    whole = np.int64 if a.dtype.itemsize == 8 else np.uint8  # a float64 as one word, not 8
    return bool(np.array_equal(a.view(whole), b.view(whole)))
