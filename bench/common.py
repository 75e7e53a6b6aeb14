"""Timing helpers shared by the benchmarks: alternate candidate and floor, take medians."""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def machine() -> dict[str, object]:
    """The machine as the figures need it named: CPU model and clock, cores, the load now.

    Read from /proc where there is one (Linux); elsewhere what the platform module says.
    """
    import platform

    model, mhz = platform.processor() or platform.machine(), 0.0
    try:
        info = Path("/proc/cpuinfo").read_text()
    except OSError:
        info = ""
    clocks = [float(line.split(":")[1]) for line in info.splitlines() if line.startswith("cpu MHz")]
    models = [line.split(":", 1)[1].strip() for line in info.splitlines()
              if line.startswith("model name")]  # fmt: skip
    if models:
        model = models[0]
    if clocks:
        mhz = statistics.mean(clocks)
    return {"cpu": model, "mhz": round(mhz), "cores": os.cpu_count() or 0,
            "load": round(os.getloadavg()[0], 2)}  # fmt: skip


class Machine:
    """The machine named once before the measuring and once after (the load may change)."""

    def __init__(self) -> None:
        self.before = machine()

    def finish(self) -> dict[str, object]:
        """Return the machine, its load before and after (also printed as one line)."""
        after = machine()
        line = {"machine": f"{self.before['cpu']}", "mhz": after["mhz"],
                "cores": after["cores"], "load_before": self.before["load"],
                "load_after": after["load"]}  # fmt: skip
        return line

    def print_line(self) -> None:
        """Print the machine as one JSON line and one readable line."""
        line = self.finish()
        print(json.dumps(line, ensure_ascii=False))
        print(f"# machine: {line['machine']} at {line['mhz']} MHz, {line['cores']} cores, "
              f"load {line['load_before']} before, {line['load_after']} after")  # fmt: skip


def median_seconds(function: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def compare(
    candidate: Callable[[], object], floor: Callable[[], object], rounds: int, repeats: int
) -> tuple[float, float]:
    """Median times of candidate and floor, measured alternately so noise hits both."""
    candidate_times, floor_times = [], []
    candidate(), floor()  # warm caches and lazy imports
    for _ in range(rounds):
        floor_times.append(median_seconds(floor, repeats))
        candidate_times.append(median_seconds(candidate, repeats))
    return statistics.median(candidate_times), statistics.median(floor_times)


def compare_rounds(
    candidate: Callable[[], object], floor: Callable[[], object], rounds: int, repeats: int
) -> dict[str, float]:
    """Candidate and floor timed in turn, ``rounds`` times in the same process: the medians,
    and the spread of the ratio over the rounds (this machine is noisy)."""
    candidate(), floor()  # warm caches and lazy imports
    ratios, candidate_times, floor_times = [], [], []
    for index in range(rounds):
        first, second = (candidate, floor) if index % 2 else (floor, candidate)
        a, b = median_seconds(first, repeats), median_seconds(second, repeats)
        seconds, base = (a, b) if index % 2 else (b, a)
        candidate_times.append(seconds)
        floor_times.append(base)
        ratios.append(seconds / base)
    return {"seconds": statistics.median(candidate_times),
            "floor_seconds": statistics.median(floor_times),
            "ratio": statistics.median(ratios), "ratio_min": min(ratios),
            "ratio_max": max(ratios), "rounds": rounds}  # fmt: skip


def report(rows: list[dict[str, object]], machine: Machine | None = None) -> None:
    """JSON lines first (for machines), then a readable table, then the machine."""
    for row in rows:
        print(json.dumps(row, ensure_ascii=False))
    print()
    print(f"{'benchmark':<34} {'time':>10} {'floor':>10} {'ratio':>7} {'spread':>13} {'goal':>6}")
    for row in rows:
        goal = "—" if row.get("goal") is None else f"{row['goal']}×"
        spread = (f"{row['ratio_min']:.2f}–{row['ratio_max']:.2f}×" if "ratio_min" in row
                  else "")  # fmt: skip
        print(
            f"{row['name']:<34} {row['seconds'] * 1e3:>8.3f}ms {row['floor_seconds'] * 1e3:>8.3f}ms"
            f" {row['ratio']:>6.2f}× {spread:>13} {goal:>6}"
        )
    (machine or STARTED).print_line()


#: the machine as it was when this benchmark's process started (its load before)
STARTED = Machine()
