"""``python main.py kit``: write an offline install kit, on a machine with internet.

Every flag (read by gui.command_line.parser) and the folder are checked before anything is
downloaded or written; a bad one prints one line on stderr, in the language of ``--lang``,
and exits with status 2. A build that fails (no network, a wheel missing for a target)
prints one line and exits with status 1. No Qt is loaded.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from engine.messages import Message
from engine.system_errors import system_reason
from gui.command_line.kit.build import KitPlan, KitReport, build_kit
from gui.command_line.kit.manifest import MANIFEST
from gui.command_line.kit.targets import KitError
from gui.command_line.words import PROG as COMMAND
from gui.command_line.words import one_line, words

PROG = f"{COMMAND} kit"


def check_out(out: str) -> Path:
    """Return ``--out`` as a path, or raise KitError if the kit cannot be written there.

    It may be a new folder (in a folder that exists), an empty folder, or an earlier kit,
    which is rebuilt keeping its intact wheels; never a file or someone's other folder.
    """
    if not out.strip():  # Path("") would quietly mean the current folder
        raise KitError(Message("--out needs a folder name, not an empty one"))
    try:
        return _check_out(Path(out), f"--out {out}")
    except OSError as error:  # a name too long, a folder on the way not readable …
        raise KitError(
            Message("cannot use it ({reason})", reason=system_reason(error)), f"--out {out}"
        ) from None


def _check_out(path: Path, where: str) -> Path:
    if path.exists():
        if not path.is_dir():
            raise KitError(Message("not a folder"), where)
        if not os.access(path, os.W_OK | os.X_OK):
            raise KitError(Message("the folder is not writable"), where)
        if any(path.iterdir()) and not (path / MANIFEST).is_file():
            raise KitError(
                Message("the folder holds other files; choose a new or empty folder"), where
            )
        return path
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise KitError(Message("the folder {parent} does not exist", parent=str(parent)), where)
    if not os.access(parent, os.W_OK | os.X_OK):
        raise KitError(
            Message("cannot create it, {parent} is not writable", parent=str(parent)), where
        )
    return path


def _megabytes(size: int) -> str:
    return f"{size / 1e6:,.1f} MB"


def _duration(seconds: float) -> Message:
    minutes, rest = divmod(round(seconds), 60)
    if minutes:
        return Message("{minutes} min {seconds} s", minutes=minutes, seconds=rest)
    return Message("{seconds:.1f} s", seconds=seconds)


def summary(out: Path, report: KitReport, seconds: float) -> list[str]:
    """Return the lines printed after a build: where, how long, the sizes."""
    lines = [
        words(
            Message(
                "wrote the kit to {folder} in {time}: {size} in {count} files",
                folder=str(out),
                time=_duration(seconds),
                size=_megabytes(report.total),
                count=report.files,
            )
        )
    ]
    for label, size in report.sizes.items():
        lines.append(words(Message("  {target}: {size}", target=label, size=_megabytes(size))))
    return lines


def run(args: argparse.Namespace) -> int:
    """Run the kit command with its flags (gui.command_line.parser); return the exit status."""
    started = time.perf_counter()
    try:
        out = check_out(args.out)
        try:
            out.mkdir(exist_ok=True)
        except OSError as error:  # checked before, but /proc, a race, a full disk …
            raise KitError(
                Message("cannot create it ({reason})", reason=system_reason(error)), f"--out {out}"
            ) from None
    except KitError as error:
        _complain(error)
        return 2

    def say(message: Message) -> None:
        print(one_line(words(message)), flush=True)

    try:
        report = build_kit(KitPlan(out, args.targets, args.pythons, args.with_model), say)
    except KitError as error:
        _complain(error)
        return 1
    except OSError as error:  # a full disk, a folder removed while building
        _complain(KitError(system_reason(error), str(error.filename or "")))
        return 1
    print("\n".join(summary(out, report, time.perf_counter() - started)))
    return 0


def _complain(error: KitError) -> None:
    message = words(error.message)
    said = Message(
        "{prog}: error: {message}",
        prog=PROG,
        message=f"{error.where}: {message}" if error.where else message,
    )
    print(one_line(words(said)), file=sys.stderr, flush=True)


__all__ = ["check_out", "run", "summary"]
