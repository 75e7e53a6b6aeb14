"""Attention Lab's engine: scaled dot-product attention in NumPy, step by step.

Pure NumPy and the standard library; it never imports Qt, so it works in a notebook::

    from engine import attention, load_preset
    lesson = load_preset("cat-eats-fish")
    result = attention(lesson.q, lesson.k, lesson.v)
    result.weights[0]  # 猫's row: [0.2741, 0.2741, 0.4519]
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from .attention import (
    attend,
    attention,
    causal_mask,
    project,
    scores,
    softmax,
    with_temperature,
)
from .dropout import MAX_DROP, Dropout, dropout
from .examples import load_preset, random_preset
from .explain import (
    ContextStep,
    ScaledStep,
    ScoreStep,
    WeightStep,
    explain,
    explain_context,
    explain_scaled,
    explain_score,
    explain_weight,
)
from .masks import padding_mask
from .messages import InputError, Message
from .multi_head import MAX_HEADS, MultiHeadResult, multi_head, multi_head_attention
from .presets import (
    Preset,
    PresetError,
    Projection,
    parse_preset,
    preset_from_dict,
    preset_to_dict,
    read_preset,
    write_preset,
)
from .result import AttentionResult
from .update import update_attention
from .vocabulary import (
    DIRECT_INPUTS,
    LABELS,
    MAX_DIM,
    MAX_FILE_BYTES,
    MAX_TOKEN_CHARS,
    MAX_TOKENS,
    MAX_VALUE,
    MIN_TEMPERATURE,
    PROJECTION_INPUTS,
    STEPS,
)

if TYPE_CHECKING:
    from .bert import Forward, HeadNumbers
    from .model_folder import ModelFolder, locate_model
    from .real_model import Model, load_model
    from .variance import (
        DotHistogram,
        ExperimentCancelled,
        VarianceResult,
        VarianceRow,
        variance_experiment,
    )
    from .wordpiece import Tokenized

#: Loaded on first use: the experiment and the real model are not needed to open the window.
_LATER = {
    **{
        name: ".variance"
        for name in (
            "DotHistogram",
            "Dropout",
            "ExperimentCancelled",
            "VarianceResult",
            "VarianceRow",
            "variance_experiment",
        )
    },
    "Forward": ".bert",
    "HeadNumbers": ".bert",
    "Model": ".real_model",
    "load_model": ".real_model",
    "ModelFolder": ".model_folder",
    "locate_model": ".model_folder",
    "Tokenized": ".wordpiece",
}


def __getattr__(name: str) -> object:
    """Return one of the names loaded on first use, importing its module then (PEP 562)."""
    if name in _LATER:
        value = getattr(import_module(_LATER[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__version__ = "0.1.0"

__all__ = [
    "DIRECT_INPUTS",
    "LABELS",
    "MAX_DIM",
    "MAX_DROP",
    "MAX_FILE_BYTES",
    "MAX_HEADS",
    "MAX_TOKENS",
    "MAX_TOKEN_CHARS",
    "MAX_VALUE",
    "MIN_TEMPERATURE",
    "PROJECTION_INPUTS",
    "STEPS",
    "AttentionResult",
    "ContextStep",
    "DotHistogram",
    "Dropout",
    "ExperimentCancelled",
    "Forward",
    "HeadNumbers",
    "InputError",
    "Message",
    "Model",
    "ModelFolder",
    "MultiHeadResult",
    "Preset",
    "PresetError",
    "Projection",
    "ScaledStep",
    "ScoreStep",
    "Tokenized",
    "VarianceResult",
    "VarianceRow",
    "WeightStep",
    "attend",
    "attention",
    "causal_mask",
    "dropout",
    "explain",
    "explain_context",
    "explain_scaled",
    "explain_score",
    "explain_weight",
    "load_model",
    "load_preset",
    "locate_model",
    "multi_head",
    "multi_head_attention",
    "padding_mask",
    "parse_preset",
    "preset_from_dict",
    "preset_to_dict",
    "project",
    "random_preset",
    "read_preset",
    "scores",
    "softmax",
    "update_attention",
    "variance_experiment",
    "with_temperature",
    "write_preset",
]
