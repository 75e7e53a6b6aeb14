"""Frames per second of the temperature dial's play animation: frames *painted* (paints of
the heatmap of A), not values computed, against a floor measured in the same run: six bare
pyqtgraph PlotWidgets with an ImageItem each, in a 1280×720 window, every one given a new
image every frame of an animation. The two are measured in turn, three rounds or more, and
the spread of the ratio over the rounds is printed beside its median, with the machine.

Run: python bench/animation.py [--lengths 3 64 512 2048] [--rounds 3]
(offscreen unless a display is set)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import threading
import time

import numpy as np
import pyqtgraph as pg
from common import Machine
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QVariantAnimation
from PySide6.QtWidgets import QGridLayout, QWidget
from window import open_window, run_for

from gui import MainWindow

SECONDS = 3.0
FLOOR_VIEWS = 6


class PaintCounter(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


class SixViews(QWidget):
    """The floor: six bare PlotWidgets with an ImageItem each, 1280×720, all updated every
    frame of an animation (what a dial repainting six views would cost, at the least)."""

    def __init__(self, tokens: int) -> None:
        super().__init__()
        self.resize(1280, 720)
        grid = QGridLayout(self)
        self.base = np.random.default_rng(0).random((tokens, tokens))
        self.images = [pg.ImageItem(self.base) for _ in range(FLOOR_VIEWS)]
        self.plots = [pg.PlotWidget() for _ in range(FLOOR_VIEWS)]
        for index, (plot, image) in enumerate(zip(self.plots, self.images, strict=True)):
            plot.addItem(image)
            grid.addWidget(plot, index // 3, index % 3)
        self.counters = [PaintCounter() for _ in self.plots]
        for plot, painter in zip(self.plots, self.counters, strict=True):
            plot.viewport().installEventFilter(painter)

    def _frame(self, value: object) -> None:
        image = self.base * float(value)  # type: ignore[arg-type]
        for item in self.images:
            item.setImage(image, levels=(0.0, 1.0))

    def fps(self) -> tuple[float, float]:
        """Frames painted per second by the slowest of the six views; CPU seconds a frame."""
        self.show()
        run_for(0.3)
        animation = QVariantAnimation()
        animation.setStartValue(0.0)
        animation.setEndValue(1.0)
        animation.setDuration(16_000)
        animation.valueChanged.connect(self._frame)
        for painter in self.counters:
            painter.count = 0
        started, cpu = time.perf_counter(), time.process_time()
        animation.start()
        run_for(SECONDS)
        animation.stop()
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
        self.hide()
        frames = min(painter.count for painter in self.counters)
        return frames / elapsed, cpu / max(frames, 1)


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


def dial_fps(window: MainWindow, length: int) -> dict[str, object]:
    """Frames painted per second by the heatmap of A, paints per second of every view, every
    GraphicsView's paints per frame (hidden ones too), values computed per second, and the
    longest wait of an event posted like user input (frames must be dropped, not queued,
    when a frame takes longer than the animation's period)."""
    window.state.load_random(length, 64, 64, seed=0)
    run_for(0.3)
    views = {name: window.findChild(QWidget, name) for name in VIEWS}
    views["weightBars"], views["mixing"] = window.dial.bars.plot, window.mixing.canvas
    painters = {name: PaintCounter() for name in views}
    for name, view in views.items():
        view.viewport().installEventFilter(painters[name])
    every_view = window.findChildren(pg.GraphicsView)
    all_paints = PaintCounter()
    for view in every_view:
        view.viewport().installEventFilter(all_paints)
    knocks = Knocks()
    window.dial.frames = 0
    window.dial.play()
    started = time.perf_counter()
    cpu = time.process_time()
    knocks.start()
    run_for(SECONDS)
    knocks.stop()
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    window.dial.pause()
    for name, view in views.items():
        view.viewport().removeEventFilter(painters[name])
    for view in every_view:
        view.viewport().removeEventFilter(all_paints)
    paints = {name: painter.count / elapsed for name, painter in painters.items()}
    frames = max(painters["weightsHeatmap"].count, 1)
    return {"fps": paints["weightsHeatmap"], "paints_per_s": paints,
            "views_painted_per_frame": all_paints.count / frames,
            "cpu_s_per_frame": cpu / frames,
            "values_computed_per_s": window.dial.frames / elapsed,
            "longest_wait_of_an_input_s": max(knocks.waits, default=0)}  # fmt: skip


def measure(window: MainWindow, length: int, rounds: int) -> dict[str, object]:
    """The dial and the floor in turn, ``rounds`` times (the floor first in every other
    round): medians, and the spread of the ratio over the rounds."""
    floor_tokens = min(length, 64)  # beyond, the goals are frames per second, not a ratio
    six = SixViews(floor_tokens)
    dials: list[dict[str, object]] = []
    floors: list[tuple[float, float]] = []
    for index in range(rounds):
        if index % 2 == 0:
            floors.append(six.fps())
            dials.append(dial_fps(window, length))
        else:
            dials.append(dial_fps(window, length))
            floors.append(six.fps())
    six.deleteLater()
    fps = [float(d["fps"]) for d in dials]  # type: ignore[arg-type]
    ratios = [f / base for f, (base, _) in zip(fps, floors, strict=True)]
    # the CPU a frame costs, against the floor's: a ratio that shows the cost even where
    # both reach the animation's 60 Hz (a fast machine), where frames per second cannot
    cpus = [float(d["cpu_s_per_frame"]) / base for d, (_, base) in zip(dials, floors, strict=True)]  # type: ignore[arg-type]
    floor_cpu = [base for _, base in floors]
    floors_fps = [f for f, _ in floors]
    middle = dials[fps.index(sorted(fps)[len(fps) // 2])]
    return {"name": f"dial animation L={length} d=64", "fps": statistics.median(fps),
            "fps_min": min(fps), "fps_max": max(fps),
            "floor_fps": statistics.median(floors_fps), "floor_min": min(floors_fps),
            "floor_max": max(floors_fps), "floor_cpu_s_per_frame": statistics.median(floor_cpu),
            "cpu_ratio": statistics.median(cpus), "cpu_ratio_min": min(cpus),
            "cpu_ratio_max": max(cpus), "floor": f"{FLOOR_VIEWS} bare PlotWidget+ImageItem "
            f"{floor_tokens}×{floor_tokens}, 1280×720, all updated every frame",
            "ratio": statistics.median(ratios), "ratio_min": min(ratios),
            "ratio_max": max(ratios), "rounds": rounds,
            "goal_fps": "0.9×" if length <= 64 else "30" if length <= 512 else "15",
            "empty_animation_fps": statistics.median(floors_fps),  # run_all's name for the floor
            **{k: v for k, v in middle.items() if k != "fps"}}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", type=int, nargs="*", default=[3, 64, 512, 2048])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    machine = Machine()
    _app, window = open_window()  # the application must outlive the measuring
    run_for(0.5)
    rows = [measure(window, length, args.rounds) for length in args.lengths]
    for row in rows:
        print(json.dumps(row))
    print()
    head = ("benchmark", "fps (spread)", "floor fps (spread)", "ratio (spread)", "goal",
            "views/frame", "worst wait", "CPU/frame vs floor (spread)")  # fmt: skip
    print(f"{head[0]:<26} {head[1]:>18} {head[2]:>19} {head[3]:>18} {head[4]:>5} {head[5]:>11} "
          f"{head[6]:>10}  {head[7]}")  # fmt: skip
    for row in rows:
        print(
            f"{row['name']:<26} {row['fps']:>5.1f} ({row['fps_min']:>4.1f}–{row['fps_max']:<4.1f})"
            f" {row['floor_fps']:>6.1f} ({row['floor_min']:>4.1f}–{row['floor_max']:<4.1f})"
            f" {row['ratio']:>5.2f} ({row['ratio_min']:.2f}–{row['ratio_max']:.2f})"
            f" {row['goal_fps']:>5} {row['views_painted_per_frame']:>11.1f}"
            f" {row['longest_wait_of_an_input_s'] * 1e3:>8.0f}ms"
            f"  {row['cpu_s_per_frame'] * 1e3:.1f} ms vs {row['floor_cpu_s_per_frame'] * 1e3:.1f}"
            f" = {row['cpu_ratio']:.2f}× ({row['cpu_ratio_min']:.2f}–{row['cpu_ratio_max']:.2f})"
        )
    print(
        f"# floor: {FLOOR_VIEWS} bare PlotWidgets with an ImageItem each (L×L, at most 64×64), "
        f"1280×720, all updated every frame; {args.rounds} alternating rounds of {SECONDS:.0f} s"
    )
    machine.print_line()
    os._exit(0)  # closing would ask to save the examples loaded above


if __name__ == "__main__":
    main()
