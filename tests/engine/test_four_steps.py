"""four_steps, the lesson's lines, against every road the engine takes to the same numbers.

Where the engine's code says it gives the very same bits, the test asks for them: rows done
a block at a time are those of all rows at once (engine/lesson/row_blocks.py); after an
edit of K, or of every row of V, the result is a full computation's, and after an edit of
V, S, S/τ and A stay as they were (engine/lesson/update.py); one head is exactly the single
head (engine/lesson/multi_head.py). Those bits are four_steps' when dividing by √d_k is
exact, that is when √d_k is a power of two (d_k = 1, 4, 16: the lesson's 4): four_steps
subtracts each row's maximum after dividing, as the lesson writes it, and the engine before
(so that a tiny τ cannot overflow). Everywhere else, within 1e-12 of the largest number.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import engine.lesson.row_blocks as row_blocks
from engine import (
    FourSteps,
    InputError,
    attention,
    four_steps,
    load_preset,
    multi_head,
    update_attention,
)
from engine.vocabulary import STEPS

LESSON = load_preset("cat-eats-fish")
#: The module, not the function engine.lesson.attention that its package exports.
ATTENTION_MODULE = importlib.import_module("engine.lesson.attention")
ALL = frozenset(STEPS)
NONE: frozenset[str] = frozenset()


def changed_first_row(matrix):
    before = matrix.copy()
    before[0] += 1.0
    return before


def whole(q, k, v):
    return attention(q, k, v)


def row_by_row(q, k, v):
    with mock.patch.object(row_blocks, "BLOCK_ELEMENTS", 1):  # a block of one row each
        return attention(q, k, v)


def after_a_key_edit(q, k, v):
    return update_attention(attention(q, changed_first_row(k), v), q, k, v)


def after_a_key_edit_in_blocks_of_two_keys(q, k, v):
    # S in blocks of 2 keys: products of other shapes than q @ k.T, whose last bit may differ
    with mock.patch.object(ATTENTION_MODULE, "KEY_BLOCK", 2):
        return update_attention(attention(q, changed_first_row(k), v), q, k, v)


def after_a_value_edit(q, k, v):
    return update_attention(attention(q, k, changed_first_row(v)), q, k, v)


def after_every_value_changed(q, k, v):
    return update_attention(attention(q, k, v + 1.0), q, k, v)


def after_a_query_edit(q, k, v):
    return update_attention(attention(changed_first_row(q), k, v), q, k, v)


def one_head(q, k, v):
    return multi_head(q, k, v, 1).heads[0]


#: Each road, and the steps its code promises to give bit for bit as all rows at once do.
ROADS: list[tuple[Callable[..., object], frozenset[str]]] = [
    (whole, ALL),
    (row_by_row, ALL),
    (after_a_key_edit, ALL),
    (after_a_key_edit_in_blocks_of_two_keys, NONE),
    (after_a_value_edit, frozenset({"scores", "scaled", "weights"})),
    (after_every_value_changed, ALL),
    (after_a_query_edit, NONE),  # a row of Q alone may differ from the full product's last bit
    (one_head, ALL),
]


def exact_division(d_k: int) -> bool:
    """Return whether √d_k is a power of two, so that x/√d_k is exact."""
    root = math.isqrt(d_k)
    return root * root == d_k and root & (root - 1) == 0


def assert_close(have, want, name: str = "") -> None:
    scale = 1.0 + float(np.abs(want).max())
    np.testing.assert_allclose(have, want, rtol=0, atol=1e-12 * scale, err_msg=name)


def assert_agrees(got, expected: FourSteps, exact: frozenset[str]) -> None:
    for name in STEPS:
        have, want = getattr(got, name), getattr(expected, name)
        assert have.shape == want.shape, name
        if name in exact:
            np.testing.assert_array_equal(have, want, err_msg=name)
            assert have.tobytes() == np.ascontiguousarray(want).tobytes(), name  # −0.0 too
        else:
            assert_close(have, want, name)


def assert_heads_agree(q, k, v, heads: int, w_o=None) -> None:
    """Each head is the four steps of its block of columns; their Z's make the concat."""
    result = multi_head(q, k, v, heads, w_o=w_o)
    d_k, d_v = q.shape[1] // heads, v.shape[1] // heads
    columns = [(slice(i * d_k, (i + 1) * d_k), slice(i * d_v, (i + 1) * d_v)) for i in range(heads)]
    expected = [
        four_steps(q[:, cols_qk], k[:, cols_qk], v[:, cols_v]) for cols_qk, cols_v in columns
    ]
    for head, steps in zip(result.heads, expected, strict=True):
        assert_agrees(head, steps, NONE)
    concat = np.hstack([steps.context for steps in expected])  # (L_q, h·d_v)
    assert_close(result.concat, concat, "concat")
    if w_o is not None:
        assert_close(result.output, concat @ w_o, "output")  # (L_q, d_out)


