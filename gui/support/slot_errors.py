"""The net under every slot: an uncaught exception becomes a dialog, a save and a log.

Never a silent failure.

PySide6 hands an exception that leaves a slot (or a virtual method, or a timer's
callback) to ``sys.excepthook`` and carries on: by default the traceback goes to a
console the user never sees, and the action simply does nothing. :class:`SlotErrorGuard`
is that hook. It

1. appends the traceback to ``errors.log`` in the app's data folder (kept under
   :data:`MAX_LOG_BYTES`: the older half is dropped first);
2. keeps the user's work: it asks the autosave to write the session now, so the next
   start offers to recover it whatever happens next;
3. says so in a dialog in the chosen language, naming the log file.

Each hostile input still gets its own clear message where it is read; this is the net
for what no one foresaw. ``KeyboardInterrupt`` and ``SystemExit`` pass on unchanged.
"""

from __future__ import annotations

import contextlib
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QCoreApplication, QStandardPaths
from PySide6.QtWidgets import QMessageBox, QWidget

from gui.support.engine_text import engine_text

# The log is for a teacher to send on; a few hundred tracebacks are plenty.
MAX_LOG_BYTES = 2**20
# The message of an error as shown in the dialog: a line, not a dump of data.
MAX_SHOWN_CHARS = 300
LOG_FILE = "errors.log"

_Hook = Callable[[type[BaseException], BaseException, TracebackType | None], object]


def log_folder() -> Path:
    """Return the app's data folder (where the autosave is), where the log is kept."""
    location = QStandardPaths.StandardLocation.AppDataLocation
    return Path(QStandardPaths.writableLocation(location))


class SlotErrorGuard:
    """``sys.excepthook`` while the window is open: log, keep the work, say it.

    Parameters
    ----------
    keep_work : callable
        Saves the user's session now (the autosave's ``write``); returns whether a file
        was written. It must not raise, but if it does, that is logged too.
    parent : callable
        Returns the widget the dialog belongs to (None when the window is gone).
    """

    def __init__(self, keep_work: Callable[[], bool], parent: Callable[[], QWidget | None]) -> None:
        self._keep_work = keep_work
        self._parent = parent
        self._previous: _Hook | None = None
        self._showing = False
        # What the last error said and where it was logged, for tests and bug reports.
        self.last_text = ""
        self.last_log: Path | None = None

    def install(self) -> None:
        """Make this the interpreter's exception hook (until :meth:`uninstall`)."""
        if self._previous is None:
            self._previous = sys.excepthook
            sys.excepthook = self.hook

    def uninstall(self) -> None:
        """Put back the hook that was there before."""
        if self._previous is not None:
            sys.excepthook = self._previous
            self._previous = None

    def hook(
        self, kind: type[BaseException], error: BaseException, trace: TracebackType | None
    ) -> None:
        """Handle an exception that nothing caught (as ``sys.excepthook``)."""
        if issubclass(kind, (KeyboardInterrupt, SystemExit)) or self._showing:
            # a second error while the dialog is open is logged, not stacked on screen
            if not issubclass(kind, (KeyboardInterrupt, SystemExit)):
                self._log(kind, error, trace)
            elif self._previous is not None:
                self._previous(kind, error, trace)
            return
        self._showing = True
        try:
            log = self._log(kind, error, trace)
            kept = self._keep()
            self.last_log = log
            self.last_text = self._text(error, kept, log)
            QMessageBox.critical(
                self._parent(),
                QCoreApplication.translate("SlotErrorGuard", "Attention Lab met an error"),
                self.last_text,
            )
        finally:
            self._showing = False

    def _keep(self) -> bool | None:
        """Return whether the work was saved (None: there was nothing unsaved)."""
        try:
            return True if self._keep_work() else None
        except Exception:  # the autosave itself failed: log it, the dialog says so
            self._log(*sys.exc_info())
            return False

    def _text(self, error: BaseException, kept: bool | None, log: Path | None) -> str:
        said = engine_text(error) or type(error).__name__
        if len(said) > MAX_SHOWN_CHARS:
            said = said[: MAX_SHOWN_CHARS - 1] + "…"
        parts = [
            QCoreApplication.translate(
                "SlotErrorGuard", "Something went wrong that Attention Lab did not expect:\n{0}"
            ).format(said)
        ]
        if kept is True:
            parts.append(
                QCoreApplication.translate(
                    "SlotErrorGuard", "Your session was saved: the next start offers to recover it."
                )
            )
        elif kept is False:
            parts.append(
                QCoreApplication.translate(
                    "SlotErrorGuard", "Your session could not be saved: use File → Save as now."
                )
            )
        if log is not None:
            details = QCoreApplication.translate(
                "SlotErrorGuard",
                "The details are in {0}. Please send that file with a word on what you did.",
            )
            parts.append(details.format(log))
        else:
            parts.append(
                QCoreApplication.translate(
                    "SlotErrorGuard", "The details could not be written to a log file."
                )
            )
        return "\n\n".join(parts)

    def _log(
        self, kind: type[BaseException], error: BaseException, trace: TracebackType | None
    ) -> Path | None:
        """Append the traceback to the log; return the log's path, or None if unwritable."""
        path = log_folder() / LOG_FILE
        text = "".join(traceback.format_exception(kind, error, trace))
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        entry = f"--- {stamp}\n{text[-20_000:]}\n"  # a traceback's end says where
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with contextlib.suppress(OSError):
                if path.stat().st_size > MAX_LOG_BYTES:
                    with path.open("rb") as stream:
                        stream.seek(-(MAX_LOG_BYTES // 2), 2)
                        older = stream.read(MAX_LOG_BYTES // 2)
                    path.write_bytes(older)
            with path.open("a", encoding="utf-8", errors="backslashreplace") as stream:
                stream.write(entry)
        except OSError:
            return None
        return path


__all__ = ["LOG_FILE", "MAX_LOG_BYTES", "SlotErrorGuard", "log_folder"]
