"""``main.py export`` of a session with a pin (issue 28): the comparison's figures and
matrices, byte for byte as the window's Export all writes them; a bad pin exits 2 with one
line, in English or Chinese, and writes nothing."""

from __future__ import annotations

import json
import os

import pytest

from engine import load_preset, preset_to_dict, write_preset
from engine.vocabulary import STEPS
from gui.model.state import AttentionState
from tests.gui.command_line.exporting import run

COMPARED = [
    f"compare-{n}-{step}.{fmt}" for n, step in enumerate(STEPS, 1) for fmt in ("png", "svg")
]


def comparison_session(path):
    """A session made as the window makes one: the lesson pinned, then τ = 0.5 and causal."""
    state = AttentionState()
    state.comparison.pin()
    state.set_temperature(0.5)
    state.set_causal(True)
    write_preset(path, state.to_preset())
    return path


def test_the_window_and_the_command_line_write_the_same_comparison(window, tmp_path, capsys):
    session = comparison_session(tmp_path / "compare.json")
    assert window.sessions.open_path(session)  # File → Open
    assert window.state.comparison.is_on
    by_window = tmp_path / "window"
    by_window.mkdir()
    assert window.exports.export_all(by_window, ("png", "svg", "csv", "json"), 2.0, True)
    by_command = tmp_path / "command"
    argv = ["--out", str(by_command), "--session", str(session), "--format", "png,svg,csv,json",
            "--scale", "2", "--captions"]  # fmt: skip
    assert run(argv) == 0, capsys.readouterr().err
    assert set(COMPARED) <= set(os.listdir(by_window))
    for name in COMPARED:
        assert (by_command / name).read_bytes() == (by_window / name).read_bytes(), name
    for name in ("matrices.json", "pinned/A.csv", "difference/A.csv", "difference/S-scaled.csv"):
        assert (by_command / name).read_bytes() == (by_window / name).read_bytes(), name
    document = json.loads((by_command / "matrices.json").read_text(encoding="utf-8"))
    assert document["difference"]["A"][0][1] == -document["pinned"]["A"][0][1]  # masked in B


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_a_session_with_a_bad_pin_exits_two_naming_it_and_writes_nothing(window, tmp_path, capsys,
                                                                         lang):  # fmt: skip
    data = preset_to_dict(load_preset("compare-temperature"))
    data["pinned"]["inputs"]["q"][0][0] = "x"
    (tmp_path / "bad.json").write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "out"
    assert run(["--out", str(out), "--session", str(tmp_path / "bad.json"), "--lang", lang]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1
    assert "pinned.inputs.q[0][0]" in lines[0]
    assert not out.exists()
    said = "必须是数字" if lang == "zh_CN" else "must be a number"
    assert said in lines[0], lines[0]
