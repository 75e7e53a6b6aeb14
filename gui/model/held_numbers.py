"""The numbers the user edits, held and read apart from Qt.

:class:`HeldNumbers` holds the inputs (one :class:`Snapshot`, replaced whole or by a block
of cells, its arrays never written in place), the selection and the engine's computation
of them, made through :func:`engine.lesson.compute.compute` when first read after a change.
It reads them as the views do; what it shows while dropout trains is :class:`Shown`'s
(shown.py), whether an edit is allowed edits.py's. :class:`gui.model.state.AttentionState`
owns one, and turns its changes into undo steps and signals. No Qt: it is tested without
a ``QApplication``.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar, overload

import numpy as np
from numpy.typing import NDArray

from engine import AttentionResult, Dropout, Preset
from engine.formats.head_source import HeadSource
from engine.formats.presets import Projection
from engine.lesson.compute import Computed, compute, same_bits
from engine.lesson.dropout import DropoutSetting
from engine.lesson.kept_results import KeptResults
from engine.lesson.multi_head import MultiHeadResult
from engine.vocabulary import DIRECT_INPUTS, LABELS, PROJECTION_INPUTS
from gui.model.shown import Shown
from gui.model.snapshots import Snapshot

if TYPE_CHECKING:  # the hand calculation is loaded with its first cell, not at start-up
    from engine.lesson.explain import ContextStep, ScaledStep, ScoreStep, WeightStep

T = TypeVar("T")


class HeldNumbers:
    """Tokens, the inputs, τ, the masks, heads, dropout, the selection, and their result."""

    def __init__(self, snapshot: Snapshot, computed: Computed | None = None) -> None:
        """Hold ``snapshot``'s numbers; ``computed``, if it is their computation, is taken.

        (A pin takes the computation on screen: it computes nothing.)
        """
        self._now = Snapshot((), {}, causal=False, temperature=None)
        self.selected_token = 0
        self.selected_cell: tuple[str, int, int] | None = None  # see AttentionState
        self.selected_head = 0  # kept with one head, for a later split
        self.view_extra: dict[str, object] = {}  # a session's display settings, saved back
        self.kept = KeptResults()  # an undo gives back the very numbers shown
        self._computed: Computed | None = None
        self._stale = True  # the inputs changed since the last computation
        self._shown = Shown()
        self.apply(replace(snapshot, sets_temperature=True))
        if computed is not None:
            self.kept.keep(computed)  # found by ``computed`` if the inputs are its own
        self.computed  # noqa: B018 (at once: numbers the engine refuses raise here)

    # ----------------------------------------------------------------- writing
    @property
    def snapshot(self) -> Snapshot:
        """Return every input as it is now (its arrays are never written in place)."""
        return self._now

    def apply(self, snapshot: Snapshot) -> None:
        """Install every input of ``snapshot``, copying its arrays (τ only if it sets it).

        An array that is already ours stays: a new h or mask copies nothing, and the grids
        of matrices that are the same arrays need not hear of new values.
        """
        ours = self._now.matrices
        matrices = {name: m if ours.get(name) is m else m.copy()
                    for name, m in snapshot.matrices.items()}  # fmt: skip
        temperature = snapshot.temperature if snapshot.sets_temperature else self._now.temperature
        self._now = replace(snapshot, matrices=matrices, temperature=temperature,
                            sets_temperature=False)  # fmt: skip
        self._stale = True

    def write_block(self, name: str, top: int, left: int, block: NDArray[np.float64]) -> None:
        """Write ``block`` into a copy of matrix ``name`` from (``top``, ``left``)."""
        rows, cols = block.shape
        matrix = self._now.matrices[name].copy()  # the computation keeps the old one
        matrix[top : top + rows, left : left + cols] = block
        self._now = replace(self._now, matrices={**self._now.matrices, name: matrix})
        self._stale = True

    def set_temperature(self, temperature: float | None) -> None:
        """Set τ (None: follow √d_k); only steps ② to ④ are computed again."""
        self._now = replace(self._now, temperature=temperature)
        self._stale = True

    # ----------------------------------------------------------------- the computation
    @property
    def computed(self) -> Computed:
        """Return the engine's computation of the inputs, made now if they changed since.

        Inputs seen lately (an undo) get back the very computation they had.
        """
        if self._stale or self._computed is None:
            inputs, last = self._now.inputs, self._computed
            if last is not None and same_bits(last.inputs.mask, inputs.mask):
                inputs = replace(inputs, mask=last.inputs.mask)  # compared by identity after
            computed = self.kept.find(inputs) or compute(inputs, self._computed)
            self.kept.keep(computed)
            self._computed, self._stale = computed, False
            if self.heads > 1:  # with one, the head shown before is kept for a later split
                self.selected_head = min(self.selected_head, self.heads - 1)
        return self._computed

    @property
    def stale(self) -> bool:
        """Return True while the inputs changed since the last computation."""
        return self._stale

    @property
    def shown_temperature(self) -> float | None:
        """Return τ of the result last computed (with its d_k), without computing; None before."""
        last = self._computed
        if last is None:
            return None
        setting = self._now.temperature
        return math.sqrt(last.head(0).d_k) if setting is None else setting

    def forget_kept(self) -> None:
        """Forget every computation kept for undo but the one of the inputs now."""
        self.kept.clear()
        self.kept.keep(self.computed)

    @property
    def result(self) -> AttentionResult:
        """Return the result of the inputs; with several heads, the selected head's."""
        computed = self.computed
        return computed.head(self.selected_head)

    @property
    def heads_result(self) -> MultiHeadResult | None:
        """Return every head, the concat and the output; None with one head."""
        return self.computed.heads

    # ----------------------------------------------------------------- reading
    @property
    def tokens(self) -> tuple[str, ...]:
        """Return the token names, one per query row and key column."""
        return self._now.tokens

    @property
    def is_projection(self) -> bool:
        """Return True in projection mode, where Q, K and V are computed from X and the W's."""
        return "x" in self._now.matrices

    @property
    def input_names(self) -> tuple[str, ...]:
        """Return the names of the matrices the user edits: q, k, v or x, w_q, w_k, w_v."""
        return PROJECTION_INPUTS if self.is_projection else DIRECT_INPUTS

    def matrix(self, name: str) -> NDArray[np.float64]:
        """Return an input matrix, or in projection mode also the computed q, k, v (read-only).

        With several heads Q, K and V are whole: every head's block of columns side by side.
        """
        matrices = self._now.matrices
        if name in matrices:
            return matrices[name]
        computed = self.computed
        return {"q": computed.q, "k": computed.k, "v": computed.v}[name]

    def is_editable(self, name: str) -> bool:
        """Return True if the user may edit matrix ``name`` (False for a computed one)."""
        return name in self._now.matrices

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
        return self.d_k * self.heads

    @property
    def width_v(self) -> int:
        """Return the width of all of V: h·d_v."""
        return self.d_v * self.heads

    @property
    def d_model(self) -> int:
        """Return the width of X in projection mode, 0 when Q, K and V are typed directly."""
        return int(self._now.matrices["x"].shape[1]) if self.is_projection else 0

    @property
    def heads(self) -> int:
        """Return h, the number of heads Q, K and V are split into."""
        return self._now.heads

    @property
    def has_w_o(self) -> bool:
        """Return True when W_o, the output projection of the heads' concat, is given."""
        return "w_o" in self._now.matrices

    @property
    def causal(self) -> bool:
        """Return True while the causal mask is on: no query sees a key after its own token."""
        return self._now.causal

    @property
    def padding(self) -> tuple[bool, ...]:
        """Return one flag per token, True for padding; () when no token is padding."""
        return self._now.padding

    def is_padding(self, token: int) -> bool:
        """Return True if token ``token`` is padding (its key is hidden from every query)."""
        return bool(self._now.padding) and self._now.padding[token]

    @property
    def own_mask(self) -> NDArray[np.bool_] | None:
        """Return the mask painted by hand (True = allowed), or None for none."""
        return self._now.mask

    @property
    def dropout(self) -> DropoutSetting | None:
        """Return the dropout setting (p, seed, training), or None when it is off."""
        return self._now.dropout

    @property
    def temperature(self) -> float:
        """τ of step ②: √d_k unless the user chose another."""
        setting = self._now.temperature
        return math.sqrt(self.d_k) if setting is None else setting

    @property
    def follows_sqrt_d_k(self) -> bool:
        """True while τ is the standard √d_k (it then follows changes of d_k)."""
        return self._now.temperature is None

    def cell_name(self, name: str, row: int, col: int) -> str:
        """How a cell is named in messages: Q[猫, d2]."""
        row_name = self._now.tokens[row] if name in ("q", "k", "v", "x") else f"d{row}"
        return f"{LABELS[name]}[{row_name}, d{col}]"

    # ----------------------------------------------------------------- as the views show it
    @property
    def dropped(self) -> Dropout | None:
        """Return the weights after dropout while training with p > 0, else None.

        With several heads, the selected head's of one draw for every head (see
        ``shown_heads``): the four steps and the concat show the same cells.
        """
        return self._shown.dropped(self.computed, self.selected_head, self._now.dropout)

    @property
    def shown_result(self) -> AttentionResult:
        """Return the result as the views show it: while dropout trains, A′ and Z′ = A′·V.

        Its S, S/τ and τ are the result's; its weights and context the dropout's.
        """
        return self._shown.result(self.result, self.dropped)

    @property
    def shown_heads(self) -> MultiHeadResult | None:
        """Return every head as the views show it; None with one head.

        While dropout trains, each head's A′ and Z′ = A′·V, the concat [Z′_1 | … | Z′_h]
        and the output Concat·W_o made of it.
        """
        return self._shown.heads(self.heads_result, self._now.dropout)

    def explain(
        self, step: str, row: int, col: int | None
    ) -> ScoreStep | ScaledStep | WeightStep | ContextStep:
        """Return the engine's hand calculation of one cell of the current result.

        Step ④ is that of the context the views show: Z′ = A′·V while dropout trains.
        """
        from engine.lesson.explain import explain

        return explain(self.shown_result if step == "context" else self.result, step, row, col)

    # ----------------------------------------------------------------- a real model's
    @property
    def source(self) -> HeadSource | None:
        """Return the real model's head the numbers were taken from, or None (typed)."""
        return self._now.source

    @property
    def is_the_models(self) -> bool:
        """Return True while the tokens, Q, K and V are the model's own (with a source)."""
        source = self._now.source
        if source is None:
            return False
        q, k, v = self.matrix("q"), self.matrix("k"), self.matrix("v")
        return source.matches(self._now.tokens, q, k, v)

    @property
    def is_as_the_model_computes(self) -> bool:
        """Return True while the model's numbers go through the model's own steps.

        Its heads (one, or a whole layer's), τ = √d_k, no mask, no padding and no dropout in
        training: A and Z are then exactly the model's.
        """
        now = self._now
        return (
            now.source is not None
            and self.is_the_models
            and now.heads == now.source.heads
            and now.temperature is None
            and not now.causal
            and now.mask is None
            and not any(now.padding)
            and (now.dropout is None or not now.dropout.training)
        )

    def to_preset(self, precision: int) -> Preset:
        """Everything a session file keeps: tokens, inputs, τ, masks, heads, dropout, display.

        ``precision``: the decimals shown, saved with the other display settings.
        """
        now, m = self._now, self._now.matrices
        projection = None
        if self.is_projection:
            w_o = m["w_o"].copy() if "w_o" in m else None
            projection = Projection(m["x"].copy(), m["w_q"].copy(), m["w_k"].copy(),
                                    m["w_v"].copy(), w_o)  # fmt: skip
        return Preset(
            tokens=now.tokens,
            # the user's own numbers where they typed them (the result's may be an older
            # array equal to them: -0.0 == 0.0, so a pasted "-0" did not count as a change);
            # with several heads, Q, K and V whole
            q=self.matrix("q").copy(),
            k=self.matrix("k").copy(),
            v=self.matrix("v").copy(),
            projection=projection,
            temperature=now.temperature,
            causal=now.causal,
            mask=None if now.mask is None else now.mask.copy(),
            selected_token=self.selected_token,
            heads=now.heads,
            # the head shown; with h = 1 the one remembered for a later split is not saved
            selected_head=self.selected_head if now.heads > 1 else 0,
            padding=now.padding,
            dropout=now.dropout,
            source=now.source,
            view={**self.view_extra, "precision": precision},
        )


class Holder(Protocol):
    """What holds its numbers (the state), for :class:`Held` to read them."""

    _numbers: HeldNumbers


class Held(Generic[T]):
    """A reading of a holder that is its numbers': ``state.d_k`` is ``HeldNumbers.d_k``.

    Read-only: the holder changes its numbers through setters of its own.
    """

    def __set_name__(self, owner: type, name: str) -> None:
        """Read the numbers' attribute of the name this descriptor has on ``owner``."""
        self._name = name

    @overload
    def __get__(self, holder: None, owner: type) -> Held[T]: ...
    @overload
    def __get__(self, holder: Holder, owner: type) -> T: ...
    def __get__(self, holder: Holder | None, owner: type) -> Held[T] | T:
        """Return the numbers' attribute of the same name (this descriptor, on the class)."""
        if holder is None:
            return self
        value: T = getattr(holder._numbers, self._name)
        return value

    def __set__(self, holder: Holder, value: T) -> None:
        """Refuse: the holder changes its numbers only through its own setters."""
        raise AttributeError(f"{self._name} is read-only: the state's setters change it")
