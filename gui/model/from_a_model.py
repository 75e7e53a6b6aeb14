"""The state's side of a real model's head: whose numbers these are, and giving them back.

Opening a head (see gui.model.model_run) loads its tokens, Q, K and V as a preset with a
``HeadSource``; they are edited like any other numbers. The state tells whether they are
still the model's, and restores them in one undoable step.
"""

from __future__ import annotations

from PySide6.QtCore import Signal

from engine.formats.head_source import HeadSource
from gui.model.shape_and_heads import ShapeAndHeads
from gui.model.snapshots import Snapshot, attention_of
from gui.support.engine_text import engine_text


class FromAModel(ShapeAndHeads):
    """Where the numbers came from, and whether they still are the model's."""

    source_changed = Signal()  # the numbers now come from another model's head, or none

    @property
    def source(self) -> HeadSource | None:
        """Return the real model's head the numbers were taken from, or None (typed)."""
        return self._source

    @property
    def is_the_models(self) -> bool:
        """Return True while the tokens, Q, K and V are the model's own (with a source)."""
        source = self._source
        if source is None:
            return False
        q, k, v = self.matrix("q"), self.matrix("k"), self.matrix("v")
        return source.matches(self._tokens, q, k, v)

    @property
    def is_as_the_model_computes(self) -> bool:
        """Return True while the model's numbers go through the model's own steps.

        Its heads (one, or a whole layer's), τ = √d_k, no mask, no padding and no dropout in
        training: A and Z are then exactly the model's.
        """
        source = self._source
        return (
            source is not None
            and self.is_the_models
            and self._heads == source.heads
            and self._temperature is None
            and not self._causal
            and self._mask is None
            and not any(self._padding)
            and (self._dropout is None or not self._dropout.training)
        )

    def restore_source(self) -> bool:
        """Give back the model's tokens, Q, K and V, and its own steps; one undoable step.

        Returns False when there is nothing to restore (no source, or nothing changed).
        """
        source = self._source
        if source is None:
            return False
        if self.is_as_the_model_computes:
            self.accepted.emit()
            return True
        matrices = {"q": source.q.copy(), "k": source.k.copy(), "v": source.v.copy()}
        after = Snapshot(source.tokens, matrices, causal=False, temperature=None,
                         sets_temperature=True, heads=source.heads, source=source)  # fmt: skip
        try:  # checked here: an error inside the undo stack's push cannot be recovered from
            attention_of(after)
        except ValueError as error:
            problem = error  # ``error`` is gone after the except clause
            self.say(lambda: self.tr("Restore: {0}").format(engine_text(problem)))
            return False
        self._push(after, lambda: self.tr("Restore the model's numbers"))
        return True
