"""The lesson's variance experiment as a panel: why attention divides by √d_k."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer
from PySide6.QtGui import QGuiApplication, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from engine import VarianceResult
from gui.model.numbers import plain_ascii
from gui.support.engine_text import engine_text, reason_text
from gui.support.language import Retranslating
from gui.variance import long_run
from gui.variance.long_run import duration_text
from gui.variance.plots import VariancePlots
from gui.variance.runner import ExperimentRunner, ExperimentSettings
from gui.variance.table import VarianceTableModel

DEFAULTS = {"d_ks": "4, 16, 64", "samples": "20000", "candidates": "8", "trials": "20",
            "seed": "0"}  # fmt: skip
HELD_BELOW = 990  # of 1000: what the bar shows at most until the results are drawn (99 %)


def parse_whole(text: str, name: str) -> int:
    """Read a whole number typed as 20000, 20,000, 20 000 or 1e6; ValueError otherwise.

    The error message, in the chosen language, starts with ``name``: the field's label as
    the user sees it.
    """
    cleaned = re.sub(r"(?<=\d)[,_ ](?=\d{3}\b)", "", plain_ascii(text).strip())
    if re.fullmatch(r"[+-]?\d+", cleaned):
        return int(cleaned)
    if re.fullmatch(r"\d+(\.\d+)?[eE]\+?\d{1,2}", cleaned) and float(cleaned).is_integer():
        return int(float(cleaned))
    if not cleaned:
        said = QCoreApplication.translate("VariancePanel", "{0}: empty; type a whole number")
        raise ValueError(said.format(name))
    said = QCoreApplication.translate("VariancePanel", "{0}: “{1}” is not a whole number")
    raise ValueError(said.format(name, text.strip()))


def failure_text(error: BaseException) -> str:
    """Return why a run failed (the runner's ``failed``), in the current language."""
    if isinstance(error, MemoryError):  # NumPy's says "Unable to allocate 3.05 GiB …"
        return QCoreApplication.translate(
            "ExperimentRunner",
            "Not enough memory for these settings: try fewer candidate keys or smaller d_k values",
        )
    return engine_text(error)


class VariancePanel(Retranslating, QWidget):
    """The variance experiment's panel: settings, Run and Cancel, progress, table and plots.

    The first time it is shown with no result, it runs the lesson's settings, so that the
    table is there when the lesson gets to it.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._status: Callable[[], str] | None = None  # the last run's outcome, as text
        # the refusal or failure shown, as a way to write it: said again after a switch
        self._said: Callable[[], str] | None = None
        self.setObjectName("varianceExperiment")
        self.runner = ExperimentRunner(self)
        self.fields = {key: QLineEdit(value, self) for key, value in DEFAULTS.items()}
        self.defaults_button = QPushButton(self)
        self.run_button = QPushButton(self)
        self.run_button.setObjectName("runExperiment")
        self.cancel_button = QPushButton(self)
        self.cancel_button.setObjectName("cancelExperiment")
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 1000)
        self.progress.setValue(0)
        self.time_left = QLabel(self)
        self.message = QLabel(self)
        self.message.setObjectName("experimentMessage")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #b00020;")
        self.model = VarianceTableModel(self)
        self.table = QTableView(self)
        self.table.setObjectName("varianceTable")
        self.table.setModel(self.model)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.verticalHeader().hide()
        self.copy_button = QPushButton(self)
        self.save_button = QPushButton(self)
        self.histogram_label = QLabel(self)
        self.field_labels = {key: QLabel(self) for key in DEFAULTS}
        self.histogram_choice = QComboBox(self)
        self.plots = VariancePlots(self)
        self.caption = QLabel(self)
        self.caption.setWordWrap(True)
        self._layout()
        self._started = 0.0
        self._shown_once = False

        self.defaults_button.clicked.connect(self.restore_defaults)
        self.run_button.clicked.connect(self.run)
        self.cancel_button.clicked.connect(self.runner.cancel)
        self.copy_button.clicked.connect(self.copy_table)
        self.save_button.clicked.connect(self._on_save_clicked)
        self.histogram_choice.currentTextChanged.connect(self._on_histogram_chosen)
        self.runner.progress.connect(self._on_progress)
        self.runner.finished.connect(self._on_finished)
        self.runner.cancelled.connect(self._on_cancelled)
        self.runner.failed.connect(lambda error: self._say(lambda: failure_text(error)))
        self.runner.running_changed.connect(self._on_running_changed)
        self._on_running_changed(False)
        self.retranslate()

    def retranslate(self) -> None:
        """Set every label, tooltip and button again, the plots' titles and the caption."""
        texts = {"d_ks": self.tr("d_k values"), "samples": self.tr("samples per d_k"),
                 "candidates": self.tr("candidate keys"), "trials": self.tr("trials"),
                 "seed": self.tr("random seed")}  # fmt: skip
        for key, label in self.field_labels.items():
            label.setText(texts[key])
        self.fields["d_ks"].setToolTip(self.tr("Positive whole numbers up to 4096, e.g. 4, 16, 64"))
        self.defaults_button.setText(self.tr("Lesson defaults"))
        self.run_button.setText(self.tr("Run"))
        self.cancel_button.setText(self.tr("Cancel"))
        self.copy_button.setText(self.tr("Copy table"))
        self.save_button.setText(self.tr("Save CSV…"))
        self.histogram_label.setText(self.tr("histogram of d_k"))
        self.plots.retranslate()
        if self.runner.result is not None:
            self._update_caption(self.runner.result)
        if self._status is not None:  # "done in 1.0 s" follows the language too
            self.time_left.setText(self._status())
        if self._said is not None:  # and a refusal shown ("Not run: …" stayed in English)
            self.message.setText(self._said())

    def _say(self, text: Callable[[], str] | None) -> None:
        """Show ``text()`` under the buttons (None: nothing), and again after a switch."""
        self._said = text
        self.message.setText(text() if text is not None else "")

    def _layout(self) -> None:
        form = QFormLayout()
        for key, field in self.fields.items():
            form.addRow(self.field_labels[key], field)
        buttons = QHBoxLayout()
        for button in (self.defaults_button, self.run_button, self.cancel_button):
            buttons.addWidget(button)
        table_buttons = QHBoxLayout()
        table_buttons.addWidget(self.copy_button)
        table_buttons.addWidget(self.save_button)
        table_buttons.addWidget(self.histogram_label)
        table_buttons.addWidget(self.histogram_choice)
        left = QWidget(self)
        column = QVBoxLayout(left)
        column.addLayout(form)
        column.addLayout(buttons)
        column.addWidget(self.progress)
        column.addWidget(self.time_left)
        column.addWidget(self.message)
        column.addWidget(self.table, 1)
        column.addLayout(table_buttons)
        right = QWidget(self)
        plots = QVBoxLayout(right)
        plots.setContentsMargins(0, 0, 0, 0)
        plots.addWidget(self.plots, 1)
        plots.addWidget(self.caption)
        splitter = QSplitter(self)
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([420, 800])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)

    # ------------------------------------------------------------------ actions
    def histogram_d_k(self) -> int | None:
        """Return the d_k whose histogram is shown, or None before the first result."""
        chosen = self.histogram_choice.currentText()
        return int(chosen) if chosen.isdigit() else None

    def settings(self) -> ExperimentSettings:
        """Return the typed settings, checked; ValueError says what is wrong."""
        return self._checked({key: field.text() for key, field in self.fields.items()})

    def _checked(self, typed: dict[str, str]) -> ExperimentSettings:
        """Return the settings ``typed`` (field → text), checked, as ``settings``."""
        text = typed["d_ks"]
        # "4，16" or "4、16" as a Chinese input method types them, as "4, 16"
        parts = [p for p in re.split(r"[,;\s、]+", plain_ascii(text).strip()) if p]
        if not parts:
            raise ValueError(self.tr("give at least one d_k value"))
        label = {key: text.text() for key, text in self.field_labels.items()}  # as seen
        d_ks = tuple(parse_whole(p, label["d_ks"]) for p in parts)
        numbers = {key: parse_whole(typed[key], label[key])
                   for key in ("samples", "candidates", "trials", "seed")}  # fmt: skip
        settings = ExperimentSettings(d_ks, **numbers)
        settings.check()
        return settings

    @property
    def result(self) -> VarianceResult | None:
        """Return the last run's result, or None before one has finished."""
        return self.runner.result

    def run_and_wait(self, timeout_ms: int) -> bool:
        """Run with the typed settings unless there is a result, and wait for it.

        The event loop turns meanwhile. Returns True when there is a result to draw;
        False when the settings were refused, the run failed or was cancelled, or it took
        longer than ``timeout_ms``.
        """
        runner = self.runner
        if runner.result is not None:
            return True
        loop = QEventLoop()
        timer = QTimer(loop)
        timer.setSingleShot(True)
        timer.timeout.connect(loop.quit)
        for signal in (runner.finished, runner.failed, runner.cancelled):
            signal.connect(loop.quit)
        if runner.is_running() or self.run():
            timer.start(timeout_ms)
            loop.exec()
        return runner.result is not None

    def run(self) -> bool:
        """Start a run with the typed settings; a bad entry is refused with a message."""
        if self.runner.is_running():
            return False
        typed = {key: field.text() for key, field in self.fields.items()}
        try:
            settings = self._checked(typed)
        except ValueError:
            self._say(lambda: self.tr("Not run: {0}").format(self._refusal(typed)))
            return False
        self._say(None)
        seconds = self.runner.estimate(settings)  # asked before hours of work, not after
        if seconds > long_run.ASK_ABOVE and not long_run.ask(self, seconds, settings.work):
            return False
        self._started = time.monotonic()
        self.progress.setValue(0)
        self.runner.start(settings)
        return True

    def _refusal(self, typed: dict[str, str]) -> str:
        """Return why the settings ``typed`` are refused, in the current language."""
        try:
            self._checked(typed)
        except ValueError as error:
            return engine_text(error)
        return ""  # not refused (cannot happen: the same texts were refused before)

    def restore_defaults(self) -> None:
        """Put the lesson's settings back in the fields (nothing is run)."""
        for key, value in DEFAULTS.items():
            self.fields[key].setText(value)

    def copy_table(self) -> None:
        """Copy the table to the clipboard, tab-separated at two decimals for a spreadsheet."""
        QGuiApplication.clipboard().setText(self.model.as_text())

    def save_table(self, path: str) -> bool:
        """Save the table to ``path`` as CSV at full precision.

        Returns False, and says why under the buttons, if the file cannot be written.
        """
        try:
            self.model.save_csv(path)
        except OSError as error:
            problem = error  # ``error`` is gone after the except clause
            self._say(lambda: self.tr("Could not save {0}: {1}").format(path, reason_text(problem)))
            return False
        return True

    def shutdown(self) -> None:
        """Cancel a run and wait for its thread (the window is closing)."""
        self.runner.shutdown()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        """Run the lesson's settings the first time the panel is shown, if there is no result."""
        super().showEvent(event)
        if self.runner.result is None and not self.runner.is_running() and not self._shown_once:
            self._shown_once = True
            self.run()  # the lesson's table, the first time the panel is opened

    # ------------------------------------------------------------------ slots
    def _on_save_clicked(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save the table"),
                                              "variance.csv", "CSV (*.csv)")  # fmt: skip
        if path:
            self.save_table(path)

    def _on_progress(self, fraction: float) -> None:
        # Held below 100 % until the results are drawn (_on_finished): the last numbers
        # drawn are not yet a table, and "100 %" stood beside empty plots while they were.
        self.progress.setValue(min(round(fraction * 1000), HELD_BELOW))
        elapsed = time.monotonic() - self._started
        if 0 < fraction < 1 and elapsed > 0.3:
            left = elapsed * (1 - fraction) / fraction  # never "about 0 s left": see duration
            self.time_left.setText(self.tr("about {0} left").format(duration_text(left)))

    def _on_finished(self, result: VarianceResult) -> None:
        seconds = time.monotonic() - self._started
        self.model.set_rows(list(result.rows))
        choice = self.histogram_choice.currentText()
        self.histogram_choice.blockSignals(True)
        self.histogram_choice.clear()
        self.histogram_choice.addItems([str(row.d_k) for row in result.rows])
        if choice in [str(row.d_k) for row in result.rows]:
            self.histogram_choice.setCurrentText(choice)
        else:
            self.histogram_choice.setCurrentIndex(len(result.rows) - 1)
        self.histogram_choice.blockSignals(False)
        self.plots.show_result(result, int(self.histogram_choice.currentText()))
        self._update_caption(result)
        self.progress.setValue(1000)  # the plots drawn: done, in the same paint as they are
        self._status = lambda: self.tr("done in {0:.1f} s").format(seconds)
        self.time_left.setText(self._status())

    def _on_cancelled(self) -> None:
        self.progress.setValue(0)
        self._status = lambda: self.tr("cancelled: the previous results stay")
        self.time_left.setText(self._status())

    def _on_running_changed(self, running: bool) -> None:
        self.run_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        self.defaults_button.setEnabled(not running)

    def _on_histogram_chosen(self, text: str) -> None:
        if text:
            self.plots.show_histogram(int(text))

    def _update_caption(self, result: VarianceResult) -> None:
        last = result.rows[-1]
        self.caption.setText(
            self.tr(
                "The spread of q·k follows √d_k (measured {0:.2f} at d_k = {1}, √d_k = {2:.2f}). "
                "Unscaled, softmax collapses toward one winner as d_k grows (largest weight "
                "{3:.2f}) and its gradient shrinks to {4:.2f}: the prelude to the gradient being "
                "cut off. Divided by √d_k the spread stays that of d_k = 1, the largest weight "
                "stays near {5:.2f} and the gradient stays {6:.2f}."
            ).format(
                last.std,
                last.d_k,
                last.sqrt_d_k,
                last.max_weight_unscaled,
                last.gradient_unscaled,
                last.max_weight_scaled,
                last.gradient_scaled,
            )
        )
