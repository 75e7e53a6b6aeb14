"""File → Import matrices…: new inputs from files, as one undoable step.

Q, K, V (or X and the W's) from CSV, .npy or .npz files. The reading and checking is
engine.formats.importing's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from gui.model.state import AttentionState
from gui.support.engine_text import engine_text
from gui.support.settings import start_folder

FOLDER_KEY = "import/folder"


class MatrixImporter(QObject):
    """The Import matrices… action and what it does; ``news`` says what was imported."""

    news = Signal(str)

    def __init__(self, state: AttentionState, parent: QWidget) -> None:
        super().__init__(parent)
        self.state, self.parent_widget = state, parent
        self.action = QAction(parent)
        self.action.setObjectName("importMatricesAction")
        self.action.triggered.connect(self.ask)
        self.retranslate()

    def retranslate(self) -> None:
        """Set the action's texts in the current language."""
        self.action.setText(self.tr("&Import matrices…"))
        tip = self.tr("Q, K, V (or X, W_q, W_k, W_v) from CSV files named q.csv, k.csv …, "
                      "NumPy .npy files, or one .npz archive")  # fmt: skip
        self.action.setStatusTip(tip)

    def ask(self) -> None:
        """Ask for the files to import, then import them."""
        folder = str(start_folder(FOLDER_KEY))
        paths, _ = QFileDialog.getOpenFileNames(
            self.parent_widget,
            self.tr("Import matrices"),
            folder,
            self.tr("Matrices (*.csv *.tsv *.txt *.npy *.npz);;All files (*)"),
        )
        if paths:
            QSettings().setValue(FOLDER_KEY, str(Path(paths[0]).parent))
            self.import_files(paths)

    def import_files(self, paths: Sequence[str | Path]) -> bool:
        """Replace the inputs by the matrices in ``paths``, as one undoable step.

        On any problem say what it is and change nothing. τ returns to √d_k; the mask switch
        and display are kept.
        """
        from engine.formats.importing import import_preset  # loaded when first used, not at start
        from gui.support.background import Cancelled, run_in_background

        names = ", ".join(Path(p).name for p in paths)
        try:  # a large archive takes seconds to read: the window stays responsive meanwhile
            preset = run_in_background(
                lambda: import_preset(paths), self.parent_widget, self.tr("Import matrices"),
                self.tr("Reading {0}…").format(names),
            )  # fmt: skip
        except Cancelled:
            self.news.emit(self.tr("Import cancelled: nothing was imported"))
            return False
        except ValueError as error:
            problem = error  # ``error`` is gone after the except clause
            said: Callable[[], str] = lambda: self.tr(  # noqa: E731
                "Nothing was imported.\n\n{0}"
            ).format(engine_text(problem))
            # the line above the grids says the newest problem: an older refusal (a token's
            # name, say) stayed there beside this one's dialog, as if it were about it
            self.state.say(lambda: said().replace("\n\n", " "))
            QMessageBox.warning(self.parent_widget, self.tr("Cannot import"), said())
            return False
        state = self.state
        preset = dataclasses.replace(
            preset,
            causal=state.causal,
            selected_token=min(state.selected_token, len(preset.tokens) - 1),
            view=state.to_preset().view,  # colour maps, precision: the display stays
        )
        if not state.load_preset(preset, lambda: self.tr("Import {0}").format(names)):
            return False  # the engine refused the numbers: state.message said why
        text = self.tr("Imported {0}: {1} tokens, d_k = {2}, d_v = {3}").format(
            names, len(preset.tokens), preset.q.shape[1], preset.v.shape[1]
        )
        self.news.emit(text)  # news, not a problem (state.message is for those)
        return True
