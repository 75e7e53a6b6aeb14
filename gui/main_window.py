"""The main window: inputs on the left, the formula, the four heatmaps and the hand
calculation on the right. It only assembles widgets; they talk through the state."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence, QPaintEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QDockWidget,
    QMainWindow,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from engine import Preset

from . import exporting, sessions
from .explain_panel import ExplainPanel
from .formula_bar import FormulaBar
from .inputs_panel import InputsPanel
from .mixing_view import MixingView
from .pipeline_view import PipelineView
from .presenter import Presenter
from .random_dialog import RandomPresetDialog
from .state import AttentionState
from .temperature_dial import TemperatureDial
from .variance_panel import VariancePanel


class MainWindow(QMainWindow):
    """``window.state`` owns the inputs; ``window.state.result`` is what is on screen."""

    first_paint = Signal()

    def __init__(self, preset: Preset | None = None) -> None:
        super().__init__()
        self._painted = False
        self.state = AttentionState(preset, self)
        self.setWindowTitle(self.tr("Attention Lab"))
        self.resize(1280, 720)

        self.inputs = InputsPanel(self.state, self)
        self.formula = FormulaBar(self.state, self)
        self.pipeline = PipelineView(self.state, self)
        self.explanation = ExplainPanel(self.state, self)
        self.dial = TemperatureDial(self.state, self)
        self.mixing = MixingView(self.state, self)
        centre = QWidget(self)
        centre_layout = QVBoxLayout(centre)
        centre_layout.setContentsMargins(4, 0, 4, 4)
        centre_layout.addWidget(self.formula)
        centre_layout.addWidget(self.pipeline, 1)
        self.variance = VariancePanel(self)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("centralTabs")
        self.tabs.addTab(centre, self.tr("① ② ③ ④ The four steps"))
        self.tabs.addTab(self.variance, self.tr("Why divide by √d_k? (experiment)"))
        self.setCentralWidget(self.tabs)
        self._docks_before_experiment: list[QDockWidget] = []
        self.tabs.currentChanged.connect(self._on_tab_changed)
        # Docks, so a teacher can rearrange, hide or float any panel.
        self.docks = {
            "inputs": self._dock(self.tr("Inputs: tokens, Q, K, V"), self.inputs,
                                 Qt.DockWidgetArea.LeftDockWidgetArea),
            "temperature": self._dock(self.tr("Temperature dial"), self.dial,
                                      Qt.DockWidgetArea.RightDockWidgetArea),
            "mixing": self._dock(self.tr("Mixing: z = Σ A·v"), self.mixing,
                                 Qt.DockWidgetArea.RightDockWidgetArea),
            "explanation": self._dock(self.tr("Hand calculation"), self.explanation,
                                      Qt.DockWidgetArea.BottomDockWidgetArea),
        }  # fmt: skip
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.resizeDocks([self.docks["inputs"], self.docks["temperature"]], [330, 380],
                         Qt.Orientation.Horizontal)  # fmt: skip
        self.resizeDocks([self.docks["explanation"]], [185], Qt.Orientation.Vertical)
        self.resizeDocks([self.docks["temperature"], self.docks["mixing"]], [330, 330],
                         Qt.Orientation.Vertical)  # fmt: skip

        self._build_menus()
        self.presenter = Presenter(self)
        self.view_menu.insertAction(self.view_menu.actions()[0], self.presenter.toggle_action)
        self.view_menu.insertAction(self.view_menu.actions()[1], self.presenter.larger_action)
        self.view_menu.insertAction(self.view_menu.actions()[2], self.presenter.smaller_action)
        self.view_menu.insertSeparator(self.view_menu.actions()[3])
        self.sessions = sessions.install(self)
        exporting.install(self)
        self.state.message.connect(lambda text: self.statusBar().showMessage(text, 10000))
        self.state.causal_changed.connect(self._on_causal_changed)

    def _build_menus(self) -> None:
        stack = self.state.undo_stack
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        self.file_menu = file_menu
        quit_action = file_menu.addAction(self.tr("&Quit"))
        self.quit_action = quit_action  # other actions are inserted before it
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)

        edit = self.menuBar().addMenu(self.tr("&Edit"))
        undo = stack.createUndoAction(self, self.tr("&Undo"))
        undo.setShortcuts([QKeySequence.StandardKey.Undo])
        redo = stack.createRedoAction(self, self.tr("&Redo"))
        redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        edit.addAction(undo)
        edit.addAction(redo)
        self.undo_action, self.redo_action = undo, redo

        presets = self.menuBar().addMenu(self.tr("&Presets"))
        presets.setObjectName("presetMenu")
        lesson = presets.addAction(self.tr("猫 吃 鱼 — cat eats fish (the lesson)"))
        lesson.triggered.connect(lambda: self.load_built_in("cat-eats-fish"))
        shape = presets.addAction(self.tr("Shape check: X·W projections (3 × 8 → 4, 6)"))
        shape.triggered.connect(lambda: self.load_built_in("shape-check"))
        random_action = presets.addAction(self.tr("Random…"))
        random_action.triggered.connect(self._on_random_preset)
        self.preset_menu = presets

        view = self.menuBar().addMenu(self.tr("&View"))
        self.view_menu = view
        self.edit_menu = edit
        for dock in self.docks.values():
            view.addAction(dock.toggleViewAction())
        view.addSeparator()
        digits = view.addMenu(self.tr("Decimals"))
        group = QActionGroup(self)
        for count in range(5):
            action = QAction(str(count), group, checkable=True)
            action.setChecked(count == self.state.precision)
            action.triggered.connect(lambda _=False, n=count: self.state.set_precision(n))
            digits.addAction(action)

        toolbar = QToolBar(self.tr("Pipeline"), self)
        toolbar.setObjectName("pipelineToolbar")
        self.causal_toggle = QCheckBox(self.tr("Causal mask (hide future tokens)"), toolbar)
        self.causal_toggle.setObjectName("causalToggle")
        self.causal_toggle.setChecked(self.state.causal)
        self.causal_toggle.toggled.connect(self.state.set_causal)
        toolbar.addAction(undo)
        toolbar.addAction(redo)
        toolbar.addSeparator()
        toolbar.addWidget(self.causal_toggle)
        self.addToolBar(toolbar)
        self.toolbar = toolbar

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
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
        if not self.sessions.confirm_close():
            event.ignore()
            return
        self.dial.pause()
        self.variance.shutdown()
        super().closeEvent(event)

    def _on_tab_changed(self, index: int) -> None:
        """The experiment gets the whole window; the docks come back with the four steps."""
        if self.tabs.widget(index) is self.variance:
            self._docks_before_experiment = [d for d in self.docks.values() if d.isVisible()]
            for dock in self._docks_before_experiment:
                dock.hide()
        else:
            for dock in self._docks_before_experiment:
                dock.show()
            self._docks_before_experiment = []

    def load_built_in(self, name: str) -> None:
        self.state.load_built_in(name)

    def _on_random_preset(self) -> None:
        dialog = RandomPresetDialog(self)
        if dialog.exec():
            self.state.load_random(*dialog.values())

    def _on_causal_changed(self, causal: bool) -> None:
        with QSignalBlocker(self.causal_toggle):
            self.causal_toggle.setChecked(causal)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            self.first_paint.emit()
