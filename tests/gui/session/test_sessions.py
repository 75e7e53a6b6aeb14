"""Session files: New, Open, Save, Save As, Recent files, the title, asking before unsaved
changes are lost, and the window's settings between starts."""

from __future__ import annotations

import json
import os
import pwd
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QSettings
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMessageBox

from engine import load_preset, preset_to_dict, read_preset
from gui.session.autosave import app_data_dir
from tests.gui.isolation import shown_window

Button = QMessageBox.StandardButton


LESSON = "Attention Lab — cat eats fish (the lesson's example)"


def another_window(qtbot):
    """A second start of the app, built as the ``window`` fixture builds the first."""
    return shown_window(qtbot)


def on_screen(window):
    """Everything a session keeps, as plain values, plus where the session stands."""
    state = window.state
    return {
        "tokens": state.tokens,
        "inputs": {name: state.matrix(name).tolist() for name in state.input_names},
        "temperature": None if state.follows_sqrt_d_k else state.temperature,
        "causal": state.causal,
        "selected": state.selected_token,
        "precision": state.precision,
        "undo": (state.undo_stack.count(), state.undo_stack.index()),
        "path": window.sessions.path,
        "title": window.windowTitle(),
    }


def edit_everything(window, projection=False):
    state = window.state
    if projection:
        state.load_built_in("shape-check")
        state.set_cell("w_k", 2, 1, "0.25")
    else:
        state.set_cell("q", 0, 1, "7.5")
        state.rename_token(1, "喝")
    state.set_causal(True)
    state.set_temperature(0.7)
    state.select_token(2)
    state.set_precision(3)


def test_the_file_menu_holds_the_session_actions_before_quit(window):
    texts = [a.text() for a in window.file_menu.actions() if not a.isSeparator()]
    assert texts[:6] == ["&New", "&Open…", "Recent files", "&Save", "Save &As…",
                         "&Import matrices…"]  # fmt: skip
    assert texts[-1] == "&Quit"
    sessions = window.sessions
    for action, key in ((sessions.new_action, QKeySequence.StandardKey.New),
                        (sessions.open_action, QKeySequence.StandardKey.Open),
                        (sessions.save_action, QKeySequence.StandardKey.Save)):  # fmt: skip
        assert action.shortcut() == QKeySequence(key)
    assert not sessions.save_as_action.shortcut().isEmpty()


@pytest.mark.parametrize("projection", [False, True])
def test_saving_then_opening_gives_identical_matrices_and_settings(window, tmp_path, projection):
    edit_everything(window, projection)
    saved = on_screen(window)
    assert window.sessions.save_to(tmp_path / "lesson.json")
    data = json.loads((tmp_path / "lesson.json").read_text(encoding="utf-8"))
    assert data["view"]["precision"] == 3
    assert data["selected_token"] == 2
    assert window.sessions.new_session()
    window.state.set_precision(1)
    assert on_screen(window)["inputs"] != saved["inputs"]
    assert window.sessions.open_path(tmp_path / "lesson.json")
    again = on_screen(window)
    assert again["inputs"] == saved["inputs"]  # exact: JSON keeps every bit of a float
    for key in ("tokens", "temperature", "causal", "selected", "precision"):
        assert again[key] == saved[key], key
    assert window.state.is_projection == projection
    assert again["path"] == (tmp_path / "lesson.json").resolve()
    assert again["undo"] == (0, 0)  # an opened file starts a fresh history


def test_a_session_saved_on_head_two_reopens_on_head_two(window, tmp_path):
    # it reopened on head 1, and a later file without the field kept the head shown before
    state = window.state
    state.load_built_in("two-heads")
    state.set_heads(2)
    state.select_head(1)
    assert window.sessions.save_to(tmp_path / "heads.json")
    data = json.loads((tmp_path / "heads.json").read_text(encoding="utf-8"))
    assert data["selected_head"] == 1
    assert window.sessions.new_session()
    assert window.sessions.open_path(tmp_path / "heads.json")
    assert (state.heads, state.selected_head) == (2, 1)
    np.testing.assert_array_equal(state.result.weights, state.heads_result.heads[1].weights)
    assert state.undo_stack.count() == 0  # selecting a head is no undo step, as a token
    del data["selected_head"]
    (tmp_path / "first.json").write_text(json.dumps(data), encoding="utf-8")
    assert window.sessions.open_path(tmp_path / "first.json")
    assert state.selected_head == 0


def test_a_session_on_one_head_saves_no_selected_head(window, tmp_path):
    state = window.state
    state.load_built_in("two-heads")
    state.set_heads(2)
    state.select_head(1)
    state.set_heads(1)
    assert state.to_preset().selected_head == 0
    assert window.sessions.save_to(tmp_path / "one.json")
    assert "selected_head" not in json.loads((tmp_path / "one.json").read_text("utf-8"))


