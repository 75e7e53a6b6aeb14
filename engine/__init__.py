"""Attention Lab's engine: scaled dot-product attention in NumPy, step by step.

Pure NumPy and the standard library; it never imports Qt, so it works in a notebook::

    from engine import attention, four_steps, load_preset
    lesson = load_preset("cat-eats-fish")
    result = attention(lesson.q, lesson.k, lesson.v)
    result.weights[0]  # 猫's row: [0.2741, 0.2741, 0.4519]
    four_steps(lesson.q, lesson.k, lesson.v).weights[0]  # the same, as the lesson computes it

Three packages, each importing only those after it (import-linter checks it):

- ``real_model``: a BERT encoder's attention, read and run with NumPy (imported when one of
  its names is first used);
- ``formats``: presets and session files, the built-in examples, the matrix importers;
- ``lesson``: the lesson's math: the four steps, masks, heads, dropout, the hand calculation,
  and training a head: the backward pass, goals, losses, gradient descent;

and beside them the modules all three share: ``messages`` (errors as templates a translator
can look up), ``system_errors`` (the operating system's reasons, likewise), ``vocabulary``
(the lesson's names and limits), ``machine`` (how much memory a piece of work may take) and
``first_use`` (names whose module is imported when one is first read).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .first_use import loaded_on_first_use
from .formats import (
    Preset,
    PresetError,
    Projection,
    load_preset,
    parse_preset,
    preset_from_dict,
    preset_to_dict,
    random_preset,
    read_preset,
    write_preset,
)
from .lesson import (
    MAX_DROP,
    MAX_HEADS,
    AttentionResult,
    Dropout,
    FourSteps,
    MultiHeadResult,
    attend,
    attention,
    causal_mask,
    dropout,
    four_steps,
    multi_head,
    multi_head_attention,
    padding_mask,
    project,
    scores,
    softmax,
    update_attention,
    with_temperature,
)
from .messages import InputError, Message
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
    from .lesson.backward import Gradients, backward, softmax_backward
    from .lesson.backward_heads import (
        HeadsGradients,
        ProjectionGradients,
        backward_heads,
        backward_projection,
    )
    from .lesson.explain import (
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
    from .lesson.explain_gradient import SoftmaxGradientStep, explain_softmax_gradient
    from .lesson.goals import (
        Goal,
        goal_rows,
        previous_token_goal,
        same_name_goal,
        same_token_goal,
    )
    from .lesson.losses import Loss, cross_entropy, squared_error
    from .lesson.training import Objective, TrainingStep, descend, train_step
    from .lesson.variance import (
        DotHistogram,
        ExperimentCancelled,
        VarianceResult,
        VarianceRow,
        variance_experiment,
    )
    from .real_model import (
        Forward,
        HeadNumbers,
        Model,
        ModelFolder,
        Tokenized,
        load_model,
        locate_model,
    )

#: Loaded on first use: the hand calculation, the experiment, training and the real model are
#: not needed to open the window.
_LATER = {
    **{
        name: ".lesson.variance"
        for name in (
            "DotHistogram",
            "ExperimentCancelled",
            "VarianceResult",
            "VarianceRow",
            "variance_experiment",
        )
    },
    **{name: ".lesson.training" for name in ("Objective", "TrainingStep", "descend", "train_step")},
    **{name: ".lesson.backward" for name in ("Gradients", "backward", "softmax_backward")},
    **{
        name: ".lesson.backward_heads"
        for name in (
            "HeadsGradients",
            "ProjectionGradients",
            "backward_heads",
            "backward_projection",
        )
    },
    **{
        name: ".lesson.explain"
        for name in (
            "ContextStep",
            "ScaledStep",
            "ScoreStep",
            "WeightStep",
            "explain",
            "explain_context",
            "explain_scaled",
            "explain_score",
            "explain_weight",
        )
    },
    **{
        name: ".lesson.explain_gradient"
        for name in ("SoftmaxGradientStep", "explain_softmax_gradient")
    },
    **{
        name: ".lesson.goals"
        for name in (
            "Goal",
            "goal_rows",
            "previous_token_goal",
            "same_name_goal",
            "same_token_goal",
        )
    },
    **{name: ".lesson.losses" for name in ("Loss", "cross_entropy", "squared_error")},
    **{
        name: ".real_model"
        for name in (
            "Forward",
            "HeadNumbers",
            "Model",
            "ModelFolder",
            "Tokenized",
            "load_model",
            "locate_model",
        )
    },
}


__getattr__ = loaded_on_first_use(__name__, _LATER)  # PEP 562


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
    "FourSteps",
    "Goal",
    "Gradients",
    "HeadNumbers",
    "HeadsGradients",
    "InputError",
    "Loss",
    "Message",
    "Model",
    "ModelFolder",
    "MultiHeadResult",
    "Objective",
    "Preset",
    "PresetError",
    "Projection",
    "ProjectionGradients",
    "ScaledStep",
    "ScoreStep",
    "SoftmaxGradientStep",
    "Tokenized",
    "TrainingStep",
    "VarianceResult",
    "VarianceRow",
    "WeightStep",
    "attend",
    "attention",
    "backward",
    "backward_heads",
    "backward_projection",
    "causal_mask",
    "cross_entropy",
    "descend",
    "dropout",
    "explain",
    "explain_context",
    "explain_scaled",
    "explain_score",
    "explain_softmax_gradient",
    "explain_weight",
    "four_steps",
    "goal_rows",
    "load_model",
    "load_preset",
    "locate_model",
    "multi_head",
    "multi_head_attention",
    "padding_mask",
    "parse_preset",
    "preset_from_dict",
    "preset_to_dict",
    "previous_token_goal",
    "project",
    "random_preset",
    "read_preset",
    "same_name_goal",
    "same_token_goal",
    "scores",
    "softmax",
    "softmax_backward",
    "squared_error",
    "train_step",
    "update_attention",
    "variance_experiment",
    "with_temperature",
    "write_preset",
]
