"""The left side: token names, dimensions and the grids of the input matrices."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtWidgets import QCheckBox, QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from gui.model.state import AttentionState
from gui.support.language import Retranslating
from gui.views.heads_controls import HeadsControls
from gui.views.matrix_grid import MatrixGrid
from gui.views.token_editor import TokenEditor


class InputsPanel(Retranslating, QWidget):
    """Q, K, V grids, or in projection mode X and the W's (editable) with Q, K, V computed."""

    message_cleared = Signal()  # a refusal is old news: something has worked since

    def __init__(self, state: AttentionState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self.tokens = TokenEditor(state, self)
        self.message = QLabel(self)
        self.message.setObjectName("messageBar")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #b00020;")
        # room for one line even when empty: a refusal must not push the grids down
        self.message.setMinimumHeight(self.message.fontMetrics().height() + 2)
        # Projection mode's own switch: it was reachable only through the shape-check preset.
        self.projection = QCheckBox(self)
        self.projection.setObjectName("projectionToggle")
        self.projection.toggled.connect(state.set_projection)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.tokens)
        layout.addWidget(self.projection)
        self.heads = HeadsControls(state, self)  # h heads, W_o, dropout: the lessons after
        layout.addWidget(self.heads)
        layout.addWidget(self.message)
        # The grids scroll together: projection mode shows seven of them.
        self._grid_area = QWidget(self)
        self._layout = QVBoxLayout(self._grid_area)
        self._layout.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self._grid_area)
        layout.addWidget(scroll, 1)
        self.grids: dict[str, MatrixGrid] = {}
        self._projection: tuple[bool, bool] | None = None  # projection mode, W_o given
        state.structure_changed.connect(self._on_structure_changed)
        state.heads_changed.connect(lambda _h: self._on_structure_changed())
        state.message.connect(self.message.setText)
        # A refusal is news until the next thing that works: an edit (even one to the value
        # a cell has), a token, τ, a preset, an undo, a selection, the decimals.
        for changed in (state.values_changed, state.structure_changed, state.tokens_changed,
                        state.result_changed, state.causal_changed, state.accepted,
                        state.temperature_changed, state.selected_token_changed,
                        state.selected_cell_changed, state.view.precision_changed,
                        state.undo_stack.indexChanged):  # fmt: skip
            changed.connect(self.clear_message)
        self._on_structure_changed()
        self.retranslate()

    def retranslate(self) -> None:
        """Name the projection switch, and say a refusal shown, again in the current language.

        A refusal that cannot be written again (a typed value's, say) goes: it was about
        something done before the switch, and stayed in the other language.
        """
        shown = self.message.text()
        if shown:
            again = self.state.said_again(shown)
            if again is None:
                self.clear_message()
            else:
                self.message.setText(again)
        self.projection.setText(self.tr("Inputs from X and W_q, W_k, W_v"))
        self.projection.setToolTip(self.tr(
            "Q = X·W_q, K = X·W_k, V = X·W_v: type token vectors X and three projection "
            "matrices instead of Q, K and V. "
            "Switched on, X starts as the identity and the W's as the current Q, K, V; "
            "switched off, the computed Q, K, V stay."
        ))  # fmt: skip

    def clear_message(self, *_: object) -> None:
        """Take a refusal away: something else has happened since.

        The window calls this after a file is saved or exported too.
        """
        if self.message.text():  # the dial changes the result every frame: mostly nothing to do
            self.message.clear()
            self.message_cleared.emit()

    def grid(self, name: str) -> MatrixGrid:
        """Return the grid of matrix ``name`` (one of the state's inputs, or a computed q, k, v)."""
        return self.grids[name]

    def _on_structure_changed(self) -> None:
        with QSignalBlocker(self.projection):
            self.projection.setChecked(self.state.is_projection)
        shown = (self.state.is_projection, self.state.has_w_o)
        if self._projection == shown:
            return
        self._projection = shown
        # All detached before any is hidden: hiding the grid with the focus passes it to the
        # next grid, whose view then reads its model, which must not ask for a matrix of
        # the old mode.
        for grid in self.grids.values():
            grid.detach()
        for grid in self.grids.values():
            grid.hide()
            self._layout.removeWidget(grid)
            grid.deleteLater()
        names = self.state.input_names + (("w_o",) if shown[1] else ())
        names += ("q", "k", "v") if shown[0] else ()
        self.grids = {name: MatrixGrid(self.state, name, self._grid_area) for name in names}
        for grid in self.grids.values():
            self._layout.addWidget(grid, 1)
