"""Training a head (issue 29): the state's steps, the run as one undo step, the settings a
session keeps, the scaled-against-unscaled example, the panel."""

from __future__ import annotations

import itertools
from dataclasses import replace

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from engine import load_preset, preset_from_dict, preset_to_dict
from gui.model.state import AttentionState
from gui.model.training_goal import TrainingSettings
from gui.support.language import set_language


def _state(qapp, name: str = "cat-eats-fish") -> AttentionState:
    state = AttentionState()
    state.load_preset(load_preset(name))
    state.clear_history()
    return state


def _run(qtbot, state: AttentionState, limit: int) -> None:
    training = state.training
    training.set_settings(replace(training.settings, limit=limit))
    training.train()
    qtbot.waitUntil(lambda: not training.running, timeout=20_000)


def test_steps_bring_cats_row_to_its_goal(qapp):
    state = _state(qapp)
    training = state.training
    assert training.settings.goal == "row"
    for _ in range(40):
        assert training.step()
    losses = [record.loss for record in training.history]
    assert losses[0] == pytest.approx(0.8944, abs=1e-4)  # the engine's, for 猫's row
    assert all(b <= a + 1e-12 for a, b in itertools.pairwise(losses))
    assert np.allclose(state.result.weights[0], [0.1, 0.1, 0.8], atol=0.01)
    assert losses[-1] - training.best() < 1e-3  # the least there is: the target's entropy


def test_a_run_is_one_undo_step_and_undo_gives_back_the_numbers_before_it(qapp, qtbot):
    state = _state(qapp)
    before = {name: state.matrix(name).copy() for name in ("q", "k", "v")}
    _run(qtbot, state, limit=12)
    assert len(state.training.history) == 12
    assert state.undo_stack.count() == 1
    assert state.undo_stack.undoText() == "Train 12 steps"
    after = state.matrix("q").copy()
    state.undo_stack.undo()
    for name, matrix in before.items():
        assert np.array_equal(state.matrix(name), matrix)
    state.undo_stack.redo()
    assert np.array_equal(state.matrix("q"), after)


def test_pause_edit_and_continue_make_three_undo_steps(qapp, qtbot):
    state = _state(qapp)
    _run(qtbot, state, limit=3)
    assert state.set_cell("v", 0, 0, "5")
    _run(qtbot, state, limit=4)
    stack = state.undo_stack
    names = [stack.command(i).text() for i in range(stack.count())]
    assert names == ["Train 3 steps", "Edit V[猫, d0]", "Train 4 steps"]
    assert state.matrix("v")[0, 0] == 5.0  # the edit stays: V does not learn here
    stack.undo()
    stack.undo()
    assert state.matrix("v")[0, 0] == 1.0


def test_a_run_stops_at_the_goal_or_at_the_limit(qapp, qtbot):
    state = _state(qapp)
    _run(qtbot, state, limit=1000)
    steps = len(state.training.history)
    assert steps < 1000  # reached: within 1e-3 of the least loss
    assert state.training.history[-1].loss - state.training.best() <= 1e-3
    state.undo_stack.undo()  # back to the start, far from the goal
    state.training.reset()
    _run(qtbot, state, limit=2)
    assert len(state.training.history) == 2


def test_a_session_keeps_the_goal_and_the_settings(qapp):
    state = _state(qapp)
    settings = TrainingSettings(goal="previous", learning="qkv", rate=0.3, limit=77)
    state.training.set_settings(settings)
    data = preset_to_dict(state.to_preset())
    assert data["view"]["training"]["goal"] == "previous"
    again = AttentionState(preset_from_dict(data))
    again.load_preset(preset_from_dict(data))
    assert again.training.settings == settings
    assert "training" not in preset_to_dict(_state(qapp).to_preset())["view"]  # default: none


@pytest.mark.parametrize("bad", [{"goal": "nonsense", "rate": -1}, {"rate": float("inf")},
                                 "not a dict", {"limit": 10**9, "target": ["x"]}])  # fmt: skip
