"""``python main.py export``: the files of File → Export all, without a window.

Everything the user typed is checked, and the session read, before Qt starts and before any
file is created; a bad argument or file prints one line on stderr and exits with status 2,
leaving nothing behind. Files are rendered into memory, then written into the output folder
through a staging folder (see gui.export.files.write_export).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from engine import Preset, PresetError, load_preset, read_preset
from engine.examples import BUILT_IN
from engine.vocabulary import MIN_TEMPERATURE
from gui.export.figures import MAX_SCALE, check_scale
from gui.export.files import ALL_FORMATS, ExportError, check_formats
from gui.support.engine_text import engine_text
from gui.support.language import LANGUAGES

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

PROG = "attention-lab export"
#: What str.splitlines() splits on: each is written as its escape, to keep one line.
LINE_BREAKS = "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
#: Said by Qt's offscreen platform when the window is laid out; nothing to act on.
QT_NOISE = ("This plugin does not support propagateSizeHints()",)


def one_line(text: str) -> str:
    r"""Return ``text`` as one line of stderr: a folder named "a⏎b" is shown as a\nb."""
    return "".join(repr(c)[1:-1] if c in LINE_BREAKS else c for c in text)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """Print a bad flag or value as one line on stderr, and exit with status 2."""
        self.exit(2, f"{self.prog}: error: {one_line(message)} (see --help)\n")


class CliError(Exception):
    """A problem with what the user asked for: printed as one line, exit status 2."""


def _formats(text: str) -> tuple[str, ...]:
    try:
        return check_formats(part.strip().lower() for part in text.split(",") if part.strip())
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _positive(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what} must be a number, not {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{what} must be a positive number, not {text!r}")
    return value


def _scale(text: str) -> float:
    value = _positive(text, "the scale")
    try:
        check_scale(value)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return value


def _temperature(text: str) -> float:
    value = _positive(text, "τ")
    if value < MIN_TEMPERATURE:  # the engine's floor: below it 1/τ overflows
        raise argparse.ArgumentTypeError(f"τ must be at least {MIN_TEMPERATURE:g}, not {text!r}")
    return value


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Read the export command's flags; a bad one ends the program (exit status 2)."""
    parser = _Parser(
        prog=PROG,
        description="Write every figure (PNG, SVG, PDF), the matrices (CSV, JSON) and the "
        "session file into a folder, without opening a window.",
    )
    parser.add_argument(
        "--out",
        required=True,
        metavar="DIR",
        help="the folder to write into (its parent must exist)",
    )
    source = parser.add_mutually_exclusive_group()
    source.add_argument(
        "--preset", choices=BUILT_IN, default="cat-eats-fish", help="a built-in example"
    )
    source.add_argument("--session", metavar="FILE", help="a saved session or preset file")
    parser.add_argument(
        "--format",
        type=_formats,
        default=ALL_FORMATS,
        metavar="LIST",
        help=f"comma-separated, from {','.join(ALL_FORMATS)} (default: all)",
    )
    parser.add_argument(
        "--scale",
        type=_scale,
        default=2.0,
        metavar="N",
        help=f"PNG size against the screen, from 0.25 to {MAX_SCALE:g} (default: 2)",
    )
    parser.add_argument(
        "--captions",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="draw each figure's title, the selected row and its legend above it (default: on)",
    )
    parser.add_argument("--lang", choices=tuple(LANGUAGES), help="language of titles and labels")
    parser.add_argument(
        "--temperature", type=_temperature, metavar="T", help="τ of step ② (default: √d_k)"
    )
    parser.add_argument("--causal", action="store_true", help="hide future tokens")
    return parser.parse_args(argv)


def check_out(out: Path) -> bool:
    """Raise CliError unless files can go into ``out``; True if it must be created."""
    if out.exists():
        if not out.is_dir():
            raise CliError(f"--out {out}: not a folder")
        if not os.access(out, os.W_OK | os.X_OK):
            raise CliError(f"--out {out}: the folder is not writable")
        return False
    parent = out.parent if str(out.parent) else Path(".")
    if not parent.is_dir():
        raise CliError(f"--out {out}: the folder {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise CliError(f"--out {out}: cannot create it, {parent} is not writable")
    return True


def load(args: argparse.Namespace) -> Preset:
    """Return the preset or session, with --temperature and --causal applied."""
    if args.session is None:
        preset = load_preset(args.preset)
    else:
        try:
            preset = read_preset(args.session)
        except PresetError as error:
            raise CliError(f"--session {args.session}: {engine_text(error, args.lang)}") from None
    # set before the window exists, so that no view glides from the old values
    temperature = preset.temperature if args.temperature is None else args.temperature
    return replace(preset, temperature=temperature, causal=preset.causal or args.causal)


@contextmanager
def _without_qt_noise() -> Iterator[None]:
    """Qt's harmless platform messages stay off stderr, which is for one line of error."""
    from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler

    def handle(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        if message not in QT_NOISE:
            print(message, file=sys.stderr)

    previous = qInstallMessageHandler(handle)
    try:
        yield
    finally:
        qInstallMessageHandler(previous)


def export(args: argparse.Namespace, preset: Preset, create: bool) -> list[Path]:
    """Start Qt, build the window (never shown on screen), render, write."""
    headless = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    if sys.platform.startswith("linux") and headless:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    import pyqtgraph as pg
    from PySide6.QtWidgets import QApplication

    from gui.support.fonts import install_fonts
    from gui.support.language import set_language

    pg.setConfigOptions(antialias=True, imageAxisOrder="row-major")
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    install_fonts(app)
    if args.lang:
        set_language(args.lang)
    with _without_qt_noise():
        return _render_and_write(app, args, preset, create)


def _render_and_write(
    app: QApplication, args: argparse.Namespace, preset: Preset, create: bool
) -> list[Path]:
    import shiboken6
    from PySide6.QtCore import Qt

    from gui.export.files import export_all_files, write_export
    from gui.window.main_window import MainWindow

    window = MainWindow(preset)
    window.sessions.autosaver.stop()  # a headless export keeps no autosave
    try:
        window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
        window.show()  # laid out at its usual size, but never on screen
        app.processEvents()
        files = export_all_files(window, args.format, args.scale, args.captions)
        out = Path(args.out)
        if create:
            try:
                out.mkdir()
            except OSError as error:  # checked before, but /proc, a race, a full disk …
                raise CliError(f"--out {out}: cannot create it ({error.strerror})") from None
        try:
            return write_export(out, files, window.state.to_preset())
        except ExportError:
            if create:
                out.rmdir()
            raise
    finally:
        window.variance.shutdown()
        shiboken6.delete(window)


def run(argv: list[str]) -> int:
    """Run the export command; return the exit status."""
    args = parse_args(argv)
    try:
        if not args.out.strip():  # Path("") would quietly mean the current folder
            raise CliError("--out needs a folder name, not an empty one")
        create = check_out(Path(args.out))
        preset = load(args)
        written = export(args, preset, create)
    except (CliError, ExportError, ValueError) as error:  # ValueError: numbers the engine refuses
        text = str(error) if isinstance(error, CliError) else engine_text(error, args.lang)
        print(f"{PROG}: error: {one_line(text)}", file=sys.stderr)
        return 2
    print(f"wrote {len(written)} files to {args.out}")
    return 0
