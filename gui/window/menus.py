"""The window's menus and toolbar.

Every text is set in ``retranslate`` so that a language switch renames them live.
"""

from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QObject, QSettings, QSignalBlocker
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QCheckBox, QMainWindow, QToolBar

from gui.model.state import AttentionState
from gui.model.view_settings import WEIGHT_SCALES
from gui.support.language import LANGUAGES, current_language, set_language


class Menus(QObject):
    """File, Edit, Presets and View, and the toolbar, added to ``window``'s menu bar.

    The other controllers' actions are inserted by the window (before ``quit_action``
    in File); ``ask_random`` opens the Random… preset dialog, ``load_example`` loads a
    built-in example by name.
    """

    def __init__(
        self,
        window: QMainWindow,
        state: AttentionState,
        panel_actions: list[QAction],
        ask_random: Callable[[], object],
        load_example: Callable[[str], object],
    ) -> None:
        super().__init__(window)
        self.state = state
        bar = window.menuBar()
        self.file_menu = bar.addMenu("")
        self.quit_action = self.file_menu.addAction("")
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self.quit_action.triggered.connect(window.close)

        self.edit_menu = bar.addMenu("")
        stack = state.undo_stack
        self.undo_action = QAction(window)
        self.undo_action.setObjectName("undoAction")
        self.undo_action.setShortcuts([QKeySequence(QKeySequence.StandardKey.Undo)])
        self.undo_action.triggered.connect(stack.undo)
        self.redo_action = QAction(window)
        self.redo_action.setObjectName("redoAction")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.redo_action.triggered.connect(stack.redo)
        for signal in (stack.canUndoChanged, stack.canRedoChanged, stack.undoTextChanged,
                       stack.redoTextChanged):  # fmt: skip
            signal.connect(self._on_stack_changed)
        self.edit_menu.addAction(self.undo_action)
        self.edit_menu.addAction(self.redo_action)
        self.edit_menu.addSeparator()
        self.projection_action = self.edit_menu.addAction("")
        self.projection_action.setObjectName("projectionAction")
        self.projection_action.setCheckable(True)
        self.projection_action.setChecked(state.is_projection)
        self.projection_action.toggled.connect(state.set_projection)
        state.structure_changed.connect(self._on_structure_changed)

        self.preset_menu = bar.addMenu("")
        self.preset_menu.setObjectName("presetMenu")
        self.lesson_action = self.preset_menu.addAction("")
        self.lesson_action.triggered.connect(lambda: load_example("cat-eats-fish"))
        self.shape_action = self.preset_menu.addAction("")
        self.shape_action.triggered.connect(lambda: load_example("shape-check"))
        self.heads_action = self.preset_menu.addAction("")
        self.heads_action.setObjectName("twoHeadsAction")
        self.heads_action.triggered.connect(lambda: load_example("two-heads"))
        self.random_action = self.preset_menu.addAction("")
        self.random_action.triggered.connect(ask_random)

        self.view_menu = bar.addMenu("")
        for action in panel_actions:  # the regions and panels (gui.window.workspace_actions)
            self.view_menu.addAction(action)
        self.view_menu.addSeparator()
        self.digits_menu = self.view_menu.addMenu("")
        group = QActionGroup(self)
        self._digit_actions: dict[int, QAction] = {}
        for count in range(5):
            action = QAction(str(count), group, checkable=True)
            action.setChecked(count == state.precision)
            action.triggered.connect(lambda _=False, n=count: state.set_precision(n))
            self.digits_menu.addAction(action)
            self._digit_actions[count] = action
        state.view.precision_changed.connect(self._on_precision_changed)
        self.weight_scale_menu = self.view_menu.addMenu("")
        self.weight_scale_menu.setObjectName("weightScaleMenu")
        scales = QActionGroup(self)
        self.weight_scale_actions: dict[str, QAction] = {}
        for scale in WEIGHT_SCALES:
            action = QAction(scales, checkable=True)
            action.setChecked(scale == state.view.weight_scale)
            action.triggered.connect(lambda _=False, s=scale: state.view.set_weight_scale(s))
            self.weight_scale_menu.addAction(action)
            self.weight_scale_actions[scale] = action
        state.view.weight_scale_changed.connect(
            lambda scale: self.weight_scale_actions[scale].setChecked(True)
        )
        self.language_menu = self.view_menu.addMenu("")
        self.language_menu.setObjectName("languageMenu")
        languages = QActionGroup(self)
        self.language_actions: dict[str, QAction] = {}
        for code, name in LANGUAGES.items():
            action = QAction(name, languages, checkable=True)  # each in its own language
            action.setData(code)
            action.triggered.connect(lambda _=False, c=code: self.choose_language(c))
            self.language_menu.addAction(action)
            self.language_actions[code] = action

        self.toolbar = QToolBar(window)
        self.toolbar.setObjectName("pipelineToolbar")
        self.causal_toggle = QCheckBox(self.toolbar)
        self.causal_toggle.setObjectName("causalToggle")
        self.causal_toggle.setChecked(state.causal)
        self.causal_toggle.toggled.connect(state.set_causal)
        self.toolbar.addAction(self.undo_action)
        self.toolbar.addAction(self.redo_action)
        self.toolbar.addSeparator()
        self.toolbar.addWidget(self.causal_toggle)
        window.addToolBar(self.toolbar)
        self.retranslate()

    def choose_language(self, code: str) -> None:
        """Switch the interface now and remember the choice for the next start."""
        set_language(code)
        QSettings().setValue("language", code)

    def retranslate(self) -> None:
        """Set every menu's and action's text in the current language."""
        self.file_menu.setTitle(self.tr("&File"))
        self.quit_action.setText(self.tr("&Quit"))
        self.edit_menu.setTitle(self.tr("&Edit"))
        self.preset_menu.setTitle(self.tr("&Presets"))
        self.lesson_action.setText(self.tr("猫 吃 鱼 — cat eats fish (the lesson)"))
        self.shape_action.setText(self.tr("Shape check: X·W projections (3 × 8 → 4, 6)"))
        self.heads_action.setText(
            self.tr("Two heads: one looks at the previous token, one at itself")
        )
        self.random_action.setText(self.tr("Random…"))
        self.view_menu.setTitle(self.tr("&View"))
        self.digits_menu.setTitle(self.tr("Decimals"))
        self.weight_scale_menu.setTitle(self.tr("Colours of the weights A"))
        scale_names = {
            "absolute": self.tr("From 0 to 1 (the weights as they are)"),
            "row": self.tr("Each row ÷ its largest weight"),
            "log": self.tr("Log scale (0.0001 to 1)"),
        }
        for scale, action in self.weight_scale_actions.items():
            action.setText(scale_names[scale])
        self.language_menu.setTitle(self.tr("Language / 语言"))
        self.toolbar.setWindowTitle(self.tr("Pipeline"))
        self.causal_toggle.setText(self.tr("Causal mask (hide future tokens)"))
        self.projection_action.setText(self.tr("Inputs from &X and W_q, W_k, W_v"))
        self.language_actions[current_language()].setChecked(True)
        self._on_stack_changed()

    def _on_structure_changed(self) -> None:
        with QSignalBlocker(self.projection_action):  # a preset, an undo: no echo back
            self.projection_action.setChecked(self.state.is_projection)

    def _on_precision_changed(self, digits: int) -> None:
        if digits in self._digit_actions:  # a session or the settings chose the decimals
            self._digit_actions[digits].setChecked(True)

    def _on_stack_changed(self, *_: object) -> None:
        stack = self.state.undo_stack
        if not shiboken6.isValid(stack):  # the window is being torn down
            return
        self.undo_action.setEnabled(stack.canUndo())
        self.redo_action.setEnabled(stack.canRedo())
        undo, redo = stack.undoText(), stack.redoText()
        self.undo_action.setText(self.tr("&Undo {0}").format(undo) if undo else self.tr("&Undo"))
        self.redo_action.setText(self.tr("&Redo {0}").format(redo) if redo else self.tr("&Redo"))
        # The toolbar's buttons keep one short word, the step goes in their tooltip: with
        # "Undo Open layer 1, head 1" on the button the causal mask's box moved along the
        # toolbar at every step, and a user aiming at it hit Undo.
        self.undo_action.setIconText(self.tr("Undo"))
        self.redo_action.setIconText(self.tr("Redo"))
        self.undo_action.setToolTip(self.tr("Undo {0}").format(undo) if undo else self.tr("Undo"))
        self.redo_action.setToolTip(self.tr("Redo {0}").format(redo) if redo else self.tr("Redo"))
