"""An editable grid over one input matrix of the state (Q, K, V, X or a W)."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractTableModel,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from engine.vocabulary import LABELS
from gui.model.numbers import format_number, split_block
from gui.model.state import AttentionState
from gui.support.language import Retranslating

Index = QModelIndex | QPersistentModelIndex
_EDIT = Qt.ItemDataRole.EditRole
_DISPLAY = Qt.ItemDataRole.DisplayRole


class InputModel(QAbstractTableModel):
    """The table model of one matrix.

    ``setData`` is the final guard: it goes through the state's setter, which parses,
    validates and refuses with a message.
    """

    def __init__(self, state: AttentionState, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.state, self.name = state, name
        self._detached = False
        self._connections = [
            (state.structure_changed, self._on_structure_changed),
            (state.tokens_changed, self._on_tokens_changed),
            (state.view.precision_changed, self._on_structure_changed),
            (state.values_changed, self._on_values_changed)
            if state.is_editable(name)
            else (state.result_changed, self._on_result_changed),
        ]
        for signal, slot in self._connections:
            signal.connect(slot)

    def detach(self) -> None:
        """Stop following the state (the grid is being replaced): show nothing."""
        for signal, slot in self._connections:
            signal.disconnect(slot)
        self.beginResetModel()
        self._detached = True
        self.endResetModel()

    def _shape(self) -> tuple[int, int]:
        if self._detached:
            return (0, 0)
        rows, cols = self.state.matrix(self.name).shape
        return rows, cols

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        """Return the matrix's rows (none once detached)."""
        return 0 if parent.isValid() else self._shape()[0]

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        """Return the matrix's columns (none once detached)."""
        return 0 if parent.isValid() else self._shape()[1]

    def data(self, index: Index, role: int = _DISPLAY) -> object:
        """Return a cell at the chosen decimals, in full for editing, or as a tooltip naming it."""
        if not index.isValid() or self._detached:
            return None
        value = float(self.state.matrix(self.name)[index.row(), index.column()])
        if role == _DISPLAY:
            return format_number(value, self.state.precision)
        if role == _EDIT:
            return repr(value) if value != int(value) else str(int(value))
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{self.state.cell_name(self.name, index.row(), index.column())} = {value!r}"
        return None

    def setData(self, index: Index, value: object, role: int = _EDIT) -> bool:  # noqa: N802
        """Write a typed value through the state's ``set_cell``; False if it refuses."""
        if role != _EDIT or not index.isValid():
            return False
        if not isinstance(value, (str, int, float)) or isinstance(value, bool):
            return False
        return self.state.set_cell(self.name, index.row(), index.column(), value)

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Make the cells editable unless the matrix is computed."""
        flags = super().flags(index)
        if self.state.is_editable(self.name):
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = _DISPLAY
    ) -> object:
        """Name columns d0, d1, …, and rows by token (by dimension for a W)."""
        if role != _DISPLAY:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return f"d{section}"
        if self.name in ("q", "k", "v", "x"):
            tokens = self.state.tokens
            return tokens[section] if section < len(tokens) else None
        return f"d{section}"

    def _on_structure_changed(self) -> None:
        self.beginResetModel()
        self.endResetModel()

    def _on_tokens_changed(self) -> None:
        self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, max(0, self.rowCount() - 1))

    def _on_values_changed(self, name: str, top: int, left: int, rows: int, cols: int) -> None:
        if name == self.name and rows and cols:
            self.dataChanged.emit(
                self.index(top, left), self.index(top + rows - 1, left + cols - 1), [_DISPLAY]
            )

    def _on_result_changed(self) -> None:
        if self.rowCount() and self.columnCount():
            self.dataChanged.emit(
                self.index(0, 0), self.index(self.rowCount() - 1, self.columnCount() - 1)
            )


class MatrixGrid(Retranslating, QWidget):
    """A titled QTableView of one matrix with copy and paste of rectangular blocks."""

    def __init__(self, state: AttentionState, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state, self.name = state, name
        self._detached = False
        self.model = InputModel(state, name, self)
        self.title = QLabel(self)
        self.view = QTableView(self)
        self.view.setObjectName(f"{name.replace('_', '')}Grid")
        self.view.setModel(self.model)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ContiguousSelection)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.view.horizontalHeader().setMinimumSectionSize(44)
        self.view.verticalHeader().setDefaultSectionSize(26)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.title)
        layout.addWidget(self.view)
        for key, slot in ((QKeySequence.StandardKey.Copy, self.copy_selection),
                          (QKeySequence.StandardKey.Paste, self.paste)):  # fmt: skip
            action = QAction(self.view)
            action.setShortcut(key)
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(slot)
            self.view.addAction(action)
        self.view.selectionModel().currentRowChanged.connect(self._on_current_row_changed)
        state.structure_changed.connect(self._on_structure_changed)
        state.selected_token_changed.connect(self._on_selected_token_changed)
        self._on_structure_changed()

    def retranslate(self) -> None:
        """Write the title again, unless the grid is being replaced."""
        if not self._detached:  # a replaced grid may name a matrix the state no longer has
            self._on_structure_changed()

    def detach(self) -> None:
        """Stop following the state before the grid is deleted (the mode changed)."""
        self._detached = True
        self.model.detach()
        self.state.structure_changed.disconnect(self._on_structure_changed)
        self.state.selected_token_changed.disconnect(self._on_selected_token_changed)

    def copy_selection(self) -> None:
        """Copy the selected block as tab-separated text (pastes into a spreadsheet)."""
        indexes = self.view.selectionModel().selectedIndexes()
        if not indexes:
            return
        rows = sorted({i.row() for i in indexes})
        cols = sorted({i.column() for i in indexes})
        matrix = self.state.matrix(self.name)
        lines = ["\t".join(repr(float(matrix[r, c])) for c in cols) for r in rows]
        QGuiApplication.clipboard().setText("\n".join(lines) + "\n")

    def paste(self) -> None:
        """Paste tab- or comma-separated text at the current cell: all or nothing."""
        current = self.view.currentIndex()
        top, left = (current.row(), current.column()) if current.isValid() else (0, 0)
        text = QGuiApplication.clipboard().text()
        self.state.paste_block(self.name, top, left, split_block(text))

    def _on_structure_changed(self) -> None:
        rows, cols = self.state.matrix(self.name).shape
        kind = "" if self.state.is_editable(self.name) else self.tr(" (computed)")
        self.title.setText(f"<b>{LABELS[self.name]}</b> {rows}×{cols}{kind}")
        # Show up to eight rows without scrolling the grid itself; the panel scrolls.
        header = self.view.horizontalHeader().sizeHint().height()
        row_height = self.view.verticalHeader().defaultSectionSize()
        self.view.setMinimumHeight(header + row_height * min(rows, 8) + 4)

    def _on_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid() and self.name in ("q", "k", "v", "x"):
            self.state.select_token(current.row())

    def _on_selected_token_changed(self, row: int) -> None:
        if self.name not in ("q", "k", "v", "x"):
            return
        current = self.view.currentIndex()
        if current.row() != row and row < self.model.rowCount():
            flags = QItemSelectionModel.SelectionFlag
            selection = self.view.selectionModel()
            index = self.model.index(row, max(current.column(), 0))
            selection.setCurrentIndex(index, flags.NoUpdate)
            selection.select(index, flags.ClearAndSelect | flags.Rows)
