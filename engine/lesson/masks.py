"""Masks beside the causal one: padding tokens, and a mask painted by hand.

A mask is an (L_q, L_k) bool array, True where a query may look at a key; masks compose
as a logical AND (a cell is allowed only if every mask allows it).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..messages import InputError, Message


def padding_mask(padding: Sequence[bool] | ArrayLike) -> NDArray[np.bool_]:
    """Return the mask that hides every padding token's key from every query.

    Parameters
    ----------
    padding : sequence of bool, one per token
        True for a token that is padding.

    Returns
    -------
    (tokens, tokens) bool array
        False in the column of each padding token.
    """
    is_padding = np.asarray(padding, dtype=bool).reshape(-1)  # (L_k,)
    allowed: NDArray[np.bool_] = np.repeat(~is_padding[None, :], is_padding.size, axis=0)
    return allowed


def combined(shape: tuple[int, int], *masks: ArrayLike | None) -> NDArray[np.bool_] | None:
    """Return the AND of ``masks`` (None ones skipped), or None if there is none.

    Raises
    ------
    InputError
        For a mask that is not ``shape`` (queries × keys).
    """
    together: NDArray[np.bool_] | None = None
    for mask in masks:
        if mask is None:
            continue
        allowed = np.asarray(mask, dtype=bool)
        if allowed.shape != shape:
            raise InputError(
                Message(
                    "mask has shape {shape}, but the scores are {rows}×{cols} (queries × keys)",
                    shape="×".join(str(n) for n in allowed.shape) or "a single value",
                    rows=shape[0],
                    cols=shape[1],
                )
            )
        together = allowed.copy() if together is None else together & allowed
    return together
