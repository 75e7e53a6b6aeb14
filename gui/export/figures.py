"""The window's plots as PNG, SVG or PDF bytes, for slides and handouts.

Every figure is a pyqtgraph scene (or one plot of it) drawn through pyqtgraph's
:class:`~pyqtgraph.exporters.Exporter` machinery (source and target rectangles, export
mode). Two things differ from pyqtgraph's own ``ImageExporter``, each measured on the
heatmaps:

- PNG at 2× or 4× is drawn at the figure's own size on an image whose device pixel
  ratio is the scale, as a high-DPI screen would draw it. ``ImageExporter`` instead
  enlarges the scene, and the cell labels (capped in pixels) and the outlines (cosmetic
  pens) then shrink to a quarter of their size relative to the cells.
- In vector output (SVG, PDF) a small matrix is drawn as one rectangle per cell: an
  embedded 3×3 image is smoothed by most viewers into a blurred gradient.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pyqtgraph as pg
from pyqtgraph.exporters import Exporter
from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QIODevice,
    QMarginsF,
    QPoint,
    QPointF,
    QRectF,
    QSizeF,
    Qt,
)
from PySide6.QtGui import (
    QColor,
    QImage,
    QPageLayout,
    QPageSize,
    QPaintDevice,
    QPainter,
    QPainterPath,
    QPdfWriter,
    QPen,
    QRegion,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gui.export.captions import Caption, CaptionLayout, lay_out
from gui.export.captions import paint as paint_caption
from gui.export.formats import FIGURE_FORMATS, MAX_SCALE, MIN_SCALE

FORMATS = FIGURE_FORMATS
VECTOR_CELLS = 64 * 64  # larger matrices keep their image: their cells are tiny anyway
SEAM = 0.02  # each cell overlaps its right and lower neighbour: no hairline gaps in viewers
ROW_GAP = 16.0  # between two figures of a row, in pixels


@dataclass(frozen=True)
class Figure:
    """One exportable plot: a whole pyqtgraph view, or one ``plot`` of its layout."""

    name: str  # file stem, e.g. "3-weights"
    title: str  # shown in the dialogs, translated
    view: pg.GraphicsView
    plot: pg.PlotItem | None = None
    caption: Caption | None = None  # drawn above the plot: its title, row and legend

    def caption_layout(self) -> CaptionLayout | None:
        """Return the caption laid out across the figure's width, None without one."""
        return None if self.caption is None else lay_out(self.caption, self.size().width())

    def outer_size(self) -> QSizeF:
        """Return the size of the figure with its caption, in pixels."""
        layout = self.caption_layout()
        extra = 0.0 if layout is None else layout.height
        size = self.size()
        return QSizeF(size.width(), size.height() + extra)

    def target(self) -> pg.GraphicsScene | pg.PlotItem:
        """Return what pyqtgraph's exporters take: the scene, or the one plot."""
        return self.plot if self.plot is not None else self.view.scene()

    def source(self) -> QRectF:
        """Return the part of the scene drawn, in scene coordinates."""
        return QRectF(Exporter(self.target()).getSourceRect())

    def size(self) -> QSizeF:
        """Return the figure's size on screen, in pixels."""
        return QSizeF(Exporter(self.target()).getTargetRect().size())

    def background(self) -> QColor:
        """Return the view's background colour, transparent when it has none."""
        brush = self.view.backgroundBrush()
        return (
            QColor(brush.color()) if brush.style() != Qt.BrushStyle.NoBrush else QColor(0, 0, 0, 0)
        )

    def dpi(self) -> int:
        """Return the resolution the view is drawn at: one PDF unit per pixel."""
        return int(self.view.logicalDpiY())


