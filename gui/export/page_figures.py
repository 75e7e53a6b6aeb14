"""Every figure drawn from the state alone, each at its own design size.

A figure used to be the window's own plot, as big as its dock happened to be: the same
export from a maximised window and from one at 1280 × 720 gave figures of other sizes, with
other names cut and numbers of other sizes, and a squeezed mixing view came out squeezed.
Here each view is built anew, subscribed to the state like any view, and laid out off
screen at a size that depends only on what it shows (the cells, the tokens, the heads): the
window's size, its hidden or squeezed panels, play no part. The views are the window's own
classes, so the figures follow every rule the screen follows (which names fit, at what
size, cut or upright).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TypeVar

import pyqtgraph as pg
import shiboken6
from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtWidgets import QWidget

from engine.vocabulary import STEPS
from gui.model.model_run import ModelRun
from gui.model.state import AttentionState
from gui.views.concat_view import ConcatView
from gui.views.head_grid import HeadGrid
from gui.views.mask_editor import MaskEditor
from gui.views.mixing import MixingView
from gui.views.model_atlas import ModelAtlas
from gui.views.pipeline import PipelineView
from gui.views.weight_bars import WeightBars
from gui.views.weight_lines import WeightLines

W = TypeVar("W", bound=QWidget)

#: a heatmap's cell, in pixels: room for "−0.35" at the label size, with its padding
CELL = QSize(62, 38)
HEATMAP_ROOM = QSize(150, 90)  # the names of the rows and columns, the colour bar
HEATMAP_LEAST, HEATMAP_MOST = QSize(360, 260), QSize(1240, 960)
BAR = 56  # a weight bar and its name
LINE_PITCH = 34  # between two tokens of the lines
THUMBNAIL_SIDE = 150  # a head's picture in the head grid
MASK_CELL = 40  # a cell of the painted mask
ATLAS_SIDE = 46  # a head's picture in the atlas


def clamped(size: QSize, least: QSize, most: QSize) -> QSize:
    """Return ``size`` within ``least`` and ``most``, each side on its own."""
    return size.expandedTo(least).boundedTo(most)


def heatmap_size(rows: int, cols: int) -> QSize:
    """Return the design size of a heatmap of ``rows`` × ``cols`` cells.

    Every cell has room for its number up to 16 columns and 22 rows; beyond, the heatmap's
    own rules decide which numbers and names fit, as on screen.
    """
    wanted = QSize(HEATMAP_ROOM.width() + CELL.width() * cols,
                   HEATMAP_ROOM.height() + CELL.height() * rows)  # fmt: skip
    return clamped(wanted, HEATMAP_LEAST, HEATMAP_MOST)


def bars_size(tokens: int) -> QSize:
    """Return the design size of the weight bars: one bar per token."""
    return clamped(QSize(110 + BAR * tokens, 280), QSize(300, 280), QSize(1240, 280))


def mixing_size(d_v: int) -> QSize:
    """Return the design size of the mixing view: one stack per dimension of v."""
    return clamped(QSize(200 + 56 * d_v, 380), QSize(460, 380), QSize(1240, 380))


def lines_size(tokens: int) -> QSize:
    """Return the design size of the weights as lines: a row per token."""
    return clamped(QSize(480, 130 + LINE_PITCH * tokens), QSize(480, 300), QSize(480, 1100))


def grid_size(heads: int) -> QSize:
    """Return the design size of the head grid: pictures in a square-ish grid, caption under."""
    columns = math.ceil(math.sqrt(heads))
    rows = math.ceil(heads / columns)
    side = THUMBNAIL_SIDE + 10
    return QSize(max(360, columns * side + 20), rows * (side + 30) + 70)


def mask_size(tokens: int) -> QSize:
    """Return the design size of the mask's grid, the names of its rows and columns included."""
    side = 120 + MASK_CELL * tokens
    return clamped(QSize(side, side), QSize(300, 300), QSize(900, 900))


def atlas_size(layers: int, heads: int) -> QSize:
    """Return the design size of the atlas: a picture per layer and head, caption under."""
    step = ATLAS_SIDE + 4
    return QSize(max(420, 60 + heads * step), 110 + layers * step)


def has_mask(state: AttentionState) -> bool:
    """Return True if a mask hides any pair: the causal mask, one painted, or padding."""
    return state.causal or state.own_mask is not None or any(state.padding)


