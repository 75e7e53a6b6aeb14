"""The state's heads, W_o, padding, own mask and dropout: each an undoable step that every
reader sees at once, refused with a message when it cannot be, and kept in sessions."""

from __future__ import annotations

import json

import numpy as np
import pytest

from engine import (
    attention,
    causal_mask,
    load_preset,
    multi_head,
    parse_preset,
    preset_to_dict,
)
from engine.lesson.dropout import DropoutSetting
from gui.model.state import AttentionState


@pytest.fixture
def state(qapp):
    return AttentionState(load_preset("shape-check"))  # X 3×8, W_q, W_k 8×4, W_v 8×6


def said(state):
    messages: list[str] = []
    state.message.connect(messages.append)
    return messages


def test_two_heads_split_q_k_and_v_and_show_the_selected_one(state):
    whole = state.result
    heard = []
    state.heads_changed.connect(heard.append)
    assert state.set_heads(2)
    assert heard == [2]
    heads = state.heads_result
    expected = multi_head(whole.q, whole.k, whole.v, 2)
    assert heads.count == 2
    np.testing.assert_array_equal(heads.concat, expected.concat)
    assert state.result is heads.heads[0]
    assert (state.d_k, state.d_v, state.width_qk, state.width_v) == (2, 3, 4, 6)
    assert state.temperature == pytest.approx(np.sqrt(2))  # √d_k of the head
    np.testing.assert_array_equal(state.matrix("q"), whole.q)  # Q stays whole
    state.select_head(1)
    assert state.selected_head == 1
    assert state.result is heads.heads[1]
    state.undo_stack.undo()
    assert state.heads == 1
    assert state.heads_result is None
    np.testing.assert_array_equal(state.result.context, whole.context)


def test_heads_that_do_not_divide_the_widths_are_refused_with_a_message(state):
    messages = said(state)
    assert not state.set_heads(4)  # d_v = 6
    assert state.heads == 1
    assert "4 heads do not divide the width 6 of d_v" in messages[-1]
    assert state.set_heads(2)
    assert not state.set_d_k(5)
    assert "5 is not a multiple of 2" in messages[-1]


def test_the_dial_moves_every_head(state):
    state.set_heads(2)
    state.set_temperature(1.0)
    for head in state.heads_result.heads:
        assert head.temperature == 1.0
    q, k, v = state.matrix("q"), state.matrix("k"), state.matrix("v")
    fresh = multi_head(q, k, v, 2, temperature=1.0)
    np.testing.assert_allclose(state.heads_result.concat, fresh.concat, rtol=1e-12)


def test_w_o_starts_as_the_identity_is_editable_and_undone(state):
    assert state.set_heads(2)
    assert state.set_w_o_given(True)
    heads = state.heads_result
    np.testing.assert_array_equal(heads.output, heads.concat)
    assert state.set_cell("w_o", 0, 0, "2")
    state.result  # noqa: B018
    np.testing.assert_allclose(state.heads_result.output[:, 0], 2 * state.heads_result.concat[:, 0])
    state.undo_stack.undo()
    state.undo_stack.undo()
    assert not state.has_w_o


def test_w_o_needs_projection_mode(qapp):
    lesson = AttentionState(load_preset("cat-eats-fish"))
    messages = said(lesson)
    assert not lesson.set_w_o_given(True)
    assert "projection mode" in messages[-1]


def test_a_padding_token_is_seen_by_no_query_and_follows_token_edits(qapp):
    state = AttentionState(load_preset("cat-eats-fish"))
    assert state.set_padding(2, True)
    assert state.padding == (False, False, True)
    assert (state.result.weights[:, 2] == 0).all()
    np.testing.assert_allclose(state.result.weights.sum(axis=1), 1.0)
    state.add_token("x")
    assert state.padding == (False, False, True, False)
    state.remove_token(2)
    assert state.padding == ()
    state.undo_stack.undo()
    state.undo_stack.undo()
    state.undo_stack.undo()
    assert state.padding == ()
    assert (state.result.weights[:, 2] > 0).all()


