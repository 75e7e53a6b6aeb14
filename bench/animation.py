"""Frames per second of the temperature dial's play animation: frames *painted* by each view
(not values computed), against an animation that repaints one bare view per frame,
measured in the same run.

Run: python bench/animation.py  (offscreen unless a display is set)
"""

from __future__ import annotations

import json
import os
import threading
import time

from common import report  # noqa: F401  (puts the project on sys.path)
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QVariantAnimation
from PySide6.QtWidgets import QWidget
from window import open_window, run_for

from gui import MainWindow

SECONDS = 3.0


class PaintCounter(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def empty_fps() -> float:
    """Frames painted per second by a bare view that an animation updates every frame."""
    import pyqtgraph as pg

    view = pg.GraphicsView()
    view.resize(300, 200)
    view.show()
    painter = PaintCounter()
    view.viewport().installEventFilter(painter)
    animation = QVariantAnimation()
    animation.setStartValue(0.0)
    animation.setEndValue(1.0)
    animation.setDuration(16_000)
    animation.valueChanged.connect(lambda _value: view.viewport().update())
    run_for(0.2)
    painter.count = 0
    animation.start()
    run_for(SECONDS)
    animation.stop()
    view.close()
    return painter.count / SECONDS


class Knocks(QObject):
    """Events posted from another thread every 50 ms, as a mouse or keyboard would post
    them: the longest wait until the GUI thread handles one is how long a click waits."""

    def __init__(self) -> None:
        super().__init__()
        self.waits: list[float] = []
        self._running = False

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.User:
            self.waits.append(time.perf_counter() - self._posted)
            return True
        return super().event(event)

    def _knock(self) -> None:
        while self._running:
            time.sleep(0.05)
            self._posted = time.perf_counter()
            QCoreApplication.postEvent(self, QEvent(QEvent.Type.User))

    def start(self) -> None:
        self._running = True
        self._thread = threading.Thread(target=self._knock, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._running = False
        self._thread.join()


VIEWS = ("scoresHeatmap", "scaledHeatmap", "weightsHeatmap", "contextHeatmap")


def dial_fps(window: MainWindow, length: int) -> tuple[float, dict[str, float], float, float]:
    """Frames painted per second by the heatmap of A, paints per second of every view, values
    computed per second, and the longest wait of an event posted like user input (frames
    must be dropped, not queued, when a frame takes longer than the animation's period)."""
    window.state.load_random(length, 64, 64, seed=0)
    run_for(0.3)
    views = {name: window.findChild(QWidget, name) for name in VIEWS}
    views["weightBars"], views["mixing"] = window.dial.bars.plot, window.mixing.canvas
    painters = {name: PaintCounter() for name in views}
    for name, view in views.items():
        view.viewport().installEventFilter(painters[name])
    knocks = Knocks()
    window.dial.frames = 0
    window.dial.play()
    started = time.perf_counter()
    knocks.start()
    run_for(SECONDS)
    knocks.stop()
    elapsed = time.perf_counter() - started
    window.dial.pause()
    for name, view in views.items():
        view.viewport().removeEventFilter(painters[name])
    paints = {name: painter.count / elapsed for name, painter in painters.items()}
    return (paints["weightsHeatmap"], paints, window.dial.frames / elapsed,
            max(knocks.waits, default=0))  # fmt: skip


def main() -> None:
    _app, window = open_window()  # the application must outlive the measuring
    run_for(0.5)
    floor = empty_fps()
    rows = []
    for length in (3, 64, 512, 2048):
        fps, paints, computed, stall = dial_fps(window, length)
        goal = "0.9×" if length <= 64 else "30" if length <= 512 else "15"
        rows.append({"name": f"dial animation L={length} d=64", "fps": fps,
                     "heatmap_repaints_per_s": fps, "paints_per_s": paints,
                     "values_computed_per_s": computed, "empty_animation_fps": floor,
                     "ratio": fps / floor, "goal_fps": goal,
                     "longest_wait_of_an_input_s": stall})  # fmt: skip
    for row in rows:
        print(json.dumps(row))
    print()
    head = ("benchmark", "fps", "repaints/s", "empty fps", "ratio", "goal", "worst wait")
    print(f"{head[0]:<30} {head[1]:>6} {head[2]:>11} {head[3]:>10} {head[4]:>6} {head[5]:>5} "
          f"{head[6]:>10}")  # fmt: skip
    for row in rows:
        print(
            f"{row['name']:<30} {row['fps']:>6.1f} {row['heatmap_repaints_per_s']:>11.1f} "
            f"{row['empty_animation_fps']:>10.1f} {row['ratio']:>6.2f} {row['goal_fps']:>5} "
            f"{row['longest_wait_of_an_input_s'] * 1e3:>8.0f}ms"
        )
    os._exit(0)  # closing would ask to save the examples loaded above


if __name__ == "__main__":
    main()
