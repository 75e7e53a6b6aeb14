"""Timing helpers shared by the benchmarks: alternate candidate and floor, take medians."""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


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


def report(rows: list[dict[str, object]]) -> None:
    """JSON lines first (for machines), then a readable table."""
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
