"""A session of a sentence through a real model, reopened: the atlas runs the sentence again
(off the GUI thread, the session's numbers untouched) and frames the head that is open; a
missing model is said in the atlas."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

import gui.session.sentences as sentences
from gui.session.sentences import FOLDER_KEY
from tests.engine.tiny_bert import SIZES, write_tiny_bert
from tests.gui.isolation import shown_window


@pytest.fixture
def tiny(tmp_path):
    folder = write_tiny_bert(tmp_path / "tiny-bert")
    QSettings().setValue(FOLDER_KEY, str(folder))
    return folder


def saved_head(window, path, layer=1, head=1):
    """Run the lesson's sentence, open a head (from 0), save the session to ``path``."""
    assert window.sentences.run_sentence("the cat eats fish")
    assert window.model_run.open_head(layer, head)
    assert window.sessions.save_to(path)
    return window.state.to_preset()


def test_a_restart_shows_the_reopened_sentences_heads_with_the_open_one_framed(
    window, qtbot, tiny, tmp_path
):
    shown = saved_head(window, tmp_path / "sess_en.json")
    assert window.sessions.confirm_close()
    again = shown_window(qtbot)  # the next start: the file is reopened
    again.sessions.start()
    assert again.state.source is not None
    run = again.model_run
    qtbot.waitUntil(lambda: run.forward is not None)
    assert run.opened() == (1, 1)
    assert again.state.to_preset().q.tolist() == shown.q.tolist()  # the numbers untouched
    assert not again.sessions.is_dirty
    assert again.state.undo_stack.count() == 0
    again.atlas.grab()
    assert len(again.atlas._places) == SIZES["layers"] * SIZES["heads"]


def test_reopening_a_session_frames_its_head_though_the_atlas_held_another_sentence(
    window, qtbot, tiny, tmp_path
):
    path = tmp_path / "sess_en.json"
    saved_head(window, path, layer=1, head=0)
    assert window.sentences.run_sentence("fish eat cats too")  # the atlas holds this one now
    assert window.sessions.open_path(path)
    run = window.model_run
    qtbot.waitUntil(lambda: run.sentence == "the cat eats fish")
    assert run.opened() == (1, 0)


def test_without_its_model_the_atlas_says_which_is_missing(window, qtbot, tiny, tmp_path,
                                                            monkeypatch):  # fmt: skip
    path = tmp_path / "sess_en.json"
    saved_head(window, path)
    assert window.sessions.confirm_close()
    monkeypatch.setattr(sentences, "locate_model", lambda chosen=None: None)
    again = shown_window(qtbot)
    assert again.sessions.open_path(path)
    run = again.model_run
    qtbot.waitUntil(lambda: bool(run.missing))
    assert run.missing == again.state.source.model
    assert run.opened() is None
    assert again.workspace.is_panel_shown("model")
    again.atlas.grab()
    assert again.atlas._places == {}


def test_the_missing_model_chosen_as_a_folder_fills_the_atlas(window, qtbot, tiny, tmp_path,
                                                               monkeypatch):  # fmt: skip
    path = tmp_path / "sess_en.json"
    saved_head(window, path)
    assert window.sessions.confirm_close()
    monkeypatch.setattr(sentences, "locate_model", lambda chosen=None: None)
    again = shown_window(qtbot)
    assert again.sessions.open_path(path)
    qtbot.waitUntil(lambda: bool(again.model_run.missing))
    monkeypatch.undo()
    monkeypatch.setattr(sentences.QFileDialog, "getExistingDirectory", lambda *a: str(tiny))
    monkeypatch.setattr(sentences.QInputDialog, "getText", lambda *a, **k: ("", False))
    assert again.sentences.open_model_folder()
    assert again.model_run.opened() == (1, 1)
    assert not again.sessions.is_dirty
