"""The command line on a console that cannot encode everything: replaced, and exit 0."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

MAIN = Path(__file__).resolve().parents[3] / "main.py"


def ascii_run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, str(MAIN), *args], capture_output=True, text=True,
                          encoding="ascii", env=env, cwd=cwd, timeout=60, check=False)  # fmt: skip


@pytest.mark.parametrize("args", [("--help",), ("export", "--help")])
def test_help_on_an_ascii_console_is_written_with_replacements(tmp_path, args):
    done = ascii_run(*args, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-500:]
    assert "Traceback" not in done.stderr
    assert "usage" in done.stdout


def test_export_to_a_chinese_folder_on_an_ascii_console_exits_0(tmp_path):
    done = ascii_run("export", "--out", "猫", "--format", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-500:]
    assert "\\u732b" in done.stdout  # the folder's name, as the console can show it
    assert any((tmp_path / "猫").iterdir())
