"""The one object that owns what the user edits, and the engine's result for it.

Widgets read from it and write only through its setters; it validates, stores,
recomputes through engine/ and emits named signals on a real change. Every change of
the inputs is an undoable command on :attr:`AttentionState.undo_stack`.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from engine import Preset, load_preset, random_preset, update_attention, with_temperature
from engine.lesson.multi_head import update_heads, with_heads_temperature
from engine.vocabulary import LABELS, MAX_DIM, STEPS
from gui.model.examples import built_in_example
from gui.model.kept_results import Inputs, KeptResults
from gui.model.pending import PendingChange
from gui.model.snapshots import (
    Snapshot,
    attention_of,
    heads_of,
    inputs_of,
    reprojected,
    snapshot_of,
    with_projection,
    without_projection,
)
from gui.model.typed_edits import MAX_GRID_TOKENS, TypedEdits
from gui.model.undo_commands import BlockCommand, SnapshotCommand, TemperatureCommand, Text
from gui.support.engine_text import engine_text

__all__ = ["LABELS", "MAX_GRID_TOKENS", "STEPS", "AttentionState"]


class AttentionState(TypedEdits):
    """Tokens, the input matrices (Q, K, V or X and the W's), τ, the mask, the selection."""

    structure_changed = Signal()  # tokens added or removed, dimensions, mode, preset
    values_changed = Signal(str, int, int, int, int)  # matrix, top, left, rows, cols
    tokens_changed = Signal()  # names only
    result_changed = Signal()
    causal_changed = Signal(bool)
    temperature_changed = Signal(float)
    selected_token_changed = Signal(int)
    selected_cell_changed = Signal()  # see selected_cell
    heads_changed = Signal(int)  # h, or whether W_o is given
    selected_head_changed = Signal(int)
    masks_changed = Signal()  # padding or the own mask
    dropout_changed = Signal()

    def __init__(self, preset: Preset | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        self._coalesce = QTimer(self)
        self._coalesce.setSingleShot(True)
        self._coalesce.setInterval(0)
        self._coalesce.timeout.connect(self._emit_result_changed)
        self._pending: PendingChange | None = None  # what the undo stack has changed, not yet told
        self._kept = KeptResults()
        self.undo_stack.indexChanged.connect(self._settle)  # after every push, undo, redo, jump
        self._apply_preset(load_preset("cat-eats-fish") if preset is None else preset)
        self._settle()

    # ----------------------------------------------------------------- editing
    def set_projection(self, projection: bool) -> bool:
        """Type X and W_q, W_k, W_v (Q = X·W_q …) instead of Q, K, V, as one undoable step.

        Switched on, X is the identity and the W's are the current Q, K, V, which stay as
        they are; switched off, Q, K, V are the current (projected) ones. Returns False (and
        says why) when X would be wider than MAX_DIM: one column per token.
        """
        if projection == self.is_projection:
            self.accepted.emit()
            return True
        if projection and len(self._tokens) > MAX_DIM:
            self.say(lambda: self.tr(
                "Projection mode needs one column of X per token: at most {0} tokens"
            ).format(MAX_DIM))  # fmt: skip
            return False
        before = self._snapshot()
        q, k, v = (self.matrix(name) for name in ("q", "k", "v"))  # whole, with several heads
        if projection:
            after = with_projection(before, q, k, v)
            text: Text = lambda: self.tr("Inputs from X and W_q, W_k, W_v")  # noqa: E731
        else:
            after = without_projection(before, q, k, v)
            text = lambda: self.tr("Inputs Q, K, V typed directly")  # noqa: E731
        self._push(after, text)
        return True

    def set_causal(self, causal: bool) -> None:
        """Switch the causal mask on or off, as one undoable step (none if unchanged)."""
        if causal != self._causal:
            before = self._snapshot()
            text = (
                (lambda: self.tr("Causal mask on"))
                if causal
                else (lambda: self.tr("Causal mask off"))
            )
            self._push(replace(before, causal=causal), text)

    def load_preset(self, preset: Preset, text: Text | None = None) -> bool:
        """Replace the inputs by a preset's, as one undoable step.

        Returns False (and a message) if the engine refuses its numbers: nothing has changed
        then. The preset's selected token and display settings are applied too, outside the
        undo step.
        """
        text = text or (lambda: self.tr("Load preset"))
        named = text
        before = replace(self._snapshot(), sets_temperature=True)
        after = replace(snapshot_of(preset), sets_temperature=True)
        try:  # checked here: an error inside the undo stack's push cannot be recovered from
            attention_of(after)
        except ValueError as error:
            problem = error  # ``error`` is gone after the except clause
            self.say(lambda: self.tr("{0}: {1}").format(
                named() if callable(named) else named, engine_text(problem)
            ))  # fmt: skip
            return False
        self.undo_stack.push(SnapshotCommand(self, before, after, text))
        self.select_token(preset.selected_token)
        if self._heads > 1:  # the file's head, or the first: not the one shown before
            self.select_head(preset.selected_head)
        else:  # a later split starts at the first head, as after a fresh start
            self._selected_head = 0
        self._apply_view(preset.view)
        return True

    def _apply_view(self, view: dict[str, object]) -> None:
        """Display settings of a session; unknown keys are kept for saving back."""
        self._view_extra = {key: value for key, value in view.items() if key != "precision"}
        precision = view.get("precision")
        if isinstance(precision, int) and not isinstance(precision, bool):
            self.set_precision(precision)

    def retranslate_history(self) -> None:
        """Name every undo step again in the current language (after a switch)."""
        for index in range(self.undo_stack.count()):
            command = self.undo_stack.command(index)
            if isinstance(command, (BlockCommand, SnapshotCommand, TemperatureCommand)):
                command.retranslate()

    def clear_history(self) -> None:
        """Forget every undo step, and the results kept for them (a new session)."""
        self.undo_stack.clear()
        self._kept.clear()
        self._kept.keep(self._inputs(), self.result)  # the one on screen

    def _inputs(self) -> Inputs:
        allowed = self._snapshot().allowed
        return Inputs(dict(self._matrices), self._causal, allowed, self._temperature, self._heads)

    def load_built_in(self, name: str) -> None:
        """Load one of the engine's built-in presets by name, as one undoable step."""
        self.load_preset(built_in_example(name), lambda: self.tr("Load {0}").format(name))

    def load_random(self, length: int, d_k: int, d_v: int, seed: int) -> bool:
        """Load a random example, as one undoable step; False (said) if refused.

        ``length`` tokens with the given d_k and d_v; the same ``seed`` gives the same
        numbers.
        """
        return self.load_preset(random_preset(length, d_k, d_v, seed),
                         lambda: self.tr("Load a random example"))  # fmt: skip

    # ------------------------------------------------------- view settings (not undone)
    def set_temperature(self, temperature: float | None) -> None:
        """τ of step ②; None returns to the standard √d_k."""
        if temperature is not None and not (math.isfinite(temperature) and temperature > 0):
            self.say(lambda: self.tr("τ must be a positive number"))
            return
        old, old_setting = self.temperature, self._temperature
        self._temperature = temperature
        if self.temperature != old:
            # Only steps ② to ④ depend on τ: the dial reuses the scores every frame.
            if self.heads_result is not None:  # every head at once, recomputed on undo
                self._multi = with_heads_temperature(self.heads_result, self._temperature)
                self._result = self._multi.heads[self._selected_head]
            else:
                self._result = with_temperature(self.result, self._temperature)
                self._kept.keep(self._inputs(), self._result)  # an undo gives these back
            self._emit_result_changed()
            self.temperature_changed.emit(self.temperature)
        elif temperature != old_setting:  # same τ, but now fixed (or following √d_k again)
            self.temperature_changed.emit(self.temperature)

    def select_head(self, head: int) -> None:
        """Show head ``head`` (from 0) in the four steps, the dial and the mixing view."""
        heads = self.heads_result
        if heads is None or not 0 <= head < heads.count or head == self._selected_head:
            return
        self._selected_head = head
        self._result = heads.heads[head]
        self.selected_head_changed.emit(head)
        self._emit_result_changed()

    def select_token(self, index: int) -> None:
        """Select token ``index``, clamped to the tokens there are; a selected cell follows."""
        index = min(max(index, 0), len(self._tokens) - 1)
        if index != self._selected_token:
            self._selected_token, cell = index, self._selected_cell
            if cell is not None and cell[1] != index:  # its hand calculation said A[猫, 猫]
                self._selected_cell = (cell[0], index, cell[2])  # beside 鱼 selected everywhere
                self.selected_cell_changed.emit()
            self.selected_token_changed.emit(index)

    def select_cell(self, step: str, row: int, col: int) -> None:
        """Explain one cell of a step ("scores", "scaled", "weights", "context")."""
        rows, cols = getattr(self.result, step).shape if step in STEPS else (0, 0)
        if not (0 <= row < rows and -1 <= col < cols):  # col −1: the whole row
            return
        self._selected_cell = (step, row, col)
        self.selected_cell_changed.emit()
        self.select_token(row)

    def set_highlighted_step(self, step: int) -> None:
        """Light step ``step`` (1–4), 0 for none: see ``view``."""
        self.view.set_highlighted_step(step)

    def set_precision(self, digits: int) -> None:
        """Show ``digits`` decimals (0 to 6): see ``view``."""
        self.view.set_precision(digits)

    # ----------------------------------------------------------------- internals
    def _snapshot(self) -> Snapshot:
        return Snapshot(self._tokens, dict(self._matrices), self._causal, self._temperature,
                        mask=self._mask, heads=self._heads, padding=self._padding,
                        dropout=self._dropout, source=self._source)  # fmt: skip

    def _lessons(self) -> tuple[object, ...]:
        """Return what the lessons after the first set: h, W_o given, padding, own mask, dropout."""
        mask = None if self._mask is None else (self._mask.shape, self._mask.tobytes())
        return (self._heads, "w_o" in self._matrices, self._padding, mask, self._dropout)

    def _apply_preset(self, preset: Preset) -> None:
        self.apply_snapshot(snapshot_of(preset))
        self._selected_token = preset.selected_token
        self._selected_head = preset.selected_head  # within h: the file's reader checks
        self._apply_view(preset.view)

    def _push(self, after: Snapshot, text: Text) -> None:
        self.undo_stack.push(SnapshotCommand(self, self._snapshot(), after, text))

    def apply_snapshot(self, snapshot: Snapshot) -> None:
        """Install every input of ``snapshot`` (copying its arrays), with no undo step.

        The undo commands call this; everything else goes through the setters above. The
        views hear of it once the undo stack has finished (see ``_settle``).
        """
        self._note_change(full=True)
        self._tokens = snapshot.tokens
        # An array that is already ours stays (none is ever written in place, write_block
        # copies first): a new h or mask copies nothing and tells no grid of new values.
        ours = self._matrices
        self._matrices = {name: m if ours.get(name) is m else m.copy()
                          for name, m in snapshot.matrices.items()}  # fmt: skip
        self._causal = snapshot.causal
        self._mask = snapshot.mask
        self._heads = snapshot.heads
        self._padding = snapshot.padding
        self._dropout = snapshot.dropout
        self._source = snapshot.source
        if snapshot.sets_temperature or self._result is None:
            self._temperature = snapshot.temperature
        self._stale = True

    def write_block(self, name: str, top: int, left: int, block: NDArray[np.float64]) -> None:
        """Write ``block`` into matrix ``name`` from (``top``, ``left``), with no undo step.

        The undo commands call this; everything else goes through ``set_cell`` and
        ``paste_block``. The result follows when it is next read, or when the event loop
        comes round (see ``result``).
        """
        rows, cols = block.shape
        self._note_change(full=False, rect=(name, top, left, rows, cols))
        self._matrices[name] = self._matrices[name].copy()  # the result keeps the old one
        self._matrices[name][top : top + rows, left : left + cols] = block
        self._stale = True

    def _note_change(self, full: bool, rect: tuple[str, int, int, int, int] | None = None) -> None:
        """Remember how things were before the first change of this step of the stack."""
        if self._pending is None:
            shown = None  # τ on screen: the shown result's (a stale one still has its d_k)
            if self._result is not None:
                standard = self._temperature is None
                shown = math.sqrt(self._result.d_k) if standard else self._temperature
            shapes = {name: m.shape for name, m in self._matrices.items()}
            self._pending = PendingChange(
                self._tokens,
                shapes,
                self._causal,
                shown,
                self._lessons(),
                matrices=dict(self._matrices),
                source=self._source,
            )
        self._pending.note(full, rect)

    def _settle(self) -> None:
        """Tell the views, once, what the undo stack changed.

        However many commands it ran (a jump across a long history), one computation and one
        set of signals.
        """
        pending, self._pending = self._pending, None
        if pending is None:
            return
        if not pending.full:  # cells only: the result follows when the event loop comes round
            for name, top, left, rows, cols in pending.rectangles:
                self.values_changed.emit(name, top, left, rows, cols)
            self._coalesce.start()
            return
        shapes_changed = pending.shapes != {name: m.shape for name, m in self._matrices.items()}
        # Everything is in place before any signal: subscribers see one consistent state.
        token_moved = self._selected_token >= len(self._tokens)
        if token_moved:
            self._selected_token = len(self._tokens) - 1
        cell_cleared = self._selected_cell is not None and shapes_changed
        if cell_cleared:
            self._selected_cell = None
        self._recompute()
        if shapes_changed:  # models reset to the new shapes before anyone reads the result
            self.structure_changed.emit()
        self._emit_result_changed()
        if not shapes_changed:  # the grids of the matrices that are new arrays
            for name, matrix in self._matrices.items():
                if matrix is not pending.matrices.get(name):
                    rows, cols = matrix.shape
                    self.values_changed.emit(name, 0, 0, rows, cols)
        if pending.tokens != self._tokens:
            self.tokens_changed.emit()
        if pending.causal != self._causal:
            self.causal_changed.emit(self._causal)
        before, now = pending.lessons, self._lessons()
        if before[:2] != now[:2]:
            self.heads_changed.emit(self._heads)
        if before[2:4] != now[2:4]:
            self.masks_changed.emit()
        if before[4:] != now[4:]:
            self.dropout_changed.emit()
        if pending.source is not self._source:
            self.source_changed.emit()
        if self.temperature != pending.temperature:
            self.temperature_changed.emit(self.temperature)
        if token_moved:
            self.selected_token_changed.emit(self._selected_token)
        if cell_cleared:
            self.selected_cell_changed.emit()

    def _emit_result_changed(self) -> None:
        self._coalesce.stop()
        self.result  # noqa: B018 (computed before anyone is told)
        self.result_changed.emit()

    def _recompute(self, incremental: bool = False) -> None:
        """Compute the engine's result for the inputs.

        With ``incremental``, after edits of a few cells only what they touch is computed
        again (an edited query row, a rank-one change of Z …). Inputs seen lately (an undo)
        get back the very result they had (see kept_results).
        """
        if self._heads > 1:
            multi = self._multi
            # X·W again only where X or a W changed: whole, for the grids of Q, K and V
            q, k, v = reprojected(self._projected_from, self._matrices, self._whole)
            if incremental and multi is not None and multi.count == self._heads:
                # cells edited: only the heads (and rows) they touch are computed again
                self._multi = update_heads(multi, q, k, v, self._matrices.get("w_o"))
            else:  # a new h, mask or τ
                self._multi = heads_of(self._snapshot(), (q, k, v))
            self._keep_whole(q, k, v)
            self._projected_from = dict(self._matrices)  # what Q, K, V were projected from
            self._selected_head = min(self._selected_head, self._heads - 1)
            self._result = self._multi.heads[self._selected_head]
            self._stale = False
            return
        self._multi = None
        inputs = self._inputs()
        kept = self._kept.find(inputs)
        if kept is not None:
            self._result = kept
        elif incremental and self._result is not None:
            self._result = update_attention(self._result, *inputs_of(self._matrices))
        else:
            self._result = attention_of(self._snapshot())
        self._kept.keep(inputs, self._result)
        self._stale = False
