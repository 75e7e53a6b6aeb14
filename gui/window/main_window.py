"""The main window, which only assembles widgets; they talk through the state.

The inputs on the left; the formula and the four heatmaps in the middle, with the experiment
in a second tab; the temperature dial and the mixing view on the right; the hand calculation
below.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import TYPE_CHECKING

import pyqtgraph as pg
from PySide6.QtCore import QSignalBlocker, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QColor, QPaintEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QMainWindow,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from engine import Preset, load_preset
from engine.vocabulary import STEPS
from gui.export.controller import ExportController
from gui.model.model_run import ModelRun
from gui.model.state import AttentionState
from gui.session.controller import SessionController
from gui.session.sentences import SentenceOpener
from gui.support.language import Retranslating
from gui.views.drawn_when_shown import DrawnWhenShown
from gui.views.formula_bar import FormulaBar
from gui.views.hand_calculation import ExplainPanel
from gui.views.heads_panel import HeadsPanel
from gui.views.inputs_panel import InputsPanel
from gui.views.mixing import MixingView
from gui.views.model_atlas import ModelAtlas
from gui.views.pipeline import PipelineView
from gui.views.source_banner import SourceBanner
from gui.views.temperature_dial import TemperatureDial
from gui.views.weight_bars import WeightBars
from gui.views.weight_lines import WeightLines
from gui.window.layout_settings import restore_window_settings, save_window_settings
from gui.window.menus import Menus
from gui.window.presenter import Presenter
from gui.window.random_dialog import RandomPresetDialog
from gui.window.unseen_figures import (
    BARS_ROOM,
    MIXING_ROOM,
    heads_page_room,
    laid_out,
    shown_aside,
)

if TYPE_CHECKING:
    from gui.variance.panel import VariancePanel


def catch_up(dock: QDockWidget, seen: bool) -> None:
    """Draw the views of ``dock`` that put off drawing while it was behind another."""
    for view in dock.findChildren(DrawnWhenShown) if seen else ():
        view.catch_up()


class MainWindow(Retranslating, QMainWindow):
    """``window.state`` owns the inputs; ``window.state.result`` is what is on screen.

    The window assembles: it builds the views, plugs in the features (sessions, export,
    presenter mode), inserts their menus and connects their signals. It is the export's
    host (:class:`gui.export.host.ExportHost`); no feature receives the window itself.
    """

    first_paint = Signal()
    variance_built = Signal()  # the experiment's panel exists now (see ``variance``)

    def __init__(self, preset: Preset | None = None) -> None:
        super().__init__()
        self._painted = False
        self._heads_shown = False  # the heads' dock shown by a split into heads already
        shown = preset if preset is not None else load_preset("cat-eats-fish")
        self.state = AttentionState(shown, self)
        self.setWindowTitle(self.tr("Attention Lab"))
        self.resize(1280, 720)

        self.inputs = InputsPanel(self.state, self)
        self.formula = FormulaBar(self.state, self)
        self.pipeline = PipelineView(self.state, self)
        self.explanation = ExplainPanel(self.state, self)
        self.dial = TemperatureDial(self.state, self)
        self.mixing = MixingView(self.state, self)
        self.heads = HeadsPanel(self.state, self)
        self.model_run = ModelRun(self.state, self)  # a sentence through a real model
        self.atlas = ModelAtlas(self.model_run, self)
        self.banner = SourceBanner(self.state, self)  # whose numbers, when a model's
        centre = QWidget(self)
        centre_layout = QVBoxLayout(centre)
        centre_layout.setContentsMargins(4, 0, 4, 4)
        centre_layout.addWidget(self.formula)
        centre_layout.addWidget(self.banner)
        centre_layout.addWidget(self.pipeline, 1)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("centralTabs")
        self.tabs.addTab(centre, "")
        # The experiment's panel is built when first needed: not on the way to the first paint.
        self._variance: VariancePanel | None = None
        self._variance_page = QWidget(self)
        self.tabs.addTab(self._variance_page, "")
        self.setCentralWidget(self.tabs)
        self._docks_before_experiment: list[QDockWidget] = []
        self.tabs.currentChanged.connect(self._on_tab_changed)
        # Docks, so a teacher can rearrange, hide or float any panel.
        self.docks = {
            "inputs": self._dock(self.inputs, Qt.DockWidgetArea.LeftDockWidgetArea),
            "temperature": self._dock(self.dial, Qt.DockWidgetArea.RightDockWidgetArea),
            "mixing": self._dock(self.mixing, Qt.DockWidgetArea.RightDockWidgetArea),
            "explanation": self._dock(self.explanation, Qt.DockWidgetArea.BottomDockWidgetArea),
            "heads": self._dock(self.heads, Qt.DockWidgetArea.RightDockWidgetArea),
            "model": self._dock(self.atlas, Qt.DockWidgetArea.RightDockWidgetArea),
        }  # fmt: skip
        # The heads, the concat and the mask: a tab beside the mixing view, there once asked
        # for (View menu) or once Q, K and V are split into heads.
        for dock in self.docks.values():  # a dock's tab to the front: its views catch up
            dock.visibilityChanged.connect(lambda seen, d=dock: catch_up(d, seen))
        self.tabifyDockWidget(self.docks["mixing"], self.docks["heads"])
        self.tabifyDockWidget(self.docks["heads"], self.docks["model"])
        self.docks["mixing"].raise_()
        self.docks["heads"].hide()
        self.docks["model"].hide()  # shown once a sentence runs
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.resizeDocks([self.docks["inputs"], self.docks["temperature"]], [330, 380],
                         Qt.Orientation.Horizontal)  # fmt: skip
        self.resizeDocks([self.docks["explanation"]], [185], Qt.Orientation.Vertical)
        self.resizeDocks([self.docks["temperature"], self.docks["mixing"]], [330, 330],
                         Qt.Orientation.Vertical)  # fmt: skip

        # The status bar from the start: made when the first message came, it pushed every
        # panel up by its height (about 20 px) and back again when the message went.
        self.statusBar().setSizeGripEnabled(True)
        self.menus = Menus(self, self.state, self.docks.values(), self.ask_random_preset,
                           self.load_built_in)  # fmt: skip
        self.file_menu, self.edit_menu = self.menus.file_menu, self.menus.edit_menu
        self.view_menu, self.preset_menu = self.menus.view_menu, self.menus.preset_menu
        self.quit_action = self.menus.quit_action  # other actions are inserted before it
        self.undo_action, self.redo_action = self.menus.undo_action, self.menus.redo_action
        self.toolbar, self.causal_toggle = self.menus.toolbar, self.menus.causal_toggle
        self.presenter = Presenter(self, self.state, self.tabs, self.docks, [self.toolbar])
        self.view_menu.insertAction(self.view_menu.actions()[0], self.presenter.toggle_action)
        self.view_menu.insertAction(self.view_menu.actions()[1], self.presenter.larger_action)
        self.view_menu.insertAction(self.view_menu.actions()[2], self.presenter.smaller_action)
        self.view_menu.insertSeparator(self.view_menu.actions()[3])
        self.view_menu.insertAction(self.menus.digits_menu.menuAction(), self.pipeline.whole_action)
        self.pipeline.hover_text.connect(self._on_hover_text)
        self.sessions = SessionController(self.state, self)
        self._insert_before_quit(self.sessions.file_actions())
        self.sessions.title_changed.connect(self.setWindowTitle)
        if shown.title:  # a built-in example (main.py opens one): named, not “untitled”
            self.sessions.name_example(shown)
        self.sessions.news.connect(lambda text: self.statusBar().showMessage(text, 5000))
        self.sessions.news.connect(self.inputs.clear_message)  # a file saved: a refusal is old
        self.sentences = SentenceOpener(self.state, self.model_run, self,
                                        self.sessions.load_as_new_document)  # fmt: skip
        self._insert_before_quit([None, self.sentences.sentence_action,
                                  self.sentences.folder_action])  # fmt: skip
        self.sentences.news.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.model_run.ran.connect(self._on_model_ran)
        # another head on screen: the news of the one opened before is old
        self.state.source_changed.connect(self.statusBar().clearMessage)
        restore_window_settings(self, self.state)
        self.exports = ExportController(self, self)
        self.file_menu.insertMenu(self.quit_action, self.exports.menu)
        self.file_menu.insertSeparator(self.quit_action)
        self.edit_menu.addSeparator()
        self.edit_menu.addMenu(self.exports.copy_menu)
        self.edit_menu.addAction(self.sentences.restore_action)
        self.variance_built.connect(lambda: self.exports.offer_context_menu(self.variance.plots))
        # a refusal, in the status bar too (the inputs' line may be hidden: presenter mode),
        # until something works or ten seconds have passed; other news is left alone
        self._refusal = ""
        self.state.message.connect(self._on_refusal)
        self.inputs.message_cleared.connect(self._on_refusal_old)
        self.state.causal_changed.connect(self._on_causal_changed)
        self.state.structure_changed.connect(self._on_structure_changed)
        self.state.heads_changed.connect(self._on_heads_changed)
        self.retranslate()
        self._on_heads_changed(self.state.heads)  # a session or preset of several heads

    def _insert_before_quit(self, actions: list[QAction | None]) -> None:
        for action in actions:
            if action is None:
                self.file_menu.insertSeparator(self.quit_action)
            else:
                self.file_menu.insertAction(self.quit_action, action)

    def retranslate(self) -> None:
        """Set every text of the window and of the features it owns in the current language.

        The one retranslation mechanism: a widget answers Qt's LanguageChange with its
        ``retranslate`` (the ``Retranslating`` mixin); an object that is not a widget (the
        menus, the controllers) is retranslated by the widget that owns it, here.
        """
        self.tabs.setTabText(0, self.tr("① ② ③ ④ The four steps"))
        self.tabs.setTabText(1, self.tr("Why divide by √d_k? (experiment)"))
        titles = {  # the three at the right are tabs of about 125 px: short, to be read whole
            "temperature": self.tr("Temperature dial"),
            "mixing": self.tr("Mixing"),
            "explanation": self.tr("Hand calculation"),
            "heads": self.tr("Heads, mask"),
            "model": self.tr("Real model"),
        }
        for key, title in titles.items():
            self.docks[key].setWindowTitle(title)
        if self._refusal and self.statusBar().currentMessage() == self._refusal:
            again = self.state.said_again(self._refusal)  # or gone, as above the grids
            self._on_refusal_old()
            if again is not None:
                self._on_refusal(again)
        self._on_structure_changed()  # the inputs' title, which follows the mode
        self.state.retranslate_history()  # before the menus: Edit → Undo names its step
        self.menus.retranslate()
        self.presenter.retranslate()
        self.sessions.retranslate()  # and the title, which names the session file
        self.sentences.retranslate()
        self.exports.retranslate()

    def _on_model_ran(self) -> None:
        dock = self.docks["model"]  # every layer's and head's A of the new sentence
        dock.show()
        dock.raise_()

    def _on_heads_changed(self, heads: int) -> None:
        # split into heads: show every head (once; closed again, it stays closed until asked)
        dock = self.docks["heads"]
        if heads > 1 and not dock.isVisible() and not self._heads_shown:
            self._heads_shown = True
            dock.show()
            dock.raise_()

    def _on_refusal(self, text: str) -> None:
        self._refusal = text
        self.statusBar().showMessage(text, 10000)

    def _on_refusal_old(self) -> None:
        if self._refusal and self.statusBar().currentMessage() == self._refusal:
            self.statusBar().clearMessage()
        self._refusal = ""

    def _on_hover_text(self, text: str) -> None:
        # the cell under the mouse, at any size; gone with the mouse
        if text:
            self.statusBar().showMessage(text)
        else:
            self.statusBar().clearMessage()

    def _dock(self, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(self)
        dock.setObjectName(f"{widget.objectName() or type(widget).__name__}Dock")
        dock.setWidget(widget)
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
        )
        self.addDockWidget(area, dock)
        return dock

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        """Close only once unsaved changes are settled; then keep the layout and stop the work."""
        # presenter mode's full-screen layout is not the one to remember: the one it was
        # entered from is (given back on leaving, but a window manager may take its time)
        normal = self.presenter.normal_layout()
        if self.presenter.active:
            self.presenter.toggle_action.setChecked(False)
        if not self.sessions.confirm_close():
            event.ignore()
            return
        if self.has_variance_panel() and self.tabs.currentWidget() is self.variance:
            self.tabs.setCurrentIndex(0)  # the experiment tab hides the docks: save them shown
        save_window_settings(self, self.state, normal)
        self.dial.pause()
        if self._variance is not None:
            self._variance.shutdown()
        super().closeEvent(event)

    @property
    def variance(self) -> VariancePanel:
        """The variance experiment's panel (its tab), built the first time it is asked for."""
        if self._variance is None:
            from gui.variance.panel import VariancePanel

            panel = VariancePanel(self)
            index, current = self.tabs.indexOf(self._variance_page), self.tabs.currentIndex()
            title = self.tabs.tabText(index)
            with QSignalBlocker(self.tabs):
                self.tabs.removeTab(index)
                self.tabs.insertTab(index, panel, title)
                self.tabs.setCurrentIndex(current)
            self._variance_page.deleteLater()
            self._variance = panel
            self.variance_built.emit()
        return self._variance

    def has_variance_panel(self) -> bool:
        """Return True once the experiment's panel is built (asking ``variance`` builds it)."""
        return self._variance is not None

    def _on_tab_changed(self, index: int) -> None:
        """Give the experiment the whole window; the docks come back with the four steps."""
        if self.tabs.widget(index) is self._variance_page:
            self.variance  # noqa: B018 (built now, shown in place of the empty page)
        if self.tabs.widget(index) is self._variance:
            self._docks_before_experiment = [d for d in self.docks.values() if d.isVisible()]
            for dock in self._docks_before_experiment:
                dock.hide()
        else:
            for dock in self._docks_before_experiment:
                dock.show()
            self._docks_before_experiment = []
        # Laid out now, not when the docks' layout request comes round: the new tab's first
        # paint was at the old centre's size (525 × 420 of 1276 × 611 at 1280 × 720),
        # squeezed between the docks with the plots' titles cut off.
        layout = self.layout()
        if layout is not None:
            layout.activate()

    # ------------------------------------------------------------ the export's host
    def figure_views(self) -> dict[str, pg.GraphicsView]:
        """Return file stem → plot of every figure but the experiment's, in export order."""
        views: dict[str, pg.GraphicsView] = {
            f"{n}-{step}": self.pipeline.heatmaps[step] for n, step in enumerate(STEPS, 1)
        }
        views["weight-bars"] = self.dial.bars.plot
        self.mixing.catch_up()  # behind the heads' tab it drew nothing since
        views["mixing"] = self.mixing.canvas
        views["weight-lines"] = self.heads.lines.plot
        return views

    def laid_out_views(self) -> AbstractContextManager[dict[str, pg.GraphicsView]]:
        """Return a context giving ``figure_views``, each laid out as the window shows it.

        A figure never laid out (its dock closed, its tab never opened, the command line)
        is drawn from a copy laid out in its room (gui.window.unseen_figures).
        """
        state = self.state

        def bars() -> tuple[QWidget, pg.GraphicsView]:
            copy = shown_aside(WeightBars(state), BARS_ROOM)
            return copy, copy.plot

        def mixing() -> tuple[QWidget, pg.GraphicsView]:
            copy = shown_aside(MixingView(state), MIXING_ROOM)
            copy.draw()  # out of sight, it would only note that it owes a drawing
            return copy, copy.canvas

        def lines() -> tuple[QWidget, pg.GraphicsView]:
            room = heads_page_room(self.heads, self.docks["heads"], self.docks["mixing"])
            copy = WeightLines(state)
            copy.set_all_heads(self.heads.lines.all_heads())
            return shown_aside(copy, room), copy.plot

        copies = {"weight-bars": bars, "mixing": mixing, "weight-lines": lines}
        return laid_out(self.figure_views(), copies)

    def experiment(self) -> VariancePanel:
        """Return the experiment's panel, built if it was not yet."""
        return self.variance

    def has_experiment(self) -> bool:
        """Return True once the experiment's panel exists."""
        return self.has_variance_panel()

    def mixing_legend(self) -> str:
        """Return the mixing view's legend (HTML): which colour is which token."""
        return self.mixing.legend_html()

    def mixing_entries(self) -> list[tuple[QColor, str]]:
        """Return the mixing view's legend as colours and texts: which colour is which token."""
        return self.mixing.legend_entries()

    def show_status(self, message: str) -> None:
        """Show ``message`` in the status bar for ten seconds.

        A refusal above the grids is old news then.
        """
        self.statusBar().showMessage(message, 10000)
        self.inputs.clear_message()

    def dialog_parent(self) -> QWidget:
        """Return the widget that dialogs belong to: this window."""
        return self

    # ------------------------------------------------------------ actions
    def load_built_in(self, name: str) -> None:
        """Load the built-in example ``name``, as one undoable step; the title names it."""
        self.sessions.load_example(name)

    def ask_random_preset(self) -> None:
        """Ask for a random example's size and seed, then load it as one undoable step.

        A new, untitled document, as the Presets menu's examples are: the title does not
        go on naming what was open before it.
        """
        dialog = RandomPresetDialog(self)
        if dialog.exec():
            values = dialog.values()
            self.sessions.load_as_new_document(lambda: self.state.load_random(*values), {})

    def _on_structure_changed(self) -> None:
        inputs = self.docks["inputs"]
        projection = self.tr("Inputs: tokens, X, W_q, W_k, W_v")
        inputs.setWindowTitle(
            projection if self.state.is_projection else self.tr("Inputs: tokens, Q, K, V")
        )  # what the panel shows: X and the W's in projection mode

    def _on_causal_changed(self, causal: bool) -> None:
        with QSignalBlocker(self.causal_toggle):
            self.causal_toggle.setChecked(causal)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        """Paint the window, and send ``first_paint`` the first time."""
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            # after the paint, not inside it: a listener that shows a dialog (main.py's
            # --sentence) repainted from within it ("Recursive repaint detected")
            QTimer.singleShot(0, self.first_paint.emit)
