"""The small dialogs of exporting.

One figure, everything, the handout's paper; where to save, and whether to replace files.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from gui.export.files import ALL_FORMATS, ExportError
from gui.export.handout import PAGES, default_page

SCALES = (1, 2, 3, 4, 8)


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, dialog
    )
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


def _captions_box(parent: QWidget, checked: bool) -> QCheckBox:
    box = QCheckBox(
        QCoreApplication.translate(
            "ExportDialogs", "Each figure with its title, the selected row and its legend"
        ),
        parent,
    )
    box.setObjectName("captionsBox")
    box.setToolTip(QCoreApplication.translate(
        "ExportDialogs", "What the window shows around a figure, drawn above it in the file: "
        "it then stands alone on a slide."
    ))  # fmt: skip
    box.setChecked(checked)
    return box


def _scale_box(parent: QWidget, scale: float) -> QComboBox:
    box = QComboBox(parent)
    box.setObjectName("scaleChoice")
    for value in SCALES:
        box.addItem(f"{value}×", value)
    box.setCurrentIndex(max(0, box.findData(round(scale))))
    return box


class FigureDialog(QDialog):
    """Which figure, which format, at which scale; says what each format keeps."""

    def __init__(self, figures: dict[str, str], name: str | None, fmt: str, scale: float,
                 parent: QWidget | None = None, captions: bool = True) -> None:  # fmt: skip
        super().__init__(parent)
        self.setObjectName("exportFigureDialog")
        self.captions = _captions_box(self, captions)
        self.setWindowTitle(self.tr("Export figure"))
        self.figure = QComboBox(self)
        self.figure.setObjectName("figureChoice")
        for key, title in figures.items():
            self.figure.addItem(title, key)
        self.figure.setCurrentIndex(max(0, self.figure.findData(name)))
        self.format = QComboBox(self)
        self.format.setObjectName("formatChoice")
        self.format.addItem(self.tr("PNG picture"), "png")
        self.format.addItem(self.tr("SVG drawing (vector)"), "svg")
        self.format.addItem(self.tr("PDF document (vector)"), "pdf")
        self.format.setCurrentIndex(max(0, self.format.findData(fmt)))
        self.scale = _scale_box(self, scale)
        self.note = QLabel(self)
        self.note.setObjectName("formatNote")
        self.note.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("Figure"), self.figure)
        form.addRow(self.tr("Format"), self.format)
        form.addRow(self.tr("Scale (PNG)"), self.scale)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.captions)
        layout.addWidget(self.note)
        layout.addWidget(_buttons(self))
        self.format.currentIndexChanged.connect(self._on_format_changed)
        self._on_format_changed()

    def _on_format_changed(self) -> None:
        fmt = self.format.currentData()
        self.scale.setEnabled(fmt == "png")
        notes = {
            "png": self.tr("A picture 1× to 8× its size on screen, for slides."),
            "svg": self.tr(
                "Text stays text and every heatmap cell is a rectangle. Fonts are not "
                "embedded: the computer that opens the file needs a font with Chinese "
                "characters (most have one). Use PDF to carry the fonts along."
            ),
            "pdf": self.tr("Vector graphics with the fonts embedded: Chinese shows anywhere."),
        }
        self.note.setText(notes[fmt])

    def values(self) -> tuple[str, str, float]:
        """(figure name, format, scale)."""
        return self.figure.currentData(), self.format.currentData(), float(self.scale.currentData())

    def captioned(self) -> bool:
        """Return True to draw the figure's title, the selected row and its legend with it."""
        return self.captions.isChecked()


class ExportAllDialog(QDialog):
    """Which formats to write, and the PNG scale."""

    def __init__(self, formats: tuple[str, ...], scale: float,
                 parent: QWidget | None = None, captions: bool = True) -> None:  # fmt: skip
        super().__init__(parent)
        self.setObjectName("exportAllDialog")
        self.captions = _captions_box(self, captions)
        self.setWindowTitle(self.tr("Export all"))
        labels = {
            "png": self.tr("PNG"),
            "svg": self.tr("SVG"),
            "pdf": self.tr("PDF"),
            "csv": self.tr("CSV (one file per matrix)"),
            "json": self.tr("JSON (all matrices)"),
        }
        self.boxes: dict[str, QCheckBox] = {}
        row = QHBoxLayout()
        for fmt in ALL_FORMATS:
            box = QCheckBox(labels[fmt], self)
            box.setObjectName(f"{fmt}Box")
            box.setChecked(fmt in formats)
            box.toggled.connect(self._on_toggled)
            self.boxes[fmt] = box
            row.addWidget(box)
        self.scale = _scale_box(self, scale)
        note = QLabel(self.tr(
            "Every figure in each chosen format, the matrices (tokens, Q, K, V, S, S/τ, A, Z) "
            "and the session file go into one folder. SVG files do not embed their fonts. "
            "In CSV, a cell hidden by the mask is written -inf."
        ), self)  # fmt: skip
        note.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("Formats"), row)
        form.addRow(self.tr("Scale (PNG)"), self.scale)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.captions)
        layout.addWidget(note)
        self.buttons = _buttons(self)
        layout.addWidget(self.buttons)
        self._on_toggled()

    def _on_toggled(self) -> None:
        self.scale.setEnabled(self.boxes["png"].isChecked())
        button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        button.setEnabled(any(box.isChecked() for box in self.boxes.values()))

    def values(self) -> tuple[tuple[str, ...], float]:
        """(chosen formats, scale)."""
        chosen = tuple(fmt for fmt, box in self.boxes.items() if box.isChecked())
        return chosen, float(self.scale.currentData())

    def captioned(self) -> bool:
        """Return True to draw each figure's title, the selected row and its legend with it."""
        return self.captions.isChecked()


