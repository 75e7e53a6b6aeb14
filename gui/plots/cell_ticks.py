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

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetricsF

NAME_CHARS = 12  # longer token names are shortened on the axes
FEW_NAMES = 64  # up to this many columns on screen, each pair of neighbours is measured


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


def names_fit_side_by_side(widths: np.ndarray, cell: float, gap: float) -> bool:
    """Return True when every one of the names ``widths`` wide can be named, a cell apart.

    Each pair of neighbours shares two half cells: a long name ("[CLS]") beside short ones
    ("the") fits where the widest name's width for every column does not (six tokens of a
    real model at 1280 px were named every other one). A first or last name must stay
    within its cell's half: pyqtgraph hides a name that passes its axis' end.
    """
    sizes = np.asarray(widths, dtype=float)
    if not 1 < len(sizes) <= FEW_NAMES:
        return False
    halves = (sizes[:-1] + sizes[1:]) / 2 + gap
    return bool((halves <= cell).all()) and max(sizes[0], sizes[-1]) <= cell


def column_names(names: Sequence[str], widths: np.ndarray, shown: tuple[float, float],
                 length_px: float, font: QFont) -> list[str] | None:  # fmt: skip
    """Return a name for each column on screen, shortened where wider than its cell, or None.

    None where the columns are too many, more than a third of the names would be cut or
    the cut ones would read alike: those are named every n-th instead. A long token
    ("token 4") left three of four columns unnamed where the others fitted: it is cut to
    what its cell holds ("t…", "…" or nothing; its row and the hovered cell name it whole).
    """
    metrics = QFontMetricsF(font)
    first, last = max(math.floor(shown[0]), 0), math.ceil(shown[1])
    names, widths = names[first:last], widths[first:last]
    cell = length_px / max(last - first, 1)
    gap = max(4.0, metrics.averageCharWidth() / 2)
    if names_fit_side_by_side(widths, cell, gap):
        return list(names)
    room = cell - gap
    if not 1 < len(names) <= FEW_NAMES:
        return None
    elide = Qt.TextElideMode.ElideRight  # and a name with no room even for "…" is left out
    written = [name if width <= room else metrics.elidedText(name, elide, room)
               for name, width in zip(names, widths, strict=True)]  # fmt: skip
    cut = sum(text != name for text, name in zip(written, names, strict=True))
    # useful only while the cut names are few and still tell the columns apart: six
    # "token N" all cut to "to…" said less than every other name in full
    if 3 * cut > len(names) or len(set(written)) < len(set(names)):
        return None
    return written


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
