"""A read-only table model over one matrix of the pipeline, with token names as headers."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

Index = QModelIndex | QPersistentModelIndex


class MatrixModel(QAbstractTableModel):
    """Shows an ndarray; rows and columns are labelled by the given names."""

    def __init__(self, precision: int = 4, parent: object | None = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self._matrix: NDArray[np.float64] = np.zeros((0, 0))
        self._row_names: list[str] = []
        self._col_names: list[str] = []
        self._precision = precision

    def set_matrix(
        self,
        matrix: NDArray[np.float64],
        row_names: Sequence[str],
        col_names: Sequence[str],
    ) -> None:
        self.beginResetModel()
        self._matrix = matrix
        self._row_names = list(row_names)
        self._col_names = list(col_names)
        self.endResetModel()

    def matrix(self) -> NDArray[np.float64]:
        return self._matrix

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else self._matrix.shape[0]

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else self._matrix.shape[1]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        value = float(self._matrix[index.row(), index.column()])
        if role == Qt.ItemDataRole.DisplayRole:
            return "—" if np.isneginf(value) else f"{value:.{self._precision}f}"
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        names = self._row_names if orientation == Qt.Orientation.Vertical else self._col_names
        return names[section] if 0 <= section < len(names) else None
