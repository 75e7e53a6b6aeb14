"""SVG through pyqtgraph's SVGExporter, with a workaround for closed paths.

pyqtgraph 0.14.0 rewrites the coordinates of every ``<path>`` Qt writes, reading its
``d`` attribute as ``x,y`` pairs; Qt 6 now ends closed paths with ``Z``, so every plot
fails with "ValueError: not enough values to unpack" (pyqtgraph issue #3495, fixed on
master after 0.14.0). :func:`closed_paths_understood` takes each ``Z`` out before that
rewrite and puts it back after, at the same place; it stays correct once pyqtgraph
understands ``Z`` itself, and can then be removed.

Text stays text; fonts are not embedded, so each ``font-family`` is rewritten into a
portable list (the font Qt actually used, common Chinese fonts, then ``sans-serif``) and
each text is anchored at its middle, so a substitute font shifts it least.
"""

from __future__ import annotations

import importlib
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from pyqtgraph.exporters import SVGExporter
from PySide6.QtCore import QBuffer, QRect, QSize
from PySide6.QtGui import QFont, QFontDatabase, QFontInfo, QFontMetricsF
from PySide6.QtSvg import QSvgGenerator

from gui.export.captions import TEXT_COLOUR
from gui.export.figures import (
    AnyFigure,
    FigureRow,
    PaintedFigure,
    cells_as_rectangles,
    painted_bytes,
    sharp_images,
)

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
CHINESE_FALLBACKS = ("PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC")
QT_ALIASES = ("sans serif", "serif", "monospace")
_TOKEN = re.compile(r"[Zz]|[^\sZz]+")
# what XML 1.0 forbids, as characters and as references: a token may hold any of them
_NOT_XML = re.compile(
    rb"[\x00-\x08\x0b\x0c\x0e-\x1f]|&#(?:0*(?:[0-8]|1[124-9]|2\d|3[01])|x0*(?:[0-8bcef]|1[0-9a-f]));",
    re.IGNORECASE,
)

# the module, not the class pyqtgraph.exporters re-exports under the same name
_svg_module: Any = importlib.import_module("pyqtgraph.exporters.SVGExporter")


def _without_closes(d: str) -> tuple[str, list[int]]:
    """``d`` without its Z commands, and after how many coordinates each one stood."""
    coordinates: list[str] = []
    closes: list[int] = []
    for token in _TOKEN.findall(d):
        if token in ("Z", "z"):
            closes.append(len(coordinates))
        else:
            coordinates.append(token)
    return " ".join(coordinates), closes


def _with_closes(d: str, closes: list[int]) -> str:
    """Put the Z commands back after the same coordinates."""
    tokens = d.split()
    for position in reversed(closes):
        tokens.insert(position, "Z")
    return " ".join(tokens)


@contextmanager
def closed_paths_understood() -> Iterator[None]:
    """While inside, pyqtgraph's SVG coordinate rewrite accepts paths closed with Z."""
    original: Callable[..., Any] = _svg_module.correctCoordinates

    def correct(node: Any, defs: Any, item: Any, options: Any) -> Any:
        closed = []
        for path in node.getElementsByTagName("path"):
            stripped, closes = _without_closes(path.getAttribute("d"))
            if closes and stripped:
                path.setAttribute("d", stripped)
                closed.append((path, closes))
        result = original(node, defs, item, options)
        for path, closes in closed:
            path.setAttribute("d", _with_closes(path.getAttribute("d"), closes))
        return result

    _svg_module.correctCoordinates = correct
    try:
        yield
    finally:
        _svg_module.correctCoordinates = original


def portable_families(value: str) -> str:
    """Return a CSS font-family list that a viewer without Qt's fonts can still use."""
    names = [n.strip().strip("'\"") for n in value.split(",") if n.strip()]
    font = QFont()
    font.setFamilies(names)
    installed = set(QFontDatabase.families())
    # the font Qt drew with first; Qt's aliases ("Sans Serif") mean nothing to a viewer
    families = [QFontInfo(font).family(), *(n for n in names if n in installed)]
    families = [n for n in families if n.lower() not in QT_ALIASES]
    unique = list(dict.fromkeys([*families, *CHINESE_FALLBACKS]))
    return ", ".join(f"'{n}'" if " " in n else n for n in unique) + ", sans-serif"


