"""Exporting from the window: File → Export, Edit → Copy matrix, and a menu on every plot.

File → Export writes a figure, everything or a handout; Edit → Copy matrix copies
tab-separated text or LaTeX; the context menu on every plot does both for its figure.

The controller asks (dialogs, overwrite questions) and reports (status bar, a warning box);
the work is done by gui.export's figures, matrices, files and handout modules, which write
bytes and never ask.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QObject, QPoint, Qt
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QMenu, QMessageBox

from engine.vocabulary import STEPS
from gui.export.formats import (
    ALL_FORMATS,
    FIGURE_FORMATS,
    MATRICES,
    SESSION_FILE,
    VARIANCE_PLOTS,
)
from gui.export.host import ExportHost
from gui.support.settings import remember_folder, start_folder

if TYPE_CHECKING:
    from engine import AttentionResult
    from gui.export.progress import ExportRun

COPY_KINDS = ("tsv", "latex")
FOLDER_KEY = "export/folder"  # where the last export went: the next dialog opens there


def matrix_title(key: str) -> str:
    """How a matrix is named in menus."""
    titles = {
        "q": QCoreApplication.translate("MatrixExport", "Q (queries)"),
        "k": QCoreApplication.translate("MatrixExport", "K (keys)"),
        "v": QCoreApplication.translate("MatrixExport", "V (values)"),
        "scores": QCoreApplication.translate("MatrixExport", "S = QKᵀ (scores)"),
        "scaled": QCoreApplication.translate("MatrixExport", "S/τ (scaled scores)"),
        "weights": QCoreApplication.translate("MatrixExport", "A (weights)"),
        "context": QCoreApplication.translate("MatrixExport", "Z = A·V (context)"),
    }
    return titles[key]


def _shape(result: AttentionResult) -> tuple[int, int, int]:
    """Return (tokens, d_k, d_v) of one head's result."""
    return (result.scores.shape[0], result.q.shape[1], result.v.shape[1])


