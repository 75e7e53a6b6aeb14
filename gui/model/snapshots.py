"""What the user edits, reshaped.

A token added or removed, a dimension changed, a preset read in: pure functions on
:class:`Snapshot` (plain Python and NumPy, no Qt); the state validates, names the undo step
and pushes it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
from numpy.typing import NDArray

from engine import AttentionResult, Preset, attention, multi_head, padding_mask, project
from engine.formats.head_source import HeadSource
from engine.lesson.dropout import DropoutSetting
from engine.lesson.masks import combined
from engine.lesson.multi_head import MultiHeadResult

Matrix = NDArray[np.float64]
ROWS_PER_TOKEN = ("q", "k", "v", "x")  # the inputs with one row per token


@dataclass(frozen=True)
class Snapshot:
    """Everything the user edits, as it was at one moment (arrays are private copies)."""

    tokens: tuple[str, ...]
    matrices: dict[str, NDArray[np.float64]]
    causal: bool
    temperature: float | None  # None: the standard √d_k
    # Only loading a preset brings its τ along; other steps leave the dial where it is.
    sets_temperature: bool = False
    # A session's own mask (tokens × tokens, True = allowed), kept and applied with the
    # causal one; there is no editor for it, but opening and saving must not lose it.
    mask: NDArray[np.bool_] | None = None
    heads: int = 1  # h: Q, K and V split into h blocks of columns
    padding: tuple[bool, ...] = ()  # True for each token that is padding; () for none
    dropout: DropoutSetting | None = None  # dropout on the weights (off by default)
    source: HeadSource | None = None  # the real model's head the numbers were taken from

    @property
    def allowed(self) -> NDArray[np.bool_] | None:
        """Return the own mask AND the padding's (the causal one is applied apart), or None."""
        length = len(self.tokens)
        padding = padding_mask(self.padding) if any(self.padding) else None
        return combined((length, length), self.mask, padding)


def with_token_added(snapshot: Snapshot, name: str) -> Snapshot:
    """Return ``snapshot`` with a new last token whose inputs start at 0.

    If the snapshot has its own mask, the new token may look at every key and be looked at
    by every query.
    """
    matrices = dict(snapshot.matrices)
    for key in ROWS_PER_TOKEN:
        if key in matrices:
            matrices[key] = np.vstack([matrices[key], np.zeros((1, matrices[key].shape[1]))])
    mask = snapshot.mask
    if mask is not None:  # the new token may look at every key, and be looked at
        mask = np.pad(mask, ((0, 1), (0, 1)), constant_values=True)
    padding = (*snapshot.padding, False) if snapshot.padding else ()
    return replace(snapshot, tokens=(*snapshot.tokens, name), matrices=matrices, mask=mask,
                   padding=padding)  # fmt: skip


def with_token_removed(snapshot: Snapshot, index: int) -> Snapshot:
    """Return ``snapshot`` without token ``index``.

    Its row of each input with one row per token (Q, K, V or X) goes, and so do its row and
    column of the own mask, if there is one.
    """
    matrices = dict(snapshot.matrices)
    for key in ROWS_PER_TOKEN:
        if key in matrices:
            matrices[key] = np.delete(matrices[key], index, axis=0)
    mask = snapshot.mask
    if mask is not None:
        mask = np.delete(np.delete(mask, index, axis=0), index, axis=1)
    tokens = snapshot.tokens[:index] + snapshot.tokens[index + 1 :]
    padding = snapshot.padding[:index] + snapshot.padding[index + 1 :]
    return replace(snapshot, tokens=tokens, matrices=matrices, mask=mask,
                   padding=padding if any(padding) else ())  # fmt: skip


def _resized(matrix: Matrix, rows: int, cols: int) -> Matrix:
    """``matrix`` cut or padded with zeros to rows × cols; what stays keeps its value."""
    new = np.zeros((rows, cols))
    keep_rows, keep_cols = min(rows, matrix.shape[0]), min(cols, matrix.shape[1])
    new[:keep_rows, :keep_cols] = matrix[:keep_rows, :keep_cols]
    return new


def with_width(snapshot: Snapshot, names: tuple[str, ...], width: int) -> Snapshot:
    """Return ``snapshot`` with the matrices ``names`` at ``width`` columns.

    d_k: Q and K (W_q and W_k in projection mode); d_v: V (W_v). Columns beyond ``width``
    are cut, new ones start at 0.
    """
    matrices = dict(snapshot.matrices)
    for key in names:
        matrices[key] = _resized(matrices[key], matrices[key].shape[0], width)
    if "w_o" in matrices and "w_v" in names:  # W_o has one row per column of the concat
        matrices["w_o"] = _resized(matrices["w_o"], width, matrices["w_o"].shape[1])
    return replace(snapshot, matrices=matrices)


def with_d_model(snapshot: Snapshot, width: int) -> Snapshot:
    """Projection mode: X with ``width`` columns and each W with as many rows."""
    matrices = dict(snapshot.matrices)
    matrices["x"] = _resized(matrices["x"], matrices["x"].shape[0], width)
    for key in ("w_q", "w_k", "w_v"):
        matrices[key] = _resized(matrices[key], width, matrices[key].shape[1])
    return replace(snapshot, matrices=matrices)


