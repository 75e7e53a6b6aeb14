"""The controls of the lessons after the first: h heads, W_o, dropout on the weights."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from engine.lesson.dropout import MAX_DROP, MAX_SEED, DropoutSetting
from engine.lesson.multi_head import MAX_HEADS
from gui.model.state import AttentionState
from gui.support.language import Retranslating


class HeadsControls(Retranslating, QWidget):
    """Heads h, W_o given or not, and dropout's p, seed and training / evaluation."""

    def __init__(self, state: AttentionState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self.setObjectName("headsControls")
        self.heads = QSpinBox(self)
        self.heads.setObjectName("headsSpin")
        self.heads.setRange(1, MAX_HEADS)
        self.heads.setKeyboardTracking(False)
        self.w_o = QCheckBox(self)
        self.w_o.setObjectName("wOCheck")
        self.dropout = QCheckBox(self)
        self.dropout.setObjectName("dropoutCheck")
        self.p = QDoubleSpinBox(self)
        self.p.setObjectName("dropoutP")
        self.p.setRange(0.0, MAX_DROP)
        self.p.setSingleStep(0.05)
        self.p.setDecimals(2)
        self.p.setValue(0.1)
        self.p.setKeyboardTracking(False)
        self.seed = QSpinBox(self)
        self.seed.setObjectName("dropoutSeed")
        self.seed.setRange(0, MAX_SEED)
        self.seed.setKeyboardTracking(False)
        self.mode = QComboBox(self)
        self.mode.setObjectName("dropoutMode")
        self.mode.addItems(["", ""])
        dropout_row = QHBoxLayout()  # two rows: the inputs' column stays narrow
        dropout_row.addWidget(self.dropout)
        dropout_row.addWidget(self.p)
        dropout_row.addStretch(1)
        draw_row = QHBoxLayout()
        draw_row.addWidget(self.seed)
        draw_row.addWidget(self.mode)
        draw_row.addStretch(1)
        heads_row = QHBoxLayout()
        heads_row.addWidget(self.heads)
        heads_row.addWidget(self.w_o)
        heads_row.addStretch(1)
        self.form = QFormLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.heads_label, self.dropout_label = QLabel(self), QLabel(self)
        self.form.addRow(self.heads_label, heads_row)
        self.form.addRow(self.dropout_label, dropout_row)
        self.form.addRow("", draw_row)

        self.heads.valueChanged.connect(self._on_heads_typed)
        self.w_o.toggled.connect(self.state.set_w_o_given)
        for signal in (self.dropout.toggled, self.p.valueChanged, self.seed.valueChanged,
                       self.mode.currentIndexChanged):  # fmt: skip
            signal.connect(self._on_dropout_typed)
        state.heads_changed.connect(lambda _h: self._show_state())
        state.dropout_changed.connect(self._show_state)
        state.structure_changed.connect(self._show_state)
        self.retranslate()
        self._show_state()

    def retranslate(self) -> None:
        """Set every text again in the current language."""
        self.heads_label.setText(self.tr("Heads h"))
        self.dropout_label.setText(self.tr("Dropout"))
        self.heads.setToolTip(
            self.tr("Split Q, K and V into h heads of d_k = width / h columns each")
        )
        self.w_o.setText(self.tr("W_o"))
        self.w_o.setToolTip(self.tr("Project the heads' concat by W_o (projection mode)"))
        self.dropout.setText(self.tr("on"))
        self.p.setPrefix("p = ")
        self.seed.setPrefix(self.tr("seed "))
        self.mode.setItemText(0, self.tr("training"))
        self.mode.setItemText(1, self.tr("evaluation"))
        self.mode.setToolTip(
            self.tr("Training drops each weight with probability p and divides the rest by "
                    "1 − p; evaluation shows A unchanged")
        )  # fmt: skip

    def setting(self) -> DropoutSetting | None:
        """Return the dropout the controls show, or None when it is off."""
        if not self.dropout.isChecked():
            return None
        return DropoutSetting(round(self.p.value(), 2), self.seed.value(),
                              self.mode.currentIndex() == 0)  # fmt: skip

    def _on_heads_typed(self, heads: int) -> None:
        if not self.state.set_heads(heads):
            self._show_state()  # refused (the state says why): back to the heads there are

    def _on_dropout_typed(self) -> None:
        if not self.state.set_dropout(self.setting()):
            self._show_state()

    def _show_state(self) -> None:
        state = self.state
        blockers = [QSignalBlocker(w) for w in (self.heads, self.w_o, self.dropout, self.p,
                                                self.seed, self.mode)]  # fmt: skip
        self.heads.setValue(state.heads)
        self.w_o.setChecked(state.has_w_o)
        self.w_o.setEnabled(state.is_projection)
        setting = state.dropout
        self.dropout.setChecked(setting is not None)
        if setting is not None:
            self.p.setValue(setting.p)
            self.seed.setValue(setting.seed)
            self.mode.setCurrentIndex(0 if setting.training else 1)
        for widget in (self.p, self.seed, self.mode):
            widget.setEnabled(setting is not None)
        del blockers
