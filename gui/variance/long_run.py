"""Before a long run of the experiment: how long it would take, and whether to start it.

A run estimated at two hours started without a word, and the time left was the first
anyone heard of it ("about 7624 s left"). Above ``ASK_ABOVE`` seconds the panel asks
first; Cancel is the default, so Enter starts nothing.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

Button = QMessageBox.StandardButton

# A run estimated longer than this (in seconds) is asked about before it starts.
ASK_ABOVE = 600.0


def duration_text(seconds: float) -> str:
    """Return ``seconds`` as a person says it: "4 s", "13 min", "2.1 h"; never "0 s"."""
    if seconds < 90:
        return QCoreApplication.translate("LongRun", "{0} s").format(max(1, math.ceil(seconds)))
    if seconds < 90 * 60:
        return QCoreApplication.translate("LongRun", "{0} min").format(round(seconds / 60))
    return QCoreApplication.translate("LongRun", "{0:.1f} h").format(seconds / 3600)


def question_text(seconds: float, work: int) -> str:
    """Return the question asked before a run of ``work`` numbers taking about ``seconds``."""
    return QCoreApplication.translate(
        "LongRun",
        "This run draws {0} random numbers: about {1} on this computer. The window stays "
        "usable meanwhile, and Cancel stops the run. Run it?",
    ).format(f"{work:,}", duration_text(seconds))


def long_run_box(parent: QWidget | None, seconds: float, work: int) -> QMessageBox:
    """Return the question about a long run, not yet shown."""
    box = QMessageBox(parent)
    box.setObjectName("longRun")
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(QCoreApplication.translate("LongRun", "A long run"))
    box.setText(question_text(seconds, work))
    box.setStandardButtons(Button.Ok | Button.Cancel)
    box.button(Button.Ok).setText(QCoreApplication.translate("LongRun", "&Run"))
    box.button(Button.Cancel).setText(QCoreApplication.translate("LongRun", "Cancel"))
    box.setDefaultButton(Button.Cancel)  # Enter: nothing started
    box.setEscapeButton(Button.Cancel)
    return box


def ask(parent: QWidget | None, seconds: float, work: int) -> bool:
    """Ask whether to start a run of about ``seconds``; True for Run.

    Tests replace this function (tests/gui/conftest.py): a modal dialog would wait offscreen.
    """
    box = long_run_box(parent, seconds, work)
    try:
        box.exec()
        return box.standardButton(box.clickedButton()) == Button.Ok
    finally:
        box.deleteLater()
