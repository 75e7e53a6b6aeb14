"""The presenter view with two screens: on the projector, full-screen and large, while the
main window stays on the laptop as it was. Run in a process of its own (two_screens.py):
Qt's offscreen platform takes its screens when the application starts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).with_name("two_screens.py")
SCREENS = {"screens": [
    {"name": "laptop", "x": 0, "y": 0, "width": 1280, "height": 720, "logicalDpi": 96},
    {"name": "projector", "x": 1280, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96},
]}  # fmt: skip


def test_the_presenter_view_opens_large_on_the_projector_and_leaves_the_laptop_alone(tmp_path):
    config = tmp_path / "screens.json"
    config.write_text(json.dumps(SCREENS), encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={config}")
    done = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True,
                          env=env, timeout=240, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["screens"] == ["laptop", "projector"]
    screen, before, after = report["main"]
    assert screen == "laptop"
    assert after == before == report["main after"]  # never moved, nor resized
    assert report["view"] == ["projector", [1280, 0, 1920, 1080], True]
    for language in ("en", "zh_CN"):
        # the lesson: every number at 28 px or more (36 px in the old presenter mode)
        for step, (painted, cells, least, _most) in report[f"lesson {language}"].items():
            assert painted == cells, (language, step)
            assert least >= 28, (language, step, least)
        # 7 tokens, d_k = d_v = 32: every cell of S, S/τ and A at 20 px or more (16 px in
        # the old presenter mode, where S showed 0 of 49 numbers at 1280×720)
        seven = report[f"7 tokens {language}"]
        for step in ("scores", "scaled", "weights"):
            painted, cells, least, _most = seven[step]
            assert painted == cells == 49, (language, step)
            assert least >= 20, (language, step, least)
