"""The lesson's math: scaled dot-product attention in its four steps, and what builds on it.

NumPy and the standard library only: it reads no file and knows no model (an import-linter
contract in pyproject.toml keeps file formats and the real model out of it).

- ``four_steps``: ① S = QKᵀ ② S/√d_k ③ softmax ④ Z = A·V, one operation a line, to read
  beside the lesson;
- ``attention``: the same steps as the app runs them, with masks, any τ and the checks;
  ``row_blocks``: its steps ② and ③, a block of rows at a time; ``result``: the
  :class:`AttentionResult` holding every intermediate;
- ``update``: attention after a small edit, reusing the previous result;
- ``compute``: the app's one entry point, new inputs and the previous computation in, the
  new one out by the cheapest road (the same, τ only, a few cells, or whole);
  ``kept_results``: the computations kept so that an undo gives back the very numbers;
- ``multi_head``: the four steps on each head's block of columns, concatenated, times W_o;
- ``masks``: padding masks, and masks composed; ``dropout``: dropout on A, as in training;
- ``explain``: the hand calculation of one cell, as numbers to write out (imported when
  first used, with the first cell clicked; its function is ``engine.explain``);
- ``backward``: the gradients of a loss back through ④ ③ ② ①, to A, S/τ, S, Q, K and V;
  ``backward_heads``: through several heads, W_o and the projections W_q, W_k, W_v;
  ``explain_gradient``: the hand calculation of one cell of the softmax's backward pass;
- ``goals``: target rows of A (the previous token, itself, the same name);
  ``losses``: cross-entropy on A and squared error on Z, each with its gradient;
- ``training``: gradient descent with momentum, and one training step; like ``variance``,
  imported when first used (``from engine import train_step``), as are the backward pass,
  the goals and the losses: the window's first paint needs none of them;
- ``variance``: the experiment that shows why attention divides by √d_k; it is imported when
  first used (``from engine import variance_experiment``), so it is not among the names below;
- ``_checks``: the shape and value checks, whose messages name the matrix and its shape.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..first_use import loaded_on_first_use
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
from .four_steps import FourSteps, four_steps
from .masks import padding_mask
from .multi_head import MAX_HEADS, MultiHeadResult, multi_head, multi_head_attention
from .result import AttentionResult
from .update import update_attention

if TYPE_CHECKING:
    from .explain import (
        ContextStep,
        ScaledStep,
        ScoreStep,
        WeightStep,
        explain_context,
        explain_scaled,
        explain_score,
        explain_weight,
    )

#: Loaded on first use (the first cell clicked): the window's first paint needs none of them.
#: (Not the function ``explain``: here that name is its module's, once loaded, as Python
#: binds a package's submodules; ``from engine import explain`` gives the function.)
_LATER = {
    name: ".explain"
    for name in (
        "ContextStep",
        "ScaledStep",
        "ScoreStep",
        "WeightStep",
        "explain_context",
        "explain_scaled",
        "explain_score",
        "explain_weight",
    )
}


__getattr__ = loaded_on_first_use(__name__, _LATER)  # PEP 562


__all__ = [
    "MAX_DROP",
    "MAX_HEADS",
    "AttentionResult",
    "ContextStep",
    "Dropout",
    "FourSteps",
    "MultiHeadResult",
    "ScaledStep",
    "ScoreStep",
    "WeightStep",
    "attend",
    "attention",
    "causal_mask",
    "dropout",
    "explain_context",
    "explain_scaled",
    "explain_score",
    "explain_weight",
    "four_steps",
    "multi_head",
    "multi_head_attention",
    "padding_mask",
    "project",
    "scores",
    "softmax",
    "update_attention",
    "with_temperature",
]
