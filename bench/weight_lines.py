"""The weight-lines view: one paint of ``grab()`` at 700×700, at L ∈ {3, 64, 512, 2048}
with h ∈ {1, 8} heads (d_k = d_v = 64 split among them), in each mode: the selected head,
every head in its colour, and every head with one query hovered.

"repaint" paints what was chosen already; "after τ" paints after a new τ (set untimed: the
new A is the state's work), so the lines are chosen again, as on each frame of the dial.
Both are held against one 60 Hz frame (16.7 ms) and against the paint of an empty view of
the same size.

Run: python bench/weight_lines.py  (offscreen unless a display is set)
"""

from __future__ import annotations

import os

if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import json
import statistics
import time

import pyqtgraph as pg
from common import median_seconds
from PySide6.QtWidgets import QApplication

from gui import install_fonts
from gui.model.state import AttentionState
from gui.views.weight_lines import WeightLines

LENGTHS = (3, 64, 512, 2048)
REPEATS = {3: 30, 64: 30, 512: 15, 2048: 5}
FRAME = 1 / 60
SIZE = (700, 700)


def main() -> None:
    app = QApplication.instance() or QApplication([])
    install_fonts(app)
    empty = pg.GraphicsView(background="w")
    empty.resize(*SIZE)
    empty.show()
    app.processEvents()
    floor = median_seconds(empty.grab, 30)
    rows: list[dict[str, object]] = []
    for length in LENGTHS:
        for heads in (1, 8):
            state = AttentionState()
            state.load_random(length, 64, 64, seed=1)
            state.set_heads(heads)
            app.processEvents()
            view = WeightLines(state)
            view.resize(*SIZE)
            view.show()
            app.processEvents()
            modes = [("selected head", False, None)]
            if heads > 1:
                modes += [("every head", True, None), ("every head, hovered", True, length // 2)]
            for mode, every, hovered in modes:
                view.set_all_heads(every)
                view.plot.hover("query" if hovered is not None else "", hovered or -1)
                view.plot.grab()
                repaint = median_seconds(view.plot.grab, REPEATS[length])
                changed = []
                for n in range(REPEATS[length]):  # the new A is the state's work: not timed
                    state.set_temperature(0.5 + 0.01 * n)
                    start = time.perf_counter()
                    view.plot.grab()
                    changed.append(time.perf_counter() - start)
                changed_ms = statistics.median(changed) * 1e3
                rows.append({"L": length, "h": heads, "mode": mode,
                             "lines": len(view.lines()),
                             "repaint_ms": round(repaint * 1e3, 2),
                             "after_tau_ms": round(changed_ms, 2),
                             "empty_view_ms": round(floor * 1e3, 2),
                             "frame_ms": round(FRAME * 1e3, 1)})  # fmt: skip
            view.close()
    for row in rows:
        print(json.dumps(row, ensure_ascii=False))
    print(f"{'L':>5} {'h':>2} {'mode':<22} {'lines':>6} {'repaint':>9} {'after τ':>9}")
    for row in rows:
        print(f"{row['L']:>5} {row['h']:>2} {row['mode']:<22} {row['lines']:>6} "
              f"{row['repaint_ms']:>7} ms {row['after_tau_ms']:>7} ms")  # fmt: skip
    print(f"empty view: {floor * 1e3:.2f} ms; one 60 Hz frame: {FRAME * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