def with_projection(snapshot: Snapshot, q: Matrix, k: Matrix, v: Matrix) -> Snapshot:
    """Return ``snapshot`` in projection mode, giving the same ``q``, ``k``, ``v``.

    X is the identity (each token its own direction, d_model = L), so each W's rows are
    the tokens' rows of Q, K or V: X·W_q = Q exactly.
    """
    matrices = {"x": np.eye(len(snapshot.tokens)), "w_q": q.copy(), "w_k": k.copy(),
                "w_v": v.copy()}  # fmt: skip
    return replace(snapshot, matrices=matrices)


def without_projection(snapshot: Snapshot, q: Matrix, k: Matrix, v: Matrix) -> Snapshot:
    """Return ``snapshot`` with ``q``, ``k``, ``v`` (the projected ones) typed directly."""
    return replace(snapshot, matrices={"q": q.copy(), "k": k.copy(), "v": v.copy()})


def snapshot_of(preset: Preset) -> Snapshot:
    """Return the snapshot of a preset's inputs, as float copies.

    In projection mode that is X and the W's, else Q, K and V. An own mask that allows every
    pair is dropped: it would change nothing.
    """
    if preset.projection is None:
        matrices = {"q": preset.q, "k": preset.k, "v": preset.v}
    else:
        p = preset.projection
        matrices = {"x": p.x, "w_q": p.w_q, "w_k": p.w_k, "w_v": p.w_v}
        if p.w_o is not None:
            matrices["w_o"] = p.w_o
    copies = {name: np.array(m, dtype=np.float64) for name, m in matrices.items()}
    mask = None if preset.mask is None else np.array(preset.mask, dtype=np.bool_)
    return Snapshot(tuple(preset.tokens), copies, preset.causal, preset.temperature,
                    mask=None if mask is None or mask.all() else mask, heads=preset.heads,
                    padding=preset.padding if any(preset.padding) else (),
                    dropout=preset.dropout, source=preset.source)  # fmt: skip


def inputs_of(matrices: dict[str, Matrix]) -> tuple[Matrix, Matrix, Matrix]:
    """Q, K and V of some inputs: projected from X in projection mode."""
    if "x" in matrices:
        return project(matrices["x"], matrices["w_q"], matrices["w_k"], matrices["w_v"])
    return matrices["q"], matrices["k"], matrices["v"]


def _changed(old: Matrix, new: Matrix, axis: int) -> NDArray[np.intp]:
    """Return the rows (axis 1 compared) or columns (axis 0 compared) that differ."""
    if old is new:
        return np.zeros(0, dtype=np.intp)
    changed: NDArray[np.intp] = np.flatnonzero((old != new).any(axis=axis))
    return changed


def reprojected(
    before: dict[str, Matrix], matrices: dict[str, Matrix], projected: dict[str, Matrix]
) -> tuple[Matrix, Matrix, Matrix]:
    """Return Q, K, V of ``matrices``, given ``projected`` (q, k, v) = those of ``before``.

    Only the rows of X and the columns of each W that changed are multiplied again: a cell
    of X is one row of Q, K and V (3·d_model² products where X·W takes 3·L·d_model²).
    Anything else (another mode, other shapes, many changes) is projected whole.
    """
    names = ("x", "w_q", "w_k", "w_v")
    if (
        "x" not in matrices
        or any(n not in projected for n in ("q", "k", "v"))
        or any(n not in before or before[n].shape != matrices[n].shape for n in names)
    ):
        return inputs_of(matrices)
    x = matrices["x"]
    rows = _changed(before["x"], x, axis=1)
    result = []
    for name, old in zip(names[1:], (projected["q"], projected["k"], projected["v"]), strict=True):
        w = matrices[name]
        cols = _changed(before[name], w, axis=0)
        if len(rows) > x.shape[0] // 8 or len(cols) > w.shape[1] // 8:
            return inputs_of(matrices)
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
            return inputs_of(matrices)  # which says which one overflows
        result.append(new)
    return result[0], result[1], result[2]


def attention_of(snapshot: Snapshot) -> AttentionResult:
    """Compute the engine's result for a snapshot; raise ValueError as the engine does.

    With several heads, that of the first; :func:`heads_of` gives them all.
    """
    if snapshot.heads > 1:
        return heads_of(snapshot).heads[0]
    q, k, v = inputs_of(snapshot.matrices)
    return attention(q, k, v, temperature=snapshot.temperature, causal=snapshot.causal,
                     mask=snapshot.allowed)  # fmt: skip


def heads_of(
    snapshot: Snapshot, projected: tuple[Matrix, Matrix, Matrix] | None = None
) -> MultiHeadResult:
    """Compute every head of a snapshot, their concat and (with W_o) the output.

    ``projected``: its Q, K and V when the caller has them already.
    """
    q, k, v = inputs_of(snapshot.matrices) if projected is None else projected
    return multi_head(q, k, v, snapshot.heads, w_o=snapshot.matrices.get("w_o"),
                      temperature=snapshot.temperature, causal=snapshot.causal,
                      mask=snapshot.allowed)  # fmt: skip
