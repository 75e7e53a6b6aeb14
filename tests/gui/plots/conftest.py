"""Fixtures for the plots' tests: a heatmap shown at a given size."""

from __future__ import annotations

import pytest

from gui.plots.heatmap import Heatmap


@pytest.fixture
def make_heatmap(qtbot):
    def make(kind: str, size: tuple[int, int] = (400, 400)) -> Heatmap:
        heatmap = Heatmap(kind)
        qtbot.addWidget(heatmap)
        heatmap.resize(*size)
        heatmap.show()
        qtbot.waitExposed(heatmap)
        return heatmap

    return make