class HandoutDialog(QDialog):
    """A4 or Letter."""

    def __init__(self, parent: QWidget | None = None, captions: bool = True) -> None:
        super().__init__(parent)
        self.setObjectName("handoutDialog")
        self.captions = _captions_box(self, captions)
        self.setWindowTitle(self.tr("Handout PDF"))
        self.page = QComboBox(self)
        self.page.setObjectName("pageChoice")
        for key in PAGES:
            self.page.addItem(key, key)
        self.page.setCurrentIndex(self.page.findData(default_page()))
        note = QLabel(self.tr(
            "The formula, the four heatmaps, the hand calculation of the selected token's "
            "row and the mixing view, with the fonts embedded."
        ), self)  # fmt: skip
        note.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("Paper"), self.page)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.captions)
        layout.addWidget(note)
        layout.addWidget(_buttons(self))

    def values(self) -> str:
        """Return the chosen paper, a key of PAGES (A4 or Letter)."""
        return str(self.page.currentData())

    def captioned(self) -> bool:
        """Return True to draw the figures' titles, the selected row and the legend."""
        return self.captions.isChecked()


def confirm_replace(parent: QWidget, names: list[str], folder: Path) -> bool:
    """Ask before replacing files; True to replace."""
    if len(names) == 1:
        text = QCoreApplication.translate(
            "ExportDialogs", "{0} already exists in {1}. Replace it?"
        ).format(names[0], folder)
    else:
        listed = "\n".join(names[:8] + (["…"] if len(names) > 8 else []))
        text = QCoreApplication.translate(
            "ExportDialogs", "{0} files already exist in {1}:\n{2}\nReplace them?"
        ).format(len(names), folder, listed)
    title = QCoreApplication.translate("ExportDialogs", "Replace files?")
    buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
    answer = QMessageBox.question(parent, title, text, buttons, QMessageBox.StandardButton.No)
    return answer == QMessageBox.StandardButton.Yes


def ask_save_path(parent: QWidget, suggested: Path, fmt: str) -> Path | None:
    """Where to save a ``fmt`` file; the extension is added when missing."""
    filters = {
        "png": QCoreApplication.translate("ExportDialogs", "PNG picture (*.png)"),
        "svg": QCoreApplication.translate("ExportDialogs", "SVG drawing (*.svg)"),
        "pdf": QCoreApplication.translate("ExportDialogs", "PDF document (*.pdf)"),
    }
    title = QCoreApplication.translate("ExportDialogs", "Export to")
    # replacing is asked about after the extension is added (confirm_replace)
    options = QFileDialog.Option.DontConfirmOverwrite
    path, _ = QFileDialog.getSaveFileName(
        parent, title, str(suggested), filters[fmt], options=options
    )
    if not path:
        return None
    chosen = Path(path)
    return (
        chosen if chosen.suffix.lower() == f".{fmt}" else chosen.with_name(f"{chosen.name}.{fmt}")
    )


def ask_folder(parent: QWidget, title: str, start: Path) -> Path | None:
    """Ask for one folder, starting in ``start``; None if cancelled.

    Raises ExportError, saying what is wrong, when the dialog's answer is not the one
    folder its box shows (see ``chosen_folder``).
    """
    dialog = QFileDialog(parent, title, str(start))
    dialog.setObjectName("folderDialog")
    dialog.setFileMode(QFileDialog.FileMode.Directory)
    dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
    try:
        if not dialog.exec():
            return None
        box = dialog.findChild(QLineEdit, "fileNameEdit")  # Qt's own dialog; not a native one
        typed = box.text() if box is not None else ""
        return chosen_folder(dialog.selectedFiles(), typed, dialog.directory().absolutePath())
    finally:
        dialog.deleteLater()


def chosen_folder(selected: list[str], typed: str, directory: str) -> Path:
    """Return the one folder a folder dialog chose, or raise ExportError saying what is wrong.

    ``selected`` is the dialog's answer, ``typed`` its folder box as shown ("" when empty,
    or in a native dialog), ``directory`` the folder it was showing.

    Qt's own dialog keeps selecting what the box names while one types into it, and when
    the box has no keyboard focus (a window not active again after a message box) it
    writes those selections back into the box: "/tmp/new" became "/" "tmp"/new, and its
    answer was "/". Export all then wrote 129 files into the top of the disk. So the
    answer must be one absolute folder, and the very folder the box names.
    """
    again = QCoreApplication.translate(
        "ExportDialogs", "Nothing was exported: choose the folder again."
    )
    shown = typed.strip()
    if len(shown) > 1 and shown.count('"') == 2 and shown[0] == shown[-1] == '"':
        shown = shown[1:-1]  # one name in quotes, as Qt writes a selection
    if len(selected) != 1 or '"' in shown:
        text = QCoreApplication.translate(
            "ExportDialogs", "The folder box reads {0}, which names more than one folder."
        )
        raise ExportError(f"{text.format(shown or ', '.join(selected))} {again}")
    folder = Path(selected[0])
    if not folder.is_absolute():
        text = QCoreApplication.translate(
            "ExportDialogs", "The file dialog answered {0}, which is not a whole folder path."
        )
        raise ExportError(f"{text.format(selected[0] or '“”')} {again}")
    if shown:
        meant = Path(os.path.expanduser(shown))
        if not meant.is_absolute():
            meant = Path(directory) / meant
        if os.path.normpath(meant) != os.path.normpath(folder):
            text = QCoreApplication.translate(
                "ExportDialogs", "The file dialog answered {0}, but its folder box reads {1}."
            )
            raise ExportError(f"{text.format(folder, typed.strip())} {again}")
    return folder
