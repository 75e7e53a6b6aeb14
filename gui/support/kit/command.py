"""``python main.py kit``: write an offline install kit, on a machine with internet.

Every flag and the folder are checked before anything is downloaded or written; a bad one
prints one line on stderr, in the language of ``--lang``, and exits with status 2. A
build that fails (no network, a wheel missing for a target) prints one line and exits
with status 1. No Qt is loaded.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from engine.messages import Message
from engine.system_errors import system_reason
from gui.support.command_line import CODES, OneLineParser, language_asked, one_line, speak, words
from gui.support.kit.build import MODEL, KitPlan, KitReport, build_kit
from gui.support.kit.manifest import MANIFEST
from gui.support.kit.targets import PYTHONS, SYSTEMS, KitError, parse_platforms, parse_pythons

PROG = "attention-lab kit"


Parsed = TypeVar("Parsed")


def _refusing(parse: Callable[[str], Parsed]) -> Callable[[str], Parsed]:
    """Let argparse print a KitError of a flag's value as "argument --flag: <why>"."""

    def checked(text: str) -> Parsed:
        try:
            return parse(text)
        except KitError as error:
            raise argparse.ArgumentTypeError(words(error.message)) from None

    return checked


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Read the kit command's flags; a bad one ends the program (exit status 2)."""
    speak(language_asked(argv) or "en")
    parser = OneLineParser(
        prog=PROG,
        description=words(
            Message(
                "Write a folder that installs Attention Lab on computers without internet: "
                "the app's wheel, every dependency's wheels, install scripts, a README. "
                "Run it where there is internet."
            )
        ),
    )
    parser.add_argument(
        "--out",
        required=True,
        metavar="DIR",
        help=words(Message("the folder to write the kit into")),
    )
    parser.add_argument(
        "--platform",
        dest="targets",
        type=_refusing(parse_platforms),
        default=parse_platforms(",".join(SYSTEMS)),
        metavar="LIST",
        help=words(
            Message(
                "comma-separated, from {systems} (default: all; macos is arm64 and x86-64)",
                systems=",".join(SYSTEMS),
            )
        ),
    )
    parser.add_argument(
        "--python",
        dest="pythons",
        type=_refusing(parse_pythons),
        default=PYTHONS,
        metavar="LIST",
        help=words(
            Message(
                "comma-separated Python versions, from {versions} (default: all)",
                versions=",".join(PYTHONS),
            )
        ),
    )
    parser.add_argument(
        "--with-model",
        action="store_true",
        help=words(Message("also put the model {model} into the kit", model=MODEL)),
    )
    parser.add_argument("--lang", choices=CODES, help=words(Message("language of the messages")))
    return parser.parse_args(argv)


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


def run(argv: list[str]) -> int:
    """Run the kit command; return the exit status."""
    args = parse_args(argv)
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


__all__ = ["check_out", "parse_args", "run", "summary"]