class ExportController(QObject):
    """Owns the export menus, and the work they start.

    ``export_figure``, ``export_all``, ``write_handout`` and ``copy_matrix`` do the work
    without dialogs (they still ask before overwriting).

    It offers ``menu`` (File → Export) and ``copy_menu`` (Edit → Copy matrix) for the
    window to insert, and a context menu on every plot it is shown with
    ``offer_context_menu``; it reaches the window only through ``host``.
    """

    def __init__(self, host: ExportHost, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.folder = start_folder(FOLDER_KEY)  # remembered, else documents, else home
        self.scale = 2.0
        self.formats: tuple[str, ...] = ALL_FORMATS
        # each figure with its title, the selected row and its legend: the dialogs' choice
        self.captions = True
        self.last_error = ""
        self.running: ExportRun | None = None  # the Export all under way, if any

        self.menu = QMenu(host.dialog_parent())
        self.menu.setObjectName("exportMenu")
        self.figure_action = self._action(self.menu, "exportFigureAction", self.ask_export_figure)
        self.all_action = self._action(self.menu, "exportAllAction", self.ask_export_all)
        self.handout_action = self._action(self.menu, "handoutAction", self.ask_handout)

        self.copy_menu = QMenu(host.dialog_parent())
        self.copy_menu.setObjectName("copyMatrixMenu")
        self.copy_submenus: dict[str, QMenu] = {}
        self.copy_actions: dict[tuple[str, str], QAction] = {}
        for key in MATRICES:
            submenu = self.copy_menu.addMenu("")
            self.copy_submenus[key] = submenu
            for kind in COPY_KINDS:
                slot = lambda _=False, k=key, c=kind: self.copy_matrix(k, c)  # noqa: E731
                self.copy_actions[(key, kind)] = self._action(submenu, f"copy-{key}-{kind}", slot)

        for view in self._views():
            self.offer_context_menu(view)
        self.retranslate()

    def offer_context_menu(self, view: pg.GraphicsView) -> None:
        """Give ``view`` the right-click menu of its figure (export, copy)."""
        scene = view.scene()
        for action in scene.contextMenu:  # pyqtgraph's own "Export..." (English only) gives way
            action.deleteLater()
        scene.contextMenu = []
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(
            lambda pos, v=view: self._on_context_menu_requested(v, pos)
        )

    @staticmethod
    def _action(menu: QMenu, name: str, slot: object) -> QAction:
        action = menu.addAction("")
        action.setObjectName(name)
        action.triggered.connect(slot)
        return action

    def retranslate(self) -> None:
        """Set every text of the menus in the current language."""
        self.menu.setTitle(self.tr("E&xport"))
        self.figure_action.setText(self.tr("Export &figure…"))
        self.all_action.setText(self.tr("Export &all…"))
        self.handout_action.setText(self.tr("&Handout PDF…"))
        self.copy_menu.setTitle(self.tr("Copy &matrix"))
        for key, submenu in self.copy_submenus.items():
            submenu.setTitle(matrix_title(key))
            self.copy_actions[(key, "tsv")].setText(self.tr("As tab-separated text"))
            self.copy_actions[(key, "latex")].setText(self.tr("As LaTeX (bmatrix)"))

    # ------------------------------------------------------------ context menus
    def _views(self) -> dict[pg.GraphicsView, str | None]:
        """Each plot widget and its figure (None: the experiment's, chosen by position)."""
        host = self.host
        views: dict[pg.GraphicsView, str | None] = {
            view: name for name, view in host.figure_views().items()
        }
        if host.has_experiment():
            views[host.experiment().plots] = None
        return views

    def figure_at(self, view: pg.GraphicsView, pos: QPoint) -> str | None:
        """Return the figure under ``pos`` (viewport coordinates) of ``view``, if any."""
        name = self._views().get(view)
        if name is not None or not self.host.has_experiment():
            return name
        if view is not self.host.experiment().plots:
            return name
        scene_pos = view.mapToScene(pos)
        for key in VARIANCE_PLOTS:
            if getattr(view, key).sceneBoundingRect().contains(scene_pos):
                return f"variance-{key}"
        return None

    def context_menu(self, view: pg.GraphicsView, pos: QPoint) -> QMenu | None:
        """Return the menu a right click at ``pos`` opens: export, and copy for a heatmap."""
        name = self.figure_at(view, pos)
        if name is None:
            return None
        menu = QMenu(view)
        for fmt, text in (("png", self.tr("Export as PNG…")), ("svg", self.tr("Export as SVG…")),
                          ("pdf", self.tr("Export as PDF…"))):  # fmt: skip
            action = menu.addAction(text)
            action.setObjectName(f"export-{fmt}")
            action.triggered.connect(lambda _=False, f=fmt: self.ask_export_figure(name, f))
        step = name.split("-", 1)[-1]  # "3-weights" → "weights"; "mixing" has no step
        if step in STEPS:
            menu.addSeparator()
            for kind, text in (
                ("tsv", self.tr("Copy as TSV")),
                ("latex", self.tr("Copy as LaTeX")),
            ):
                action = menu.addAction(text)
                action.setObjectName(f"copy-{kind}")
                action.triggered.connect(lambda _=False, k=kind: self.copy_matrix(step, k))
        return menu

    def _on_context_menu_requested(self, view: pg.GraphicsView, pos: QPoint) -> None:
        menu = self.context_menu(view, pos)
        if menu is not None:
            menu.exec(view.viewport().mapToGlobal(pos))
            menu.deleteLater()

    # ------------------------------------------------------------ the work
    def copy_matrix(self, key: str, kind: str) -> str:
        """Put one matrix on the clipboard as "tsv" or "latex"; returns the text."""
        from gui.export.matrices import matrix_latex, matrix_tsv

        state = self.host.state
        text = matrix_tsv(state, key) if kind == "tsv" else matrix_latex(state, key)
        QGuiApplication.clipboard().setText(text)
        how = self.tr("tab-separated text") if kind == "tsv" else self.tr("LaTeX")
        self._done(self.tr("Copied {0} as {1}").format(MATRICES[key][0], how))
        return text

    def export_figure(self, name: str, path: str | Path, fmt: str, scale: float = 2.0,
                      captions: bool = True) -> bool:  # fmt: skip
        """Write one figure to ``path``; False if refused or failed (and said why).

        With ``captions`` it carries its title, the selected row and its legend.
        """
        from gui.export.files import ExportError, ensure_variance_result, window_figures
        from gui.export.render import render_figure

        def draw() -> bytes:
            experiment = name.startswith("variance-")
            if experiment and not ensure_variance_result(self.host):
                raise ExportError(self.tr("The experiment has no result to draw yet"))
            with window_figures(self.host, experiment, captions) as figures:
                figure = next((f for f in figures if f.name == name), None)
                if figure is None:
                    raise ExportError(self.tr("There is no figure called {0}").format(name))
                return render_figure(figure, fmt, scale)

        return self._save(Path(path), draw)

    def _save(self, path: Path, make: Callable[[], bytes]) -> bool:
        """Ask before replacing ``path``, write what ``make`` returns, and say how it went."""
        from gui.export.files import ExportError, describe_error, write_atomic

        if path.exists() and not self.confirm_overwrite([path.name], path.parent):
            return False
        try:
            write_atomic(path, make())
        except ExportError as error:
            self._fail(str(error))
            return False
        except Exception as error:  # a figure that could not be drawn, memory …: said
            self._fail(describe_error(error, path))
            return False
        self._done(self.tr("Saved {0}").format(path))
        return True

    def export_all(self, folder: str | Path, formats: tuple[str, ...] | None = None,
                   scale: float | None = None,
                   captions: bool | None = None) -> list[Path] | None:  # fmt: skip
        """Write every figure, the matrices and the session into ``folder``.

        ``formats``, ``scale`` and ``captions`` (each figure's title, row and legend) are the
        dialog's last choice unless given.

        Returns the files written, or None if refused or cancelled. The window stays
        responsive meanwhile, with a progress dialog (see gui.export.progress.ExportRun).
        """
        from gui.export.files import ExportError, describe_error, existing
        from gui.export.progress import ExportRun

        if self.running is not None:  # the dialog is modal: only code can get here
            return None
        # Path("") is ".", and a relative path is the program's folder: never a choice
        if not str(folder).strip() or not Path(folder).is_absolute():
            text = self.tr("Export all needs a whole folder path, not “{0}”: nothing was written")
            self._fail(text.format(folder))
            return None
        folder = Path(folder)
        if not folder.is_dir():
            self._fail(self.tr("The folder {0} does not exist").format(folder))
            return None
        top = folder.resolve()  # "/tmp/.." and a link to "/" are the top too
        if top == Path(top.anchor) and not self.confirm_top_of_disk(top):
            self._done(self.tr("Export cancelled: nothing was written"))
            return None
        formats = formats or self.formats
        captions = self.captions if captions is None else captions
        if not self.confirm_size(formats):
            self._done(self.tr("Export cancelled: nothing was written"))
            return None
        run = ExportRun(self.host, formats, scale or self.scale, captions)
        self.running = run
        try:
            session = self.host.state.to_preset()
            files = run.render()
            if files is None:
                self._done(self.tr("Export cancelled: nothing was written"))
                return None
            taken = existing(folder, [*files, SESSION_FILE])
            if taken and not self.confirm_overwrite(taken, folder):
                return None
            written = run.write(folder, files, session)
        except ExportError as error:
            self._fail(str(error))
            return None
        except Exception as error:  # a figure that could not be drawn, memory …: said
            self._fail(describe_error(error, folder))
            return None
        finally:
            run.close()
            self.running = None
        message = self.tr("Exported {0} files to {1}").format(len(written), folder)
        if self.host.experiment().result is None and set(formats) & set(FIGURE_FORMATS):
            message += " " + self.tr("(not the experiment's plots: the experiment did not run)")
        self._done(message)
        return written

    def write_handout(self, path: str | Path, page: str = "A4", captions: bool = True) -> bool:
        """Write the handout PDF on ``page`` paper to ``path``; False if refused or failed.

        With ``captions`` its figures carry their titles, the selected row and the mixing
        view's legend. It asks before replacing a file, and says why when it fails.
        """
        from gui.export.handout import handout_pdf

        return self._save(Path(path), lambda: handout_pdf(self.host, page, captions))

    # ------------------------------------------------------------ asking
    # The export code and its dialogs are loaded when first used, not at start-up.
    def confirm_overwrite(self, names: list[str], folder: Path) -> bool:
        """Ask before replacing ``names`` in ``folder``; True to replace them."""
        from gui.export.dialogs import confirm_replace

        return confirm_replace(self.host.dialog_parent(), names, folder)

    def confirm_size(self, formats: tuple[str, ...]) -> bool:
        """Ask before writing matrices past 200 MB, with their size; say why past memory.

        True to go on. The matrices grow as heads × T² (a 987 MB matrices.json at 1,024
        tokens and 16 heads); the figures are drawn at their design size and do not.
        """
        from engine.formats.export_size import check_export, estimate_export, pinned_numbers
        from engine.messages import InputError
        from gui.support.engine_text import message_text

        state = self.host.state
        heads = state.heads_result
        count = 1 if heads is None else heads.count
        d_k = state.result.q.shape[1] * count
        d_v = state.result.v.shape[1] * count
        output = heads is not None and heads.output is not None
        extra, pinned = 0, state.comparison.result  # A's matrices and B − A
        if pinned is not None:
            extra = pinned_numbers(_shape(pinned), _shape(state.result))
        estimate = estimate_export(len(state.tokens), d_k, d_v, count, output, formats, extra)
        try:
            check_export(estimate, allow_large=True)
        except InputError as error:  # past the machine's memory: never started
            self._fail(message_text(error.message))
            return False
        if not estimate.is_large:
            return True
        text = self.tr(
            "The matrices ({0}) would be about {1} and take about {2} s to write. Write "
            "them? (Without CSV and JSON, the figures alone stay small.)"
        ).format(estimate.files, estimate.size_text(), f"{max(estimate.seconds, 1):,.0f}")
        buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
        answer = QMessageBox.question(self.host.dialog_parent(), self.tr("Export all"), text,
                                      buttons, QMessageBox.StandardButton.No)  # fmt: skip
        return answer == QMessageBox.StandardButton.Yes

    def confirm_top_of_disk(self, folder: Path) -> bool:
        """Ask before writing into ``folder``, the top of a disk; True to write there."""
        text = self.tr(
            "{0} is the top of the disk. Export all would put its files and folders (about "
            "a hundred) straight into it, not into a folder of their own. Write them there?"
        ).format(folder)
        buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
        answer = QMessageBox.question(self.host.dialog_parent(), self.tr("Export all"), text,
                                      buttons, QMessageBox.StandardButton.No)  # fmt: skip
        return answer == QMessageBox.StandardButton.Yes

    def _remember(self, folder: Path) -> None:
        self.folder = folder
        remember_folder(FOLDER_KEY, folder)

    def _start(self) -> Path:
        """Return the folder the next dialog opens in: the last one, if it is still there."""
        if not self.folder.is_dir():
            self.folder = start_folder(FOLDER_KEY)
        return self.folder

    def _save_path(self, suggested: str, fmt: str) -> Path | None:
        from gui.export.dialogs import ask_save_path

        chosen = ask_save_path(self.host.dialog_parent(), self._start() / suggested, fmt)
        if chosen is not None:
            self._remember(chosen.parent)
        return chosen

    def ask_export_figure(self, name: str | None = None, fmt: str = "png") -> bool:
        """Ask which figure, format and scale, then where; then export it.

        The dialog starts at ``name`` and ``fmt`` (a context menu passes its figure and
        format). True if a file was written.
        """
        from gui.export.comparison_figures import comparison_names
        from gui.export.dialogs import FigureDialog
        from gui.export.files import figure_titles
        from gui.export.page_figures import figure_names
        from gui.export.training_export import training_names

        state = self.host.state  # the figures of this state, its comparison if pinned, training
        shown = [*figure_names(state, self.host.model_run), *comparison_names(state),
                 *training_names(state)]  # fmt: skip
        titles = {key: title for key, title in figure_titles().items()
                  if key in shown or key.startswith("variance-")}  # fmt: skip
        dialog = FigureDialog(titles, name, fmt, self.scale, self.host.dialog_parent(),
                              self.captions)  # fmt: skip
        if not dialog.exec():
            return False
        name, fmt, scale = dialog.values()
        self.captions = dialog.captioned()
        if fmt == "png":
            self.scale = scale
        path = self._save_path(f"{name}.{fmt}", fmt)
        return path is not None and self.export_figure(name, path, fmt, scale, self.captions)

    def ask_export_all(self) -> list[Path] | None:
        """Ask which formats and scale, then which folder; then export everything.

        Returns the files written, or None if cancelled, refused or failed.
        """
        from gui.export.dialogs import ExportAllDialog, ask_folder
        from gui.export.files import ExportError

        dialog = ExportAllDialog(self.formats, self.scale, self.host.dialog_parent(), self.captions)
        if not dialog.exec():
            return None
        self.formats, self.scale = dialog.values()
        self.captions = dialog.captioned()
        parent, title = self.host.dialog_parent(), self.tr("Export all into")
        try:
            folder = ask_folder(parent, title, self._start())
        except ExportError as error:  # not the one folder its box shows: said, nothing written
            self._fail(str(error))
            return None
        if folder is None:
            return None
        written = self.export_all(folder)
        if written is not None:
            self._remember(folder)
        return written

    def ask_handout(self) -> bool:
        """Ask for the paper, then where to save; then write the handout. True if written."""
        from gui.export.dialogs import HandoutDialog

        dialog = HandoutDialog(self.host.dialog_parent(), self.captions)
        if not dialog.exec():
            return False
        self.captions = dialog.captioned()
        path = self._save_path("handout.pdf", "pdf")
        return path is not None and self.write_handout(path, dialog.values(), self.captions)

    # ------------------------------------------------------------ reporting
    def _done(self, message: str) -> None:
        self.host.show_status(message)

    def _fail(self, message: str) -> None:
        self.last_error = message
        self.host.show_status(message)
        QMessageBox.warning(self.host.dialog_parent(), self.tr("Export failed"), message)
