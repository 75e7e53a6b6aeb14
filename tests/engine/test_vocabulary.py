"""The lesson's names and limits live in engine.vocabulary; the old homes still work."""

from __future__ import annotations

import engine
import engine.importing
import engine.presets
import engine.vocabulary as vocabulary
from engine.explain import STEPS as STEP_NUMBERS

MOVED = ("MAX_DIM", "MAX_FILE_BYTES", "MAX_TOKEN_CHARS", "MAX_TOKENS", "MAX_VALUE",
         "MIN_TEMPERATURE")  # fmt: skip


def test_the_limits_are_the_lessons():
    assert vocabulary.MAX_TOKENS == 4096
    assert vocabulary.MAX_DIM == 1024
    assert vocabulary.MAX_TOKEN_CHARS == 200
    assert vocabulary.MAX_VALUE == 1e6
    assert vocabulary.MAX_FILE_BYTES == 256 * 2**20
    assert vocabulary.MIN_TEMPERATURE == 1e-300


def test_the_names_cover_every_input_and_step_in_order():
    assert vocabulary.STEPS == ("scores", "scaled", "weights", "context")
    assert tuple(vocabulary.LABELS) == (*vocabulary.DIRECT_INPUTS, *vocabulary.PROJECTION_INPUTS)
    assert vocabulary.LABELS["w_q"] == "W_q"
    assert STEP_NUMBERS == {1: "scores", 2: "scaled", 3: "weights", 4: "context"}


def test_the_old_names_are_the_same_objects_and_the_package_exports_the_new_ones():
    for name in MOVED:
        assert getattr(engine.presets, name) is getattr(vocabulary, name), name
        assert getattr(engine, name) is getattr(vocabulary, name), name
        assert name in engine.__all__
    assert engine.importing.LABELS is vocabulary.LABELS
    for name in ("LABELS", "STEPS", "DIRECT_INPUTS", "PROJECTION_INPUTS"):
        assert getattr(engine, name) is getattr(vocabulary, name)
        assert name in engine.__all__
