"""``main.py``'s command line run in the test's own process: its exit status and what it
printed, as a real run gives them, in a few milliseconds instead of a start of Python and
Qt (about half a second each).

For what a message says, or which flag is refused; what only a process shows (its exit
code, everything on its stderr, Qt's start and a console's encoding) keeps a few real
runs: tests/gui/command_line/ (test_command_line.py, test_export.py, test_console.py,
test_open_window.py).
"""

from __future__ import annotations

import signal
from collections.abc import Sequence
from dataclasses import dataclass

import pyqtgraph as pg
import pytest
from PySide6.QtWidgets import QApplication

#: Longer than any run of the command line in the tests takes, even on a busy machine.
SECONDS = 120


@dataclass(frozen=True)
class Ran:
    """What a run of the command line gave: as ``subprocess.run`` names them."""

    returncode: int
    stdout: str
    stderr: str


def run_main(
    argv: Sequence[str], capture: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Ran:
    """Run ``main.main(argv)`` here; return its status and output (``capture``: capfd).

    The languages it sets (argparse's words, Qt's translators) and pyqtgraph's options are
    put back afterwards (argparse's to English). A run that would open the window, or hang
    (a pipe read), fails instead of stopping the test run.
    """
    import main
    from gui.command_line.words import speak
    from gui.support.language import current_language, set_language

    def window_opened(*args: object) -> int:
        raise AssertionError(f"main.py {' '.join(argv)} opened the window")

    def too_long(*args: object) -> None:
        raise TimeoutError(f"main.py {' '.join(argv)} still running after {SECONDS} s")

    monkeypatch.setattr(QApplication, "exec", window_opened)
    language = current_language()
    options = {name: pg.getConfigOption(name) for name in ("antialias", "imageAxisOrder")}
    alarm = hasattr(signal, "SIGALRM")
    if alarm:
        previous = signal.signal(signal.SIGALRM, too_long)
        signal.alarm(SECONDS)
    capture.readouterr()  # only this run's output
    try:
        try:
            status = main.main(list(argv))
        except SystemExit as exit_:  # argparse: --help, --version, a refused flag
            status = exit_.code if isinstance(exit_.code, int) else int(exit_.code is not None)
    finally:
        if alarm:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)
        speak("en")  # as the tests find it
        if current_language() != language:
            set_language(language)
        pg.setConfigOptions(**options)
    out, err = capture.readouterr()
    return Ran(status, out, err)