def _centre(text: ET.Element, families: str) -> None:
    """Anchor a text at its middle, where Qt laid it out.

    With a viewer's substitute font of another width, a cell's label then still sits centred
    in its cell.
    """
    try:
        x, size = float(text.get("x", "")), float(text.get("font-size", ""))
    except ValueError:
        return
    if not text.text or size <= 0 or text.get("text-anchor"):
        return
    font = QFont()
    font.setFamilies([n.strip().strip("'\"") for n in families.split(",")])
    font.setPixelSize(max(1, round(size)))
    font.setWeight(QFont.Weight(int(text.get("font-weight", "400") or 400)))
    width = QFontMetricsF(font).horizontalAdvance(text.text) * size / max(1, round(size))
    text.set("x", f"{x + width / 2:g}")
    text.set("text-anchor", "middle")


def _with_caption(root: ET.Element, figure: AnyFigure) -> None:
    """Move the plot down and write the figure's caption above it, as text and squares."""
    layout = figure.caption_layout()
    if layout is None:
        return
    kept = {f"{{{SVG_NS}}}{tag}" for tag in ("title", "desc", "style", "defs")}
    plot = ET.Element(f"{{{SVG_NS}}}g", {"transform": f"translate(0,{layout.height:g})"})
    for child in list(root):
        background = child.tag == f"{{{SVG_NS}}}rect" and child.get("width") == "100%"
        if child.tag not in kept and not background:
            root.remove(child)
            plot.append(child)
    caption = ET.SubElement(root, f"{{{SVG_NS}}}g", {"id": "caption"})
    for line in layout.lines:
        text = ET.SubElement(caption, f"{{{SVG_NS}}}text", {
            "x": f"{line.x:g}", "y": f"{line.baseline:g}", "fill": TEXT_COLOUR.name(),
            "font-family": line.font.family(), "font-size": f"{line.font.pixelSize()}",
            "font-weight": "700" if line.font.bold() else "400", "stroke": "none",
        })  # fmt: skip
        text.text = line.text
    for rect, colour in layout.swatches:
        ET.SubElement(caption, f"{{{SVG_NS}}}rect", {
            "x": f"{rect.x():g}", "y": f"{rect.y():g}", "width": f"{rect.width():g}",
            "height": f"{rect.height():g}", "fill": colour.name(), "stroke": "none",
        })  # fmt: skip
    root.append(plot)
    size = figure.outer_size()
    root.set("viewBox", f"0 0 {size.width():g} {size.height():g}")


def _tidy(svg: bytes, figure: AnyFigure) -> bytes:
    """Centred text in portable fonts, clip paths unpainted, the title, a size in pixels."""
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", XLINK_NS)
    root = ET.fromstring(svg)
    _with_caption(root, figure)
    portable: dict[str, str] = {}
    for element in root.iter():
        value = element.get("font-family")
        if value is None:
            continue
        if element.tag == f"{{{SVG_NS}}}text":
            _centre(element, value)
        if value not in portable:
            portable[value] = portable_families(value)
        element.set("font-family", portable[value])
    # a clip path's geometry alone clips; painted (as some renderers do) it framed the plots
    for clip in root.iter(f"{{{SVG_NS}}}clipPath"):
        for shape in clip:
            shape.set("fill", "none")
            shape.set("stroke", "none")
    title = root.find(f"{{{SVG_NS}}}title")
    if title is not None:
        title.text = figure.title
    size = figure.outer_size()
    root.set("width", f"{size.width():g}")
    root.set("height", f"{size.height():g}")
    return bytes(ET.tostring(root, encoding="utf-8", xml_declaration=True))


