"""Goals for a head to learn: which keys each query should look at, as target rows of A.

A :class:`Goal` holds a target distribution for some rows of A (the rows it *chooses*);
the other rows have no goal and add nothing to the loss. The builders give the tasks of
the lesson:

- :func:`goal_rows`: any rows by hand, e.g. 猫 should look at 鱼: ``{0: [0.1, 0.1, 0.8]}``;
- :func:`previous_token_goal`: each token looks at the one before it. The first token has
  none: by default its row is left out of the goal (it is free to look anywhere; under a
  causal mask it can only look at itself anyway). ``wrap=True`` makes it look at the last
  token instead, as the two-heads preset does; a causal mask hides that key, and
  :func:`engine.lesson.losses.cross_entropy` refuses such a goal;
- :func:`same_token_goal`: each token looks at itself (the identity);
- :func:`same_name_goal`: each token looks, equally, at every token with its own name,
  itself included (a token whose name is unique looks at itself). ``itself=False`` gives a
  duplicate-token head: only the *other* tokens of the same name, and the rows of tokens
  whose name is unique are left out; ``causal=True`` keeps only the earlier ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..messages import InputError, Message
from ._checks import Matrix

#: How far a target row's sum may be from 1 (typed by hand: 0.1 + 0.1 + 0.8).
SUM_TOLERANCE = 1e-9


@dataclass(frozen=True, eq=False)
class Goal:
    """Target rows for A: what each chosen query should look at.

    Attributes
    ----------
    targets : (L_q, L_k) array
        Row i is query i's target distribution over the keys (≥ 0, summing to 1) when
        i is chosen; rows not chosen are 0.
    rows : tuple of int
        The chosen rows, in order; at least one.
    """

    targets: Matrix
    rows: tuple[int, ...]

    @property
    def chosen(self) -> NDArray[np.bool_]:
        """Return (L_q,) bools: True on the chosen rows."""
        chosen = np.zeros(self.targets.shape[0], dtype=np.bool_)
        chosen[list(self.rows)] = True
        return chosen


def goal_rows(
    length_q: int, rows: Mapping[int, Sequence[float] | ArrayLike], length_k: int | None = None
) -> Goal:
    """Return the goal of some rows given by hand.

    Parameters
    ----------
    length_q : int
        The number of queries (rows of A).
    rows : dict of int to sequence of float
        Query → its target row, length_k weights ≥ 0 that sum to 1.
    length_k : int, optional
        The number of keys; as many as queries when not given.

    Returns
    -------
    Goal
        Those rows chosen, the others not.

    Raises
    ------
    InputError
        A ValueError: for a row outside the queries, or a target row that is not a
        distribution over the keys.
    """
    length_k = length_q if length_k is None else length_k
    targets = np.zeros((length_q, length_k))
    for row, target in rows.items():
        if (
            isinstance(row, bool)
            or not isinstance(row, (int, np.integer))
            or not (0 <= row < length_q)
        ):
            raise InputError(
                Message("row {row} is outside the {rows} queries", row=row, rows=length_q)
            )
        targets[int(row)] = _distribution(target, int(row), length_k)
    return _goal(targets, sorted(int(row) for row in rows))


def previous_token_goal(length: int, *, wrap: bool = False) -> Goal:
    """Return the goal "each token looks at the one before it".

    Parameters
    ----------
    length : int
        The number of tokens.
    wrap : bool, optional
        False (the default): the first token's row is not chosen. True: the first token
        looks at the last one (which a causal mask hides).

    Returns
    -------
    Goal
        Row i targets key i − 1.
    """
    targets = np.eye(length, k=-1)  # (L, L): a 1 just left of the diagonal
    if wrap:
        targets[0, length - 1] = 1.0
        return _goal(targets, range(length))
    return _goal(targets, range(1, length))


def same_token_goal(length: int) -> Goal:
    """Return the goal "each token looks at itself": A = I."""
    return _goal(np.eye(length), range(length))


def same_name_goal(tokens: Sequence[str], *, itself: bool = True, causal: bool = False) -> Goal:
    """Return the goal "each token looks at the tokens with its own name", equally.

    Parameters
    ----------
    tokens : sequence of str
        The tokens' names, one per query and key.
    itself : bool, optional
        True (the default): a token counts among those of its name. False: only the
        others; a token whose name no other token has is not chosen.
    causal : bool, optional
        Only the tokens before it (and itself) count.

    Returns
    -------
    Goal
        Row i spreads its weight equally over the keys j whose name is token i's.
    """
    names = list(tokens)
    length = len(names)
    same = np.array([[a == b for b in names] for a in names], dtype=np.bool_)  # (L, L)
    if not itself:
        np.fill_diagonal(same, False)
    if causal:
        same &= np.tri(length, dtype=np.bool_)
    counts = same.sum(axis=1)  # (L,)
    targets = np.divide(same, np.maximum(counts, 1)[:, None])  # (L, L)
    return _goal(targets, np.flatnonzero(counts).tolist())


def _distribution(target: Sequence[float] | ArrayLike, row: int, length_k: int) -> Matrix:
    try:
        values = np.asarray(target, dtype=np.float64)
    except (TypeError, ValueError):
        values = np.zeros(0)
    if (
        values.shape != (length_k,)
        or not np.isfinite(values).all()
        or (values < 0).any()
        or abs(float(values.sum()) - 1.0) > SUM_TOLERANCE
    ):
        raise InputError(
            Message(
                "the goal for row {row} must be {keys} weights, each ≥ 0, that sum to 1",
                row=row,
                keys=length_k,
            )
        )
    return values


def _goal(targets: Matrix, rows: Sequence[int] | range) -> Goal:
    chosen = tuple(int(row) for row in rows)
    if not chosen:
        raise InputError(Message("the goal chooses no row: no query has a target"))
    return Goal(targets, chosen)
