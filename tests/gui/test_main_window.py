"""The first window opens offscreen on the lesson's example, and --smoke works."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt

from engine import load_preset
from gui import MainWindow, install_fonts

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def window(qtbot, qapp):
    install_fonts(qapp)
    window = MainWindow()
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.first_paint, timeout=5000):
        window.show()
    return window


def test_the_default_window_shows_the_lessons_four_steps(window):
    scores, scaled, weights, context = (model.matrix() for model in window.models)
    np.testing.assert_array_equal(scores, [[1, 1, 2], [0, 4, 2], [1, 1, 0]])
    np.testing.assert_array_equal(scaled, [[0.5, 0.5, 1], [0, 2, 1], [0.5, 0.5, 0]])
    assert weights.round(4)[0].tolist() == [0.2741, 0.2741, 0.4519]
    assert context.round(4)[0].tolist() == [1.1778, 0.2741, 0.2741, 1.1778]
    model = window.models[2]
    assert model.data(model.index(0, 2)) == "0.4519"
    assert model.headerData(0, Qt.Orientation.Vertical) == "猫"


def test_the_bundled_font_draws_chinese(qapp):
    from PySide6.QtGui import QFontMetrics

    family = install_fonts(qapp)
    assert family == "Noto Sans CJK SC"
    metrics = QFontMetrics(qapp.font())
    assert all(metrics.inFontUcs4(ord(c)) for c in "猫吃鱼配比√×①②③④")


def test_the_shape_check_preset_opens(qtbot):
    window = MainWindow(load_preset("shape-check"))
    qtbot.addWidget(window)
    assert window.models[3].matrix().shape == (3, 6)


def run_main(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )  # fmt: skip


def test_smoke_opens_the_window_and_exits_zero():
    done = run_main("--smoke")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("first paint after ")


def test_version_is_printed():
    done = run_main("--version")
    assert (done.returncode, done.stdout.strip()) == (0, "Attention Lab 0.1.0")


@pytest.mark.parametrize("args", [("--bogus",), ("--preset", "dog-eats-bone"), ("--smoke=3",)])
def test_a_bad_flag_exits_two_with_one_line(args):
    done = run_main(*args)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("attention-lab: error: ")
