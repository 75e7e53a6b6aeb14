"""Train the head shown: a goal, what learns, Step and Train, the loss and the gradient.

The goal is a row of A dragged into shape ("猫 should look at 鱼"), a task for every row
(the previous token, itself, the token with its name) or Z = V; the loss is said in words
and as a formula. Step makes one step, Train steps until Stop, the goal or the limit:
every view follows each step. The loss curve and the gradient's size at each stage show
where it passes back and where the softmax cuts it off; a cell of S, S/τ or A clicked
shows ∂L/∂s_ij worked out by hand. Its views are built when the tab is first shown.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui.model.state import AttentionState
from gui.model.training_goal import GOALS, LEARNING, MOST_STEPS, TrainingSettings, target_row
from gui.plots.training_curves import LOSS_COLOURS, STAGES, GradientPlot, LossPlot
from gui.support.language import Retranslating
from gui.views.target_bars import TargetBars


def _g(value: float) -> str:
    return f"{value:.3g}" if math.isfinite(value) else "—"


class TrainingPanel(Retranslating, QWidget):
    """Settings, Step / Train / Stop, the curves and the backward pass by hand."""

    def __init__(self, state: AttentionState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trainingPanel")
        self.state = state
        self.training = state.training
        self._built = False
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(2, 2, 2, 2)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        """Build the views the first time the tab is shown."""
        self.build()
        super().showEvent(event)

    def build(self) -> None:
        """Make the panel's widgets (once); a test or an export may ask before it is shown."""
        if self._built:
            return
        self._built = True
        state, training = self.state, self.training
        self.goal = QComboBox(self)
        self.goal.setObjectName("trainingGoal")
        self.goal.addItems([""] * len(GOALS))
        self.row = QComboBox(self)
        self.row.setObjectName("trainingRow")
        self.bars = TargetBars(self)
        self.bars.setMinimumHeight(80)
        self.loss_text = QLabel(self)
        self.loss_text.setObjectName("lossText")
        self.loss_text.setWordWrap(True)
        self.loss_text.setTextFormat(Qt.TextFormat.RichText)
        self.learning = QComboBox(self)
        self.learning.setObjectName("trainingLearning")
        self.learning.addItems([""] * len(LEARNING))
        self.rate = QDoubleSpinBox(self)
        self.rate.setObjectName("learningRate")
        self.rate.setDecimals(3)
        self.rate.setRange(0.001, 1000.0)
        self.rate.setSingleStep(0.1)
        self.limit = QSpinBox(self)
        self.limit.setObjectName("stepLimit")
        self.limit.setRange(1, MOST_STEPS)
        self.step_button = QPushButton(self)
        self.step_button.setObjectName("stepButton")
        self.train_button = QPushButton(self)
        self.train_button.setObjectName("trainButton")
        self.status = QLabel(self)
        self.status.setObjectName("trainingStatus")
        self.status.setWordWrap(True)
        self.loss_plot = LossPlot(self)
        self.gradient_plot = GradientPlot(self)
        self.by_hand = QLabel(self)
        self.by_hand.setObjectName("gradientByHand")
        self.by_hand.setWordWrap(True)
        self.by_hand.setTextFormat(Qt.TextFormat.RichText)
        self._labels = [QLabel(self) for _ in range(4)]
        for plot in (self.loss_plot, self.gradient_plot):
            plot.setMinimumSize(150, 120)
        settings, rate, steps = QHBoxLayout(), QHBoxLayout(), QHBoxLayout()
        lines: list[tuple[QHBoxLayout, list[QWidget]]] = [
            (settings, [self._labels[1], self.row, self._labels[2], self.learning]),
            (rate, [self.rate, self._labels[3], self.limit]),
            (steps, [self.step_button, self.train_button]),
        ]
        for line, widgets in lines:
            for widget in widgets:
                line.addWidget(widget)
        settings.addStretch(1)
        rate.addStretch(1)
        steps.addWidget(self.status, 1)
        self.line_names = QLabel(self)
        self.line_names.setObjectName("trainingLineNames")
        self.line_names.setWordWrap(True)
        self.line_names.setTextFormat(Qt.TextFormat.RichText)
        plots = QHBoxLayout()
        plots.addWidget(self.loss_plot)
        plots.addWidget(self.gradient_plot)
        goal = QHBoxLayout()
        goal.addWidget(self._labels[0])
        goal.addWidget(self.goal, 1)
        inner = QWidget(self)
        column = QVBoxLayout(inner)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(3)
        for part in (goal, settings):
            column.addLayout(part)
        column.addWidget(self.bars)
        column.addWidget(self.loss_text)
        column.addLayout(rate)
        column.addLayout(steps)
        column.addLayout(plots, 1)
        column.addWidget(self.line_names)
        column.addWidget(self.by_hand)
        area = QScrollArea(self)  # a short column scrolls; the plots keep their least size
        area.setWidgetResizable(True)
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        area.setFrameShape(QFrame.Shape.NoFrame)
        area.setWidget(inner)
        self._layout.addWidget(area)
        self.goal.currentIndexChanged.connect(self._on_edited)
        self.row.currentIndexChanged.connect(self._on_edited)
        self.learning.currentIndexChanged.connect(self._on_edited)
        self.rate.valueChanged.connect(self._on_edited)
        self.limit.valueChanged.connect(self._on_edited)
        self.bars.changed.connect(self._on_target_dragged)
        self.step_button.clicked.connect(training.step)
        self.train_button.clicked.connect(self._on_train_clicked)
        training.stepped.connect(self._show_history)
        training.running_changed.connect(self._on_running_changed)
        training.settings_changed.connect(self._show_settings)
        training.failed.connect(self.status.setText)
        state.result_changed.connect(self._show_numbers)
        state.tokens_changed.connect(self._show_settings)
        state.structure_changed.connect(self._show_settings)
        state.selected_cell_changed.connect(self._show_by_hand)
        self.retranslate()
        self._show_settings()

    # ------------------------------------------------------------------ texts
    def retranslate(self) -> None:
        """Write every text again in the current language."""
        if not self._built:
            return
        goals = {
            "row": self.tr("One row of A, dragged into shape"),
            "previous": self.tr("Each token looks at the previous one"),
            "itself": self.tr("Each token looks at itself"),
            "same_name": self.tr("Each looks at the tokens of its name"),
            "context": self.tr("Z = V: each token's own value"),
        }
        for index, goal in enumerate(GOALS):
            self.goal.setItemText(index, goals[goal])
        learning = {"qk": self.tr("Q and K"), "qkv": self.tr("Q, K and V")}
        if self.state.is_projection:
            learning = {"qk": self.tr("W_q and W_k"), "qkv": self.tr("W_q, W_k and W_v")}
        for index, name in enumerate(LEARNING):
            self.learning.setItemText(index, learning[name])
        self._labels[0].setText(self.tr("Goal"))
        self._labels[1].setText(self.tr("Row"))
        self._labels[2].setText(self.tr("Learns"))
        self._labels[3].setText("≤")
        self.limit.setToolTip(self.tr("Train stops after this many steps at most"))
        self.rate.setPrefix("η = ")
        self.rate.setToolTip(self.tr("The learning rate η: each step moves by η × the gradient"))
        self.limit.setSuffix(self.tr(" steps"))
        self.step_button.setText(self.tr("Step"))
        self.step_button.setToolTip(self.tr("One step of gradient descent (one undo step)"))
        self._on_running_changed(self.training.running)
        self.loss_plot.set_names(self.tr("step"), self.tr("loss L (log)"))
        self.gradient_plot.set_names(self.tr("step"), self.tr("size of the gradient (log)"))
        self._show_numbers()

    def _loss_words(self) -> str:
        settings, tokens = self.training.settings, self.state.tokens
        if settings.goal == "context":
            return self.tr("L = mean of (z − v)² over Z: squared error of Z against V, "
                           "each token's own value")  # fmt: skip
        if settings.goal == "row":
            name = tokens[min(settings.row, len(tokens) - 1)]
            return self.tr("L = −Σⱼ tⱼ log a<sub>{0},j</sub>: cross-entropy of {0}'s row of A "
                           "against its target t (least: the entropy of t, {1})").format(
                name, _g(self.training.best()))  # fmt: skip
        least = _g(self.training.best())
        return self.tr("L = −mean over the rows of Σⱼ tᵢⱼ log aᵢⱼ: cross-entropy of the rows "
                       "of A against their targets (least {0})").format(least)  # fmt: skip

    # ------------------------------------------------------------------ the settings
    def _settings_shown(self) -> TrainingSettings:
        settings = self.training.settings
        return TrainingSettings(
            goal=GOALS[self.goal.currentIndex()], row=max(self.row.currentIndex(), 0),
            target=settings.target, learning=LEARNING[self.learning.currentIndex()],
            rate=self.rate.value(), momentum=settings.momentum, limit=self.limit.value(),
        )  # fmt: skip

    def _on_edited(self) -> None:
        self.training.set_settings(self._settings_shown())
        self._show_numbers()

    def _on_target_dragged(self, target: object) -> None:
        settings = self._settings_shown()
        values = tuple(round(float(t), 4) for t in target)  # type: ignore[attr-defined]
        self.training.set_settings(TrainingSettings(**{**settings.__dict__, "target": values}))
        self._show_numbers()

    def _show_settings(self) -> None:
        settings, tokens = self.training.settings, self.state.tokens
        blockers = [QSignalBlocker(w) for w in (self.goal, self.row, self.learning, self.rate,
                                                 self.limit)]  # fmt: skip
        self.goal.setCurrentIndex(GOALS.index(settings.goal))
        if [self.row.itemText(i) for i in range(self.row.count())] != list(tokens):
            self.row.clear()
            self.row.addItems(list(tokens))
        self.row.setCurrentIndex(min(settings.row, len(tokens) - 1))
        self.learning.setCurrentIndex(LEARNING.index(settings.learning))
        self.rate.setValue(settings.rate)
        self.limit.setValue(settings.limit)
        del blockers
        self._show_numbers()

    # ------------------------------------------------------------------ the numbers
    def _show_numbers(self) -> None:
        if not self._built:
            return
        settings, state = self.training.settings, self.state
        by_row = settings.goal == "row"
        self.row.setEnabled(by_row)
        self.bars.setVisible(by_row)
        if by_row:
            row = min(settings.row, len(state.tokens) - 1)
            target = target_row(settings, len(state.tokens))
            self.bars.set_row(state.tokens, target, state.result.weights[row])
        self.loss_text.setText(self._loss_words())
        self._show_history()
        self._show_by_hand()

    def _show_history(self) -> None:
        if not self._built:
            return
        training = self.training
        self.loss_plot.show_history([r.loss for r in training.history],
                                    [r.loss for r in training.pinned_history])  # fmt: skip
        self.gradient_plot.show_history([r.norms for r in training.history],
                                        self.state.is_projection)  # fmt: skip
        self._name_lines()
        if training.history:
            last = training.history[-1]
            text = self.tr("step {0} · L = {1} · ‖∂L/∂S‖ = {2}").format(
                len(training.history), _g(last.loss), _g(last.norms.get("scores", math.nan))
            )
            if training.pinned_history:
                text += self.tr(" · A: L = {0}").format(_g(training.pinned_history[-1].loss))
            self.status.setText(text)
        else:
            self.status.setText(self.tr("no step yet"))

    def _name_lines(self) -> None:
        """Name the plots' lines in their colours: B's loss (A's, dashed), then the stages."""

        def named(colour: str, text: str) -> str:
            return f'<span style="color:{colour}; font-weight:bold;">━ {text}</span>'

        b, a = LOSS_COLOURS
        parts = [named(b, self.tr("L of B"))]
        if self.training.pinned_history:
            parts.append(named(a, self.tr("L of A (pinned), dashed")))
        names = {"weights": "‖∂L/∂A‖", "scores": "‖∂L/∂S‖", "q": "‖∂L/∂Q‖", "k": "‖∂L/∂K‖"}
        parts += [named(colour, names[stage]) for stage, colour in STAGES]
        self.line_names.setText(" ".join(parts))

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

    def _show_by_hand(self) -> None:
        """∂L/∂s_ij = a_ij (g_ij − Σ_k a_ik g_ik) / τ for the cell clicked in S, S/τ or A."""
        if not self._built:
            return
        cell = self.state.selected_cell
        if cell is None or cell[0] == "context" or cell[2] < 0:
            self.by_hand.setText(self.tr("Click a cell of S, S/τ or A: its gradient by hand."))
            return
        _, row, col = cell
        found = self.training.softmax_gradient(row, col)
        if found is None:
            self.by_hand.setText(self.tr("No gradient by hand for this goal with several heads."))
            return
        tokens = self.state.tokens
        formula = self.tr(
            "∂L/∂s<sub>{0},{1}</sub> = a<sub>{0},{1}</sub> (g<sub>{0},{1}</sub> − "
            "Σ<sub>k</sub> a<sub>{0},k</sub> g<sub>{0},k</sub>) / τ "
            "= {2} × ({3} − {4}) / {5} = <b>{6}</b>"
        )
        numbers = (found.weight, found.gradient, found.row_sum, found.temperature, found.d_score)
        text = formula.format(tokens[row], tokens[col], *(_g(n) for n in numbers))
        if found.weight < 0.01 or found.weight > 0.99:
            text += self.tr("<br>a is near {0}: the product is tiny, the gradient cut off").format(
                "0" if found.weight < 0.01 else "1"
            )
        self.by_hand.setText(text)
