"""Attention Lab: type Q, K and V and watch attention computed step by step.

Usage: python main.py [--preset NAME] [--sentence TEXT] [--smoke] [--version]
       python main.py export --out DIR [...]   (figures, matrices, session; no window)
       python main.py kit --out DIR [...]      (an offline install kit; needs internet)
"""

from __future__ import annotations

import time

START = time.perf_counter()

import argparse  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Read the window's flags (``export`` has its own: see gui.window.headless_export)."""
    from engine import __version__
    from engine.formats.examples import BUILT_IN
    from engine.messages import Message
    from gui.support.command_line import CODES, OneLineParser, language_asked, speak, words

    speak(language_asked(sys.argv[1:] if argv is None else argv) or "en")
    parser = OneLineParser(
        prog="attention-lab",
        description=words(
            Message("Type Q, K and V and watch softmax(QKᵀ/√d_k)·V computed step by step.")
        ),
        epilog=words(
            Message(
                "python main.py export --help: write every figure, the matrices and the "
                "session into a folder, without a window. python main.py kit --help: an "
                "offline install kit for computers without internet."
            )
        ),
    )
    parser.add_argument(
        "--preset",
        choices=BUILT_IN,
        default=None,
        help=words(
            Message("open this built-in example (default: the last session, else cat-eats-fish)")
        ),
    )
    parser.add_argument(
        "--sentence",
        metavar="TEXT",
        help=words(
            Message(
                "run a sentence through the real model (all-MiniLM-L6-v2, installed apart) "
                "and open its layer 1, head 1"
            )
        ),
    )
    parser.add_argument(
        "--smoke",
        action="store_true",
        help=words(
            Message("open the window, wait for its first paint, print the time it took, exit")
        ),
    )
    parser.add_argument(
        "--lang",
        choices=CODES,
        help=words(
            Message("the interface language (default: the last one chosen, else the system's)")
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"Attention Lab {__version__}",
        help=words(Message("show program's version number and exit")),
    )
    return parser.parse_args(argv)


def console_replaces_what_it_cannot_encode() -> None:
    r"""Let stdout and stderr write any text: what their encoding lacks becomes ``\uXXXX``.

    On an ASCII-only console (``PYTHONIOENCODING=ascii``, the C locale) ``--help`` raised
    UnicodeEncodeError at its first arrow, and ``export --out 猫`` wrote every file and
    then failed with exit 1 on the line that said so.
    """
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def main(argv: list[str] | None = None) -> int:
    """Run Attention Lab; return the exit status.

    ``main.py export …`` writes the export's files without a window, ``main.py kit …`` an
    offline install kit (gui.support.kit); otherwise the window
    opens (with the last session, unless ``--preset`` names an example) until it is closed.
    """
    argv = sys.argv[1:] if argv is None else argv
    console_replaces_what_it_cannot_encode()
    if argv[:1] == ["export"]:
        from gui.window.headless_export import run

        return run(argv[1:])
    if argv[:1] == ["kit"]:
        from gui.support.kit.command import run as build_kit

        return build_kit(argv[1:])
    args = parse_args(argv)
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
        from gui.support.command_line import words

        elapsed = (time.perf_counter() - START) * 1000
        print(words(Message("first paint after {ms:.0f} ms", ms=elapsed)), flush=True)
    # Destroy the window while QApplication still exists: left to the interpreter's exit,
    # pyqtgraph's scenes can be torn down after Qt and crash.
    guard.uninstall()
    shiboken6.delete(window)
    return int(status)


if __name__ == "__main__":
    sys.exit(main())
