"""``python main.py export``: the files of File → Export all, without a window.

Everything the user typed is checked (its flags by gui.command_line.parser), and the
session read, before Qt starts and before any file is created; a bad argument or file
prints one line on stderr and exits with status 2, leaving nothing behind. Files are
rendered into memory, then written into the output folder through a staging folder (see
gui.export.files.write_export).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from engine import Preset, PresetError, read_preset
from engine.formats.export_size import check_export, estimate_export, pinned_numbers
from engine.formats.importing import import_preset
from engine.lesson.multi_head import check_heads
from engine.messages import InputError, Message
from engine.real_model.model_heads import SentenceRun, sentence_run
from engine.system_errors import system_reason
from gui.command_line.values import ALL_HEADS
from gui.command_line.words import PROG as COMMAND
from gui.command_line.words import one_line, words
from gui.export.files import ExportError
from gui.model.examples import built_in_example
from gui.support.engine_text import engine_text

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

PROG = f"{COMMAND} export"
#: Said by Qt's offscreen platform when the window is laid out; nothing to act on.
QT_NOISE = ("This plugin does not support propagateSizeHints()",)


class CliError(InputError):
    """A problem with what the user asked for: printed as one line, exit status 2.

    ``where`` is the flag and its value as typed (``--out notes.txt``): data, kept as it is.
    """


def check_size(args: argparse.Namespace, preset: Preset) -> None:
    """Raise CliError for matrices too large to write, with their size: before Qt starts."""
    output = preset.projection is not None and preset.projection.w_o is not None
    shape = (len(preset.tokens), preset.q.shape[1], preset.v.shape[1], preset.heads, output)
    extra = 0
    if preset.pinned is not None:  # A's matrices and B − A, of one head each
        extra = pinned_numbers(_head_shape(preset.pinned), _head_shape(preset))
    try:
        check_export(estimate_export(*shape, args.format, extra), args.allow_large)
    except InputError as error:
        raise CliError(error.message) from None


def _head_shape(preset: Preset) -> tuple[int, int, int]:
    """Return (tokens, d_k, d_v) of one head of ``preset``."""
    heads = max(preset.heads, 1)
    return (len(preset.tokens), preset.q.shape[1] // heads, preset.v.shape[1] // heads)


def check_out(out: Path) -> bool:
    """Raise CliError unless files can go into ``out``; True if it must be created."""
    try:
        return _check_out(out)
    except OSError as error:  # a name too long, a folder on the way not readable …
        raise CliError(
            Message("cannot use it ({reason})", reason=system_reason(error)), f"--out {out}"
        ) from None


def _check_out(out: Path) -> bool:
    where = f"--out {out}"
    if out.exists():
        if not out.is_dir():
            raise CliError(Message("not a folder"), where)
        if not os.access(out, os.W_OK | os.X_OK):
            raise CliError(Message("the folder is not writable"), where)
        return False
    parent = out.parent if str(out.parent) else Path(".")
    if not parent.is_dir():
        raise CliError(Message("the folder {parent} does not exist", parent=str(parent)), where)
    if not os.access(parent, os.W_OK | os.X_OK):
        raise CliError(
            Message("cannot create it, {parent} is not writable", parent=str(parent)), where
        )
    return True


def load(args: argparse.Namespace) -> tuple[Preset, SentenceRun | None]:
    """Return the preset or session, with --temperature and --causal applied.

    With --sentence, also the model's run (model, sentence, forward pass), from which the
    export draws the atlas of every layer and head; else None.
    """
    run: SentenceRun | None = None
    if args.import_files:
        try:
            preset = import_preset(args.import_files)
        except InputError as error:
            where = "--import" + (f" {error.where}" if error.where else "")
            raise CliError(error.message, where) from None
    elif args.sentence is None and (args.layer, args.head) != (None, None):
        flag = "--layer" if args.layer is not None else "--head"
        raise CliError(Message("{flag} picks a head of --sentence: give a sentence too",
                               flag=flag))  # fmt: skip
    elif args.sentence is not None:
        layer, head = args.layer or 1, 1 if args.head is None else args.head  # 0: all
        try:
            which = None if head == ALL_HEADS else head - 1
            preset, run = sentence_run(args.sentence, layer - 1, which)
        except InputError as error:
            raise CliError(error.message, "--sentence") from None
    elif args.session is None:
        preset = built_in_example(args.preset)
    else:
        try:
            preset = read_preset(args.session)
        except PresetError as error:
            where = f"--session {args.session}" + (f": {error.where}" if error.where else "")
            raise CliError(error.message, where) from None
    # --head all is the model's own split into heads: never regrouped
    if (
        args.sentence is not None
        and args.head == ALL_HEADS
        and args.heads not in (None, preset.heads)
    ):
        raise CliError(Message(
            "--heads {heads} does not go with --head all: the layer's heads are the "
            "model's {model}; leave --heads out", heads=args.heads, model=preset.heads,
        ))  # fmt: skip
    if args.heads is not None:
        try:
            check_heads(args.heads, preset.q.shape[1], preset.v.shape[1])
        except InputError as error:
            raise CliError(error.message, f"--heads {args.heads}") from None
        preset = replace(preset, heads=args.heads)
    # set before the window exists, so that no view glides from the old values
    temperature = preset.temperature if args.temperature is None else args.temperature
    return replace(preset, temperature=temperature, causal=preset.causal or args.causal), run


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


def export(
    args: argparse.Namespace, preset: Preset, create: bool, run: SentenceRun | None = None
) -> list[Path]:
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
        return _render_and_write(app, args, preset, create, run)


def _render_and_write(
    app: QApplication,
    args: argparse.Namespace,
    preset: Preset,
    create: bool,
    run: SentenceRun | None,
) -> list[Path]:
    import shiboken6
    from PySide6.QtCore import Qt

    from gui.export.files import export_all_files, write_export
    from gui.window.main_window import MainWindow

    window = MainWindow(preset)
    window.sessions.autosaver.stop()  # a headless export keeps no autosave
    if run is not None:  # the atlas, as the window draws it
        window.model_run.keep(*run)
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
                raise CliError(
                    Message("cannot create it ({reason})", reason=system_reason(error)),
                    f"--out {out}",
                ) from None
        try:
            return write_export(out, files, window.state.to_preset())
        except ExportError:
            if create:
                out.rmdir()
            raise
    finally:
        window.variance.shutdown()
        shiboken6.delete(window)


def run(args: argparse.Namespace) -> int:
    """Run the export command with its flags (gui.command_line.parser); return the exit status."""
    try:
        if not args.out.strip():  # Path("") would quietly mean the current folder
            raise CliError(Message("--out needs a folder name, not an empty one"))
        create = check_out(Path(args.out))
        preset, ran = load(args)
        check_size(args, preset)
        written = export(args, preset, create, ran)
    except (ExportError, ValueError) as error:  # ValueError: numbers the engine refuses
        said = Message("{prog}: error: {message}", prog=PROG, message=engine_text(error, args.lang))
        print(one_line(words(said)), file=sys.stderr)
        return 2
    print(words(Message("wrote {count} files to {folder}", count=len(written), folder=args.out)))
    return 0
