"""Save / Discard / Cancel: Enter changes nothing, each answer has its key, in both languages."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from gui.session import unsaved_question
from gui.support.language import set_language

REAL_ASK = unsaved_question.ask  # before the dialogs fixture replaces it with a script
Button = QMessageBox.StandardButton


@pytest.fixture(params=["en", "zh_CN"])
def spoken(request):
    set_language(request.param)
    yield request.param
    set_language("en")


def answer_with(qtbot, key, modifier=Qt.KeyboardModifier.NoModifier):
    """Press ``key`` in the question once it is open (it is modal: exec waits)."""
    pressed = []

    def press() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, press)  # not open yet
            return
        pressed.append(box.text())
        qtbot.keyClick(box, key, modifier)
        QTimer.singleShot(3000, box, box.reject)  # a key that did nothing: fail, not hang

    QTimer.singleShot(0, press)
    return pressed


def edited_session(window, tmp_path):
    path = tmp_path / "lesson.json"
    window.sessions.save_to(path)
    window.state.set_cell("q", 0, 0, "7")
    return path, path.read_bytes()


def test_enter_in_the_unsaved_question_neither_saves_nor_discards(
    window, qtbot, tmp_path, monkeypatch, spoken
):
    # Enter meant Save: tried as a new user would, it overwrote the edited session file
    path, saved = edited_session(window, tmp_path)
    pressed = answer_with(qtbot, Qt.Key.Key_Return)
    with monkeypatch.context() as real:  # the script again for the window's closing
        real.setattr(unsaved_question, "ask", REAL_ASK)
        assert not window.sessions.new_session()
    assert pressed
    assert "lesson.json" in pressed[0]
    assert path.read_bytes() == saved  # not written
    assert window.state.matrix("q")[0, 0] == 7  # not discarded either
    assert window.windowTitle().endswith("lesson.json*")


def test_discard_has_its_key_in_both_languages(window, qtbot, tmp_path, monkeypatch, spoken):
    path, saved = edited_session(window, tmp_path)
    pressed = answer_with(qtbot, Qt.Key.Key_D)  # in a message box, D alone (Alt+D too)
    with monkeypatch.context() as real:
        real.setattr(unsaved_question, "ask", REAL_ASK)
        assert window.sessions.new_session()
    assert pressed
    assert path.read_bytes() == saved
    assert window.state.matrix("q")[0, 0] == 1  # the lesson again: the edit discarded


def test_each_answer_is_named_with_its_key_and_cancel_is_the_default(qapp, spoken):
    box = unsaved_question.unsaved_changes_box(None, "lesson.json")
    try:
        texts = {b: box.button(b).text() for b in (Button.Save, Button.Discard, Button.Cancel)}
        assert "&S" in texts[Button.Save], texts
        assert "&D" in texts[Button.Discard], texts
        assert box.defaultButton() is box.button(Button.Cancel)
        assert box.escapeButton() is box.button(Button.Cancel)
        if spoken == "zh_CN":
            assert texts == {Button.Save: "保存(&S)", Button.Discard: "不保存(&D)",
                             Button.Cancel: "取消"}  # fmt: skip
            assert "lesson.json" in box.text()
            assert "Save" not in box.text()
    finally:
        box.deleteLater()


def test_a_name_that_quotes_itself_is_not_quoted_again(qapp, spoken):
    # “ “the teacher reads the book” (edited)” has changes…
    from gui.session.unsaved_question import question_text

    text = question_text("“the teacher reads the book” (edited)")
    assert text.count("“") == 1
    assert text.startswith("“the teacher reads the book” (edited)")
    assert question_text("cat eats fish (edited)").startswith("“cat eats fish (edited)”")
