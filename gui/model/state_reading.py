"""The state as the views read it.

Every field of :class:`AttentionState` and its read-only properties; the writing half
(setters, undo, signals) is in state.py.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QObject

from engine import AttentionResult, Preset
from engine.presets import Projection
from engine.vocabulary import DIRECT_INPUTS, LABELS, PROJECTION_INPUTS
from gui.model.view_settings import ViewSettings


class StateReading(QObject):
    """Tokens, the inputs, τ, the masks and the selection, and the result, to be read."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._tokens: tuple[str, ...] = ()
        self._matrices: dict[str, NDArray[np.float64]] = {}
        self._causal = False
        self._mask: NDArray[np.bool_] | None = None  # a session's own mask, if it has one
        self._temperature: float | None = None  # None: follow √d_k
        self._selected_token = 0
        self._selected_cell: tuple[str, int, int] | None = None
        self.view = ViewSettings(self)  # decimals, text size, the lit step: views subscribe
        self._view_extra: dict[str, object] = {}
        self._result: AttentionResult | None = None
        self._stale = False  # edits wait for the next turn of the event loop: see result

    def _recompute(self, incremental: bool = False) -> None:
        """Compute the result of the current inputs (the writing half says how)."""
        raise NotImplementedError

    # ----------------------------------------------------------------- reading
    @property
    def result(self) -> AttentionResult:
        """The engine's result for the current inputs, computed when first read after an edit.

        Edits made within one turn of the event loop (a frame) cost one computation and one
        ``result_changed``, sent when the loop comes round.
        """
        if self._stale or self._result is None:
            self._recompute(incremental=True)
        assert self._result is not None
        return self._result

    @property
    def tokens(self) -> tuple[str, ...]:
        """Return the token names, one per query row and key column."""
        return self._tokens

    @property
    def is_projection(self) -> bool:
        """Return True in projection mode, where Q, K and V are computed from X and the W's."""
        return "x" in self._matrices

    @property
    def input_names(self) -> tuple[str, ...]:
        """Return the names of the matrices the user edits: q, k, v or x, w_q, w_k, w_v."""
        return PROJECTION_INPUTS if self.is_projection else DIRECT_INPUTS

    def matrix(self, name: str) -> NDArray[np.float64]:
        """Return an input matrix, or in projection mode also the computed q, k, v (read-only)."""
        if name in self._matrices:
            return self._matrices[name]
        return {"q": self.result.q, "k": self.result.k, "v": self.result.v}[name]

    def is_editable(self, name: str) -> bool:
        """Return True if the user may edit matrix ``name`` (False for a computed one)."""
        return name in self._matrices

    @property
    def d_k(self) -> int:
        """Return d_k, the width of the queries and keys."""
        return self.result.d_k

    @property
    def d_v(self) -> int:
        """Return d_v, the width of the values (and of the context Z)."""
        return int(self.result.v.shape[1])

    @property
    def d_model(self) -> int:
        """Return the width of X in projection mode, 0 when Q, K and V are typed directly."""
        return int(self._matrices["x"].shape[1]) if self.is_projection else 0

    @property
    def causal(self) -> bool:
        """Return True while the causal mask is on: no query sees a key after its own token."""
        return self._causal

    @property
    def temperature(self) -> float:
        """τ of step ②: √d_k unless the user chose another."""
        return math.sqrt(self.d_k) if self._temperature is None else self._temperature

    @property
    def follows_sqrt_d_k(self) -> bool:
        """True while τ is the standard √d_k (it then follows changes of d_k)."""
        return self._temperature is None

    @property
    def selected_token(self) -> int:
        """Return the index of the selected token (a query row)."""
        return self._selected_token

    @property
    def selected_cell(self) -> tuple[str, int, int] | None:
        """Return (step, row, col) of the cell whose arithmetic is explained, or None.

        A col of −1 stands for the whole row (the way the lesson walks 猫's row through each
        step).
        """
        return self._selected_cell

    @property
    def highlighted_step(self) -> int:
        """Return the step (1–4) that is lit, or 0 for none: see ``view``."""
        return self.view.highlighted_step

    @property
    def precision(self) -> int:
        """Return the number of decimals shown: see ``view``."""
        return self.view.precision

    def cell_name(self, name: str, row: int, col: int) -> str:
        """How a cell is named in messages: Q[猫, d2]."""
        row_name = self._tokens[row] if name in ("q", "k", "v", "x") else f"d{row}"
        return f"{LABELS[name]}[{row_name}, d{col}]"

    def to_preset(self) -> Preset:
        """Everything a session file keeps: tokens, inputs, τ, mask, selection, display."""
        m = self._matrices
        projection = None
        if self.is_projection:
            projection = Projection(m["x"].copy(), m["w_q"].copy(), m["w_k"].copy(),
                                    m["w_v"].copy())  # fmt: skip
        return Preset(
            tokens=self._tokens,
            # the user's own numbers where they typed them (the result's may be an older
            # array equal to them: -0.0 == 0.0, so a pasted "-0" did not count as a change)
            q=m["q"].copy() if "q" in m else self.result.q.copy(),
            k=m["k"].copy() if "k" in m else self.result.k.copy(),
            v=m["v"].copy() if "v" in m else self.result.v.copy(),
            projection=projection,
            temperature=self._temperature,
            causal=self._causal,
            mask=None if self._mask is None else self._mask.copy(),
            selected_token=self._selected_token,
            view={**self._view_extra, "precision": self.view.precision},
        )
