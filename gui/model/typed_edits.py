"""The state's setters of what the user types: a cell, a pasted block, a token's name.

Each is one undoable step, or refused: the refusal is said with ``say``, so that one still
shown after a language switch is written again in the new language (its check is run again
for that: the reason was written in the language of the moment). The writing itself
(snapshots, the undo stack, the signals) is the state's (state.py).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from numpy.typing import NDArray

from engine.vocabulary import LABELS
from gui.model.checks import CellRefused, checked_block, checked_token_name, checked_value, refusal
from gui.model.from_a_model import FromAModel
from gui.model.numbers import parse_number
from gui.model.snapshots import Snapshot, with_token_added, with_token_removed
from gui.model.undo_commands import BlockCommand

#: The most tokens the grids let one add; presets, sessions and imports may hold up to
#: engine.vocabulary.MAX_TOKENS.
MAX_GRID_TOKENS = 64


class TypedEdits(FromAModel):
    """Cells, pasted blocks and tokens, as undoable steps; a refusal said again on a switch."""

    def apply_snapshot(self, snapshot: Snapshot) -> None:
        """Install every input of ``snapshot``, with no undo step (the state's, state.py)."""
        raise NotImplementedError

    def write_block(self, name: str, top: int, left: int, block: NDArray[np.float64]) -> None:
        """Write ``block`` into matrix ``name``, with no undo step (the state's, state.py)."""
        raise NotImplementedError

    def set_cell(self, name: str, row: int, col: int, value: str | float) -> bool:
        """Type one value; text is parsed. Returns False (and says why) if refused."""
        if not self.is_editable(name):
            self.say(lambda: self.tr("{0} is computed and cannot be edited").format(LABELS[name]))
            return False
        where = self.cell_name(name, row, col)
        try:
            number = checked_value(value)
        except ValueError:
            self.say(
                lambda: self.tr("{0}: {1}").format(where, refusal(lambda: checked_value(value)))
            )
            return False
        if self._matrices[name][row, col] == number:
            self.accepted.emit()
            return True
        text = lambda: self.tr("Edit {0}").format(where)  # noqa: E731 (named again on a switch)
        block = np.array([[number]])
        self.undo_stack.push(BlockCommand(self, name, row, col, block, text))
        return True

    def paste_block(self, name: str, top: int, left: int, cells: list[list[str]]) -> bool:
        """Paste rows of text cells at (top, left): all or nothing."""
        if not self.is_editable(name) or not cells:
            return False
        target = self._matrices[name]
        rows, cols = len(cells), max(len(r) for r in cells)
        if any(len(r) != cols for r in cells):
            self.say(lambda: self.tr("Paste refused: the rows have different numbers of cells"))
            return False
        if top + rows > target.shape[0] or left + cols > target.shape[1]:
            corner, (height, width) = self.cell_name(name, top, left), target.shape
            self.say(lambda: self.tr(
                "Paste refused: a {0}×{1} block at {2} runs past the {3}×{4} grid"
            ).format(rows, cols, corner, height, width))  # fmt: skip
            return False
        try:
            block = checked_block(cells)
        except CellRefused as error:
            bad = cells[error.row][error.col]
            where = self.cell_name(name, top + error.row, left + error.col)
            self.say(
                lambda: self.tr("Paste refused: {0}: {1}").format(
                    where, refusal(lambda: parse_number(bad))
                )
            )
            return False
        text = lambda: self.tr("Paste into {0}").format(LABELS[name])  # noqa: E731
        self.undo_stack.push(BlockCommand(self, name, top, left, block, text))
        return True

    def add_token(self, name: str | None = None) -> bool:
        """Add a last token whose inputs start at 0, as one undoable step.

        ``name`` defaults to “token n” for the n-th token. Returns False (and says why) when
        there are already MAX_GRID_TOKENS tokens.
        """
        if len(self._tokens) >= MAX_GRID_TOKENS:
            most = MAX_GRID_TOKENS
            self.say(lambda: self.tr("At most {0} tokens can be edited here").format(most))
            return False
        typed = name if name is not None else self.tr("token {0}").format(len(self._tokens) + 1)
        try:
            name = checked_token_name(typed)
        except ValueError:
            self.say(lambda: refusal(lambda: checked_token_name(typed)))
            return False
        self._push(with_token_added(self._snapshot(), name),
                   lambda: self.tr("Add token “{0}”").format(name))  # fmt: skip
        return True

    def remove_token(self, index: int) -> bool:
        """Remove token ``index`` and its rows, as one undoable step.

        Returns False for an index out of range, and (saying why) for the last token left.
        """
        if not 0 <= index < len(self._tokens):
            return False
        if len(self._tokens) <= 1:
            self.say(lambda: self.tr("At least one token is needed"))
            return False
        old = self._tokens[index]
        self._push(with_token_removed(self._snapshot(), index),
                   lambda: self.tr("Remove token “{0}”").format(old))  # fmt: skip
        return True

    def rename_token(self, index: int, name: str) -> bool:
        """Rename token ``index`` to ``name`` (stripped), as one undoable step.

        Returns False for an index out of range, and (saying why) for a name a token may
        not have (see ``checks.checked_token_name``). The same name again is True, no step.
        """
        if not 0 <= index < len(self._tokens):
            return False
        typed = name
        try:
            name = checked_token_name(typed)
        except ValueError:
            self.say(lambda: refusal(lambda: checked_token_name(typed)))
            return False
        if name == self._tokens[index]:
            self.accepted.emit()
            return True
        before = self._snapshot()
        tokens = (*before.tokens[:index], name, *before.tokens[index + 1 :])
        old = before.tokens[index]
        self._push(replace(before, tokens=tokens),
                   lambda: self.tr("Rename “{0}” to “{1}”").format(old, name))  # fmt: skip
        return True
