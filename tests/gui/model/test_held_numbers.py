"""The numbers the state holds, and whether an edit is allowed, without Qt: no QApplication,
no qtbot; HeldNumbers and edits.py are plain Python (the state around them is Qt's)."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

import numpy as np
import pytest

from engine import InputError, Message, load_preset, random_preset
from engine.formats.head_source import HeadSource
from engine.lesson.dropout import MAX_SEED, DropoutSetting
from engine.vocabulary import MAX_DIM
from gui.model import edits
from gui.model.edits import MAX_GRID_TOKENS, Refused
from gui.model.held_numbers import HeldNumbers
from gui.model.snapshots import snapshot_of


@pytest.fixture
def isolated_settings():
    """Not the GUI tests' own (tests/gui/conftest.py), which starts a QApplication."""


@pytest.fixture
def dialogs():
    """Not the GUI tests' own: no dialog here."""


@pytest.fixture(autouse=True)
def no_qt(request):
    assert "qapp" not in request.fixturenames
    assert "qtbot" not in request.fixturenames


@pytest.fixture
def lesson() -> HeldNumbers:
    return HeldNumbers(snapshot_of(load_preset("cat-eats-fish")))


def refusal(edit) -> Refused:
    with pytest.raises(Refused) as refused:
        edit()
    return refused.value


