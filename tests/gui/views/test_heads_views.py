"""The views of several heads, masks and dropout: the head grid, the concat view, their
controls and the mask painted by hand, each a view of the one state."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor

from engine import causal_mask, load_preset
from gui.model.state import AttentionState
from gui.views.concat_view import ConcatView
from gui.views.head_grid import HeadGrid
from gui.views.heads_controls import HeadsControls
from gui.views.mask_editor import MaskEditor
from tests.gui.painted import distinct_colours


@pytest.fixture
def state(qapp):
    return AttentionState(load_preset("shape-check"))


def shown(qtbot, widget, size=(400, 360)):
    qtbot.addWidget(widget)
    widget.resize(*size)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_the_head_grid_shows_every_head_on_one_scale_and_a_click_opens_one(qtbot, state):
    grid = shown(qtbot, HeadGrid(state))
    assert len(grid.weights()) == 1
    state.set_heads(2)
    weights = grid.weights()
    assert len(weights) == 2
    assert grid.high == max(float(a.max()) for a in weights)
    image = grid.grab().toImage()
    assert distinct_colours(image) > 10  # two pictures of weights, not a blank widget
    second = grid._places[1].center().toPoint()
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=second)
    assert state.selected_head == 1
    assert state.result is state.heads_result.heads[1]


def test_the_head_grid_of_16_heads_at_512_tokens_paints_quickly(qtbot, qapp):
    import time

    from engine import random_preset

    preset = random_preset(512, 64, 64, seed=1)
    state = AttentionState(preset)
    state.set_heads(16)
    grid = shown(qtbot, HeadGrid(state), (800, 800))
    started = time.perf_counter()
    grid.grab()
    elapsed = time.perf_counter() - started
    print(f"head grid, 16 heads of 512 tokens: painted in {elapsed * 1000:.1f} ms")
    assert len(grid._places) == 16


def test_the_concat_view_puts_each_head_in_its_columns_and_writes_the_shapes(qtbot, state):
    view = shown(qtbot, ConcatView(state))
    state.set_heads(2)
    heads = state.heads_result
    np.testing.assert_array_equal(view.concat.matrix(), heads.concat)
    story = view.story()
    assert "X (3×8) · W_q (8×4) → Q (3×4)" in story
    assert "split into 2 heads of (3×2)" in story
    assert "V (3×6) → 2 heads of (3×3)" in story
    assert "Z_i (3×3)" in story
    assert not view.output.isVisible()
    state.set_w_o_given(True)
    assert view.output.isVisible()
    np.testing.assert_array_equal(view.output.matrix(), state.heads_result.output)
    assert "Concat (3×6) · W_o (6×6) → output (3×6)" in view.story()


def test_the_controls_set_heads_w_o_and_dropout_and_a_refusal_springs_back(qtbot, state):
    controls = shown(qtbot, HeadsControls(state))
    controls.heads.setValue(2)
    assert state.heads == 2
    controls.heads.setValue(3)  # 3 does not divide d_k = 4
    assert state.heads == 2
    assert controls.heads.value() == 2
    controls.w_o.setChecked(True)
    assert state.has_w_o
    controls.dropout.setChecked(True)
    assert state.dropout is not None
    assert state.dropout.training
    controls.p.setValue(0.5)
    assert state.dropout.p == 0.5
    controls.mode.setCurrentIndex(1)
    assert not state.dropout.training
    assert state.dropped is None
    state.undo_stack.undo()
    assert state.dropout.training
    assert controls.mode.currentIndex() == 0


def test_clicking_and_dragging_paint_the_mask_and_the_buttons_set_it_whole(qtbot, qapp):
    state = AttentionState(load_preset("cat-eats-fish"))
    editor = shown(qtbot, MaskEditor(state))
    canvas = editor.canvas
    side, left, top = canvas._geometry()

    def centre(row, col):
        return QPoint(int(left + (col + 0.5) * side), int(top + (row + 0.5) * side))

    qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=centre(0, 2))
    expected = np.ones((3, 3), dtype=bool)
    expected[0, 2] = False
    np.testing.assert_array_equal(state.own_mask, expected)
    assert state.result.weights[0, 2] == 0
    qtbot.mousePress(canvas, Qt.MouseButton.LeftButton, pos=centre(1, 0))
    qtbot.mouseMove(canvas, centre(1, 1))
    qtbot.mouseMove(canvas, centre(1, 2))
    qtbot.mouseRelease(canvas, Qt.MouseButton.LeftButton, pos=centre(1, 2))
    expected[1, :] = False
    np.testing.assert_array_equal(state.own_mask, expected)
    assert state.undo_stack.count() == 2  # a drag is one step
    editor.buttons["causal"].click()
    np.testing.assert_array_equal(state.own_mask, causal_mask(3))
    editor.buttons["invert"].click()
    np.testing.assert_array_equal(state.own_mask, ~causal_mask(3))
    editor.buttons["all"].click()
    assert state.own_mask is None
    state.undo_stack.undo()
    np.testing.assert_array_equal(editor.allowed, ~causal_mask(3))


def test_the_window_shows_heads_padding_and_dropout(window, qtbot):
    state = window.state
    window.load_built_in("shape-check")
    assert not window.workspace.is_panel_shown("heads")
    state.set_heads(2)
    assert window.workspace.is_panel_shown("heads")  # a split into heads shows every head
    assert "MultiHead(Q, K, V) = Concat(head₁, head₂)" in window.formula.shape_chain.text()
    assert window.inputs.tokens.d_k.value() == 4  # the whole width, h·d_k
    assert window.inputs.tokens.d_k_label.text() == "h·d_k"
    state.set_w_o_given(True)
    assert "w_o" in window.inputs.grids
    state.set_padding(2, True)
    weights = window.findChild(type(window.pipeline.heatmaps["weights"]), "weightsHeatmap")
    assert (weights.matrix()[:, 2] == 0).all()
    assert weights._row_names[2].endswith(": pad")
    from engine.lesson.dropout import DropoutSetting

    state.set_dropout(DropoutSetting(0.5, 1, True))
    dropped = state.dropped
    np.testing.assert_array_equal(weights.matrix(), dropped.weights)
    assert "A′ = dropout(A)" in window.pipeline.titles["weights"].text()
    np.testing.assert_allclose(window.mixing.totals(), dropped.context[state.selected_token])
    state.select_cell("weights", 0, 0)
    assert (
        "Dropout (p = 0.5): kept, so A′[token 1, token 1] = 0.80 ÷ (1 − 0.5) = 1.60"
        in window.explanation.text()
    )


def test_the_two_heads_preset_opens_from_the_presets_menu(window):
    window.menus.heads_action.trigger()
    state = window.state
    assert state.heads == 2
    assert state.has_w_o
    assert window.workspace.is_panel_shown("heads")
    assert "two heads" in window.windowTitle() or "两个头" in window.windowTitle()
    grid = window.heads.grid
    assert len(grid.weights()) == 2


def ink_in(image, rect) -> int:
    """How many dark pixels (text) the image has in ``rect`` (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = (round(v) for v in rect)
    return sum(QColor(image.pixel(x, y)).lightness() < 120
               for x in range(max(x0, 0), x1) for y in range(max(y0, 0), y1))  # fmt: skip


@pytest.mark.parametrize(("names", "size"), [(["猫", "吃", "鱼"], (400, 360)),
                                             (["[CLS]", "the", "cat", "eats", "fish", "[SEP]"],
                                              (260, 260))])  # fmt: skip
def test_the_mask_grid_names_its_rows_queries_and_its_columns_keys(qtbot, names, size):
    # the trial found no token names at any size: which row was which query was a guess
    state = AttentionState(load_preset("cat-eats-fish"))
    while len(state.tokens) < len(names):
        state.add_token()
    for index, name in enumerate(names):
        state.rename_token(index, name)
    editor = shown(qtbot, MaskEditor(state), size)
    canvas = editor.canvas
    side, left, top = canvas._geometry()
    assert left > 8
    assert top > 8
    image = canvas.grab().toImage()
    for i in range(len(names)):
        assert ink_in(image, (0, top + i * side + 1, left - 1, top + (i + 1) * side - 1)), i
        assert ink_in(image, (left + i * side + 1, 0, left + (i + 1) * side - 1, top - 1)), i


def test_dropout_and_the_mask_buttons_speak_chinese(qtbot, state):
    # "Dropout" and "撤销 设置 dropout" stayed English; "全不" read awkwardly
    from engine.lesson.dropout import DropoutSetting
    from gui.support.language import set_language

    controls = shown(qtbot, HeadsControls(state))
    editor = shown(qtbot, MaskEditor(state))
    set_language("zh_CN")
    try:
        # as wide as "Dropout": a longer label widened the inputs and narrowed the heatmaps
        assert controls.dropout_label.text() == "随机丢弃"
        state.set_dropout(DropoutSetting(0.5, 1, True))
        assert state.undo_stack.undoText() == "设置随机丢弃"
        assert editor.buttons["none"].text() == "全部禁止"
        assert editor.buttons["all"].text() == "全部允许"
    finally:
        set_language("en")


def test_the_concat_view_shows_z_prime_while_dropout_trains(qtbot):
    # step ④ showed Z′ for 猫 (2.00, 1.00) and the concat Z (1.00, 0.50) for the same state
    from engine.lesson.dropout import DropoutSetting

    state = AttentionState(load_preset("two-heads"))
    view = shown(qtbot, ConcatView(state))
    state.set_heads(2)
    state.set_w_o_given(True)
    state.set_dropout(DropoutSetting(0.5, 1, True))
    qtbot.waitUntil(lambda: "Z′" in view.concat_title.text())
    heads = state.shown_heads
    width = state.d_v
    for head in range(2):
        state.select_head(head)
        np.testing.assert_allclose(
            view.concat.matrix()[:, head * width : (head + 1) * width], state.shown_result.context
        )
    np.testing.assert_allclose(view.output.matrix(), heads.concat @ state.matrix("w_o"))


def test_the_weights_scale_reaches_a_prime_while_dropout_trains(qtbot):
    # A′'s 2.00 and 1.00 had the same yellow under a scale still called "A: 0 to 1"
    from engine.lesson.dropout import DropoutSetting
    from gui.views.pipeline import PipelineView

    state = AttentionState(load_preset("two-heads"))
    view = shown(qtbot, PipelineView(state), (900, 600))
    weights = view.heatmaps["weights"]
    assert weights.levels() == (0.0, 1.0)
    state.set_dropout(DropoutSetting(0.5, 1, True))
    qtbot.waitUntil(lambda: weights.levels() == (0.0, 2.0))
    assert view.scale_choice.itemText(0) == "A′: 0 to 2"
    state.set_dropout(DropoutSetting(0.5, 1, False))  # evaluation: A again
    qtbot.waitUntil(lambda: weights.levels() == (0.0, 1.0))
    assert view.scale_choice.itemText(0) == "A: 0 to 1"


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_concat_is_written_with_subscripts_as_the_line_above(window, language):
    # "Concat(head_1, …, head_2)" under a line of real subscripts; odd for two heads
    from engine import random_preset
    from engine.lesson.dropout import DropoutSetting
    from gui.support.language import set_language

    state = window.state
    set_language(language)
    try:
        state.load_preset(random_preset(3, 8, 8, seed=1))
        state.set_heads(2)
        chain, concat = window.formula.shape_chain, window.heads.concat
        concat.draw()
        assert "Concat(head₁, head₂)" in chain.text()
        assert concat.concat_title.text() == "Concat(head₁, head₂) = [Z₁ | Z₂]"
        state.set_heads(4)
        concat.draw()
        assert "Concat(head₁, …, head₄)" in chain.text()
        assert concat.concat_title.text() == "Concat(head₁, …, head₄) = [Z₁ | … | Z₄]"
        state.set_dropout(DropoutSetting(0.5, 1, True))
        concat.draw()
        comma = "，" if language == "zh_CN" else ", "
        assert (
            concat.concat_title.text()
            == f"Concat(head₁, …, head₄) = [Z′₁ | … | Z′₄]{comma}Z′ = A′·V"
        )
        for text in (chain.text(), concat.concat_title.text()):
            assert "_1" not in text
            assert "head_" not in text
        if language == "zh_CN":
            assert "；头 " in chain.text()
    finally:
        set_language("en")
