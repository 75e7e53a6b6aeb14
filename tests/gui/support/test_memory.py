"""Freed matrices are kept for the next edit (glibc's thresholds raised), where there is glibc."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gui.support import malloc_tuning as memory


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt")
def test_a_freed_matrix_is_reused_instead_of_cleared_again_by_the_system():
    # minor page faults count the pages the system had to clear: a fresh 32 MB block has
    # 8,192 of them (or 16 huge pages); a reused one none
    probe = (
        "import resource, sys, numpy as np\n"
        "from gui.support.malloc_tuning import reuse_freed_memory\n"
        "if sys.argv[1] == 'reuse': assert reuse_freed_memory()\n"
        "a = np.ones((2048, 2048)); del a\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt\n"
        "for _ in range(5):\n"
        "    a = np.ones((2048, 2048)); del a\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)\n"
    )
    faults = {}
    for mode in ("default", "reuse"):
        run = subprocess.run([sys.executable, "-c", probe, mode], capture_output=True, text=True,
                             check=True, cwd=memory.__file__.rsplit("/gui/", 1)[0])  # fmt: skip
        faults[mode] = int(run.stdout)
    assert faults["reuse"] < 10 <= faults["default"]


def test_without_glibc_nothing_is_changed(monkeypatch):
    monkeypatch.setattr(memory.sys, "platform", "darwin")
    assert memory.reuse_freed_memory() is False
    monkeypatch.setattr(memory.sys, "platform", "linux")

    def no_library(*args: object) -> None:
        raise OSError("no such library")

    monkeypatch.setattr(memory.ctypes, "CDLL", no_library)
    assert memory.reuse_freed_memory() is False
