"""``main.py export --import FILE… --heads H``: matrix files and heads from the command line;
every bad value exits 2 with one line naming it."""

from __future__ import annotations

import json
from contextlib import nullcontext

import numpy as np
import pytest

from engine import load_preset, preset_to_dict
from tests.gui.command_line.exporting import run


def write_csv(path, matrix):
    path.write_text("\n".join(",".join(repr(float(v)) for v in row) for row in matrix) + "\n")
    return str(path)


@pytest.fixture
def matrices(tmp_path):
    preset = load_preset("shape-check")
    p = preset.projection
    names = {"x": p.x, "w_q": p.w_q, "w_k": p.w_k, "w_v": p.w_v, "w_o": np.eye(6)}
    return {name: write_csv(tmp_path / f"{name}.csv", m) for name, m in names.items()}


def test_imported_matrices_split_into_heads_write_every_head(window, matrices, tmp_path, capsys):
    out = tmp_path / "out"
    assert run(["--out", str(out), "--format", "csv,json", "--import", *matrices.values(),
                "--heads", "2"]) == 0  # fmt: skip
    document = json.loads((out / "matrices.json").read_text(encoding="utf-8"))
    assert len(document["heads"]) == 2
    assert document["tokens"] == ["t1", "t2", "t3"]
    np.testing.assert_allclose(document["output"], document["concat"])  # W_o = I
    for head in (1, 2):
        assert (out / f"head-{head}" / "A.csv").is_file()
    assert (out / "concat.csv").is_file()
    assert (out / "output.csv").is_file()
    session = json.loads((out / "session.json").read_text(encoding="utf-8"))
    assert session["heads"] == 2
    assert "wrote" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (["--heads", "3"], "--heads 3: 3 heads do not divide the width 4 of d_k"),
        (["--heads", "0"], "argument --heads: must be from 1 to 16, not '0'"),
        (["--heads", "two"], "argument --heads: must be a whole number, not 'two'"),
    ],
)
def test_a_bad_number_of_heads_exits_two_naming_it(window, matrices, tmp_path, capsys, change,
                                                   said):  # fmt: skip
    with pytest.raises(SystemExit) if "argument" in said else nullcontext():
        status = run(["--out", str(tmp_path / "out"), "--import", *matrices.values(), *change])
        assert status == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1
    assert said in lines[0]
    assert not (tmp_path / "out").exists()


def test_a_w_o_of_the_wrong_shape_exits_two_naming_the_file(window, matrices, tmp_path, capsys):
    write_csv(tmp_path / "w_o.csv", np.eye(4))
    assert run(["--out", str(tmp_path / "out"), "--import", *matrices.values()]) == 2
    line = capsys.readouterr().err.strip()
    assert "W_o (w_o.csv) has 4 rows but W_v (w_v.csv) has 6 columns" in line


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("dropout", {"p": 0.95}, "dropout.p: must be from 0 to 0.9"),
        ("mask", [[True, False], [True, True]], "mask: must be 3×3 true/false values"),
        ("heads", 4, "heads: 4 heads do not divide"),
    ],
)
def test_a_session_with_a_bad_new_field_exits_two_naming_it(window, tmp_path, capsys, field,
                                                            value, said):  # fmt: skip
    document = preset_to_dict(load_preset("shape-check"))
    document[field] = value
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert run(["--out", str(tmp_path / "out"), "--session", str(path)]) == 2
    line = capsys.readouterr().err.strip()
    assert said in line
