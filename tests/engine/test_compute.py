"""compute(inputs, previous): every road ends where a fresh full computation does, and the
cheapest road is the one taken (no Qt here: the state's computation on its own)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import attention, load_preset, project
from engine.lesson import compute as compute_module
from engine.lesson.compute import Computed, Inputs, compute
from engine.lesson.kept_results import KeptResults, result_bytes

ARRAYS = ("scores", "scaled", "weights", "context", "max_weight", "score_ranges")
ROADS = ("attention", "multi_head", "update_attention", "update_heads", "with_temperature",
         "with_heads_temperature", "project")  # fmt: skip


@pytest.fixture
def roads(monkeypatch):
    """The engine functions compute() called, by name, in order."""
    called: list[str] = []
    for name in ROADS:
        real = getattr(compute_module, name)
        counted = lambda *a, _n=name, _f=real, **k: called.append(_n) or _f(*a, **k)  # noqa: E731
        monkeypatch.setattr(compute_module, name, counted)
    return called


def heads_of(computed: Computed):
    return computed.heads.heads if computed.heads is not None else (computed.one_head,)


def same_bits(got: Computed, want: Computed) -> bool:
    arrays = [(getattr(mine, name), getattr(fresh, name))
              for mine, fresh in zip(heads_of(got), heads_of(want), strict=True)
              for name in ARRAYS]  # fmt: skip
    arrays += [(getattr(got, name), getattr(want, name)) for name in ("q", "k", "v")]
    if want.heads is not None:
        arrays.append((got.heads.concat, want.heads.concat))
    return all(a.shape == b.shape and a.tobytes() == b.tobytes() for a, b in arrays)


def assert_same_bits(got: Computed, want: Computed) -> None:
    assert same_bits(got, want)
    assert got.temperature == want.temperature


def assert_close(got: Computed, want: Computed) -> None:
    def close(a, b, what):
        scale = 1.0 + np.abs(b[np.isfinite(b)]).max(initial=0.0)
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12 * scale, err_msg=what)

    for mine, fresh in zip(heads_of(got), heads_of(want), strict=True):
        for name in ARRAYS:
            close(getattr(mine, name), getattr(fresh, name), name)
        np.testing.assert_array_equal(mine.fully_masked_rows, fresh.fully_masked_rows)
        assert mine.temperature == fresh.temperature
    for name in ("q", "k", "v"):
        close(getattr(got, name), getattr(want, name), name)
    if want.heads is not None:
        close(got.heads.concat, want.heads.concat, "concat")
        if want.heads.output is not None:
            close(got.heads.output, want.heads.output, "output")


def edited(inputs: Inputs, name: str, row: int, col: int, value: float) -> Inputs:
    """The inputs with one cell new, written into a copy (as the state writes)."""
    matrix = inputs.matrices[name].copy()
    matrix[row, col] = value
    return replace(inputs, matrices={**inputs.matrices, name: matrix})


@pytest.fixture
def lesson() -> Inputs:
    preset = load_preset("cat-eats-fish")
    return Inputs({"q": preset.q, "k": preset.k, "v": preset.v})


def random_inputs(length=12, d_k=8, d_v=6, heads=1, projection=False, seed=0) -> Inputs:
    rng = np.random.default_rng(seed)
    if projection:
        d_model = 5
        matrices = {"x": rng.normal(size=(length, d_model)),
                    "w_q": rng.normal(size=(d_model, d_k)), "w_k": rng.normal(size=(d_model, d_k)),
                    "w_v": rng.normal(size=(d_model, d_v))}  # fmt: skip
        if heads > 1:
            matrices["w_o"] = rng.normal(size=(d_v, 3))
    else:
        matrices = {"q": rng.normal(size=(length, d_k)), "k": rng.normal(size=(length, d_k)),
                    "v": rng.normal(size=(length, d_v))}  # fmt: skip
    return Inputs(matrices, heads=heads)


def test_without_a_previous_computation_it_is_the_engines_attention_bit_for_bit(lesson, roads):
    computed = compute(lesson)
    assert roads == ["attention"]
    fresh = attention(lesson.matrices["q"], lesson.matrices["k"], lesson.matrices["v"])
    for name in ARRAYS:
        assert getattr(computed.one_head, name).tobytes() == getattr(fresh, name).tobytes()
    np.testing.assert_allclose(computed.one_head.weights[0], [0.2741, 0.2741, 0.4519], atol=1e-4)
    assert computed.q is lesson.matrices["q"]  # all of Q, K and V: the inputs themselves


def test_a_new_tau_keeps_the_very_scores_and_gives_a_fresh_computations_bits(lesson, roads):
    before = compute(lesson)
    roads.clear()
    for tau in (0.5, 1e-3, 7.0, None):
        inputs = replace(lesson, temperature=tau)
        after = compute(inputs, before)
        assert roads == ["with_temperature"]
        assert after.one_head.scores is before.one_head.scores  # step ① is not done again
        assert after.inputs is inputs
        assert_same_bits(after, compute(inputs))
        roads.clear()
        before = after


def test_the_same_numbers_in_new_arrays_give_the_previous_result_itself(lesson, roads):
    before = compute(lesson)
    roads.clear()
    copies = replace(lesson, matrices={n: m.copy() for n, m in lesson.matrices.items()})
    assert compute(copies, before).one_head is before.one_head
    fixed = replace(lesson, temperature=2.0)  # √d_k = √4 named as a number: the same τ
    assert compute(fixed, before).one_head is before.one_head
    assert roads == []


@pytest.mark.parametrize(("name", "bitwise"), [("q", False), ("k", True), ("v", False)])
def test_a_cell_edit_updates_only_what_it_touches(name, bitwise, roads):
    inputs = random_inputs(length=64, d_k=16, d_v=16, seed=3)
    before = compute(inputs)
    roads.clear()
    after_inputs = edited(inputs, name, 5, 2, 4.5)
    after = compute(after_inputs, before)
    assert roads[0] == "update_attention"
    fresh = compute(after_inputs)
    (assert_same_bits if bitwise else assert_close)(after, fresh)
    if name == "v":  # S and A do not depend on V: the very arrays
        assert after.one_head.weights is before.one_head.weights
    if name == "q":  # one query looks again: every other row of S as it was
        rows = np.delete(np.arange(64), 5)
        assert after.one_head.scores[rows].tobytes() == before.one_head.scores[rows].tobytes()


def test_another_mask_causal_heads_or_shape_is_a_full_computation(roads):
    inputs = random_inputs(length=8, d_k=4, d_v=4, seed=4)
    before = compute(inputs)
    mask = np.ones((8, 8), dtype=np.bool_)
    mask[:, 3] = False
    wider = {**inputs.matrices, "q": np.hstack([inputs.matrices["q"], np.zeros((8, 4))]),
             "k": np.hstack([inputs.matrices["k"], np.zeros((8, 4))])}  # fmt: skip
    for after_inputs, road in (
        (replace(inputs, mask=mask), "attention"),
        (replace(inputs, causal=True), "attention"),
        (replace(inputs, heads=2), "multi_head"),
        (replace(inputs, matrices=wider), "attention"),
        (edited(replace(inputs, temperature=0.3), "q", 0, 0, 2.0), "attention"),  # cells and τ
    ):
        roads.clear()
        after = compute(after_inputs, before)
        assert roads == [road]
        assert_same_bits(after, compute(after_inputs))


def test_several_heads_take_the_same_roads(roads):
    inputs = random_inputs(length=16, d_k=8, d_v=6, heads=2, seed=5)
    before = compute(inputs)
    assert roads == ["multi_head"]
    roads.clear()
    warmer = replace(inputs, temperature=3.0)
    after = compute(warmer, before)
    assert roads == ["with_heads_temperature"]
    assert all(
        a.scores is b.scores for a, b in zip(after.heads.heads, before.heads.heads, strict=True)
    )
    assert_same_bits(after, compute(warmer))
    roads.clear()
    one_head = edited(inputs, "q", 3, 1, -2.0)  # columns 0 … 3: head 0's
    after = compute(one_head, before)
    assert roads[0] == "update_heads"
    assert after.heads.heads[1] is before.heads.heads[1]  # head 1 untouched
    assert_close(after, compute(one_head))


def test_an_edit_of_x_or_a_w_projects_again_only_what_it_changed(roads):
    inputs = random_inputs(length=32, d_k=8, d_v=8, heads=2, projection=True, seed=6)
    before = compute(inputs)
    roads.clear()
    row_of_x = edited(inputs, "x", 4, 1, 0.75)
    after = compute(row_of_x, before)
    assert "project" not in roads  # one row of X·W, not the whole product
    changed = np.flatnonzero((after.q != before.q).any(axis=1))
    assert changed.tolist() == [4]
    assert_close(after, compute(row_of_x))
    roads.clear()
    column_of_w_v = edited(inputs, "w_v", 2, 5, -1.5)
    after = compute(column_of_w_v, before)
    assert after.q is before.q  # W_q did not change
    assert after.k is before.k
    assert_close(after, compute(column_of_w_v))
    _, _, v = project(*(column_of_w_v.matrices[n] for n in ("x", "w_q", "w_k", "w_v")))
    np.testing.assert_allclose(after.v, v, rtol=1e-12, atol=1e-12)


def test_an_engine_refusal_is_raised_as_a_full_computation_raises_it(lesson):
    before = compute(lesson)
    huge = edited(lesson, "q", 0, 0, 1e200)
    huge = edited(huge, "k", 0, 0, 1e200)
    with pytest.raises(ValueError, match="too large"):
        compute(huge, before)


@st.composite
def histories(draw):
    """A start (direct or projection, one or two heads, a mask or not) and edits of it."""
    heads = draw(st.sampled_from([1, 2]))
    projection = draw(st.booleans())
    length = draw(st.integers(1, 10))
    inputs = random_inputs(length=length, d_k=2 * draw(st.integers(1, 3)),
                           d_v=2 * draw(st.integers(1, 3)), heads=heads, projection=projection,
                           seed=draw(st.integers(0, 2**32 - 1)))  # fmt: skip
    temperature = draw(st.sampled_from([None, 1e-3, 0.5, 4.0]))
    causal = draw(st.booleans())
    inputs = replace(inputs, temperature=temperature, causal=causal)
    steps = []
    for _ in range(draw(st.integers(1, 8))):
        kind = draw(st.sampled_from(["cell", "cell", "cell", "tau", "mask"]))
        if kind == "cell":
            name = draw(st.sampled_from(sorted(inputs.matrices)))
            rows, cols = inputs.matrices[name].shape
            cell = (draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1)))
            steps.append(("cell", name, cell, draw(st.sampled_from([0.0, -1.0, 2.5, 30.0]))))
        elif kind == "tau":
            steps.append(("tau", draw(st.sampled_from([None, 1e-3, 0.5, 4.0]))))
        else:
            steps.append(("mask", draw(st.integers(0, length - 1))))
    return inputs, steps


@settings(max_examples=200, deadline=None, derandomize=True)
@given(histories())
def test_every_road_on_random_inputs_ends_where_a_fresh_computation_does(history):
    inputs, steps = history
    computed = compute(inputs)
    exact = True  # so far every computation has a fresh one's very bits
    for step in steps:
        if step[0] == "cell":
            _, name, (row, col), value = step
            inputs = edited(inputs, name, row, col, value)
        elif step[0] == "tau":
            inputs = replace(inputs, temperature=step[1])
        else:  # padding one more token: its key hidden from every query
            length = inputs.matrices["q" if "q" in inputs.matrices else "x"].shape[0]
            mask = np.ones((length, length), np.bool_) if inputs.mask is None else inputs.mask
            mask = mask.copy()
            mask[:, step[1]] = False
            inputs = replace(inputs, mask=mask)
        before = computed
        computed = compute(inputs, before)
        fresh = compute(inputs)
        assert_close(computed, fresh)
        if step[0] == "tau":  # the same scores at another τ: the very same bits again
            assert all(a.scores is b.scores for a, b in zip(heads_of(computed), heads_of(before),
                                                            strict=True))  # fmt: skip
            assert not exact or same_bits(computed, fresh)
        exact = same_bits(computed, fresh)


def test_kept_results_find_the_same_bits_and_keep_one_per_set_of_matrices(lesson):
    kept = KeptResults()
    first = compute(lesson)
    kept.keep(first)
    copies = replace(lesson, matrices={n: m.copy() for n, m in lesson.matrices.items()})
    assert kept.find(copies) is first  # another array, the same bits
    minus_zero = edited(lesson, "v", 0, 0, -0.0)
    zero = edited(lesson, "v", 0, 0, 0.0)
    kept.keep(compute(zero))
    assert kept.find(minus_zero) is None  # -0.0 == 0.0, but not the same input
    for tau in (0.5, 1.0, 3.0):  # the dial: each frame replaces the last
        kept.keep(compute(replace(lesson, temperature=tau)))
    assert len(kept) == 2
    assert kept.find(lesson) is None
    assert kept.find(replace(lesson, temperature=3.0)) is not None


def test_kept_results_stay_within_their_budget():
    inputs = random_inputs(length=64, d_k=8, d_v=8, seed=7)
    first = compute(inputs)
    kept = KeptResults(max_kept=64, max_bytes=3 * result_bytes(first.one_head))
    computed = first
    for i in range(10):
        computed = compute(edited(inputs, "q", i, 0, float(i + 10)), computed)
        kept.keep(computed)
    assert len(kept) == 4  # three within the budget, and the newest
    assert kept.find(computed.inputs) is computed
