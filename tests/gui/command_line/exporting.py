"""``main.py export`` run in the test's process, its flags read by the command line's parser."""

from __future__ import annotations

from gui.command_line.export import run as export
from gui.command_line.parser import parse


def run(argv: list[str]) -> int:
    """Run ``main.py export *argv`` here (reusing the window fixture's QApplication)."""
    return export(parse(["export", *argv]))
