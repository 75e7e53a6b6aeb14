"""Importing Q, K, V (or X and the W's) from CSV, .npy and .npz files; every bad file is
refused with a message that names the file and the cell or array."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import numpy as np
import pytest

from engine import load_preset, project
from engine.formats.import_common import MAX_ELEMENTS, MatrixImportError, matrix_name
from engine.formats.import_csv import read_csv
from engine.formats.import_npy import read_npy, read_npz
from engine.formats.importing import import_preset

LESSON = load_preset("cat-eats-fish")


def write(path, text):
    path.write_text(text, encoding="utf-8")
    return path


def write_npy_header(path, shape, descr="<f8", data=b""):
    """Only a header (and ``data``): a file that claims an array it does not hold."""
    header = {"descr": descr, "fortran_order": False, "shape": shape}
    with path.open("wb") as stream:
        np.lib.format.write_array_header_1_0(stream, header)
        stream.write(data)
    return path


def refused(paths, *words):
    with pytest.raises(MatrixImportError) as caught:
        import_preset(paths)
    for word in words:
        assert word in str(caught.value), (word, str(caught.value))
    return str(caught.value)


@pytest.mark.parametrize(
    ("label", "name"),
    [("q", "q"), ("Q", "q"), ("K", "k"), ("layer0_v", "v"), ("attn.w_q", "w_q"),
     ("W_K", "w_k"), ("wv", "w_v"), ("block-3-wq", "w_q"), ("x", "x"), ("embeddings_x", "x"),
     ("kv", None), ("scores", None), ("", None)],
)  # fmt: skip
def test_a_file_or_array_name_says_which_matrix_it_holds(label, name):
    assert matrix_name(label) == name


def test_plain_csv_files_give_q_k_v_and_tokens_t1_to_tl(tmp_path):
    paths = []
    for name in ("q", "k", "v"):
        rows = getattr(LESSON, name).tolist()
        paths.append(
            write(tmp_path / f"{name}.csv", "\n".join(",".join(map(str, r)) for r in rows))
        )
    preset = import_preset(paths)
    assert preset.tokens == ("t1", "t2", "t3")
    for name in ("q", "k", "v"):
        np.testing.assert_array_equal(getattr(preset, name), getattr(LESSON, name))
    assert preset.projection is None


def test_a_header_column_names_the_tokens_and_a_header_row_is_skipped(tmp_path):
    q = write(tmp_path / "q.csv", "\ufefftoken,d0,d1,d2,d3\n猫,1,1,0,0\n吃,0,2,0,2\n鱼,0,0,1,1\n")
    k = write(tmp_path / "k.csv", "1\t0\t1\t0\n0\t1\t0\t1\n1\t1\t0\t0\n\n")  # tabs, blank line
    v = write(tmp_path / "v.csv", "a;b;c;d\n1;0;1;0\n0;1;0;1\n 2 ; 0 ; 0 ; 2\n")
    preset = import_preset([q, k, v])
    assert preset.tokens == ("猫", "吃", "鱼")
    np.testing.assert_array_equal(preset.q, LESSON.q)
    np.testing.assert_array_equal(preset.k, LESSON.k)
    np.testing.assert_array_equal(preset.v, LESSON.v)
    assert read_csv(k).row_names is None


def test_npy_files_of_any_real_dtype_and_order_become_float_matrices(tmp_path):
    np.save(tmp_path / "q.npy", LESSON.q.astype(np.float32))
    np.save(tmp_path / "k.npy", np.asfortranarray(LESSON.k.astype(">i8")))
    np.save(tmp_path / "v.npy", LESSON.v[np.newaxis, np.newaxis])  # (1, 1, L, d): batch, head
    preset = import_preset([tmp_path / "q.npy", tmp_path / "k.npy", tmp_path / "v.npy"])
    for name in ("q", "k", "v"):
        matrix = getattr(preset, name)
        assert matrix.dtype == np.float64
        assert matrix.flags.c_contiguous
        np.testing.assert_array_equal(matrix, getattr(LESSON, name))


@pytest.mark.parametrize("save", [np.savez, np.savez_compressed])
def test_an_npz_archive_holds_the_projection_inputs_by_name(tmp_path, save):
    shape = load_preset("shape-check").projection
    save(tmp_path / "model.npz", X=shape.x, W_q=shape.w_q, w_k=shape.w_k, wv=shape.w_v,
         bias=np.zeros(3))  # fmt: skip
    preset = import_preset([tmp_path / "model.npz"])
    np.testing.assert_array_equal(preset.projection.x, shape.x)
    np.testing.assert_array_equal(preset.projection.w_v, shape.w_v)
    q, _k, v = project(shape.x, shape.w_q, shape.w_k, shape.w_v)
    np.testing.assert_array_equal(preset.q, q)
    np.testing.assert_array_equal(preset.v, v)
    assert set(read_npz(tmp_path / "model.npz")) == {"x", "w_q", "w_k", "w_v"}


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("1,2,3\n4,5\n", ["q.csv: line 2 has 2 cells but line 1 has 3"]),
        ("1,2\n3,abc\n", ["q.csv: line 2, column 2: 'abc' is not a number"]),
        ("t,a,b\nx,1,2\ny,3,\n", ["q.csv: line 3, column 3: is empty"]),
        ("1,2\n3,nan\n", ["line 2, column 2: nan is not a finite number"]),
        ("1,2\n-inf,4\n", ["line 2, column 1: -inf is not a finite number"]),
        ("1,2\n1e999,4\n", ["line 2, column 1: 1e999 is not a finite number"]),
        ("a,b\nc,d\n", ["q.csv: line 2, column 2: 'd' is not a number"]),
        ("a,b,c\n", ["q.csv: holds no numbers"]),
        ("", ["q.csv: holds no numbers"]),
        ("1," * 1100 + "1\n", ["q.csv: line 1: over 1024 cells"]),
        ("1\n" * 2050, ["q.csv: has more than 2048 rows"]),
    ],
)
def test_a_bad_csv_is_refused_naming_the_file_and_the_cell(tmp_path, text, words):
    write(tmp_path / "q.csv", text)
    np.save(tmp_path / "k.npy", LESSON.k)
    np.save(tmp_path / "v.npy", LESSON.v)
    refused([tmp_path / "q.csv", tmp_path / "k.npy", tmp_path / "v.npy"], *words)


def test_a_csv_that_is_not_utf8_is_refused(tmp_path):
    (tmp_path / "q.csv").write_bytes(b"1,2\n\xff\xfe,3\n")
    with pytest.raises(MatrixImportError, match=r"q\.csv: is not UTF-8 text"):
        read_csv(tmp_path / "q.csv")


def test_a_pickled_object_array_is_refused_without_unpickling_it(tmp_path, monkeypatch):
    np.save(tmp_path / "q.npy", np.array([[{"evil": 1}, None]], dtype=object), allow_pickle=True)

    def no_unpickling(*args, **kwargs):
        raise AssertionError("something was unpickled")

    monkeypatch.setattr(pickle, "load", no_unpickling)
    monkeypatch.setattr(pickle, "loads", no_unpickling)
    with pytest.raises(MatrixImportError, match=r"q\.npy: holds Python objects \(a pickle\)"):
        read_npy(tmp_path / "q.npy")
    np.savez(tmp_path / "m.npz", q=np.array([None, 1], dtype=object), k=LESSON.k, v=LESSON.v)
    refused([tmp_path / "m.npz"], "m.npz, array 'q': holds Python objects")


def test_a_huge_array_is_refused_by_its_header_before_any_data_is_read(tmp_path, monkeypatch):
    path = write_npy_header(tmp_path / "q.npy", (10_000, 10_001), data=b"\0" * 64)
    assert path.stat().st_size < 1000  # the file claims 800 MB it does not hold

    def no_reading(*args, **kwargs):
        raise AssertionError("the data was read")

    monkeypatch.setattr(np, "frombuffer", no_reading)
    monkeypatch.setattr(np, "fromfile", no_reading)
    with pytest.raises(MatrixImportError) as caught:
        read_npy(path)
    message = str(caught.value)
    assert f"holds 100,010,000 numbers (10000×10001), over the {MAX_ELEMENTS:,}" in message
    assert "truncated" not in message
    with zipfile.ZipFile(tmp_path / "m.npz", "w") as archive:
        archive.write(path, "q.npy")
    with pytest.raises(MatrixImportError, match=r"m\.npz, array 'q': holds 100,010,000 numbers"):
        read_npz(tmp_path / "m.npz")


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda p: write_npy_header(p, (3, 4), data=b"\0" * 40), ["truncated", "96 bytes"]),
        (lambda p: p.write_bytes(b"PK\x03\x04 not numpy"), ["q.npy: is not a NumPy .npy array"]),
        (lambda p: write_npy_header(p, (5000, 3), data=bytes(120_000)), ["5,000 rows; at most"]),
        (lambda p: write_npy_header(p, (3, 2000), data=bytes(48_000)), ["2,000 columns; at most"]),
        (lambda p: np.save(p, np.arange(12.0)), ["shape 12 (1-D); a matrix has 2 dimensions"]),
        (lambda p: np.save(p, np.zeros((2, 3, 4))), ["shape 2×3×4 (3-D)"]),
        (lambda p: np.save(p, np.zeros((3, 4), complex)), ["complex128 values; only real numbers"]),
        (lambda p: np.save(p, np.array([[1, 2], [np.nan, 3]])), ["[1, 0] (from 0) is nan"]),
        (lambda p: np.save(p, np.zeros((0, 4))), ["holds no numbers"]),
        (lambda p: p.mkdir(), ["q.npy: cannot be read"]),
    ],
)  # fmt: skip
def test_a_bad_npy_is_refused_with_its_reason(tmp_path, make, words):
    make(tmp_path / "q.npy")
    refused([tmp_path / "q.npy", tmp_path / "k.csv", tmp_path / "v.csv"], "q.npy", *words)


def test_a_bad_npz_is_refused_with_its_reason(tmp_path):
    write(tmp_path / "a.npz", "not a zip")
    refused([tmp_path / "a.npz"], "a.npz: is not a readable .npz archive")
    np.savez(tmp_path / "b.npz", scores=np.ones((2, 2)))
    refused([tmp_path / "b.npz"], "b.npz: holds no array named q, k, v", "'scores'")
    np.savez(tmp_path / "c.npz", q=LESSON.q, Q=LESSON.q)
    refused([tmp_path / "c.npz"], "c.npz: has two arrays for Q")
    np.savez(tmp_path / "d.npz", q=LESSON.q, v=LESSON.v)
    refused([tmp_path / "d.npz"], "K missing: import all of Q, K, V")


def direct(tmp_path, q, k, v):
    for name, matrix in (("q", q), ("k", k), ("v", v)):
        np.save(tmp_path / f"{name}.npy", np.asarray(matrix, dtype=float))
    return [tmp_path / f"{name}.npy" for name in ("q", "k", "v")]


def test_shapes_that_do_not_fit_together_are_refused_naming_both_matrices(tmp_path):
    q, k, v = LESSON.q, LESSON.k, LESSON.v
    refused(direct(tmp_path, q, k[:, :3], v), "K (k.npy) has 3 columns but Q (q.npy) has 4",
            "same width d_k")  # fmt: skip
    refused(direct(tmp_path, q, k, v[:2]), "V (v.npy) has 2 rows but K (k.npy) has 3",
            "every key needs its value")  # fmt: skip
    refused(direct(tmp_path, q[:2], k, v), "K (k.npy) has 3 rows but Q (q.npy) has 2")
    shape = load_preset("shape-check").projection
    np.savez(tmp_path / "p.npz", x=shape.x, w_q=shape.w_q[:5], w_k=shape.w_k, w_v=shape.w_v)
    refused([tmp_path / "p.npz"], "W_q (p.npz, w_q) has 5 rows but X (p.npz, x) has 8 columns")
    np.savez(tmp_path / "p.npz", x=shape.x, w_q=shape.w_q, w_k=shape.w_k[:, :2], w_v=shape.w_v)
    refused([tmp_path / "p.npz"], "W_k (p.npz, w_k) has 2 columns but W_q (p.npz, w_q) has 4")


def test_mixed_missing_twice_given_and_unnamed_inputs_are_refused(tmp_path):
    paths = direct(tmp_path, LESSON.q, LESSON.k, LESSON.v)
    np.save(tmp_path / "x.npy", np.ones((3, 2)))
    refused([*paths, tmp_path / "x.npy"], "either Q, K, V or X with W_q, W_k, W_v, not both")
    refused(paths[:2], "V missing")
    write(tmp_path / "Q.csv", "1,1,0,0\n0,2,0,2\n0,0,1,1\n")
    refused([*paths, tmp_path / "Q.csv"], "Q is given twice: by q.npy and by Q.csv")
    np.save(tmp_path / "scores.npy", np.ones((3, 3)))
    refused([tmp_path / "scores.npy"], "scores.npy: does not say which matrix it holds")
    write(tmp_path / "q.json", "{}")
    refused([tmp_path / "q.json"], "q.json: is not a .csv, .npy or .npz file")
    refused([tmp_path / "missing_q.csv"], "missing_q.csv: cannot be read")


def test_importing_loads_no_qt():
    code = (
        "import sys, engine.formats.importing\n"
        "print(any(m.startswith('PySide6') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_numbers_beyond_a_million_are_refused_from_csv_and_npy(tmp_path):
    (tmp_path / "q.csv").write_text("1,2\n3,1e200\n")
    with pytest.raises(MatrixImportError, match=r"line 2, column 2: 1e200 is beyond ±1,000,000"):
        read_csv(tmp_path / "q.csv")
    np.save(tmp_path / "k.npy", np.full((2, 2), 2e6))
    with pytest.raises(MatrixImportError, match="beyond ±1,000,000"):
        read_npy(tmp_path / "k.npy")


# ------------------------------------------------------------------ hostile files, plainly told
def test_a_csv_with_old_mac_line_endings_reads_as_any_other(tmp_path):
    path = tmp_path / "q.csv"
    path.write_bytes(b"1,2\r3,4\r")
    assert read_csv(path).matrix.tolist() == [[1, 2], [3, 4]]


def test_numbers_separated_by_spaces_read_as_np_savetxt_writes_them(tmp_path):
    path = tmp_path / "q.txt"
    np.savetxt(path, np.array([[1.5, -2.0], [3.0, 4e-5]]))
    assert read_csv(path).matrix.tolist() == [[1.5, -2.0], [3.0, 4e-5]]
    path.write_text("  1 2   3\n4 5 6\n")
    assert read_csv(path).matrix.tolist() == [[1, 2, 3], [4, 5, 6]]


def test_an_unclosed_quote_is_named_with_its_line(tmp_path):
    path = write(tmp_path / "k.csv", 'a,b\n"1,2\n3,4\n')
    with pytest.raises(MatrixImportError, match=r"line 2: a quote \(\"\) opens a cell that is"):
        read_csv(path)


def test_a_single_line_of_millions_of_cells_is_refused_at_once(tmp_path):
    path = tmp_path / "v.csv"
    path.write_text(",".join(["1"] * 5_000_000))  # 10 MB on one line
    started = time.perf_counter()
    with pytest.raises(MatrixImportError, match="line 1 is longer than"):
        read_csv(path)
    assert time.perf_counter() - started < 1.0  # it was 28 s at 100 MB: parsed whole first


def test_a_damaged_npy_header_says_so_in_plain_words(tmp_path):
    path = tmp_path / "q.npy"
    header = b"{'descr': __import__('os').getcwd(), 'fortran_order': False, 'shape': (3, 4), }"
    header += b" " * (63 - len(header) % 64) + b"\n"
    path.write_bytes(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header)
    with pytest.raises(MatrixImportError) as refused:
        read_npy(path)
    assert "damaged header" in str(refused.value)
    assert "ast." not in str(refused.value)
    assert "0x" not in str(refused.value)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (POSIX)")
@pytest.mark.parametrize("name", ["q.npy", "qkv.npz", "q.csv"])
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path, name):
    path = tmp_path / name
    os.mkfifo(path)
    code = f"from engine.formats.importing import import_preset; import_preset([{str(path)!r}])"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=20, cwd=Path(__file__).resolve().parents[2])  # fmt: skip
    assert done.returncode == 1
    assert "not a file" in done.stderr


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_an_npz_that_links_to_an_endless_device_is_refused(tmp_path):
    path = tmp_path / "qkv.npz"
    path.symlink_to("/dev/zero")
    with pytest.raises(MatrixImportError, match="not a file"):
        import_preset([path])
