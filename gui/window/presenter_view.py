"""The presenter view: a second view of the state, large, in a window of its own.

The formula with the current step lit, the four heatmaps, the hand calculation of the
current step, and, when asked for, the dial (D) and the training (T): Step, Train / Stop,
the loss and the gradient as they go. It subscribes to the state as every view
does, so it follows each edit made in the main window at once; the main window is never
touched, so closing it has nothing to give back.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QFont,
    QGuiApplication,
    QKeySequence,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from engine.vocabulary import STEPS
from gui.model.state import AttentionState
from gui.model.view_settings import ViewSettings
from gui.support.language import Retranslating
from gui.views.compared_steps import ComparedSteps
from gui.views.comparison_bar import ComparisonBar
from gui.views.formula_bar import FormulaBar
from gui.views.hand_calculation import ExplainPanel
from gui.views.pipeline import PipelineView
from gui.views.temperature_dial import TemperatureDial
from gui.views.training_run import TrainingRun

HEATMAPS_SHARE = 3  # of four parts of the height: the four steps; the rest, the calculation
DIAL_HEATMAPS_SHARE = 2  # of three while the dial or the training is shown: about 300 px
TRAINING_SHARE = (3, 2)  # the four steps against the training's curves below them
# below this height the heatmaps take 3 of 5 parts: at 1280×720 steps ③ and ④'s calculation
# had 115 px for 146 px of text, its last line ("A[猫, 鱼] = 2.72 ÷ 6.02 ≈ 0.45") cut in half
SHORT_SCREEN = 900
HINT_COLOUR = "#555555"
MESSAGE_MS = 4000  # how long a message stands in place of the hint


class PresenterView(Retranslating, QWidget):
    """The state shown large for a class; keys 1–4, ← →, D, T and Esc.

    Parameters
    ----------
    state : AttentionState
        What it shows (and where the step keys light a step and select its row).
    text_scale : ViewSettings
        Its own text size (``font_scale``): Ctrl+= here leaves the main window's alone.
    actions : iterable of QAction
        The controller's actions (open/close, larger, smaller), so that their keys work
        while this window is the active one.
    """

    closed = Signal()  # by Esc, F11, or the window's own close button

    def __init__(
        self, state: AttentionState, text_scale: ViewSettings, actions: Iterable[QAction]
    ) -> None:
        super().__init__(None, Qt.WindowType.Window)
        self.setObjectName("presenterView")
        self.state, self.text_scale = state, text_scale
        self.step = 0
        self.formula = FormulaBar(state, self, text_scale)
        self.pipeline = PipelineView(state, self, text_scale)
        # while a setting is pinned: what differs, and A's steps beside B's (or B − A)
        self.comparison_bar = ComparisonBar(state, self, text_scale)
        self.compared = ComparedSteps(state, self.pipeline, self, text_scale)
        self.explanation = ExplainPanel(state, self)
        self.explanation.set_presenting(True)  # each step fitted to its room, large
        self.dial = TemperatureDial(state, self, text_scale)
        self.dial.hide()  # on demand: the four steps and their arithmetic come first
        # laid out in the room it is given: its least height made the view 762 px tall on
        # a 720-line screen, the bottom off the screen
        policy = self.dial.sizePolicy()
        policy.setVerticalPolicy(QSizePolicy.Policy.Ignored)
        self.dial.setSizePolicy(policy)
        # the training on demand too: its buttons, its status and its two curves
        self.training = TrainingRun(state, self, text_scale)
        self.training.hide()
        policy = self.training.sizePolicy()
        policy.setVerticalPolicy(QSizePolicy.Policy.Ignored)  # as the dial: the room given
        self.training.setSizePolicy(policy)
        self.hint = QLabel(self)
        self.hint.setObjectName("presenterHint")
        self.hint.setStyleSheet(f"color: {HINT_COLOUR};")
        self.dial_button = QToolButton(self)
        self.dial_button.setObjectName("presenterDialButton")
        self.dial_button.setCheckable(True)
        self.dial_button.toggled.connect(self.show_dial)
        self.training_button = QToolButton(self)
        self.training_button.setObjectName("presenterTrainingButton")
        self.training_button.setCheckable(True)
        self.training_button.toggled.connect(self.show_training)
        # The heatmaps the whole width: beside a column for the calculation, S of a
        # 7-token sentence had 70 px a cell at 1920×1080 and its numbers were 17 px
        below = self._below = QHBoxLayout()
        below.addWidget(self.explanation, 3)
        below.addWidget(self.dial, 2)
        below.addWidget(self.training, 3)
        foot = QHBoxLayout()
        foot.addWidget(self.hint, 1)
        foot.addWidget(self.dial_button)
        foot.addWidget(self.training_button)
        layout = self._layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.formula)
        layout.addWidget(self.comparison_bar)
        layout.addWidget(self.compared, HEATMAPS_SHARE)
        layout.addLayout(below, 1)
        layout.addLayout(foot)
        self.addActions(list(actions))
        keys: list[tuple[str, Qt.Key | str]] = [
            *((str(n), str(n)) for n in (1, 2, 3, 4)),
            ("next", Qt.Key.Key_Right),
            ("back", Qt.Key.Key_Left),
            ("dial", Qt.Key.Key_D),
            ("training", Qt.Key.Key_T),
            ("close", Qt.Key.Key_Escape),
        ]
        for name, key in keys:
            action = QAction(self)
            action.setObjectName(f"presenter_{name}Action")
            action.setShortcut(QKeySequence(key))
            action.triggered.connect(lambda _=False, n=name: self._on_key(n))
            self.addAction(action)
        text_scale.font_scale_changed.connect(self._on_font_scale_changed)
        self._on_font_scale_changed(text_scale.font_scale)
        self.retranslate()

    def retranslate(self) -> None:
        """Set the window's title, the hint and the buttons in the current language."""
        self.setWindowTitle(self.tr("Attention Lab — presenter view"))
        self.hint.setText(
            self.tr(
                "1–4, ← →: the steps · D: the dial · T: training · "
                "Ctrl+= / Ctrl+-: text size · Esc: close"
            )
        )
        self.dial_button.setText(self.tr("Dial (D)"))
        self.dial_button.setToolTip(self.tr("Show or hide the temperature dial"))
        self.training_button.setText(self.tr("Training (T)"))
        self.training_button.setToolTip(
            self.tr("Show or hide the training: Step, Train, the loss and the gradient")
        )

    # ------------------------------------------------------------------ public
    def go_to_step(self, number: int) -> None:
        """Light step 1–4 (clamped) and explain it for the selected token's row."""
        self.step = min(max(number, 1), 4)
        state = self.state
        state.set_highlighted_step(self.step)
        state.select_cell(STEPS[self.step - 1], state.selected_token, -1)

    def show_dial(self, on: bool) -> None:
        """Show the temperature dial beside the hand calculation (on), or hide it."""
        if on != self.dial_button.isChecked():
            self.dial_button.setChecked(on)  # comes back here through ``toggled``
            return
        self.dial.setVisible(on)
        self._share_height()
        if not on:
            self.dial.pause()

    def show_training(self, on: bool) -> None:
        """Show the training (Step, Train, the curves) beside the hand calculation, or hide it."""
        if on != self.training_button.isChecked():
            self.training_button.setChecked(on)  # comes back here through ``toggled``
            return
        self.training.setVisible(on)
        self._share_height()

    def asks_room(self) -> bool:
        """Return True while the dial or the training takes room from the four steps."""
        return self.dial_button.isChecked() or self.training_button.isChecked()

    def say(self, text: str) -> None:
        """Show ``text`` in place of the hint for a few seconds."""
        self.hint.setText(text)
        QTimer.singleShot(MESSAGE_MS, self, self.retranslate)

    def heatmaps(self) -> Iterable[QWidget]:
        """Return the four heatmaps, ① to ④."""
        return self.pipeline.heatmaps.values()

    # ------------------------------------------------------------------ slots
    def _on_key(self, name: str) -> None:
        if name.isdigit():
            self.go_to_step(int(name))
        elif name in ("next", "back"):
            self.go_to_step(max(self.step, 1) + (1 if name == "next" else -1))
        elif name == "dial":
            self.show_dial(not self.dial.isVisible())
        elif name == "training":
            self.show_training(not self.training.isVisible())
        else:
            self.close()

    def _on_font_scale_changed(self, scale: float) -> None:
        """Give every widget of this window the text ``scale`` × the application's."""
        font = QFont(QGuiApplication.font())
        font.setPointSizeF(font.pointSizeF() * scale)
        self.setFont(font)
        for label in (self.hint, self.dial_button, self.training_button):  # styled: their own
            label.setFont(font)

    def _share_height(self) -> None:
        """Give the hand calculation the room its step needs: more of a short screen's."""
        on = self.asks_room()
        short = self.height() < SHORT_SCREEN
        heatmaps, below = (
            (DIAL_HEATMAPS_SHARE, 1) if on else (3, 2) if short else (HEATMAPS_SHARE, 1)
        )
        if self.training_button.isChecked():  # two plots that need their height to be read
            heatmaps, below = TRAINING_SHARE
        self._layout.setStretchFactor(self.compared, heatmaps)
        self._layout.setStretchFactor(self._below, below)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        """Share the height again for the new size (a short screen's calculation needs more)."""
        super().resizeEvent(event)
        self._share_height()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        """Fit the hand calculation again in a new type (Ctrl+=, Ctrl+-)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self.explanation.refit()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        """Stop the dial's sweep, turn the lit step off and say so: nothing to give back."""
        self.dial.pause()
        if self.step:
            self.state.set_highlighted_step(0)
            self.step = 0
        super().closeEvent(event)
        self.closed.emit()
