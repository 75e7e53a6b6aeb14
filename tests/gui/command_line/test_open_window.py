"""``main.py`` without a verb opens the window: ``--smoke`` paints it once and exits,
``--version`` says the version, a bad flag exits 2 with one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def run_main(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )  # fmt: skip


def test_smoke_opens_the_window_and_exits_zero():
    done = run_main("--smoke")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("first paint after ")


def test_version_is_printed(main_py):
    done = main_py("--version")
    assert (done.returncode, done.stdout.strip()) == (0, "Attention Lab 0.1.0")


@pytest.mark.parametrize("args", [("--bogus",), ("--preset", "dog-eats-bone"), ("--smoke=3",)])
def test_a_bad_flag_exits_two_with_one_line(main_py, args):  # a real process: test_command_line
    done = main_py(*args)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("attention-lab: error: ")
