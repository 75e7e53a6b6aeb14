"""``python main.py export``: the files of Export all without a window; bad arguments
exit 2 with one line and write nothing."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtGui import QImage

import gui.export.files
from engine import load_preset, preset_to_dict, read_preset, write_preset
from tests.gui.command_line.exporting import run

ROOT = Path(__file__).resolve().parents[3]


def export(*args: str) -> subprocess.CompletedProcess[str]:
    """A real run of the command: the other tests run it in this process (``main_py``)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "export", *args],
        capture_output=True, text=True, env=env, timeout=180, check=False,
    )  # fmt: skip


def test_the_export_command_writes_figures_matrices_and_the_session(tmp_path):
    out = tmp_path / "slides"
    done = export("--out", str(out), "--format", "png,csv,json", "--scale", "2")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"wrote 21 files to {out}"
    names = set(os.listdir(out))
    assert len(names) == 21
    assert {"1-scores.png", "mixing.png", "weight-lines.png", "variance-gradient.png", "S.csv",
            "matrices.json", "session.json"} <= names  # fmt: skip
    assert not any(name.endswith((".svg", ".pdf")) for name in names)
    assert (out / "S.csv").read_text(encoding="utf-8-sig").splitlines()[1:] == [
        "猫,1,1,2", "吃,0,4,2", "鱼,1,1,0"]  # fmt: skip
    image = QImage(str(out / "3-weights.png"))
    assert image.width() > 200
    assert image.width() % 2 == 0  # 2× the figure
    lines = QImage(str(out / "weight-lines.png"))  # its tab never opened: a copy laid out
    assert lines.width() >= 2 * 360, lines.width()  # it was 242 px wide, 1 token of 3
    session = read_preset(out / "session.json")
    np.testing.assert_array_equal(session.q, load_preset("cat-eats-fish").q)


def test_a_session_with_a_temperature_and_the_causal_mask(main_py, tmp_path):
    write_preset(tmp_path / "mine.json", load_preset("shape-check"))
    out = tmp_path / "out"
    out.mkdir()
    done = main_py("export", "--out", str(out), "--session", str(tmp_path / "mine.json"),
                   "--format", "json", "--temperature", "1", "--causal", "--lang",
                   "zh_CN")  # fmt: skip
    assert done.returncode == 0, done.stderr
    document = json.loads((out / "matrices.json").read_text(encoding="utf-8"))
    assert (document["temperature"], document["causal"]) == (1.0, True)
    assert document["matrices"]["S/τ"][0][1:] == [None, None]
    assert len(document["matrices"]["Z"][0]) == 6  # shape-check: d_v = 6
    session = read_preset(out / "session.json")
    assert (session.temperature, session.causal) == (1.0, True)
    assert session.projection is not None


BAD = {
    "format": ["--format", "png,gif"],
    "no format": ["--format", ","],
    "scale zero": ["--scale", "0"],
    "scale too big": ["--scale", "9"],
    "scale text": ["--scale", "big"],
    "temperature zero": ["--temperature", "0"],
    "temperature negative": ["--temperature", "-1"],
    "temperature text": ["--temperature", "warm"],
    "temperature infinite": ["--temperature", "inf"],
    "preset": ["--preset", "dog-eats-bone"],
    "language": ["--lang", "fr"],
    "missing session": ["--session", "{tmp}/nowhere.json"],
    "corrupt session": ["--session", "{tmp}/corrupt.json"],
    "both sources": ["--session", "{tmp}/corrupt.json", "--preset", "shape-check"],
    "out is a file": ["--out", "{tmp}/corrupt.json"],
    "out has no parent": ["--out", "{tmp}/no/such/folder"],
    "no out": [],
    "empty out": ["--out", ""],
    "scale tiny": ["--scale", "1e-9"],
    "huge numbers": ["--session", "{tmp}/huge.json"],
}


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_argument_or_file_exits_two_with_one_line_and_writes_nothing(main_py, tmp_path,
                                                                           case):  # fmt: skip
    (tmp_path / "corrupt.json").write_text('{"format": "attention-lab", "version": 1, "tokens"')
    huge = preset_to_dict(load_preset("cat-eats-fish"))
    huge["inputs"]["q"][0][0] = 1e308  # finite, but q·k would overflow
    (tmp_path / "huge.json").write_text(json.dumps(huge))
    args = [a.format(tmp=tmp_path) for a in BAD[case]]
    if "--out" not in args and case != "no out":
        args = ["--out", str(tmp_path / "out"), *args]
    before = sorted(os.listdir(tmp_path))
    done = main_py("export", *args)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("attention-lab export: error: ")
    assert sorted(os.listdir(tmp_path)) == before


def test_the_messages_name_the_problem(main_py, tmp_path):
    (tmp_path / "corrupt.json").write_text("{")
    done = main_py("export", "--out", str(tmp_path), "--session", str(tmp_path / "corrupt.json"))
    assert "corrupt.json: not valid JSON" in done.stderr
    done = main_py("export", "--out", str(tmp_path), "--scale", "9")
    assert "from 0.25 to 8" in done.stderr


@pytest.mark.parametrize("existing", [True, False])
def test_an_unwritable_out_folder_exits_two_and_leaves_nothing(window, tmp_path, monkeypatch,
                                                               capsys, existing):  # fmt: skip
    def refuse(source, target):
        raise OSError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(gui.export.files.os, "replace", refuse)
    out = tmp_path / "out"
    if existing:
        out.mkdir()
    assert run(["--out", str(out), "--format", "csv"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1
    assert "not writable" in lines[0]
    assert os.listdir(out) == [] if existing else not out.exists()


def test_figures_carry_captions_unless_no_captions_is_given(main_py, tmp_path):
    heights = {}
    for flag in ("--captions", "--no-captions"):
        out = tmp_path / flag.strip("-")
        done = main_py("export", "--out", str(out), "--format", "png", "--scale", "1", flag)
        assert done.returncode == 0, done.stderr
        heights[flag] = QImage(str(out / "mixing.png")).height()
    assert heights["--captions"] > heights["--no-captions"] + 40  # title, row and legend
    default = main_py("export", "--out", str(tmp_path / "default"), "--format", "png", "--scale",
                      "1")  # fmt: skip
    assert default.returncode == 0, default.stderr
    assert QImage(str(tmp_path / "default" / "mixing.png")).height() == heights["--captions"]
