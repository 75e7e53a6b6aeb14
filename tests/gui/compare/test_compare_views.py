"""Pin as A, compare B (issue 28), in the side views: the dial's weight bars and the mixing
view draw A's row as outlines behind B's; the hand calculation gives A's and B's."""

from __future__ import annotations

import numpy as np
import pytest

from engine import load_preset
from gui.model.state import AttentionState
from gui.support.language import set_language
from gui.views.hand_calculation import ExplainPanel
from gui.views.mixing import MixingView
from gui.views.weight_bars import WeightBars

# the lesson's 猫 吃 鱼, worked out by hand: S = QKᵀ, and V
SCORES = np.array([[1.0, 1.0, 2.0], [0.0, 4.0, 2.0], [1.0, 1.0, 0.0]])
V = np.array([[1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0], [2.0, 0.0, 0.0, 2.0]])
A_TAU, B_TAU = 0.5, 2.0  # "compare-temperature": A at τ = 0.5, B at τ = 2


def softmax(row: np.ndarray) -> np.ndarray:
    powers = np.exp(row - row.max())
    return powers / powers.sum()


def a_weights(row: int) -> np.ndarray:
    return softmax(SCORES[row] / A_TAU)


@pytest.fixture
def state(qapp) -> AttentionState:
    state = AttentionState()
    assert state.load_preset(load_preset("compare-temperature"))
    state.select_token(1)  # 吃
    return state


@pytest.fixture
def bars(qtbot, state) -> WeightBars:
    bars = WeightBars(state)
    qtbot.addWidget(bars)
    bars.resize(400, 300)
    bars.show()
    return bars


@pytest.fixture
def mixing(qtbot, state) -> MixingView:
    view = MixingView(state)
    qtbot.addWidget(view)
    view.resize(400, 300)
    view.show()  # drawn when shown
    return view


@pytest.fixture
def panel(qtbot, state) -> ExplainPanel:
    panel = ExplainPanel(state)
    qtbot.addWidget(panel)
    panel.resize(380, 500)  # the side column's width at 1280×720
    panel.show()
    return panel


def test_the_dial_bars_draw_a_row_as_outlines_behind_b_filled_bars(bars, state):
    outlines = bars.outlines.shown()
    assert outlines is not None
    assert np.allclose(outlines, a_weights(1))  # A's 吃 row: [0.00, 0.98, 0.02]
    assert np.allclose(bars.weights(), softmax(SCORES[1] / B_TAU))  # B's: [0.09, 0.67, 0.24]
    assert bars.outlines.bars.zValue() < bars.bars.zValue()  # behind B's
    assert "outline: A (pinned)" in bars.readout.text()


def test_the_outlines_follow_the_selected_row(bars, mixing, state):
    state.select_token(0)  # 猫
    assert np.allclose(bars.outlines.shown(), a_weights(0))
    assert np.allclose(mixing.outlines.totals_drawn(), a_weights(0) @ V)
    state.select_cell("weights", 2, 1)  # a click on 鱼's row selects 鱼
    assert np.allclose(bars.outlines.shown(), a_weights(2))
    assert np.allclose(mixing.outlines.totals_drawn(), a_weights(2) @ V)


def test_no_outline_without_a_pin_and_none_after_unpin(qtbot, qapp, bars, mixing, state):
    state.comparison.unpin()
    assert bars.outlines.shown() is None
    assert "outline" not in bars.readout.text()
    assert not mixing.outlines.is_drawn()
    assert mixing.outlines.stacks.heights.size == 0
    assert "outline" not in mixing.legend_html()
    plain = AttentionState()  # never pinned
    never = WeightBars(plain)
    qtbot.addWidget(never)
    assert never.outlines.shown() is None
    state.comparison.pin()  # A = B now: outlines again, on B's bars
    assert np.allclose(bars.outlines.shown(), bars.weights())


def test_no_outline_where_a_and_b_differ_in_shape(bars, mixing, state):
    state.add_token("x")  # B has four tokens, A three: an outline would stand on another bar
    assert state.comparison.is_on
    assert not state.comparison.comparable
    assert bars.outlines.shown() is None
    assert "outline" not in bars.readout.text()
    assert not mixing.outlines.is_drawn()
    assert "outline" not in mixing.legend_html()


def test_the_mixing_view_draws_a_stacks_and_z_behind_b(mixing, state):
    contributions = a_weights(1)[:, None] * V  # each token's A_ij × v_j, of A
    assert np.allclose(mixing.outlines.stacks.heights, contributions)  # a group per token
    assert np.allclose(mixing.outlines.totals_drawn(), a_weights(1) @ V)
    assert np.allclose(mixing.totals(), softmax(SCORES[1] / B_TAU) @ V)  # B's, as before
    assert mixing.outlines.stacks.zValue() < mixing.stacks.zValue()
    assert "outline, dashed line: A (pinned)" in mixing.legend_html().replace("\u2060", "")
    low, high = mixing.mix.vb.viewRange()[1]
    assert low <= 0.0
    assert high >= float((a_weights(1) @ V).max())