# ------------------------------------------------------------------ the lesson's example


def test_the_four_steps_give_the_lessons_figures():
    s, scaled, a, z = four_steps(LESSON.q, LESSON.k, LESSON.v)
    np.testing.assert_array_equal(s, [[1, 1, 2], [0, 4, 2], [1, 1, 0]])
    np.testing.assert_array_equal(scaled, [[0.5, 0.5, 1], [0, 2, 1], [0.5, 0.5, 0]])
    expected_a = [[0.2741, 0.2741, 0.4519], [0.0900, 0.6652, 0.2447], [0.3837, 0.3837, 0.2327]]
    np.testing.assert_array_equal(a.round(4), expected_a)
    np.testing.assert_allclose(a.sum(axis=1), 1.0, rtol=1e-15)
    expected_z = [
        [1.1778, 0.2741, 0.2741, 1.1778],
        [0.5795, 0.6652, 0.0900, 1.1547],
        [0.8490, 0.3837, 0.3837, 0.8490],
    ]
    np.testing.assert_array_equal(z.round(4), expected_z)


def test_the_steps_are_named_as_the_engines_result_names_them():
    steps = four_steps(LESSON.q, LESSON.k, LESSON.v)
    assert FourSteps._fields == STEPS == ("scores", "scaled", "weights", "context")
    assert steps.weights is steps[2]


@pytest.mark.parametrize(("road", "exact"), ROADS, ids=[road.__name__ for road, _ in ROADS])
def test_every_road_of_the_engine_gives_the_four_steps_of_the_lesson(road, exact):
    assert exact_division(LESSON.q.shape[1])  # d_k = 4: dividing by 2 is exact
    expected = four_steps(LESSON.q, LESSON.k, LESSON.v)
    assert_agrees(road(LESSON.q, LESSON.k, LESSON.v), expected, exact)


@pytest.mark.parametrize("heads", [2, 4])
def test_the_lessons_heads_are_the_four_steps_of_their_columns(heads):
    assert_heads_agree(LESSON.q, LESSON.k, LESSON.v, heads, w_o=np.eye(4))


# ------------------------------------------------------------------ random shapes

values = st.floats(-8, 8, allow_nan=False, allow_infinity=False, allow_subnormal=False)
#: Widths with √d_k a power of two (1, 4, 16) and without.
widths = st.sampled_from([1, 2, 3, 4, 5, 8, 9, 16])


@st.composite
def inputs(draw, heads: int = 1):
    length_q, length_k = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    d_k, d_v = draw(widths), draw(st.integers(1, 6))
    q = draw(arrays(np.float64, (length_q, heads * d_k), elements=values))
    k = draw(arrays(np.float64, (length_k, heads * d_k), elements=values))
    v = draw(arrays(np.float64, (length_k, heads * d_v), elements=values))
    return q, k, v


@pytest.mark.parametrize(("road", "exact"), ROADS, ids=[road.__name__ for road, _ in ROADS])
@settings(max_examples=150, deadline=None, derandomize=True)
@given(case=inputs())
def test_every_road_of_the_engine_gives_the_four_steps_on_random_shapes(road, exact, case):
    q, k, v = case
    if not exact_division(q.shape[1]):
        exact = NONE  # the engine subtracts each row's maximum before dividing, not after
    assert_agrees(road(q, k, v), four_steps(q, k, v), exact)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(heads=st.integers(2, 4), data=st.data())
def test_every_head_is_the_four_steps_of_its_columns_on_random_shapes(heads, data):
    q, k, v = data.draw(inputs(heads))
    w_o = data.draw(arrays(np.float64, (v.shape[1], 3), elements=values))
    assert_heads_agree(q, k, v, heads, w_o)


# ------------------------------------------------------------------ its checks


def test_shapes_that_do_not_fit_are_refused_naming_them():
    with pytest.raises(InputError, match=r"Q is 3×4 and K is 3×2"):
        four_steps(LESSON.q, LESSON.k[:, :2], LESSON.v)
    with pytest.raises(InputError, match=r"K has 3 rows but V has 2"):
        four_steps(LESSON.q, LESSON.k, LESSON.v[:2])
    with pytest.raises(InputError, match=r"V\[0, 1\] is nan"):
        four_steps(LESSON.q, LESSON.k, [[1, np.nan], [0, 0], [0, 0]])
