"""The heatmaps' colour tables are pyqtgraph's maps, read once."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest

from gui.plots.colour_bar import colours_of


@pytest.mark.parametrize(("kind", "name"), [("probability", "viridis"), ("diverging", "CET-CBD1")])
def test_each_kind_has_the_colours_of_its_pyqtgraph_map(kind, name):
    expected = pg.colormap.get(name).getLookupTable(nPts=256, alpha=False)
    table = colours_of(kind)
    assert table.dtype == np.uint8
    assert np.array_equal(table, expected)


def test_the_table_is_shared_and_cannot_be_changed_by_one_heatmap():
    assert colours_of("diverging") is colours_of("diverging")
    with pytest.raises(ValueError, match="read-only"):
        colours_of("diverging")[0, 0] = 1