def test_settings_a_file_got_wrong_fall_back_to_the_defaults(bad):
    read = TrainingSettings.from_dict(bad)
    assert read.goal in ("row",)
    assert read.rate == TrainingSettings().rate
    assert read.limit == TrainingSettings().limit


def test_unscaled_at_d_k_64_passes_back_orders_of_magnitude_less_and_learns_far_later(qapp):
    state = _state(qapp, "compare-training")
    training = state.training
    assert training.settings.goal == "context"
    assert state.comparison.result.temperature == 1.0  # A: unscaled
    for _ in range(60):
        training.step()
    b, a = training.history, training.pinned_history
    assert len(a) == len(b) == 60
    assert b[0].norms["scores"] > 50 * a[0].norms["scores"]  # 0.0184 against 0.000152
    assert b[-1].loss < b[0].loss / 2  # B halves its loss within 60 steps (at step 36)
    assert a[-1].loss > 0.9 * a[0].loss  # A hardly moves


def test_a_goal_the_engine_refuses_is_said_in_the_users_language(qapp):
    state = _state(qapp)
    state.set_causal(True)  # 猫 sees only itself: a goal on 鱼 cannot be reached
    said = []
    state.training.failed.connect(said.append)
    set_language("zh_CN")
    try:
        assert not state.training.step()
    finally:
        set_language("en")
    assert said
    assert "吃" in said[0]  # named by its tokens, not by a position from 0
    assert "mask" not in said[0]  # in Chinese
    assert "遮挡" in said[0]
    assert state.undo_stack.count() == 1  # the mask only: nothing trained


def test_the_panel_shows_the_loss_the_curves_and_the_gradient_by_hand(window, qtbot):
    window.workspace.show_panel("training")
    panel = window.training
    qtbot.waitUntil(lambda: panel._built)
    state = window.state
    panel.step_button.click()
    panel.step_button.click()
    assert panel.status.text().startswith("step 2 · L = ")
    xs, ys = panel.loss_plot.b_line.getData()
    assert len(xs) == 2
    assert ys[0] == pytest.approx(np.log10(state.training.history[0].loss))
    state.select_cell("scores", 0, 2)
    found = state.training.softmax_gradient(0, 2)
    assert found is not None
    assert f"<b>{found.d_score:.3g}</b>".replace("-", "−") in panel.by_hand.text()
    assert "g = ∂L/∂A" in panel.by_hand.text()  # g said before it is used
    assert "a<sub>猫,鱼</sub>" in panel.by_hand.text()


def test_dragging_a_bar_sets_the_goals_row(window, qtbot):
    window.workspace.show_panel("training")
    panel = window.training
    qtbot.waitUntil(lambda: panel._built and panel.bars.isVisible())
    bars = panel.bars
    rect = bars._plot_rect()
    x = int(rect.left() + rect.width() / 6)  # 猫's bar, the first of three
    top, bottom = int(rect.top() + 2), int(rect.bottom() - 2)
    QTest.mousePress(bars, Qt.MouseButton.LeftButton, pos=QPoint(x, bottom))
    QTest.mouseMove(bars, QPoint(x, top))
    QTest.mouseRelease(bars, Qt.MouseButton.LeftButton, pos=QPoint(x, top))
    target = window.state.training.settings.target
    assert target[0] > 0.9
    assert sum(target) == pytest.approx(1.0, abs=1e-3)


def test_the_panel_speaks_chinese(window, qtbot):
    window.workspace.show_panel("training")
    panel = window.training
    qtbot.waitUntil(lambda: panel._built)
    set_language("zh_CN")
    try:
        assert panel.step_button.text() == "走一步"
        assert panel.train_button.text() == "训练"
        assert "交叉熵" in panel.loss_text.text()
    finally:
        set_language("en")
    assert panel.step_button.text() == "Step"


