"""Regression test for PySide6 6.12.0 on Python 3.11, which drops a reference to None on
every void-returning Qt call and aborts after a few thousand (``none_dealloc``)."""

from __future__ import annotations

import subprocess
import sys

CALLS = 20_000

PROBE = f"""
import sys
from PySide6.QtCore import QObject
holder = QObject()
before = sys.getrefcount(None)
for i in range({CALLS}):
    holder.setObjectName("x")  # returns void
print(before - sys.getrefcount(None))
"""


def test_void_qt_calls_do_not_steal_references_to_none():
    # In a child process, so that the bug's abort shows as a failure, not a dead test run.
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, f"Qt calls crashed Python: {done.stderr[-500:]}"
    lost = int(done.stdout.strip())
    assert lost < 100, f"{lost} references to None lost over {CALLS} void Qt calls"


def test_the_installed_pyside6_is_not_the_broken_release():
    import PySide6

    assert PySide6.__version__ != "6.12.0"
