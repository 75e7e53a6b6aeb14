"""The first, plain main window: the default preset's four steps as numbers.

It proves the stack (engine → Qt → bundled font) runs; the interactive window with
editable grids and heatmaps replaces its body in the next issue.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QLabel,
    QMainWindow,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from engine import AttentionResult, Preset, attention, load_preset

from .matrix_model import MatrixModel


class MainWindow(QMainWindow):
    """Shows S, S/√d_k, A and Z of one preset."""

    first_paint = Signal()

    def __init__(self, preset: Preset | None = None) -> None:
        super().__init__()
        self._painted = False
        self.preset = load_preset("cat-eats-fish") if preset is None else preset
        self.result: AttentionResult = attention(
            self.preset.q, self.preset.k, self.preset.v, temperature=self.preset.temperature
        )
        self.setWindowTitle(self.tr("Attention Lab"))
        self.resize(1100, 640)

        body = QWidget(self)
        layout = QVBoxLayout(body)
        formula = QLabel(self.tr("Attention(Q, K, V) = softmax(QKᵀ / √d_k) ⋅ V"), body)
        formula.setObjectName("formula")
        font = formula.font()
        font.setPointSizeF(font.pointSizeF() * 1.6)
        formula.setFont(font)
        layout.addWidget(formula)

        grid = QGridLayout()
        layout.addLayout(grid)
        tokens = list(self.preset.tokens)
        dims = [f"d{i}" for i in range(self.result.context.shape[1])]
        steps = [
            (self.tr("① scores S = QKᵀ"), self.result.scores, tokens),
            (self.tr("② scaled S / √d_k (÷ {0:.3g})").format(self.result.temperature),
             self.result.scaled, tokens),
            (self.tr("③ weights A = softmax by row"), self.result.weights, tokens),
            (self.tr("④ context Z = A ⋅ V"), self.result.context, dims),
        ]  # fmt: skip
        self.models: list[MatrixModel] = []
        for number, (title, matrix, columns) in enumerate(steps):
            box = QGroupBox(title, body)
            box_layout = QVBoxLayout(box)
            model = MatrixModel(parent=box)
            model.set_matrix(matrix, tokens, columns)
            view = QTableView(box)
            view.setModel(model)
            view.resizeColumnsToContents()
            box_layout.addWidget(view)
            grid.addWidget(box, number // 2, number % 2)
            self.models.append(model)
        self.setCentralWidget(body)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            self.first_paint.emit()