def good_text():
    return json.dumps(preset_to_dict(load_preset("cat-eats-fish")))


def with_field(key, value):
    data = preset_to_dict(load_preset("cat-eats-fish"))
    data[key] = value
    return json.dumps(data)


def with_nan():
    data = preset_to_dict(load_preset("cat-eats-fish"))
    data["inputs"]["q"][0][0] = "here"
    return json.dumps(data).replace('"here"', "NaN")


BAD_FILES = {
    "corrupt": ('{"format": "attention-lab", "version": 1, "tokens": [', "not valid JSON"),
    "truncated": (good_text()[: len(good_text()) // 2], "not valid JSON"),
    "newer version": (with_field("version", 99), "written by a newer Attention Lab"),
    "wrong shapes": (with_field("inputs", {"q": [[1, 2]] * 3, "k": [[1]] * 3, "v": [[1]] * 3}),
                     "inputs.k: has 1 columns but 2 are needed"),
    "NaN": (with_nan(), "NaN is not allowed"),
    "absurd token count": (with_field("tokens", ["t"] * 5000), "at most 2048 are allowed"),
    "not JSON at all": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not UTF-8 text"),
}  # fmt: skip


def check_refused(window, dialogs, path, words):
    before = on_screen(window)
    assert not window.sessions.open_path(path)
    assert len(dialogs.warnings) == 1
    assert path.name in dialogs.warnings[0]
    assert words in dialogs.warnings[0]
    assert on_screen(window) == before


@pytest.mark.parametrize("kind", BAD_FILES)
def test_a_bad_session_file_says_what_is_wrong_and_changes_nothing(window, dialogs, tmp_path,
                                                                   kind):  # fmt: skip
    window.state.set_cell("v", 2, 0, "5")  # unsaved work that must survive
    window.state.set_temperature(1.5)
    text, words = BAD_FILES[kind]
    path = tmp_path / "bad.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    check_refused(window, dialogs, path, words)
    assert window.windowTitle().endswith("*")


@pytest.mark.parametrize("kind", ["huge", "directory", "inside a file", "unreadable"])
def test_a_file_that_cannot_be_read_is_refused(window, dialogs, tmp_path, kind):
    window.state.set_cell("q", 1, 1, "3")
    path = tmp_path / "bad.json"
    if kind == "huge":
        with path.open("wb") as stream:
            stream.truncate(300 * 2**20)  # sparse: nothing is written
        words = "at most 256 MB"
    elif kind == "directory":
        path.mkdir()
        words = "cannot read"
    elif kind == "inside a file":
        path.write_text("{}")
        path = path / "session.json"
        words = "cannot read"
    else:
        if os.geteuid() == 0:
            pytest.skip("root reads every file")
        path.write_text(good_text())
        path.chmod(0)
        words = "Permission denied"
    check_refused(window, dialogs, path, words)


def test_closing_with_unsaved_changes_asks_and_cancel_keeps_the_window_open(window, dialogs):
    window.state.set_cell("q", 0, 0, "2")
    dialogs.answers = [Button.Cancel]
    assert not window.close()
    assert window.isVisible()
    lesson = "“cat eats fish (edited)” has changes that are not saved"
    assert lesson in dialogs.questions[0]
    dialogs.answers = [Button.Discard]
    assert window.close()
    assert not window.isVisible()


def test_choosing_save_when_closing_an_untitled_session_asks_for_a_file(window, dialogs,
                                                                         tmp_path):  # fmt: skip
    window.state.set_cell("q", 0, 0, "2")
    dialogs.answers = [Button.Save]
    dialogs.files = [str(tmp_path / "kept")]  # no suffix: .json is added
    assert window.close()
    assert read_preset(tmp_path / "kept.json").q[0, 0] == 2


def test_cancelling_the_save_dialog_keeps_the_window_open(window, dialogs):
    window.state.set_cell("q", 0, 0, "2")
    dialogs.answers = [Button.Save]  # then the file dialog is cancelled
    assert not window.close()
    assert window.isVisible()


def test_new_and_open_ask_before_unsaved_changes_are_lost(window, dialogs, tmp_path):
    window.state.set_cell("k", 0, 0, "4")
    before = on_screen(window)
    dialogs.answers = [Button.Cancel]
    assert not window.sessions.new_session()
    dialogs.answers = [Button.Cancel]
    dialogs.files = [str(tmp_path / "never.json")]
    window.sessions.open_action.trigger()
    assert dialogs.files == [str(tmp_path / "never.json")]  # the file dialog never opened
    assert on_screen(window) == before
    assert len(dialogs.questions) == 2
    dialogs.answers = [Button.Discard]
    window.sessions.new_action.trigger()
    assert window.state.matrix("k")[0, 0] == 1
    assert window.windowTitle() == LESSON  # the example it shows, by name


def test_the_title_shows_the_file_name_and_a_star_while_unsaved(window, qtbot, tmp_path):
    qtbot.waitUntil(lambda: window.windowTitle() == LESSON)
    window.state.set_cell("q", 0, 0, "2")
    # edited: no longer the lesson's example (it said so, with a *)
    assert window.windowTitle() == "Attention Lab — cat eats fish (edited)*"
    window.sessions.save_to(tmp_path / "lesson.json")
    assert window.windowTitle() == "Attention Lab — lesson.json"
    window.state.set_cell("q", 0, 0, "3")
    assert window.windowTitle() == "Attention Lab — lesson.json*"
    window.state.undo_stack.undo()
    assert window.windowTitle() == "Attention Lab — lesson.json"
    window.state.set_temperature(0.5)  # τ is saved in the file, though not undone
    assert window.windowTitle() == "Attention Lab — lesson.json*"
    window.state.set_temperature(None)
    assert window.windowTitle() == "Attention Lab — lesson.json"


def test_recent_files_are_most_recent_first_at_most_eight_missing_ones_pruned(window, tmp_path):
    sessions = window.sessions
    paths = [tmp_path / f"s{i}.json" for i in range(10)]
    for path in paths:
        assert sessions.save_to(path)
    expected = [p.resolve() for p in reversed(paths)][:8]
    assert sessions.recent_menu.paths() == expected
    paths[8].unlink()
    sessions.recent_menu.rebuild()
    actions = [a for a in sessions.recent_menu.actions() if a.data()]
    assert [Path(a.data()) for a in actions] == [expected[0], *expected[2:]]
    assert actions[0].text() == "&1 s9.json"
    assert sessions.open_path(paths[5])  # opening also puts a file first
    assert sessions.recent_menu.paths()[0] == paths[5].resolve()
    actions = [a for a in sessions.recent_menu.actions() if a.data()]
    actions[1].trigger()
    assert sessions.path == paths[9].resolve()
    sessions.recent_menu.clear_list()
    assert sessions.recent_menu.paths() == []
    assert not sessions.recent_menu.isEnabled()


def test_the_window_layout_and_precision_come_back_on_the_next_start(window, qtbot):
    height = window.minimumSizeHint().height() + 23  # within the 800-pixel offscreen screen
    assert window.height() != height
    window.resize(window.width(), height)
    window.workspace_actions.side_action.setChecked(False)
    window.state.set_precision(4)
    assert window.close()
    second = another_window(qtbot)
    # Offscreen, the screen is 800 pixels wide: Qt fits the width to it, then the window's
    # minimum; the height shows that the geometry came back.
    assert second.height() == height
    assert second.workspace.side.isHidden()
    assert not second.workspace.inputs_column.isHidden()
    assert not second.workspace_actions.side_action.isChecked()
    assert second.state.precision == 4


def test_settings_and_app_data_stay_in_the_test_sandbox(window, isolated_settings):
    window.state.set_precision(3)
    assert window.close()
    settings = QSettings()
    assert Path(settings.fileName()).is_relative_to(isolated_settings)
    assert settings.value("view/precision", 0, type=int) == 3
    assert app_data_dir().is_relative_to(isolated_settings)
    real_home = Path(pwd.getpwuid(os.getuid()).pw_dir)
    for folder in (".config", ".local/share", ".qttest"):
        assert not (real_home / folder / "Attention Lab Tests").exists()


def test_a_language_switch_keeps_the_file_name_in_the_title(window, qtbot, tmp_path):
    assert window.sessions.save_to(tmp_path / "lesson.json")
    QCoreApplication.sendEvent(window, QEvent(QEvent.Type.LanguageChange))
    qtbot.waitUntil(lambda: window.windowTitle() == "Attention Lab — lesson.json")
    assert window.sessions.new_action.text() == "&New"


def test_a_built_in_preset_opens_as_an_untitled_copy(window, tmp_path):
    from resources import resource_path

    lesson = resource_path("presets", "cat-eats-fish.json")
    before = lesson.read_bytes()
    assert window.sessions.open_path(lesson)
    assert window.sessions.path is None  # Save asks for a new name instead of overwriting
    window.state.set_cell("q", 0, 0, "5")
    window.sessions.save_to(tmp_path / "mine.json")
    assert lesson.read_bytes() == before


def test_a_random_example_is_a_new_untitled_document(window, monkeypatch):
    from gui.window.random_dialog import RandomPresetDialog

    monkeypatch.setattr(RandomPresetDialog, "exec", lambda self: 1)
    window.ask_random_preset()  # not the lesson any more: not named after it
    assert window.windowTitle() == "Attention Lab — untitled"
    window.state.set_cell("q", 0, 0, "5")
    assert window.windowTitle() == "Attention Lab — untitled*"
    window.state.undo_stack.undo()
    window.state.undo_stack.undo()
    assert window.windowTitle() == LESSON + "*"


def test_fixing_tau_at_its_current_value_still_counts_as_a_change(window):
    assert not window.sessions.is_dirty
    window.state.set_temperature(2.0)  # √4: the same τ, but no longer following d_k
    assert window.sessions.is_dirty
    assert window.windowTitle().endswith("*")


def test_a_built_in_example_shown_unchanged_is_named_in_the_title(window, qtbot):
    from gui.support.language import set_language

    assert window.windowTitle() == LESSON  # at the start: it said “untitled”
    window.menus.shape_action.trigger()  # Presets → Shape check
    shape = "Attention Lab — shape check (random 3 tokens × 8 dims)"
    assert window.windowTitle() == shape  # freshly loaded: not modified, no *
    assert window.undo_action.text() == "&Undo Load shape check (random 3 tokens × 8 dims)"
    window.state.set_cell("x", 0, 0, "5")  # edited: named by what it was (not “untitled”)
    assert window.windowTitle() == "Attention Lab — shape check (edited)*"
    window.state.undo_stack.undo()
    assert window.windowTitle() == shape
    window.state.undo_stack.undo()
    assert window.windowTitle() == LESSON + "*"  # not what the example loaded: unsaved
    window.state.set_cell("q", 0, 0, "5")  # a new step where the shape check's was
    assert window.windowTitle() == "Attention Lab — cat eats fish (edited)*"
    set_language("zh_CN")
    try:
        qtbot.waitUntil(lambda: "猫 吃 鱼(已改动)*" in window.windowTitle())
        window.state.undo_stack.undo()
        qtbot.waitUntil(lambda: "猫 吃 鱼(第 8 课的例子)" in window.windowTitle())
        assert "untitled" not in window.windowTitle()
    finally:
        set_language("en")


def test_save_as_opens_in_the_users_folder_the_first_time_then_in_the_last_one(
    window, tmp_path, monkeypatch
):
    """The first Save As opened in the program's folder (the current one): "" was its start."""
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.chdir(tmp_path)  # as the program's folder would be
    starts: list[Path] = []

    def save_file_name(parent, title, start, *args, **kwargs):
        starts.append(Path(start))
        return (str(tmp_path / "kept" / "mine.json"), "")

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_file_name)
    (tmp_path / "kept").mkdir()
    assert window.sessions.save_as()
    assert starts[0].is_absolute()
    assert starts[0].parent == Path.home()  # no documents folder in the test's home
    assert window.sessions.save_as()
    assert starts[1] == tmp_path / "kept" / "mine.json"  # the session's own file
    window.sessions.path = None  # untitled again: the last folder used
    assert window.sessions.save_as()
    assert starts[2].parent == tmp_path / "kept"


def test_a_preset_loaded_over_a_session_file_is_a_new_untitled_document(window, dialogs,
                                                                         tmp_path):  # fmt: skip
    lesson = tmp_path / "lesson.json"
    assert window.sessions.save_to(lesson)
    before = lesson.read_bytes()
    window.state.set_cell("q", 0, 0, "5")  # unsaved: asked about first
    dialogs.answers.append(Button.Discard)
    window.load_built_in("two-heads")
    assert len(dialogs.questions) == 1
    assert "lesson.json" in dialogs.questions[0]
    assert window.sessions.path is None  # Save asks for a name: the lesson is not written
    assert not window.sessions.is_dirty
    assert window.windowTitle() == "Attention Lab — " + window.sessions.display_name()
    assert "*" not in window.windowTitle()
    assert lesson.read_bytes() == before
    window.state.set_temperature(0.7)
    assert window.sessions.is_dirty
    shown = window.state.to_preset()
    dialogs.answers.append(Button.Cancel)  # cancelled: the edits stay, nothing loaded
    assert not window.sessions.load_example("shape-check")
    assert preset_to_dict(window.state.to_preset()) == preset_to_dict(shown)
    assert window.sessions.is_dirty


@pytest.mark.parametrize(
    ("language", "tokens"),
    [("en", ("token 1", "token 2", "token 3")), ("zh_CN", ("词1", "词2", "词3"))],
)
def test_the_shape_checks_placeholder_tokens_are_named_in_the_language(window, language, tokens):
    # they were 词1 词2 词3 in the English interface; the lesson's 猫 吃 鱼 are its words
    from gui.support.language import set_language

    set_language(language)
    try:
        window.menus.shape_action.trigger()  # Presets → Shape check
        assert window.state.tokens == tokens
        window.menus.lesson_action.trigger()
        assert window.state.tokens == ("猫", "吃", "鱼")
    finally:
        set_language("en")
