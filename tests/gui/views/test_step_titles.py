"""The steps' titles fit above their heatmaps: in full where there is room, shorter where not."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontMetricsF

from tests.gui.isolation import next_frame


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_title_fits_its_room(window, language, size):
    # at 1280 px "③ weights A = softmax by row" was cut to "③ weights A = softma" by the
    # choice of colour scale beside it
    from gui.support.language import set_language

    set_language(language)
    try:
        window.resize(*size)
        for _ in range(3):
            window.grab()
            next_frame()
        for step, title in window.pipeline.titles.items():
            room = title.contentsRect().width()
            assert QFontMetricsF(title.font()).horizontalAdvance(title.text()) <= room, step
            assert not title.text().endswith("…"), step
            if title.text() != title.full_text():  # shortened: the whole title on hover
                assert title.toolTip() == title.full_text()
        if size == (1920, 1080):  # room for every title in full
            titles = window.pipeline.titles.values()
            assert all(title.text() == title.full_text() for title in titles)
    finally:
        set_language("en")
