"""Runs the engine's variance experiment off the GUI thread, with progress and cancel.

This module is, with the state object, the only gui module that calls engine/: the
experiment does not depend on what the user edits, so it has its own small owner.
"""

from __future__ import annotations

import threading
import time

from PySide6.QtCore import QObject, QThread, Signal, Slot

from engine import ExperimentCancelled, VarianceResult, variance_experiment
from engine.lesson.variance import check_settings, work_of

PROGRESS_INTERVAL = 0.05  # seconds between progress signals (a big run has thousands of chunks)
#: Random numbers a run draws a second, until one here has measured it: 70 to 117 million
#: on the 2-core machine this was written on (the lesson's run to one of 18 s); the lower
#: end and below, so that a long run is rather announced than not.
FLOATS_PER_SECOND = 50e6
#: A run shorter than this says little of the rate: starting the thread is most of it.
MEASURED_FROM = 1.0  # seconds


class ExperimentSettings:
    """What one run uses; ``check`` raises ValueError with a message for the user."""

    def __init__(self, d_ks: tuple[int, ...], samples: int, candidates: int, trials: int,
                 seed: int) -> None:  # fmt: skip
        self.d_ks, self.samples, self.candidates = d_ks, samples, candidates
        self.trials, self.seed = trials, seed

    @property
    def work(self) -> int:
        """Return how many random numbers the run draws (see ``ExperimentRunner.estimate``)."""
        return work_of(self.d_ks, self.samples, self.candidates, self.trials)

    def check(self) -> None:
        """Raise ValueError, with a message for the user, if the engine would refuse these."""
        check_settings(self.d_ks, self.samples, self.candidates, self.trials, self.seed)


class _Worker(QObject):
    progress = Signal(float)
    finished = Signal(object)  # VarianceResult
    cancelled = Signal()
    failed = Signal(object)  # the ValueError or MemoryError

    def __init__(self, settings: ExperimentSettings, stop: threading.Event) -> None:
        super().__init__()
        self.settings, self.stop = settings, stop
        self._last = 0.0

    def _report(self, fraction: float) -> None:
        now = time.monotonic()
        if now - self._last >= PROGRESS_INTERVAL or fraction >= 1.0:
            self._last = now
            self.progress.emit(fraction)

    @Slot()
    def run(self) -> None:
        s = self.settings
        try:
            result = variance_experiment(
                s.d_ks, s.samples, s.candidates, s.trials, s.seed,
                progress=self._report, cancel=self.stop.is_set,
            )  # fmt: skip
        except ExperimentCancelled:
            self.cancelled.emit()
        except (ValueError, MemoryError) as error:  # said by the panel, in the language
            self.failed.emit(error)
        else:
            self.finished.emit(result)


class ExperimentRunner(QObject):
    """Starts one run at a time in a QThread; re-emits its signals on the GUI thread."""

    progress = Signal(float)
    finished = Signal(object)  # VarianceResult
    cancelled = Signal()
    failed = Signal(object)  # the ValueError or MemoryError
    running_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread: QThread | None = None
        self._worker: _Worker | None = None
        self._stop = threading.Event()
        self.result: VarianceResult | None = None
        self.floats_per_second = FLOATS_PER_SECOND  # then as the last long run measured
        self._started: tuple[float, int] = (0.0, 0)  # when the run started, and its work

    def estimate(self, settings: ExperimentSettings) -> float:
        """Return about how many seconds a run of ``settings`` takes here."""
        return settings.work / self.floats_per_second

    def is_running(self) -> bool:
        """Return True from ``start`` until the run finishes, fails or is cancelled."""
        return self._thread is not None

    def start(self, settings: ExperimentSettings) -> None:
        """Run with checked settings (call ``settings.check()`` first)."""
        if self._thread is not None:
            return
        self._stop = threading.Event()
        self._thread = QThread(self)
        self._worker = _Worker(settings, self._stop)
        self._worker.moveToThread(self._thread)
        self._thread.started.connect(self._worker.run)
        self._worker.progress.connect(self.progress)
        self._worker.finished.connect(self._on_finished)
        self._worker.cancelled.connect(self._on_cancelled)
        self._worker.failed.connect(self._on_failed)
        self._started = (time.monotonic(), settings.work)
        self._thread.start()
        self.running_changed.emit(True)

    def cancel(self) -> None:
        """Ask the run to stop; the engine notices within one chunk."""
        self._stop.set()

    def shutdown(self) -> None:
        """Cancel and wait for the thread (the window is closing)."""
        if self._thread is not None:
            self._stop.set()
            self._thread.quit()
            self._thread.wait(5000)
            self._cleanup()

    def _cleanup(self) -> None:
        thread, worker = self._thread, self._worker
        self._thread = self._worker = None
        if thread is not None:
            thread.quit()
            thread.wait()
            thread.deleteLater()
        if worker is not None:
            worker.deleteLater()
        self.running_changed.emit(False)

    def _on_finished(self, result: VarianceResult) -> None:
        self.result = result
        started, work = self._started
        seconds = time.monotonic() - started
        if seconds >= MEASURED_FROM:
            self.floats_per_second = work / seconds
        self._cleanup()
        self.finished.emit(result)

    def _on_cancelled(self) -> None:
        self._cleanup()
        self.cancelled.emit()

    def _on_failed(self, error: BaseException) -> None:
        self._cleanup()
        self.failed.emit(error)
