"""At 1280 × 720 the heads' dock is short (a page about 376 × 125 px, as a user trial found
it): the Lines and Mask tabs fit it whole, with no scrolling. The figure and the grid
shrink; every name, the legend and the buttons stay in sight."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QRect

from engine import load_preset
from gui import install_fonts
from gui.model.state import AttentionState
from gui.support.language import set_language
from gui.views.heads_panel import HeadsPanel
from tests.gui.isolation import next_frame

PAGE = (376, 125)  # the page's room in the trial's screenshots (44-lines.png, 46-mask.png)


@pytest.fixture
def panel(qtbot, qapp):
    install_fonts(qapp)

    def make(language):
        set_language(language)
        state = AttentionState()
        state.load_preset(load_preset("two-heads"))
        assert state.set_padding(1, True)
        next_frame()
        heads = HeadsPanel(state)
        qtbot.addWidget(heads)
        heads.show()
        qtbot.waitExposed(heads)
        tabs = heads.tabs
        area = tabs.currentWidget()
        extra = heads.size() - area.viewport().size()  # the tab bar and the frames
        heads.resize(PAGE[0] + extra.width(), PAGE[1] + extra.height())
        for _ in range(3):
            QCoreApplication.processEvents()
        return heads

    yield make
    set_language("en")


def seen(page, widget) -> bool:
    """Return True if ``widget`` lies whole within the scroll area's viewport."""
    area = page.parentWidget().parentWidget()
    box = QRect(widget.mapTo(area.viewport(), widget.rect().topLeft()), widget.size())
    return area.viewport().rect().contains(box)


def show_tab(heads, page):
    heads.tabs.setCurrentWidget(heads._pages[page])
    for _ in range(3):
        QCoreApplication.processEvents()
    return heads._pages[page]


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_lines_tab_fits_a_short_dock_and_names_every_token(panel, language):
    heads = panel(language)
    area = show_tab(heads, heads.lines)
    assert area.viewport().height() <= PAGE[1] + 1
    assert area.verticalScrollBar().maximum() == 0
    assert seen(heads.lines, heads.lines.plot)
    heads.lines.set_all_heads(True)
    picture = heads.lines.plot.picture
    geometry = picture.geometry_now()
    assert picture.named_rows(geometry) == [0, 1, 2]
    assert geometry.top + geometry.pitch * geometry.count <= picture.size().height()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_mask_tab_fits_a_short_dock_with_its_legend_and_buttons(panel, language):
    heads = panel(language)
    editor = heads.mask_editor
    area = show_tab(heads, editor)
    assert area.verticalScrollBar().maximum() == 0
    for button in editor.buttons.values():
        assert seen(editor, button), button.text()
    assert seen(editor, editor.legend)
    assert editor.legend.heightForWidth(editor.legend.width()) <= editor.legend.height()
    assert editor.canvas.height() >= 40
