"""Thumbnails of large matrices: each block of cells shown by its largest value."""

from __future__ import annotations

import numpy as np
import pytest

from gui.plots.thumbnails import shrunk, thumbnail


@pytest.mark.parametrize(("shape", "most"), [((512, 512), 96), ((7, 5), 3), ((3, 3), 96),
                                             ((2048, 30), 96), ((97, 300), 96)])  # fmt: skip
def test_each_block_shows_its_largest_value(shape, most):
    matrix = np.random.default_rng(sum(shape)).random(shape)
    step_r, step_c = -(-shape[0] // most), -(-shape[1] // most)
    naive = np.array([[matrix[i : i + step_r, j : j + step_c].max()
                       for j in range(0, shape[1], step_c)]
                      for i in range(0, shape[0], step_r)])  # fmt: skip
    np.testing.assert_array_equal(shrunk(matrix, most), naive)
    assert max(shrunk(matrix, most).shape) <= most


def test_the_picture_is_coloured_from_zero_to_the_top_of_the_scale():
    image = thumbnail(np.array([[0.0, 0.5], [1.0, np.nan]]), high=1.0)
    assert (image.width(), image.height()) == (2, 2)
    assert image.pixelColor(0, 0) == image.pixelColor(1, 1)  # NaN as 0
    assert image.pixelColor(0, 1) != image.pixelColor(0, 0)
