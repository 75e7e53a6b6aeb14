"""Soak: the dial's play animation running for ten minutes with every view updating, on a
64-token example. Resident memory at the start and the end (goal: growth under 10 MB),
and the warnings seen (goal: none).

Run: python bench/soak.py [--seconds 600]  (offscreen unless a display is set)
"""

from __future__ import annotations

import argparse
import json
import os
import time
import warnings

from common import report  # noqa: F401  (puts the project on sys.path)
from PySide6.QtCore import qInstallMessageHandler
from window import open_window, run_for

from engine import random_preset

#: Printed by Qt's offscreen platform for every dock, whatever the app does.
PLATFORM_NOISE = "This plugin does not support propagateSizeHints()"


def resident_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=600.0)
    seconds = parser.parse_args().seconds
    qt_warnings: list[str] = []
    qInstallMessageHandler(lambda _kind, _context, text: qt_warnings.append(text)
                           if text != PLATFORM_NOISE else None)  # fmt: skip
    _app, window = open_window()  # the application must outlive the measuring
    window.state.load_preset(random_preset(64, 64, 64, seed=0))
    window.state.select_cell("context", 0, 1)
    run_for(1.0)
    with warnings.catch_warnings(record=True) as python_warnings:
        warnings.simplefilter("always")
        window.dial.play()
        run_for(5.0)  # caches and pools settle: the start is measured after them
        start_mb, started = resident_mb(), time.perf_counter()
        window.dial.frames = 0
        samples = [(0.0, start_mb)]
        while time.perf_counter() - started < seconds:
            run_for(min(30.0, seconds - (time.perf_counter() - started)))
            samples.append((time.perf_counter() - started, resident_mb()))
        window.dial.pause()
    frames = window.dial.frames
    end_mb = samples[-1][1]
    row = {"name": f"soak: dial playing {seconds:.0f} s, L=64 d=64",
           "start_mb": start_mb, "end_mb": end_mb, "growth_mb": end_mb - start_mb,
           "peak_mb": max(mb for _, mb in samples), "frames": frames,
           "fps": frames / max(seconds, 1e-9), "qt_warnings": len(qt_warnings),
           "python_warnings": len(python_warnings), "goal_growth_mb": 10}  # fmt: skip
    print(json.dumps(row))
    print()
    print(f"{row['name']}: {start_mb:.1f} MB → {end_mb:.1f} MB ({end_mb - start_mb:+.1f} MB, "
          f"goal < 10), peak {row['peak_mb']:.1f} MB, {frames} frames ({row['fps']:.1f} fps), "
          f"{len(qt_warnings)} Qt and {len(python_warnings)} Python warnings")  # fmt: skip
    for text in sorted(set(qt_warnings))[:5]:
        print("  Qt:", text)
    for warning in python_warnings[:5]:
        print("  Python:", warning.message)
    os._exit(0)  # the scenes are torn down with the process


if __name__ == "__main__":
    main()
