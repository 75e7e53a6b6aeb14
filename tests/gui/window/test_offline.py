"""The app never opens a network connection: the window, an export and a session round
trip all work with every socket refused, and Qt's network module is never loaded."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = r"""
import socket, sys
class Refused(OSError):
    pass
def refuse(*args, **kwargs):
    raise Refused("network access attempted")
socket.socket.connect = refuse
socket.socket.connect_ex = refuse
socket.create_connection = refuse
socket.getaddrinfo = refuse

import pyqtgraph as pg
from PySide6.QtWidgets import QApplication
sys.path.insert(0, {root!r})
from engine import read_preset, write_preset
from gui import MainWindow, install_fonts

pg.setConfigOptions(imageAxisOrder="row-major")
app = QApplication([])
install_fonts(app)
window = MainWindow()
window.show()
app.processEvents()
window.state.set_cell("q", 0, 0, "2")
window.exports.export_all({out!r}, ("png", "svg", "pdf", "csv", "json"), 1)
write_preset({out!r} + "/round-trip.json", window.state.to_preset())
again = read_preset({out!r} + "/round-trip.json")
assert again.q[0, 0] == 2.0
loaded = sorted(m for m in sys.modules if "QtNetwork" in m or m.startswith(("urllib3", "requests")))
print("network modules:", loaded)
window.state.undo_stack.setClean()  # nothing to ask about on closing
window.close()
"""


def test_window_export_and_session_work_with_the_network_refused(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    script = SCRIPT.format(root=str(ROOT), out=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=env, timeout=300, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "network modules: []" in done.stdout
    assert (tmp_path / "3-weights.png").stat().st_size > 1000
    assert (tmp_path / "session.json").exists()
