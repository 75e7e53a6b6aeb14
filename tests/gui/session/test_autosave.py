"""Nothing unsaved is lost: autosave, recovery after a crash (a real kill -9), and the
last session coming back on the next start."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtWidgets import QMessageBox

from engine import read_preset
from gui.session.autosave import app_data_dir
from gui.session.controller import AUTOSAVE_ORIGIN
from gui.session.last_session import LAST_SESSION_FILE
from tests.gui.isolation import shown_window

ROOT = Path(__file__).resolve().parents[3]
Button = QMessageBox.StandardButton

# Run in a child process: edit, autosave, edit once more, then die as a crash would.
CRASHING_APP = """
import json, os, signal, sys
sys.path.insert(0, sys.argv[1])
import pyqtgraph as pg
from PySide6.QtWidgets import QApplication
from tests.gui.isolation import isolate
app = QApplication(sys.argv[:1])
isolate(sys.argv[2])
pg.setConfigOptions(antialias=True, imageAxisOrder="row-major")
from gui import MainWindow
window = MainWindow()
window.show()
app.processEvents()
state = window.state
state.set_cell("q", 0, 1, "7.5")
state.set_cell("v", 2, 3, "-1.25")
state.rename_token(1, "喝")
state.set_causal(True)
state.set_temperature(0.8)
assert window.sessions.autosave()
screen = {name: state.matrix(name).tolist() for name in ("q", "k", "v")}
screen.update(tokens=list(state.tokens), causal=state.causal, temperature=state.temperature,
              weights=state.result.weights.tolist())