def test_short_plots_name_their_lines_below_them_and_tall_ones_in_a_legend(window, qtbot):
    window.workspace.show_panel("training")
    panel = window.training
    qtbot.waitUntil(lambda: panel._built)
    run = panel.findChild(type(panel.loss_plot.parent()), "trainingRun")
    window.state.training.step()
    # once laid out in the side column at 1280 × 720: too short for a legend
    qtbot.waitUntil(run.line_names.isVisible)
    assert run.loss_plot.height() < 220
    assert "‖∂L/∂S‖" in run.line_names.text()
    assert not run.loss_plot.legend.isVisible()
    run.resize(run.width(), 900)
    qtbot.waitUntil(lambda: not run.line_names.isVisible())
    assert run.loss_plot.legend.isVisible()


def test_undo_of_a_run_with_a_pin_gives_back_a_and_b_and_the_curves(qapp, qtbot):
    state = _state(qapp, "compare-training")
    training = state.training
    a_start = {n: m.copy() for n, m in state.comparison.pinned.numbers.snapshot.matrices.items()}
    b_start = state.matrix("q").copy()
    _run(qtbot, state, limit=6)
    assert state.undo_stack.undoText() == "Train 6 steps"
    a_end = state.comparison.pinned.numbers.snapshot.matrices["q"].copy()
    assert not np.array_equal(a_end, a_start["q"])  # A trained beside B
    state.undo_stack.undo()
    assert np.array_equal(state.matrix("q"), b_start)
    a_now = state.comparison.pinned.numbers.snapshot.matrices
    assert all(np.array_equal(a_now[n], m) for n, m in a_start.items())
    assert training.history == []
    assert training.pinned_history == []
    state.undo_stack.redo()
    assert len(training.history) == 6
    assert len(training.pinned_history) == 6
    assert np.array_equal(state.comparison.pinned.numbers.snapshot.matrices["q"], a_end)


def test_edit_undo_names_the_whole_run(window, qtbot):
    state = window.state
    _run(qtbot, state, limit=5)
    assert window.undo_action.text() == "&Undo Train 5 steps"


def test_a_step_that_would_pass_the_largest_number_a_session_keeps_is_refused(qapp, monkeypatch):
    import gui.model.training as training_module

    monkeypatch.setattr(training_module, "MAX_VALUE", 2.0)  # the lesson's Q and K reach 2
    state = _state(qapp)
    said = []
    state.training.failed.connect(said.append)
    before = state.matrix("q").copy()
    state.training.set_settings(replace(state.training.settings, rate=50.0))
    assert not state.training.step()
    assert said
    assert said[0].startswith("Training stopped: a step would take Q beyond ±2")
    assert np.array_equal(state.matrix("q"), before)
    assert state.undo_stack.count() == 0


def test_a_goal_these_numbers_cannot_have_is_said_not_raised(qapp):
    state = AttentionState()
    state.load_preset(load_preset("cat-eats-fish"))
    state.remove_token(2)
    state.remove_token(1)  # one token: it has no previous one
    said = []
    state.training.failed.connect(said.append)
    state.training.set_settings(replace(state.training.settings, goal="previous"))
    assert np.isnan(state.training.best())
    assert not state.training.step()
    assert said
    assert state.training.softmax_gradient(0, 0) is None


def test_the_panel_behind_the_dial_computes_nothing_until_shown(window, qtbot, monkeypatch):
    window.workspace.show_panel("training")
    panel = window.training
    qtbot.waitUntil(lambda: panel._built)
    window.state.select_cell("scores", 0, 2)
    window.workspace.show_panel("temperature")  # the training's tab behind the dial's
    qtbot.waitUntil(lambda: not panel.isVisible())
    asked = []
    real = window.state.training.softmax_gradient
    monkeypatch.setattr(window.state.training, "softmax_gradient",
                        lambda *cell: asked.append(cell) or real(*cell))  # fmt: skip
    for tau in (0.5, 1.0, 3.0):  # dial frames
        window.state.set_temperature(tau)
    assert asked == []
    window.workspace.show_panel("training")
    qtbot.waitUntil(lambda: asked != [])
    assert "τ = 3" in panel.by_hand.text() or "÷ 3 =" in panel.by_hand.text()
