"""The lesson's "cocktail bar": z_i = Σ_j A_ij × v_j for the selected query token i.

One bar per dimension of V, stacked from each token's contribution A_ij × v_j,d (positive
parts upwards from 0, negative parts downwards), the total z_i,d marked on each; the
ingredient vectors v_j drawn small below. Stacks glide to new heights when the weights
change, and follow the dial frame by frame while it plays.
"""

from __future__ import annotations

import math
import time

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEasingCurve, QPointF, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QGuiApplication
from PySide6.QtWidgets import QLabel, QToolTip, QVBoxLayout, QWidget

from gui.model.numbers import format_number
from gui.model.state import AttentionState
from gui.plots.bar_stacks import BarStacks
from gui.plots.cell_axes import PlainPlot
from gui.plots.colour_bar import nice_ceiling
from gui.plots.text_scale import scaled_font, style_axis, value_ticks
from gui.plots.token_colours import PALETTE, PER_TOKEN_UP_TO, stable_slots, token_colour
from gui.support.language import Retranslating
from gui.support.markup import escape
from gui.views.drawn_when_shown import DrawnWhenShown
from gui.views.pinned_outlines import A_COLOUR, MixOutlines
from gui.views.steady_box import SteadyBox

ALL_TOKENS_UP_TO = 12  # beyond this, the largest weights get their own colour, the rest "the rest"
LARGEST = 8
OTHERS = QColor("#9e9e9e")
STREAM_SECONDS = 0.06  # updates closer than this are a stream (the dial): no gliding


def keeps_range(shown: tuple[float, float], wanted: tuple[float, float]) -> bool:
    """Return True when the range ``shown`` can stay for bars that need ``wanted``.

    They must fit in it and use at least half of it. A new range costs an axis, often a
    relayout and a second repaint, on every edit and every frame of the dial.
    """
    inside = shown[0] <= wanted[0] and wanted[1] <= shown[1]
    return inside and wanted[1] - wanted[0] >= 0.5 * (shown[1] - shown[0])


