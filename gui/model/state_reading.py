"""The state as the views read it.

Every field of :class:`AttentionState` and its read-only properties; the writing half
(setters, undo, signals) is in state.py.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QObject

from engine import AttentionResult, Dropout, Preset, dropout
from engine.formats.head_source import HeadSource
from engine.formats.presets import Projection
from engine.lesson.dropout import DropoutSetting, dropout_heads
from engine.lesson.explain import ContextStep, ScaledStep, ScoreStep, WeightStep, explain
from engine.lesson.multi_head import MultiHeadResult, with_dropout
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
        self._result: AttentionResult | None = None  # with several heads, the selected one's
        self._heads = 1
        self._multi: MultiHeadResult | None = None  # every head, with more than one
        self._selected_head = 0
        self._padding: tuple[bool, ...] = ()
        self._dropout: DropoutSetting | None = None
        self._source: HeadSource | None = None
        self._dropped: Dropout | None = None  # the dropout of the result it was drawn for
        self._dropped_for: tuple[object, ...] = ()  # the result and heads it was drawn for
        self._shown_heads: MultiHeadResult | None = None  # with every head's A′ and Z′
        self._shown_heads_for: tuple[object, ...] = ()
        self._shown: AttentionResult | None = None  # with A′ and Z′ (see shown_result)
        self._shown_for: Dropout | None = None
        self._whole: dict[str, NDArray[np.float64]] = {}  # all of Q, K, V with several heads
        self._projected_from: dict[str, NDArray[np.float64]] = {}  # X and the W's of _whole
        self._stale = False  # edits wait for the next turn of the event loop: see result

    def _keep_whole(self, q: NDArray[np.float64], k: NDArray[np.float64],
                    v: NDArray[np.float64]) -> None:  # fmt: skip
        """Keep all of Q, K and V, of which each head has a block of columns."""
        self._whole = {"q": q, "k": k, "v": v}

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
        """Return an input matrix, or in projection mode also the computed q, k, v (read-only).

        With several heads Q, K and V are whole: every head's block of columns side by side.
        """
        if name in self._matrices:
            return self._matrices[name]
        heads = self.heads_result
        if heads is not None:  # kept by the computation: grids read it cell by cell
            return self._whole[name]
        return {"q": self.result.q, "k": self.result.k, "v": self.result.v}[name]

    def is_editable(self, name: str) -> bool:
        """Return True if the user may edit matrix ``name`` (False for a computed one)."""
        return name in self._matrices

    @property
    def d_k(self) -> int:
        """Return d_k, the width of one head's queries and keys (of all of Q with one head)."""
        return self.result.d_k

    @property
    def d_v(self) -> int:
        """Return d_v, the width of one head's values and context."""
        return int(self.result.v.shape[1])

    @property
    def width_qk(self) -> int:
        """Return the width of all of Q and K: h·d_k."""
        return self.d_k * self._heads

    @property
    def width_v(self) -> int:
        """Return the width of all of V: h·d_v."""
        return self.d_v * self._heads

    @property
    def heads(self) -> int:
        """Return h, the number of heads Q, K and V are split into."""
        return self._heads

    @property
    def selected_head(self) -> int:
        """Return the head (from 0) that the four steps, the dial and the mixing view show."""
        return self._selected_head

    @property
    def heads_result(self) -> MultiHeadResult | None:
        """Return every head, the concat and the output; None with one head."""
        self.result  # noqa: B018 (computed first if an edit is pending)
        return self._multi

    @property
    def has_w_o(self) -> bool:
        """Return True when W_o, the output projection of the heads' concat, is given."""
        return "w_o" in self._matrices

    @property
    def padding(self) -> tuple[bool, ...]:
        """Return one flag per token, True for padding; () when no token is padding."""
        return self._padding

    def is_padding(self, token: int) -> bool:
        """Return True if token ``token`` is padding (its key is hidden from every query)."""
        return bool(self._padding) and self._padding[token]

    @property
    def own_mask(self) -> NDArray[np.bool_] | None:
        """Return the mask painted by hand (True = allowed), or None for none."""
        return self._mask

    @property
    def dropout(self) -> DropoutSetting | None:
        """Return the dropout setting (p, seed, training), or None when it is off."""
        return self._dropout

    @property
    def shown_result(self) -> AttentionResult:
        """Return the result as the views show it: while dropout trains, A′ and Z′ = A′·V.

        Its S, S/τ and τ are the result's; its weights and context the dropout's.
        """
        dropped = self.dropped
        if dropped is None:
            return self.result
        shown = self._shown
        if shown is None or self._shown_for is not dropped:
            shown = replace(self.result, weights=dropped.weights, context=dropped.context)
            self._shown, self._shown_for = shown, dropped
        return shown

    @property
    def dropped(self) -> Dropout | None:
        """Return the weights after dropout while training with p > 0, else None.

        With several heads, the selected head's of one draw for every head (see
        ``shown_heads``): the four steps and the concat show the same cells.
        """
        setting, result = self._dropout, self.result
        if setting is None or not setting.training or setting.p == 0:
            return None
        cached, multi = self._dropped, self._multi
        drawn_for = (result, multi, setting.p, setting.seed)
        if cached is None or not _same(self._dropped_for, drawn_for):
            # drawn again only for another result or setting: the same seed, the same cells
            if multi is None:
                cached = dropout(result, setting.p, setting.seed)
            else:
                cached = dropout_heads(multi.heads, setting.p, setting.seed)[self._selected_head]
            self._dropped, self._dropped_for = cached, drawn_for
        return cached

    @property
    def shown_heads(self) -> MultiHeadResult | None:
        """Return every head as the views show it; None with one head.

        While dropout trains, each head's A′ and Z′ = A′·V, the concat [Z′_1 | … | Z′_h]
        and the output Concat·W_o made of it.
        """
        multi, setting = self.heads_result, self._dropout
        if multi is None or setting is None or not setting.training or setting.p == 0:
            return multi
        drawn_for = (multi, setting.p, setting.seed)
        if self._shown_heads is None or not _same(self._shown_heads_for, drawn_for):
            self._shown_heads = with_dropout(multi, setting.p, setting.seed)
            self._shown_heads_for = drawn_for
        return self._shown_heads

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

    def explain(
        self, step: str, row: int, col: int | None
    ) -> ScoreStep | ScaledStep | WeightStep | ContextStep:
        """Return the engine's hand calculation of one cell of the current result.

        Step ④ is that of the context the views show: Z′ = A′·V while dropout trains.
        """
        return explain(self.shown_result if step == "context" else self.result, step, row, col)

    def to_preset(self) -> Preset:
        """Everything a session file keeps: tokens, inputs, τ, masks, heads, dropout, display."""
        m = self._matrices
        projection = None
        if self.is_projection:
            w_o = m["w_o"].copy() if "w_o" in m else None
            projection = Projection(m["x"].copy(), m["w_q"].copy(), m["w_k"].copy(),
                                    m["w_v"].copy(), w_o)  # fmt: skip
        return Preset(
            tokens=self._tokens,
            # the user's own numbers where they typed them (the result's may be an older
            # array equal to them: -0.0 == 0.0, so a pasted "-0" did not count as a change);
            # with several heads, Q, K and V whole
            q=m["q"].copy() if "q" in m else self.matrix("q").copy(),
            k=m["k"].copy() if "k" in m else self.matrix("k").copy(),
            v=m["v"].copy() if "v" in m else self.matrix("v").copy(),
            projection=projection,
            temperature=self._temperature,
            causal=self._causal,
            mask=None if self._mask is None else self._mask.copy(),
            selected_token=self._selected_token,
            heads=self._heads,
            # the head shown; with h = 1 the one remembered for a later split is not saved
            selected_head=self._selected_head if self._heads > 1 else 0,
            padding=self._padding,
            dropout=self._dropout,
            source=self._source,
            view={**self._view_extra, "precision": self.view.precision},
        )


def _same(old: tuple[object, ...], new: tuple[object, ...]) -> bool:
    """Return True if two keys hold the same objects (results by identity, numbers by value)."""
    return len(old) == len(new) and all(a is b or a == b for a, b in zip(old, new, strict=True))
