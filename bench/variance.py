"""The variance experiment: the lesson-default run end to end through the panel's worker
thread against the engine alone in the same run (ratio; goal ≤ 1.2×), and the peak
memory of the largest run (d_k = 4096, 10⁶ samples) against an idle process.

Run: python bench/variance.py [--quick]   (--quick: 10⁵ samples for the large run)
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from common import report

if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication, QEventLoop

from engine import variance_experiment
from gui.variance.runner import ExperimentRunner, ExperimentSettings

ROOT = Path(__file__).resolve().parents[1]
PEAK = """
import resource, sys, time, tracemalloc
sys.path.insert(0, {root!r})
import numpy as np
from engine import variance_experiment
tracemalloc.start()
if {run}:
    seen = []
    start = time.perf_counter()
    variance_experiment(d_ks=(4096,), samples={samples}, progress=seen.append)
    print("seconds", time.perf_counter() - start, "progress_calls", len(seen))
print("traced_peak_kb", tracemalloc.get_traced_memory()[1] / 1024)
print("peak_kb", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def through_worker(runner: ExperimentRunner) -> float:
    loop = QEventLoop()
    runner.finished.connect(loop.quit)
    start = time.perf_counter()
    runner.start(ExperimentSettings((4, 16, 64), 20_000, 8, 20, 0))
    loop.exec()
    runner.finished.disconnect(loop.quit)
    return time.perf_counter() - start


def engine_alone() -> float:
    start = time.perf_counter()
    variance_experiment()
    return time.perf_counter() - start


def peak_memory(samples: int) -> dict[str, float]:
    figures = {}
    for run in (False, True):
        code = PEAK.format(root=str(ROOT), run=run, samples=samples)
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True).stdout.split()  # fmt: skip
        values = dict(zip(out[::2], map(float, out[1::2]), strict=True))
        figures["run" if run else "idle"] = values
    return {
        "samples": samples,
        "seconds": figures["run"]["seconds"],
        "progress_calls": figures["run"]["progress_calls"],
        "peak_mb": figures["run"]["peak_kb"] / 1024,
        "idle_peak_mb": figures["idle"]["peak_kb"] / 1024,
        "extra_mb": (figures["run"]["peak_kb"] - figures["idle"]["peak_kb"]) / 1024,
        "numpy_peak_mb": figures["run"]["traced_peak_kb"] / 1024,  # arrays the run allocated
    }


def main() -> None:
    app = QCoreApplication.instance() or QCoreApplication(sys.argv[:1])
    runner = ExperimentRunner()
    through_worker(runner), engine_alone()  # warm up
    worker_times, engine_times = [], []
    for _ in range(7):
        engine_times.append(engine_alone())
        worker_times.append(through_worker(runner))
    seconds, floor = statistics.median(worker_times), statistics.median(engine_times)
    report([{"name": "lesson experiment via the worker", "seconds": seconds,
             "floor_seconds": floor, "ratio": seconds / floor, "goal": 1.2}])  # fmt: skip
    samples = 100_000 if "--quick" in sys.argv else 1_000_000
    memory = peak_memory(samples)
    print()
    print(json.dumps({"name": "largest run d_k=4096", **memory}))
    print(f"largest run (d_k = 4096, {samples:,} samples): {memory['seconds']:.1f} s, "
          f"{memory['progress_calls']:.0f} progress reports, peak {memory['peak_mb']:.0f} MB "
          f"({memory['extra_mb']:.0f} MB above an idle process; arrays at most "
          f"{memory['numpy_peak_mb']:.0f} MB)")  # fmt: skip
    del app


if __name__ == "__main__":
    main()
