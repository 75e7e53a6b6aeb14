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


def python_after_main(code: str) -> str:
    """Run ``code`` in a new Python after ``import main`` (which puts the collector off)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    lines = ["import gc, sys", f"sys.path.insert(0, {str(ROOT)!r})", "import main",
             "assert not gc.isenabled()", code]  # fmt: skip
    done = subprocess.run([sys.executable, "-c", "\n".join(lines)], capture_output=True,
                          text=True, env=env, timeout=120, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_collector_is_off_for_the_start_and_on_once_the_window_is_painted():
    said = python_after_main(
        "main.main(['--smoke']); print(gc.isenabled(), gc.get_freeze_count() > 10_000)"
    )
    assert said.splitlines()[-1] == "True True"


def test_the_collector_is_on_for_every_verb_without_a_window(tmp_path):
    said = python_after_main(
        f"main.main(['export', '--out', {str(tmp_path / 'out')!r}, '--format', 'png']); "
        "print(gc.isenabled())"
    )
    assert said.splitlines()[-1] == "True"


def test_the_collector_is_on_again_after_a_refused_flag():
    # main() is also run inside the tests' own process (tests/gui/main_in_process.py):
    # a bad flag, refused before any verb ran, left the collector off for the rest of it
    said = python_after_main(
        "try:\n    main.main(['--bogus'])\nexcept SystemExit:\n    pass\nprint(gc.isenabled())"
    )
    assert said.splitlines()[-1] == "True"
