"""The four heatmaps of the pipeline, ① S ② S/τ ③ A ④ Z, as views of the state."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from engine.vocabulary import STEPS
from gui.model.state import AttentionState
from gui.plots.heatmap import Heatmap
from gui.support.language import Retranslating
from gui.views.formula_bar import STEP_COLOURS, step_tint


class PipelineView(Retranslating, QWidget):
    """Subscribes to the result, the selection and the highlighted step."""

    def __init__(self, state: AttentionState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self.heatmaps: dict[str, Heatmap] = {}
        self.titles: dict[str, QLabel] = {}
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        for number, step in enumerate(STEPS, start=1):
            heatmap = Heatmap("probability" if step == "weights" else "diverging", self)
            heatmap.setObjectName(f"{step}Heatmap")
            heatmap.setMinimumSize(180, 150)
            heatmap.set_precision(state.precision)
            title = QLabel(self)
            title.setStyleSheet(f"color: {STEP_COLOURS[number]}; font-weight: bold;")
            # A title that grows with τ ("S / τ = 0.35") must not widen its column: that
            # resized (and repainted) every heatmap on every frame of the dial.
            title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            box = QVBoxLayout()
            box.setSpacing(0)
            box.addWidget(title)
            box.addWidget(heatmap, 1)
            grid.addLayout(box, (number - 1) // 2, (number - 1) % 2)
            heatmap.cell_clicked.connect(
                lambda row, col, step=step: self._on_cell_clicked(step, row, col)
            )
            heatmap.cell_hovered.connect(
                lambda row, col, number=number: self._on_cell_hovered(number, row, col)
            )
            self.heatmaps[step], self.titles[step] = heatmap, title
        self._shown: dict[str, object] = {}
        state.result_changed.connect(self._on_result_changed)
        state.tokens_changed.connect(self._on_tokens_changed)
        state.selected_token_changed.connect(self._on_selected_token_changed)
        state.selected_cell_changed.connect(self._on_selected_cell_changed)
        state.view.highlighted_step_changed.connect(self._on_highlighted_step_changed)
        state.view.precision_changed.connect(self._on_precision_changed)
        state.view.font_scale_changed.connect(self._on_font_scale_changed)
        self._on_result_changed()
        self._on_selected_token_changed(state.selected_token)

    def _on_result_changed(self) -> None:
        result, tokens = self.state.result, self.state.tokens
        dims = [f"d{i}" for i in range(result.context.shape[1])]
        tau = "√d_k" if result.is_standard_scaling else f"τ = {result.temperature:.3g}"
        texts = {
            "scores": self.tr("① scores S = QKᵀ"),
            "scaled": self.tr("② scaled S / {0}").format(tau),
            "weights": self.tr("③ weights A = softmax by row"),
            "context": self.tr("④ context Z = A⋅V"),
        }
        for step, heatmap in self.heatmaps.items():
            self.titles[step].setText(texts[step])
            matrix = getattr(result, step)
            if self._shown.get(step) is matrix:
                continue  # the dial reuses S: its heatmap need not be redrawn
            self._shown[step] = matrix
            columns = dims if step == "context" else tokens
            mask = result.mask if step in ("scaled", "weights") else None
            extremes = result.value_range(step) if step in ("scores", "scaled") else None
            heatmap.set_data(matrix, tokens, columns, mask, extremes)
        self._on_selected_cell_changed()

    def retranslate(self) -> None:
        """Write the titles again and redraw the heatmaps' names."""
        self._on_tokens_changed()

    def _on_tokens_changed(self) -> None:
        self._shown.clear()
        self._on_result_changed()

    def _on_cell_clicked(self, step: str, row: int, col: int) -> None:
        # A context cell explains the whole row z_i, as the lesson's hand calculation does.
        self.state.select_cell(step, row, -1 if step == "context" else col)

    def _on_cell_hovered(self, number: int, row: int, _col: int) -> None:
        if row >= 0:
            self.state.set_highlighted_step(number)
        elif self.state.highlighted_step == number:
            self.state.set_highlighted_step(0)

    def _on_selected_token_changed(self, row: int) -> None:
        for heatmap in self.heatmaps.values():
            heatmap.set_selected_row(row)

    def _on_selected_cell_changed(self) -> None:
        cell = self.state.selected_cell
        for step, heatmap in self.heatmaps.items():
            if cell is None or cell[0] != step:
                heatmap.set_selected_cell(None)
            elif cell[2] >= 0:
                heatmap.set_selected_cell((cell[1], cell[2]))
            else:
                heatmap.set_selected_cell(None)

    def _on_highlighted_step_changed(self, number: int) -> None:
        for index, heatmap in enumerate(self.heatmaps.values(), start=1):
            heatmap.set_highlighted(index == number, STEP_COLOURS[index], step_tint(index))

    def _on_font_scale_changed(self, scale: float) -> None:
        """Follow a new text size.

        Titles take the application's font (already scaled); the heatmaps' names,
        labels and outlines grow with it.
        """
        font = QGuiApplication.font()
        for title in self.titles.values():  # styled labels keep their font: set it
            title.setFont(font)
        for heatmap in self.heatmaps.values():
            heatmap.set_font_scale(scale)
            heatmap.set_line_width(scale)

    def _on_precision_changed(self, digits: int) -> None:
        for heatmap in self.heatmaps.values():
            heatmap.set_precision(digits)
