"""One colour per token, the same wherever that token appears (bars, stacks, legends)."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QColor

# Okabe–Ito: distinguishable for every common kind of colour vision.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442",
           "#000000")  # fmt: skip


def token_colour(index: int, count: int) -> QColor:
    """Return the colour of token ``index`` of ``count``.

    Up to eight tokens take the palette's colours; more take evenly spaced hues (all of
    them, not only those beyond the eighth).
    """
    if count <= len(PALETTE):
        return QColor(PALETTE[index])
    colour: QColor = pg.intColor(index, hues=count, values=1, maxValue=220)
    return colour
