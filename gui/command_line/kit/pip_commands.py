"""The pip commands a kit is built with, and their running (which tests replace).

Downloads use the pip of the Python that runs ``main.py kit``, with the user's own pip
configuration (a school's mirror of the package index, a proxy). The checks afterwards use
the pip wheel inside the kit, run as ``python pip-….whl/pip`` with every configuration
ignored and ``--no-index``: the same pip, the same folder and no index, as on the laptop.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from engine.formats.json_file import read_json_object
from gui.command_line.kit.targets import Target, pip_options

#: pip's installation report of the kit's wheels is about 200 kB.
MAX_REPORT_BYTES = 64 * 2**20

#: Runs a command line and returns what it did (tests pass a fake).
Runner = Callable[[Sequence[str]], "subprocess.CompletedProcess[str]"]


def run_command(command: Sequence[str]) -> subprocess.CompletedProcess[str]:
    """Run ``command``, its output captured; a check command runs with no pip configuration."""
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_PROGRESS_BAR="off")
    if "--isolated" in command:  # kit-only checks: --isolated skips PIP_*, this the files
        env["PIP_CONFIG_FILE"] = os.devnull
    return subprocess.run(list(command), capture_output=True, text=True, env=env, check=False)


def _pip() -> list[str]:
    return [sys.executable, "-m", "pip"]


def own_wheel(source: Path, into: Path) -> list[str]:
    """Build Attention Lab's wheel from the sources in ``source`` (PEP 517, through pip)."""
    return [*_pip(), "wheel", "--no-deps", "--quiet", "--wheel-dir", str(into), str(source)]


def pip_wheel(into: Path, oldest_python: str) -> list[str]:
    """Download pip's own wheel, one that runs on the kit's oldest Python."""
    return [
        *_pip(),
        "download",
        "--quiet",
        "--no-deps",
        "--only-binary=:all:",
        "--python-version",
        oldest_python,
        "--dest",
        str(into),
        "pip",
    ]


def dependencies(app_wheel: Path, target: Target, python: str, into: Path) -> list[str]:
    """Download every wheel ``app_wheel`` needs on ``target`` with CPython ``python``.

    pip saves into ``into`` only what is not there yet, so that a wheel shared by several
    targets or versions (pyqtgraph, PySide6's abi3 wheels) is downloaded and stored once.
    """
    return [
        *_pip(),
        "download",
        "--quiet",
        "--dest",
        str(into),
        *pip_options(target, python),
        str(app_wheel),
    ]


def hashed_download(requirements_file: Path, into: Path) -> list[str]:
    """Download a wheel named in a requirements file with its ``--hash``, alone (--no-deps)."""
    return [
        *_pip(),
        "download",
        "--quiet",
        "--no-deps",
        "--only-binary=:all:",
        "--require-hashes",
        "--dest",
        str(into),
        "--requirement",
        str(requirements_file),
    ]


def resolve(
    pip: Path,
    wheels: Path,
    target: Target,
    python: str,
    report: Path,
    requirements: Sequence[str],
    *,
    no_deps: bool = False,
) -> list[str]:
    """Ask the kit's pip what it would install on ``target`` from ``wheels`` alone.

    Nothing is installed (``--dry-run``; the ``--target`` folder is never made): the
    answer is ``report``, pip's installation report, whose files must all be in the kit.
    """
    return [
        sys.executable,
        str(pip / "pip"),
        "install",
        "--isolated",
        "--dry-run",
        "--ignore-installed",
        "--quiet",
        "--no-index",
        "--find-links",
        str(wheels),
        "--report",
        str(report),
        "--target",
        str(report.with_suffix(".never-made")),
        *(["--no-deps"] if no_deps else []),
        *pip_options(target, python),
        *requirements,
    ]


def reported_files(report: Path) -> list[str]:
    """Return the file names of the wheels a pip installation report would install."""
    data: dict[str, Any] = read_json_object(report, MAX_REPORT_BYTES)
    return [
        Path(unquote(urlparse(item["download_info"]["url"]).path)).name for item in data["install"]
    ]


def last_words(done: subprocess.CompletedProcess[str]) -> str:
    """Return what a failed command said last (pip's ERROR line), for a one-line message."""
    lines = [line.strip() for line in (done.stderr + "\n" + done.stdout).splitlines()]
    errors = [line for line in lines if line.startswith("ERROR:")]
    said = [line for line in lines if line]
    return (errors or said or [f"exit status {done.returncode}"])[-1]


__all__ = [
    "Runner",
    "dependencies",
    "hashed_download",
    "last_words",
    "own_wheel",
    "pip_wheel",
    "reported_files",
    "resolve",
    "run_command",
]
