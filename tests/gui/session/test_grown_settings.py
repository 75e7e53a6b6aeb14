"""Settings past reason: a model folder of 5,000 characters (or of the wrong type) is a
folder that is not there, and File → Open a sentence… says so instead of raising."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

import gui.session.sentences as sentences
from gui.session.sentences import FOLDER_KEY, chosen_folder


@pytest.mark.parametrize("value", ["x" * 5_000, "/tmp/" + "a/" * 3_000, "a\0b", 12345, [1, 2]])
def test_a_model_folder_setting_that_cannot_be_a_folder_is_a_missing_one(
    window, dialogs, monkeypatch, value
):
    """Before: OSError (File name too long) out of File → Open a sentence…."""
    QSettings().setValue(FOLDER_KEY, value)
    assert chosen_folder() is None
    monkeypatch.setattr(sentences, "package_folder", lambda: None, raising=False)
    monkeypatch.setattr("engine.real_model.model_folder.package_folder", lambda: None)
    monkeypatch.setattr("engine.real_model.model_folder.cache_snapshot", lambda model="": None)
    before = window.state.tokens
    assert not window.sentences.open_sentence()
    assert "pip install" in dialogs.warnings[-1]
    assert window.state.tokens == before
