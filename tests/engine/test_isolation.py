"""engine/ is pure NumPy: importing it, every package of it, loads no Qt and no pyqtgraph."""

from __future__ import annotations

import subprocess
import sys


def test_engine_imports_no_qt_or_pyqtgraph():
    code = (
        "import sys, engine, engine.lesson.variance, engine.formats.importing, engine.real_model\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'PySide6', 'shiboken6', 'pyqtgraph', 'PyQt5', 'PyQt6'})\n"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