class MixingView(Retranslating, DrawnWhenShown):
    """The "cocktail bar" of the selected query token: z_i built from A_ij × v_j.

    Up to ALL_TOKENS_UP_TO tokens each have a colour; with more, the LARGEST heaviest
    weights keep theirs and all the others are one grey group, "the rest": one segment
    in each stack, one entry in the legend, at any number of tokens.
    """

    def __init__(self, state: AttentionState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mixingView")
        self.state = state
        self.legend = QLabel(self)
        self._legend_html = ""
        self._legend_entries: list[tuple[QColor, str]] = []
        self._inputs: tuple[object, ...] = ()  # Q, K, V of the result drawn last
        self.legend.setWordWrap(True)
        self.canvas = pg.GraphicsLayoutWidget(self)
        self.canvas.setBackground("w")
        # plain views and axes: a PlotItem's menus and buttons cost 4 ms each to build
        self.mix, self.ingredients = PlainPlot(), PlainPlot()
        self.canvas.addItem(self.mix, row=0, col=0)
        self.canvas.addItem(self.ingredients, row=1, col=0)
        self.canvas.ci.layout.setRowStretchFactor(0, 3)
        self.canvas.ci.layout.setRowStretchFactor(1, 1)
        for plot in (self.mix, self.ingredients):
            plot.getAxis("left").enableAutoSIPrefix(False)
            plot.addLine(y=0, pen=pg.mkPen("#444444", width=1))
        self.ingredients.setLabel("left", "v")
        self.mix.setLabel("left", "z")
        self.totals_line = pg.PlotDataItem(connect="pairs", pen=pg.mkPen("#111111", width=3))
        self.mix.addItem(self.totals_line)
        # every group's bars in one item each: one per group cost 3 ms per edit and frame
        self.stacks = BarStacks(pg.mkPen("w", width=1))
        self.mix.addItem(self.stacks)
        self.outlines = MixOutlines(state, self.mix)  # A's row, while a setting is pinned
        self.vectors = BarStacks(pg.mkPen(None))
        self.ingredients.addItem(self.vectors)
        self._label_pool: list[pg.TextItem] = []  # every total's label made so far
        self._total_labels: list[pg.TextItem] = []  # those shown, one a dimension
        self._base_font = QFont(QGuiApplication.font())
        self._font = QFont(self._base_font)  # of the names and numbers, at the text scale
        self._limits = (0.0, 0.0)
        self._limits_height = 0.0  # the mix's height when its range was chosen (0: unknown)
        self._held_limits = (0.0, 0.0)  # the mix's range while τ plays
        self._held_for: object = None  # the V it was taken for
        self._ingredient_limits = (0.0, 0.0)
        self._ticks: dict[str, list[tuple[float, str]]] = {}  # on each axis, by name
        self._shown_v: np.ndarray | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(SteadyBox(self.legend, self))  # a new legend relays out only if it must
        layout.addWidget(self.canvas, 1)

        self._groups: list[np.ndarray] = []  # token indices drawn as each coloured group
        self._slots: dict[int, int] = {}  # beyond PER_TOKEN_UP_TO: each heavy token's colour
        self._target = np.zeros((0, 0))  # (groups, d_v) contributions
        self._z = np.zeros(0)  # z of the selected row, as the totals write it at rest
        self._start = np.zeros((0, 0))
        self._drawn = np.zeros((0, 0))
        self._last_update = 0.0
        self._glide = QVariantAnimation(self)
        self._glide.setStartValue(0.0)
        self._glide.setEndValue(1.0)
        self._glide.setDuration(300)
        self._glide.setEasingCurve(QEasingCurve.Type.OutCubic)
        self._glide.valueChanged.connect(self._on_glide)
        self.canvas.scene().sigMouseMoved.connect(self._on_mouse_moved)
        for signal in (state.result_changed, state.selected_token_changed,
                       state.comparison.changed):  # fmt: skip
            signal.connect(self._on_result_changed)
        state.tokens_changed.connect(lambda: self._on_result_changed(force=True))
        state.view.font_scale_changed.connect(self._on_font_scale_changed)
        state.view.scales_held_changed.connect(self._on_scales_held_changed)
        for plot in (self.mix, self.ingredients):
            plot.vb.sigResized.connect(self._update_ticks)
        self.mix.vb.sigResized.connect(self._on_mix_resized)
        self._on_font_scale_changed(state.view.font_scale)

    def _on_result_changed(self, *_: object, force: bool = False) -> None:
        if self.shown_or_owed():  # behind the heads' tab: drawn when shown
            self._refresh(force)

    def draw(self) -> None:
        """Draw the state of the moment at once (no glide from what was drawn while hidden)."""
        self._refresh(force=True)

    def _on_font_scale_changed(self, scale: float) -> None:
        """Write the axes' names and numbers and the totals at the new text size."""
        self._font = scaled_font(self._base_font, scale)
        for plot in (self.mix, self.ingredients):
            for side in ("left", "bottom"):
                style_axis(plot.getAxis(side), self._font)
        self._on_result_changed(force=True)
        self._update_ticks()

    def retranslate(self) -> None:
        """Write the legend again in the current language."""
        self.catch_up()  # its legend of the moment, even behind another tab: it is rare
        self._update_ingredients_and_legend()

    # ------------------------------------------------------------- for tests
    def segments(self) -> np.ndarray:
        """A[i, j] × v_j for every token j (L, d_v): what the stacks are made of."""
        row = self.state.selected_token
        result = self.state.shown_result
        contributions: np.ndarray = result.weights[row][:, None] * result.v
        return contributions

    def totals(self) -> np.ndarray:
        """Return the heights the totals are heading to: z_i."""
        self.catch_up()
        totals: np.ndarray = self._target.sum(axis=0)
        return totals

    def drawn(self) -> np.ndarray:
        """Return the group contributions drawn right now.

        Mid-glide they differ from the target (see ``totals``).
        """
        self.catch_up()
        drawn: np.ndarray = self._drawn.copy()
        return drawn

    def segment_text(self, token: int, dim: int) -> str:
        """Return the arithmetic of one segment: A[i, j] × v_j,d = value."""
        result, row, tokens = self.state.shown_result, self.state.selected_token, self.state.tokens
        weight, value = result.weights[row, token], result.v[token, dim]
        digits = self.state.precision
        a = "A′" if self.state.dropped is not None else "A"  # the weights after dropout
        return (
            f"{a}[{tokens[row]}, {tokens[token]}] × v{tokens[token]},d{dim} = "
            f"{format_number(weight, digits)} × {format_number(value, digits)} = "
            f"{format_number(weight * value, digits)}"
        )

    def rest_text(self, members: np.ndarray, dim: int) -> str:
        """Return the sum that "the rest" stands for in dimension ``dim``."""
        result, row = self.state.shown_result, self.state.selected_token
        total = float(result.weights[row, members] @ result.v[members, dim])
        if self.state.dropped is not None:  # the weights after dropout
            text = self.tr("the rest: Σ A′[{0}, j] × v_j,d{1} over {2} tokens = {3}")
        else:
            text = self.tr("the rest: Σ A[{0}, j] × v_j,d{1} over {2} tokens = {3}")
        return text.format(
            self.state.tokens[row], dim, len(members), format_number(total, self.state.precision)
        )

    # ------------------------------------------------------------- drawing
    def _grouping(self, weights: np.ndarray) -> list[np.ndarray]:
        if len(weights) <= ALL_TOKENS_UP_TO:
            return [np.array([j]) for j in range(len(weights))]
        largest = np.sort(np.argsort(weights)[::-1][:LARGEST])
        rest = np.setdiff1d(np.arange(len(weights)), largest)
        return [*(np.array([j]) for j in largest), rest]

    def _refresh(self, force: bool = False) -> None:
        result, row = self.state.shown_result, self.state.selected_token
        groups = self._grouping(result.weights[row])
        contributions = self.segments()
        target = np.array([contributions[g].sum(axis=0) for g in groups])
        now = time.monotonic()
        streaming = now - self._last_update < STREAM_SECONDS
        self._last_update = now
        # A new τ (the dial) changes no input: its frame shows Z at once, as the heatmap does,
        # never a glide between two frames' values. Only an edit of the inputs glides.
        inputs = (result.q, result.k, result.v)
        same_inputs = all(a is b for a, b in zip(inputs, self._inputs, strict=False))
        streaming = streaming or (same_inputs and len(self._inputs) == 3)
        self._inputs = inputs
        new_items = force or target.shape != self._target.shape
        regrouped = new_items or any(
            not np.array_equal(a, b) for a, b in zip(groups, self._groups, strict=False)
        )
        self._groups, self._target = groups, target
        self._z = result.context[row].copy()  # what the totals write at rest, as the heatmap
        singles = [int(g[0]) for g in groups if len(g) == 1]
        self._slots = stable_slots(singles, self._slots, len(PALETTE))
        if new_items:
            self._rebuild()
        elif regrouped:  # other tokens among the largest: same items, new colours
            self._recolour()
        self.outlines.draw(groups, [self._colour(g) for g in range(len(groups))])
        ground = Qt.BrushStyle.SolidPattern if self.outlines.is_drawn() else Qt.BrushStyle.NoBrush
        for label in self._total_labels:  # on white while A's dashed z may run behind them
            if label.fill.style() != ground:
                label.fill = pg.mkBrush("w" if self.outlines.is_drawn() else None)
                label.update()
        if regrouped or streaming:
            self._glide.stop()
            self._draw(target)
        else:
            self._start = self._drawn.copy()
            self._glide.stop()
            self._glide.start()
        self._update_ingredients_and_legend()

    def _on_glide(self, share: float) -> None:
        if self._start.shape == self._target.shape:
            if share >= 1.0:  # the glide's end: the very target, written as z is
                self._draw(self._target)
            else:
                self._draw(self._start + (self._target - self._start) * share)

    def _colour(self, group: int) -> QColor:
        members = self._groups[group]
        if len(members) > 1:
            return OTHERS
        if len(self.state.tokens) > PER_TOKEN_UP_TO:
            # the heaviest few: the palette's own colours, one each, kept while a token stays
            # among them. By the token's place among 512 hues, t236 and t248 were one teal.
            return QColor(PALETTE[self._slots.get(int(members[0]), group) % len(PALETTE)])
        return token_colour(int(members[0]), len(self.state.tokens))

    def _rebuild(self) -> None:
        count, dims = self._target.shape
        colours = [self._colour(g) for g in range(count)]
        self.stacks.set_colours(colours)
        self.vectors.set_colours(colours)
        totals = dims if dims <= 16 else 0  # each total written above its bar
        # Made as needed, hidden when not, never taken out of the view (as the weight bars
        # keep theirs): no item is made, removed and deleted again as the dimensions change.
        while len(self._label_pool) < totals:
            label = pg.TextItem(anchor=(0.5, 1.0), color="#111111")
            label.setZValue(2)  # over A's dashed z, while a setting is pinned
            self.mix.addItem(label)
            self._label_pool.append(label)
        for index, label in enumerate(self._label_pool):
            label.setVisible(index < totals)
        self._total_labels = self._label_pool[:totals]
        for label in self._total_labels:
            if label.textItem.font() != self._font:  # a new text size
                label.setFont(self._font)
        for plot in (self.mix, self.ingredients):
            plot.setXRange(-0.6, dims - 0.4, padding=0)
        self._update_ticks()
        self._drawn = np.zeros_like(self._target)
        self._shown_v = None

    def _recolour(self) -> None:
        colours = [self._colour(g) for g in range(len(self._groups))]
        self.stacks.set_colours(colours)
        self.vectors.set_colours(colours)
        self._shown_v = None  # the "others" bar shows the mean of other tokens now

    def _draw(self, groups: np.ndarray) -> None:
        self._drawn = groups
        positive = np.clip(groups, 0, None)
        negative = np.clip(groups, None, 0)
        up = np.cumsum(positive, axis=0) - positive  # where each positive part starts
        down = np.cumsum(negative, axis=0) - negative
        self.stacks.set_bars(np.arange(groups.shape[1]), 0.7,
                             np.where(groups >= 0, up, down), groups)  # fmt: skip
        totals = groups.sum(axis=0)
        dims = np.arange(groups.shape[1])
        xs = np.column_stack([dims - 0.42, dims + 0.42]).ravel()
        self.totals_line.setData(xs, np.repeat(totals, 2))
        digits = self.state.precision
        top = positive.sum(axis=0)
        written = totals
        if groups is self._target and self._z.shape == totals.shape:  # at rest: z itself,
            # as the heatmap writes it (the sum of the stacks, added in another order, once
            # read 1.46 beside the heatmap's 1.45)
            written = self._z
        for d, label in enumerate(self._total_labels):
            label.setText(format_number(float(written[d]), digits))  # "0.00", never "-0.00"
            label.setPos(d, float(top[d]))
        # Nice limits change rarely, so the axis is not redrawn on every frame of the dial
        low, high = self.outlines.extent  # A's stacks, while pinned (else 0, 0)
        limits = self._range_for(min(float(negative.sum(axis=0).min(initial=0)), low),
                                 max(float(top.max(initial=0)), high))  # fmt: skip
        if self.state.view.scales_held:
            limits = self._held_range(limits)
            changed = limits != self._limits
        else:
            changed = not keeps_range(self._limits, limits)
        if changed:
            self._limits = limits
            self._limits_height = self.mix.vb.height()
            self.mix.setYRange(*limits, padding=0)
            self._update_ticks()

    def _on_mix_resized(self) -> None:
        """Choose the range again once the mix has a height, if it was chosen without one.

        Drawn before its first layout (as the window is polished), its headroom for the
        totals' labels was taken for a plot 60 px high: the bars stood a quarter shorter.
        """
        if self._limits_height <= 0 < self.mix.vb.height() and self._drawn.size:
            self._limits = (0.0, 0.0)
            self._draw(self._drawn)

    def _range_for(self, lowest: float, highest: float) -> tuple[float, float]:
        """Return the mix's range for stacks from ``lowest`` (≤ 0) up to ``highest`` (≥ 0).

        Nice ends, and headroom above that keeps the totals' labels inside the plot.
        """
        low = -nice_ceiling(max(-lowest, 1e-9)) if lowest < 0 else 0.0
        high = nice_ceiling(max(highest, 1e-9))
        room = 1.6 * QFontMetricsF(self._font).height()  # for the totals' labels
        headroom = (high - low) * room / max(self.mix.vb.height(), 60)
        return (low - 0.02 * (high - low), high + headroom)

    def _held_range(self, wanted: tuple[float, float]) -> tuple[float, float]:
        """Keep the mix's range still while τ plays (it jumped between 2, 0.6 and 1).

        Taken once for each V: every stack of z_i = Σ_j A_ij × v_j lies between the
        weights' total (1, or 1/(1 − p) after dropout) times V's smallest and largest
        value, at any τ. It only widens (``wanted`` beyond it would be clipped).
        """
        result, dropped = self.state.shown_result, self.state.dropped
        if self._held_for is not result.v:  # the play's start, or an edit while it plays
            most = 1.0 if dropped is None else dropped.scale
            v = result.v
            bound = self._range_for(most * min(float(v.min(initial=0)), 0.0),
                                    most * max(float(v.max(initial=0)), 0.0))  # fmt: skip
            start = self._limits if self._held_for is None else bound
            self._held_limits = (min(start[0], bound[0]), max(start[1], bound[1]))
            self._held_for = result.v
        held = self._held_limits
        self._held_limits = (min(held[0], wanted[0]), max(held[1], wanted[1]))
        return self._held_limits

    def _on_scales_held_changed(self, held: bool) -> None:
        self._held_for = None  # taken again at the next play
        if not held:  # the range fitted to the bars again
            self._on_result_changed(force=False)

    def _update_ingredients_and_legend(self) -> None:
        result, row, tokens = self.state.shown_result, self.state.selected_token, self.state.tokens
        if result.v is not self._shown_v:  # V is unchanged on every frame of the dial
            self._shown_v = result.v
            heights = [result.v[members].mean(axis=0) for members in self._groups]
            count, dims = len(heights), result.v.shape[1]
            width = 0.8 / count  # each token's v_j side by side within its dimension
            x = np.arange(dims) - 0.4 + width * (np.arange(count)[:, None] + 0.5)
            self.vectors.set_bars(x, width * 0.9, np.zeros((count, dims)), np.array(heights))
            # Set, not found by auto-range: that asks every bar for its bounds on each paint.
            low = float(min(0.0, *(h.min(initial=0.0) for h in heights)))
            high = float(max(0.0, *(h.max(initial=0.0) for h in heights)))
            limits = (-nice_ceiling(-low) if low < 0 else 0.0, nice_ceiling(max(high, 1e-9)))
            pad = 0.05 * (limits[1] - limits[0])
            limits = (limits[0] - pad, limits[1] + pad)
            if not keeps_range(self._ingredient_limits, limits):
                self._ingredient_limits = limits
                self.ingredients.setYRange(*limits, padding=0)
                self._update_ticks()
        parts = []
        self._legend_entries = []
        many = len(tokens) > ALL_TOKENS_UP_TO
        order = list(range(len(self._groups)))  # with many tokens: heaviest first, rest last
        if many:
            weights = result.weights[row]
            order = sorted(order, key=lambda g: (len(self._groups[g]) > 1,
                                                 -weights[self._groups[g][0]]))  # fmt: skip
        for g in order:
            members = self._groups[g]
            colour = self._colour(g).name()
            if len(members) == 1:
                name = tokens[int(members[0])]
                weight = float(result.weights[row, int(members[0])])
            else:
                name = self.tr("the rest, {0} tokens (mean v)").format(len(members))
                weight = float(result.weights[row, members].sum())
            digits = self.state.precision
            if many and 0 < weight < 0.1:  # 1/512 is "0.00" at two decimals: two figures
                digits = max(digits, 1 - math.floor(math.log10(weight)))
            shown = format_number(weight, digits)
            # one unbreakable entry: a swatch never ends a line apart from its name
            entry = f"<span style='color:{colour}'>■</span> {escape(name)} {shown}"
            parts.append(f"<span style='white-space:nowrap'>{entry}</span>")
            self._legend_entries.append((QColor(colour), f"{name} {shown}"))
        if self.state.dropped is not None:  # it said A beside A′'s weights (eats 1.20)
            head = self.tr("z′<sub>{0}</sub> = Σ A′[{0}, j] × v<sub>j</sub>")
        else:
            head = self.tr("z<sub>{0}</sub> = Σ A[{0}, j] × v<sub>j</sub>")
        head = head.format(escape(tokens[row]))
        if self.outlines.is_drawn():  # the outlines and dashed lines are A's
            # joined: nowrap keeps spaces, but a line broke between two Chinese characters
            note = escape("\u2060".join(self.tr("outline, dashed line: A (pinned)")))
            parts.append(f"<span style='white-space:nowrap; color:{A_COLOUR.name()}'>"
                         f"▭ {note}</span>")  # fmt: skip
        self._legend_html = f"<b>{head}</b> &nbsp; " + " &nbsp; ".join(parts)
        self.legend.setText(self._legend_html)

    def _update_ticks(self) -> None:
        """Name every n-th dimension and write round values on the value axes.

        As many of each as the plots' widths and heights have room for in the text's size.
        """
        dims = self._target.shape[1]
        widest = QFontMetricsF(self._font).horizontalAdvance(f"d{max(dims - 1, 0)}") * 1.5
        step = max(1, dims // 16, math.ceil(dims * widest / max(self.mix.vb.width(), 60.0)))
        wanted: dict[str, list[tuple[float, str]]] = {
            "dims": [(float(d), f"d{d}") for d in range(0, dims, step)]
        }
        for name, plot, (low, high) in (("mix", self.mix, self._limits),
                                        ("ingredients", self.ingredients,
                                         self._ingredient_limits)):  # fmt: skip
            if high > low:
                wanted[name] = value_ticks(low, high, plot.vb.height(), self._font)
        for name, ticks in wanted.items():
            if ticks == self._ticks.get(name):  # an axis is costly to redraw: only on a change
                continue
            self._ticks[name] = ticks
            if name == "dims":
                for plot in (self.mix, self.ingredients):
                    plot.getAxis("bottom").setTicks([ticks])
            else:
                (self.mix if name == "mix" else self.ingredients).getAxis("left").setTicks([ticks])

    def legend_html(self) -> str:
        """Return the legend as HTML: the row's formula and each token's colour and weight."""
        self.catch_up()
        return self._legend_html

    def legend_entries(self) -> list[tuple[QColor, str]]:
        """Return the legend's colours and texts ("猫 0.27"), as drawn: for exports."""
        self.catch_up()
        return list(self._legend_entries)

    def _on_mouse_moved(self, scene_pos: QPointF) -> None:
        if not self.mix.sceneBoundingRect().contains(scene_pos) or self._drawn.size == 0:
            return
        point = self.mix.vb.mapSceneToView(scene_pos)
        dim = round(point.x())
        if not 0 <= dim < self._drawn.shape[1] or abs(point.x() - dim) > 0.35:
            QToolTip.hideText()
            return
        groups = self._drawn[:, dim]
        positive, negative = np.clip(groups, 0, None), np.clip(groups, None, 0)
        up, down = np.cumsum(positive) - positive, np.cumsum(negative) - negative
        for g, value in enumerate(groups):
            low, high = (up[g], up[g] + value) if value >= 0 else (down[g] + value, down[g])
            if low <= point.y() <= high:
                members = self._groups[g]
                text = (self.segment_text(int(members[0]), dim) if len(members) == 1
                        else self.rest_text(members, dim))  # fmt: skip
                QToolTip.showText(self.canvas.mapToGlobal(scene_pos.toPoint()), text, self.canvas)
                return
        QToolTip.hideText()
