"""Export all with the window responsive: a progress dialog, Cancel, and a worker thread.

Qt draws scenes on the GUI thread only, so each figure is drawn there in its own turn of
the event loop (at most 150 ms each, measured at 2,048 tokens). The matrices' text (CSV
and JSON: 26 s at 2,048 tokens) is made by a worker thread from a snapshot of the result
taken at the start, while the figures are drawn; the files are written by a worker too.
The dialog is modal to the window, so nothing changes under the export.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from itertools import chain
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QCoreApplication, QEventLoop, Qt, QTimer
from PySide6.QtWidgets import QProgressDialog

from engine import AttentionResult, Preset
from engine.formats.head_source import HeadSource
from engine.lesson.multi_head import MultiHeadResult
from gui.export.compared_matrices import (
    pinned_csv_count,
    pinned_csv_files,
    pinned_json,
    pinned_matrices,
)
from gui.export.figures import AnyFigure, check_scale
from gui.export.files import (
    JSON_FILE,
    check_formats,
    ensure_variance_result,
    window_figures,
    write_export,
)
from gui.export.formats import FIGURE_FORMATS
from gui.export.host import ExportHost
from gui.export.matrices import csv_count, csv_files, matrices_json
from gui.export.render import render_figure
from gui.export.training_export import TRAINING_FILE, training_json
from gui.support.background import Worker

T = TypeVar("T")
POLL_MS = 30  # how often the dialog looks at the worker
SWITCH_SECONDS = 0.001  # how long each thread may keep the interpreter at a time


@dataclass(frozen=True)
class MatricesSnapshot:
    """What the matrices' files are made of, as it was when the export started."""

    result: AttentionResult
    tokens: tuple[str, ...]
    causal: bool
    precision: int
    heads_result: MultiHeadResult | None = None  # every head, with more than one
    selected_head: int = 0
    source: HeadSource | None = None  # the real model's head the numbers came from
    is_the_models: bool = False  # its tokens, Q, K and V still the model's own


class Cancelled(Exception):
    """The person pressed Cancel."""


