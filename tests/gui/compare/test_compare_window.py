"""Comparing in the window: the actions, B / A / B − A in the four steps, A's steps beside,
the presenter view, a language switch, the real model's comparisons (issue 28)."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtGui import QAction, QKeySequence

from engine.vocabulary import STEPS
from gui.support.language import set_language
from tests.engine.model_needed import NEEDS_MODEL
from tests.gui.isolation import next_frame
from tests.gui.painted import painted_numbers


def _settle(qtbot, window) -> None:
    next_frame()  # the edits of this frame reach the views
    window.repaint()


def test_pin_and_unpin_are_named_actions_in_edit_and_the_toolbar_with_keys(window):
    pin = window.findChild(QAction, "pinAction")
    unpin = window.findChild(QAction, "unpinAction")
    assert pin in window.edit_menu.actions()
    assert unpin in window.edit_menu.actions()
    assert pin in window.toolbar.actions()
    assert unpin in window.toolbar.actions()
    assert pin.shortcut() == QKeySequence("Ctrl+Shift+P")
    assert not unpin.isEnabled()
    assert not window.comparison_bar.isVisible()
    pin.trigger()
    assert window.state.comparison.is_on
    assert unpin.isEnabled()
    assert window.comparison_bar.isVisible()
    unpin.trigger()
    assert not window.state.comparison.is_on
    assert not window.comparison_bar.isVisible()


def test_the_four_steps_show_b_a_or_b_minus_a_one_choice_for_all_four(window, qtbot):
    state = window.state
    window.load_built_in("compare-temperature")
    a, b = state.comparison.result, state.shown_result
    heatmaps = window.pipeline.heatmaps
    for shown, source in (("b", b), ("a", a), ("difference", None)):
        state.view.set_compare_shown(shown)
        _settle(qtbot, window)
        for step in STEPS:
            expected = (
                getattr(b, step) - getattr(a, step) if source is None else getattr(source, step)
            )
            if source is None and step == "scaled":
                continue  # masked pairs aside: see test_pin; here none is masked
            assert np.array_equal(heatmaps[step].matrix(), expected), (shown, step)
        titles = [window.pipeline.titles[step].text() for step in STEPS]
        side = {"b": "[B]", "a": "[A]", "difference": "[B − A]"}[shown]
        assert all(title.startswith(side) for title in titles), titles
    # B − A: a diverging scale symmetric about 0, every bar named "B − A"
    weights = heatmaps["weights"]
    assert weights.kind() == "diverging"
    low, high = weights.levels()
    assert low == -high
    assert high > 0
    assert all(h.colour_bar().title() == "B − A" for h in heatmaps.values())
    assert not window.pipeline.scale_choice.isVisible()
    state.view.set_compare_shown("b")
    _settle(qtbot, window)
    assert weights.kind() == "probability"
    assert weights.levels() == (0.0, 1.0)


def test_b_minus_a_at_1280_by_720_numbers_every_cell_legibly(window, qtbot):
    window.load_built_in("compare-temperature")
    window.state.view.set_compare_shown("difference")
    _settle(qtbot, window)
    for step, heatmap in window.pipeline.heatmaps.items():
        numbers = painted_numbers(heatmap)
        cells = getattr(window.state.comparison.difference, step).size
        assert len(numbers) == cells, step
        assert min(px for _, px in numbers) >= 11, (step, numbers)


def test_a_stands_beside_b_where_the_window_has_the_room(window, qtbot):
    window.load_built_in("compare-causal")
    _settle(qtbot, window)
    compared = window.compared
    assert compared.pinned_steps is None or not compared.pinned_steps.isVisible()  # 1280
    window.resize(1920, 1080)
    qtbot.waitUntil(lambda: window.workspace.width() > 1800)
    window.workspace.reset()  # the side columns at their widths: the steps 1,262 px
    qtbot.waitUntil(lambda: compared.pinned_steps is not None and compared.pinned_steps.isVisible())
    a = window.state.comparison.result
    assert np.array_equal(compared.pinned_steps.heatmaps["weights"].matrix(), a.weights)
    window.state.view.set_compare_shown("a")  # A alone: not twice
    assert not compared.pinned_steps.isVisible()


def test_different_shapes_show_a_and_b_side_by_side_and_say_b_minus_a_is_not_defined(window, qtbot):
    state = window.state
    state.view.set_compare_shown("difference")
    window.comparing.pin_action.trigger()
    state.add_token("x")
    _settle(qtbot, window)
    assert state.comparison.difference is None
    assert "not defined" in window.comparison_bar.text()
    assert not window.comparison_bar.buttons["difference"].isEnabled()
    assert not window.comparing.shown_actions["difference"].isEnabled()
    assert window.compared.pinned_steps.isVisible()  # even at 1280 × 720
    assert window.pipeline.shows() == "b"  # B beside A, since B − A has no numbers
    assert window.pipeline.heatmaps["weights"].matrix().shape == (4, 4)
    assert window.compared.pinned_steps.heatmaps["weights"].matrix().shape == (3, 3)


def test_the_presenter_view_shows_the_comparison_too(window, qtbot):
    window.load_built_in("compare-temperature")
    window.state.view.set_compare_shown("difference")
    window.presenter.toggle_action.trigger()
    view = window.presenter.view
    qtbot.waitUntil(view.isVisible)
    view.resize(1920, 1080)
    qtbot.waitUntil(lambda: view.compared.pinned_steps is not None
                    and view.compared.pinned_steps.isVisible())  # fmt: skip
    assert view.comparison_bar.isVisible()
    assert view.comparison_bar.text() == "A: τ = 0.5 · B: τ = 2"
    difference = window.state.comparison.difference
    assert np.array_equal(view.pipeline.heatmaps["weights"].matrix(), difference.weights)
    window.presenter.toggle_action.setChecked(False)


def test_a_language_switch_keeps_the_pin_and_writes_the_comparison_again(window, qtbot):
    window.load_built_in("compare-causal")
    english = window.comparison_bar.text()
    set_language("zh_CN")
    try:
        _settle(qtbot, window)
        assert window.state.comparison.is_on
        chinese = window.comparison_bar.text()
        assert chinese != english
        assert "因果遮挡" in chinese
        assert window.comparing.pin_action.text() == "固定为 A(&P)"
        assert window.comparison_bar.unpin.text() == "取消固定"
    finally:
        set_language("en")
    assert window.comparison_bar.text() == english


@pytest.mark.parametrize(("name", "a", "b"), [("model-heads", (1, 1), (1, 2)),
                                              ("model-layers", (1, 1), (6, 1))])  # fmt: skip
@pytest.mark.real_model
def test_the_real_models_comparisons_pin_one_head_and_open_another(window, qtbot, name, a, b):
    for mark in NEEDS_MODEL:
        if mark.name == "skipif" and mark.args[0]:
            pytest.skip(mark.kwargs["reason"])
    window.comparing.preset_actions[name].trigger()
    state = window.state
    pinned = state.comparison.pinned.numbers.source
    assert (pinned.layer, pinned.head) == a
    assert (state.source.layer, state.source.head) == b
    assert state.comparison.caption() == (
        f"A: layer {a[0]}, head {a[1]} · B: layer {b[0]}, head {b[1]}"
    )
    assert state.comparison.comparable
    state.undo_stack.undo()  # B back to A's head: A untouched
    assert state.comparison.pinned.numbers.source is pinned
