"""The mixing view's range, chosen for the height its plot has on screen."""

from __future__ import annotations

import numpy as np
import pytest

from gui import MainWindow
from gui.model.examples import built_in_example


@pytest.mark.parametrize("example", ["cat-eats-fish", "compare-training"])
def test_at_the_first_paint_the_mix_has_the_headroom_of_its_own_height(qtbot, example):
    # drawn as the window was polished, before its plot had a height, its headroom was
    # taken for 60 px: at 88 px the bars of compare-training stood a quarter shorter
    window = MainWindow(built_in_example(example))
    qtbot.addWidget(window)
    window.resize(1280, 720)
    with qtbot.waitSignal(window.first_paint, timeout=5000):
        window.show()
    mixing = window.mixing
    assert mixing.mix.vb.height() > 60
    stacks = mixing._drawn
    low, high = mixing.outlines.extent
    lowest = min(float(np.clip(stacks, None, 0).sum(axis=0).min()), low)
    highest = max(float(np.clip(stacks, 0, None).sum(axis=0).max()), high)
    wanted = mixing._range_for(lowest, highest)
    assert mixing._limits == pytest.approx(wanted)
