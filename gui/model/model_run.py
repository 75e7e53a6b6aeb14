"""A sentence run through a real model: every layer's and head's A, and the head opened.

The window's controller (gui.session.sentences) loads the model and runs the sentence off
the GUI thread, then hands the result here; the atlas view draws ``forward.weights`` and
opens a head by ``open_head``, which loads that head's tokens, Q, K and V into the state
as one undoable step, with the ``HeadSource`` that says whose numbers they are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from engine.formats.head_source import HeadSource
from gui.model.state import AttentionState

if TYPE_CHECKING:  # the real model's modules load with its first sentence, not at start-up
    from engine.real_model import Model
    from engine.real_model.bert import Forward
    from engine.real_model.model_folder import ModelFolder


def same_model(model: Model | ModelFolder, source: HeadSource) -> bool:
    """Return True if ``model`` is the one ``source``'s numbers came from (name, revision)."""
    known = None not in (model.revision, source.revision)
    return model.name == source.model and (not known or model.revision == source.revision)


class ModelRun(QObject):
    """The model, the sentence and its forward pass; the state shows one of its heads."""

    ran = Signal()  # a new sentence (or model): ``forward`` holds its every head

    def __init__(self, state: AttentionState, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self.model: Model | None = None
        self.forward: Forward | None = None
        self.sentence = ""
        self.missing = ""  # the model the shown numbers came from, when it is not here

    def holds(self, source: HeadSource | None) -> bool:
        """Return True if ``source``'s sentence through its model is the one kept here."""
        if source is None:
            return True  # nothing to hold: typed numbers
        model = self.model
        return (
            self.forward is not None
            and model is not None
            and source.sentence == self.sentence
            and same_model(model, source)
        )

    def keep(self, model: Model, sentence: str, forward: Forward) -> None:
        """Keep a sentence's forward pass for the atlas, without opening any of its heads."""
        self.model, self.sentence, self.forward, self.missing = model, sentence, forward, ""
        self.ran.emit()

    def say_missing(self, model: str) -> None:
        """Forget the sentence kept: the shown numbers came from ``model``, not here."""
        self.forward, self.sentence, self.missing = None, "", model
        self.ran.emit()

    def show(self, model: Model, sentence: str, forward: Forward, layer: int = 0,
             head: int = 0) -> bool:  # fmt: skip
        """Keep a sentence's forward pass and open one of its heads (from 0)."""
        self.keep(model, sentence, forward)
        return self.open_head(layer, head)

    def opened(self) -> tuple[int, int] | None:
        """Return the (layer, head), from 0, of this sentence that the state shows, or None."""
        source = self.state.source
        if source is None or self.forward is None or self.model is None:
            return None
        if not self.holds(source):
            return None
        if source.is_layer:  # the whole layer: the head the four steps show, split as the model
            if self.state.heads != source.heads:
                return None  # split otherwise: the four steps show none of the model's heads
            return source.layer - 1, self.state.selected_head
        return source.layer - 1, source.head - 1

    def opened_layer(self) -> int | None:
        """Return the layer, from 0, whose every head the state shows, or None."""
        source = self.state.source
        if source is None or not source.is_layer or self.state.heads != source.heads:
            return None
        opened = self.opened()
        return None if opened is None else opened[0]

    def open_head(self, layer: int, head: int) -> bool:
        """Load head ``head`` of layer ``layer`` (from 0) into the state, as one undo step."""
        model, forward = self.model, self.forward
        if model is None or forward is None:
            return False
        from engine.real_model.model_heads import head_preset

        preset = head_preset(model, self.sentence, forward, layer, head)
        return self.state.load_preset(
            preset, lambda: self.tr("Open layer {0}, head {1}").format(layer + 1, head + 1)
        )

    def open_layer(self, layer: int, head: int = 0) -> bool:
        """Load every head of layer ``layer`` (from 0) side by side, as one undo step.

        The heads' views show them together; the four steps show head ``head``.
        """
        model, forward = self.model, self.forward
        if model is None or forward is None:
            return False
        from engine.real_model.model_heads import layer_preset

        preset = layer_preset(model, self.sentence, forward, layer)
        heads = model.heads
        loaded = self.state.load_preset(
            preset, lambda: self.tr("Open layer {0}, its {1} heads").format(layer + 1, heads)
        )
        if loaded:
            self.state.select_head(head)
        return loaded
