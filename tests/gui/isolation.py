"""Keep GUI tests away from the user's settings and data, and from modal dialogs.

Used by the fixtures in conftest.py and by test subprocesses, which call
:func:`isolate` with the folder their parent test gave them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths
from PySide6.QtWidgets import QMessageBox

ORGANIZATION = "Attention Lab Tests"
APPLICATION = "Attention Lab"
Button = QMessageBox.StandardButton


def next_frame() -> None:
    """Let the event loop come round once: edits made so far reach the views (the state
    folds every edit of one frame into one computation and one ``result_changed``)."""
    QCoreApplication.processEvents()


def isolate(folder: str | Path) -> None:
    """QSettings in ``folder``; QStandardPaths in ``$HOME/.qttest`` (point HOME at a temp
    folder first: the test mode of QStandardPaths reads HOME on every call)."""
    QStandardPaths.setTestModeEnabled(True)
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, str(Path(folder) / "user"))
        QSettings.setPath(fmt, QSettings.Scope.SystemScope, str(Path(folder) / "system"))
    QCoreApplication.setOrganizationName(ORGANIZATION)
    QCoreApplication.setApplicationName(APPLICATION)


@dataclass
class Dialogs:
    """Stand-ins for the static QMessageBox and QFileDialog calls: a real modal dialog
    would wait forever for a click offscreen. Tests queue answers and read what was said.

    ``answers``: buttons returned by question(), in order; when empty, Discard if offered
    (closing a window with edits in teardown must not block), else No.
    ``files``: paths returned by the file dialogs, in order; when empty, "" (cancelled).
    """

    answers: list[Button] = field(default_factory=list)
    files: list[str | list[str]] = field(default_factory=list)
    questions: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def question(self, parent, title, text, buttons=Button.Yes | Button.No, default=None):
        self.questions.append(text)
        if self.answers:
            return self.answers.pop(0)
        return Button.Discard if buttons & Button.Discard else Button.No

    def unsaved(self, parent, name):
        """Stand-in for gui.session.unsaved_question.ask: answered as ``question`` is."""
        from gui.session.unsaved_question import question_text

        buttons = Button.Save | Button.Discard | Button.Cancel
        return self.question(parent, "", question_text(name), buttons, Button.Cancel)

    def long_run(self, parent, seconds, work):
        """Stand-in for gui.variance.long_run.ask: Run if answered Ok, else Cancel."""
        from gui.variance.long_run import question_text

        buttons = Button.Ok | Button.Cancel
        return self.question(parent, "", question_text(seconds, work), buttons) == Button.Ok

    def warning(self, parent, title, text, *args, **kwargs):
        self.warnings.append(text)
        return Button.Ok

    def open_file(self, *args, **kwargs):
        return (self.files.pop(0) if self.files else "", "")

    def open_files(self, *args, **kwargs):
        return (self.files.pop(0) if self.files else [], "")


def shown_window(qtbot):
    """A main window as the app starts one: built, shown, first paint done."""
    from gui import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.first_paint, timeout=5000):
        window.show()
    return window
