"""The dialog of the random preset: L, d_k, d_v and a seed."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QSpinBox, QWidget

from engine.vocabulary import MAX_DIM, MAX_TOKENS


class RandomPresetDialog(QDialog):
    """Ask for a random example: how many tokens (L), d_k, d_v and the seed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Random example"))
        # up to what a session may hold: typing 512 gave 51 when the box stopped at 64
        self.length = self._spin(1, MAX_TOKENS, 5)
        self.length.setToolTip(self.tr("From 1 to {0} tokens").format(MAX_TOKENS))
        self.d_k = self._spin(1, MAX_DIM, 4)
        self.d_v = self._spin(1, MAX_DIM, 4)
        self.seed = self._spin(0, 2**31 - 1, 0)
        form = QFormLayout(self)
        form.addRow(self.tr("Tokens L"), self.length)
        form.addRow(self.tr("d_k (width of Q and K)"), self.d_k)
        form.addRow(self.tr("d_v (width of V)"), self.d_v)
        form.addRow(self.tr("Seed"), self.seed)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _spin(self, low: int, high: int, value: int) -> QSpinBox:
        box = QSpinBox(self)
        box.setRange(low, high)
        box.setValue(value)
        return box

    def values(self) -> tuple[int, int, int, int]:
        """L, d_k, d_v and the seed, as chosen."""
        return self.length.value(), self.d_k.value(), self.d_v.value(), self.seed.value()