print(json.dumps(screen), flush=True)
state.set_cell("k", 0, 0, "9")  # after the last autosave: lost in the crash
os.kill(os.getpid(), signal.SIGKILL)
"""


def another_window(qtbot, after=None):
    """A second start of the app, built as the ``window`` fixture builds the first. With
    ``after``, that window's copy of the app has ended without closing, as in a crash: its
    hold on its autosave file is gone, as the lock of a dead process would be."""
    if after is not None:
        after.sessions.autosaver.release()
    return shown_window(qtbot)


def test_after_a_kill_9_the_autosave_recovers_what_was_on_screen(window, dialogs, qtbot,
                                                                  isolated_settings):  # fmt: skip
    window.sessions.autosaver.release()  # the app is not running when the crashing copy starts
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    crash = subprocess.run(
        [sys.executable, "-c", CRASHING_APP, str(ROOT), str(isolated_settings / "settings")],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )  # fmt: skip
    assert crash.returncode == -signal.SIGKILL, crash.stderr
    screen = json.loads(crash.stdout.strip().splitlines()[-1])
    window = another_window(qtbot)  # the next start: the dead copy's lock is stale
    assert window.sessions.autosaver.path.name == "autosave.json"
    assert window.sessions.autosaver.path.is_file()
    dialogs.answers = [Button.Yes]
    assert window.sessions.recover_autosave()
    assert "did not close properly" in dialogs.questions[0]
    state = window.state
    for name in ("q", "k", "v"):
        np.testing.assert_array_equal(state.matrix(name), screen[name], err_msg=name)
    np.testing.assert_array_equal(state.result.weights, screen["weights"])
    assert list(state.tokens) == screen["tokens"] == ["猫", "喝", "鱼"]
    assert (state.causal, state.temperature) == (True, screen["temperature"])
    # recovered, still unsaved, and still named after the example it was loaded as
    assert window.windowTitle() == "Attention Lab — cat eats fish (the lesson's example)*"
    assert window.sessions.autosaver.path.is_file()  # until it is saved or closed cleanly


def test_declining_recovery_discards_the_autosave(window, dialogs, qtbot):
    window.state.set_cell("q", 0, 0, "3")
    assert window.sessions.autosave()
    second = another_window(qtbot, after=window)  # the next start: the first never closed
    dialogs.answers = [Button.No]
    assert not second.sessions.recover_autosave()
    assert not second.sessions.autosaver.path.exists()
    assert second.state.matrix("q")[0, 0] == 1


def test_autosave_writes_only_unsaved_work_and_a_clean_close_removes_it(window, qtbot, tmp_path):
    sessions = window.sessions
    path = sessions.autosaver.path
    assert path.is_relative_to(app_data_dir())
    assert not sessions.autosave()
    assert not path.exists()
    window.state.set_cell("k", 1, 1, "3")
    assert sessions.autosave()
    autosaved = read_preset(path)
    assert autosaved.k[1, 1] == 3
    assert autosaved.extra[AUTOSAVE_ORIGIN] is None
    assert sessions.save_to(tmp_path / "a.json")
    assert not path.exists()  # saved: the file is the truth
    window.state.set_cell("k", 1, 1, "4")
    assert sessions.autosave()
    assert read_preset(path).extra[AUTOSAVE_ORIGIN] == str((tmp_path / "a.json").resolve())
    assert AUTOSAVE_ORIGIN not in json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    sessions.autosaver.remove()
    sessions.autosaver.set_intervals(delay_ms=10, interval_ms=60_000)
    window.state.set_cell("k", 1, 1, "5")  # the timer writes shortly after a change
    qtbot.waitUntil(path.exists, timeout=30_000)  # after the rest a slow disk may impose
    assert read_preset(path).k[1, 1] == 5
    assert window.close()  # the autouse dialogs answer Discard
    assert not path.exists()


def test_the_last_file_is_reopened_on_the_next_start(window, qtbot, tmp_path):
    window.state.set_cell("q", 2, 2, "6")
    assert window.sessions.save_to(tmp_path / "lesson.json")
    assert window.close()
    second = another_window(qtbot)
    assert second.state.matrix("q")[2, 2] == 1  # install() alone restores no session
    assert second.sessions.restore_last_session()
    assert second.sessions.path == (tmp_path / "lesson.json").resolve()
    assert second.state.matrix("q")[2, 2] == 6
    assert second.windowTitle() == "Attention Lab — lesson.json"


def test_an_untitled_session_comes_back_and_a_discarded_one_does_not(window, qtbot, dialogs):
    window.state.select_token(2)  # not an edit: closing does not ask
    window.state.set_precision(4)
    assert window.close()
    assert dialogs.questions == []
    assert (app_data_dir() / LAST_SESSION_FILE).is_file()
    second = another_window(qtbot)
    assert second.sessions.restore_last_session()
    assert (second.state.selected_token, second.state.precision) == (2, 4)
    assert second.sessions.path is None
    assert not second.sessions.is_dirty
    second.state.set_cell("q", 0, 0, "8")
    assert second.close()  # the autouse dialogs answer Discard
    assert not (app_data_dir() / LAST_SESSION_FILE).exists()
    third = another_window(qtbot)
    assert not third.sessions.restore_last_session()
    assert third.state.matrix("q")[0, 0] == 1


def test_an_untitled_example_comes_back_named_on_the_next_start(window, qtbot):
    from gui.support.language import set_language

    lesson = "Attention Lab — cat eats fish (the lesson's example)"
    assert window.windowTitle() == lesson
    assert window.close()
    second = another_window(qtbot)
    second.setWindowTitle("")
    assert second.sessions.restore_last_session()
    assert second.windowTitle() == lesson  # it came back as “untitled”
    second.state.set_cell("q", 0, 0, "8")
    assert second.windowTitle() == "Attention Lab — cat eats fish (edited)*"
    set_language("zh_CN")
    try:
        qtbot.waitUntil(lambda: "猫 吃 鱼(已改动)*" in second.windowTitle())
    finally:
        set_language("en")


def test_start_offers_recovery_before_the_last_session(window, qtbot, dialogs, tmp_path):
    window.sessions.save_to(tmp_path / "lesson.json")
    window.state.set_cell("v", 0, 0, "7")
    assert window.sessions.autosave()  # as if the app crashed now
    second = another_window(qtbot, after=window)
    dialogs.answers = [Button.Yes]
    second.sessions.start()
    assert second.state.matrix("v")[0, 0] == 7
    assert second.windowTitle() == "Attention Lab — lesson.json*"
    second.sessions.autosaver.remove()
    third = another_window(qtbot)
    third.sessions.start(restore_last=False)
    assert third.sessions.path is None
    assert len(dialogs.questions) == 1


def test_two_copies_side_by_side_keep_their_own_autosaves(window, qtbot, dialogs):
    window.state.set_cell("q", 0, 0, "3")
    assert window.sessions.autosave()
    second = another_window(qtbot)  # a second copy while the first still runs
    assert second.sessions.autosaver.path != window.sessions.autosaver.path
    assert not second.sessions.recover_autosave()  # the first's work is live, not lost
    assert dialogs.questions == []
    second.state.set_cell("q", 0, 0, "5")
    assert second.sessions.autosave()
    assert read_preset(window.sessions.autosaver.path).q[0, 0] == 3
    assert read_preset(second.sessions.autosaver.path).q[0, 0] == 5
    third = another_window(qtbot, after=window)  # the first dies; the next start finds it
    assert third.sessions.autosaver.path == window.sessions.autosaver.path
    dialogs.answers = [Button.Yes]
    assert third.sessions.recover_autosave()
    assert third.state.matrix("q")[0, 0] == 3


def test_a_crashed_second_copy_is_found_even_when_the_first_closed_cleanly(window, qtbot,
                                                                           dialogs):  # fmt: skip
    assert window.sessions.autosaver.path.name == "autosave.json"
    second = another_window(qtbot)
    second.state.set_cell("k", 2, 0, "6")
    assert second.sessions.autosave()
    assert second.sessions.autosaver.path.name == "autosave-1.json"
    second.sessions.autosaver.release()  # the second copy crashes
    assert window.close()  # the first closes cleanly
    third = another_window(qtbot)
    dialogs.answers = [Button.Yes]
    assert third.sessions.recover_autosave()
    assert third.state.matrix("k")[2, 0] == 6


def test_a_last_session_that_cannot_be_reopened_is_said_and_follows_a_language_switch(
    window, qtbot, tmp_path
):
    from PySide6.QtCore import QSettings

    from gui.session.last_session import LAST_FILE_KEY
    from gui.support.language import set_language

    path = tmp_path / "last.json"
    path.write_text("{ not json", encoding="utf-8")
    QSettings().setValue(LAST_FILE_KEY, str(path))  # as a close with last.json open left it
    second = window  # as the next start, whose main.py calls restore_last_session
    assert not second.sessions.restore_last_session()
    said = second.inputs.message.text()
    assert said.startswith("last.json could not be reopened (")
    assert said.endswith("); the lesson's example is shown instead")  # not “nothing changed”
    assert second.statusBar().currentMessage() == said
    set_language("zh_CN")
    try:
        shown = second.inputs.message.text()
        assert "last.json" in shown
        assert "could not" not in shown  # it stayed in English
        assert "课" in shown
        assert second.statusBar().currentMessage() == shown
    finally:
        set_language("en")
    assert second.inputs.message.text() == said


def test_a_refusal_typed_before_a_language_switch_is_said_again_in_the_new_one(window):
    from gui.support.language import set_language

    assert not window.state.rename_token(0, " ")
    assert window.inputs.message.text() == "A token needs a name"
    set_language("zh_CN")
    try:  # not left in English, nor taken away: the same refusal, in Chinese
        shown = window.inputs.message.text()
        assert shown
        assert shown != "A token needs a name"
        assert not window.state.rename_token(0, " ")
        assert window.inputs.message.text() == shown
    finally:
        set_language("en")
    assert window.inputs.message.text() == "A token needs a name"


@pytest.mark.parametrize(
    ("language", "written"),
    [("en", "Thursday, December 3, 2026"), ("zh_CN", "2026年12月3日星期四")],
)
def test_the_recovery_question_writes_its_date_in_the_chosen_language(
    window, dialogs, qtbot, language, written
):
    # it wrote "12/3/26 8:14 AM" whatever the language: the process's default locale
    from PySide6.QtCore import QDateTime, QLocale

    from gui.support.language import set_language

    window.state.set_cell("q", 0, 0, "3")
    assert window.sessions.autosave()
    when = QDateTime.fromString("2026-12-03T08:14:00", "yyyy-MM-ddTHH:mm:ss").toSecsSinceEpoch()
    os.utime(window.sessions.autosaver.path, (when, when))
    set_language(language)
    QLocale.setDefault(QLocale(QLocale.Language.German))  # what a library might leave behind
    try:
        second = another_window(qtbot, after=window)
        dialogs.answers = [Button.No]
        assert not second.sessions.recover_autosave()
    finally:
        set_language("en")
    assert written in dialogs.questions[-1], dialogs.questions[-1]
    assert "12/3/26" not in dialogs.questions[-1]
