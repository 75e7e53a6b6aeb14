"""Version 2 of the session format: heads, W_o, padding and dropout; version 1 files open
as before and a file that uses none of the new fields is still written as version 1."""

from __future__ import annotations

import json

import numpy as np
import pytest

from engine import PresetError, load_preset, parse_preset, preset_to_dict
from engine.lesson.dropout import DropoutSetting


def shape_check() -> dict:
    return preset_to_dict(load_preset("shape-check"))


def test_the_lesson_is_still_written_as_version_one():
    assert preset_to_dict(load_preset("cat-eats-fish"))["version"] == 1
    assert "heads" not in preset_to_dict(load_preset("cat-eats-fish"))


def test_heads_w_o_padding_and_dropout_go_round_a_file():
    document = shape_check()
    width = len(document["inputs"]["w_v"][0])
    document.update(
        heads=2,
        padding=[False, False, True],
        dropout={"p": 0.25, "seed": 7, "training": True},
    )
    document["inputs"]["w_o"] = np.eye(width).tolist()
    preset = parse_preset(json.dumps(document))
    assert preset.heads == 2
    assert preset.padding == (False, False, True)
    assert preset.dropout == DropoutSetting(0.25, 7, True)
    np.testing.assert_array_equal(preset.projection.w_o, np.eye(width))
    again = preset_to_dict(preset)
    assert again["version"] == 2
    assert (again["heads"], again["padding"], again["dropout"]["seed"]) == (
        2,
        [False, False, True],
        7,
    )
    assert again["inputs"]["w_o"] == document["inputs"]["w_o"]


@pytest.mark.parametrize(
    ("change", "field", "said"),
    [
        ({"heads": 4}, "heads", "do not divide the width"),
        ({"heads": "2"}, "heads", "whole number"),
        ({"heads": 17}, "heads", "from 1 to 16"),
        ({"heads": 2, "selected_head": 2}, "selected_head", "from 0 to 1"),
        ({"heads": 2, "selected_head": -1}, "selected_head", "from 0 to 1"),
        ({"heads": 2, "selected_head": True}, "selected_head", "not True"),
        ({"selected_head": 1}, "selected_head", "from 0 to 0 \\(h = 1\\)"),
        ({"padding": [True]}, "padding", "3 true/false values"),
        ({"padding": [0, 0, 1]}, "padding", "true/false"),
        ({"dropout": {"p": 0.95}}, "dropout.p", "from 0 to 0.9"),
        ({"dropout": {"seed": -1}}, "dropout.seed", "≥ 0"),
        ({"dropout": {"training": "yes"}}, "dropout.training", "true or false"),
        ({"dropout": {"rate": 0.1}}, "dropout", "an object like"),
        ({"mask": [[True, False], [True, True]]}, "mask", "3×3 true/false"),
    ],
)
def test_a_bad_new_field_is_refused_naming_it(change, field, said):
    document = shape_check()
    document.update(change)
    with pytest.raises(PresetError, match=said) as refused:
        parse_preset(json.dumps(document))
    assert refused.value.field == field


def test_a_w_o_of_the_wrong_shape_or_without_the_ws_is_refused():
    document = shape_check()
    document["inputs"]["w_o"] = [[1.0]]
    with pytest.raises(PresetError, match="rows but") as refused:
        parse_preset(json.dumps(document))
    assert refused.value.field == "inputs.w_o"
    lesson = preset_to_dict(load_preset("cat-eats-fish"))
    lesson["inputs"]["w_o"] = [[1.0]]
    with pytest.raises(PresetError, match="needs x, w_q, w_k and w_v"):
        parse_preset(json.dumps(lesson))


def test_a_version_three_file_is_refused_as_newer():
    document = shape_check()
    document["version"] = 3
    with pytest.raises(PresetError, match="newer Attention Lab"):
        parse_preset(json.dumps(document))


@pytest.mark.parametrize("seed", [2**31, 2**63, 10**30])
def test_a_seed_the_seed_box_cannot_show_is_refused_naming_the_field(seed):
    document = {**preset_to_dict(load_preset("cat-eats-fish")), "version": 2,
                "dropout": {"p": 0.1, "seed": seed, "training": True}}  # fmt: skip
    with pytest.raises(PresetError, match=r"dropout.seed: .*at most 2,147,483,647"):
        parse_preset(json.dumps(document))
    document["dropout"]["seed"] = 2**31 - 1
    assert parse_preset(json.dumps(document)).dropout.seed == 2**31 - 1


def test_the_selected_head_goes_round_a_file_and_is_left_out_when_it_is_the_first():
    # a session saved on head 2 reopened on head 1
    document = shape_check()
    document.update(heads=2, selected_head=1)
    preset = parse_preset(json.dumps(document))
    assert preset.selected_head == 1
    again = preset_to_dict(preset)
    assert (again["version"], again["selected_head"]) == (2, 1)
    del document["selected_head"]  # a file from before: the first head
    assert parse_preset(json.dumps(document)).selected_head == 0
    assert "selected_head" not in preset_to_dict(parse_preset(json.dumps(document)))
    assert "selected_head" not in preset_to_dict(load_preset("cat-eats-fish"))
