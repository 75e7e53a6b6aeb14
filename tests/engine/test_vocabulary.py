"""The lesson's names and limits live in engine.vocabulary, and the package exports them."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
import engine.vocabulary as vocabulary
from engine import PresetError, preset_from_dict
from engine.lesson.explain import STEPS as STEP_NUMBERS
from engine.vocabulary import forbidden_character
from tests.engine.hostile import LESSON, dumped

LIMITS = ("MAX_DIM", "MAX_FILE_BYTES", "MAX_TOKEN_CHARS", "MAX_TOKENS", "MAX_VALUE",
         "MIN_TEMPERATURE")  # fmt: skip


def test_the_limits_are_the_lessons():
    assert vocabulary.MAX_TOKENS == 2048
    assert vocabulary.MAX_DIM == 1024
    assert vocabulary.MAX_TOKEN_CHARS == 200
    assert vocabulary.MAX_VALUE == 1e6
    assert vocabulary.MAX_FILE_BYTES == 256 * 2**20
    assert vocabulary.MIN_TEMPERATURE == 1e-300


def test_the_names_cover_every_input_and_step_in_order():
    assert vocabulary.STEPS == ("scores", "scaled", "weights", "context")
    assert tuple(vocabulary.LABELS) == (*vocabulary.DIRECT_INPUTS, *vocabulary.PROJECTION_INPUTS,
                                        "w_o")  # fmt: skip
    assert vocabulary.LABELS["w_q"] == "W_q"
    assert vocabulary.LABELS["w_o"] == "W_o"  # the heads' output projection, optional
    assert STEP_NUMBERS == {1: "scores", 2: "scaled", 3: "weights", 4: "context"}


def test_the_package_exports_the_limits_and_the_names():
    for name in LIMITS:
        assert getattr(engine, name) is getattr(vocabulary, name), name
        assert name in engine.__all__
    for name in ("LABELS", "STEPS", "DIRECT_INPUTS", "PROJECTION_INPUTS"):
        assert getattr(engine, name) is getattr(vocabulary, name)
        assert name in engine.__all__


# ------------------------------------------------------------------ token names
FORBIDDEN = ["\x00", "\x01", "\x0b", "\x1b", "\t", "\n", "\x7f", "\x85", "\u2028", "\u2029",
             "\ufffe", "\uffff", "\ufdd0", "\U0001fffe", "\ud800"]  # fmt: skip


@pytest.mark.parametrize("character", FORBIDDEN)
def test_a_token_name_with_a_control_character_is_refused_naming_it(character):
    document = json.loads(dumped(LESSON))
    document["tokens"][1] = f"吃{character}"
    with pytest.raises(PresetError) as refused:
        preset_from_dict(document)
    assert refused.value.field == "tokens[1]"
    said = str(refused.value)
    assert f"U+{ord(character):04X}" in said or repr(character) in said


@given(st.text(min_size=1, max_size=8))
def test_every_accepted_name_is_valid_xml_text(name):
    if forbidden_character(name) is None:  # what is left can go into an SVG and back
        ET.fromstring(f"<t>{escape(name)}</t>".encode())
    else:
        assert forbidden_character(name) in name


@pytest.mark.parametrize("name", ["猫", "the cat", "😀\u200d😀", "عربى", "x\u200by", "\u00a0"])
def test_ordinary_names_are_allowed(name):
    assert forbidden_character(name) is None


@pytest.mark.parametrize("name", ["", " ", "\u3000", "\u00a0 "])
def test_an_empty_or_blank_token_name_is_refused_from_a_session(name):
    document = json.loads(dumped(LESSON))
    document["tokens"][2] = name
    with pytest.raises(PresetError, match="a token needs a name") as refused:
        preset_from_dict(document)
    assert refused.value.field == "tokens[2]"


def test_a_csv_with_one_row_unnamed_is_refused_naming_the_line(tmp_path):
    from engine.formats.import_common import MatrixImportError
    from engine.formats.import_csv import read_csv

    path = tmp_path / "q.csv"
    path.write_text(",d0,d1\ncat,1,2\n ,3,4\nfish,5,6\n", encoding="utf-8")
    with pytest.raises(MatrixImportError, match="line 3: the token name is empty"):
        read_csv(path)
    path.write_text("1,2\n3,4\n", encoding="utf-8")  # no names at all: t1, t2 …
    assert read_csv(path).row_names is None