def figure_names(state: AttentionState, run: ModelRun | None = None) -> list[str]:
    """Return the file stems of the figures of this state, in export order.

    The four steps, the weight bars, the mixing view and the lines always; with h > 1 the
    lines of every head, the head grid and the concat (and its projection by W_o when there
    is one); the mask once one hides a pair; the atlas once a real model ran a sentence.
    """
    names = [f"{n}-{step}" for n, step in enumerate(STEPS, 1)]
    names += ["weight-bars", "mixing", "weight-lines"]
    heads = state.heads_result
    if heads is not None:
        names += ["weight-lines-heads", "heads", "concat"]
        if heads.output is not None:
            names.append("concat-output")
    if has_mask(state):
        names.append("mask")
    if run is not None and run.forward is not None:
        names.append("atlas")
    return names


def aside(widget: QWidget) -> None:
    """Lay ``widget`` out at the size its fixed-size parts ask for, never on screen."""
    widget.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
    widget.resize(widget.sizeHint().expandedTo(widget.minimumSizeHint()))
    widget.show()
    QCoreApplication.sendPostedEvents()  # its layouts, now
    widget.resize(widget.sizeHint().expandedTo(widget.minimumSizeHint()))
    QCoreApplication.sendPostedEvents()


class PageFigures:
    """The views of every figure, built from ``state`` (and ``run``), laid out off screen.

    ``views`` maps each file stem of ``figure_names`` to what draws it: a pyqtgraph view, or
    a painted widget (the head grid, the mask, the atlas). ``mixing`` is the mixing view, its
    legend read for the caption. ``close`` deletes them all.
    """

    def __init__(self, state: AttentionState, run: ModelRun | None = None) -> None:
        self._made: list[QWidget] = []
        self.mask_legend = ""  # what the mask's colours mean, as its editor says it
        self.views: dict[str, pg.GraphicsView | QWidget] = {}
        names = figure_names(state, run)
        tokens, d_v = len(state.tokens), state.d_v

        pipeline = self._made_aside(PipelineView(state))
        # one size for the four: S above A and S/τ above Z, cells aligned as in the window
        size = heatmap_size(tokens, max(tokens, d_v))
        for heatmap in pipeline.heatmaps.values():
            heatmap.setFixedSize(size)
        aside(pipeline)
        for n, step in enumerate(STEPS, 1):
            self.views[f"{n}-{step}"] = pipeline.heatmaps[step]

        bars = self._made_aside(WeightBars(state))
        bars.plot.setFixedSize(bars_size(tokens))
        aside(bars)
        self.views["weight-bars"] = bars.plot

        self.mixing = self._made_aside(MixingView(state))
        self.mixing.canvas.setFixedSize(mixing_size(d_v))
        aside(self.mixing)
        self.mixing.draw()  # a view owes its drawing until seen: drawn now
        self.views["mixing"] = self.mixing.canvas

        for name, every in (("weight-lines", False), ("weight-lines-heads", True)):
            if name in names:
                lines = self._made_aside(WeightLines(state))
                lines.set_all_heads(every)
                lines.plot.setFixedSize(lines_size(tokens))
                aside(lines)
                self.views[name] = lines.plot

        if "heads" in names:
            grid = self._made_aside(HeadGrid(state))
            grid.setFixedSize(grid_size(state.heads))
            aside(grid)
            grid.draw()
            self.views["heads"] = grid
        heads = state.heads_result
        if "concat" in names and heads is not None:
            concat = self._made_aside(ConcatView(state))
            width = state.heads * d_v
            concat.concat.setFixedSize(heatmap_size(tokens, width))
            output = heads.output.shape[1] if heads.output is not None else 0
            concat.output.setFixedSize(heatmap_size(tokens, max(output, 1)))
            aside(concat)
            concat.draw()
            self.views["concat"] = concat.concat
            if "concat-output" in names:
                self.views["concat-output"] = concat.output
        if "mask" in names:
            mask = self._made_aside(MaskEditor(state))
            mask.canvas.setFixedSize(mask_size(tokens))
            aside(mask)
            self.views["mask"] = mask.canvas
            self.mask_legend = mask.legend.text()
        if "atlas" in names and run is not None and run.forward is not None:
            atlas = self._made_aside(ModelAtlas(run))
            layers, count = run.forward.weights.shape[:2]
            atlas.setFixedSize(atlas_size(layers, count))
            aside(atlas)
            atlas.draw()
            self.views["atlas"] = atlas

    def _made_aside(self, widget: W) -> W:
        self._made.append(widget)
        return widget

    def close(self) -> None:
        """Close and delete every view made for the figures."""
        for widget in self._made:
            widget.close()
            shiboken6.delete(widget)
        self._made = []


@contextmanager
def page_figures(state: AttentionState, run: ModelRun | None = None) -> Iterator[PageFigures]:
    """Yield the figures' views of ``state``, deleted when the block ends."""
    figures = PageFigures(state, run)
    try:
        yield figures
    finally:
        figures.close()