@dataclass(frozen=True)
class PaintedFigure:
    """One exportable view that paints itself (a QWidget, not a pyqtgraph scene).

    The head grid, the mask and the atlas: drawn with ``QWidget.render`` into the image, the
    PDF or the SVG, text as text in the vector formats.
    """

    name: str
    title: str
    widget: QWidget
    caption: Caption | None = None

    def caption_layout(self) -> CaptionLayout | None:
        """Return the caption laid out across the figure's width, None without one."""
        return None if self.caption is None else lay_out(self.caption, self.size().width())

    def outer_size(self) -> QSizeF:
        """Return the size of the figure with its caption, in pixels."""
        layout = self.caption_layout()
        size = self.size()
        return QSizeF(size.width(), size.height() + (0.0 if layout is None else layout.height))

    def size(self) -> QSizeF:
        """Return the widget's size, in pixels."""
        return QSizeF(self.widget.size())

    def background(self) -> QColor:
        """Return white: every painted view fills its own background white."""
        return QColor("white")

    def dpi(self) -> int:
        """Return the resolution the widget is drawn at: one PDF unit per pixel."""
        return self.widget.logicalDpiY()

    def paint(self, painter: QPainter, target: QRectF) -> None:
        """Draw the widget into ``target``, scaled to it."""
        painter.fillRect(target, self.background())
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        painter.translate(target.topLeft())
        size = self.size()
        painter.scale(target.width() / size.width(), target.height() / size.height())
        self.widget.render(painter, QPoint(0, 0), QRegion(),
                           QWidget.RenderFlag.DrawChildren)  # fmt: skip
        painter.restore()


@dataclass(frozen=True)
class FigureRow:
    """Figures drawn side by side, their tops level, under the row's ``caption``.

    A comparison's A | B | B − A of one step (gui.export.comparison_figures). Each part is
    drawn as a figure of its own (its caption, sharp cells, wide pens, export mode) into
    its place; in SVG each part's own SVG becomes a group (gui.export.svg.row_svg). Kept
    here, not in a module of its own: it draws with ``paint_captioned`` and this module
    draws it, and no import cycle is allowed.
    """

    name: str  # file stem, e.g. "compare-3-weights"
    title: str  # shown in the dialogs, translated
    parts: tuple[Figure, ...]
    caption: Caption | None = None  # above the whole row: the step, and what differs

    def caption_layout(self) -> CaptionLayout | None:
        """Return the caption laid out across the row's width, None without one."""
        return None if self.caption is None else lay_out(self.caption, self.size().width())

    def size(self) -> QSizeF:
        """Return the size of the parts side by side with their captions, in pixels."""
        sizes = [part.outer_size() for part in self.parts]
        width = sum(size.width() for size in sizes) + ROW_GAP * max(len(sizes) - 1, 0)
        return QSizeF(width, max((size.height() for size in sizes), default=0.0))

    def outer_size(self) -> QSizeF:
        """Return the size of the row with its caption, in pixels."""
        layout = self.caption_layout()
        size = self.size()
        return QSizeF(size.width(), size.height() + (0.0 if layout is None else layout.height))

    def places(self) -> list[QRectF]:
        """Return where each part goes within ``size()``, in the row's pixels."""
        rects, x = [], 0.0
        for part in self.parts:
            size = part.outer_size()
            rects.append(QRectF(QPointF(x, 0.0), size))
            x += size.width() + ROW_GAP
        return rects

    def background(self) -> QColor:
        """Return white, the heatmaps' background: the gaps between them too."""
        return QColor("white")

    def dpi(self) -> int:
        """Return the resolution the parts are drawn at: one PDF unit per pixel."""
        return self.parts[0].dpi() if self.parts else 96

    def paint(self, painter: QPainter, target: QRectF, vector: bool) -> None:
        """Draw every part into its place within ``target``, scaled with it."""
        painter.fillRect(target, self.background())
        size = self.size()
        scale_x = target.width() / max(size.width(), 1.0)
        scale_y = target.height() / max(size.height(), 1.0)
        for part, place in zip(self.parts, self.places(), strict=True):
            left, top = target.left() + place.left() * scale_x, target.top() + place.top() * scale_y
            rect = QRectF(left, top, place.width() * scale_x, place.height() * scale_y)
            paint_captioned(part, painter, rect, vector)


AnyFigure = Figure | PaintedFigure | FigureRow


