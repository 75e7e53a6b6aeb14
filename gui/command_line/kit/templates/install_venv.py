"""The virtual environment of an install from the kit, pip run in it from the kit alone, and
the installed app started once.

Imported by install.py once every file of the kit, this one included, has been checked
against kit.json (a damaged copy is named, never run). Python's standard library only.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

# not resolve(): a kit of symbolic links is checked where the links are
WHEELS = Path(os.path.abspath(__file__)).parent / "wheels"


class Failed(Exception):
    """A step that failed: install.py says ``key`` of its messages, with ``values``."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key, self.values = key, values


def venv_python(venv: Path) -> Path:
    """Return the virtual environment's Python."""
    return venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def app_command(venv: Path) -> Path:
    """Return the installed ``attention-lab`` command."""
    return venv / ("Scripts/attention-lab.exe" if sys.platform == "win32" else "bin/attention-lab")


def make_venv(venv: Path) -> None:
    """Make (or empty and make again) the virtual environment, without pip: pip comes from the kit.

    ``--without-pip`` also works where the system's Python has no ensurepip (Debian and
    Ubuntu without python3-venv).
    """
    if venv.exists() and not (venv / "pyvenv.cfg").is_file():
        raise Failed("venv foreign", venv=venv)
    done = subprocess.run(
        [sys.executable, "-m", "venv", "--clear", "--without-pip", str(venv)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        reason = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
        raise Failed("venv failed", reason=reason)


def pip_install(python: Path, requirements: list[str], log: Path, no_deps: bool = False) -> None:
    """Install with the kit's pip, from the kit's wheels only; pip's output goes to ``log``."""
    pip = sorted(WHEELS.glob("pip-*.whl"))[-1]
    command = [str(python), str(pip / "pip"), "install", "--isolated", "--no-index"]
    command += ["--find-links", str(WHEELS), "--only-binary=:all:", "--no-cache-dir"]
    command += ["--disable-pip-version-check", "--no-warn-script-location"]
    command += ["--no-deps"] if no_deps else []
    env = dict(os.environ, PIP_CONFIG_FILE=os.devnull, PYTHONNOUSERSITE="1")
    done = subprocess.run(
        [*command, *requirements], capture_output=True, text=True, env=env, check=False
    )
    with log.open("a", encoding="utf-8") as stream:
        stream.write(" ".join(shlex.quote(part) for part in command + requirements) + "\n")
        stream.write(done.stdout + done.stderr + "\n")
    if done.returncode != 0:
        lines = [line for line in done.stderr.splitlines() if line.startswith("ERROR")]
        reason = lines[0] if lines else f"exit status {done.returncode}"
        raise Failed("pip failed", reason=reason, log=log)


def start_once(command: Path, folder: Path) -> None:
    """Run ``attention-lab --smoke``: the window opens, paints once and closes.

    Failing, its ``xcb`` value says whether Qt's xcb platform was the cause (a hint then).
    """
    try:
        done = subprocess.run(
            [str(command), "--smoke"], capture_output=True, text=True, cwd=folder, timeout=180
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise Failed("start failed", reason=str(error)) from None
    if done.returncode != 0:
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        print("\n".join(lines[-5:]), file=sys.stderr)
        reason = f"exit status {done.returncode}"
        raise Failed("start failed", reason=reason, xcb="xcb" in done.stderr)
