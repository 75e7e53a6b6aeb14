"""What a head is trained towards, as the user chose it: plain Python, no Qt.

:class:`TrainingSettings` holds the choice (the goal, what learns, the rate, the limit) and
is what a session saves; :func:`objective` turns it into the engine's
:class:`~engine.lesson.training.Objective` for the numbers held now.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # the engine's training loads with the first step, not with the window
    from engine.lesson.goals import Goal
    from engine.lesson.training import Objective

#: The goals: a row of A typed or dragged; each token looks at the previous one, at itself,
#: at the token(s) with its name (cross-entropy of the chosen rows of A against their
#: targets); or Z = V, each token's own value (squared error of Z).
GOALS = ("row", "previous", "itself", "same_name", "context")
#: What learns: Q and K (the scores), or V too; in projection mode the W's.
LEARNING = ("qk", "qkv")
MOST_STEPS = 100_000


@dataclass(frozen=True)
class TrainingSettings:
    """The goal, what learns, how fast, and when a run stops."""

    goal: str = "row"
    row: int = 0  # the query whose row of A is the goal ("row")
    target: tuple[float, ...] = ()  # that row's target weights; () for the default
    learning: str = "qk"
    rate: float = 0.5
    momentum: float = 0.0
    limit: int = 1000  # steps a run takes at most

    def to_dict(self) -> dict[str, object]:
        """Return the settings as JSON values (a session keeps them under view.training)."""
        return {**asdict(self), "target": list(self.target)}

    @staticmethod
    def from_dict(data: object) -> TrainingSettings:
        """Return the settings a session kept; the defaults for anything not understood."""
        default = TrainingSettings()
        if not isinstance(data, dict):
            return default
        found: dict[str, object] = {}
        goal, learning = data.get("goal"), data.get("learning")
        if goal in GOALS:
            found["goal"] = goal
        if learning in LEARNING:
            found["learning"] = learning
        row, limit = data.get("row"), data.get("limit")
        if type(row) is int and row >= 0:
            found["row"] = row
        if type(limit) is int and 1 <= limit <= MOST_STEPS:
            found["limit"] = limit
        rate, momentum = _number(data.get("rate")), _number(data.get("momentum"))
        if rate is not None and 0 < rate <= 1e3:
            found["rate"] = rate
        if momentum is not None and 0 <= momentum < 1:
            found["momentum"] = momentum
        target = data.get("target")
        if isinstance(target, list) and all(
            type(t) in (int, float) and math.isfinite(t) and t >= 0 for t in target
        ) and sum(target) > 0:  # fmt: skip
            found["target"] = tuple(float(t) for t in target)
        return replace(default, **found)  # type: ignore[arg-type]


def _number(value: object) -> float | None:
    """Return a finite JSON number as a float, else None."""
    if type(value) not in (int, float) or not math.isfinite(value):  # type: ignore[arg-type]
        return None
    return float(value)  # type: ignore[arg-type]


def target_row(settings: TrainingSettings, keys: int) -> np.ndarray:
    """Return the goal's row of A, summing to 1: the one chosen, else 0.8 on the last key."""
    target = np.array(settings.target, dtype=np.float64)
    if target.shape != (keys,) or target.sum() <= 0:
        if keys == 1:
            return np.ones(1)
        target = np.full(keys, 0.2 / (keys - 1))
        target[-1] = 0.8  # 猫 should look at 鱼: [0.1, 0.1, 0.8]
    unit: np.ndarray = target / target.sum()
    return unit


def goal_of(settings: TrainingSettings, tokens: tuple[str, ...], causal: bool) -> Goal | None:
    """Return the goal for A (None for a goal on Z)."""
    from engine.lesson.goals import goal_rows, previous_token_goal, same_name_goal, same_token_goal

    length = len(tokens)
    if settings.goal == "row":
        row = min(settings.row, length - 1)
        return goal_rows(length, {row: target_row(settings, length)})
    if settings.goal == "previous":
        return previous_token_goal(length)
    if settings.goal == "itself":
        return same_token_goal(length)
    if settings.goal == "same_name":
        return same_name_goal(tokens, causal=causal)
    return None


def objective(
    settings: TrainingSettings, tokens: tuple[str, ...], causal: bool, v: np.ndarray, head: int
) -> Objective:
    """Return the engine's objective: a goal for A, or Z = V (each token's own value)."""
    from engine.lesson.training import Objective

    goal = goal_of(settings, tokens, causal)
    if goal is not None:
        return Objective(goal=goal, head=head)
    return Objective(target_context=v.copy(), head=head)


def best_loss(settings: TrainingSettings, goal: Goal | None) -> float:
    """Return the least loss there is: the target rows' entropy (cross-entropy), or 0."""
    if goal is None:
        return 0.0
    rows = goal.targets[list(goal.rows)]
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(rows > 0, -rows * np.log(rows), 0.0)
    return float(terms.sum(axis=1).mean())


def learning_names(settings: TrainingSettings, projection: bool) -> tuple[str, ...]:
    """Return the matrices that learn: q, k (and v), or w_q, w_k (and w_v)."""
    names = ("q", "k", "v") if settings.learning == "qkv" else ("q", "k")
    return tuple(f"w_{n}" for n in names) if projection else names
