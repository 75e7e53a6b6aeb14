"""Which rows and columns of a heatmap are named on its axes.

Every n-th name, with n a round number (1, 2, 5 × 10ᵏ) large enough that the names do
not overlap in the part of the matrix on screen. The named cells are the multiples of n
(from half a step in on top, where a first name centred on its column would stick out on
the left), counted from the matrix's first cell, not from the view's: they stay put while
the view pans, and two heatmaps showing the same cells with the same n name the same ones.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

NAME_CHARS = 12  # longer token names are shortened on the axes


def tick_step(shown_cells: float, room_px: float, length_px: float) -> int:
    """Return the round step between named cells so that each name has ``room_px``.

    ``shown_cells`` cells are on screen over ``length_px`` pixels.
    """
    needed = shown_cells * room_px / max(length_px, 1.0)
    if needed <= 1:
        return 1
    exponent = math.floor(math.log10(needed))
    for factor in (1, 2, 5, 10):
        step = factor * 10**exponent
        if step >= needed:
            return int(step)
    return int(10 ** (exponent + 1))


def ticks(names: Sequence[str], shown: tuple[float, float], step: int, offset: int
          ) -> list[tuple[float, str]]:  # fmt: skip
    """Return (centre, name) of the named cells from ``shown[0]`` to ``shown[1]``.

    The named cells are those whose index is ``offset`` more than a multiple of ``step``.
    """
    first = max(0, math.floor(shown[0]))
    last = min(len(names), math.ceil(shown[1]))
    start = first + (offset - first) % step
    return [(i + 0.5, names[i]) for i in range(start, last, step)]


def elide(name: str) -> str:
    """Return a token name short enough for an axis label (at most NAME_CHARS characters)."""
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…"
