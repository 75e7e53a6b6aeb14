"""Undo gives back the very numbers that were on screen, and a jump across a long history
costs one computation and one round of signals, however many steps it crosses."""

from __future__ import annotations

import numpy as np
import pytest

from engine import random_preset
from engine.lesson import compute
from gui.model.state import AttentionState
from tests.gui.isolation import next_frame

RESULT_ARRAYS = ("scores", "scaled", "weights", "context", "max_weight", "score_ranges")


def same_bits(a, b) -> bool:
    return a.shape == b.shape and a.tobytes() == b.tobytes()


def assert_same_result(shown, before) -> None:
    for name in RESULT_ARRAYS:
        assert same_bits(getattr(shown, name), getattr(before, name)), name


@pytest.fixture
def state(qapp):
    """A state alone, 64 tokens × 16 of random inputs, at the default τ = √d_k."""
    state = AttentionState(random_preset(64, 16, 16, seed=11))
    state.undo_stack.clear()
    yield state
    state.deleteLater()


@pytest.mark.parametrize("name", ["q", "k", "v"])
def test_an_edit_and_its_undo_give_back_the_very_same_numbers(state, name):
    rng = np.random.default_rng(5)
    before = state.result
    for _ in range(20):  # random cells, random values, at the default τ
        row, col = int(rng.integers(64)), int(rng.integers(16))
        assert state.set_cell(name, row, col, float(rng.normal() * 3))
        next_frame()
        state.result  # noqa: B018 (computed, as on screen)
        state.undo_stack.undo()
        assert_same_result(state.result, before)


def test_a_chain_of_edits_undone_to_the_start_gives_the_start_back(state):
    rng = np.random.default_rng(6)
    shown = [state.result]
    for _ in range(30):
        name = ("q", "k", "v")[int(rng.integers(3))]
        state.set_cell(name, int(rng.integers(64)), int(rng.integers(16)), float(rng.normal()))
        next_frame()
        shown.append(state.result)
    for expected in reversed(shown[:-1]):
        state.undo_stack.undo()
        assert_same_result(state.result, expected)
    for expected in shown[1:]:  # and redo gives each back too
        state.undo_stack.redo()
        assert_same_result(state.result, expected)


def test_a_jump_across_eighty_steps_costs_one_computation_and_one_round_of_signals(
    state, monkeypatch
):
    rng = np.random.default_rng(7)
    for step in range(80):  # cells and structure mixed, each its own step
        if step % 20 == 19:
            state.remove_token(0)
        else:
            state.set_cell("v", int(rng.integers(60)), int(rng.integers(16)), float(step))
        next_frame()
        state.result  # noqa: B018
    computed: list[str] = []
    real_update, real_full = compute.update_attention, compute.attention
    monkeypatch.setattr(compute, "update_attention",
                        lambda *a: computed.append("update") or real_update(*a))  # fmt: skip
    monkeypatch.setattr(compute, "attention",
                        lambda *a, **k: computed.append("full") or real_full(*a, **k))  # fmt: skip
    told: list[str] = []
    for signal in ("result_changed", "structure_changed", "tokens_changed"):
        getattr(state, signal).connect(lambda *_, s=signal: told.append(s))
    state.undo_stack.setIndex(3)
    next_frame()
    assert state.result.scores.shape == (64, 64)
    assert len(computed) <= 1  # none when the start's result is still kept
    assert told.count("result_changed") == 1
    assert told.count("structure_changed") == 1
    assert told.count("tokens_changed") == 1
    computed.clear()
    told.clear()
    state.undo_stack.setIndex(80)
    next_frame()
    assert state.result.scores.shape == (60, 60)
    assert len(computed) <= 1
    assert told.count("result_changed") == 1


def test_kept_results_stay_within_their_budget():
    from engine.lesson.kept_results import KeptResults, result_bytes

    state = AttentionState(random_preset(512, 16, 16, seed=1))
    try:
        kept = KeptResults(max_kept=64, max_bytes=3 * result_bytes(state.result))
        state._numbers.kept = kept
        for i in range(10):
            state.set_cell("q", i, 0, float(i + 10))
            next_frame()
            state.result  # noqa: B018
        assert len(kept) == 4  # three within the budget, and the one on screen
    finally:
        state.deleteLater()


@pytest.mark.parametrize("name", ["q", "v"])
def test_after_the_dial_an_edit_and_its_undo_give_back_the_very_same_numbers(state, name):
    rng = np.random.default_rng(8)
    for tau in (1.7, 0.4, 9.0):
        state.set_temperature(tau)  # as the dial does, frame after frame
        before = state.result
        row, col = int(rng.integers(64)), int(rng.integers(16))
        assert state.set_cell(name, row, col, float(rng.normal() * 3))
        next_frame()
        state.result  # noqa: B018
        state.undo_stack.undo()
        assert_same_result(state.result, before)


def test_the_dial_keeps_one_result_per_set_of_inputs(state):
    kept = state._numbers.kept
    count = len(kept)
    for tau in np.linspace(0.1, 20, 200):  # the sweep of one play
        state.set_temperature(float(tau))
    assert len(kept) == count  # each frame replaced the last, not added to the memory held


def test_a_pasted_minus_zero_is_saved_as_typed(state, tmp_path):
    from engine import read_preset, write_preset

    assert state.set_cell("v", 2, 0, "0")
    next_frame()
    state.result  # noqa: B018 (0.0 is on screen)
    assert state.paste_block("v", 2, 0, [["-0"]])  # -0.0 == 0.0: the engine sees no change
    next_frame()
    path = tmp_path / "s.json"
    write_preset(path, state.to_preset())
    assert np.signbit(read_preset(path).v[2, 0])


def test_a_cell_edit_then_a_new_token_in_one_frame_does_not_say_tau_changed(state):
    said: list[float] = []
    state.temperature_changed.connect(said.append)
    assert state.set_cell("q", 0, 0, "2")  # not yet computed when the next step comes
    assert state.remove_token(3)
    next_frame()
    assert said == []  # τ = √d_k = 4 before and after