def painted_svg(figure: PaintedFigure) -> bytes:
    """Return a painted view as SVG through QSvgGenerator, its caption above, text as text."""
    size = figure.outer_size()
    whole = QSize(round(size.width()), round(size.height()))

    def generator(buffer: QBuffer) -> QSvgGenerator:
        svg = QSvgGenerator()
        svg.setOutputDevice(buffer)
        svg.setSize(whole)
        svg.setViewBox(QRect(0, 0, whole.width(), whole.height()))
        svg.setTitle(figure.title)
        svg.setResolution(figure.dpi())
        return svg

    # Qt writes a control character of a token's name as it is, which no XML reader takes
    svg = _NOT_XML.sub(b"", painted_bytes(figure, generator))
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", XLINK_NS)
    root = ET.fromstring(svg)
    portable: dict[str, str] = {}
    for element in root.iter():
        value = element.get("font-family")
        if value is not None:
            portable.setdefault(value, portable_families(value))
            element.set("font-family", portable[value])
    root.set("width", f"{whole.width()}")
    root.set("height", f"{whole.height()}")
    return bytes(ET.tostring(root, encoding="utf-8", xml_declaration=True))


def _prefixed(root: ET.Element, prefix: str) -> None:
    """Give every id of ``root`` (and every reference to one) ``prefix``.

    Each part of a row is a whole SVG of its own, and pyqtgraph names its clip paths alike
    in every one ("ViewBox_1_clip"): nested unchanged, each part clipped by the first's.
    """
    for element in root.iter():
        for key, value in element.attrib.items():
            if key == "id":
                element.set(key, prefix + value)
            elif "url(#" in value:
                element.set(key, value.replace("url(#", f"url(#{prefix}"))
            elif key.endswith("href") and value.startswith("#"):
                element.set(key, f"#{prefix}{value[1:]}")


def row_svg(figure: FigureRow) -> bytes:
    """Return a row of figures as one SVG: each part's own SVG, as a group in its place."""
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", XLINK_NS)
    size = figure.size()
    box = f"0 0 {size.width():g} {size.height():g}"
    root = ET.Element(f"{{{SVG_NS}}}svg", {"version": "1.2", "baseProfile": "tiny", "viewBox": box})
    ET.SubElement(root, f"{{{SVG_NS}}}title").text = figure.title
    ET.SubElement(root, f"{{{SVG_NS}}}rect", {"width": "100%", "height": "100%",
                                              "fill": figure.background().name()})  # fmt: skip
    for index, (part, place) in enumerate(zip(figure.parts, figure.places(), strict=True)):
        # a group moved into place, not a nested <svg>, which SVG Tiny (Qt's reader) skips
        whole = ET.fromstring(figure_svg(part))
        _prefixed(whole, f"part{index + 1}-")
        moved = f"translate({place.x():g},{place.y():g})"
        group = ET.SubElement(root, f"{{{SVG_NS}}}g", {"id": f"part{index + 1}",
                                                       "transform": moved})  # fmt: skip
        for child in whole:
            if child.tag in (f"{{{SVG_NS}}}title", f"{{{SVG_NS}}}desc"):
                continue
            if child.tag == f"{{{SVG_NS}}}rect" and child.get("width") == "100%":
                child.set("width", f"{place.width():g}")  # its background: its part only
                child.set("height", f"{place.height():g}")
            group.append(child)
    _with_caption(root, figure)
    caption = root.find(f"{{{SVG_NS}}}g[@id='caption']")
    for text in [] if caption is None else caption.iter(f"{{{SVG_NS}}}text"):
        families = portable_families(text.get("font-family", ""))
        _centre(text, families)
        text.set("font-family", families)
    outer = figure.outer_size()
    root.set("width", f"{outer.width():g}")
    root.set("height", f"{outer.height():g}")
    return bytes(ET.tostring(root, encoding="utf-8", xml_declaration=True))


def figure_svg(figure: AnyFigure) -> bytes:
    """Return the figure as SVG: text as text, cells of small matrices as rectangles."""
    if isinstance(figure, PaintedFigure):
        return painted_svg(figure)
    if isinstance(figure, FigureRow):  # figures side by side
        return row_svg(figure)
    scene = figure.view.scene()
    # every cell (up to an image's limit), not the screen's one cell per pixel
    with sharp_images(figure.view, math.inf):
        scene.prepareForPaint()  # pyqtgraph's lazy updates (view ranges) happen first
        with cells_as_rectangles(scene), closed_paths_understood():
            data = bytes(SVGExporter(figure.target()).export(toBytes=True))
    return _tidy(data, figure)
