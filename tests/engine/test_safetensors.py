"""The safetensors reader: what our own writer wrote comes back exactly, and every kind of
broken file is refused with a message saying what is wrong, never a traceback."""

from __future__ import annotations

import json
import os
import struct
from pathlib import Path

import numpy as np
import pytest

from engine import InputError
from engine.formats.files import NotARegularFileError
from engine.real_model.safetensors_file import read_safetensors
from tests.engine.tiny_bert import tiny_tensors, write_safetensors


def raw_file(path: Path, header: object, data: bytes = b"", length: int | None = None) -> Path:
    raw = json.dumps(header).encode()
    path.write_bytes(struct.pack("<Q", len(raw) if length is None else length) + raw + data)
    return path


def test_what_the_writer_wrote_is_read_back_exactly(tmp_path: Path) -> None:
    tensors = tiny_tensors()
    tensors["float64"] = np.linspace(0, 1, 6).reshape(2, 3)
    tensors["half"] = np.array([1.5, -2.0], dtype=np.float16)
    tensors["empty"] = np.zeros((0, 3), dtype=np.float32)
    write_safetensors(tmp_path / "m.safetensors", tensors)
    read = read_safetensors(tmp_path / "m.safetensors")
    assert set(read) == set(tensors)
    for name, array in tensors.items():
        assert read[name].dtype == array.dtype
        np.testing.assert_array_equal(read[name], array)
    assert not read["embeddings.word_embeddings.weight"].flags.writeable


def test_bfloat16_is_widened_to_float32(tmp_path: Path) -> None:
    values = np.array([1.0, -2.5, 3.140625], dtype=np.float32)  # exact in bfloat16
    top_halves = (values.view(np.uint32) >> 16).astype("<u2").tobytes()
    header = {"b": {"dtype": "BF16", "shape": [3], "data_offsets": [0, 6]}}
    read = read_safetensors(raw_file(tmp_path / "b.safetensors", header, top_halves))
    np.testing.assert_array_equal(read["b"], values)


def test_a_tensor_at_an_odd_offset_is_read_all_the_same(tmp_path: Path) -> None:
    data = b"\0" + np.array([1.0, 2.0], dtype="<f4").tobytes()
    header = {"pad": {"dtype": "U8", "shape": [1], "data_offsets": [0, 1]},
              "x": {"dtype": "F32", "shape": [2], "data_offsets": [1, 9]}}  # fmt: skip
    read = read_safetensors(raw_file(tmp_path / "o.safetensors", header, data))
    np.testing.assert_array_equal(read["x"], [1.0, 2.0])


def refused(path: Path) -> str:
    with pytest.raises(InputError) as caught:
        read_safetensors(path)
    assert caught.value.where == path.name
    return str(caught.value.message)


def test_a_header_claiming_a_terabyte_is_refused_before_anything_is_read(tmp_path: Path) -> None:
    path = raw_file(tmp_path / "t.safetensors", {}, length=10**12)
    message = refused(path)
    assert "1,000,000,000,000 bytes" in message
    assert "cut short or not a safetensors file" in message


def test_a_file_cut_short_is_refused(tmp_path: Path) -> None:
    write_safetensors(tmp_path / "m.safetensors", tiny_tensors())
    whole = (tmp_path / "m.safetensors").read_bytes()
    (tmp_path / "cut.safetensors").write_bytes(whole[: len(whole) - 100])
    assert "data_offsets" in refused(tmp_path / "cut.safetensors")
    (tmp_path / "tiny.safetensors").write_bytes(whole[:5])
    assert "5 bytes, too few" in refused(tmp_path / "tiny.safetensors")
    (tmp_path / "header.safetensors").write_bytes(whole[:40])
    assert "header claims" in refused(tmp_path / "header.safetensors")


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ({"dtype": "F8_E4M3", "shape": [2], "data_offsets": [0, 2]}, "dtype 'F8_E4M3' is not"),
        ({"dtype": "F32", "shape": [-1], "data_offsets": [0, 4]}, "not a list of sizes"),
        ({"dtype": "F32", "shape": "2", "data_offsets": [0, 8]}, "not a list of sizes"),
        ({"dtype": "F32", "shape": [2], "data_offsets": [0, 800]}, "within the 8 bytes"),
        ({"dtype": "F32", "shape": [2], "data_offsets": [4, 0]}, "not two offsets"),
        ({"dtype": "F32", "shape": [3], "data_offsets": [0, 8]}, "needs 12 bytes"),
        ({"dtype": "F32", "shape": [2]}, "data_offsets None"),
        ([1, 2], "its entry is not an object"),
    ],
)
def test_a_bad_tensor_entry_is_refused_naming_the_tensor(tmp_path: Path, entry: object,
                                                         words: str) -> None:  # fmt: skip
    path = raw_file(tmp_path / "e.safetensors", {"x": entry}, bytes(8))
    message = refused(path)
    assert "tensor 'x'" in message
    assert words in message


def test_overlapping_tensors_are_refused(tmp_path: Path) -> None:
    header = {"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},
              "b": {"dtype": "F32", "shape": [1], "data_offsets": [4, 8]}}  # fmt: skip
    assert "overlap" in refused(raw_file(tmp_path / "v.safetensors", header, bytes(8)))


def test_a_header_that_is_not_a_json_object_is_refused(tmp_path: Path) -> None:
    (tmp_path / "j.safetensors").write_bytes(struct.pack("<Q", 4) + b"{no}")
    assert "not valid JSON" in refused(tmp_path / "j.safetensors")
    assert "not a JSON object" in refused(raw_file(tmp_path / "l.safetensors", [1, 2]))


def test_a_folder_or_a_pipe_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "d.safetensors").mkdir()
    with pytest.raises(IsADirectoryError):
        read_safetensors(tmp_path / "d.safetensors")
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "p.safetensors")
        with pytest.raises(NotARegularFileError):
            read_safetensors(tmp_path / "p.safetensors")