class WidePensPainter(QPainter):
    """A painter that draws cosmetic pens ``scale`` device pixels per pixel of width.

    Cosmetic pens (pyqtgraph's default) are sized in device pixels, which a device pixel
    ratio does not scale: at 4× a 3-pixel outline would come out as thin as 0.75 pixels.
    pyqtgraph's items set their pens from Python, so this override reaches them (the axes
    replay recorded pictures, which the ratio scales already).
    """

    def __init__(self, device: QImage, scale: float) -> None:
        super().__init__(device)
        self._scale = scale

    def setPen(self, pen: QPen | QColor | Qt.PenStyle) -> None:  # type: ignore[override]  # noqa: N802
        """Set ``pen``, a cosmetic one widened to ``scale`` device pixels per pixel."""
        wide = QPen(pen)
        if wide.isCosmetic() and wide.style() != Qt.PenStyle.NoPen:
            wide.setWidthF(max(wide.widthF(), 1.0) * self._scale)
        super().setPen(wide)


class CellRectangles(QGraphicsItem):
    """The pixels of an ImageItem drawn as filled rectangles (one path per cell)."""

    def __init__(self, image: QImage) -> None:
        super().__init__()
        self._size = QSizeF(image.width(), image.height())
        self._cells: list[tuple[QPainterPath, QColor]] = []
        for row in range(image.height()):
            for col in range(image.width()):
                colour = image.pixelColor(col, row)
                if colour.alpha() == 0:
                    continue
                grow_x = SEAM if col + 1 < image.width() else 0.0
                grow_y = SEAM if row + 1 < image.height() else 0.0
                path = QPainterPath()
                path.addRect(QRectF(col, row, 1 + grow_x, 1 + grow_y))
                self._cells.append((path, colour))

    def boundingRect(self) -> QRectF:  # noqa: N802
        """Return the image's rectangle: one unit per pixel (per cell)."""
        return QRectF(0, 0, self._size.width(), self._size.height())

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Fill every cell's rectangle with its colour."""
        for path, colour in self._cells:
            painter.fillPath(path, colour)


@contextmanager
def cells_as_rectangles(scene: pg.GraphicsScene) -> Iterator[None]:
    """While inside, every visible small ImageItem of ``scene`` is drawn as rectangles."""
    swapped: list[tuple[pg.ImageItem, CellRectangles]] = []
    try:
        for item in scene.items():
            if not isinstance(item, pg.ImageItem) or not item.isVisible():
                continue
            pixmap = item.getPixmap()
            if pixmap is None or pixmap.isNull() or pixmap.width() * pixmap.height() > VECTOR_CELLS:
                continue
            cells = CellRectangles(pixmap.toImage())
            cells.setParentItem(item.parentItem())
            cells.setTransform(item.transform())
            cells.setPos(item.pos())
            cells.setZValue(item.zValue())
            item.hide()
            swapped.append((item, cells))
        yield
    finally:
        for item, cells in swapped:
            scene.removeItem(cells)
            item.show()


@contextmanager
def export_mode(figure: Figure, painter: QPainter) -> Iterator[None]:
    """Put ``figure`` in pyqtgraph's export mode while inside.

    Symbols are drawn as paths, hover decorations left out; items that the screen draws from
    a cached picture (the axes) are drawn afresh, so that their text stays text and their
    lines stay sharp at any scale.
    """
    exporter = Exporter(figure.target())
    options = {"antialias": True, "background": figure.background(), "painter": painter,
               "resolutionScale": 1.0}  # fmt: skip
    cached = [item for item in figure.view.scene().items()
              if item.cacheMode() != QGraphicsItem.CacheMode.NoCache]  # fmt: skip
    modes = [item.cacheMode() for item in cached]
    for item in cached:
        item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
    exporter.setExportMode(True, options)
    try:
        yield
    finally:
        exporter.setExportMode(False)
        for item, mode in zip(cached, modes, strict=True):
            item.setCacheMode(mode)


@contextmanager
def sharp_images(view: pg.GraphicsView, scale: float) -> Iterator[None]:
    """While inside, heatmaps colour as many cells as ``scale`` times their pixels show.

    On screen they colour about one cell per pixel.
    """
    set_scale = getattr(view, "set_image_scale", None)
    if set_scale is None:
        yield
        return
    set_scale(scale)
    try:
        yield
    finally:
        set_scale(1.0)


