"""The largest sessions the README promises, end to end: a session file written, read
back, opened in the window, and exported whole (`main.py export`, every format), each in
its own process with its wall time and peak memory. The floor is the same run at the
lesson's size (3 tokens), measured in this run.

Run: python bench/limits.py [--sizes 512x64 2048x64 2048x1024] [--timeout 300]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Each step in a child process: its peak resident memory is then its own.
STEP = """
import os, resource, sys, time
sys.path.insert(0, {root!r})
step, path, out = sys.argv[1:4]
start = time.perf_counter()
if step == "write":
    from engine import random_preset, write_preset
    tokens, dims = map(int, os.environ["SIZE"].split("x"))
    write_preset(path, random_preset(tokens, dims, dims, seed=0))
elif step == "read":
    from engine import read_preset
    read_preset(path)
elif step == "open":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import pyqtgraph as pg
    from PySide6.QtWidgets import QApplication
    from engine import read_preset
    from gui import MainWindow, install_fonts
    from gui.support.malloc_tuning import reuse_freed_memory
    reuse_freed_memory()
    pg.setConfigOptions(antialias=True, imageAxisOrder="row-major")
    app = QApplication(sys.argv[:1])
    install_fonts(app)
    window = MainWindow(read_preset(path))
    window.show()
    for _ in range(20):
        app.processEvents()
    window.grab()
elif step == "export":
    from gui.command_line import run
    code = run(["export", "--session", path, "--out", out])
    assert code == 0, code
seconds = time.perf_counter() - start
peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"RESULT {{seconds}} {{peak_mb}}", flush=True)
os._exit(0)
"""
STEPS = ("write", "read", "open", "export")


def measure(size: str, folder: Path, timeout: float) -> dict[str, object]:
    path, out = folder / f"{size}.json", folder / f"{size}-export"
    out.mkdir(exist_ok=True)
    row: dict[str, object] = {"name": f"session {size}", "size": size}
    script = STEP.format(root=str(ROOT))
    for step in STEPS:
        env = {**os.environ, "SIZE": size, "PYTHONDONTWRITEBYTECODE": "1"}
        started = time.perf_counter()
        try:
            done = subprocess.run([sys.executable, "-c", script, step, str(path), str(out)],
                                  capture_output=True, text=True, timeout=timeout, env=env,
                                  cwd=ROOT)  # fmt: skip
        except subprocess.TimeoutExpired:
            row[step] = {"error": f"did not finish in {timeout:.0f} s"}
            break
        result = [line for line in done.stdout.splitlines() if line.startswith("RESULT")]
        if done.returncode != 0 or not result:
            row[step] = {"error": (done.stderr.strip().splitlines() or ["?"])[-1]}
            break
        seconds, peak = map(float, result[0].split()[1:])
        row[step] = {"seconds": round(seconds, 2), "peak_mb": round(peak),
                     "process_seconds": round(time.perf_counter() - started, 2)}  # fmt: skip
    if path.exists():
        row["file_mb"] = round(path.stat().st_size / 2**20, 1)
    exported = sum(f.stat().st_size for f in out.iterdir()) if out.exists() else 0
    row["export_mb"] = round(exported / 2**20, 1)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="*", default=["512x64", "2048x64", "2048x1024"])
    parser.add_argument("--timeout", type=float, default=300.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        floor = measure("3x4", Path(folder), args.timeout)
        rows = [floor]
        for size in args.sizes:
            rows.append(measure(size, Path(folder), args.timeout))
            print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    for row in rows:
        for step in STEPS:
            cell = row.get(step)
            if isinstance(cell, dict) and "seconds" in cell:
                base = floor[step]["seconds"] if isinstance(floor.get(step), dict) else None
                cell["ratio_to_lesson"] = round(cell["seconds"] / base, 1) if base else None
        print(json.dumps({**row, "name": row["name"]}, ensure_ascii=False))
    print()
    print(f"{'session':>12} {'file':>8} " + " ".join(f"{s:>22}" for s in STEPS))
    for row in rows:
        cells = []
        for step in STEPS:
            cell = row.get(step, {})
            if not isinstance(cell, dict) or "seconds" not in cell:
                cells.append(f"{str(cell.get('error', '—'))[:22]:>22}")
            else:
                cells.append(f"{cell['seconds']:>8.1f} s {cell['peak_mb']:>6.0f} MB")
        print(f"{row['size']:>12} {row.get('file_mb', 0):>6.1f}MB " + "  ".join(cells))


if __name__ == "__main__":
    main()
