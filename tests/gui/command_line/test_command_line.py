"""Every bad flag or value of ``main.py`` and ``main.py export``: exit status 2, exactly
one line on stderr, no traceback, nothing written; each run in this process, two also as
real processes. (More export cases, with the messages they give, are in test_export.py.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import load_preset, preset_to_dict

ROOT = Path(__file__).resolve().parents[3]

CASES = {
    "main: unknown flag": ["--bogus"],
    "main: unknown flag with a line break": ["--bo\ngus"],
    "main: a stray argument": ["lesson.json"],
    "main: --lang xx": ["--lang", "xx"],
    "main: --preset nosuch": ["--preset", "nosuch"],
    "main: --preset without a value": ["--preset"],
    "main: --version with a value": ["--version=3"],
    "export: unknown flag with a line break": ["export", "--x\ny"],
    "export: a stray argument": ["export", "stray"],
    "export: --out without a value": ["export", "--out"],
    "export: --scale nan": ["export", "--scale", "nan"],
    "export: --format with a line break": ["export", "--format", "png\nsvg"],
    "export: --temperature below 1e-300": ["export", "--temperature", "1e-310"],
    "export: --out in a missing folder with a line break": ["export", "--out", "{tmp}/a\nb/out"],
    "export: --out that cannot be created": [
        "export",
        "--out",
        "/proc/attention-lab-test",
        "--format",
        "csv",
    ],
    "export: --session a folder": ["export", "--session", "{tmp}"],
    "export: --session /dev/zero": ["export", "--session", "/dev/zero"],
    "export: --session with τ 1e-310": ["export", "--session", "{tmp}/tiny-tau.json"],
    "export: --session with half a surrogate": ["export", "--session", "{tmp}/surrogate.json"],
}
NEEDS = {"/proc/": Path("/proc"), "/dev/zero": Path("/dev/zero")}
#: Also run as real processes: a refusal before Qt starts, and one after Qt has started
#: and drawn (what a process alone shows: its exit status, and Qt's start putting nothing
#: else on stderr). The others run in this process: their messages are what they test.
IN_A_PROCESS = ("main: unknown flag", "export: --out that cannot be created")


def listing(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_size for p in sorted(folder.rglob("*"))}


def missing(case: str) -> Path | None:
    """What the case needs and this system lacks (/proc, /dev/zero), if anything."""
    needed = next((path for text, path in NEEDS.items() if text in " ".join(CASES[case])), None)
    return needed if needed is not None and not needed.exists() else None


def prepared(case: str, folder: Path) -> list[str]:
    """Write the files the case names into ``folder``; return its arguments."""
    if missing(case) is not None:
        pytest.skip(f"needs {missing(case)}")
    lesson = preset_to_dict(load_preset("cat-eats-fish"))
    (folder / "tiny-tau.json").write_text(json.dumps({**lesson, "temperature": 1e-310}))
    (folder / "surrogate.json").write_text(json.dumps({**lesson, "tokens": ["\ud800"] * 3}))
    args = [a.format(tmp=folder) for a in CASES[case]]
    if args[0] == "export" and "--out" not in args:
        args += ["--out", str(folder / "out")]
    return args


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Run the IN_A_PROCESS cases at once (each start of Python and Qt takes most of a
    second), each in its own folder and home; case → (status, stderr, files before, after)."""
    started = {}
    for case in (case for case in IN_A_PROCESS if missing(case) is None):
        folder = tmp_path_factory.mktemp("cli")
        (folder / "home").mkdir()
        args = prepared(case, folder)
        home = str(folder / "home")
        env = dict(
            os.environ,
            QT_QPA_PLATFORM="offscreen",
            HOME=home,
            XDG_CONFIG_HOME=home,
            XDG_DATA_HOME=home,
        )
        before = listing(folder)
        command = [sys.executable, str(ROOT / "main.py"), *args]
        process = subprocess.Popen(
            command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        started[case] = (folder, before, process)
    done = {}
    for case, (folder, before, process) in started.items():
        _, stderr = process.communicate(timeout=180)
        done[case] = (process.returncode, stderr, before, listing(folder))
    return done


def assert_refused(case: str, status: int, stderr: str, before: dict, after: dict) -> None:
    assert status == 2, stderr
    assert "Traceback" not in stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, lines
    prog = "attention-lab export" if CASES[case][0] == "export" else "attention-lab"
    assert lines[0].startswith(f"{prog}: error: ")
    assert after == before


@pytest.mark.parametrize("case", list(CASES))
def test_a_bad_flag_or_value_exits_two_with_one_line_and_writes_nothing(main_py, tmp_path, case):
    args = prepared(case, tmp_path)
    before = listing(tmp_path)
    done = main_py(*args)
    assert_refused(case, done.returncode, done.stderr, before, listing(tmp_path))


@pytest.mark.parametrize("case", IN_A_PROCESS)
def test_a_real_process_exits_two_with_one_line_and_writes_nothing(runs, case):
    if missing(case) is not None:
        pytest.skip(f"needs {missing(case)}")
    assert_refused(case, *runs[case])
