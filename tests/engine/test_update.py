"""update_attention: the cheap road after an edit must end where a full computation does."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import attention, causal_mask, update_attention, with_temperature

STEPS = ("scores", "scaled", "weights", "context", "entropy", "max_weight")


def assert_same_attention(updated, expected):
    for name in STEPS:
        got, want = getattr(updated, name), getattr(expected, name)
        scale = 1.0 + np.abs(want[np.isfinite(want)]).max(initial=0.0)
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12 * scale, err_msg=name)
    np.testing.assert_array_equal(updated.fully_masked_rows, expected.fully_masked_rows)
    for name in ("q", "k", "v"):
        np.testing.assert_array_equal(getattr(updated, name), getattr(expected, name))
    assert updated.temperature == expected.temperature
    assert updated.d_k == expected.d_k


@st.composite
def edits(draw):
    """A start (q, k, v, τ, mask) and a list of edits, each a few cells of Q, K or V."""
    length = draw(st.integers(1, 12))
    d_k, d_v = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    q, k, v = (
        rng.normal(size=(length, d_k)),
        rng.normal(size=(length, d_k)),
        rng.normal(size=(length, d_v)),
    )
    temperature = draw(st.sampled_from([None, 1e-3, 0.5, 1.0, 20.0]))
    mask_kind = draw(st.sampled_from(["none", "causal", "random"]))
    mask = None
    if mask_kind == "causal":
        mask = causal_mask(length)
    elif mask_kind == "random":
        mask = rng.random((length, length)) < 0.6  # some rows may be fully masked
    steps = []
    for _ in range(draw(st.integers(1, 6))):
        name = draw(st.sampled_from("qkv"))
        width = d_k if name in "qk" else d_v
        cells = [
            (draw(st.integers(0, length - 1)), draw(st.integers(0, width - 1)))
            for _ in range(draw(st.integers(1, 3)))
        ]
        value = draw(st.sampled_from([0.0, -1.0, 2.5, 1e3, -1e-6]))
        steps.append((name, cells, value))
    return q, k, v, temperature, mask, steps


@settings(max_examples=300, deadline=None, derandomize=True)
@given(edits())
def test_a_chain_of_edits_matches_a_full_computation(case):
    q, k, v, temperature, mask, steps = case
    inputs = {"q": q, "k": k, "v": v}
    result = attention(q, k, v, temperature=temperature, mask=mask)
    for name, cells, value in steps:
        changed = inputs[name].copy()
        for row, col in cells:
            changed[row, col] = value
        inputs[name] = changed
        result = update_attention(result, inputs["q"], inputs["k"], inputs["v"])
        expected = attention(inputs["q"], inputs["k"], inputs["v"], temperature=temperature,
                             mask=mask)  # fmt: skip
        assert_same_attention(result, expected)


def lesson_sized(length=64, d=16, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.normal(size=(length, d)) for _ in range(3)]


def test_a_query_edit_recomputes_one_row_only():
    q, k, v = lesson_sized()
    before = attention(q, k, v)
    q2 = q.copy()
    q2[5, 3] = 9.0
    after = update_attention(before, q2, k, v)
    for name in ("scores", "weights", "context"):
        old, new = getattr(before, name), getattr(after, name)
        assert new is not old  # copied: the old result stays as it was
        np.testing.assert_array_equal(np.delete(new, 5, axis=0), np.delete(old, 5, axis=0))
        assert not np.array_equal(new[5], old[5])
    assert_same_attention(after, attention(q2, k, v))


def test_a_value_edit_keeps_scores_and_weights_and_adds_a_rank_one_term():
    q, k, v = lesson_sized()
    before = attention(q, k, v)
    v2 = v.copy()
    v2[7, 2] += 3.0
    after = update_attention(before, q, k, v2)
    assert after.scores is before.scores
    assert after.weights is before.weights
    rank_one = np.outer(before.weights[:, 7], v2[7] - v[7])
    np.testing.assert_allclose(after.context - before.context, rank_one, atol=1e-12)
    assert_same_attention(after, attention(q, k, v2))


def test_a_key_edit_changes_one_column_of_s_and_every_row_of_a():
    q, k, v = lesson_sized()
    before = attention(q, k, v)
    k2 = k.copy()
    k2[3, 0] = -4.0
    after = update_attention(before, q, k2, v)
    changed = np.nonzero((after.scores != before.scores).any(axis=0))[0]
    assert changed.tolist() == [3]
    assert (after.weights != before.weights).any(axis=1).all()
    assert_same_attention(after, attention(q, k2, v))


def test_taking_a_huge_value_back_out_leaves_no_rounding_behind():
    q, k, v = lesson_sized()
    result = attention(q, k, v)
    for value in (1e6, -3e5, v[4, 1]):
        v2 = v.copy()
        v2[4, 1] = value
        result = update_attention(result, q, k, v2)
    np.testing.assert_allclose(result.context, attention(q, k, v).context, rtol=1e-14,
                               atol=1e-15)  # fmt: skip


def test_nothing_changed_gives_the_same_result_back():
    q, k, v = lesson_sized()
    before = attention(q, k, v)
    assert update_attention(before, q.copy(), k.copy(), v.copy()) is before


@pytest.mark.parametrize("which", ["q", "k", "v"])
def test_a_new_shape_or_many_rows_fall_back_to_a_full_computation(which):
    q, k, v = lesson_sized(length=8)
    before = attention(q, k, v, causal=True)
    inputs = {"q": q, "k": k, "v": v}
    inputs[which] = inputs[which] + 1.0  # every row changed
    after = update_attention(before, **inputs)
    assert_same_attention(after, attention(**inputs, causal=True))
    grown = {name: np.vstack([m, np.ones((1, m.shape[1]))]) for name, m in inputs.items()}
    with pytest.raises(ValueError, match="mask"):  # an 8×8 mask cannot follow a ninth token
        update_attention(before, **grown)
    bigger = update_attention(attention(q, k, v), **grown)
    assert_same_attention(bigger, attention(**grown))


def test_scores_that_overflow_are_refused_as_by_attention():
    q, k, v = lesson_sized(length=4, d=2)
    before = attention(q, k, v)
    q2 = q.copy()
    q2[0] = 1e200
    k2 = k.copy()
    k2[1] = 1e200
    with pytest.raises(ValueError, match="too large"):
        update_attention(update_attention(before, q2, k, v), q2, k2, v)


def test_a_key_edit_and_its_undo_give_back_the_same_weights_even_at_a_tiny_tau():
    # two equal keys tie; at τ = 1e-3 a last-bit difference in S would split them unevenly
    rng = np.random.default_rng(3)
    q = rng.normal(size=(6, 4)) * 1e5
    k = rng.normal(size=(6, 4)) * 1e5
    k[1] = k[0]
    v = rng.normal(size=(6, 4))
    start = attention(q, k, v, temperature=1e-3)
    k2 = k.copy()
    k2[1, 0] = 0.0
    back = update_attention(update_attention(start, q, k2, v), q, k.copy(), v)
    for name in ("scores", "weights", "context"):
        np.testing.assert_array_equal(getattr(back, name), getattr(start, name), err_msg=name)


def test_a_large_value_taken_out_of_v_leaves_nothing_behind_in_any_row():
    # row 7 keeps column 0 of Z large, so a guard on the column's largest value would miss row 0
    q, k, v = lesson_sized(length=8, d=4)
    mask = np.zeros((8, 8), dtype=bool)
    mask[0, :2] = True
    mask[1:, :] = True
    mask[7] = False
    mask[7, 7] = True
    v = v.copy()
    v[7, 0] = 1e6
    result = attention(q, k, v, mask=mask)
    for value in (1e6, 0.5):
        v2 = v.copy()
        v2[0, 0] = value
        result = update_attention(result, q, k, v2)
    expected = attention(q, k, v2, mask=mask)
    np.testing.assert_allclose(result.context, expected.context, rtol=1e-14, atol=0)


@pytest.mark.parametrize("which", ["k", "v"])
def test_an_edit_of_k_or_v_and_its_undo_give_back_the_same_numbers(which):
    # (a row of Q is computed again on its own, which may differ from the full product in
    # the last bit: relative 1e-15, seen only when τ is tiny and the scores are huge)
    rng = np.random.default_rng(4)
    inputs = {name: rng.normal(size=(64, 16)) * 1e5 for name in "qkv"}
    inputs["k"][1] = inputs["k"][0]  # a tie that τ = 1e-3 would split on a last-bit change
    start = attention(**inputs, temperature=1e-3)
    edited = dict(inputs)
    edited[which] = inputs[which].copy()
    edited[which][0, 3] = 7.0
    back = update_attention(update_attention(start, **edited), **inputs)
    for name in ("scores", "weights", "context"):
        np.testing.assert_array_equal(getattr(back, name), getattr(start, name), err_msg=name)


@pytest.fixture
def small_key_blocks(monkeypatch):
    """Blocks of 4 keys, so that a 64-token edit of K takes the block road."""
    monkeypatch.setattr(sys.modules["engine.lesson.attention"], "KEY_BLOCK", 4)


@pytest.mark.parametrize("rows", [[0], [5, 6], [63]])
def test_a_key_edit_multiplies_its_block_of_keys_again_to_the_very_same_numbers(
    small_key_blocks, rows
):
    rng = np.random.default_rng(5)
    q, k, v = (rng.normal(size=(64, 16)) * 1e5 for _ in range(3))
    k[1] = k[0]  # a tie that τ = 1e-3 would split on a last-bit change
    mask = rng.random((64, 64)) > 0.2
    start = attention(q, k, v, temperature=1e-3, mask=mask)
    k2 = k.copy()
    k2[rows, 3] = 7.0
    edited = update_attention(start, q, k2, v)
    changed = np.flatnonzero((edited.scores != start.scores).any(axis=0))
    assert set(changed) <= {row for row in rows}  # other blocks were copied, not redone
    full = attention(q, k2, v, temperature=1e-3, mask=mask)
    back = update_attention(edited, q, k, v)
    for name in ("scores", "scaled", "weights", "context", "entropy", "max_weight"):
        np.testing.assert_array_equal(getattr(edited, name), getattr(full, name), err_msg=name)
        np.testing.assert_array_equal(getattr(back, name), getattr(start, name), err_msg=name)


def test_a_key_edit_spread_over_many_blocks_starts_again(small_key_blocks, monkeypatch):
    q, k, v = lesson_sized(length=16)
    start = attention(q, k, v)
    calls = []
    monkeypatch.setattr(sys.modules["engine.lesson.update"], "attention",
                        lambda *a, **kw: calls.append(1) or attention(*a, **kw))  # fmt: skip
    k2 = k.copy()
    k2[[0, 5, 10], 0] = 3.0  # three blocks of four keys: 12 of 16 columns
    assert_same_attention(update_attention(start, q, k2, v), attention(q, k2, v))
    assert calls == [1]


def _true_range(result, name):
    matrix = getattr(result, name)
    shown = matrix[np.isfinite(matrix)] if name == "scaled" else matrix
    return (float(shown.min()), float(shown.max())) if shown.size else (np.inf, -np.inf)


@pytest.mark.parametrize("tau", [1e-300, 1e-3, 1.0, 20.0])
def test_value_ranges_are_the_extremes_of_s_and_of_s_over_tau_after_every_kind_of_edit(
    small_key_blocks, tau
):
    rng = np.random.default_rng(6)
    q, k, v = (rng.normal(size=(32, 4)) * 100 for _ in range(3))
    mask = rng.random((32, 32)) > 0.4
    mask[3] = False  # a fully masked row
    result = attention(q, k, v, temperature=tau, mask=mask)
    for step in range(12):
        name = "qkv"[step % 3]
        inputs = {"q": result.q, "k": result.k, "v": result.v}
        changed = inputs[name].copy()
        changed[rng.integers(32), rng.integers(4)] = rng.normal() * 1e3
        inputs[name] = changed
        result = update_attention(result, **inputs)
        for each in (result, with_temperature(result, 0.5)):
            for matrix in ("scores", "scaled"):
                assert each.value_range(matrix) == _true_range(each, matrix), (step, matrix)


def test_every_key_masked_leaves_no_range_of_scaled_scores():
    q, k, v = lesson_sized(length=4)
    result = attention(q, k, v, mask=np.zeros((4, 4), dtype=bool))
    assert result.value_range("scaled") == (np.inf, -np.inf)
    assert result.value_range("scores") == _true_range(result, "scores")
    with pytest.raises(ValueError, match="weights"):
        result.value_range("weights")


def test_an_edit_of_many_rows_of_v_keeps_the_scores_and_weights_themselves():
    rng = np.random.default_rng(9)
    q, k, v = (rng.normal(size=(3, 4)) for _ in range(3))  # one row of three is "many"
    start = attention(q, k, v)
    v2 = v.copy()
    v2[1, 2] = 5.0
    edited = update_attention(start, q, k, v2)
    assert edited.scores is start.scores  # the same arrays: no view of them is redrawn
    assert edited.scaled is start.scaled
    assert edited.weights is start.weights
    full = attention(q, k, v2)
    np.testing.assert_array_equal(edited.context, full.context)  # and Z to the last bit
