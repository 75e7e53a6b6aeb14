"""A figure as bytes in the format asked for: PNG and PDF from figures.py, SVG from svg.py."""

from __future__ import annotations

from gui.export.figures import FORMATS, AnyFigure, figure_pdf, figure_png


def render_figure(figure: AnyFigure, fmt: str, scale: float = 1.0) -> bytes:
    """Render ``figure`` as ``fmt`` ("png", "svg" or "pdf") bytes.

    Parameters
    ----------
    figure
        The plot to draw.
    fmt
        One of ``FORMATS``.
    scale
        The PNG's size against the screen; the vector formats have no scale.
    """
    if fmt == "png":
        return figure_png(figure, scale)
    if fmt == "pdf":
        return figure_pdf(figure)
    if fmt == "svg":
        # Loaded when first asked for: the SVG exporter and its workaround cost start-up time.
        from gui.export.svg import figure_svg

        return figure_svg(figure)
    raise ValueError(f"unknown figure format {fmt!r}; choose from {', '.join(FORMATS)}")
