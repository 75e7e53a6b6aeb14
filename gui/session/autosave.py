"""Autosave: a session with unsaved changes is written often, so that a crash loses little.

While a session has unsaved changes, it is written to a file in the app's data folder every
20 s and a few seconds after the last change. A clean close removes the file; one found at
the next start was left by a crash.

Each running copy of the app holds a lock on its own autosave file, so that two copies
open side by side (a teacher comparing two examples) never write over each other's file,
and a copy that starts never offers to "recover" the live work of another: it takes the
first file no running copy holds, which is one a crashed copy left, if any.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import (
    QCoreApplication,
    QDateTime,
    QLockFile,
    QObject,
    QStandardPaths,
    QTimer,
    Signal,
)
from PySide6.QtWidgets import QMessageBox, QWidget

from engine import Preset, PresetError, read_preset, write_preset
from engine.formats.files import remove_stale_temporaries
from gui.support.engine_text import engine_text
from gui.support.language import written_date_time

AUTOSAVE_FILE = "autosave.json"  # the first copy's; the others' are autosave-1.json …
MAX_COPIES = 16  # running side by side; beyond, a copy autosaves without recovery
INTERVAL_MS = 20_000
DELAY_MS = 3_000  # after the last change: a burst of edits is written once
# A write of the largest sessions (2048 × 1024) takes seconds: the timers then wait this
# many times as long before the next one, so autosave never takes over 2% of the time.
COST_FACTOR = 50


def app_data_dir() -> Path:
    """Where the app keeps its own files (autosave, last session); per user."""
    location = QStandardPaths.StandardLocation.AppDataLocation
    return Path(QStandardPaths.writableLocation(location))


class Autosave(QObject):
    """Writes ``session()`` when it has changed since the last write.

    ``session()`` returns None when there is nothing unsaved, and the autosave file is then
    removed.
    """

    failed = Signal(object)  # why writing failed: the error, written in the language shown

    def __init__(self, session: Callable[[], Preset | None], parent: QObject) -> None:
        super().__init__(parent)
        self._session = session
        self._changes = 0
        self._written = 0
        self._quiet_until = 0.0  # time.monotonic() before which the timers do not write
        self._periodic = QTimer(self)
        self._periodic.setInterval(INTERVAL_MS)
        self._periodic.timeout.connect(self._on_timer)
        self._periodic.start()
        self._delay = QTimer(self)
        self._delay.setSingleShot(True)
        self._delay_ms = DELAY_MS
        self._delay.setInterval(DELAY_MS)
        self._delay.timeout.connect(self._on_timer)
        self._lock: QLockFile | None = None
        self._name: str | None = None  # claimed when first needed: not by a headless export

    def _claim(self) -> str:
        """Return the name of this copy's autosave file, now held by it.

        That is one a crashed copy left, if any, else the first that no running copy holds.
        When MAX_COPIES are running, a name of this process's own, with no lock.
        """
        folder = app_data_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return AUTOSAVE_FILE  # writing will fail and say so
        free: tuple[str, QLockFile] | None = None
        for copy in range(MAX_COPIES):
            name = AUTOSAVE_FILE if copy == 0 else f"autosave-{copy}.json"
            lock = QLockFile(str(folder / f"{name}.lock"))
            lock.setStaleLockTime(0)  # held until the holder ends; a crashed holder's is stale
            if not lock.tryLock(0):
                continue  # a running copy's
            if (folder / name).is_file():  # left by a crash: this one is offered back
                if free is not None:
                    free[1].unlock()
                self._lock = lock
                return name
            if free is None:
                free = (name, lock)
            else:
                lock.unlock()
        if free is not None:
            self._lock = free[1]
            return free[0]
        return f"autosave-pid{QCoreApplication.applicationPid()}.json"

    def release(self) -> None:
        """Give up this copy's autosave file (on a clean close; tests: as a crash would)."""
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None

    def set_intervals(self, delay_ms: int, interval_ms: int) -> None:
        """How long after a change, and how often while changes go on, it writes."""
        self._delay_ms = delay_ms
        self._delay.setInterval(delay_ms)
        self._periodic.setInterval(interval_ms)

    @property
    def path(self) -> Path:
        """Return this copy's autosave file, choosing (and locking) it when first asked."""
        if self._name is None:
            self._name = self._claim()
        return app_data_dir() / self._name

    @property
    def pending(self) -> bool:
        """True while a change has not been written yet."""
        return self._changes != self._written

    def note_change(self) -> None:
        """Count a change; the file is written a few seconds after the last one.

        Called on every change; cheap, since the dial may change τ 60 times a second.
        """
        self._changes += 1
        self._delay.start(self._delay_ms)

    def _on_timer(self) -> None:
        if not self.pending:
            return
        wait = self._quiet_until - time.monotonic()
        if wait > 0:  # resting after a slow write: write when the rest is over, not never
            self._delay.start(int(wait * 1000) + 1)
            return
        self.write()

    def write(self) -> bool:
        """Write the session now; True if a file was written."""
        start = time.monotonic()
        written, self._written = self._written, self._changes
        preset = self._session()
        if preset is None:
            self.remove()
            return False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_preset(self.path, preset)
        except Exception as error:  # a timer calls this: nothing may escape unsaid
            self._written = written  # still pending: the timers try again
            self.failed.emit(error)
            return False
        finally:
            now = time.monotonic()
            self._quiet_until = now + COST_FACTOR * (now - start)
        return True

    def ask_to_recover(self, parent: QWidget) -> Preset | None:
        """Return the session in an autosave left by a crash, if the user wants it back.

        An autosave that is declined or unreadable is removed.
        """
        path = self.path
        remove_stale_temporaries(path)  # a write killed mid-way (the crash itself, perhaps)
        if not path.is_file():
            return None
        try:
            preset = read_preset(path)
        except PresetError as error:
            text = self.tr("The autosaved session cannot be read and was discarded.\n\n{0}")
            QMessageBox.warning(parent, self.tr("Cannot recover"), text.format(engine_text(error)))
            self.remove()
            return None
        when = QDateTime.fromSecsSinceEpoch(int(path.stat().st_mtime))
        answer = QMessageBox.question(
            parent,
            self.tr("Recover unsaved work?"),
            self.tr(
                "Attention Lab did not close properly. Recover the session autosaved "
                "at {0}?\n\nNo discards it."
            ).format(written_date_time(when)),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        if answer != QMessageBox.StandardButton.Yes:
            self.remove()
            return None
        return preset

    def remove(self) -> None:
        """Delete this copy's autosave file, if it ever chose one; ``failed`` says if that fails."""
        if self._name is None:
            return  # never claimed: there is no file of this copy's
        try:
            self.path.unlink(missing_ok=True)
        except OSError as error:
            self.failed.emit(error)

    def stop(self) -> None:
        """Stop both timers (a later ``note_change`` starts the delayed write again)."""
        self._periodic.stop()
        self._delay.stop()
