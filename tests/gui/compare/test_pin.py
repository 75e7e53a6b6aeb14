"""Pin as A, change anything, see B beside it and B − A: the state's side (issue 28)."""

from __future__ import annotations

import numpy as np
import pytest

from engine import load_preset, preset_from_dict, preset_to_dict, read_preset, write_preset
from engine.formats.preset_errors import PresetError
from engine.vocabulary import STEPS
from gui.model.state import AttentionState
from gui.support.language import set_language


def _pinned(qapp) -> AttentionState:
    state = AttentionState()
    state.comparison.pin()
    return state


def test_b_minus_a_is_exactly_the_difference_of_the_two_results_at_every_step(qapp):
    state = _pinned(qapp)
    a = state.comparison.result
    state.set_temperature(0.5)
    state.set_cell("q", 0, 1, "3")
    state.set_causal(True)
    b = state.shown_result
    difference = state.comparison.difference
    assert difference is not None
    for step in ("scores", "weights", "context"):
        assert np.array_equal(getattr(difference, step), getattr(b, step) - getattr(a, step))
    allowed = difference.mask
    assert allowed is not None
    assert not allowed[0, 1]
    assert np.array_equal(difference.scaled[allowed], (b.scaled - a.scaled)[allowed])
    assert np.all(difference.scaled[~allowed] == 0.0)
    # the weights of a masked pair are 0, a number: their difference is exact everywhere
    assert difference.weights[0, 1] == -a.weights[0, 1] != 0


def test_a_is_the_setting_pinned_whatever_b_does_undo_and_redo_never_touch_it(qapp):
    state = _pinned(qapp)
    a = state.comparison.result
    before = {step: getattr(a, step).copy() for step in STEPS}
    state.set_cell("k", 1, 1, "5")
    state.set_temperature(7.0)
    state.commit_temperature(None)
    state.add_token("x")
    for _ in range(3):
        state.undo_stack.undo()
    assert state.comparison.result is a
    for _ in range(3):
        state.undo_stack.redo()
    pinned = state.comparison.result
    assert all(np.array_equal(getattr(pinned, step), before[step]) for step in STEPS)
    assert state.tokens == ("猫", "吃", "鱼", "x")  # B moved: one token more
    assert state.comparison.difference is None
    assert not state.comparison.comparable


def test_a_pin_takes_the_computation_on_screen_without_computing_again(qapp):
    state = AttentionState()
    result = state.result
    state.comparison.pin()
    assert state.comparison.result is result


def test_what_differs_is_said_in_words_in_both_languages(qapp):
    state = _pinned(qapp)
    assert state.comparison.caption() == "A and B are the same: change anything to compare"
    state.set_temperature(0.5)
    state.set_causal(True)
    assert state.comparison.caption() == (
        "A: τ = √d_k = 2, causal mask off · B: τ = 0.5, causal mask on"
    )
    state.set_cell("v", 2, 0, "1")
    assert state.comparison.caption().endswith("V edited")
    set_language("zh_CN")
    try:
        caption = state.comparison.caption()
        assert "因果" in caption
        assert "causal" not in caption
        assert "edited" not in caption
    finally:
        set_language("en")


def test_unpin_ends_the_comparison(qapp):
    state = _pinned(qapp)
    seen = []
    state.comparison.changed.connect(lambda: seen.append(state.comparison.is_on))
    state.comparison.unpin()
    state.comparison.unpin()  # once is enough
    assert seen == [False]
    assert state.comparison.result is None
    assert state.comparison.difference is None
    assert state.comparison.caption() == ""


def test_the_pin_survives_save_and_reopen(qapp, tmp_path):
    state = _pinned(qapp)
    state.set_temperature(0.5)
    state.set_causal(True)
    path = tmp_path / "compare.json"
    write_preset(path, state.to_preset())
    preset = read_preset(path)
    assert preset.pinned is not None
    assert preset.pinned.pinned is None
    assert preset.pinned.temperature is None
    assert not preset.pinned.causal
    again = AttentionState(preset)
    assert again.comparison.is_on
    assert again.comparison.caption() == state.comparison.caption()
    for step in STEPS:
        assert np.array_equal(getattr(again.comparison.difference, step),
                              getattr(state.comparison.difference, step))  # fmt: skip


def test_a_bad_pinned_part_of_a_session_file_is_refused_and_named():
    data = preset_to_dict(load_preset("cat-eats-fish"))
    data["pinned"] = dict(data, temperature=-1)
    with pytest.raises(PresetError) as error:
        preset_from_dict(data)
    assert error.value.field == "pinned.temperature"
    data["pinned"] = dict(data, pinned=dict(data))
    with pytest.raises(PresetError) as error:
        preset_from_dict(data)
    assert error.value.field == "pinned.pinned"


@pytest.mark.parametrize(
    ("name", "a_largest", "b_largest"),
    [("compare-scaling", 0.90, 0.38), ("compare-temperature", None, None),
     ("compare-causal", None, None)],
)  # fmt: skip
def test_the_comparisons_ready_to_show_give_the_lessons_numbers(qapp, name, a_largest, b_largest):
    state = AttentionState()
    assert state.load_preset(load_preset(name))
    a, b = state.comparison.result, state.shown_result
    assert a is not None
    assert state.comparison.comparable
    if a_largest is not None:  # the lesson's table: 0.90 unscaled, 0.38 ÷ √d_k at d_k = 64
        assert a.d_k == 64
        assert a.scores.shape == (8, 8)
        assert a.temperature == 1.0
        assert round(float(a.max_weight.mean()), 2) == a_largest
        assert round(float(b.max_weight.mean()), 2) == b_largest
    if name == "compare-temperature":
        assert (a.temperature, b.temperature) == (0.5, 2.0)
    if name == "compare-causal":
        assert a.mask is None
        assert b.mask is not None
        assert not b.mask[0, 1]
    state.undo_stack.undo()  # B back to what it was; A stays
    assert state.comparison.result is a
