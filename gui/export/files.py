"""Export all: every figure, the matrices and the session, written safely into a folder.

Everything is rendered into memory first (name → bytes). Files are then written into a
hidden staging folder beside their destination and moved into place at the end, so an
error (a folder that is not writable, a full disk) never leaves a half-written file.
"""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pyqtgraph as pg
import shiboken6
from PySide6.QtCore import QCoreApplication, Qt

from engine import Preset, write_preset
from engine.formats import files as disk
from engine.vocabulary import STEPS
from gui.export.captions import Caption, mixing_row_text, outlined_row_text, state_credit_text
from gui.export.compared_matrices import pinned_csv_files, pinned_json, pinned_matrices
from gui.export.comparison_figures import comparison_titles, comparison_views
from gui.export.figures import FORMATS as FIGURE_FORMATS
from gui.export.figures import AnyFigure, Figure, PaintedFigure, check_scale
from gui.export.formats import ALL_FORMATS as ALL_FORMATS  # re-exported for the CLI
from gui.export.formats import SESSION_FILE, VARIANCE_PLOTS
from gui.export.host import ExportHost
from gui.export.matrices import matrices_csv, matrices_json
from gui.export.page_figures import PageFigures, page_figures
from gui.export.render import render_figure
from gui.export.training_export import (
    TRAINING_FILE,
    training_json,
    training_titles,
    training_views,
)
from gui.support.engine_text import message_text, reason_text
from gui.variance.plots import VariancePlots

JSON_FILE = "matrices.json"
VARIANCE_SIZE = (960, 720)  # the experiment's plots when their tab was never shown
VARIANCE_TIMEOUT_MS = 120_000


class ExportError(Exception):
    """An export that could not be written; the message is for the user (translated)."""


def describe_os_error(error: OSError, target: Path) -> str:
    """One sentence saying what went wrong, naming the file or folder."""
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return QCoreApplication.translate("Export", "The folder {0} is not writable").format(
            target.parent
        )
    if error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return QCoreApplication.translate("Export", "The disk is full: {0} was not written").format(
            target.name
        )
    if error.errno == errno.ENOENT:
        return QCoreApplication.translate("Export", "The folder {0} does not exist").format(
            target.parent
        )
    return describe_error(reason_text(error), target)


