"""The main window, which only assembles widgets; they talk through the state.

The inputs on the left; the formula and the four heatmaps in the middle, with the experiment
in a second tab; the temperature dial and the mixing view on the right; the hand calculation
below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyqtgraph as pg
from PySide6.QtCore import QSignalBlocker, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QColor, QPaintEvent
from PySide6.QtWidgets import (
    QMainWindow,
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
from gui.views.compared_steps import ComparedSteps
from gui.views.comparison_bar import ComparisonBar
from gui.views.formula_bar import FormulaBar
from gui.views.hand_calculation import ExplainPanel
from gui.views.heads_panel import HeadsPanel
from gui.views.inputs_panel import InputsPanel
from gui.views.mixing import MixingView
from gui.views.model_atlas import ModelAtlas
from gui.views.pipeline import PipelineView
from gui.views.source_banner import SourceBanner
from gui.views.temperature_dial import TemperatureDial
from gui.views.training_panel import TrainingPanel
from gui.window.comparing import Comparing
from gui.window.layout_settings import restore_window_settings, save_window_settings
from gui.window.menus import Menus
from gui.window.page_tabs import PageTabs
from gui.window.presenter import Presenter
from gui.window.workspace import Workspace
from gui.window.workspace_actions import WorkspaceActions

if TYPE_CHECKING:
    from gui.variance.panel import VariancePanel


class MainWindow(Retranslating, QMainWindow):
    """``window.state`` owns the inputs; ``window.state.result`` is what is on screen.

    The window assembles: it builds the views, plugs in the features (sessions, export,
    presenter view), inserts their menus and connects their signals. It is the export's
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
        self.training = TrainingPanel(self.state, self)  # built when its tab is first shown
        steps = QWidget(self)
        steps.setObjectName("stepsRegion")
        steps_layout = QVBoxLayout(steps)
        steps_layout.setContentsMargins(4, 0, 4, 4)
        steps_layout.addWidget(self.formula)
        steps_layout.addWidget(self.banner)
        self.comparison_bar = ComparisonBar(self.state, self)
        steps_layout.addWidget(self.comparison_bar)
        self.compared = ComparedSteps(self.state, self.pipeline, self)
        steps_layout.addWidget(self.compared, 1)
        self.panels: dict[str, QWidget] = {
            "temperature": self.dial,
            "mixing": self.mixing,
            "heads": self.heads,
            "model": self.atlas,
            "explanation": self.explanation,
            "training": self.training,
        }
        self.workspace = Workspace(self.inputs, steps, self.panels, self)
        self.tabs = PageTabs(self)
        self.tabs.setObjectName("centralTabs")
        self.tabs.addTab(self.workspace, "")
        # The experiment's panel is built when first needed: not on the way to the first paint.
        self._variance: VariancePanel | None = None
        self._variance_page = QWidget(self)
        self.tabs.addTab(self._variance_page, "")
        self.setCentralWidget(self.tabs)
        self.tabs.currentChanged.connect(self._on_tab_changed)

        # The status bar from the start: made when the first message came, it pushed every
        # panel up by its height (about 20 px) and back again when the message went.
        self.statusBar().setSizeGripEnabled(True)
        self.workspace_actions = WorkspaceActions(self.workspace, self)
        self.menus = Menus(self, self.state, self.workspace_actions.actions,
                           self.ask_random_preset, self.load_built_in)  # fmt: skip
        self.file_menu, self.edit_menu = self.menus.file_menu, self.menus.edit_menu
        self.view_menu, self.preset_menu = self.menus.view_menu, self.menus.preset_menu
        self.quit_action = self.menus.quit_action  # other actions are inserted before it
        self.undo_action, self.redo_action = self.menus.undo_action, self.menus.redo_action
        self.toolbar, self.causal_toggle = self.menus.toolbar, self.menus.causal_toggle
        self.presenter = Presenter(self.state, self, self.screen)
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
        self._insert_before_quit([self.sentences.sentence_action,
                                  self.sentences.folder_action, None])  # fmt: skip
        self.sentences.news.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.model_run.ran.connect(self._on_model_ran)
        # another head on screen: the news of the one opened before is old
        self.state.source_changed.connect(self.statusBar().clearMessage)
        restore_window_settings(self, self.workspace, self.state)
        self.workspace_actions.follow()
        self.exports = ExportController(self, self)
        self.file_menu.insertMenu(self.quit_action, self.exports.menu)
        self.file_menu.insertSeparator(self.quit_action)
        self.edit_menu.addSeparator()
        self.edit_menu.addMenu(self.exports.copy_menu)
        self.edit_menu.addAction(self.sentences.restore_action)
        self.comparing = Comparing(self.state, self, self.load_built_in,
                                   (self.model_run, self.sentences))  # fmt: skip
        self.edit_menu.addSeparator()
        self.edit_menu.addActions([self.comparing.pin_action, self.comparing.unpin_action])
        self.toolbar.addSeparator()
        self.toolbar.addActions([self.comparing.pin_action, self.comparing.unpin_action])
        self.view_menu.insertMenu(self.menus.digits_menu.menuAction(), self.comparing.shown_menu)
        self.preset_menu.insertMenu(self.menus.random_action, self.comparing.presets_menu)
        self.variance_built.connect(lambda: self.exports.offer_context_menu(self.variance.plots))
        self.heads.built.connect(lambda: self.exports.offer_context_menu(self.heads.lines.plot))
        # a refusal, in the status bar too (the inputs' column may be hidden from the View menu),
        # until something works or ten seconds have passed; other news is left alone
        self._refusal = ""
        self.state.message.connect(self._on_refusal)
        self.inputs.message_cleared.connect(self._on_refusal_old)
        self.state.causal_changed.connect(self._on_causal_changed)
        self.state.structure_changed.connect(self._on_structure_changed)
        self.state.heads_changed.connect(self._on_heads_changed)
        # a cell clicked here: its hand calculation in front, in place of mixing (not a step
        # walked in the presenter view: this window is left as it is)
        for heatmap in self.pipeline.heatmaps.values():
            heatmap.cell_clicked.connect(lambda *_: self.workspace.show_panel("explanation"))
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
        titles = {  # four tabs share a column of about 330 px: short, to be read whole
            "temperature": self.tr("Dial"),
            "mixing": self.tr("Mixing"),
            "explanation": self.tr("Hand calculation"),
            "heads": self.tr("Heads"),
            "model": self.tr("Real model"),
            "training": self.tr("Training"),
        }
        self.workspace.set_titles(titles, self._inputs_title())
        self.workspace_actions.retranslate()
        if self._refusal and self.statusBar().currentMessage() == self._refusal:
            again = self.state.said_again(self._refusal)  # or gone, as above the grids
            self._on_refusal_old()
            if again is not None:
                self._on_refusal(again)
        self.state.retranslate_history()  # before the menus: Edit → Undo names its step
        self.menus.retranslate()
        self.presenter.retranslate()
        self.sessions.retranslate()  # and the title, which names the session file
        self.sentences.retranslate()
        self.exports.retranslate()
        self.comparing.retranslate()

    def _on_model_ran(self) -> None:
        self.workspace.show_panel("model")  # every layer's and head's A of the new sentence

    def _on_heads_changed(self, heads: int) -> None:
        # split into heads: show every head (once; put behind, it stays there until asked)
        if heads > 1 and not self._heads_shown:
            self._heads_shown = True
            self.workspace.show_panel("heads")

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

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        """Close only once unsaved changes are settled; then keep the layout and stop the work."""
        if not self.sessions.confirm_close():
            event.ignore()
            return
        self.presenter.toggle_action.setChecked(False)  # its window goes with this one
        save_window_settings(self, self.workspace, self.state)
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
        """Build the experiment's panel the first time its tab is chosen."""
        if self.tabs.widget(index) is self._variance_page:
            self.variance  # noqa: B018 (built now, shown in place of the empty page)

    # ------------------------------------------------------------ the export's host
    def figure_views(self) -> dict[str, pg.GraphicsView]:
        """Return file stem → plot on screen of each figure built: its right-click menu exports it.

        The lines' plot is there once the heads' panel is built (shown, or asked for).

        What is exported is drawn from the state (gui.export.page_figures), not from these.
        """
        views: dict[str, pg.GraphicsView] = {
            f"{n}-{step}": self.pipeline.heatmaps[step] for n, step in enumerate(STEPS, 1)
        }
        views["weight-bars"] = self.dial.bars.plot
        views["mixing"] = self.mixing.canvas
        if self.heads.is_built():  # built when first shown: not for its menu before then
            views["weight-lines"] = self.heads.lines.plot
        return views

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
        from gui.window.random_dialog import RandomPresetDialog  # loaded when first asked

        dialog = RandomPresetDialog(self)
        if dialog.exec():
            values = dialog.values()
            self.sessions.load_as_new_document(lambda: self.state.load_random(*values), {})

    def _inputs_title(self) -> str:
        """Return the inputs' title: X and the W's in projection mode."""
        if self.state.is_projection:
            return self.tr("Inputs: tokens, X, W_q, W_k, W_v")
        return self.tr("Inputs: tokens, Q, K, V")

    def _on_structure_changed(self) -> None:
        self.workspace.inputs_title.setText(self._inputs_title())

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
            # (the window as the timer's context: deleted first, the timer goes with it)
            QTimer.singleShot(0, self, self.first_paint.emit)
