"""The question before unsaved changes are lost: Save, Discard or Cancel.

Qt's ``QMessageBox.question`` made Save the default button, so Enter overwrote the
session file, and its Discard had no key. Here each answer has its key (Alt+S, Alt+D,
Esc) and Cancel is the default: Enter changes nothing, in every language.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

Button = QMessageBox.StandardButton


def question_text(name: str) -> str:
    """Return the question asked about session ``name``, in the current language.

    A name that quotes itself (a sentence: “the cat eats fish” (edited)) is not quoted again.
    """
    if name.startswith("“"):
        return QCoreApplication.translate(
            "UnsavedQuestion", "{0} has changes that are not saved. Save them?"
        ).format(name)
    return QCoreApplication.translate(
        "UnsavedQuestion", "“{0}” has changes that are not saved. Save them?"
    ).format(name)


def unsaved_changes_box(parent: QWidget | None, name: str) -> QMessageBox:
    """Return the question about session ``name``'s unsaved changes, not yet shown."""
    box = QMessageBox(parent)
    box.setObjectName("unsavedChanges")
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(QCoreApplication.translate("UnsavedQuestion", "Unsaved changes"))
    box.setText(question_text(name))
    box.setStandardButtons(Button.Save | Button.Discard | Button.Cancel)
    box.button(Button.Save).setText(QCoreApplication.translate("UnsavedQuestion", "&Save"))
    box.button(Button.Discard).setText(QCoreApplication.translate("UnsavedQuestion", "&Discard"))
    box.button(Button.Cancel).setText(QCoreApplication.translate("UnsavedQuestion", "Cancel"))
    box.setDefaultButton(Button.Cancel)  # Enter: nothing written, nothing lost
    box.setEscapeButton(Button.Cancel)
    return box


def ask(parent: QWidget | None, name: str) -> Button:
    """Ask whether to save session ``name``'s changes; Save, Discard or Cancel.

    Tests replace this function (tests/gui/conftest.py): a modal dialog would wait offscreen.
    """
    box = unsaved_changes_box(parent, name)
    try:
        box.exec()
        answer = box.standardButton(box.clickedButton())
    finally:
        box.deleteLater()
    return answer if answer in (Button.Save, Button.Discard) else Button.Cancel
