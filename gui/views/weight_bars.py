"""The selected query token's row of weights as bars, with the uniform level 1/L."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QFontInfo, QFontMetricsF, QGuiApplication
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from gui.model.numbers import format_number
from gui.model.state import AttentionState
from gui.model.view_settings import ViewSettings
from gui.plots.bar_stacks import BarStacks
from gui.plots.cell_axes import PlainPlot
from gui.plots.colour_bar import nice_ceiling
from gui.plots.heatmap_text import LEAST_NAME_PX
from gui.plots.text_fit import REFERENCE_PX, Room, TextFit, fit_texts
from gui.plots.text_scale import scaled_font, sized, style_axis, value_ticks, widths
from gui.plots.token_colours import PER_TOKEN_UP_TO, token_colour
from gui.support.language import Retranslating
from gui.support.markup import escape
from gui.views.pinned_outlines import A_COLOUR, WeightOutlines
from gui.views.steady_box import SteadyBox

MANY = PER_TOKEN_UP_TO  # beyond, one outline: the bars are thinner than a pixel
TITLE_PT = 10.0  # the title's size at the normal text size
OUTLINE = QColor("#4c72b0")
LABEL_GROUND = QColor(255, 255, 255)
HEADROOM = 1.02  # the view's top, as a share of the top value, besides a number's room
# a first or last name may pass the bars' room by this much, no more: it would run under the
# values' axis' "0" (the axis lets it: hideOverlappingLabels=False, else pyqtgraph left out
# a name that passed its end by a pixel, as it did [CLS])
END_SLACK = 4.0
LOWER_ROW = "\n"  # a staggered name on the lower row starts with an empty line


def weight_text(value: float, digits: int) -> str:
    """Return a weight at ``digits`` decimals, or to 3 significant digits where that says 0.

    At 512 tokens every weight is about 0.002: "largest weight 0.00, uniform 0.00" said
    nothing.
    """
    text = format_number(value, digits)
    if value != 0.0 and float(text) == 0.0:
        return f"{value:.3g}"
    return text


class WeightBars(Retranslating, QWidget):
    """Bars of A[i, :] for the selected token i, an entropy readout and the largest weight."""

    def __init__(
        self,
        state: AttentionState,
        parent: QWidget | None = None,
        text_scale: ViewSettings | None = None,
    ) -> None:
        """Show the selected row's weights; ``text_scale``'s font_scale sizes the text."""
        super().__init__(parent)
        self.setObjectName("weightBars")
        self.state = state
        self.text_scale = state.view if text_scale is None else text_scale
        # a plain view and axes: a PlotWidget's menus and buttons cost 4 ms to build
        self.plot = pg.GraphicsLayoutWidget(self)
        self.plot.setBackground("w")
        self.axes = PlainPlot()
        # whose row it is, in the figure itself: an exported picture must say so too
        self.title = self.plot.addLabel("", row=0, col=0, size=f"{TITLE_PT}pt", color="#222222")
        # a long name must not widen the figure past its view (it cut the bars off)
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._title = ""
        self.plot.addItem(self.axes, row=1, col=0)
        self.axes.setYRange(0, 1.0, padding=0)
        self.axes.getAxis("left").enableAutoSIPrefix(False)
        # a first or last name may reach a few pixels past the bars (see END_SLACK)
        self.axes.getAxis("bottom").setStyle(hideOverlappingLabels=False)
        self._base_font = QFont(QGuiApplication.font())
        self._font = QFont(self._base_font)  # of the names and numbers, at the text scale
        self._title_font = QFont(self._base_font)
        self._title_font.setPointSizeF(TITLE_PT)
        # One item paints every bar. Beyond MANY tokens the bars are thinner than a pixel:
        # they touch, in one colour, and read as the row's outline.
        self.bars = BarStacks(pg.mkPen(None))
        self.axes.addItem(self.bars)
        self.outlines = WeightOutlines(state, self.axes)  # A's row, while a setting is pinned
        self.uniform = pg.InfiniteLine(angle=0, pen=pg.mkPen("#555555", width=2, dash=[4, 4]))
        self.axes.addItem(self.uniform)
        self.labels: list[pg.TextItem] = []
        self._label_shown: dict[int, tuple[str, float]] = {}  # id(label) → its text, anchor
        self.readout = QLabel(self)
        self.readout.setObjectName("entropyReadout")
        self.readout.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.plot, 1)
        layout.addWidget(SteadyBox(self.readout, self))  # its numbers relay nothing out
        self._weights = np.zeros(0)
        self._ticks: list[tuple[int, str]] = []
        self._names: tuple[object, TextFit] | None = None  # (what they were fitted to, how)
        self._names_style: tuple[int, int] = (0, 1)  # the bottom axis' px and rows
        self._weight_ticks: list[tuple[float, str]] = []
        self._length = -1
        self._top = 1.0  # the weights' axis goes from 0 to this (1, or the row's largest)
        self._view_top = 1.0  # and the view higher: room for a number above a bar of _top
        self._share = 0.0  # of the view's height, that room
        self._shown: tuple[object, int] | None = None  # (A, row) on screen
        # the room for names and numbers is known once the plot is laid out in its scene
        # (the view is resized with the panel: how many fit is chosen again then, once)
        self.axes.vb.sigResized.connect(self._update_weight_ticks)
        self.axes.vb.sigResized.connect(self._refresh)
        self.text_scale.font_scale_changed.connect(self._on_font_scale_changed)
        state.view.weight_scale_changed.connect(self._refresh)
        state.result_changed.connect(self._on_result_changed)
        state.comparison.changed.connect(self._refresh)
        for signal in (state.selected_token_changed, state.tokens_changed):
            signal.connect(self._refresh)
        self._on_font_scale_changed(self.text_scale.font_scale)

    def retranslate(self) -> None:
        """Write the readout again in the current language."""
        self._refresh()

    def _on_font_scale_changed(self, scale: float) -> None:
        """Write the names, the numbers and the title at the new text size."""
        self._font = scaled_font(self._base_font, scale)
        for side in ("left", "bottom"):
            style_axis(self.axes.getAxis(side), self._font)
        for label in self.labels:
            label.setFont(self._font)
        self._title_font = QFont(self._base_font)
        self._title_font.setPointSizeF(TITLE_PT * scale)
        self.title.setText(self._title, size=f"{TITLE_PT * scale:.4g}pt")
        self._ticks = []  # chosen again for the new widths
        self._names, self._names_style = None, (0, 1)
        self._update_weight_ticks()
        self._refresh()

    def _update_weight_ticks(self) -> None:
        """0, 0.25, … 1 on the weights' axis, or fewer (0, 0.5, 1) where the plot is short."""
        # the values' spacing as with the room above, whether it is kept or not: a number of
        # values that changed with it changed the axis' width while the dial played
        pixels = self.axes.vb.height() * (1 - self._share) / HEADROOM
        ticks = value_ticks(0.0, self._top, pixels, self._font, most=5)
        axis = self.axes.getAxis("left")
        if ticks != self._weight_ticks:  # an axis is costly to redraw: only when they change
            self._weight_ticks = ticks
            axis.setTicks([ticks])

    def weight_ticks(self) -> list[tuple[float, str]]:
        """Return (value, text) of every value written on the weights' axis."""
        return list(self._weight_ticks)

    def weights(self) -> np.ndarray:
        """Return the heights of the bars now shown: the selected query row of A."""
        shown: np.ndarray = self._weights.copy()
        return shown

    def _on_result_changed(self) -> None:
        shown, state = self._shown, self.state
        if (
            shown is not None
            and shown[0] is state.shown_result.weights
            and shown[1] == state.selected_token
        ):
            return  # A is the very array shown (an edit of V): nothing of it changed
        self._refresh()

    def _refresh(self) -> None:
        result, row = self.state.shown_result, self.state.selected_token
        self._shown = (result.weights, row)
        tokens = self.state.tokens
        weights = result.weights[row]
        length = len(weights)
        self._weights = weights.copy()
        many = length > MANY
        if length != self._length:  # colours only change with the number of tokens
            self.bars.set_colours([OUTLINE] if many else
                                  [token_colour(j, length) for j in range(length)])  # fmt: skip
        if many:  # one group of touching bars
            self.bars.set_bars(np.arange(length), 1.0, np.zeros((1, length)), weights[None, :])
        else:  # a group (a colour) per token
            x = np.arange(length)[:, None]
            self.bars.set_bars(x, 0.7, np.zeros((length, 1)), weights[:, None])
        self.uniform.setValue(1.0 / length)
        pinned = self.outlines.draw(many)
        self._set_top(weights, pinned)
        if length != self._length:
            self._length = length
            self.axes.setXRange(-0.6, length - 0.4, padding=0)
        ticks = self._name_ticks(tokens)
        dropped = self.state.dropped
        title = escape(self._title_text(tokens[row], dropped is not None))
        if title != self._title:  # a new text relays the plot out: not on every frame
            self._title = title
            self.title.setText(title)
            # the figure is laid out again only when its view is resized, and no narrower
            # than its title was then: a shorter title must give the room back (the command
            # line's export cut off the last bar and name, the plot wider than its picture)
            self.plot.ci.setGeometry(self.plot.range)
        if ticks != self._ticks:  # redrawing an axis is costly: not on every frame of the dial
            self._ticks = ticks
            self.axes.getAxis("bottom").setTicks([ticks])
        self._update_value_labels(weights)
        readout = self._readout_text(row, weights)
        if pinned is not None:  # the outlines are A's, not the bars' edges
            note = self.tr("outline: A (pinned)")
            readout += f"<br><span style='color:{A_COLOUR.name()}'>▭ {escape(note)}</span>"
        self.readout.setText(readout)

    def _readout_text(self, row: int, weights: np.ndarray) -> str:
        """Say what the bars show: A's row (its entropy), or A′'s while dropout trains.

        With dropout the bars were A′ and the text A's: bars of 0.55 beside "largest weight
        0.50". A′'s row does not sum to 1, so it has no entropy to give.
        """
        tokens, length = self.state.tokens, len(weights)
        uniform = weight_text(1.0 / length, 2)
        dropped = self.state.dropped
        if dropped is not None:
            # of the keys the mask lets the row see: a hidden key has no weight to drop
            mask = self.state.result.mask
            seen = np.ones(length, dtype=bool) if mask is None else mask[row]
            gone = int(np.count_nonzero(seen & ~dropped.kept[row]))
            return self.tr(
                "Row of <b>{0}</b> after dropout, A′ (p = {1}): {2}; largest weight {3}; "
                "dashed line: uniform 1/L = {4}"
            ).format(
                escape(tokens[row]),
                f"{dropped.p:g}",
                self.drops_text(gone, int(np.count_nonzero(seen)), f"{dropped.scale:.3g}"),
                weight_text(float(np.max(weights)), 2),
                uniform,
            )
        result = self.state.shown_result
        return self.tr(
            "Row of <b>{0}</b>: entropy {1:.2f} bits (at most log₂ {2} = {3:.2f}); "
            "largest weight {4}; dashed line: uniform 1/L = {5}"
        ).format(
            escape(tokens[row]),
            result.row_entropy(row),
            length,
            math.log2(length),
            weight_text(float(result.max_weight[row]), 2),
            uniform,
        )

    def drops_text(self, gone: int, seen: int, scale: str) -> str:
        """Say how many of a row's ``seen`` weights dropout dropped: "0 of 1 weights" was not."""
        if seen == 1:
            return self.tr("its only weight dropped") if gone else (
                self.tr("its only weight kept, × {0}").format(scale))  # fmt: skip
        if gone == 0:
            return self.tr("none of its {0} weights dropped, all × {1}").format(seen, scale)
        if gone == seen:
            return self.tr("all {0} of its weights dropped").format(seen)
        return self.tr("{0} of {1} weights dropped, the others × {2}").format(gone, seen, scale)

    def _title_text(self, name: str, dropout: bool) -> str:
        """Return the chart's title, as long as its room holds: whose row, of A or of A′.

        "A[[CLS], j]: the row of [CLS]" was cut to "A[[CLS], j]: the row of…"; the short
        form "A[[CLS], j]" says it too, and a name too long even for that is cut.
        """
        if dropout:
            full = self.tr("A′[{0}, j]: the row of {0} after dropout")
            short = self.tr("A′[{0}, j]")
        else:
            full, short = self.tr("A[{0}, j]: the row of {0}"), self.tr("A[{0}, j]")
        metrics = QFontMetricsF(self._title_font)
        room = max(self._title_room(), 40.0)
        for text in (full.format(name), short.format(name)):
            if metrics.horizontalAdvance(text) <= room:
                return text
        left = room - metrics.horizontalAdvance(short.format(""))
        return short.format(metrics.elidedText(name, Qt.TextElideMode.ElideRight, left) or "…")

    def _title_room(self) -> float:
        """Return the title's room in pixels: the figure's width less its margins.

        The title is as wide as its text at least, and the plot below as wide as it: a title
        measured against 12 px of margins (there are 26) widened the plot past the figure,
        and the last bar and its name were cut off.
        """
        left, _top, right, _bottom = self.plot.ci.layout.getContentsMargins()
        margin = self.title.item.document().documentMargin()  # on each side of the text
        return float(self.plot.width() - left - right - 2 * margin - 1)

    def _name_ticks(self, tokens: Sequence[str]) -> list[tuple[int, str]]:
        """Return (bar, text) of every bar named, as text_fit decides and its axis styled.

        Each bar its token where the fit allows: side by side, smaller, on two rows (every
        other name a line lower, so each has two bars' width) or cut; beyond MANY tokens
        every n-th. Measured again only for new names or room.
        """
        room = self._room()
        key = (tuple(tokens), room, self._font.key())
        if self._names is None or self._names[0] != key:
            count = len(tokens)
            first = room * 0.6 / (count + 0.2)  # the x range is −0.6 … L − 0.4
            pitch = (room - 2 * first) / (count - 1) if count > 1 else room
            largest = QFontInfo(self._font).pixelSize()
            least = min(largest, round(LEAST_NAME_PX * max(self.text_scale.font_scale, 1.0) ** 0.5))
            line = QFontMetricsF(sized(self._font, REFERENCE_PX)).height() / REFERENCE_PX
            ways = ("along",) if count > MANY else ("along", "stagger", "stagger cut")
            fit = fit_texts(widths(tokens, self._font), tokens,
                            Room(pitch, 2 * line * largest, first, room, END_SLACK),
                            (least, largest), line, ways)  # fmt: skip
            self._names = (key, fit)
        fit = self._names[1]
        self._style_names(fit.px or QFontInfo(self._font).pixelSize(), fit.rows)
        named = zip(fit.shown, fit.texts, strict=True)
        return [(bar, LOWER_ROW + text if fit.rows == 2 and n % 2 else text)
                for n, (bar, text) in enumerate(named)]  # fmt: skip

    def _style_names(self, px: int, rows: int) -> None:
        """Write the bars' names ``px`` pixels high, on ``rows`` rows."""
        if (px, rows) == self._names_style:
            return
        self._names_style = (px, rows)
        axis = self.axes.getAxis("bottom")
        font = sized(self._font, px)
        style_axis(axis, font)
        if rows > 1:  # room for the lower row's line too
            metrics = QFontMetricsF(font)
            axis.setStyle(tickTextHeight=math.ceil(metrics.height() + metrics.lineSpacing()))
            self.axes.fit_text_again()

    def names(self) -> list[tuple[int, str]]:
        """Return (bar, name as written) of every named bar."""
        return [(bar, text.removeprefix(LOWER_ROW)) for bar, text in self._ticks]

    def _set_top(self, weights: np.ndarray, pinned: np.ndarray | None = None) -> None:
        """Set the weights' axis: 0 to 1, or to the row's largest weight, with room above.

        To the row's largest where A is coloured by row or on a log scale, or beyond MANY
        tokens; above it, room for a bar's number.

        The top snaps to round values (nice_ceiling), so that the axis is not written again
        on every frame of the dial. At 512 tokens every bar was flat on the 0–1 scale; a
        number inside a bar of 1.00 hid its top quarter, and above it, it was cut off.

        ``pinned``: A's row, outlined: under the top too, but with no number to make room
        for (room for one above A's 0.98 halved the bars at 1280×720).
        """
        largest = float(np.nanmax(weights)) if weights.size else 0.0
        top = self._top_for(largest, len(weights))
        if pinned is not None and pinned.size:  # A's outlines under the top as well
            top = max(top, self._top_for(float(np.nanmax(pinned)), len(weights)))
        height = float(self.axes.vb.height())
        number = self._label_height()
        # no room kept for numbers that are not written (6 bars at 1280×720: the bars
        # stood in the lower half of the chart, under an empty band)
        shown = self._numbers_shown(len(weights))
        share = min(number / height, 0.5) if height > 0 and shown else 0.0
        view_top = top * HEADROOM
        if largest > view_top * (1 - share):  # the tallest bar's number needs room above it
            view_top /= 1 - share  # (two heights only: the axis is not redrawn each frame)
        if (top, view_top, share) != (self._top, self._view_top, self._share):
            self._top, self._view_top, self._share = top, view_top, share
            self.axes.setYRange(0, view_top, padding=0)
            self.axes.vb.updateMatrix()  # now, not as it paints: that asked for a second paint
            self._update_weight_ticks()

    def _top_for(self, largest: float, length: int) -> float:
        """Return the weights' axis' top for a row whose largest weight is ``largest``."""
        if largest > 1.0:  # dropout's kept weights ÷ (1 − p): a bar of 2.00 was cut off
            return nice_ceiling(largest)
        if self.state.view.weight_scale != "absolute" or length > MANY:
            return min(1.0, nice_ceiling(largest)) if largest > 0 else 1.0
        return 1.0

    def _label_height(self) -> float:
        """Return a bar's number's height in pixels, its margins too (as drawn, if one is)."""
        estimate = QFontMetricsF(self._font).height() + 8
        if self.labels:  # a fallback font may draw the digits a pixel or two taller
            return max(estimate, float(self.labels[0].boundingRect().height()))
        return estimate

    def _room(self) -> float:
        """Pixels across the bars (not the axis beside them), at least 60."""
        return max(float(self.axes.vb.width()), 60.0)

    def _numbers_shown(self, length: int) -> bool:
        """Return True where each of ``length`` bars has room for its number."""
        room = QFontMetricsF(self._font).horizontalAdvance("0.00") * 1.25
        return length <= self._room() / room

    def _update_value_labels(self, weights: np.ndarray) -> None:
        show = self._numbers_shown(len(weights))
        while len(self.labels) < (len(weights) if show else 0):
            # on a white ground: the dashed uniform line crosses the numbers of low bars
            label = pg.TextItem(anchor=(0.5, 1.0), color="#222222", fill=LABEL_GROUND)
            label.setFont(self._font)
            self.axes.addItem(label)
            self.labels.append(label)
        per_pixel = self._view_top / max(float(self.axes.vb.height()), 1.0)
        tall = self._label_height() * per_pixel  # a label's height in weights
        uniform = 1.0 / max(len(weights), 1)
        for j, label in enumerate(self.labels):
            visible = show and j < len(weights)
            label.setVisible(visible)
            if visible:
                weight = float(weights[j])
                text = format_number(weight, self.state.precision)
                y, anchor = self._label_place(weight, tall, uniform)
                # a TextItem lays its text out anew on every setText and setAnchor: on the
                # dial's frames, only where the text or the side of the line has changed
                if (text, anchor) != self._label_shown.get(id(label)):
                    self._label_shown[id(label)] = (text, anchor)
                    label.setText(text)
                    label.setAnchor((0.5, anchor))
                label.setPos(j, y)

    def _label_place(self, weight: float, tall: float, uniform: float) -> tuple[float, float]:
        """Return where a bar's number goes and its vertical anchor (1: above y, 0: below).

        Above the bar; above the dashed uniform line where the number would sit on it (the
        line ran through the 0.27s); inside the bar's top where above it would be cut off
        (a weight of 0.95 lost its number).
        """
        y = weight
        if weight <= uniform <= weight + tall:
            y = uniform + tall * 0.1
        if y + tall > self._view_top:
            return weight, 0.0
        return y, 1.0
