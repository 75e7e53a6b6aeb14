"""The preset and session format: round trips, and every bad file gives PresetError."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest

from engine import (
    PresetError,
    load_preset,
    parse_preset,
    preset_to_dict,
    read_preset,
    write_preset,
)
from engine.vocabulary import MAX_FILE_BYTES


def lesson_dict():
    return preset_to_dict(load_preset("cat-eats-fish"))


def test_built_in_presets_round_trip_through_the_file_format(tmp_path):
    for name in ("cat-eats-fish", "shape-check"):
        preset = load_preset(name)
        write_preset(tmp_path / f"{name}.json", preset)
        again = read_preset(tmp_path / f"{name}.json")
        assert again.tokens == preset.tokens
        np.testing.assert_array_equal(again.q, preset.q)
        np.testing.assert_array_equal(again.v, preset.v)
        assert (again.projection is None) == (preset.projection is None)
        assert again.title == preset.title


def test_unknown_fields_from_a_later_minor_change_are_kept():
    data = lesson_dict() | {"comment": "from the future"}
    preset = parse_preset(json.dumps(data))
    assert preset.extra == {"comment": "from the future"}
    assert preset_to_dict(preset)["comment"] == "from the future"


def test_session_settings_are_read():
    data = lesson_dict() | {"temperature": 0.5, "causal": True, "selected_token": 2,
                            "mask": [[True, False, True]] * 3}  # fmt: skip
    preset = parse_preset(json.dumps(data))
    assert (preset.temperature, preset.causal, preset.selected_token) == (0.5, True, 2)
    assert preset.mask.tolist() == [[True, False, True]] * 3


def edit(path, value):
    data = lesson_dict()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "field", "words"),
    [
        ('{"format": "attention-lab", "version": 1, "tokens": [', "", r"not valid JSON \(line 1"),
        ("[1, 2, 3]", "", "one JSON object"),
        ("not json at all", "", "not valid JSON"),
        (b"\xff\xfe\x00garbage", "", "not UTF-8 text|not valid JSON"),
        (edit(["format"], "something-else"), "format", "not an Attention Lab file"),
        (edit(["version"], 3), "version", "written by a newer Attention Lab"),
        (edit(["version"], "1"), "version", "whole number"),
        (edit(["version"], 0), "version", "at least 1"),
        (edit(["tokens"], []), "tokens", "non-empty list"),
        (edit(["tokens"], ["猫", 2, "鱼"]), "tokens[1]", "must be text"),
        (edit(["inputs", "q"], [[1, 1, 0, 0], [0, 2, 0, 2]]), "inputs.q", "has 2 rows but 3"),
        (edit(["inputs", "k"], [[1, 0, 1], [0, 1, 0], [1, 1, 0]]), "inputs.k", "3 columns but 4"),
        (edit(["inputs", "v"], [[1, 0], [0, 1, 0], [2, 0]]), "inputs.v[1]", "has 3 numbers"),
        (edit(["inputs", "q", 1, 2], "0.5"), "inputs.q[1][2]", "must be a number, not '0.5'"),
        (edit(["inputs", "q", 1, 2], True), "inputs.q[1][2]", "must be a number"),
        (edit(["inputs", "q", 1, 2], None), "inputs.q[1][2]", "must be a number"),
        (edit(["inputs", "q", 1, 2], [1]), "inputs.q[1][2]", "must be a number"),
        (edit(["inputs", "q", 1, 2], 7).replace(" 7,", " 1e400,"), "inputs.q[1][2]", "finite"),
        (edit(["inputs", "q", 1, 2], float("inf")), "", "Infinity is not allowed"),
        (edit(["inputs"], {"q": [[1]], "k": [[1]], "v": [[1]]}), "inputs.q", "has 1 rows but 3"),
        (edit(["inputs"], {"x": [[1]] * 3, "w_q": [[1]], "w_k": [[1]]}), "inputs.w_v", "missing"),
        (edit(["inputs"], []), "inputs", "must be an object"),
        (edit(["temperature"], -1), "temperature", "positive number"),
        (edit(["temperature"], "hot"), "temperature", "positive number"),
        (edit(["causal"], "yes"), "causal", "true or false"),
        (edit(["mask"], [[True, False]]), "mask", "3×3 true/false"),
        (edit(["selected_token"], 3), "selected_token", "from 0 to 2"),
        (edit(["title"], {"en": 5}), "title", "language codes"),
        (edit(["view"], []), "view", "must be an object"),
    ],
)
def test_bad_files_raise_preset_error_naming_the_field(text, field, words):
    with pytest.raises(PresetError, match=words) as caught:
        parse_preset(text)
    assert caught.value.field == field
    assert isinstance(caught.value, ValueError)


def test_nan_in_a_matrix_is_refused():
    text = json.dumps(lesson_dict()).replace("[1.0, 1.0, 0.0, 0.0]", "[1.0, NaN, 0.0, 0.0]", 1)
    with pytest.raises(PresetError, match="NaN is not allowed"):
        parse_preset(text)


def test_a_truncated_file_is_refused(tmp_path):
    text = json.dumps(lesson_dict())
    path = tmp_path / "truncated.json"
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(PresetError, match="not valid JSON"):
        read_preset(path)


def test_deeply_nested_data_is_refused():
    with pytest.raises(PresetError, match="nested too deeply"):
        parse_preset("[" * 100_000 + "]" * 100_000)


def test_a_one_gigabyte_file_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as stream:
        stream.truncate(2**30)  # sparse: no gigabyte is written or read
    with pytest.raises(PresetError, match="1,024 MB; at most 256 MB"):
        read_preset(path)
    assert MAX_FILE_BYTES < 2**30


def test_too_many_tokens_are_refused():
    data = lesson_dict() | {"tokens": ["a"] * 5000}
    with pytest.raises(PresetError, match="at most 2048"):
        parse_preset(json.dumps(data))


def test_too_many_dimensions_are_refused():
    data = lesson_dict()
    data["inputs"]["q"] = [[0.0] * 1025] * 3
    with pytest.raises(PresetError, match="at most 1024"):
        parse_preset(json.dumps(data))


def test_a_missing_file_is_a_preset_error(tmp_path):
    with pytest.raises(PresetError, match=r"cannot read nothing\.json"):
        read_preset(tmp_path / "nothing.json")
    with pytest.raises(PresetError, match="no built-in preset"):
        load_preset("dog-eats-bone")


def test_saving_replaces_the_file_atomically_and_leaves_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "lesson.json"
    write_preset(path, load_preset("cat-eats-fish"))
    before = path.read_bytes()

    def full_disk(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space"):
        write_preset(path, load_preset("shape-check"))
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["lesson.json"]


def test_numbers_beyond_a_million_are_refused_like_a_typed_cell():
    data = lesson_dict()
    data["inputs"]["k"][2][1] = 1e308  # finite, but q·k would overflow
    with pytest.raises(PresetError, match="beyond ±1,000,000") as caught:
        parse_preset(json.dumps(data))
    assert caught.value.field == "inputs.k[2][1]"


def test_saved_files_are_readable_by_others_as_usual(tmp_path):
    path = tmp_path / "shared.json"
    write_preset(path, load_preset("cat-eats-fish"))
    umask = os.umask(0)
    os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask
    path.chmod(0o640)
    write_preset(path, load_preset("shape-check"))
    assert path.stat().st_mode & 0o777 == 0o640  # a replaced file keeps its mode
