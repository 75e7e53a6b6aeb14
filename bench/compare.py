"""A comparison's cost (issue 28): the same edit and the same dial play with a pin on and off.

- edit to screen: one Q cell typed into the grid's model, until every view it changed has
  painted and none paints for two frames (bench/edit.py's measure), at L ∈ {3, 64, 512},
  d_k = d_v = 64, with the four steps showing B − A (the costliest choice: four
  subtractions more and diverging scales) against the same edit with no pin, in
  alternating rounds. Goal: at most one 60 Hz frame (16.7 ms) more.
- the dial's play, frames painted per second by A's heatmap (bench/animation.py's
  measure), pinned and showing B − A against no pin, alternating. Goal: at least 0.8×.
- memory: what a pin keeps alive at L = 512 and 2,048, d = 64: A's inputs (copied) and,
  once B has changed, A's computation, which the window would otherwise let go.

Run: python bench/compare.py [--rounds 5]  (offscreen unless a display is set)
"""

from __future__ import annotations

import argparse
import os
import statistics
import tracemalloc

from animation import dial_fps
from common import Machine
from edit import Painted, edit_to_screen, views
from PySide6.QtWidgets import QApplication
from window import open_window, run_for

from engine import random_preset
from engine.lesson.kept_results import computed_bytes
from gui import MainWindow

FRAME = 1 / 60


def set_pin(window: MainWindow, on: bool) -> None:
    """Pin the setting as it is (showing B − A), or unpin."""
    if on:
        window.state.comparison.pin()
        window.state.view.set_compare_shown("difference")
    else:
        window.state.comparison.unpin()
    run_for(0.2)


def edits(window: MainWindow, length: int, rounds: int) -> dict[str, object]:
    """Median edit-to-screen without and with a pin, measured in alternating rounds."""
    window.state.load_preset(random_preset(length, 64, 64, seed=0))
    run_for(0.3)
    painted = Painted(views(window))
    times: dict[bool, list[float]] = {False: [], True: []}
    app = QApplication.instance()
    for index in range(2 * rounds):
        pinned = index % 4 in (1, 2)  # off, on, on, off, …: each order as often
        set_pin(window, pinned)
        edit_to_screen(app, window, painted, "q")  # warm after the switch
        times[pinned].append(
            statistics.median(edit_to_screen(app, window, painted, "q") for _ in range(5))
        )
    set_pin(window, False)
    off, on = statistics.median(times[False]), statistics.median(times[True])
    extra = [b - a for a, b in zip(times[False], times[True], strict=True)]
    return {"name": f"edit Q to screen L={length}", "off_ms": off * 1e3, "on_ms": on * 1e3,
            "extra_ms": (on - off) * 1e3, "extra_min_ms": min(extra) * 1e3,
            "extra_max_ms": max(extra) * 1e3, "within_a_frame": on - off <= FRAME}  # fmt: skip


def dial(window: MainWindow, length: int, rounds: int) -> dict[str, object]:
    """Frames painted per second of the dial's play, pinned (B − A) and not, alternating."""
    fps: dict[bool, list[float]] = {False: [], True: []}
    for index in range(2 * rounds):
        pinned = index % 4 in (1, 2)
        fps[pinned].append(float(_dial_fps_pinned(window, length, pinned)))
    set_pin(window, False)
    off, on = statistics.median(fps[False]), statistics.median(fps[True])
    ratios = [b / a for a, b in zip(fps[False], fps[True], strict=True)]
    return {"name": f"dial play L={length}", "off_fps": off, "on_fps": on, "ratio": on / off,
            "ratio_min": min(ratios), "ratio_max": max(ratios)}  # fmt: skip


def _dial_fps_pinned(window: MainWindow, length: int, pinned: bool) -> float:
    """bench/animation.py's dial_fps (which loads its example), pinned right after the load."""
    state = window.state
    load = state.load_random

    def load_then_pin(*args: int, **named: int) -> bool:
        done = load(*args, **named)
        set_pin(window, pinned)
        return done

    state.load_random = load_then_pin  # type: ignore[method-assign]
    try:
        return float(dial_fps(window, length)["fps"])  # type: ignore[arg-type]
    finally:
        del state.load_random


def memory(window: MainWindow, length: int) -> dict[str, object]:
    """Bytes a pin keeps alive: its copies of A's inputs (traced while the pin is made, the
    steps showing B), A's computation (shared with B's until B moves), and B − A (while
    the steps show it)."""
    state = window.state
    state.view.set_compare_shown("b")
    state.load_preset(random_preset(length, 64, 64, seed=0))
    state.clear_history()  # nothing kept for undo: what stays alive is the pin's own
    run_for(0.2)
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    state.comparison.pin()
    pinned = tracemalloc.take_snapshot()
    tracemalloc.stop()
    traced = sum(stat.size_diff for stat in pinned.compare_to(before, "filename"))
    a = state.comparison.pinned.numbers  # type: ignore[union-attr]
    copies = sum(m.nbytes for m in a.snapshot.matrices.values())
    state.set_cell("q", 0, 0, "0.5")  # B moves: A's computation is A's alone now
    difference = state.comparison.difference
    steps = (
        0
        if difference is None
        else sum(
            getattr(difference, step).nbytes for step in ("scores", "scaled", "weights", "context")
        )
    )
    state.comparison.unpin()
    return {"name": f"pin's memory L={length}", "traced_at_pin_mb": traced / 2**20,
            "inputs_copied_mb": copies / 2**20,
            "computation_kept_mb": computed_bytes(a.computed) / 2**20,
            "difference_mb": steps / 2**20}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--memory-only", action="store_true")
    args = parser.parse_args()
    machine = Machine()
    _app, window = open_window()
    run_for(0.5)
    rows: list[dict[str, object]] = []
    if not args.memory_only:
        rows += [edits(window, length, args.rounds) for length in (3, 64, 512)]
        rows += [dial(window, length, max(args.rounds // 2, 2)) for length in (3, 64, 512)]
    rows += [memory(window, length) for length in (512, 2048)]
    for row in rows:
        print(row)
    print()
    for row in rows:
        if "extra_ms" in row:
            spread = f"{row['extra_min_ms']:+.1f} to {row['extra_max_ms']:+.1f}"
            print(f"{row['name']:<26} no pin {row['off_ms']:6.1f} ms, pinned (B − A) "
                  f"{row['on_ms']:6.1f} ms: +{row['extra_ms']:.1f} ms ({spread}); "
                  "goal ≤ +16.7")  # fmt: skip
        elif "ratio" in row:
            print(f"{row['name']:<26} no pin {row['off_fps']:5.1f} fps, pinned {row['on_fps']:5.1f}"
                  f" fps: {row['ratio']:.2f}× ({row['ratio_min']:.2f}–{row['ratio_max']:.2f});"
                  " goal ≥ 0.8×")  # fmt: skip
        else:
            print(f"{row['name']:<26} at the pin {row['traced_at_pin_mb']:.2f} MB traced "
                  f"(A's inputs: {row['inputs_copied_mb']:.2f} MB); once B moves, A's "
                  f"computation {row['computation_kept_mb']:.1f} MB; B − A while shown "
                  f"{row['difference_mb']:.1f} MB")  # fmt: skip
    dials = max(args.rounds // 2, 2)
    print(f"# {args.rounds} alternating rounds (off, on, on, off …) for the edits, {dials} "
          "for the dial; each figure pinned against not, in the same run")  # fmt: skip
    machine.print_line()
    os._exit(0)  # closing would ask to save the examples loaded above


if __name__ == "__main__":
    main()
