"""What the user edits, reshaped.

A token added or removed, a dimension changed, a preset read in: pure functions on
:class:`Snapshot` (plain Python and NumPy, no Qt); the state validates, names the undo step
and pushes it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
from numpy.typing import NDArray

from engine import Preset, padding_mask
from engine.formats.head_source import HeadSource
from engine.lesson.compute import Inputs
from engine.lesson.dropout import DropoutSetting
from engine.lesson.masks import combined

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

    @property
    def inputs(self) -> Inputs:
        """Return what the engine computes the result from (see engine.lesson.compute)."""
        return Inputs(self.matrices, self.causal, self.allowed, self.temperature, self.heads)


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
