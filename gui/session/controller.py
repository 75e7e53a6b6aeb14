"""Session files, and the File menu's actions for them.

File → New, Open…, Recent files, Save, Save As…, Import matrices…; the title (file name,
* while unsaved); asking before unsaved changes are lost; the last session on the next
start; autosave and recovery after a crash.

A session file is the versioned JSON of ``state.to_preset()`` (README: "Preset and
session files"). Unsaved: the undo stack is not clean, or τ has changed without a step yet
(the dial's knob held down, a sweep playing: each is one undo step once it ends).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtGui import QAction, QKeySequence, QUndoCommand
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from engine import Preset, PresetError, load_preset, read_preset, write_preset
from engine.formats.files import remove_stale_temporaries
from gui.model.examples import built_in_example
from gui.model.state import AttentionState
from gui.session.autosave import Autosave
from gui.session.importer import MatrixImporter
from gui.session.last_session import last_session, remember_last_session
from gui.session.recent_files import RecentFiles
from gui.support.engine_text import engine_text, reason_text
from gui.support.language import in_current_language
from gui.support.settings import start_folder
from resources import resource_path

if TYPE_CHECKING:
    from collections.abc import Callable

    Slot = Callable[[], object]

AUTOSAVE_ORIGIN = "autosave_of"  # in an autosave file: the session file it belongs to
FOLDER_KEY = "session/folder"
Button = QMessageBox.StandardButton
# what a title says about itself at its end: “(the lesson's example)”, “(随机 3 词 × 8 维)”
_ASIDE = re.compile(r"\s*[(（][^()（）]*[)）]\s*$")


def _without_aside(title: str) -> str:
    return _ASIDE.sub("", title)


class SessionController(QObject):
    """Owns the File menu's session actions and which file the session belongs to.

    It offers its actions (``file_actions``) for the window to insert, says the window's
    title with ``title_changed`` and good news with ``news``; problems go to
    ``state.message``. Dialogs belong to ``parent``.
    """

    title_changed = Signal(str)
    news = Signal(str)

    def __init__(self, state: AttentionState, parent: QWidget) -> None:
        super().__init__(parent)
        self.parent_widget = parent
        self.state = state
        self.path: Path | None = None  # None: untitled
        self._document: Preset | None = None  # the file's title, description, extra
        self._saved_temperature = self._temperature_setting()
        self._shown_title: tuple[bool, str] | None = None  # (unsaved, name) in the title
        # An untitled session showing a built-in example is named after it (its title in
        # each language) while the undo stack stands where it was loaded: at the start of
        # the history (_example), or just after a step loading one (see load_example).
        self._example: dict[str, str] = {}
        self._examples: dict[QUndoCommand, dict[str, str]] = {}
        keys = QKeySequence.StandardKey
        self.new_action = self._action("newSessionAction", keys.New, self.new_session)
        self.open_action = self._action("openSessionAction", keys.Open, self.ask_open)
        self.save_action = self._action("saveSessionAction", keys.Save, self.save)
        self.save_as_action = self._action("saveSessionAsAction", keys.SaveAs, self.save_as)
        if self.save_as_action.shortcut().isEmpty():  # Windows has no standard one
            self.save_as_action.setShortcut(QKeySequence("Ctrl+Shift+S"))
        self.recent_menu = RecentFiles(parent)
        self.recent_menu.open_requested.connect(self._on_recent_requested)
        self.importer = MatrixImporter(state, parent)
        self.importer.news.connect(self.news)

        self.autosaver = Autosave(self._unsaved_session, self)
        self.autosaver.failed.connect(self._on_autosave_failed)
        stack = self.state.undo_stack
        stack.cleanChanged.connect(self._on_changed)
        stack.indexChanged.connect(self._on_changed)
        self.state.temperature_changed.connect(self._on_changed)
        self.retranslate()

    def file_actions(self) -> list[QAction | None]:
        """Return the File menu's session actions in order; None stands for a separator."""
        recent = self.recent_menu.menuAction()
        return [self.new_action, self.open_action, recent, None, self.save_action,
                self.save_as_action, None, self.importer.action, None]  # fmt: skip

    def _action(self, name: str, key: QKeySequence.StandardKey, slot: Slot) -> QAction:
        action = QAction(self.parent_widget)
        action.setObjectName(name)
        action.setShortcut(key)
        action.triggered.connect(slot)
        return action

    # ------------------------------------------------------------------ state
    @property
    def is_dirty(self) -> bool:
        """True while the session has changes that are not in its file."""
        unsaved_temperature = self._temperature_setting() != self._saved_temperature
        return not self.state.undo_stack.isClean() or unsaved_temperature

    def _temperature_setting(self) -> float | None:
        return None if self.state.follows_sqrt_d_k else self.state.temperature

    def display_name(self) -> str:
        """Return the session file's name, the built-in example's title, or “untitled”.

        An example once edited is no longer the example: “cat eats fish (edited)”, its
        title without what it said about itself (“the lesson's example”, “random 3 tokens”).
        """
        if self.path is not None:
            return self.path.name
        example, loaded_at = self._example_title()
        if not example:
            return self.tr("untitled")
        title = in_current_language(example)
        if self.state.source is not None:  # a model's numbers: edited while no longer its own
            edited = not self.state.is_as_the_model_computes
        else:
            edited = self._edited_since(loaded_at)
        if not edited:
            return title
        return self.tr("{0} (edited)").format(_without_aside(title) or title)

    def _edited_since(self, loaded_at: int) -> bool:
        """Return True once the session differs from what the stack held at ``loaded_at``."""
        stack = self.state.undo_stack
        if stack.index() != loaded_at:
            return True  # undone to before it is another document, named by what it was
        # τ set by the dial without a step yet counts, where the document was made clean
        return stack.cleanIndex() == loaded_at and (
            self._temperature_setting() != self._saved_temperature
        )

    def _example_title(self) -> tuple[dict[str, str], int]:
        """Return the title of what the untitled session was loaded as, and where after.

        The title is language → text; where: the undo stack's index right after the load.
        The last step loading a new document at or before where the undo stack stands, else
        what the history started with. ({}, 0) for an unnamed one (untitled).
        """
        stack = self.state.undo_stack
        for index in range(stack.index() - 1, -1, -1):
            title = self._examples.get(stack.command(index))
            if title is not None:
                return title, index + 1
        return self._example, 0

    def name_example(self, preset: Preset) -> None:
        """Say that the untitled session starts with ``preset``: the title names it.

        The window calls this for the example it starts with; File → New and opening a
        built-in one do it themselves.
        """
        self._example = dict(preset.title)
        self.update_title()

    def load_example(self, name: str) -> bool:
        """Load the built-in example ``name`` as a new, untitled document (the Presets menu).

        See ``load_as_new_document``: it is named after the example, unmodified.
        """
        example = built_in_example(name)
        text = lambda: self.tr("Load {0}").format(in_current_language(example.title) or name)  # noqa: E731
        return self.load_as_new_document(
            lambda: self.state.load_preset(example, text), dict(example.title)
        )

    def load_as_new_document(self, load: Callable[[], bool], title: dict[str, str]) -> bool:
        """Make what ``load`` loads (one undoable step) a new, untitled, unmodified document.

        A built-in example or a sentence through a real model: Save must not write it over
        the session file open before (it did, and asked about "sess_en.json" for a
        sentence), so unsaved changes are settled first and the document is untitled,
        named ``title`` (language → text) while the undo stack stands at that step.
        False if cancelled or not loaded.
        """
        if not self._settle_changes() or not load():
            return False
        stack = self.state.undo_stack
        # forgotten with the steps the stack has let go (undone, then another pushed)
        steps = {stack.command(i) for i in range(stack.count())}
        self._examples = {step: t for step, t in self._examples.items() if step in steps}
        self._examples[stack.command(stack.index() - 1)] = dict(title)
        self.path, self._document = None, None
        self._mark_clean()
        return True

    def session_preset(self) -> Preset:
        """Return what Save writes: the state, plus the title and unknown fields of the file."""
        preset = self.state.to_preset()
        if self._document is None:
            return preset
        doc = self._document
        return dataclasses.replace(
            preset, title=doc.title, description=doc.description, extra=dict(doc.extra)
        )

    def _kept_session(self) -> Preset:
        """Return the session as kept for later (autosave, the next start), with its name.

        An untitled session named after what it was loaded as keeps that name as its title,
        so that it comes back named (it came back as “untitled”).
        """
        preset = self.session_preset()
        title = self._example_title()[0] if self.path is None else {}
        return dataclasses.replace(preset, title=dict(title)) if title else preset

    def _unsaved_session(self) -> Preset | None:
        if not self.is_dirty:
            return None
        preset = self._kept_session()
        origin = str(self.path) if self.path is not None else None
        return dataclasses.replace(preset, extra={**preset.extra, AUTOSAVE_ORIGIN: origin})

    def _on_changed(self, *_: object) -> None:
        if not shiboken6.isValid(self.state.undo_stack):  # the window is being torn down
            return
        self.autosaver.note_change()
        if (self.is_dirty, self.display_name()) != self._shown_title:
            self.update_title()

    def _mark_clean(self) -> None:
        self.state.undo_stack.setClean()
        self._saved_temperature = self._temperature_setting()
        self.autosaver.write()  # nothing unsaved: removes the autosave
        self.update_title()

    def _load_document(self, preset: Preset, path: Path | None, text: str) -> bool:
        """Make ``preset`` the session of ``path``, with a fresh undo history.

        False if the engine refused its numbers (said by ``state.message``; nothing
        changed).
        """
        extra = {k: v for k, v in preset.extra.items() if k != AUTOSAVE_ORIGIN}
        if not self.state.load_preset(preset, text):
            return False
        if preset.pinned is None:  # a session is all of it: no pin in it, none on screen
            self.state.comparison.unpin()
        self.state.clear_history()
        self.path = path
        self._document = dataclasses.replace(preset, extra=extra)
        self._example = {}  # named by new_session and open_path when it is a built-in one
        self._examples = {}
        self._mark_clean()
        return True

    # ------------------------------------------------------------------ File menu
    def new_session(self) -> bool:
        """Start an untitled session from the built-in cat-eats-fish example.

        Unsaved changes are settled first (Save / Discard / Cancel); False if cancelled.
        """
        if not self._settle_changes():
            return False
        lesson = load_preset("cat-eats-fish")
        if self._load_document(lesson, None, self.tr("New session")):
            self.name_example(lesson)
        self._document = None
        return True

    def ask_open(self) -> bool:
        """Ask for a session file and open it, once unsaved changes are settled.

        False if cancelled, or if the file was not opened.
        """
        if not self._settle_changes():
            return False
        name, _ = QFileDialog.getOpenFileName(
            self.parent_widget, self.tr("Open session"), self._folder(), self._file_filter()
        )
        return bool(name) and self.open_path(name)

    def _on_recent_requested(self, path: str) -> None:
        if self._settle_changes():
            self.open_path(path)

    def open_path(self, path: str | Path, warn: bool = True) -> bool:
        """Open a session file; a bad one is explained and changes nothing."""
        path = Path(path)
        try:
            preset = read_preset(path)
        except PresetError as error:
            if warn:
                text = self.tr("{0} was not opened; nothing was changed.\n\n{1}")
                text = text.format(path.name, engine_text(error))
                QMessageBox.warning(self.parent_widget, self.tr("Cannot open the session"), text)
            else:  # at the start: the window shows the lesson's example (see main.py)
                problem = error  # ``error`` is gone after the except clause; the text is not
                self.state.say(lambda: self._not_reopened(path.name, problem))
            if not path.exists():
                self.recent_menu.remove(path)
            return False
        # A built-in preset opens as an untitled copy: Save must not change the lesson.
        built_in = path.resolve().parent == resource_path("presets")
        document = None if built_in else path.resolve()
        if not self._load_document(preset, document, self.tr("Open {0}").format(path.name)):
            return False
        if built_in:
            self.name_example(preset)
            return True
        remove_stale_temporaries(path)  # left by a save that was killed, if any
        self.recent_menu.add(path)
        QSettings().setValue(FOLDER_KEY, str(path.resolve().parent))
        return True

    def save(self) -> bool:
        """Save to the session's file, or ask for one (Save As…) if untitled; True if saved."""
        return self.save_to(self.path) if self.path is not None else self.save_as()

    def save_as(self) -> bool:
        """Ask for a file and save the session there; True if saved.

        A name without a suffix gets ``.json``.
        """
        start = self.path or Path(self._folder()) / self.tr("session.json")
        name, _ = QFileDialog.getSaveFileName(
            self.parent_widget, self.tr("Save session as"), str(start), self._file_filter()
        )
        if not name:
            return False
        path = Path(name)
        return self.save_to(path if path.suffix else path.with_suffix(".json"))

    def save_to(self, path: str | Path) -> bool:
        """Write the session to ``path`` (atomically) and make it the session's file."""
        path = Path(path)
        try:
            write_preset(path, self.session_preset())
        except Exception as error:  # whatever stopped it, the old file is intact: say so
            text = self.tr("{0} could not be written: {1}").format(path, reason_text(error))
            QMessageBox.warning(self.parent_widget, self.tr("Cannot save the session"), text)
            return False
        self.path = path.resolve()
        self._mark_clean()
        self.recent_menu.add(self.path)
        QSettings().setValue(FOLDER_KEY, str(self.path.parent))
        # Good news goes to the status bar; state.message is for problems (shown in red).
        self.news.emit(self.tr("Saved {0}").format(self.path.name))
        return True

    def import_files(self, paths: list[str] | list[Path]) -> bool:
        """Import the matrices in ``paths`` (see ``MatrixImporter.import_files``)."""
        return self.importer.import_files(paths)

    def _settle_changes(self) -> bool:
        """Ask Save / Discard / Cancel if there are unsaved changes; False to stop."""
        if not self.is_dirty:
            return True
        from gui.session import unsaved_question  # a dialog: loaded when first asked

        answer = unsaved_question.ask(self.parent_widget, self.display_name())
        if answer == Button.Save:
            return self.save()
        return answer == Button.Discard

    def _folder(self) -> str:
        """Return where Open and Save As open: the last session's folder, else documents."""
        return str(start_folder(FOLDER_KEY))  # "" opened them in the program's folder

    def _file_filter(self) -> str:
        return self.tr("Attention Lab sessions (*.json);;All files (*)")

    # ------------------------------------------------------------------ start and close
    def start(self, restore_last: bool = True) -> None:
        """At launch: offer to recover a crash's autosave, else reopen the last session."""
        if not self.recover_autosave() and restore_last:
            self.restore_last_session()

    def confirm_close(self) -> bool:
        """Settle unsaved changes before the window closes; False keeps it open.

        The window's closeEvent calls this. An untitled session is kept for the next start
        (unless its changes were discarded); the autosave file is removed and released.
        """
        if not self._settle_changes():
            return False
        discarded = self.is_dirty
        keep = self.path is None and not discarded
        remember_last_session(self.path, self._kept_session() if keep else None)
        self.autosaver.stop()
        self.autosaver.remove()
        self.autosaver.release()
        return True

    def restore_last_session(self) -> bool:
        """Load the session the app was closed with; True if one was loaded.

        That is an untitled one kept in the data folder, else the file it belonged to.
        """
        try:
            last = last_session()
        except PresetError as error:
            problem = error  # ``error`` is gone after the except clause; the text is not
            self.state.say(lambda: self._not_reopened(self.tr("The last session"), problem))
            return False
        if isinstance(last, Path):
            return self.open_path(last, warn=False)
        if last is None or not self._load_document(last, None, self.tr("Restore the last session")):
            return False
        if last.title:  # what it was loaded as (see _kept_session)
            self.name_example(last)
        return True

    def autosave(self) -> bool:
        """Write the autosave file now if there are unsaved changes (the timers call this)."""
        return self.autosaver.write()

    def recover_autosave(self) -> bool:
        """If a crash left an autosave, offer to load it. True if it was recovered."""
        preset = self.autosaver.ask_to_recover(self.parent_widget)
        if preset is None:
            return False
        origin = preset.extra.get(AUTOSAVE_ORIGIN)
        file = Path(origin) if isinstance(origin, str) and origin else None
        if not self._load_document(preset, file, self.tr("Recover the autosaved session")):
            return False
        if file is None and preset.title:  # what it was loaded as (see _kept_session)
            self._example = dict(preset.title)
        self.state.undo_stack.resetClean()  # recovered work is unsaved work
        self.autosaver.write()
        self.update_title()
        return True

    # ------------------------------------------------------------------ texts
    def _not_reopened(self, name: str, error: PresetError) -> str:
        """Say (in the current language) that the last session did not come back, and why."""
        text = self.tr("{0} could not be reopened ({1}); the lesson's example is shown instead")
        return text.format(name, engine_text(error).rstrip("."))

    def update_title(self) -> None:
        """Send the window's title (the file's name, * while unsaved) by ``title_changed``."""
        self._shown_title = (self.is_dirty, self.display_name())
        mark = "*" if self.is_dirty else ""
        title = self.tr("Attention Lab — {0}{1}").format(self.display_name(), mark)
        self.title_changed.emit(title)

    def retranslate(self) -> None:
        """Set the actions' texts, the menus' and the title again in the current language."""
        self.new_action.setText(self.tr("&New"))
        self.open_action.setText(self.tr("&Open…"))
        self.save_action.setText(self.tr("&Save"))
        self.save_as_action.setText(self.tr("Save &As…"))
        self.recent_menu.retranslate()
        self.importer.retranslate()
        self.update_title()

    def _on_autosave_failed(self, error: BaseException) -> None:
        # said again in the new language if still shown after a switch
        self.state.say(lambda: self.tr("Autosave failed: {0}").format(engine_text(error)))
