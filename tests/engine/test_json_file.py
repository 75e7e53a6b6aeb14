"""The one JSON reader: every reader of the app refuses a hostile JSON file by name."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest

from engine import InputError
from engine.formats.json_file import MAX_DEPTH, parse_json, read_json
from engine.real_model import load_model
from tests.engine.tiny_bert import write_tiny_bert

DEEP = "[" * 200_000 + "]" * 200_000


@pytest.mark.parametrize(
    ("text", "words"),
    [(DEEP, "nested more than 64 levels"),
     ('{"a":' * 200 + "1" + "}" * 200, "nested more than 64 levels"),
     ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested more than"),
     ("1" * 5000, "thousands of digits"),
     ("[NaN]", "holds NaN"),
     ('{"x": "\\ud800"}', "x holds half of a character"),
     ("{", "not valid JSON (line 1, column 2: a name in double quotes was expected)"),
     (b"\xff{}", "not UTF-8 text (byte 0)")],
)  # fmt: skip
def test_hostile_json_is_refused_naming_the_file(text: str | bytes, words: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_json(text, "x.json")
    assert str(caught.value).startswith("x.json: ")
    assert words in str(caught.value)
    assert len(str(caught.value)) < 300


def test_json_as_deep_as_the_limit_is_read() -> None:
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, "x.json") is not None
    assert parse_json(b"\xef\xbb\xbf{}", "x.json") == {}  # a byte-order mark is skipped


def test_a_file_over_its_bound_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    with open(path, "wb") as stream:
        stream.truncate(3 * 2**30)  # sparse: nothing is written
    with pytest.raises(InputError, match=r"big.json is 3,072 MB; at most 1 MB"):
        read_json(path, 2**20)


def test_proc_self_mem_is_refused_naming_the_file(tmp_path: Path) -> None:
    folder = write_tiny_bert(tmp_path / "m")
    (folder / "config.json").unlink()
    (folder / "config.json").symlink_to("/proc/self/mem")
    with pytest.raises(InputError) as caught:
        load_model(folder)
    assert "config.json" in str(caught.value)
    assert "None" not in str(caught.value)


@pytest.mark.parametrize("name", ["config.json", "tokenizer.json", "model.safetensors"])
def test_a_model_file_nested_200_000_deep_is_refused_by_name(tmp_path: Path, name: str) -> None:
    folder = write_tiny_bert(tmp_path / "m")
    if name == "model.safetensors":
        raw = DEEP.encode()
        (folder / name).write_bytes(struct.pack("<Q", len(raw)) + raw)
    else:
        (folder / name).write_text(DEEP)
    with pytest.raises(InputError) as caught:
        load_model(folder)
    assert name in str(caught.value)
    assert "nested more than" in str(caught.value)


def test_a_tokenizer_config_nested_deep_is_refused_by_name(tmp_path: Path) -> None:
    folder = write_tiny_bert(tmp_path / "m", tokenizer=False)
    (folder / "tokenizer_config.json").write_text(json.dumps({"a": 1})[:-1] + ', "b":' + DEEP + "}")
    with pytest.raises(InputError, match=r"tokenizer_config.json: it is nested more than"):
        load_model(folder)


def test_a_tokenizer_cannot_make_the_work_grow_past_linear(tmp_path: Path) -> None:
    import time

    from tests.engine.tiny_bert import tokenizer_json

    folder = write_tiny_bert(tmp_path / "m")
    document = tokenizer_json()
    document["model"]["max_input_chars_per_word"] = 10**9  # type: ignore[index]
    (folder / "tokenizer.json").write_text(json.dumps(document))
    model = load_model(folder)
    start = time.perf_counter()
    model.tokenizer.tokenize("a" * 100_000)
    assert time.perf_counter() - start < 1.0
    document["added_tokens"] = [{"content": f"[T{i}]"} for i in range(200_000)]
    (folder / "tokenizer.json").write_text(json.dumps(document))
    with pytest.raises(InputError, match=r"tokenizer.json: it adds 200,000 special tokens"):
        load_model(folder)
