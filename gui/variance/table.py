"""The variance experiment's table, in the lesson's layout, as a table model."""

from __future__ import annotations

import csv
import io
import os

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from engine import VarianceRow
from engine.formats.files import write_atomic

Index = QModelIndex | QPersistentModelIndex
FIELDS = ("d_k", "std", "sqrt_d_k", "max_weight_unscaled", "max_weight_scaled",
          "gradient_unscaled", "gradient_scaled")  # fmt: skip


def headers() -> list[str]:
    """Return the column titles in the current language."""
    return [
        "d_k",
        QCoreApplication.translate("VarianceTable", "std of q·k"),
        "√d_k",
        QCoreApplication.translate("VarianceTable", "max weight, unscaled"),
        QCoreApplication.translate("VarianceTable", "max weight, ÷√d_k"),
        QCoreApplication.translate("VarianceTable", "‖J‖ unscaled"),
        QCoreApplication.translate("VarianceTable", "‖J‖ ÷√d_k"),
    ]


def on_two_lines(title: str) -> str:
    """Return a column title broken before its qualifier.

    So seven columns fit beside the plots at 1280 px: the ‖J‖ columns were hidden and
    "q・k 标准差" clipped.
    """
    for mark in ("（", " ÷"):
        if mark in title:
            head, tail = title.split(mark, 1)
            return f"{head.rstrip(',')}\n{mark.strip()}{tail}"
    if ", " in title:
        return title.replace(", ", "\n", 1)
    if " " in title and len(title) > 5:
        head, tail = title.rsplit(" ", 1)
        return f"{head}\n{tail}"
    return title


class VarianceTableModel(QAbstractTableModel):
    """The experiment's table: a row per d_k, at two decimals (in full in the tooltip)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[VarianceRow] = []

    def set_rows(self, rows: list[VarianceRow]) -> None:
        """Show ``rows`` (one per d_k) instead of the table's current ones."""
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        """Return the number of d_k values measured."""
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        """Return the number of measured quantities (FIELDS)."""
        return 0 if parent.isValid() else len(FIELDS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """Return a value at two decimals (d_k as is), in full as a tooltip, right-aligned."""
        if not index.isValid():
            return None
        value = getattr(self.rows[index.row()], FIELDS[index.column()])
        if role == Qt.ItemDataRole.DisplayRole:
            return str(value) if index.column() == 0 else f"{value:.2f}"
        if role == Qt.ItemDataRole.ToolTipRole:
            return repr(value)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        """Return the column titles in the current language; rows have none."""
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return on_two_lines(headers()[section])
        return None

    def as_text(self, separator: str = "\t", digits: int | None = 2) -> str:
        """Return the table as text, under a line of the field names.

        By default tab-separated at two decimals, for a spreadsheet; ``separator=","`` and
        ``digits=None`` give CSV at full precision.
        """
        buffer = io.StringIO()
        writer = csv.writer(buffer, delimiter=separator, lineterminator="\n")
        writer.writerow(FIELDS)
        for row in self.rows:
            values = [getattr(row, name) for name in FIELDS]
            writer.writerow([values[0], *(v if digits is None else f"{v:.{digits}f}"
                                          for v in values[1:])])  # fmt: skip
        return buffer.getvalue()

    def save_csv(self, path: str | os.PathLike[str]) -> None:
        """Write the CSV atomically (a temporary file renamed over the target)."""
        write_atomic(path, self.as_text(",", digits=None).encode("utf-8"))
