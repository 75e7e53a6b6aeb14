"""One colour per token, the same wherever that token appears (bars, stacks, legends)."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QColor

# Okabe–Ito: distinguishable for every common kind of colour vision.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442",
           "#000000")  # fmt: skip


#: Up to this many tokens each has its colour everywhere (the weight bars, the mixing view);
#: beyond it the bars are one outline and the mixing view colours its heaviest few apart.
PER_TOKEN_UP_TO = 64


def stable_slots(members: list[int], slots: dict[int, int], count: int) -> dict[int, int]:
    """Return a slot (0 … count − 1) for each of ``members``, keeping ``slots``' where it can.

    A token that stays among the heaviest keeps its colour; a newcomer takes a free one.
    """
    kept = {token: slot for token, slot in slots.items() if token in members}
    free = [slot for slot in range(count) if slot not in kept.values()]
    for token in members:
        if token not in kept:
            kept[token] = free.pop(0) if free else len(kept) % count
    return kept


def token_colour(index: int, count: int) -> QColor:
    """Return the colour of token ``index`` of ``count``.

    Up to eight tokens take the palette's colours; more take evenly spaced hues (all of
    them, not only those beyond the eighth).
    """
    if count <= len(PALETTE):
        return QColor(PALETTE[index])
    colour: QColor = pg.intColor(index, hues=count, values=1, maxValue=220)
    return colour
