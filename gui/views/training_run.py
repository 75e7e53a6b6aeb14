"""The training as it runs: Step, Train / Stop, the status line, the loss and the gradient.

One piece of the Training tab (below its settings), and the whole of the presenter view's
training, at the presenter's text size: both show ``state.training`` as it is, so a step
made in either shows in both.
"""

from __future__ import annotations

import math

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QGuiApplication, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from gui.model.numbers import number_text
from gui.model.state import AttentionState
from gui.model.view_settings import ViewSettings
from gui.plots.text_scale import scaled_font
from gui.plots.training_curves import GradientPlot, LossPlot
from gui.support.language import Retranslating
from gui.support.markup import escape

LEAST_PLOT = (150, 120)  # a plot's least size at the normal text size, in pixels
#: plots shorter than this (a side column at 1280 × 720) name their lines below them, in
#: their colours: a legend over them covered most of the curves
LEGEND_PLOT_HEIGHT = 220


class TrainingRun(Retranslating, QWidget):
    """Step and Train / Stop, what the last step gave, and the curves of every step so far.

    Parameters
    ----------
    state : AttentionState
        Whose training it shows and steps.
    parent : QWidget, optional
        Its owner.
    text_scale : ViewSettings, optional
        Its text size (``font_scale``): the presenter view's own; the state's by default.
    """

    def __init__(self, state: AttentionState, parent: QWidget | None = None,
                 text_scale: ViewSettings | None = None) -> None:  # fmt: skip
        super().__init__(parent)
        self.setObjectName("trainingRun")
        self.state, self.training = state, state.training
        self.text_scale = state.view if text_scale is None else text_scale
        self.step_button = QPushButton(self)
        self.step_button.setObjectName("stepButton")
        self.train_button = QPushButton(self)
        self.train_button.setObjectName("trainButton")
        self.status = QLabel(self)
        self.status.setObjectName("trainingStatus")
        self.status.setWordWrap(True)
        self.loss_plot = LossPlot(self)
        self.gradient_plot = GradientPlot(self)
        buttons = QHBoxLayout()
        buttons.addWidget(self.step_button)
        buttons.addWidget(self.train_button)
        buttons.addWidget(self.status, 1)
        plots = QHBoxLayout()
        plots.addWidget(self.loss_plot)
        plots.addWidget(self.gradient_plot)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addLayout(buttons)
        layout.addLayout(plots, 1)
        self.line_names = QLabel(self)
        self.line_names.setObjectName("trainingLineNames")
        self.line_names.setWordWrap(True)
        self.line_names.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.line_names)
        self._compact: bool | None = None
        self.step_button.clicked.connect(self.training.step)
        self.train_button.clicked.connect(self._on_train_clicked)
        self.training.stepped.connect(self.show_history)
        self.training.running_changed.connect(self._on_running_changed)
        self.training.failed.connect(self.status.setText)
        state.structure_changed.connect(self._on_structure_changed)  # the W's learn, or Q, K
        self._pinned = state.comparison.is_on
        state.comparison.changed.connect(self._on_pin_changed)
        self.text_scale.font_scale_changed.connect(self._on_font_scale_changed)
        self._on_font_scale_changed(self.text_scale.font_scale)
        self.retranslate()

    def retranslate(self) -> None:
        """Write every text again in the current language."""
        self.step_button.setText(self.tr("Step"))
        self.step_button.setToolTip(self.tr("One step of gradient descent (one undo step)"))
        self._on_running_changed(self.training.running)
        b = self.tr("B") if self.state.comparison.is_on else self.tr("L")
        self.loss_plot.set_names(b, self.tr("A (pinned)"), self.tr("step"),
                                 self.tr("loss L (log)"))  # fmt: skip
        q, k = ("W_q", "W_k") if self.state.is_projection else ("Q", "K")
        names = {"weights": "‖∂L/∂A‖", "scores": "‖∂L/∂S‖", "q": f"‖∂L/∂{q}‖", "k": f"‖∂L/∂{k}‖"}
        self.gradient_plot.set_names(names, self.tr("step"), self.tr("size (log)"))
        self.show_history()

    def show_history(self) -> None:
        """Draw every step's loss and gradient, and say what the last step gave."""
        training = self.training
        self.loss_plot.show_history([r.loss for r in training.history],
                                    [r.loss for r in training.pinned_history])  # fmt: skip
        self.gradient_plot.show_history([r.norms for r in training.history],
                                        self.state.is_projection)  # fmt: skip
        self._name_lines()
        if not training.history:
            self.status.setText(self.tr("no step yet"))
            return
        last = training.history[-1]
        text = self.tr("step {0} · L = {1} · ‖∂L/∂S‖ = {2}").format(
            len(training.history), number_text(last.loss),
            number_text(last.norms.get("scores", math.nan)),
        )  # fmt: skip
        comparison = self.state.comparison
        if comparison.is_on and not comparison.comparable:
            text += self.tr(" · A does not train: its shapes differ from B's")
        elif training.pinned_history:
            text += self.tr(" · A: L = {0}").format(number_text(training.pinned_history[-1].loss))
        self.status.setText(text)

    def _name_lines(self) -> None:
        """Name the lines over the plots (a legend) or, where they are short, below them."""
        compact = self.loss_plot.height() < LEGEND_PLOT_HEIGHT * self.text_scale.font_scale
        if compact != self._compact:
            self._compact = compact
            for plot in (self.loss_plot, self.gradient_plot):
                plot.set_legend_shown(not compact)
            self.line_names.setVisible(compact)
        if compact:
            entries = [*self.loss_plot.legend_entries(), *self.gradient_plot.legend_entries()]
            self.line_names.setText(" ".join(
                f'<span style="color:{colour.name()}; font-weight:bold;">━ {escape(name)}</span>'
                for colour, name in entries
            ))  # fmt: skip

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        """Name the lines over the plots or below them, as the plots' new height allows."""
        super().resizeEvent(event)
        self._name_lines()

    def _on_train_clicked(self) -> None:
        if self.training.running:
            self.training.stop()
        else:
            self.training.train()

    def _on_running_changed(self, running: bool) -> None:
        self.train_button.setText(self.tr("Stop") if running else self.tr("Train"))
        self.train_button.setToolTip(
            self.tr("Stop: the steps so far stay, as one undo step") if running
            else self.tr("Step until stopped, the goal reached or the limit (one undo step)")
        )  # fmt: skip

    def _on_pin_changed(self) -> None:
        """Name B's line "B" while pinned, "L" without (not at each step A trains)."""
        if self.state.comparison.is_on != self._pinned:
            self._pinned = self.state.comparison.is_on
            self.retranslate()

    def _on_structure_changed(self) -> None:
        self.retranslate()  # the gradient's names: ‖∂L/∂Q‖ or ‖∂L/∂W_q‖

    def _on_font_scale_changed(self, scale: float) -> None:
        """Write the plots' ticks, names and legends at ``scale`` × the application's text."""
        font: QFont = scaled_font(QGuiApplication.font(), scale)
        for plot in (self.loss_plot, self.gradient_plot):
            plot.set_text_font(font)
            plot.setMinimumSize(round(LEAST_PLOT[0] * scale), round(LEAST_PLOT[1] * scale))
