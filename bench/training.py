"""Training steps painted per second (issue 29): Train pressed in the window, 1280×720,
the Training tab in front, for 3 s; a step counts once the weights' heatmap has painted it
(its paints, not the steps computed, when fewer). Goal: ≥ 30 a second at 3 tokens, ≥ 10
at 64 (d_k = d_v = 64, each token's goal: itself). Against a floor measured in the same
run, in alternating rounds: bench/animation.py's six bare pyqtgraph views updated every
frame of an animation. Also the engine alone: steps a second with no window.

Run: python bench/training.py [--rounds 3]  (offscreen unless a display is set)
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from dataclasses import replace

from animation import PaintCounter, SixViews
from common import Machine
from window import open_window, run_for

from engine import random_preset
from gui import MainWindow

SECONDS = 3.0
GOALS = {3: 30.0, 64: 10.0}


def painted_steps(window: MainWindow, length: int) -> tuple[float, float]:
    """Return (steps painted a second, steps computed a second) of one 3 s run of Train."""
    state, training = window.state, window.state.training
    state.load_preset(random_preset(length, 64, 64, seed=0))
    training.set_settings(replace(training.settings, goal="itself", rate=0.05, limit=100_000))
    training.reset()
    run_for(0.3)
    heatmap = window.pipeline.heatmaps["weights"]
    counter = PaintCounter()
    heatmap.viewport().installEventFilter(counter)
    started = time.perf_counter()
    training.train()
    run_for(SECONDS)
    training.stop()
    elapsed = time.perf_counter() - started
    heatmap.viewport().removeEventFilter(counter)
    steps = len(training.history)
    return min(steps, counter.count) / elapsed, steps / elapsed


def engine_steps(length: int) -> float:
    """Steps a second of the engine alone (no window), the same goal and numbers."""
    from engine.lesson.compute import Inputs
    from engine.lesson.goals import same_token_goal
    from engine.lesson.training import Objective, train_step

    preset = random_preset(length, 64, 64, seed=0)
    inputs = Inputs({"q": preset.q, "k": preset.k, "v": preset.v})
    objective = Objective(goal=same_token_goal(length))
    count, started = 0, time.perf_counter()
    while time.perf_counter() - started < 1.0:
        inputs = train_step(inputs, objective, learning=("q", "k"), learning_rate=0.05).inputs
        count += 1
    return count / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    machine = Machine()
    _app, window = open_window()
    window.workspace.show_panel("training")
    run_for(0.5)
    rows = []
    for length in GOALS:
        six = SixViews(min(length, 64))
        painted, computed, floors = [], [], []
        for index in range(args.rounds):
            if index % 2 == 0:
                floors.append(six.fps()[0])
            shown, made = painted_steps(window, length)
            painted.append(shown)
            computed.append(made)
            if index % 2 == 1:
                floors.append(six.fps()[0])
        six.deleteLater()
        ratios = [p / f for p, f in zip(painted, floors, strict=True)]
        rows.append((length, statistics.median(painted), min(painted), max(painted),
                     statistics.median(computed), statistics.median(floors),
                     statistics.median(ratios), min(ratios), max(ratios),
                     engine_steps(length)))  # fmt: skip
    head = ("tokens", "steps painted/s (spread)", "computed/s", "floor fps", "ratio (spread)")
    print(f"{head[0]:>6} {head[1]:>26} {head[2]:>10} {head[3]:>9} {head[4]:>18} "
          f"{'goal':>5} {'engine alone/s':>14}")  # fmt: skip
    for length, median, low, high, made, floor, ratio, r_low, r_high, alone in rows:
        spread = f"({r_low:.2f}–{r_high:.2f})"
        print(f"{length:>6} {median:>12.1f} ({low:.1f}–{high:.1f}) {made:>10.1f} {floor:>9.1f} "
              f"{ratio:>8.2f} {spread} {GOALS[length]:>5.0f} {alone:>14.0f}")  # fmt: skip
    print(
        f"# floor: six bare PlotWidgets with an ImageItem each, updated every frame; "
        f"{args.rounds} alternating rounds of {SECONDS:.0f} s; a step between frames (16 ms)"
    )
    machine.print_line()
    os._exit(0)  # closing would ask to save the examples loaded above


if __name__ == "__main__":
    main()
