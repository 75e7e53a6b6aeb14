"""Work that may take more than a moment, done off the GUI thread.

The window stays responsive meanwhile, with a busy dialog once the work takes longer
than a moment.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QCoreApplication, QEvent, QEventLoop, QObject, Qt, QTimer
from PySide6.QtWidgets import QProgressDialog, QWidget

T = TypeVar("T")
POLL_MS = 30
SHOW_AFTER_MS = 400  # quicker work never shows a dialog
SWITCH_SECONDS = 0.001  # the worker is Python too: the window gets the interpreter often


_previous: threading.Thread | None = None  # the last worker, perhaps still busy


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
    global _previous
    if _previous is not None and _previous.is_alive():
        dialog.show()  # a cancelled one still reading: never two at once (memory)
        _wait(dialog, _previous)
    thread = threading.Thread(target=target, name="background", daemon=True)
    thread.start()
    _previous = thread
    interval = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_SECONDS)
    # Nothing may change under the work: the window takes no keys, clicks or close until
    # it is done (before the dialog shows; then the dialog is modal, and only it answers).
    block = _InputBlock(parent.window(), dialog)
    application = QCoreApplication.instance()
    if application is not None:
        application.installEventFilter(block)
    try:
        _wait(dialog, thread)
    finally:
        if application is not None:
            application.removeEventFilter(block)
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


#: What a person does to a window: held back from it while it works.
_INPUT = {QEvent.Type.KeyPress, QEvent.Type.KeyRelease, QEvent.Type.MouseButtonPress,
          QEvent.Type.MouseButtonRelease, QEvent.Type.MouseButtonDblClick, QEvent.Type.Wheel,
          QEvent.Type.ShortcutOverride, QEvent.Type.Shortcut, QEvent.Type.Close,
          QEvent.Type.Drop}  # fmt: skip


class _InputBlock(QObject):
    """Swallows input meant for ``window`` (its dialog's aside) while the work runs."""

    def __init__(self, window: QWidget, dialog: QWidget) -> None:
        super().__init__()
        self.window, self.dialog = window, dialog

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        """Return True (swallow) for input to the window outside the dialog."""
        if event.type() not in _INPUT or not isinstance(watched, QWidget):
            return False
        if watched is self.dialog or self.dialog.isAncestorOf(watched):
            return False
        if watched.window() is not self.window:
            return False
        event.ignore()  # a close asked for now is refused, not delayed
        return True


def _wait(dialog: QProgressDialog, thread: threading.Thread) -> None:
    """Turn the event loop until ``thread`` ends or Cancel is pressed."""
    loop = QEventLoop()

    def poll() -> None:
        dialog.setValue(0)  # lets the dialog show itself once its minimum duration is over
        if dialog.wasCanceled() or not thread.is_alive():
            loop.quit()
        else:
            QTimer.singleShot(POLL_MS, poll)

    QTimer.singleShot(0, poll)
    loop.exec()
