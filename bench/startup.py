"""Start-up: `python main.py --smoke` (window open on the default preset, first paint done)
against a minimal pyqtgraph window (one PlotWidget with one ImageItem) started the same
way; alternating runs, medians and the ratio. Also the resident memory of each.

Python keeps its compiled modules (``__pycache__``) from the first start on, so the goal
is measured so: a warm-up run of each writes them. The app's own modules are then
measured once more without them (PYTHONDONTWRITEBYTECODE, which this sandbox sets), as
the very first start after installing; the floor's libraries were compiled when pip
installed them either way.

Run: python bench/startup.py
"""

from __future__ import annotations

import contextlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from common import Machine

ROOT = Path(__file__).resolve().parents[1]
RUNS = 7  # alternating runs of each: the app first in every other one
FLOOR = """
import time
START = time.perf_counter()
import resource, sys
import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
window = pg.PlotWidget()
window.addItem(pg.ImageItem(np.random.default_rng(0).random((3, 3))))
class Painted(pg.QtCore.QObject):
    def eventFilter(self, watched, event):
        if event.type() == pg.QtCore.QEvent.Type.Paint:
            app.exit(0)
        return False
painted = Painted()
window.viewport().installEventFilter(painted)  # a QGraphicsView paints its viewport
window.show()
app.exec()
print(f"first paint after {(time.perf_counter() - START) * 1000:.0f} ms")
"""

#: The app with a 2,048-token session read from a file and drawn (d_k = d_v = 64).
LOADED = """
import os, sys, tempfile
sys.path.insert(0, os.getcwd())
import pyqtgraph as pg
from PySide6.QtWidgets import QApplication
from engine import random_preset, read_preset, write_preset
from gui import MainWindow, install_fonts
from gui.support.malloc_tuning import reuse_freed_memory
reuse_freed_memory()  # as main.py does
pg.setConfigOptions(antialias=True, imageAxisOrder="row-major")
app = QApplication(sys.argv[:1])
install_fonts(app)
window = MainWindow()
window.show()
with tempfile.TemporaryDirectory() as folder:
    path = os.path.join(folder, "session.json")
    write_preset(path, random_preset(2048, 64, 64, seed=0))
    window.state.load_preset(read_preset(path))
for _ in range(20):
    app.processEvents()
window.grab()
os._exit(0)
"""


def timed(command: list[str], compiled: bool = True) -> tuple[float, float]:
    """Wall time of the whole process (launch to exit) and its own reported first paint;
    ``compiled``: Python may keep compiled modules, as it does unless told otherwise."""
    env = dict(os.environ)
    if compiled:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    if not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
        env["QT_QPA_PLATFORM"] = "offscreen"
    with contextlib.ExitStack() as aside:
        if not compiled:  # the app's compiled modules moved away for this run
            # every package's, nested ones too (engine/lesson/, gui/views/, ...); not .venv's
            caches = [
                c
                for p in ("engine", "gui", "resources")
                for c in ROOT.joinpath(p).rglob("__pycache__")
            ]
            for cache in caches:
                moved = cache.parent / "__pycache__.bench"
                cache.rename(moved)
                aside.callback(moved.rename, cache)
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=True,
                              cwd=ROOT)  # fmt: skip
        wall = time.perf_counter() - start
    painted = float(done.stdout.split("first paint after ")[1].split(" ms")[0]) / 1000
    return wall, painted


def peak_rss_mb(command: list[str]) -> float:
    code = (
        "import resource, subprocess, sys, os\n"
        f"subprocess.run({command!r}, check=True, capture_output=True, cwd={str(ROOT)!r})\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env).stdout  # fmt: skip
    return int(out.strip()) / 1024


def main() -> None:
    app = [sys.executable, str(ROOT / "main.py"), "--smoke"]
    floor = [sys.executable, "-c", FLOOR]
    results: dict[str, list[tuple[float, float]]] = {"app": [], "floor": [], "first": []}
    machine = Machine()
    timed(app), timed(floor)  # warm the file cache and write the compiled modules
    for run in range(RUNS):
        if run % 2:
            results["app"].append(timed(app))
            results["floor"].append(timed(floor))
        else:
            results["floor"].append(timed(floor))
            results["app"].append(timed(app))
        results["first"].append(timed(app, compiled=False))
    rows = []
    for index, what in ((1, "first paint"), (0, "process start to exit")):
        app_s = statistics.median(r[index] for r in results["app"])
        floor_s = statistics.median(r[index] for r in results["floor"])
        runs = [r[index] for r in results["app"]]
        ratios = [
            a[index] / f[index] for a, f in zip(results["app"], results["floor"], strict=True)
        ]
        rows.append({"name": f"start-up, {what}", "seconds": app_s, "floor_seconds": floor_s,
                     "ratio": statistics.median(ratios), "ratio_min": min(ratios),
                     "ratio_max": max(ratios), "min_seconds": min(runs),
                     "max_seconds": max(runs), "rounds": RUNS, "goal": 1.3})  # fmt: skip
    first_s = statistics.median(r[1] for r in results["first"])
    floor_s = statistics.median(r[1] for r in results["floor"])
    rows.append({"name": "start-up, first paint, app not yet compiled",
                 "seconds": first_s, "floor_seconds": floor_s, "ratio": first_s / floor_s,
                 "goal": None})  # fmt: skip
    app_mb, floor_mb = peak_rss_mb(app), peak_rss_mb(floor)
    rows.append({"name": "resident memory after start-up (MB)", "seconds": app_mb,
                 "floor_seconds": floor_mb, "ratio": app_mb / floor_mb, "goal": 1.3})  # fmt: skip
    loaded_mb = peak_rss_mb([sys.executable, "-c", LOADED])
    rows.append({"name": "memory, 2,048-token session (MB)", "seconds": loaded_mb,
                 "floor_seconds": floor_mb, "ratio": loaded_mb / floor_mb,
                 "goal": None})  # fmt: skip
    for row in rows:
        print(json.dumps(row))
    print()
    print(f"{'benchmark':<44} {'app':>9} {'floor':>9} {'ratio':>7} {'spread':>13}")
    for row in rows:
        goal = "" if row["goal"] is None else f"(goal {row['goal']}×)"
        spread = (f"{row['ratio_min']:.2f}–{row['ratio_max']:.2f}×" if "ratio_min" in row
                  else "")  # fmt: skip
        print(f"{row['name']:<44} {row['seconds']:>9.3f} {row['floor_seconds']:>9.3f} "
              f"{row['ratio']:>6.2f}× {spread:>13}  {goal}")  # fmt: skip
    print(
        f"# {RUNS} alternating runs, medians; the ratio's spread is over the runs' pairs;"
        " seconds, or MB for memory"
    )
    machine.print_line()


if __name__ == "__main__":
    main()