def paint_figure(figure: AnyFigure, painter: QPainter, target: QRectF, vector: bool) -> None:
    """Draw ``figure`` into ``target`` of ``painter``'s device, background first."""
    if isinstance(figure, PaintedFigure):
        figure.paint(painter, target)
        return
    if isinstance(figure, FigureRow):  # figures side by side: each drawn into its place
        figure.paint(painter, target, vector)
        return
    painter.fillRect(target, figure.background())
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
    scene = figure.view.scene()
    scale = math.inf if vector else painter.device().devicePixelRatioF()
    with sharp_images(figure.view, scale), export_mode(figure, painter):
        if vector:
            with cells_as_rectangles(scene):
                scene.render(painter, target, figure.source())
        else:
            scene.render(painter, target, figure.source())


def paint_captioned(figure: AnyFigure, painter: QPainter, target: QRectF, vector: bool) -> None:
    """Draw ``figure`` with its caption above it (if it has one) into ``target``.

    ``target`` has the proportions of ``outer_size``; the caption is scaled with the plot.
    """
    layout = figure.caption_layout()
    if layout is None:
        paint_figure(figure, painter, target, vector)
        return
    outer = figure.outer_size()
    scale = target.width() / outer.width()
    painter.fillRect(QRectF(target.topLeft(), QSizeF(target.width(), layout.height * scale)),
                     figure.background())  # fmt: skip
    painter.save()
    painter.translate(target.topLeft())
    painter.scale(scale, scale)
    paint_caption(painter, layout)
    painter.restore()
    top = target.top() + layout.height * scale
    plot = QRectF(target.left(), top, target.width(), target.bottom() - top)
    paint_figure(figure, painter, plot, vector)


def figure_png(figure: AnyFigure, scale: float = 1.0) -> bytes:
    """Return the figure as PNG, ``scale`` times its size on screen (MIN_SCALE to MAX_SCALE)."""
    check_scale(scale)
    size = figure.outer_size()
    image = QImage(max(1, round(size.width() * scale)), max(1, round(size.height() * scale)),
                   QImage.Format.Format_ARGB32)  # fmt: skip
    image.setDevicePixelRatio(scale)
    image.fill(Qt.GlobalColor.transparent)
    painter = WidePensPainter(image, scale)
    try:
        paint_captioned(figure, painter, QRectF(0, 0, size.width(), size.height()), vector=False)
    finally:
        painter.end()
    return _image_bytes(image)


def _image_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):  # type: ignore[call-overload]  # the stubs say bytes
        raise RuntimeError("Qt could not encode the PNG image")
    buffer.close()
    return bytes(data.data())


def pdf_writer(buffer: QBuffer, size_points: QSizeF, dpi: int, title: str) -> QPdfWriter:
    """Return a PDF writer into ``buffer`` with one exact page size, no margins, ``dpi`` units."""
    writer = QPdfWriter(buffer)
    writer.setResolution(dpi)
    page = QPageSize(size_points, QPageSize.Unit.Point, "", QPageSize.SizeMatchPolicy.ExactMatch)
    writer.setPageLayout(QPageLayout(page, QPageLayout.Orientation.Portrait, QMarginsF()))
    writer.setTitle(title)
    writer.setCreator("Attention Lab")
    return writer


def painted_bytes(figure: AnyFigure, device: Callable[[QBuffer], QPaintDevice]) -> bytes:
    """Return the figure painted as vectors, its caption above, on ``device(buffer)``.

    The device (a PDF writer, an SVG generator) writes into the buffer, read once it ends.
    """
    size = figure.outer_size()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    target = device(buffer)  # kept until the painter ends: it paints on it
    painter = QPainter(target)
    try:
        paint_captioned(figure, painter, QRectF(0, 0, size.width(), size.height()), vector=True)
    finally:
        painter.end()
    buffer.close()
    return bytes(data.data())


def figure_pdf(figure: AnyFigure) -> bytes:
    """Return the figure as a one-page PDF of its own size; fonts are embedded (subsets)."""
    # one PDF unit per screen pixel: fonts sized in points or pixels keep their proportions
    dpi = figure.dpi()
    points = figure.outer_size() * (72.0 / dpi)
    return painted_bytes(figure, lambda buffer: pdf_writer(buffer, points, dpi, figure.title))


def check_scale(scale: float) -> None:
    """Raise ValueError unless ``scale`` is from MIN_SCALE (0.25) to MAX_SCALE (8)."""
    if not MIN_SCALE <= scale <= MAX_SCALE:
        raise ValueError(f"the scale must be from {MIN_SCALE:g} to {MAX_SCALE:g}, not {scale:g}")
