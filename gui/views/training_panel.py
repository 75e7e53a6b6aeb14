"""Train the head shown: a goal, what learns, Step and Train, the loss and the gradient.

The goal is a row of A dragged into shape ("猫 should look at 鱼"), a task for every row
(the previous token, itself, the token with its name) or Z = V; the loss is said in words
and as a formula. Step makes one step, Train steps until Stop, the goal or the limit:
every view follows each step. The loss curve and the gradient's size at each stage show
where it passes back and where the softmax cuts it off; a cell of S, S/τ or A clicked
shows ∂L/∂s_ij worked out by hand. Its views are built when the tab is first shown.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui.model.numbers import number_text as _g
from gui.model.state import AttentionState
from gui.model.training_goal import GOALS, LEARNING, MOST_STEPS, TrainingSettings, target_row
from gui.support.language import Retranslating


def _minus(value: float) -> str:
    """Return ``value`` to 3 significant digits with a true minus (a result, unbracketed)."""
    return _g(value).replace("-", "−")


def _signed(value: float) -> str:
    """Return ``value`` to 3 significant digits, in brackets with a true minus if negative."""
    text = _g(value)
    return f"(−{text[1:]})" if text.startswith("-") else text


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
        """Build the views the first time the tab is shown; show what changed behind it."""
        built = self._built
        self.build()
        super().showEvent(event)
        if built:
            self._show_numbers()

    def _hidden(self) -> bool:
        """Return True while nobody sees the panel (its tab behind the dial's).

        Its numbers wait for the next show: a dial frame cost a backward pass here.
        """
        return not self._built or not self.isVisible()

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
        # their modules (the curves' plots) with the panel, not at start-up
        from gui.views.target_bars import TargetBars
        from gui.views.training_run import TrainingRun

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
        self.run = TrainingRun(state, self)  # Step, Train, the status and the curves
        self.step_button, self.train_button = self.run.step_button, self.run.train_button
        self.status = self.run.status
        self.loss_plot, self.gradient_plot = self.run.loss_plot, self.run.gradient_plot
        self.by_hand = QLabel(self)
        self.by_hand.setObjectName("gradientByHand")
        self.by_hand.setWordWrap(True)
        self.by_hand.setTextFormat(Qt.TextFormat.RichText)
        self._labels = [QLabel(self) for _ in range(4)]
        settings, rate = QHBoxLayout(), QHBoxLayout()
        lines: list[tuple[QHBoxLayout, list[QWidget]]] = [
            (settings, [self._labels[1], self.row, self._labels[2], self.learning]),
            (rate, [self.rate, self._labels[3], self.limit]),
        ]
        for line, widgets in lines:
            for widget in widgets:
                line.addWidget(widget)
        settings.addStretch(1)
        rate.addStretch(1)
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
        column.addWidget(self.run, 1)
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
        training.settings_changed.connect(self._show_settings)
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
        if self._hidden():
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
        self._show_by_hand()

    def _show_by_hand(self) -> None:
        """∂L/∂s_ij = a_ij (g_ij − Σ_k a_ik g_ik) / τ for the cell clicked in S, S/τ or A."""
        if self._hidden():
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
        step, tokens = cell[0], self.state.tokens
        i, j = tokens[row], tokens[col]
        given = self.tr("g = ∂L/∂A, what the loss asks of each weight; for the row of {0}: "
                        "Σ<sub>k</sub> a<sub>{0},k</sub> g<sub>{0},k</sub> = {1}").format(
            i, _minus(found.row_sum))  # fmt: skip
        if step == "weights":
            text = self.tr("∂L/∂a<sub>{0},{1}</sub> = g<sub>{0},{1}</sub> = <b>{2}</b>").format(
                i, j, _minus(found.gradient)
            )
        else:
            through = self.tr(
                "∂L/∂(s/τ)<sub>{0},{1}</sub> = a<sub>{0},{1}</sub> (g<sub>{0},{1}</sub> − "
                "Σ<sub>k</sub> a<sub>{0},k</sub> g<sub>{0},k</sub>) "
                "= {2} × ({3} − {4}) = <b>{5}</b>"
            ).format(i, j, _signed(found.weight), _signed(found.gradient),
                     _signed(found.row_sum), _minus(found.d_scaled))  # fmt: skip
            text = through
            if step == "scores":
                text += "<br>" + self.tr(
                    "∂L/∂s<sub>{0},{1}</sub> = ∂L/∂(s/τ)<sub>{0},{1}</sub> ÷ τ = {2} ÷ {3} = "
                    "<b>{4}</b>"
                ).format(i, j, _signed(found.d_scaled), _g(found.temperature),
                         _minus(found.d_score))  # fmt: skip
            if found.weight < 0.01 or found.weight > 0.99:
                text += "<br>" + self.tr(
                    "a is near {0}: a (g − Σ a g) is tiny, the gradient is cut off"
                ).format("0" if found.weight < 0.01 else "1")
        text = given + "<br>" + text
        self.by_hand.setText(text)