def test_the_plain_part_loads_and_runs_with_qt_out_of_reach():
    code = (
        "import sys\n"
        "sys.modules['PySide6'] = sys.modules['shiboken6'] = None  # any import of Qt fails\n"
        "from engine import load_preset\n"
        "from gui.model import edits\n"
        "from gui.model.held_numbers import HeldNumbers\n"
        "from gui.model.snapshots import snapshot_of\n"
        "numbers = HeldNumbers(snapshot_of(load_preset('cat-eats-fish')))\n"
        "numbers.apply(edits.heads(numbers, 2))\n"
        "numbers.write_block('q', 0, 0, numbers.matrix('q')[:1, :1] + 1)\n"
        "numbers.set_temperature(0.5)\n"
        "print(numbers.shown_heads.count, numbers.to_preset(2).heads)\n"
        "try:\n"
        "    edits.heads(numbers, 3)\n"
        "except edits.Refused as refused:\n"
        "    print(refused.reason)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["2", "2", "heads"]


def test_the_lessons_numbers_read_as_the_lesson_writes_them(lesson):
    assert lesson.tokens == ("猫", "吃", "鱼")
    assert (lesson.d_k, lesson.d_v, lesson.heads, lesson.temperature) == (4, 4, 1, 2.0)
    assert lesson.follows_sqrt_d_k
    assert lesson.input_names == ("q", "k", "v")
    assert not lesson.is_projection
    np.testing.assert_allclose(lesson.result.weights[0], [0.2741, 0.2741, 0.4519], atol=1e-4)
    assert lesson.cell_name("k", 2, 1) == "K[鱼, d1]"
    assert lesson.shown_result is lesson.result  # no dropout while evaluating
    assert lesson.explain("weights", 0, 2).value == pytest.approx(0.4519, abs=1e-4)


def test_a_written_block_is_a_new_array_and_is_computed_when_next_read(lesson):
    before = lesson.snapshot
    old_v, old_result = lesson.matrix("v"), lesson.result
    lesson.write_block("v", 1, 0, np.array([[5.0, 6.0]]))
    assert lesson.stale
    assert lesson.matrix("v") is not old_v
    assert old_v[1, 0] != 5.0  # never written in place: the undo step's snapshot keeps it
    assert before.matrices["v"] is old_v
    assert lesson.matrix("q") is before.matrices["q"]  # the others are the same arrays
    result = lesson.result
    assert not lesson.stale
    assert result.weights is old_result.weights  # a row of V: S and A stay as they were
    assert result.context[0, 0] != old_result.context[0, 0]


def test_a_new_tau_computes_only_steps_two_to_four(lesson):
    scores = lesson.result.scores
    lesson.set_temperature(0.5)
    assert lesson.temperature == 0.5
    assert not lesson.follows_sqrt_d_k
    assert lesson.result.scores is scores


def test_inputs_seen_again_get_back_the_very_result_they_had(lesson):
    first = lesson.result
    before = lesson.snapshot
    lesson.write_block("q", 0, 0, np.array([[9.0]]))
    assert lesson.result is not first
    lesson.apply(before)  # an undo
    assert lesson.result is first


def test_applying_a_snapshot_copies_only_arrays_that_are_not_already_held(lesson):
    held = lesson.snapshot.matrices
    new_v = np.ones((3, 4))
    lesson.apply(replace(lesson.snapshot, matrices={**held, "v": new_v}, causal=True))
    assert lesson.matrix("q") is held["q"]
    assert lesson.matrix("v") is not new_v
    np.testing.assert_array_equal(lesson.matrix("v"), new_v)
    assert lesson.causal
    assert lesson.result.weights[0, 1] == 0.0  # 猫 sees no later token


def test_tau_comes_with_a_snapshot_only_when_it_sets_it(lesson):
    lesson.set_temperature(0.5)
    lesson.apply(replace(lesson.snapshot, temperature=None))
    assert lesson.temperature == 0.5
    lesson.apply(replace(lesson.snapshot, temperature=None, sets_temperature=True))
    assert lesson.follows_sqrt_d_k


def test_widths_outside_the_limits_or_not_divided_by_the_heads_are_refused(lesson):
    assert refusal(lambda: edits.width(lesson, ("q", "k"), 0)).arguments == (MAX_DIM,)
    assert refusal(lambda: edits.width(lesson, ("q", "k"), MAX_DIM + 1)).reason == "dimension"
    assert edits.width(lesson, ("q", "k"), 4) is None  # as it is: nothing to do
    after = edits.width(lesson, ("q", "k"), 6)
    assert after.matrices["q"].shape == (3, 6)
    lesson.apply(edits.heads(lesson, 2))
    refused = refusal(lambda: edits.width(lesson, ("v",), 5))
    assert (refused.reason, refused.arguments) == ("heads divide", (2, 5))


def test_heads_that_do_not_divide_are_refused_with_the_engines_message(lesson):
    refused = refusal(lambda: edits.heads(lesson, 3))
    assert refused.reason == "heads"
    (error,) = refused.arguments
    assert isinstance(error, InputError)
    assert "3 heads do not divide the width 4 of d_k" in str(error)
    assert edits.heads(lesson, 1) is None
    lesson.apply(edits.heads(lesson, 2))
    lesson.selected_head = 1
    assert lesson.result is lesson.heads_result.heads[1]
    lesson.apply(replace(lesson.snapshot, heads=4))
    lesson.result  # noqa: B018
    assert lesson.selected_head == 1  # still a head there is
    assert lesson.width_qk == 4


def test_w_o_needs_projection_mode_and_projection_needs_few_tokens():
    numbers = HeldNumbers(snapshot_of(random_preset(MAX_DIM + 1, 2, 2, seed=1)))
    assert refusal(lambda: edits.w_o(numbers, True)).reason == "w_o needs projection"
    assert refusal(lambda: edits.projection(numbers, True)).arguments == (MAX_DIM,)
    assert refusal(lambda: edits.d_model(numbers, 3)).reason == ""  # no view asks: no words
    numbers.apply(edits.token_removed(numbers, 0))
    numbers.apply(edits.projection(numbers, True))
    assert numbers.is_projection
    assert numbers.d_model == MAX_DIM
    np.testing.assert_allclose(numbers.matrix("q"), random_preset(MAX_DIM + 1, 2, 2, 1).q[1:])
    numbers.apply(edits.w_o(numbers, True))
    assert numbers.has_w_o
    np.testing.assert_array_equal(numbers.matrix("w_o"), np.eye(2))
    assert refusal(lambda: edits.cell(numbers, "q", 0, 0, 1.0, float)).reason == "computed"


def test_a_typed_value_is_read_and_refused_beyond_a_million(lesson):
    refused = refusal(lambda: edits.cell(lesson, "q", 0, 0, 2e6, float))
    assert (refused.reason, refused.arguments) == ("beyond", ("Q[猫, d0]", 2e6))
    assert refusal(lambda: edits.cell(lesson, "q", 1, 0, float("nan"), float)).reason == "beyond"
    refused = refusal(lambda: edits.cell(lesson, "k", 0, 3, "abc", float))
    assert (refused.reason, refused.arguments) == ("not a number", ("K[猫, d3]", "abc"))
    assert edits.cell(lesson, "q", 0, 0, lesson.matrix("q")[0, 0], float) is None
    assert edits.cell(lesson, "q", 0, 0, "-0.5", float) == -0.5


def test_a_pasted_block_must_be_square_edged_fit_the_grid_and_hold_numbers(lesson):
    paste = lambda top, left, cells: edits.block(lesson, "q", top, left, cells, float)  # noqa: E731
    assert refusal(lambda: paste(0, 0, [["1"], ["1", "2"]])).reason == "ragged"
    refused = refusal(lambda: paste(2, 3, [["1", "2"]]))
    assert (refused.reason, refused.arguments) == ("runs past", (1, 2, "Q[鱼, d3]", 3, 4))
    refused = refusal(lambda: paste(1, 0, [["1", "2"], ["3", "x"]]))
    assert (refused.reason, refused.arguments) == ("paste not a number", ("Q[鱼, d1]", "x"))
    assert paste(2, 2, [["1", "2.5"]]).tolist() == [[1.0, 2.5]]
    assert refusal(lambda: edits.block(lesson, "q", 0, 0, [], float)).reason == ""


def test_token_names_and_counts_are_checked(lesson):
    assert edits.token_name("  鱼  ") == "鱼"
    assert refusal(lambda: edits.token_name("   ")).reason == "no name"
    assert refusal(lambda: edits.token_name("x" * 201)).reason == "long name"
    refused = refusal(lambda: edits.token_name("a\x1bb"))
    assert refused.reason == "bad character"
    assert isinstance(refused.arguments[0], Message)
    assert edits.token_renamed(lesson, 0, " 猫 ") is None
    assert refusal(lambda: edits.token_renamed(lesson, 5, "x")).reason == ""
    lesson.apply(edits.token_added(lesson, "的"))
    assert lesson.tokens[-1] == "的"
    assert lesson.matrix("q")[-1].tolist() == [0.0] * 4
    one = HeldNumbers(snapshot_of(random_preset(1, 2, 2, seed=1)))
    assert refusal(lambda: edits.token_removed(one, 0)).reason == "last token"
    many = HeldNumbers(snapshot_of(random_preset(MAX_GRID_TOKENS, 2, 2, seed=1)))
    assert refusal(lambda: edits.token_added(many, "x")).arguments == (MAX_GRID_TOKENS,)


def test_masks_padding_and_dropout_are_checked(lesson):
    refused = refusal(lambda: edits.own_mask(lesson, np.ones((2, 3), dtype=bool)))
    assert (refused.reason, refused.arguments) == ("mask shape", (3, "2×3"))
    assert edits.own_mask(lesson, np.ones((3, 3), dtype=bool)) is None  # all allowed: none
    mask = ~np.eye(3, dtype=bool)
    lesson.apply(edits.own_mask(lesson, mask))
    assert lesson.result.weights[0, 0] == 0.0
    lesson.apply(edits.padding(lesson, 2, True))
    assert lesson.padding == (False, False, True)
    assert lesson.result.weights[0, 2] == 0.0
    assert edits.padding(lesson, 2, True) is None
    assert refusal(lambda: edits.padding(lesson, 3, True)).reason == ""
    assert refusal(lambda: edits.dropout(lesson, DropoutSetting(p=0.95))).reason == "dropout"
    refused = refusal(lambda: edits.dropout(lesson, DropoutSetting(seed=MAX_SEED + 1)))
    assert (refused.reason, refused.arguments) == ("dropout seed", (f"{MAX_SEED:,}",))
    lesson.apply(edits.dropout(lesson, DropoutSetting(p=0.5, seed=3, training=True)))
    assert lesson.dropped is not None
    assert lesson.shown_result.weights is lesson.dropped.weights
    assert lesson.shown_result is lesson.shown_result  # drawn once for the same result


def test_a_real_models_numbers_are_restored_with_its_own_steps(lesson):
    assert refusal(lambda: edits.restored(lesson)).reason == ""  # typed: nothing to restore
    preset = load_preset("cat-eats-fish")
    source = HeadSource("tiny", None, 1, 1, "猫 吃 鱼", "MIT", "tiny", preset.tokens,
                        preset.q, preset.k, preset.v)  # fmt: skip
    numbers = HeldNumbers(replace(snapshot_of(preset), source=source, causal=True))
    assert numbers.is_the_models
    assert not numbers.is_as_the_model_computes
    numbers.apply(edits.restored(numbers))
    assert numbers.is_as_the_model_computes
    assert edits.restored(numbers) is None


def test_a_preset_saved_and_read_back_holds_the_same_numbers(lesson):
    lesson.apply(edits.projection(lesson, True))
    lesson.apply(edits.heads(lesson, 2))
    lesson.set_temperature(0.7)
    lesson.selected_head = 1
    lesson.view_extra = {"scale": "row"}
    preset = lesson.to_preset(precision=3)
    again = HeldNumbers(snapshot_of(preset))
    for name in ("x", "w_q", "w_k", "w_v", "q", "k", "v"):
        np.testing.assert_array_equal(again.matrix(name), lesson.matrix(name))
    assert (again.heads, again.temperature, preset.selected_head) == (2, 0.7, 1)
    assert preset.view == {"scale": "row", "precision": 3}


def test_a_preset_the_engine_refuses_is_refused_before_any_step(lesson):
    bad = replace(lesson.snapshot, matrices={"q": np.ones((3, 4)), "k": np.ones((3, 5)),
                                             "v": np.ones((3, 4))})  # fmt: skip
    refused = refusal(lambda: edits.computable(bad, "load", lesson.kept))
    assert refused.reason == "load"
    assert "same width d_k" in str(refused.arguments[0])


def test_what_the_views_are_told_is_decided_once_everything_is_in_place(lesson):
    from gui.model.pending import PendingChange

    lesson.selected_token = 2
    lesson.selected_cell = ("weights", 2, 0)
    pending = PendingChange(lesson.snapshot, lesson.shown_temperature)
    lesson.apply(edits.token_removed(lesson, 2))
    pending.note(full=True, rectangle=None)
    assert pending.told(lesson) == [
        ("structure_changed",),
        ("result_changed",),
        ("tokens_changed",),
        ("selected_token_changed", 1),
        ("selected_cell_changed",),
    ]
    assert (lesson.selected_token, lesson.selected_cell) == (1, None)
    pending = PendingChange(lesson.snapshot, lesson.shown_temperature)
    lesson.apply(edits.causal(lesson, True))
    lesson.write_block("v", 0, 1, np.array([[3.0]]))
    pending.note(full=True, rectangle=("v", 0, 1, 1, 1))
    assert pending.told(lesson) == [
        ("result_changed",),
        ("values_changed", "v", 0, 0, 2, 4),  # a new array: its whole grid
        ("causal_changed", True),
    ]
    cells = PendingChange(lesson.snapshot, lesson.shown_temperature)
    cells.note(full=False, rectangle=("q", 1, 2, 1, 1))
    assert cells.told(lesson) == [("values_changed", "q", 1, 2, 1, 1)]


def test_a_holder_reads_its_numbers_and_cannot_write_them(lesson):
    from gui.model.held_numbers import Held

    class Holder:  # as AttentionState holds its numbers
        tokens = Held[tuple[str, ...]]()
        matrix = Held[object]()

        def __init__(self, numbers: HeldNumbers) -> None:
            self._numbers = numbers

    holder = Holder(lesson)
    assert holder.tokens == ("猫", "吃", "鱼")
    assert holder.matrix("q") is lesson.matrix("q")
    with pytest.raises(AttributeError, match="read-only"):
        holder.tokens = ("x",)