def test_a_outlines_are_not_made_again_while_the_dial_plays_b(bars, mixing, state):
    made = []
    for item in (bars.outlines.bars, mixing.outlines.stacks):
        original = item.set_bars
        item.set_bars = lambda *args, o=original, i=item: (made.append(i), o(*args))[1]
    for tau in np.linspace(2.0, 0.3, 12):  # the dial's frames
        state.set_temperature(float(tau))
        assert np.allclose(bars.outlines.shown(), a_weights(1))
    assert made == []
    assert np.allclose(bars.weights(), softmax(SCORES[1] / 0.3))  # B followed the dial
    state.select_token(0)  # another row: made again, once each
    assert len(made) == 2


def test_the_hand_calculation_gives_a_and_b_for_the_clicked_cell(panel, state):
    state.select_cell("weights", 1, 2)  # A[吃, 鱼]
    text = panel.text()
    assert text.index("A (pinned)") < text.index("B (being changed)")
    a_part, b_part = text.split("B (being changed)")
    assert "scaled row [0, 8, 4]" in a_part  # S/τ at τ = 0.5
    assert "[0.00, 0.98, 0.02]" in a_part
    assert a_part.rstrip().endswith("≈ 0.02")
    assert "scaled row [0, 2, 1]" in b_part  # at τ = 2
    assert "[0.09, 0.67, 0.24]" in b_part
    assert b_part.rstrip().endswith("≈ 0.24")
    state.select_cell("scaled", 1, 1)
    a_part, b_part = panel.text().split("B (being changed)")
    assert "4 ÷ 0.5 = 8" in a_part
    assert "4 ÷ √4 = 2" in b_part


def test_a_calculation_is_kept_while_the_dial_plays_b(panel, state):
    state.select_cell("weights", 1, 2)
    kept = panel._pinned
    state.set_temperature(1.0)
    assert panel._pinned is kept  # A's boxes, not written again
    assert "scaled row [0, 4, 2]" in panel.text().split("B (being changed)")[1]


def test_without_a_pin_the_hand_calculation_is_b_alone(panel, state):
    state.comparison.unpin()
    state.select_cell("weights", 1, 2)
    text = panel.text()
    assert "A (pinned)" not in text
    assert "B (being changed)" not in text
    assert "scaled row [0, 2, 1]" in text
    assert "[0, 8, 4]" not in text


def test_a_cell_only_b_has_is_said_to_be_none_of_a(panel, state):
    state.add_token("x")
    state.select_cell("weights", 3, 0)  # x's row: A has three tokens
    a_part, b_part = panel.text().split("B (being changed)")
    assert "A has no such cell" in a_part
    assert "softmax of x's row" in b_part
    state.select_cell("scores", 0, 1)  # S[猫, 吃]: in both
    a_part, b_part = panel.text().split("B (being changed)")
    assert "no such cell" not in a_part
    assert "S[猫, 吃]" in a_part


def test_a_and_b_stand_side_by_side_where_the_panel_has_room(qtbot, panel, state):
    state.select_cell("weights", 1, 2)
    assert "<table" not in panel.browser.toHtml()  # 380 px: one above the other
    panel.resize(900, 500)
    qtbot.waitUntil(lambda: "<table" in panel.browser.toHtml())
    panel.resize(380, 500)
    qtbot.waitUntil(lambda: "<table" not in panel.browser.toHtml())
    assert "A (pinned)" in panel.text()
    assert "[0.09, 0.67, 0.24]" in panel.text()


def test_the_comparison_texts_follow_the_language(bars, mixing, panel, state):
    state.select_cell("weights", 1, 2)
    set_language("zh_CN")
    try:
        legend = mixing.legend_html().replace("\u2060", "")
        for text in (bars.readout.text(), legend, panel.text()):
            assert "A (pinned)" not in text, text
            assert "A（已固定）" in text, text
        a_part, b_part = panel.text().split("B（正在修改）")
        assert "缩放后的一行 [0, 8, 4]" in a_part
        assert "缩放后的一行 [0, 2, 1]" in b_part
        assert "scaled row" not in panel.text()
        assert "B (being changed)" not in panel.text()
    finally:
        set_language("en")
    assert "outline: A (pinned)" in bars.readout.text()
    assert "B (being changed)" in panel.text()
