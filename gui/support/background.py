"""Work that may take more than a moment, done off the GUI thread.

The window stays responsive meanwhile, with a busy dialog once the work takes longer
than a moment.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtWidgets import QProgressDialog, QWidget

T = TypeVar("T")
POLL_MS = 30
SHOW_AFTER_MS = 400  # quicker work never shows a dialog
SWITCH_SECONDS = 0.001  # the worker is Python too: the window gets the interpreter often


class Cancelled(Exception):
    """The person pressed Cancel: the work's result, when it comes, is thrown away."""


def run_in_background(work: Callable[[], T], parent: QWidget, title: str, label: str) -> T:
    """Return ``work()``, run in a thread while the event loop turns.

    A window-modal dialog with ``label`` and Cancel shows once it takes over
    SHOW_AFTER_MS, so nothing can change under it. The work's own error is raised again
    here; Cancel raises :class:`Cancelled` at once (a worker still busy finishes on its
    own and is forgotten).
    """
    outcome: dict[str, object] = {}

    def target() -> None:
        try:
            outcome["value"] = work()
        except BaseException as error:  # handed to the GUI thread below
            outcome["error"] = error

    dialog = QProgressDialog(parent)  # with Qt's own Cancel button, in the chosen language
    dialog.setObjectName("busyDialog")
    dialog.setLabelText(label)
    dialog.setRange(0, 0)  # busy: how far along is not known
    dialog.setWindowTitle(title)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(SHOW_AFTER_MS)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    thread = threading.Thread(target=target, name="background", daemon=True)
    thread.start()
    loop = QEventLoop()

    def poll() -> None:
        if dialog.wasCanceled() or not thread.is_alive():
            loop.quit()
        else:
            dialog.setValue(0)  # lets the dialog show itself after its minimum duration
            QTimer.singleShot(POLL_MS, poll)

    QTimer.singleShot(0, poll)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_SECONDS)
    try:
        loop.exec()
    finally:
        sys.setswitchinterval(interval)
        cancelled = dialog.wasCanceled()
        dialog.close()
        dialog.deleteLater()
    if cancelled and thread.is_alive():
        raise Cancelled
    thread.join()
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    return outcome["value"]  # type: ignore[return-value]
