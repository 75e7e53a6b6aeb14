"""An exception out of a slot: a dialog that names the log, the session kept, the log written."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QPushButton

from gui.support.slot_errors import LOG_FILE, MAX_LOG_BYTES, SlotErrorGuard, log_folder


class Kept:
    def __init__(self, result: bool = True) -> None:
        self.calls, self.result = 0, result

    def __call__(self) -> bool:
        self.calls += 1
        if self.result is None:
            raise OSError(28, "No space left on device")
        return self.result


@pytest.fixture
def guard():
    kept = Kept()
    made = SlotErrorGuard(kept, lambda: None)
    made.install()
    yield made, kept
    made.uninstall()


@pytest.mark.qt_no_exception_capture
def test_an_exception_in_a_slot_is_said_logged_and_the_work_kept(qtbot, dialogs, guard):
    _, kept = guard
    button = QPushButton()
    qtbot.addWidget(button)

    def broken() -> None:
        raise ZeroDivisionError("the slot divided by zero")

    button.clicked.connect(broken)
    button.click()
    qtbot.waitUntil(lambda: bool(dialogs.warnings))
    text = dialogs.warnings[0]
    assert "the slot divided by zero" in text
    assert "Your session was saved" in text
    log = log_folder() / LOG_FILE
    assert str(log) in text
    assert kept.calls == 1
    logged = log.read_text(encoding="utf-8")
    assert "ZeroDivisionError: the slot divided by zero" in logged
    assert "in broken" in logged  # the traceback, not only the message


@pytest.mark.qt_no_exception_capture
def test_a_timer_callback_and_a_failed_save_are_said_too(qtbot, dialogs, guard):
    _, kept = guard
    kept.result = None  # the autosave itself fails
    QTimer.singleShot(0, lambda: [][1])
    qtbot.waitUntil(lambda: bool(dialogs.warnings))
    assert "could not be saved" in dialogs.warnings[0]
    assert "IndexError" in (log_folder() / LOG_FILE).read_text(encoding="utf-8")


def test_the_log_is_kept_under_its_bound(guard):
    made, _ = guard
    log = log_folder() / LOG_FILE
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_bytes(b"x" * (MAX_LOG_BYTES + 10))
    made._log(ValueError, ValueError("late"), None)
    assert log.stat().st_size < MAX_LOG_BYTES
    assert log.read_text(encoding="utf-8").endswith("ValueError: late\n\n")


def test_the_window_started_by_main_has_the_guard(monkeypatch):
    from gui.command_line.open_window import run

    source = run.__code__.co_names
    assert "SlotErrorGuard" in source or "guard" in run.__code__.co_varnames