def describe_error(reason: object, target: Path) -> str:
    """Return the message "Could not write …: reason", for a failure not described by errno."""
    return QCoreApplication.translate("Export", "Could not write {0}: {1}").format(target, reason)


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all (engine.formats.files.write_atomic).

    A failure is an ExportError that says why in the user's language.
    """
    path = Path(path)
    try:
        disk.write_atomic(path, data, suffix=".part")
    except OSError as error:
        raise ExportError(describe_os_error(error, path)) from error
    except Exception as error:  # anything else that stops a write is still the user's to know
        raise ExportError(describe_error(error, path)) from error


def write_export(
    folder: str | os.PathLike[str], files: dict[str, bytes], session: Preset | None = None
) -> list[Path]:
    """Write ``files`` (and ``session`` as session.json) into ``folder``.

    All or nothing until the final renames; existing files of the same names are replaced.
    Returns the paths written.
    """
    folder = Path(folder)
    names = [*files, *([SESSION_FILE] if session is not None else [])]
    stage: Path | None = None
    current = folder / (names[0] if names else SESSION_FILE)
    try:
        stage = Path(tempfile.mkdtemp(prefix=".attention-lab-export-", dir=folder))
        for name, data in files.items():
            current = folder / name
            (stage / name).parent.mkdir(exist_ok=True)  # head-1/Q.csv: a folder per head
            disk.write_synced(stage / name, data)
        if session is not None:
            current = folder / SESSION_FILE
            write_preset(stage / SESSION_FILE, session)
        for name in names:
            current = folder / name
            current.parent.mkdir(exist_ok=True)
            os.replace(stage / name, folder / name)
    except OSError as error:
        raise ExportError(describe_os_error(error, current)) from error
    except Exception as error:
        raise ExportError(describe_error(error, current)) from error
    finally:
        if stage is not None:
            shutil.rmtree(stage, ignore_errors=True)
    return [folder / name for name in names]


def existing(folder: str | os.PathLike[str], names: Iterable[str]) -> list[str]:
    """Return the names already taken in ``folder``."""
    return [name for name in names if (Path(folder) / name).exists()]


def ensure_variance_result(host: ExportHost, timeout_ms: int = VARIANCE_TIMEOUT_MS) -> bool:
    """Run the variance experiment (with the panel's settings) if it has no result yet.

    Waits for it (at most ``timeout_ms``); True when there is a result to draw.
    """
    return host.experiment().run_and_wait(timeout_ms)


def caption_of(host: ExportHost, name: str, title: str, drawn: PageFigures) -> Caption:
    """Return what figure ``name`` carries above it: its title, whose row, its legend."""
    state = host.state
    token = state.tokens[state.selected_token]
    if name.startswith("variance-"):  # the experiment: random numbers, whoever's the head
        return Caption(title)
    credit = credit_for(host, name)
    if name == "mixing":
        entries = tuple(drawn.mixing.legend_entries())
        return Caption(title, mixing_row_text(token), entries, credit)
    if name == "mask":
        return Caption(title, drawn.mask_legend, credit=credit)
    if name in ("weight-bars", "weight-lines", "weight-lines-heads", "heads", "atlas"):
        return Caption(title, credit=credit)  # no row outlined: the bars name theirs
    return Caption(title, outlined_row_text(token), credit=credit)  # the row is outlined


def credit_for(host: ExportHost, name: str) -> str:
    """Return whose numbers figure ``name`` shows: the head's, edited or not; the atlas's model."""
    if name.startswith("variance-"):
        return ""
    run = host.model_run
    if name == "atlas" and run.model is not None:  # every head, as the model computed them
        text = QCoreApplication.translate("Captions", "Every layer and head of {0}: “{1}”; {2}")
        credit = message_text(run.model.attribution_message)
        return text.format(run.model.name, run.sentence, credit)
    return state_credit_text(host.state)


def credit_of(host: ExportHost, name: str) -> Caption | None:
    """Return the caption a figure carries without captions: a real model's credit only."""
    credit = credit_for(host, name)
    return Caption("", credit=credit) if credit else None


@contextmanager
def window_figures(
    host: ExportHost, experiment: bool = True, captions: bool = False
) -> Iterator[list[AnyFigure]]:
    """Yield every figure of the state, ready to draw until the block ends.

    Each view is drawn from the state alone at its own design size (gui.export.page_figures):
    the window's size and panels play no part. With ``experiment`` and once the experiment
    has a result, its four plots follow, from a hidden copy if their tab was never shown; the
    experiment's panel is never built for this. With ``captions`` each carries its title,
    the selected row and its legend above it (see ``caption_of``). While a setting is
    pinned, the comparison's four figures (A | B | B − A) come before the experiment's;
    once the head has trained, the loss curve and the gradient's sizes follow them.
    """
    titles = figure_titles()
    with (
        page_figures(host.state, host.model_run) as drawn,
        comparison_views(host.state) as compared,
        training_views(host.state) as trained,
    ):

        def caption(name: str) -> Caption | None:
            if captions:
                return caption_of(host, name, titles[name], drawn)
            return credit_of(host, name)

        def figure(name: str, view: pg.GraphicsView, plot: pg.PlotItem | None = None) -> Figure:
            return Figure(name, titles[name], view, plot, caption(name))

        shown: list[AnyFigure] = []
        for name, view in drawn.views.items():
            if isinstance(view, pg.GraphicsView):
                shown.append(figure(name, view))
            else:
                shown.append(PaintedFigure(name, titles[name], view, caption(name)))
        if compared is not None:
            credit = state_credit_text(host.state)
            shown += compared.rows(host.state, step_titles(), captions, credit)
        if trained is not None:
            shown += trained.figures(host.state, captions, state_credit_text(host.state))
        with _with_experiment(host, figure, experiment) as extra:
            yield [*shown, *extra]


@contextmanager
def _with_experiment(
    host: ExportHost, figure: Callable[[str, pg.GraphicsView, pg.PlotItem | None], Figure],
    experiment: bool,
) -> Iterator[list[Figure]]:  # fmt: skip
    """Yield the experiment's four figures (none without a result), from a copy if hidden."""
    figures: list[Figure] = []
    copy: VariancePlots | None = None
    # The experiment's panel is not built for this: without it there is nothing to draw.
    panel = host.experiment() if experiment and host.has_experiment() else None
    result = panel.result if panel is not None else None
    if panel is not None and result is not None:
        plots = panel.plots
        if not plots.isVisible():  # never laid out while its tab is hidden: draw a copy
            copy = VariancePlots()
            copy.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
            copy.resize(*VARIANCE_SIZE)
            copy.show_result(result, panel.histogram_d_k())
            copy.show()
            QCoreApplication.sendPostedEvents()
            plots = copy
        for key in VARIANCE_PLOTS:
            name = f"variance-{key}"
            figures.append(figure(name, plots, getattr(plots, key)))
    try:
        yield figures
    finally:
        if copy is not None:
            copy.close()
            shiboken6.delete(copy)


def step_titles() -> tuple[str, str, str, str]:
    """Return the titles of the four heatmaps, ① to ④, in the current language."""
    return (
        QCoreApplication.translate("Export", "① scores S = QKᵀ"),
        QCoreApplication.translate("Export", "② scaled scores S/τ"),
        QCoreApplication.translate("Export", "③ weights A"),
        QCoreApplication.translate("Export", "④ context Z = A·V"),
    )


def figure_titles() -> dict[str, str]:
    """File stem → title of every figure, in the order they are exported."""
    steps = zip(STEPS, step_titles(), strict=True)
    titles = {f"{n}-{step}": title for n, (step, title) in enumerate(steps, 1)}
    titles["weight-bars"] = QCoreApplication.translate(
        "Export", "Weights of the selected token (bars)"
    )
    titles["mixing"] = QCoreApplication.translate("Export", "Mixing: z = Σ A·v")
    titles["weight-lines"] = QCoreApplication.translate("Export", "Weights as lines (BertViz)")
    titles["weight-lines-heads"] = QCoreApplication.translate(
        "Export", "Weights as lines, every head in its colour"
    )
    titles["heads"] = QCoreApplication.translate("Export", "Weights A of every head")
    titles["concat"] = QCoreApplication.translate(
        "Export", "Concat(head₁, …, headₕ) = [Z₁ | … | Zₕ]"
    )
    titles["concat-output"] = QCoreApplication.translate(
        "Export", "MultiHead(Q, K, V) = Concat(…)·W_o"
    )
    titles["mask"] = QCoreApplication.translate("Export", "Mask: which keys each query may see")
    titles["atlas"] = QCoreApplication.translate(
        "Export", "The real model: A of every layer and head"
    )
    titles.update(comparison_titles(step_titles()))  # while a setting is pinned
    titles.update(training_titles())  # once the head has trained
    titles["variance-spread"] = QCoreApplication.translate(
        "Export", "Experiment: spread of q·k against d_k"
    )
    titles["variance-histogram"] = QCoreApplication.translate(
        "Export", "Experiment: histogram of q·k"
    )
    titles["variance-winner"] = QCoreApplication.translate(
        "Export", "Experiment: largest weight against d_k"
    )
    titles["variance-gradient"] = QCoreApplication.translate(
        "Export", "Experiment: size of the softmax's gradient"
    )
    return titles


def check_formats(formats: Iterable[str]) -> tuple[str, ...]:
    """Return ``formats`` without repeats; ValueError if one is unknown or there is none."""
    chosen = tuple(dict.fromkeys(formats))
    unknown = [f for f in chosen if f not in ALL_FORMATS]
    if unknown or not chosen:
        raise ValueError(
            f"unknown format {', '.join(unknown) or '(none)'}; choose from {', '.join(ALL_FORMATS)}"
        )
    return chosen


def export_all_files(
    host: ExportHost, formats: Iterable[str] = ALL_FORMATS, scale: float = 2.0,
    captions: bool = True,
) -> dict[str, bytes]:  # fmt: skip
    """Return file name → contents of every file of Export all but the session.

    Every figure in the chosen figure formats (with ``captions``: its title, the selected
    row and its legend), and the matrices as CSV (one file each) and JSON, as chosen; while
    a setting is pinned, A's matrices and B − A too (gui.export.compared_matrices); once
    the head has trained, training.json with JSON. The session is written separately
    (write_export).
    """
    chosen = check_formats(formats)
    check_scale(scale)
    files: dict[str, bytes] = {}
    figure_formats = [f for f in FIGURE_FORMATS if f in chosen]
    if figure_formats:
        ensure_variance_result(host)
        with window_figures(host, captions=captions) as figures:
            for figure in figures:
                for fmt in figure_formats:
                    files[f"{figure.name}.{fmt}"] = render_figure(figure, fmt, scale)
    pinned = pinned_matrices(host.state)  # A and B − A, while a setting is pinned
    if "csv" in chosen:
        files.update(matrices_csv(host.state))
        if pinned is not None:
            files.update(pinned_csv_files(pinned, host.state.tokens))
    if "json" in chosen:
        more = [] if pinned is None else pinned_json(pinned)
        files[JSON_FILE] = matrices_json(host.state, more)
        if host.state.training.history:
            files[TRAINING_FILE] = training_json(host.state)
    return files
