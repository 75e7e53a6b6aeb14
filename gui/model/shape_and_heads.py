"""The state's setters of shapes and of the lessons after the first.

The widths, h heads and W_o, padding, a mask painted by hand, dropout. Each is one
undoable step, refused with a message when it cannot be; the writing itself (snapshots,
the undo stack, the signals) is the state's (state.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import Signal
from PySide6.QtGui import QUndoStack

from engine import InputError
from engine.lesson.dropout import MAX_SEED, DropoutSetting, check_drop
from engine.lesson.multi_head import check_heads
from engine.vocabulary import MAX_DIM
from gui.model.snapshots import Snapshot, with_d_model, with_width
from gui.model.state_reading import StateReading
from gui.model.undo_commands import TemperatureCommand, Text
from gui.support.engine_text import engine_text


class ShapeAndHeads(StateReading):
    """Widths, heads, W_o, padding, the own mask and dropout, as undoable steps."""

    message = Signal(str)  # something the user should read: why an edit was refused
    # a request that works but changes nothing (a cell typed to the value it has): any
    # refusal said before is old news now, as it is after every change (see the others)
    accepted = Signal()
    undo_stack: QUndoStack  # the state's (state.py)
    # the last message said with ``say``: how to write it, and every way it was written
    _said: tuple[Callable[[], str], set[str]] | None = None

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

    def _snapshot(self) -> Snapshot:
        raise NotImplementedError

    # ----------------------------------------------------------------- τ, undoably
    def set_temperature(self, temperature: float | None) -> None:
        """Set τ, with no undo step (the state's, state.py)."""
        raise NotImplementedError

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

    def _push(self, after: Snapshot, text: Text) -> None:
        raise NotImplementedError

    # ----------------------------------------------------------------- widths
    def _resize_columns(self, names: tuple[str, ...], width: int, text: Text) -> bool:
        if not 1 <= width <= MAX_DIM:
            self.say(lambda: self.tr("A dimension must be between 1 and {0}").format(MAX_DIM))
            return False
        if all(self._matrices[key].shape[1] == width for key in names):
            self.accepted.emit()
            return True
        if width % self._heads:
            heads = self._heads
            self.say(lambda: self.tr(
                "{0} heads need a width they divide: {1} is not a multiple of {0}"
            ).format(heads, width))  # fmt: skip
            return False
        self._push(with_width(self._snapshot(), names, width), text)
        return True

    def set_d_k(self, width: int) -> bool:
        """Set the columns of Q and K (of W_q and W_k), h·d_k, as one undoable step.

        New columns start at 0. Returns False (and says why) outside 1 … MAX_DIM, or for a
        width the heads do not divide. While τ follows √d_k it follows the new d_k.
        """
        names = ("w_q", "w_k") if self.is_projection else ("q", "k")
        return self._resize_columns(names, width, lambda: self.tr("Set d_k to {0}").format(width))

    def set_d_v(self, width: int) -> bool:
        """Set the columns of V (of W_v, and the rows of W_o), h·d_v, as one undoable step.

        New columns start at 0. Returns False (and says why) outside 1 … MAX_DIM, or for a
        width the heads do not divide.
        """
        names = ("w_v",) if self.is_projection else ("v",)
        return self._resize_columns(names, width, lambda: self.tr("Set d_v to {0}").format(width))

    def set_d_model(self, width: int) -> bool:
        """In projection mode: the width of X, which is also the height of each W."""
        if not self.is_projection:
            return False
        if not 1 <= width <= MAX_DIM:
            self.say(lambda: self.tr("A dimension must be between 1 and {0}").format(MAX_DIM))
            return False
        if self.d_model == width:
            self.accepted.emit()
            return True
        self._push(with_d_model(self._snapshot(), width),
                   lambda: self.tr("Set d_model to {0}").format(width))  # fmt: skip
        return True

    # ----------------------------------------------------------------- heads
    def set_heads(self, heads: int) -> bool:
        """Split Q, K and V into ``heads`` blocks of columns, as one undoable step.

        Returns False (and says why) for a number that does not divide the widths of Q and
        of V, or is outside 1 … 16.
        """
        if heads == self._heads:
            self.accepted.emit()
            return True
        try:
            check_heads(heads, self.width_qk, self.width_v)
        except InputError as error:
            problem = error  # ``error`` is gone after the except clause
            self.say(lambda: self.tr("Heads: {0}").format(engine_text(problem)))
            return False
        self._push(replace(self._snapshot(), heads=heads),
                   lambda: self.tr("Split into {0} heads").format(heads))  # fmt: skip
        return True

    def set_w_o_given(self, given: bool) -> bool:
        """Give W_o (starting as the identity: output = concat) or take it away; undoable.

        Only in projection mode, where the W's are edited.
        """
        if given == self.has_w_o:
            return True
        if not self.is_projection:
            self.say(lambda: self.tr("W_o needs projection mode (X and the W's)"))
            return False
        before = self._snapshot()
        matrices = dict(before.matrices)
        if given:
            matrices["w_o"] = np.eye(self.width_v)  # (h·d_v, h·d_v)
            text: Text = lambda: self.tr("Add W_o")  # noqa: E731 (named again on a switch)
        else:
            del matrices["w_o"]
            text = lambda: self.tr("Remove W_o")  # noqa: E731
        self._push(replace(before, matrices=matrices), text)
        return True

    # ----------------------------------------------------------------- masks
    def set_padding(self, token: int, padding: bool) -> bool:
        """Mark token ``token`` as padding (its key hidden from every query), or not."""
        if not 0 <= token < len(self._tokens) or self.is_padding(token) == padding:
            return 0 <= token < len(self._tokens)
        flags = list(self._padding or (False,) * len(self._tokens))
        flags[token] = padding
        name = self._tokens[token]
        text = (
            (lambda: self.tr("Mark “{0}” as padding").format(name))
            if padding
            else (lambda: self.tr("“{0}” is no longer padding").format(name))
        )
        self._push(replace(self._snapshot(), padding=tuple(flags) if any(flags) else ()), text)
        return True

    def set_own_mask(self, mask: NDArray[np.bool_] | None, text: Text | None = None) -> bool:
        """Set the mask painted by hand (True = allowed; None, or all True, for none)."""
        length = len(self._tokens)
        if mask is not None:
            mask = np.array(mask, dtype=np.bool_)
            if mask.shape != (length, length):
                shape = "×".join(str(n) for n in mask.shape)
                self.say(lambda: self.tr("The mask must be {0}×{0}, not {1}").format(length, shape))
                return False
            if mask.all():
                mask = None
        old = self._mask
        if (old is None and mask is None) or (
            old is not None and mask is not None and np.array_equal(old, mask)
        ):
            return True
        self._push(
            replace(self._snapshot(), mask=mask), text or (lambda: self.tr("Paint the mask"))
        )
        return True

    # ----------------------------------------------------------------- dropout
    def set_dropout(self, setting: DropoutSetting | None) -> bool:
        """Set dropout on the weights (None: off), as one undoable step."""
        if setting == self._dropout:
            return True
        if setting is not None:
            try:
                check_drop(setting.p)
            except InputError as error:
                problem = error  # ``error`` is gone after the except clause
                self.say(lambda: self.tr("Dropout: {0}").format(engine_text(problem)))
                return False
            if not 0 <= setting.seed <= MAX_SEED:  # what the seed box shows is what is drawn
                self.say(lambda: self.tr("Dropout: the seed must be from 0 to {0}").format(
                    f"{MAX_SEED:,}"
                ))  # fmt: skip
                return False
        self._push(replace(self._snapshot(), dropout=setting),
                   lambda: self.tr("Set dropout"))  # fmt: skip
        return True
