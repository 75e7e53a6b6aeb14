"""``python main.py`` with no verb: open the window, until it is closed.

It opens with the last session, unless ``--preset`` names an example or ``--sentence``
asks for the real model's run; ``--smoke`` exits after the first paint and says when it
came.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time


def run(args: argparse.Namespace, started: float) -> int:
    """Open the window with the window's flags; return Qt's exit status.

    ``started`` is when the program started (``time.perf_counter()``), from which
    ``--smoke`` counts the time to the first paint.
    """
    headless = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    if args.smoke and sys.platform.startswith("linux") and headless:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    import pyqtgraph as pg
    import shiboken6
    from PySide6.QtWidgets import QApplication

    from gui import MainWindow, install_fonts
    from gui.model.examples import built_in_example
    from gui.support.language import remembered_language, set_language
    from gui.support.malloc_tuning import reuse_freed_memory
    from gui.support.slot_errors import SlotErrorGuard

    reuse_freed_memory()  # every edit makes matrices of the last one's sizes
    pg.setConfigOptions(antialias=True, imageAxisOrder="row-major")
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Attention Lab")
    app.setOrganizationName("Attention Lab")
    install_fonts(app)  # type: ignore[arg-type]
    set_language(args.lang or remembered_language())
    window = MainWindow(built_in_example(args.preset or "cat-eats-fish"))
    # No exception may leave a slot unsaid: a dialog, the session saved, a log file.
    guard = SlotErrorGuard(window.sessions.autosaver.write, lambda: window)
    guard.install()
    if not gc.isenabled():  # main.py put it off for the start: on again once painted
        window.first_paint.connect(collect_from_now_on)
    if args.smoke:
        window.first_paint.connect(lambda: app.exit(0))
    window.show()
    if not args.smoke:
        window.sessions.start(restore_last=args.preset is None and args.sentence is None)
    if args.sentence is not None:  # once the window is there: a missing model is said in it
        window.first_paint.connect(lambda: window.sentences.run_sentence(args.sentence))
    status = app.exec()
    if args.smoke:
        from engine.messages import Message
        from gui.command_line.words import words

        elapsed = (time.perf_counter() - started) * 1000
        print(words(Message("first paint after {ms:.0f} ms", ms=elapsed)), flush=True)
    # Destroy the window while QApplication still exists: left to the interpreter's exit,
    # pyqtgraph's scenes can be torn down after Qt and crash.
    guard.uninstall()
    shiboken6.delete(window)
    return int(status)


def collect_from_now_on() -> None:
    """Turn Python's collector on again, the start-up's objects set aside for good.

    Set aside (``gc.freeze``): the modules, the window and its views live as long as the
    app, and the collector's full passes (on the dial's frames too) need not walk them.
    """
    gc.freeze()
    gc.enable()


__all__ = ["collect_from_now_on", "run"]
