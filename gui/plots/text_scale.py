"""The plots' text at the view's text scale: fonts for ticks and titles, and ticks that fit.

A plot's names and numbers are drawn by pyqtgraph, not by Qt's widgets, so they do not follow
the application's font by themselves: each plot asks here for its fonts at the scale of
``ViewSettings.font_scale`` and for as many ticks as its length has room for in that font.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtGui import QFont, QFontMetricsF

from gui.plots.cell_axes import QuietAxis
from gui.plots.colour_bar import ROOM, tick_text, tick_values
from gui.plots.text_fit import REFERENCE_PX


def scaled_font(base: QFont, scale: float) -> QFont:
    """Return ``base`` made ``scale`` times larger (sized in points or, failing that, pixels)."""
    font = QFont(base)
    if base.pointSizeF() > 0:
        font.setPointSizeF(base.pointSizeF() * scale)
    else:  # an application font sized in pixels has no point size
        font.setPixelSize(max(1, round(base.pixelSize() * scale)))
    return font


def sized(font: QFont, px: int) -> QFont:
    """Return ``font`` at ``px`` pixels."""
    copy = QFont(font)
    copy.setPixelSize(px)
    return copy


def widths(texts: Sequence[str], font: QFont) -> tuple[float, ...]:
    """Return each text's width in ``font`` at REFERENCE_PX (text_fit scales them)."""
    metrics = QFontMetricsF(sized(font, REFERENCE_PX))
    return tuple(metrics.horizontalAdvance(text) for text in texts)


def point_size(font: QFont) -> float:
    """Return the size of ``font`` in points (from its pixels at 96 dpi when sized so)."""
    return font.pointSizeF() if font.pointSizeF() > 0 else font.pixelSize() * 0.75


def style_axis(axis: pg.AxisItem, font: QFont) -> None:
    """Write the ticks of ``axis`` in ``font``, and its title (if any) in the same size."""
    axis.setTickFont(font)
    if axis.orientation in ("top", "bottom"):
        # as tall as a line of the font, not as the glyphs' tight box: Chinese names, drawn
        # from the fallback font, reach below that box and were cut off at the bottom
        axis.setStyle(
            autoExpandTextSpace=False, tickTextHeight=math.ceil(QFontMetricsF(font).height())
        )
    axis.labelStyle = {**axis.labelStyle, "font-size": f"{point_size(font):.4g}pt"}
    if isinstance(axis, QuietAxis):  # its room measured afresh: after a larger type (Ctrl+-)
        axis.fit_text_again()  # the weight chart's axis kept 8 px of it
    if axis.label.isVisible():
        axis.setLabel(axis.labelText)
    else:
        axis.picture = None
        axis.update()


def value_ticks(low: float, high: float, pixels: float, font: QFont,
                most: int = 12) -> list[tuple[float, str]]:  # fmt: skip
    """Return (value, text) of round values from ``low`` to ``high`` on an axis ``pixels`` long.

    As many as keep their texts, in ``font``, apart: two at least, about ``most`` at most.
    """
    count = min(most, max(2, int(pixels / (ROOM * QFontMetricsF(font).height()))))
    values = tick_values(low, high, count)
    step = values[1] - values[0] if len(values) > 1 else abs(high - low) or 1.0
    return [(v, tick_text(v, step)) for v in values]
