"""``main.py export``: matrices too large to write are refused before Qt starts, with their
size and the flag that writes them; the window asks first."""

from __future__ import annotations

import json
import time

import numpy as np
import pytest
from PySide6.QtWidgets import QMessageBox

import engine.formats.export_size
from engine import load_preset
from tests.gui.command_line.exporting import run


def large_session(path, tokens=512, d=64):
    rng = np.random.default_rng(0)
    matrices = {name: np.round(rng.normal(size=(tokens, d)), 2).tolist() for name in "qkv"}
    path.write_text(json.dumps({"format": "attention-lab", "version": 1,
                                "tokens": [f"t{i}" for i in range(tokens)],
                                "inputs": matrices}))  # fmt: skip
    return str(path)


def test_sixteen_heads_of_512_tokens_are_refused_at_once_with_their_size(tmp_path, capsys):
    """Before: 237 MB of matrices.json written in 7 s (987 MB, 166 s at 1,024 tokens)."""
    out = tmp_path / "out"
    started = time.perf_counter()
    status = run(["--out", str(out), "--session", large_session(tmp_path / "s.json"),
                  "--heads", "16", "--format", "json"])  # fmt: skip
    assert time.perf_counter() - started < 1.5
    assert status == 2
    assert not out.exists()
    [line] = capsys.readouterr().err.strip().splitlines()
    assert "matrices.json" in line
    assert "246 MB" in line
    assert "--allow-large" in line


def test_the_refusal_is_in_chinese_with_lang(tmp_path, capsys):
    session = large_session(tmp_path / "s.json")
    status = run(["--out", str(tmp_path / "out"), "--session", session, "--heads", "16",
                  "--format", "json", "--lang", "zh_CN"])  # fmt: skip
    assert status == 2
    line = capsys.readouterr().err
    assert "--allow-large" in line
    assert "矩阵" in line


@pytest.mark.parametrize("answer", [QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes])
def test_export_all_in_the_window_asks_with_the_size_first(window, tmp_path, monkeypatch,
                                                          dialogs, answer):  # fmt: skip
    monkeypatch.setattr(engine.formats.export_size, "MAX_EXPORT_BYTES", 100)  # the lesson's: large
    window.state.load_preset(load_preset("cat-eats-fish"))
    dialogs.answers.append(answer)
    written = window.exports.export_all(tmp_path, formats=("json",))
    assert "matrices.json" in dialogs.questions[0]
    assert "KB" in dialogs.questions[0] or "MB" in dialogs.questions[0]
    if answer == QMessageBox.StandardButton.No:
        assert written is None
        assert not any(tmp_path.iterdir())
    else:
        assert (tmp_path / "matrices.json").is_file()


def test_export_all_past_the_machines_memory_is_said_and_not_started(
    window, tmp_path, monkeypatch, dialogs
):
    monkeypatch.setattr(engine.formats.export_size, "memory_budget", lambda: 10)
    assert window.exports.export_all(tmp_path, formats=("csv",)) is None
    assert "to spare" in dialogs.warnings[0]
    assert not any(tmp_path.iterdir())
