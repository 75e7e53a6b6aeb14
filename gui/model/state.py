"""The one object that owns what the user edits, and the engine's result for it.

Widgets read from it and write only through its setters. It holds the numbers in a
:class:`HeldNumbers` (plain Python: the inputs, the selection, their computation), asks edits.py
(plain Python too) whether an edit is allowed, and owns the undo stack, the signals, the
messages in the user's language and the timer that makes one frame's edits one computation. Each
change of the inputs is an undoable command on :attr:`AttentionState.undo_stack`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from engine import AttentionResult, Dropout, Preset, load_preset, random_preset
from engine.formats.head_source import HeadSource
from engine.lesson.dropout import DropoutSetting
from engine.lesson.multi_head import MultiHeadResult
from engine.vocabulary import LABELS, STEPS
from gui.model import edits
from gui.model.edits import MAX_GRID_TOKENS, Refused
from gui.model.examples import built_in_example, token_name
from gui.model.held_numbers import Held, HeldNumbers
from gui.model.numbers import parse_number
from gui.model.pending import PendingChange
from gui.model.pinning import Comparison
from gui.model.reasons import reason_text
from gui.model.snapshots import Snapshot, snapshot_of
from gui.model.training import Training
from gui.model.undo_commands import BlockCommand, SnapshotCommand, TemperatureCommand, Text
from gui.model.view_settings import ViewSettings

if TYPE_CHECKING:  # for ``explain``'s type alone: the module loads with the first cell clicked
    from engine.lesson.explain import ContextStep, ScaledStep, ScoreStep, WeightStep

__all__ = ["LABELS", "MAX_GRID_TOKENS", "STEPS", "AttentionState"]


class AttentionState(QObject):
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
    source_changed = Signal()  # the numbers now come from another model's head, or none
    message = Signal(str)  # something the user should read: why an edit was refused
    # a request that works but changes nothing (a cell typed to the value it has): any
    # refusal said before is old news now, as it is after every change
    accepted = Signal()

    # Read from the numbers (see HeldNumbers for each): the result computed when first read
    # after an edit; the edits of one turn of the event loop (a frame) cost one computation
    # and one ``result_changed``, sent when the loop comes round.
    result, shown_result = Held[AttentionResult](), Held[AttentionResult]()
    heads_result, shown_heads = Held[MultiHeadResult | None](), Held[MultiHeadResult | None]()
    dropped = Held[Dropout | None]()
    tokens, input_names = Held[tuple[str, ...]](), Held[tuple[str, ...]]()
    matrix = Held[Callable[[str], NDArray[np.float64]]]()
    is_editable = Held[Callable[[str], bool]]()
    d_k, d_v, d_model = Held[int](), Held[int](), Held[int]()
    width_qk, width_v, heads = Held[int](), Held[int](), Held[int]()
    is_projection, has_w_o, causal = Held[bool](), Held[bool](), Held[bool]()
    temperature, follows_sqrt_d_k = Held[float](), Held[bool]()
    padding, is_padding = Held[tuple[bool, ...]](), Held[Callable[[int], bool]]()
    own_mask, dropout = Held[NDArray[np.bool_] | None](), Held[DropoutSetting | None]()
    selected_token, selected_head = Held[int](), Held[int]()
    # (step, row, col) of the cell whose arithmetic is explained, or None; a col of −1
    # stands for the whole row (the way the lesson walks 猫's row through each step)
    selected_cell = Held[tuple[str, int, int] | None]()
    cell_name = Held[Callable[[str, int, int], str]]()
    explain: Held[
        Callable[[str, int, int | None], ScoreStep | ScaledStep | WeightStep | ContextStep]
    ] = Held()
    source = Held[HeadSource | None]()
    is_the_models, is_as_the_model_computes = Held[bool](), Held[bool]()

    def __init__(self, preset: Preset | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        preset = load_preset("cat-eats-fish") if preset is None else preset
        self._numbers = HeldNumbers(snapshot_of(preset))
        self._numbers.selected_token = preset.selected_token
        self._numbers.selected_head = preset.selected_head  # within h: the file's reader checks
        self.view = ViewSettings(self)  # decimals, text size, the lit step: views subscribe
        self._apply_view(preset.view)
        self.undo_stack = QUndoStack(self)
        self._coalesce = QTimer(self, singleShot=True, interval=0)
        self._coalesce.timeout.connect(self._emit_result_changed)
        self._pending: PendingChange | None = None  # what the undo stack has changed, not yet told
        # the last message said with ``say``: how to write it, and every way it was written
        self._said: tuple[Callable[[], str], set[str]] | None = None
        self.comparison = Comparison(self._numbers, lambda: self.selected_head, self)
        self.training = Training(self, self._numbers, self)
        if preset.pinned is not None:
            self.comparison.pin(preset.pinned)
        self.undo_stack.indexChanged.connect(self._settle)  # after every push, undo, redo, jump

    # ----------------------------------------------------------------- messages
    def say(self, text: Callable[[], str]) -> None:
        """Emit ``message`` with ``text()``, and keep ``text`` to write it again after a switch.

        For a message that may stay on screen a while (one said at the start, before the
        user switches the language): see ``said_again``.
        """
        shown = text()
        self._said = (text, {shown})
        self.message.emit(shown)

    def said_again(self, shown: str) -> str | None:
        """Return the message ``shown`` in the current language; None if it cannot be.

        Only the last message said with ``say`` can (in whichever language it was written).
        """
        said = self._said
        if said is None or shown not in said[1]:
            return None
        again = said[0]()
        said[1].add(again)
        return again

    def _refuse(self, refused: Refused) -> bool:
        """Say why the numbers refused an edit (if they gave a reason); return False."""
        if refused.reason:
            self.say(lambda: reason_text(refused))
        return False

    # ----------------------------------------------------------------- editing, undoably
    def _edit(self, edit: Callable[[], Snapshot | None], text: Text) -> bool:
        """Push the inputs ``edit`` makes as one undo step named ``text``; False if refused.

        An edit that changes nothing is accepted, with no step.
        """
        try:
            after = edit()
        except Refused as refused:
            return self._refuse(refused)
        if after is None:
            self.accepted.emit()
        else:
            self.undo_stack.push(SnapshotCommand(self, self._numbers.snapshot, after, text))
        return True

    def set_projection(self, projection: bool) -> bool:
        """Type X and W_q, W_k, W_v (Q = X·W_q …) instead of Q, K, V, as one undoable step.

        Switched on, X is the identity and the W's are the current Q, K, V, which stay as
        they are; switched off, Q, K, V are the current (projected) ones. Returns False (and
        says why) when X would be wider than MAX_DIM: one column per token.
        """
        if projection:
            text: Text = lambda: self.tr("Inputs from X and W_q, W_k, W_v")  # noqa: E731
        else:
            text = lambda: self.tr("Inputs Q, K, V typed directly")  # noqa: E731
        return self._edit(lambda: edits.projection(self._numbers, projection), text)

    def set_causal(self, causal: bool) -> None:
        """Switch the causal mask on or off, as one undoable step (none if unchanged)."""
        self._edit(lambda: edits.causal(self._numbers, causal),
                   (lambda: self.tr("Causal mask on")) if causal
                   else (lambda: self.tr("Causal mask off")))  # fmt: skip

    def set_d_k(self, width: int) -> bool:
        """Set the columns of Q and K (of W_q and W_k), h·d_k, as one undoable step.

        New columns start at 0. Returns False (and says why) outside 1 … MAX_DIM, or for a
        width the heads do not divide. While τ follows √d_k it follows the new d_k.
        """
        names = ("w_q", "w_k") if self.is_projection else ("q", "k")
        return self._edit(lambda: edits.width(self._numbers, names, width),
                          lambda: self.tr("Set d_k to {0}").format(width))  # fmt: skip

    def set_d_v(self, width: int) -> bool:
        """Set the columns of V (of W_v, and the rows of W_o), h·d_v, as one undoable step.

        New columns start at 0. Returns False (and says why) outside 1 … MAX_DIM, or for a
        width the heads do not divide.
        """
        names = ("w_v",) if self.is_projection else ("v",)
        return self._edit(lambda: edits.width(self._numbers, names, width),
                          lambda: self.tr("Set d_v to {0}").format(width))  # fmt: skip

    def set_d_model(self, width: int) -> bool:
        """In projection mode: the width of X, which is also the height of each W."""
        return self._edit(lambda: edits.d_model(self._numbers, width),
                          lambda: self.tr("Set d_model to {0}").format(width))  # fmt: skip

    def set_heads(self, heads: int) -> bool:
        """Split Q, K and V into ``heads`` blocks of columns, as one undoable step.

        Returns False (and says why) for a number that does not divide the widths of Q and
        of V, or is outside 1 … 16.
        """
        return self._edit(lambda: edits.heads(self._numbers, heads),
                          lambda: self.tr("Split into {0} heads").format(heads))  # fmt: skip

    def set_w_o_given(self, given: bool) -> bool:
        """Give W_o (starting as the identity: output = concat) or take it away; undoable.

        Only in projection mode, where the W's are edited.
        """
        return self._edit(lambda: edits.w_o(self._numbers, given),
                          (lambda: self.tr("Add W_o")) if given
                          else (lambda: self.tr("Remove W_o")))  # fmt: skip

    def set_padding(self, token: int, padding: bool) -> bool:
        """Mark token ``token`` as padding (its key hidden from every query), or not."""
        name = self.tokens[token] if 0 <= token < len(self.tokens) else ""
        if padding:
            text: Text = lambda: self.tr("Mark “{0}” as padding").format(name)  # noqa: E731
        else:
            text = lambda: self.tr("“{0}” is no longer padding").format(name)  # noqa: E731
        return self._edit(lambda: edits.padding(self._numbers, token, padding), text)

    def set_own_mask(self, mask: NDArray[np.bool_] | None, text: Text | None = None) -> bool:
        """Set the mask painted by hand (True = allowed; None, or all True, for none)."""
        return self._edit(lambda: edits.own_mask(self._numbers, mask),
                          text or (lambda: self.tr("Paint the mask")))  # fmt: skip

    def set_dropout(self, setting: DropoutSetting | None) -> bool:
        """Set dropout on the weights (None: off), as one undoable step."""
        return self._edit(lambda: edits.dropout(self._numbers, setting),
                          lambda: self.tr("Set dropout"))  # fmt: skip

    def restore_source(self) -> bool:
        """Give back the model's tokens, Q, K and V, and its own steps; one undoable step.

        Returns False when there is nothing to restore (no source, or nothing changed).
        """
        return self._edit(lambda: edits.restored(self._numbers),
                          lambda: self.tr("Restore the model's numbers"))  # fmt: skip

    def set_cell(self, name: str, row: int, col: int, value: str | float) -> bool:
        """Type one value; text is parsed. Returns False (and says why) if refused."""
        try:
            number = edits.cell(self._numbers, name, row, col, value, parse_number)
        except Refused as refused:
            return self._refuse(refused)
        if number is None:
            self.accepted.emit()
            return True
        where = self.cell_name(name, row, col)
        text = lambda: self.tr("Edit {0}").format(where)  # noqa: E731 (named again on a switch)
        self.undo_stack.push(BlockCommand(self, name, row, col, np.array([[number]]), text))
        return True

    def paste_block(self, name: str, top: int, left: int, cells: list[list[str]]) -> bool:
        """Paste rows of text cells at (top, left): all or nothing."""
        try:
            block = edits.block(self._numbers, name, top, left, cells, parse_number)
        except Refused as refused:
            return self._refuse(refused)
        text = lambda: self.tr("Paste into {0}").format(LABELS[name])  # noqa: E731
        self.undo_stack.push(BlockCommand(self, name, top, left, block, text))
        return True

    def add_token(self, name: str | None = None) -> bool:
        """Add a last token whose inputs start at 0, as one undoable step.

        ``name`` defaults to “token n” for the n-th token. Returns False (and says why) when
        there are already MAX_GRID_TOKENS tokens.
        """
        typed = name if name is not None else token_name(len(self.tokens) + 1)
        return self._edit(lambda: edits.token_added(self._numbers, typed),
                          lambda: self.tr("Add token “{0}”").format(typed.strip()))  # fmt: skip

    def remove_token(self, index: int) -> bool:
        """Remove token ``index`` and its rows, as one undoable step.

        Returns False for an index out of range, and (saying why) for the last token left.
        """
        old = self.tokens[index] if 0 <= index < len(self.tokens) else ""
        return self._edit(lambda: edits.token_removed(self._numbers, index),
                          lambda: self.tr("Remove token “{0}”").format(old))  # fmt: skip

    def rename_token(self, index: int, name: str) -> bool:
        """Rename token ``index`` to ``name`` (stripped), as one undoable step.

        Returns False for an index out of range, and (saying why) for a name a token may
        not have (see ``edits.token_name``). The same name again is True, no step.
        """
        old, new = self.tokens[index] if 0 <= index < len(self.tokens) else "", name.strip()
        return self._edit(lambda: edits.token_renamed(self._numbers, index, name),
                          lambda: self.tr("Rename “{0}” to “{1}”").format(old, new))  # fmt: skip

    def commit_temperature(self, before: float | None) -> bool:
        """Make τ's change since ``before`` (a setting: None follows √d_k) one undo step.

        The dial sets τ frame by frame (``set_temperature``, not undone) and calls this once
        a press, a typed value, a drag or a sweep has ended. False if τ is as it was.
        """
        after = None if self.follows_sqrt_d_k else self.temperature
        if after == before:
            return False
        if after is None:
            text: Text = lambda: self.tr("τ = √d_k")  # noqa: E731
        else:
            text = lambda: self.tr("Set τ = {0:.3g}").format(after)  # noqa: E731
        self.undo_stack.push(TemperatureCommand(self, before, after, text))
        return True

    def load_preset(self, preset: Preset, text: Text | None = None) -> bool:
        """Replace the inputs by a preset's, as one undoable step.

        Returns False (and a message) if the engine refuses its numbers: nothing has changed
        then. The preset's selected token and display settings are applied too, outside the
        undo step.
        """
        named = text or (lambda: self.tr("Load preset"))
        before = replace(self._numbers.snapshot, sets_temperature=True)
        after = replace(snapshot_of(preset), sets_temperature=True)
        try:
            edits.computable(after, "load", self._numbers.kept)
        except Refused as refused:
            reason = refused  # ``refused`` is gone after the except clause
            self.say(lambda: self.tr("{0}: {1}").format(
                named() if callable(named) else named, reason_text(reason)
            ))  # fmt: skip
            return False
        self.undo_stack.push(SnapshotCommand(self, before, after, named))
        if preset.pinned is not None:  # a comparison: its A
            self.comparison.pin(preset.pinned)
        self.select_token(preset.selected_token)
        if self.heads > 1:  # the file's head, or the first: not the one shown before
            self.select_head(preset.selected_head)
        else:  # a later split starts at the first head, as after a fresh start
            self._numbers.selected_head = 0
        self._apply_view(preset.view)
        self.training.load(preset.view.get("training"))
        return True

    def load_built_in(self, name: str) -> None:
        """Load one of the engine's built-in presets by name, as one undoable step."""
        self.load_preset(built_in_example(name), lambda: self.tr("Load {0}").format(name))

    def load_random(self, length: int, d_k: int, d_v: int, seed: int) -> bool:
        """Load a random example (the same ``seed``, the same numbers); False (said) if refused."""
        return self.load_preset(random_preset(length, d_k, d_v, seed),
                                lambda: self.tr("Load a random example"))  # fmt: skip

    def _apply_view(self, view: dict[str, object]) -> None:
        """Display settings of a session; unknown keys are kept for saving back."""
        self._numbers.view_extra = {key: v for key, v in view.items() if key != "precision"}
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
        self._numbers.forget_kept()

    def to_preset(self) -> Preset:
        """Return all a session keeps (inputs, τ, masks, heads, dropout, display, training).

        While pinned, A too, under ``pinned``: a session of its own.
        """
        preset, pin = self._numbers.to_preset(self.view.precision), self.comparison.pinned
        pinned = None if pin is None else pin.numbers.to_preset(self.view.precision)
        return replace(preset, view=self.training.saved_in(preset.view), pinned=pinned)

    # ------------------------------------------------------- view settings (not undone)
    def set_temperature(self, temperature: float | None) -> None:
        """τ of step ②; None returns to the standard √d_k."""
        if temperature is not None and not (math.isfinite(temperature) and temperature > 0):
            self.say(lambda: self.tr("τ must be a positive number"))
            return
        old, old_setting = self.temperature, self._numbers.snapshot.temperature
        self._numbers.computed  # noqa: B018 (edits pending first: then only steps ② to ④)
        self._numbers.set_temperature(temperature)
        if self.temperature != old:
            self._emit_result_changed()
            self.temperature_changed.emit(self.temperature)
        elif temperature != old_setting:  # same τ, but now fixed (or following √d_k again)
            self.temperature_changed.emit(self.temperature)

    def select_head(self, head: int) -> None:
        """Show head ``head`` (from 0) in the four steps, the dial and the mixing view."""
        heads = self.heads_result
        if heads is None or not 0 <= head < heads.count or head == self.selected_head:
            return
        self._numbers.selected_head = head
        self.selected_head_changed.emit(head)
        self._emit_result_changed()

    def select_token(self, index: int) -> None:
        """Select token ``index``, clamped to the tokens there are; a selected cell follows."""
        index = min(max(index, 0), len(self.tokens) - 1)
        numbers = self._numbers
        if index != numbers.selected_token:
            numbers.selected_token, cell = index, numbers.selected_cell
            if cell is not None and cell[1] != index:  # its hand calculation said A[猫, 猫]
                numbers.selected_cell = (cell[0], index, cell[2])  # beside 鱼 selected everywhere
                self.selected_cell_changed.emit()
            self.selected_token_changed.emit(index)

    def select_cell(self, step: str, row: int, col: int) -> None:
        """Explain one cell of a step ("scores", "scaled", "weights", "context")."""
        rows, cols = getattr(self.result, step).shape if step in STEPS else (0, 0)
        if not (0 <= row < rows and -1 <= col < cols):  # col −1: the whole row
            return
        self._numbers.selected_cell = (step, row, col)
        self.selected_cell_changed.emit()
        self.select_token(row)

    @property
    def highlighted_step(self) -> int:
        """Return the step (1–4) that is lit, or 0 for none: see ``view``."""
        return self.view.highlighted_step

    def set_highlighted_step(self, step: int) -> None:
        """Light step ``step`` (1–4), 0 for none: see ``view``."""
        self.view.set_highlighted_step(step)

    @property
    def precision(self) -> int:
        """Return the number of decimals shown: see ``view``."""
        return self.view.precision

    def set_precision(self, digits: int) -> None:
        """Show ``digits`` decimals (0 to 6): see ``view``."""
        self.view.set_precision(digits)

    # ----------------------------------------------------------------- the undo stack's
    def apply_snapshot(self, snapshot: Snapshot) -> None:
        """Install every input of ``snapshot`` (copying its arrays), with no undo step.

        The undo commands call this; everything else goes through the setters above. The
        views hear of it once the undo stack has finished (see ``_settle``).
        """
        self._note_change(full=True)
        self._numbers.apply(snapshot)

    def show_snapshot(self, snapshot: Snapshot) -> None:
        """Install ``snapshot`` with no undo step of its own and tell the views now.

        Training moves its run's one undo step on to each new step with this.
        """
        self.apply_snapshot(snapshot)
        self._settle()

    def write_block(self, name: str, top: int, left: int, block: NDArray[np.float64]) -> None:
        """Write ``block`` into matrix ``name`` from (``top``, ``left``), with no undo step.

        The undo commands call this; everything else goes through ``set_cell`` and
        ``paste_block``. The result follows when it is next read, or when the event loop
        comes round (see ``result``).
        """
        self._note_change(full=False, rect=(name, top, left, *block.shape))
        self._numbers.write_block(name, top, left, block)

    def _note_change(self, full: bool, rect: tuple[str, int, int, int, int] | None = None) -> None:
        """Remember how things were before the first change of this step of the stack."""
        if self._pending is None:
            numbers = self._numbers
            self._pending = PendingChange(numbers.snapshot, numbers.shown_temperature)
        self._pending.note(full, rect)

    def _settle(self) -> None:
        """Tell the views, once, what the undo stack changed (see PendingChange.told).

        However many commands it ran (a jump across a long history), one computation and one
        set of signals; after edits of cells only, the result when the event loop comes round.
        """
        pending, self._pending = self._pending, None
        if pending is None:
            return
        if pending.full:
            self._coalesce.stop()  # told now
        for name, *arguments in pending.told(self._numbers):
            getattr(self, str(name)).emit(*arguments)
        if not pending.full:
            self._coalesce.start()

    def _emit_result_changed(self) -> None:
        self._coalesce.stop()
        self.result  # noqa: B018 (computed before anyone is told)
        self.result_changed.emit()