def test_a_painted_mask_composes_with_padding_and_all_allowed_is_none(qapp):
    state = AttentionState(load_preset("cat-eats-fish"))
    heard = []
    state.masks_changed.connect(lambda: heard.append(1))
    assert state.set_own_mask(causal_mask(3))
    assert heard == [1]
    state.set_padding(0, True)
    weights = state.result.weights
    assert weights[0].sum() == 0  # 猫 may see only itself, and it is padding: no key left
    assert state.result.fully_masked_rows[0]
    assert (weights[1:, 0] == 0).all()
    assert state.set_own_mask(np.ones((3, 3), dtype=bool))
    assert state.own_mask is None
    messages = said(state)
    assert not state.set_own_mask(np.ones((2, 2), dtype=bool))
    assert "3×3, not 2×2" in messages[-1]


def test_dropout_while_training_drops_and_rescales_and_evaluation_shows_a(qapp):
    state = AttentionState(load_preset("cat-eats-fish"))
    assert state.dropped is None
    assert state.set_dropout(DropoutSetting(0.5, 3, True))
    dropped = state.dropped
    weights = state.result.weights
    np.testing.assert_array_equal(dropped.weights, np.where(dropped.kept, weights * 2, 0))
    assert state.dropped is dropped  # the same cells until something changes
    assert state.set_dropout(DropoutSetting(0.5, 3, False))
    assert state.dropped is None
    messages = said(state)
    assert not state.set_dropout(DropoutSetting(0.95, 3, True))
    assert "from 0 to 0.9" in messages[-1]


def test_everything_new_goes_round_a_session(state):
    state.set_heads(2)
    state.set_w_o_given(True)
    state.set_padding(1, True)
    state.set_own_mask(causal_mask(3))
    state.set_dropout(DropoutSetting(0.2, 5, True))
    document = preset_to_dict(state.to_preset())
    assert document["version"] == 2
    again = AttentionState(parse_preset(json.dumps(document)))
    assert (again.heads, again.has_w_o, again.padding) == (2, True, (False, True, False))
    assert again.dropout == DropoutSetting(0.2, 5, True)
    np.testing.assert_array_equal(again.own_mask, causal_mask(3))
    np.testing.assert_array_equal(again.heads_result.output, state.heads_result.output)


def test_the_lesson_keeps_its_figures_with_one_head(qapp):
    state = AttentionState(load_preset("cat-eats-fish"))
    preset = load_preset("cat-eats-fish")
    expected = attention(preset.q, preset.k, preset.v)
    np.testing.assert_array_equal(state.result.weights, expected.weights)
    assert state.heads_result is None


def test_a_cell_edit_with_several_heads_updates_them_as_a_new_computation(state):
    state.set_heads(2)
    state.set_w_o_given(True)
    kept = state.heads_result.heads[0]
    assert state.set_cell("w_q", 1, 3, "0.5")  # a column of head 2 only
    heads = state.heads_result
    assert heads.heads[0] is kept
    assert state.set_cell("x", 2, 4, "1.25")  # a row of every head
    heads = state.heads_result
    q, k, v = state.matrix("q"), state.matrix("k"), state.matrix("v")
    fresh = multi_head(q, k, v, 2, w_o=state.matrix("w_o"))
    np.testing.assert_allclose(heads.concat, fresh.concat, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(heads.output, fresh.output, rtol=1e-12, atol=1e-12)


def test_an_edit_of_x_or_a_w_projects_only_what_it_changed_and_the_same_numbers(state):
    from engine.lesson.compute import projected

    state.set_heads(2)
    for name, row, col, text in (("x", 1, 3, "0.75"), ("w_k", 2, 1, "-1.5"),
                                 ("w_v", 0, 5, "2"), ("x", 0, 0, "1e3")):  # fmt: skip
        assert state.set_cell(name, row, col, text)
        state.result  # noqa: B018
        q, k, v = projected({n: state.matrix(n) for n in ("x", "w_q", "w_k", "w_v")})
        for mine, whole in ((state.matrix("q"), q), (state.matrix("k"), k), (state.matrix("v"), v)):
            np.testing.assert_allclose(mine, whole, rtol=1e-12, atol=1e-12)
        fresh = multi_head(q, k, v, 2)
        np.testing.assert_allclose(state.heads_result.concat, fresh.concat, rtol=1e-9,
                                   atol=1e-12)  # fmt: skip
    state.undo_stack.undo()
    np.testing.assert_allclose(
        state.matrix("q")[0],
        projected({n: state.matrix(n) for n in ("x", "w_q", "w_k", "w_v")})[0][0],
        rtol=1e-12,
    )
