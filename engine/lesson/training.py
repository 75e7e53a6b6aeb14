"""Training a head: gradient descent with momentum, and one step of forward → loss → backward.

:func:`descend` is the optimiser, a pure function: v ← μ·v + ∂L/∂W, W ← W − η·v for each
matrix that learns (μ = 0: plain gradient descent); the others are handed on as the same
objects, so that :func:`engine.lesson.compute.compute` sees them unchanged.

:func:`train_step` does one step on the app's :class:`~engine.lesson.compute.Inputs`, in
direct mode (Q, K, V learn) or projection mode (X, W_q, W_k, W_v learn), with one head or
several (and W_o), masks, any τ and dropout. It returns the new inputs, the loss before the
step and the size ‖∂L/∂·‖ of the gradient at each stage, which is what the lesson shows:
a near one-hot softmax (τ = 1 at d_k = 64) passes back almost nothing,
∂L/∂(S/τ) = a (g − Σ a g) ≈ 0 when a is 0 or 1, so its scores hardly move. Nothing is
random but dropout, whose mask is drawn from the setting's seed: the same inputs and
setting give the same step, bit for bit::

    from engine import Objective, goal_rows, load_preset, train_step
    from engine.lesson.compute import Inputs
    lesson = load_preset("cat-eats-fish")
    inputs = Inputs({"q": lesson.q, "k": lesson.k, "v": lesson.v})
    cat_looks_at_fish = Objective(goal=goal_rows(3, {0: [0.1, 0.1, 0.8]}))
    for _ in range(60):
        step = train_step(inputs, cat_looks_at_fish, learning=("q", "k"), learning_rate=0.5)
        inputs = step.inputs  # step.loss: 0.894 at first, then down to 0.64, H(target)
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace

import numpy as np

from ..messages import InputError, Message
from ..vocabulary import LABELS
from ._checks import Matrix, as_matrix
from .backward import backward_of_head
from .backward_heads import backward_heads, backward_projection
from .compute import Computed, Inputs, compute
from .dropout import Dropout, DropoutSetting, dropout_heads
from .goals import Goal
from .losses import Loss, cross_entropy, squared_error
from .result import AttentionResult

Velocity = dict[str, Matrix]


@dataclass(frozen=True, eq=False)
class Objective:
    """What a head should learn: a goal for A, a target Z, or both (their losses add up).

    Attributes
    ----------
    goal : Goal or None
        Target rows for head ``head``'s A, scored by cross-entropy.
    head : int
        Which head's A the goal is for (0, the only one, with one head).
    target_context : (L, d) array or None
        The Z wanted, scored by squared error: with several heads, the output Concat·W_o
        when there is W_o, else the concat.
    rows : tuple of int or None
        The rows of Z that count; every row when None.
    """

    goal: Goal | None = None
    head: int = 0
    target_context: Matrix | None = None
    rows: tuple[int, ...] | None = None


@dataclass(frozen=True, eq=False)
class TrainingStep:
    """One step of training: where it started, what it found, where it went.

    Attributes
    ----------
    computed : Computed
        The forward pass of the inputs before the step.
    loss : float
        L before the step.
    gradients : dict of str to array
        ∂L/∂ each input matrix (``q``, ``k``, ``v``; or ``x``, ``w_q``, ``w_k``, ``w_v``;
        and ``w_o`` when there is one), whether it learns or not.
    norms : dict of str to float
        ‖∂L/∂·‖ (Frobenius, all heads together) at each stage: ``output`` (with W_o),
        ``context``, ``weights``, ``scaled``, ``scores``, then every input in ``gradients``.
    inputs : Inputs
        The inputs after the step.
    velocity : dict of str to array
        The momentum v of each learning matrix, for the next step.
    """

    computed: Computed
    loss: float
    gradients: dict[str, Matrix]
    norms: dict[str, float]
    inputs: Inputs
    velocity: Velocity = field(default_factory=dict)


def descend(
    matrices: Mapping[str, Matrix],
    gradients: Mapping[str, Matrix],
    learning: Collection[str],
    learning_rate: float,
    momentum: float = 0.0,
    velocity: Mapping[str, Matrix] | None = None,
) -> tuple[dict[str, Matrix], Velocity]:
    """Return the matrices after one step of gradient descent, and the new momentum.

    Parameters
    ----------
    matrices : dict of str to array
        The current matrices (``{"q": Q, "k": K, "v": V}`` or the W's); never written.
    gradients : dict of str to array
        ∂L/∂ each learning matrix, of its shape.
    learning : collection of str
        The names of the matrices that learn; the others are handed on unchanged.
    learning_rate : float
        η > 0.
    momentum : float, optional
        μ, from 0 (plain gradient descent, the default) to below 1.
    velocity : dict of str to array, optional
        v from the step before; none at the first step.

    Returns
    -------
    matrices : dict of str to array
        New arrays for the learning matrices, the very same objects for the others.
    velocity : dict of str to array
        v of each learning matrix.

    Raises
    ------
    InputError
        A ValueError: for a rate or momentum out of range, or a name with no matrix or
        no gradient.
    """
    rate, mu = _checked_rate(learning_rate, momentum)
    new, moved = dict(matrices), {}
    for name in learning:
        if name not in matrices or name not in gradients:
            raise InputError(
                Message("{matrix} cannot learn: these inputs have no {matrix}",
                        matrix=LABELS.get(name, name))
            )  # fmt: skip
        step = as_matrix(gradients[name], LABELS.get(name, name))
        before = velocity.get(name) if velocity is not None else None
        if before is not None and mu > 0.0:
            step = mu * before + step  # v ← μ·v + ∂L/∂W
        moved[name] = step
        new[name] = matrices[name] - rate * step  # W ← W − η·v
    return new, moved


def train_step(
    inputs: Inputs,
    objective: Objective,
    *,
    learning: Collection[str],
    learning_rate: float,
    momentum: float = 0.0,
    velocity: Mapping[str, Matrix] | None = None,
    dropout: DropoutSetting | None = None,
) -> TrainingStep:
    """Return one step of training: forward, loss, backward, and the update.

    Parameters
    ----------
    inputs : Inputs
        The matrices, masks, τ and heads now.
    objective : Objective
        The goal for A and/or the target Z.
    learning : collection of str
        The matrices that learn: some of ``inputs.matrices``' names.
    learning_rate, momentum, velocity
        As :func:`descend`.
    dropout : DropoutSetting, optional
        Dropout on A while training (``training`` True and p > 0); the same seed drops the
        same cells at every step (advance it to draw anew).

    Returns
    -------
    TrainingStep
        The forward pass, the loss, the gradients and their sizes, the new inputs.

    Raises
    ------
    InputError
        A ValueError: as :func:`engine.attention`, :func:`descend` and the losses raise it,
        and for an objective with neither a goal nor a target, or for a head not there.
    """
    computed = compute(inputs)
    drops = _drops(computed, dropout)
    loss, d_weights, d_context = _loss(computed, objective, drops)
    gradients, stages = _backward(computed, d_weights, d_context, drops, objective.head)
    matrices, moved = descend(inputs.matrices, gradients, learning, learning_rate, momentum,
                              velocity)  # fmt: skip
    norms = {**stages, **{name: frobenius(g) for name, g in gradients.items()}}
    return TrainingStep(computed, loss, gradients, norms, replace(inputs, matrices=matrices), moved)


def frobenius(matrix: Matrix) -> float:
    """Return ‖matrix‖, scaled first so that huge entries (1e200) do not overflow."""
    largest = float(np.abs(matrix).max()) if matrix.size else 0.0
    if largest == 0.0 or not math.isfinite(largest):
        return largest
    return largest * float(np.linalg.norm(matrix / largest))


def _checked_rate(learning_rate: float, momentum: float) -> tuple[float, float]:
    for value in (learning_rate, momentum):
        if isinstance(value, bool) or not isinstance(value, (int, float, np.floating)):
            raise InputError(Message("the learning rate and the momentum must be numbers"))
    if not (math.isfinite(learning_rate) and learning_rate > 0.0):
        raise InputError(
            Message("the learning rate must be a positive number, not {rate:g}",
                    rate=float(learning_rate))
        )  # fmt: skip
    if not (math.isfinite(momentum) and 0.0 <= momentum < 1.0):
        raise InputError(
            Message("the momentum must be from 0 to below 1, not {momentum:g}",
                    momentum=float(momentum))
        )  # fmt: skip
    return float(learning_rate), float(momentum)


def _heads(computed: Computed) -> tuple[AttentionResult, ...]:
    if computed.heads is not None:
        return computed.heads.heads
    assert computed.one_head is not None
    return (computed.one_head,)


def _drops(computed: Computed, setting: DropoutSetting | None) -> tuple[Dropout, ...] | None:
    if setting is None or not setting.training or setting.p == 0.0:
        return None
    return dropout_heads(_heads(computed), setting.p, setting.seed)


def _loss(
    computed: Computed, objective: Objective, drops: tuple[Dropout, ...] | None
) -> tuple[float, Matrix | None, Matrix | None]:
    """Return L, ∂L/∂A of the objective's head and ∂L/∂Z (the output's, with W_o)."""
    if objective.goal is None and objective.target_context is None:
        raise InputError(Message("training needs a goal for A, a target Z, or both"))
    heads = _heads(computed)
    value, d_weights, d_context = 0.0, None, None
    if objective.goal is not None:
        if not 0 <= objective.head < len(heads):
            raise InputError(
                Message("head {head} is not one of the {heads} heads (0 to {last})",
                        head=objective.head, heads=len(heads), last=len(heads) - 1)
            )  # fmt: skip
        head = heads[objective.head]
        on_weights = cross_entropy(head.weights, objective.goal, head.mask)
        value, d_weights = on_weights.value, on_weights.d_weights
    if objective.target_context is not None:
        on_context: Loss = squared_error(
            _context(computed, drops), objective.target_context, objective.rows
        )
        value, d_context = value + on_context.value, on_context.d_context
    return value, d_weights, d_context


def _context(computed: Computed, drops: tuple[Dropout, ...] | None) -> Matrix:
    """Return Z as the forward pass gave it while training: after dropout, through W_o."""
    contexts = [h.context for h in _heads(computed)] if drops is None else [
        d.context for d in drops]  # fmt: skip
    if computed.heads is None:
        return contexts[0]
    concat = np.concatenate(contexts, axis=1)  # (L, h·d_v)
    w_o = computed.heads.w_o
    return concat if w_o is None else concat @ w_o


def _backward(
    computed: Computed,
    d_weights: Matrix | None,
    d_context: Matrix | None,
    drops: tuple[Dropout, ...] | None,
    head: int,
) -> tuple[dict[str, Matrix], dict[str, float]]:
    """Return ∂L/∂ each input matrix, and the sizes of the gradients on the way."""
    stages: dict[str, float] = {}
    if computed.heads is None:
        assert computed.one_head is not None
        one = backward_of_head(computed.one_head, d_context, d_weights,
                               None if drops is None else drops[0])  # fmt: skip
        per_head, d_q, d_k, d_v, d_w_o = [one], one.d_queries, one.d_keys, one.d_values, None
    else:
        with_w_o = computed.heads.w_o is not None and d_context is not None
        many = backward_heads(
            computed.heads,
            d_output=d_context if with_w_o else None,
            d_concat=None if with_w_o else d_context,
            d_weights=None if d_weights is None else {head: d_weights},
            dropout=drops,
        )
        if many.d_output is not None:
            stages["output"] = frobenius(many.d_output)
        per_head, d_w_o = list(many.heads), many.d_w_o
        d_q, d_k, d_v = many.d_queries, many.d_keys, many.d_values
    for stage in ("context", "weights", "scaled", "scores"):
        stages[stage] = math.hypot(*(frobenius(getattr(g, f"d_{stage}")) for g in per_head))
    matrices = computed.inputs.matrices
    gradients: dict[str, Matrix]
    if "x" in matrices:
        projected = backward_projection(matrices["x"], matrices["w_q"], matrices["w_k"],
                                        matrices["w_v"], d_q, d_k, d_v)  # fmt: skip
        gradients = {"x": projected.d_x, "w_q": projected.d_w_q, "w_k": projected.d_w_k,
                     "w_v": projected.d_w_v}  # fmt: skip
        stages.update(q=frobenius(d_q), k=frobenius(d_k), v=frobenius(d_v))
    else:
        gradients = {"q": d_q, "k": d_k, "v": d_v}
    if "w_o" in matrices:
        gradients["w_o"] = np.zeros_like(matrices["w_o"]) if d_w_o is None else d_w_o
    return gradients, stages
