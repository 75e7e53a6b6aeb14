"""The status bar: a refusal goes once something works (or after its time), and the cell
under the mouse is named by its tokens."""

from __future__ import annotations

import numpy as np
import pytest

from gui.support.language import set_language


@pytest.mark.parametrize(
    ("refuse", "said"),
    [
        (lambda state: state.set_heads(3), "Heads: 3 heads do not divide"),
        (lambda state: state.set_cell("q", 0, 1, "abc"), "“abc”"),
        (lambda state: state.paste_block("q", 0, 0, [["x"]]), "Paste refused"),
    ],
)
def test_a_refusal_leaves_the_status_bar_once_an_edit_works(window, refuse, said):
    bar = window.statusBar()
    height = bar.height()
    assert not refuse(window.state)
    assert said in bar.currentMessage()
    assert window.state.set_cell("q", 0, 1, "0.5")  # something that works
    assert bar.currentMessage() == ""
    assert bar.height() == height  # the layout does not jump


def test_a_refusal_in_chinese_leaves_too_and_good_news_stays(window):
    set_language("zh_CN")
    try:
        bar = window.statusBar()
        assert not window.state.set_cell("q", 0, 1, "abc")
        assert "不是数字" in bar.currentMessage()
        assert window.state.set_cell("q", 0, 1, "1")
        assert bar.currentMessage() == ""
    finally:
        set_language("en")
    window.show_status("Exported 12 files")  # news, not a refusal: stays its time
    window.state.set_cell("q", 0, 1, "2")
    assert window.statusBar().currentMessage() == "Exported 12 files"


def test_the_cell_under_the_mouse_is_named_by_its_tokens_not_its_rows_label(window):
    state = window.state
    own = np.ones((3, 3), dtype=bool)
    own[0] = False  # 猫 may look at no key
    assert state.set_own_mask(own)
    assert state.result.fully_masked_rows[0]
    texts = []
    window.pipeline.hover_text.connect(texts.append)
    window.pipeline._on_cell_hovered("weights", 3, 0, 0)
    assert texts[-1] == "③ A[猫, 猫] = 0"
    window.pipeline._on_cell_hovered("context", 4, 1, 1)
    assert texts[-1].startswith("④ Z[吃, d1] = ")
