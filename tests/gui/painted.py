"""What a heatmap has painted on screen, cell by cell: the test of what people see, not of
the array handed to the plot."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QCoreApplication


def painted_indices(heatmap) -> np.ndarray:
    """Return, per cell, the index (0–255) of the map's colour painted there.

    The colour is read a fifth of the way into each cell, away from its number.
    """
    QCoreApplication.processEvents()
    image = heatmap.grab().toImage()
    ratio = image.devicePixelRatio()
    rows, cols = heatmap.matrix().shape
    area = heatmap.cells_rect()
    table = heatmap.colour_table().astype(float)
    found = np.empty((rows, cols), dtype=int)
    for row in range(rows):
        for col in range(cols):
            x = area.left() + (col + 0.2) * area.width() / cols
            y = area.top() + (row + 0.2) * area.height() / rows
            colour = image.pixelColor(int(x * ratio), int(y * ratio))
            rgb = np.array([colour.red(), colour.green(), colour.blue()], dtype=float)
            found[row, col] = int(np.argmin(((table - rgb) ** 2).sum(axis=1)))
    return found


def expected_indices(heatmap, values) -> np.ndarray:
    """Return the colour index each value should get at the heatmap's levels."""
    low, high = heatmap.levels()
    scaled = (np.asarray(values, dtype=float) - low) / (high - low) * 255
    return np.clip(np.rint(scaled), 0, 255).astype(int)


def assert_painted(heatmap, values, tolerance: int = 3) -> None:
    """Assert that every finite cell of ``values`` is painted in its colour (± tolerance)."""
    values = np.asarray(values, dtype=float)
    shown = np.isfinite(values)
    difference = np.abs(painted_indices(heatmap) - expected_indices(heatmap, values))
    assert (difference[shown] <= tolerance).all(), (
        f"painted colour indices\n{painted_indices(heatmap)}\nexpected\n"
        f"{expected_indices(heatmap, values)}"
    )


def distinct_colours(image, step: int = 4) -> int:
    """Return how many colours a grid of pixels (every ``step``-th) of ``image`` holds."""
    colours = {
        image.pixel(x, y) for x in range(0, image.width(), step)
        for y in range(0, image.height(), step)
    }  # fmt: skip
    return len(colours)