class ExportRun:
    """One Export all: :meth:`render` makes every file's bytes, :meth:`write` writes them."""

    def __init__(self, host: ExportHost, formats: tuple[str, ...], scale: float,
                 captions: bool = True) -> None:  # fmt: skip
        self.host = host
        self.formats = check_formats(formats)
        check_scale(scale)
        self.scale = scale
        self.captions = captions  # each figure's title, row and legend drawn with it
        self._stop = threading.Event()
        self.dialog = QProgressDialog(host.dialog_parent())
        self.dialog.setObjectName("exportProgress")
        self.dialog.setWindowTitle(QCoreApplication.translate("ExportProgress", "Export all"))
        self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.dialog.setMinimumDuration(0)
        self.dialog.setMinimumWidth(420)  # the longest file names fit
        self.dialog.setAutoClose(False)
        self.dialog.setAutoReset(False)
        self.dialog.canceled.connect(self._stop.set)

    def render(self) -> dict[str, bytes] | None:
        """Return file name → bytes of every file, in the order of ``export_all_files``.

        None when cancelled. Figures are drawn on the GUI thread, one per turn of the event
        loop, while a worker makes the matrices' text.
        """
        figure_formats = [f for f in FIGURE_FORMATS if f in self.formats]
        self.dialog.show()  # modal from the start: nothing may change under the export
        if figure_formats and self.host.experiment().result is None:
            self.dialog.setLabelText(
                QCoreApplication.translate(
                    "ExportProgress", "Running the experiment for its plots…"
                )
            )
            ensure_variance_result(self.host)
        state = self.host.state
        snapshot = MatricesSnapshot(state.result, tuple(state.tokens), state.causal,
                                    state.precision, state.heads_result,
                                    state.selected_head, state.source,
                                    state.is_the_models)  # fmt: skip
        pinned = pinned_matrices(state)  # A's matrices and B − A, taken now, written later
        data: dict[str, bytes] = {}
        trained: dict[str, bytes] = {}  # the training's numbers: a few kB, made now
        if "json" in self.formats and state.training.history:
            trained[TRAINING_FILE] = training_json(state)
        # tokens.csv and one file per matrix (A's and B − A's too), then matrices.json
        csv_files_count = csv_count(snapshot) + pinned_csv_count(pinned)
        data_steps = ("csv" in self.formats) * csv_files_count + ("json" in self.formats)
        made = [0]  # data files made by the worker

        def make_data() -> bool:
            if "csv" in self.formats:
                compared = () if pinned is None else pinned_csv_files(pinned, snapshot.tokens)
                for name, contents in chain(csv_files(snapshot), compared):  # made when asked
                    data[name] = contents
                    made[0] += 1
                    self._check()
            if "json" in self.formats:
                self._check()
                more = [] if pinned is None else pinned_json(pinned)
                data[JSON_FILE] = matrices_json(snapshot, more)
                made[0] += 1
            return True

        figures_done: dict[str, bytes] = {}
        drawn: AbstractContextManager[list[AnyFigure]] = (
            window_figures(self.host, captions=self.captions) if figure_formats else nullcontext([])
        )
        with drawn as figures:
            jobs = [(figure, fmt) for figure in figures for fmt in figure_formats]
            total = len(jobs) + data_steps
            self.dialog.setRange(0, max(total, 1))

            def step() -> str | None:
                """Draw the next figure; its name, or None when all are drawn."""
                if not jobs:
                    return None
                figure, fmt = jobs.pop(0)
                name = f"{figure.name}.{fmt}"
                figures_done[name] = render_figure(figure, fmt, self.scale)
                return name

            def progress() -> tuple[int, str]:
                # one count for the text and the bar: the text counted the figures only
                # ("5 of 33") while the bar counted the matrices' files too (49 %)
                done = len(figures_done) + made[0]
                if jobs:
                    name = f"{jobs[0][0].name}.{jobs[0][1]}"
                    text = QCoreApplication.translate(
                        "ExportProgress", "Drawing {0}… ({1} of {2} files made)"
                    )
                    return done, text.format(name, done, total)
                text = QCoreApplication.translate(
                    "ExportProgress", "Writing the matrices as text… ({0} of {1} files made)"
                )
                return done, text.format(done, total)

            finished = self._in_worker(make_data, step, progress)
        self.dialog.reset()  # stops its timer too, which would show it again later
        self.dialog.hide()  # out of the way of a question about files already there
        if finished is None:
            return None
        return {**figures_done, **data, **trained}

    def write(self, folder: Path, files: dict[str, bytes], session: Preset) -> list[Path]:
        """Write the files (all or nothing, see ``write_export``) from a worker thread."""
        self.dialog.setCancelButton(None)  # half-way, stopping would leave a mess
        self.dialog.setRange(0, 0)
        text = QCoreApplication.translate("ExportProgress", "Writing {0} files…")
        self.dialog.setLabelText(text.format(len(files) + 1))
        self.dialog.show()
        written = self._in_worker(
            lambda: write_export(folder, files, session),
            None,
            lambda: (0, self.dialog.labelText()),
            cancellable=False,
        )
        self.dialog.close()
        return written  # type: ignore[return-value]  # not cancellable: never None

    def close(self) -> None:
        """Close the progress dialog and let Qt delete it (one dialog per export)."""
        self.dialog.close()
        self.dialog.deleteLater()  # one dialog per export, not one more child each time

    def _check(self) -> None:
        if self._stop.is_set():
            raise Cancelled

    def _in_worker(
        self,
        work: Callable[[], T],
        step: Callable[[], str | None] | None,
        progress: Callable[[], tuple[int, str]],
        cancellable: bool = True,
    ) -> T | None:
        """Run ``work`` in a thread while the event loop turns.

        In each turn do one ``step`` on this thread until it returns None. Returns
        ``work``'s result, None if cancelled (at once: a worker still busy finishes on its
        own and is forgotten); re-raises its error.
        """
        outcome: dict[str, BaseException] = {}
        self.dialog.setLabelText(progress()[1])
        worker = Worker(work, "export")
        loop = QEventLoop()
        stepping = [step is not None]
        stop = self._stop if cancellable else threading.Event()  # never set

        def turn() -> None:
            try:
                advance()
            except BaseException as error:  # a figure that cannot be drawn: stop, and say
                outcome["drawing"] = error
                loop.quit()

        def advance() -> None:
            if cancellable and self.dialog.wasCanceled():  # its button, Esc, or closed
                self._stop.set()
            if stepping[0] and not stop.is_set():
                assert step is not None
                stepping[0] = step() is not None
            done, text = progress()
            self.dialog.setLabelText(text)
            if self.dialog.maximum():
                self.dialog.setValue(min(done, self.dialog.maximum() - 1))
            if stop.is_set() or not (worker.is_alive() or stepping[0]):
                loop.quit()
            else:
                QTimer.singleShot(0 if stepping[0] else POLL_MS, turn)

        QTimer.singleShot(0, turn)
        interval = sys.getswitchinterval()
        # The worker is Python too, and a thread waiting for the interpreter waits out
        # the other's whole turn: at the default 5 ms, painting (many calls back and forth
        # between Qt and Python) slowed to a crawl; at 1 ms the window keeps up.
        sys.setswitchinterval(SWITCH_SECONDS)
        try:
            loop.exec()
        finally:
            sys.setswitchinterval(interval)
        if "drawing" in outcome:  # the worker, if still busy, finishes on its own
            raise outcome["drawing"]
        if stop.is_set():
            return None
        return worker.result()
