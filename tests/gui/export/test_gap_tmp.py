import numpy as np, time, sys
from PySide6.QtCore import QTimer
import gui.export.files
from tests.gui.export.test_export_all import *  # noqa
def test_gap(window, tmp_path):
    assert gui.export.files.ensure_variance_result(window)
    ticks = []
    timer = QTimer(); timer.setInterval(5)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter())); timer.start()
    start = time.perf_counter()
    window.exports.export_all(tmp_path, scale=1)
    end = time.perf_counter(); timer.stop()
    d = np.diff([start, *ticks, end]); print("GAP", round(d.max(),3), d.argmax(), "first", round(d[0],3), len(ticks))
