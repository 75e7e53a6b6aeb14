"""Hostile files through the real window: File → Open of generated bad sessions changes
nothing and says why; a save that fails halfway (an exception, a full disk) leaves the
previous file byte for byte, no temporary file, and tells the user."""

from __future__ import annotations

import errno
import itertools
import os
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, event, example, given, settings
from PySide6.QtWidgets import QMessageBox

import engine.formats.files
from engine import PresetError, parse_preset, read_preset
from tests.engine.hostile import LESSON, dumped, hostile_bytes

Button = QMessageBox.StandardButton
_examples = itertools.count()


def on_screen(window):
    """Everything the user could see change: the session and where it stands."""
    state, stack = window.state, window.state.undo_stack
    return {
        "tokens": state.tokens,
        "inputs": {name: state.matrix(name).tolist() for name in state.input_names},
        "temperature": (state.temperature, state.follows_sqrt_d_k),
        "causal": state.causal,
        "selected": state.selected_token,
        "precision": state.precision,
        "undo": (stack.count(), stack.index(), stack.isClean()),
        "path": window.sessions.path,
        "title": window.windowTitle(),
    }


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=hostile_bytes())
@example(data=dumped({**LESSON, "temperature": 1e-310}).encode())  # the engine's τ is ≥ 1e-300
@example(data=dumped({**LESSON, "tokens": ["\ud800", "吃", "鱼"]}).encode("utf-8", "surrogatepass"))
@example(data=dumped({**LESSON, "selected_token": 10**400}).encode())
def test_a_hostile_session_opened_from_the_file_menu_is_explained_and_changes_nothing(
    window, dialogs, tmp_path, data
):  # fmt: skip
    state = window.state
    number = next(_examples)
    state.set_cell(state.input_names[0], 0, 0, str(number % 50 + 0.5))  # unsaved work
    before = on_screen(window)
    path = tmp_path / f"session-{number}.json"
    path.write_bytes(data)
    dialogs.warnings.clear()
    dialogs.files = [str(path)]
    window.sessions.open_action.trigger()  # asks about the unsaved work: Discard
    assert dialogs.files == []  # the file dialog was shown and answered
    try:
        preset, refusal = parse_preset(data), ""
    except PresetError as error:
        preset, refusal = None, str(error)
    if preset is None:
        event("refused")
        assert len(dialogs.warnings) == 1
        assert path.name in dialogs.warnings[0]
        assert refusal in dialogs.warnings[0]
        assert on_screen(window) == before
        assert window.windowTitle().endswith("*")
        return
    event("opened")
    assert dialogs.warnings == []
    assert state.tokens == preset.tokens
    source = preset if preset.projection is None else preset.projection
    for name in state.input_names:
        np.testing.assert_array_equal(state.matrix(name), getattr(source, name))
    assert state.temperature == (preset.temperature or np.sqrt(preset.q.shape[1]))
    assert (state.causal, state.selected_token) == (preset.causal, preset.selected_token)
    assert window.sessions.path == path.resolve()
    assert on_screen(window)["undo"] == (0, 0, True)


# ---------------------------------------------------------------- failing halfway


FAILURES = {
    "full disk": (OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)), "No space left on device"),
    "an exception": (RuntimeError("the write blew up"), "the write blew up"),
}


WRITE_SYNCED = engine.formats.files.write_synced


def fail_files_halfway(monkeypatch, error, after=0):
    """The one low-level write (of sessions, autosaves and exports) writes ``after``
    files, then half of the next one and raises ``error``."""
    calls = itertools.count()

    def half_file(path, data):
        if next(calls) < after:
            return WRITE_SYNCED(path, data)
        Path(path).write_bytes(data[: len(data) // 2])
        raise error

    monkeypatch.setattr(engine.formats.files, "write_synced", half_file)


def fail_sessions_halfway(monkeypatch, error):
    """write_preset writes half the session, then raises ``error``."""
    fail_files_halfway(monkeypatch, error)


@pytest.mark.parametrize("failure", FAILURES)
def test_a_session_save_that_fails_halfway_keeps_the_previous_file(
    window, dialogs, tmp_path, monkeypatch, failure
):
    error, words = FAILURES[failure]
    path = tmp_path / "lesson.json"
    assert window.sessions.save_to(path)
    saved = path.read_bytes()
    window.state.set_cell("q", 0, 0, "9")
    fail_sessions_halfway(monkeypatch, error)
    window.sessions.save_action.trigger()
    assert path.read_bytes() == saved
    assert os.listdir(tmp_path) == ["lesson.json"]  # no temporary file left
    assert len(dialogs.warnings) == 1
    assert "lesson.json could not be written" in dialogs.warnings[0]
    assert words in dialogs.warnings[0]
    assert window.sessions.is_dirty
    assert window.windowTitle().endswith("lesson.json*")


@pytest.mark.parametrize("failure", FAILURES)
def test_an_autosave_that_fails_halfway_keeps_the_previous_one_and_says_so(
    window, qtbot, monkeypatch, failure
):
    error, words = FAILURES[failure]
    autosaver = window.sessions.autosaver
    window.state.set_cell("k", 1, 1, "3")
    assert window.sessions.autosave()
    before = autosaver.path.read_bytes()
    window.state.set_cell("k", 1, 1, "4")
    fail_sessions_halfway(monkeypatch, error)
    with qtbot.waitSignal(window.state.message) as said:
        assert not window.sessions.autosave()
    assert said.args[0].startswith("Autosave failed: ")
    assert words in said.args[0]
    assert words in window.statusBar().currentMessage()
    assert autosaver.path.read_bytes() == before
    files = [name for name in os.listdir(autosaver.path.parent) if not name.endswith(".lock")]
    assert files == [autosaver.path.name]
    assert autosaver.pending  # the timers try again
    # The disk has room again.
    monkeypatch.setattr(engine.formats.files, "write_synced", WRITE_SYNCED)
    assert window.sessions.autosave()
    assert read_preset(autosaver.path).k[1, 1] == 4


@pytest.mark.parametrize("failure", FAILURES)
def test_a_figure_export_that_fails_halfway_keeps_the_previous_file(
    window, dialogs, tmp_path, monkeypatch, failure
):
    error, _ = FAILURES[failure]
    path = tmp_path / "weights.png"
    path.write_bytes(b"the previous picture")
    fail_files_halfway(monkeypatch, error)
    dialogs.answers = [Button.Yes]  # replace it
    assert not window.exports.export_figure("3-weights", path, "png", scale=1)
    assert "weights.png already exists" in dialogs.questions[0]
    assert path.read_bytes() == b"the previous picture"
    assert os.listdir(tmp_path) == ["weights.png"]
    assert len(dialogs.warnings) == 1
    words = "The disk is full: weights.png" if failure == "full disk" else "the write blew up"
    assert words in dialogs.warnings[0]


@pytest.mark.parametrize("failure", FAILURES)
def test_a_csv_export_that_fails_halfway_keeps_every_previous_file(
    window, dialogs, tmp_path, monkeypatch, failure
):
    error, _ = FAILURES[failure]
    previous = {name: f"old {name}".encode() for name in ("Q.csv", "S.csv", "session.json")}
    for name, data in previous.items():
        (tmp_path / name).write_bytes(data)
    fail_files_halfway(monkeypatch, error, after=3)
    dialogs.answers = [Button.Yes]  # replace them
    assert window.exports.export_all(tmp_path, formats=("csv",)) is None
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == previous  # nor a stage
    assert len(dialogs.warnings) == 1
    words = "The disk is full" if failure == "full disk" else "the write blew up"
    assert words in dialogs.warnings[0]
