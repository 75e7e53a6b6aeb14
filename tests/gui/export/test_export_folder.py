"""Export all goes exactly into the folder the user chose, or says what is wrong and writes
nothing; file dialogs open in a folder that exists (the last one used, remembered)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit, QMessageBox

import gui.export.progress
from gui.export.controller import FOLDER_KEY, ExportController
from gui.export.dialogs import ExportAllDialog, ask_folder, chosen_folder
from gui.export.files import ExportError

Button = QMessageBox.StandardButton


def _folder_box() -> QLineEdit | None:
    """Return the box of the open folder dialog, or None while no folder dialog is open."""
    dialog = QApplication.activeModalWidget()
    return dialog.findChild(QLineEdit, "fileNameEdit") if isinstance(dialog, QFileDialog) else None


def _type_into_folder_dialog(box: QLineEdit, text: str, focused: bool) -> None:
    """Type ``text`` into the folder dialog's box and press Enter, as a person would."""
    box.clear()
    if not focused:  # a window not active again after a message box (seen without a WM)
        box.clearFocus()
    QTest.keyClicks(box, text)
    QTest.keyClick(box, Qt.Key.Key_Return)


def _typing(text: str, focused: bool = True) -> None:
    """Type ``text`` into the folder dialog once it is open and its box has taken the focus
    (a few milliseconds after it shows), as a person finds it; if the focus never comes,
    after 5 s all the same, so that the dialog closes and the test fails, not hangs."""
    deadline = time.monotonic() + 5

    def when_ready() -> None:
        box = _folder_box()
        if box is not None and (box.hasFocus() or time.monotonic() > deadline):
            _type_into_folder_dialog(box, text, focused)
        elif time.monotonic() <= deadline:  # no dialog by then: its test fails without it
            QTimer.singleShot(10, when_ready)

    QTimer.singleShot(0, when_ready)


@pytest.mark.parametrize("focused", [True, False])
def test_export_all_goes_into_the_typed_folder_or_nowhere(window, tmp_path, monkeypatch,
                                                         dialogs, focused):  # fmt: skip
    """The trial's steps: Export all, a folder typed in full, Enter. Without keyboard focus
    Qt's dialog turned "/tmp/…/chosen" into '"/" "tmp"/…/chosen' and answered "/"."""
    start, chosen = tmp_path / "start", tmp_path / "chosen"
    start.mkdir()
    chosen.mkdir()
    written_into: list[Path] = []
    monkeypatch.setattr(
        gui.export.progress,
        "write_export",  # never into "/" even if wrong
        lambda folder, files, session: written_into.append(Path(folder)) or [],
    )
    monkeypatch.setattr(ExportAllDialog, "exec", lambda dialog: True)
    window.exports.folder = start
    _typing(str(chosen), focused)
    window.exports.ask_export_all()
    assert written_into in ([chosen], [])
    if not written_into:  # refused: said why, and named what the box read
        assert len(dialogs.warnings) == 1
        assert "choose the folder again" in dialogs.warnings[0]
    if focused:
        assert written_into == [chosen]


def test_the_folder_dialog_answers_the_folder_its_box_names(qtbot, tmp_path):
    (tmp_path / "inside").mkdir()
    _typing("inside")
    assert ask_folder(None, "Export all into", tmp_path) == tmp_path / "inside"
    _typing(str(tmp_path / "inside") + "/")
    assert ask_folder(None, "Export all into", tmp_path) == tmp_path / "inside"


@pytest.mark.parametrize(
    ("selected", "typed"),
    [
        (["/", "/tmp"], '"/" "tmp"/chosen'),  # the trial's box
        (["/"], '"/" "tmp"/chosen'),
        (["/"], "/tmp/chosen"),  # a selection left over from typing "/"
        (["/work"], "chosen"),  # relative to the folder shown: /here/chosen
        ([], ""),
        ([""], ""),
        (["chosen"], ""),
    ],
)
def test_an_answer_that_is_not_the_folder_in_the_box_is_refused(selected, typed):
    with pytest.raises(ExportError, match="choose the folder again"):
        chosen_folder(selected, typed, "/here")


@pytest.mark.parametrize(
    ("selected", "typed", "expected"),
    [
        (["/here/chosen"], "chosen", "/here/chosen"),  # clicked in the list
        (["/here/chosen"], '"chosen"', "/here/chosen"),
        (["/here/chosen"], "/here/chosen/", "/here/chosen"),
        (["/here"], "", "/here"),  # Choose with an empty box: the folder shown
        (["/"], "/", "/"),  # asked for: the question about the top of the disk follows
    ],
)
def test_an_answer_that_is_the_folder_in_the_box_is_taken(selected, typed, expected):
    assert chosen_folder(selected, typed, "/here") == Path(expected)


def test_a_tilde_in_the_box_is_the_home_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert chosen_folder([str(tmp_path / "x")], "~/x", "/here") == tmp_path / "x"


@pytest.mark.parametrize("folder", ["", ".", "out", Path("out"), Path("")])
def test_export_all_refuses_an_empty_or_relative_folder_and_writes_nothing(
    window, tmp_path, monkeypatch, dialogs, folder
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out").mkdir()
    assert window.exports.export_all(folder, formats=("json",)) is None
    assert [p.name for p in tmp_path.iterdir()] == ["out"]
    assert not any((tmp_path / "out").iterdir())
    assert "whole folder path" in dialogs.warnings[0]


def test_export_all_asks_before_writing_into_the_top_of_the_disk(window, monkeypatch, dialogs):
    written_into: list[Path] = []
    monkeypatch.setattr(
        gui.export.progress,
        "write_export",  # never really into "/"
        lambda folder, files, session: written_into.append(Path(folder)) or [],
    )
    assert window.exports.export_all(Path("/"), formats=("json",)) is None
    assert written_into == []
    assert "top of the disk" in dialogs.questions[0]
    dialogs.answers.append(Button.Yes)
    assert window.exports.export_all("/tmp/..", formats=("json",)) == []
    assert written_into == [Path("/tmp/..")]


# ----------------------------------------------------------------- where dialogs open
def test_export_dialogs_open_in_a_folder_that_exists_and_then_in_the_last_one(
    window, tmp_path, monkeypatch
):
    """The first time, Export all offered a "Pictures" folder that did not exist."""
    opened: list[Path] = []

    def ask(parent, title, start):
        opened.append(start)
        return tmp_path

    monkeypatch.setattr("gui.export.dialogs.ask_folder", ask)
    monkeypatch.setattr(ExportAllDialog, "exec", lambda dialog: True)
    monkeypatch.setattr(ExportAllDialog, "values", lambda dialog: (("json",), 1.0))
    window.exports.ask_export_all()
    assert opened[0].is_absolute()
    assert opened[0].is_dir()
    assert opened[0] == Path.home()  # no documents folder in the test's home
    assert QSettings().value(FOLDER_KEY) == str(tmp_path)
    later = ExportController(window)  # the next start of the program
    assert later.folder == tmp_path
    window.exports.ask_export_all()
    assert opened[1] == tmp_path


def test_the_documents_folder_is_where_dialogs_first_open_when_there_is_one(window, tmp_path):
    from PySide6.QtCore import QStandardPaths

    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    os.makedirs(documents, exist_ok=True)
    assert ExportController(window).folder == Path(documents)
