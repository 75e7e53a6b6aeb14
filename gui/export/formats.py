"""The names of what can be exported.

They are kept apart from the code that exports so that the menus can be built at start-up
without loading it.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

FIGURE_FORMATS = ("png", "svg", "pdf")
DATA_FORMATS = ("csv", "json")
ALL_FORMATS = (*FIGURE_FORMATS, *DATA_FORMATS)
SESSION_FILE = "session.json"
VARIANCE_PLOTS = ("spread", "histogram", "winner", "gradient")

# key → (symbol, file stem); the order of the lesson: inputs, then steps ① to ④
MATRICES = {
    "q": ("Q", "Q"),
    "k": ("K", "K"),
    "v": ("V", "V"),
    "scores": ("S", "S"),
    "scaled": ("S/τ", "S-scaled"),
    "weights": ("A", "A"),
    "context": ("Z", "Z"),
}


def matrix_title(key: str) -> str:
    """How a matrix is named in menus."""
    titles = {
        "q": QCoreApplication.translate("MatrixExport", "Q (queries)"),
        "k": QCoreApplication.translate("MatrixExport", "K (keys)"),
        "v": QCoreApplication.translate("MatrixExport", "V (values)"),
        "scores": QCoreApplication.translate("MatrixExport", "S = QKᵀ (scores)"),
        "scaled": QCoreApplication.translate("MatrixExport", "S/τ (scaled scores)"),
        "weights": QCoreApplication.translate("MatrixExport", "A (weights)"),
        "context": QCoreApplication.translate("MatrixExport", "Z = A·V (context)"),
    }
    return titles[key]
