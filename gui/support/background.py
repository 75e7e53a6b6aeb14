"""Work that may take more than a moment, done off the GUI thread.

The window stays responsive meanwhile, with a busy dialog once the work takes longer
than a moment.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QCoreApplication, QEvent, QEventLoop, QObject, Qt, QTimer
from PySide6.QtWidgets import QProgressDialog, QWidget

T = TypeVar("T")
POLL_MS = 30
SHOW_AFTER_MS = 400  # quicker work never shows a dialog
SWITCH_SECONDS = 0.001  # the worker is Python too: the window gets the interpreter often


class Worker(Generic[T]):
    """``work()`` on a thread of its own, started at once.

    Its value or its error are kept for the GUI thread, which asks with :meth:`result`.
    """

    def __init__(self, work: Callable[[], T], name: str) -> None:
        self._value: T | None = None
        self._error: BaseException | None = None

        def target() -> None:
            try:
                self._value = work()
            except BaseException as error:  # handed to the GUI thread by result()
                self._error = error

        self.thread = threading.Thread(target=target, name=name, daemon=True)
        self.thread.start()

    def is_alive(self) -> bool:
        """Return True while the work is still under way."""
        return self.thread.is_alive()

    def result(self) -> T:
        """Wait for the work to end; return its value, or raise its error here."""
        self.thread.join()
        if self._error is not None:
            raise self._error
        return self._value  # type: ignore[return-value]  # set when no error was


_previous: Worker[Any] | None = None  # the last worker, perhaps still busy


class Cancelled(Exception):
    """The person pressed Cancel: the work's result, when it comes, is thrown away."""


def run_in_background(work: Callable[[], T], parent: QWidget, title: str, label: str) -> T:
    """Return ``work()``, run in a thread while the event loop turns.

    A window-modal dialog with ``label`` and Cancel shows once it takes over
    SHOW_AFTER_MS, so nothing can change under it. The work's own error is raised again
    here; Cancel raises :class:`Cancelled` at once (a worker still busy finishes on its
    own and is forgotten).
    """
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
    worker = Worker(work, "background")
    _previous = worker
    interval = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_SECONDS)
    # Nothing may change under the work: the window takes no keys, clicks or close until
    # it is done (before the dialog shows; then the dialog is modal, and only it answers).
    block = _InputBlock(parent.window(), dialog)
    application = QCoreApplication.instance()
    if application is not None:
        application.installEventFilter(block)
    try:
        _wait(dialog, worker)
    finally:
        if application is not None:
            application.removeEventFilter(block)
        sys.setswitchinterval(interval)
        cancelled = dialog.wasCanceled()
        dialog.close()
        dialog.deleteLater()
    if cancelled and worker.is_alive():
        raise Cancelled
    return worker.result()


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


def _wait(dialog: QProgressDialog, worker: Worker[Any]) -> None:
    """Turn the event loop until ``worker`` is done or Cancel is pressed."""
    loop = QEventLoop()

    def poll() -> None:
        dialog.setValue(0)  # lets the dialog show itself once its minimum duration is over
        if dialog.wasCanceled() or not worker.is_alive():
            loop.quit()
        else:
            QTimer.singleShot(POLL_MS, poll)

    QTimer.singleShot(0, poll)
    loop.exec()
