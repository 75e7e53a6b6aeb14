"""What the first paint does not need is not loaded on the way to it (issue 27).

``main.py --smoke`` opens the window, waits for its first paint and exits: each module
below is loaded only when its feature is first used (a cell clicked, the experiment's
tab, training, the real model, an export or a kit), never by the start.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
LATER = (
    "engine.lesson.explain",  # the hand calculation: with the first cell clicked
    "gui.model.comparison",  # A against B: with the first pin
    "engine.lesson.variance",  # the experiment: with its tab
    "engine.lesson.training",  # training a head: with its panel
    "engine.lesson.backward",
    "engine.real_model",  # the real model: with a sentence
    "engine.formats.export_size",  # an export's size: with an export
    "gui.command_line.kit",  # the offline install kit: with ``main.py kit``
    "gui.views.training_run",
    "gui.model.training_command",  # a training run's undo step: with the first step
    "gui.support.background",  # work off the window's thread: an import, a model run
    "gui.session.unsaved_question",  # dialogs, with the first time they ask
    "gui.window.random_dialog",
    "gui.plots.thumbnails",  # the model's heads in small: with the first sentence
    "gui.window.presenter_view",
    "html",  # the named entities' table (gui.support.markup escapes without it)
)
SCRIPT = """
import sys
sys.path.insert(0, {root!r})
from gui.command_line import run
status = run(["--smoke"])
print(status, sorted(m for m in sys.modules if m.startswith({later!r})))
"""


def test_the_window_opens_without_what_only_a_later_action_needs():
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    script = SCRIPT.format(root=str(ROOT), later=LATER)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=120)  # fmt: skip
    last = done.stdout.strip().splitlines()[-1]
    assert last == "0 []", (last, done.stderr[-2000:])


def test_clicking_a_cell_loads_the_hand_calculation_then(qtbot):
    from gui import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.state.select_cell("scores", 0, 2)
    assert window.explanation.text().endswith("= 1×1 + 1×1 + 0×0 + 0×0\n= 2")
    window.state.select_cell("weights", 0, -1)  # the whole row: its largest weight's box
    assert window.explanation.text().endswith("A[猫, 鱼] = 2.72 ÷ 6.02 ≈ 0.45")
    window.state.select_cell("context", 0, 1)
    assert window.explanation.text().endswith("= [0.27]")


def test_the_explanation_is_a_function_whichever_loads_first():
    # engine.lesson.explain is the module once loaded (a package's submodule): the engine's
    # name for the function stays the function, loaded before or after it
    code = (
        "import numpy as np, engine\n"
        "import engine.lesson.explain\n"
        "from engine import explain\n"
        "from engine.lesson import ScoreStep\n"
        "r = engine.attention(np.eye(2), np.eye(2), np.eye(2))\n"
        "step = explain(r, 'scores', 0, 1)\n"
        "print(isinstance(step, ScoreStep), step.value)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)  # fmt: skip
    assert done.stdout.split() == ["True", "0.0"], done.stderr[-2000:]
