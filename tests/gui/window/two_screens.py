"""Run by test_presenter_screens.py in a process of its own (Qt's platform, with its screens,
is chosen when the application starts): the main window on the laptop, the presenter view on
the projector. Prints one line of JSON: where each window is, and the numbers each heatmap
of the presenter view paints (how many, how large) for the lesson and for 7 tokens, in
English and in Chinese."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

import pyqtgraph as pg  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from engine import load_preset, random_preset  # noqa: E402
from gui import MainWindow, install_fonts  # noqa: E402
from gui.support.language import set_language  # noqa: E402
from tests.gui.painted import painted_numbers  # noqa: E402

SEVEN = ("[CLS]", "the", "teacher", "reads", "the", "book", "[SEP]")


def settle(app: QApplication, done=lambda: True, seconds: float = 10.0) -> None:
    """Run the event loop until ``done()`` and a few turns more (or ``seconds`` passed)."""
    end = time.monotonic() + seconds
    while not done() and time.monotonic() < end:
        app.processEvents()
    for _ in range(20):
        app.processEvents()


def figures(view) -> dict[str, list[int]]:
    """Return step → [numbers painted, cells, smallest px, largest px]."""
    found = {}
    for step, heatmap in view.pipeline.heatmaps.items():
        numbers = painted_numbers(heatmap)
        sizes = [px for _, px in numbers] or [0]
        found[step] = [len(numbers), heatmap.matrix().size, min(sizes), max(sizes)]
    return found


def main() -> None:
    pg.setConfigOptions(antialias=True, imageAxisOrder="row-major")
    app = QApplication([])
    install_fonts(app)
    window = MainWindow()
    window.show()
    settle(app, window.isVisible)
    before = window.geometry().getRect()
    window.presenter.toggle_action.setChecked(True)
    view = window.presenter.view
    screen = view.screen()
    settle(app, lambda: view.isVisible() and view.geometry() == screen.geometry())
    report = {
        "screens": [s.name() for s in app.screens()],
        "main": [window.screen().name(), before, window.geometry().getRect()],
        "view": [screen.name(), view.geometry().getRect(), view.isFullScreen()],
        "scale": window.presenter.scale,
    }
    for language in ("en", "zh_CN"):
        set_language(language)
        window.state.load_preset(load_preset("cat-eats-fish"))
        settle(app)
        report[f"lesson {language}"] = figures(view)
        window.state.load_preset(random_preset(7, 32, 32, seed=1))
        for index, token in enumerate(SEVEN):
            window.state.rename_token(index, token if token not in SEVEN[:index] else f"{token} ")
        settle(app)
        report[f"7 tokens {language}"] = figures(view)
    window.presenter.toggle_action.setChecked(False)
    settle(app, lambda: window.presenter.view is None)
    report["main after"] = window.geometry().getRect()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
