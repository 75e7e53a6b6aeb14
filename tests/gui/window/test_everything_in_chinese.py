"""In 中文, after an edit, a refused cell and an experiment run, no English is left anywhere
a user can read: widgets, menus and their actions, tooltips, tables' headers, the status
bar, the undo history, the plots' titles, axes, legends and menus. Formula words
(softmax, Q, K, V, τ, d_k …), file formats and shortcut keys are not English."""

from __future__ import annotations

import re

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QTableView,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from gui.support.language import set_language

#: Latin words that are not English: the lesson's symbols, formats, keys, names of languages.
ALLOWED = {
    "softmax",
    "exp",
    "max",
    "QKᵀ",
    "Qᵀ",
    "Kᵀ",
    "QK",
    "d_k",
    "d_v",
    "d_model",
    "W_q",
    "W_k",
    "W_v",
    "PNG",
    "SVG",
    "PDF",
    "CSV",
    "JSON",
    "NPY",
    "NPZ",
    "npy",
    "npz",
    "csv",
    "json",
    "png",
    "svg",
    "pdf",
    "Ctrl",
    "Shift",
    "Esc",
    "Home",
    "Concat",
    "MultiHead",
    "Dropout",
    "dropout",
    "W_o",
    "English",
    "Qt",
    "UTF",
    "std",
    "Var",
    "log",
    "NumPy",
    "LaTeX",
    "bmatrix",
}
#: Said in English on purpose: the app's name, the formula's, and the way back to English.
NAMES = ("Attention Lab", "Attention(Q, K, V)", "语言 / Language",
         # a real model's name, its family's and its files' names: data, in any language
         "sentence-transformers/all-MiniLM-L6-v2", "all-MiniLM-L6-v2", "BERT",
         "model.safetensors", "vocab.txt", "config.json")  # fmt: skip


def english_words(text: str) -> list[str]:
    """Return the English words of ``text`` (runs of 2+ Latin letters not in ALLOWED)."""
    for name in NAMES:
        text = text.replace(name, " ")
    text = re.sub(r"“[^”]*”", " ", text)  # what the user typed, quoted
    text = re.sub(r"<[^>]+>", " ", text)  # rich text's tags
    text = re.sub(r"&(?:[a-z]+|#\d+);", " ", text)  # and its entities
    text = re.sub(r"\b(?:d|t|x)\d+\b", " ", text)  # d1, t77: names of columns and tokens
    text = re.sub(r"\b(?:head|[QKVZ]′?)(?:_\w*|[₀-₉]+)ᵀ?", " ", text)  # head₁, Q_i, K_iᵀ, Z′₂
    text = re.sub(r"[\w.-]+\.(?:json|csv|npy|npz|png|svg|pdf)\b", " ", text)  # file names
    words = re.findall(r"[A-Za-zᵀ_]{2,}", text)
    return [w for w in words if w not in ALLOWED and w.strip("_") not in ALLOWED]


def readable_texts(window) -> dict[str, str]:
    """Return every text a user can read in the window, each named by where it is."""
    found: dict[str, str] = {}

    def add(where: str, text: str | None) -> None:
        if text and text.strip():
            found[f"{where}: {text[:60]!r}"] = text

    found_widgets = [window, *window.findChildren(QWidget)]
    for widget in found_widgets:
        name = widget.objectName() or type(widget).__name__
        add(f"{name} tooltip", widget.toolTip())
        add(f"{name} status tip", widget.statusTip())
        add(f"{name} what's this", widget.whatsThis())
        if widget.isWindow():
            add(f"{name} title", widget.windowTitle())
        if isinstance(widget, (QLabel, QAbstractButton)):
            add(name, widget.text())
        elif isinstance(widget, QLineEdit):
            add(f"{name} placeholder", widget.placeholderText())
        elif isinstance(widget, QComboBox):
            for i in range(widget.count()):
                add(f"{name} item {i}", widget.itemText(i))
        elif isinstance(widget, QGroupBox):
            add(name, widget.title())
        elif isinstance(widget, QTabWidget):
            for i in range(widget.count()):
                add(f"{name} tab {i}", widget.tabText(i))
                add(f"{name} tab {i} tooltip", widget.tabToolTip(i))
        elif isinstance(widget, QMenu):
            add(f"{name} menu", widget.title())
        elif isinstance(widget, (QTextEdit, QPlainTextEdit)):
            add(name, widget.toPlainText())
            add(f"{name} placeholder", widget.placeholderText())
        if isinstance(widget, (QAbstractItemView, QTableView)) and widget.model() is not None:
            model = widget.model()
            for orientation, count in ((Qt.Orientation.Horizontal, model.columnCount()),
                                       (Qt.Orientation.Vertical, model.rowCount())):  # fmt: skip
                for i in range(min(count, 64)):
                    for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                        value = model.headerData(i, orientation, role)
                        add(f"{name} header {i}", value if isinstance(value, str) else None)
            for row in range(min(model.rowCount(), 16)):
                for col in range(min(model.columnCount(), 16)):
                    for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                        value = model.data(model.index(row, col), role)
                        add(f"{name} [{row},{col}]", value if isinstance(value, str) else None)
        if isinstance(widget, pg.GraphicsView):
            for item in widget.scene().items():
                if isinstance(item, pg.LabelItem):
                    add(f"{name} plot title", item.text)
                elif isinstance(item, pg.TextItem):
                    add(f"{name} plot text", item.textItem.toPlainText())
                elif isinstance(item, pg.AxisItem):
                    add(f"{name} axis", item.labelText)
                    add(f"{name} axis units", item.labelUnits)
                elif isinstance(item, pg.ViewBox) and item.menuEnabled():
                    menu = item.getMenu(None)
                    for action in menu.actions() if menu else ():
                        add(f"{name} plot menu", action.text())
            scene_menu = getattr(widget.scene(), "contextMenu", [])
            for action in scene_menu:
                add(f"{name} scene menu", action.text())
    for action in window.findChildren(QAction):
        add(f"action {action.objectName()}", action.text())
        add(f"action {action.objectName()} tooltip", action.toolTip())
        add(f"action {action.objectName()} status tip", action.statusTip())
    stack = window.state.undo_stack
    add("undo", stack.undoText())
    add("redo", stack.redoText())
    for i in range(stack.count()):
        add(f"undo history {i}", stack.text(i))
    add("status bar", window.statusBar().currentMessage())
    return found


@pytest.fixture
def chinese():
    set_language("zh_CN")
    yield
    set_language("en")


def test_the_english_check_finds_english():
    assert english_words("Edit Q[猫, d1]") == ["Edit"]
    assert english_words("③ 配比 A = 按行 softmax(S/τ)，d_k = 2，t77") == []


def test_after_an_edit_a_refusal_and_an_experiment_nothing_is_english(window, chinese):
    state = window.state
    assert state.set_cell("q", 0, 0, "2")  # an edit: the undo history names it
    model = window.findChild(QTableView, "qGrid").model()
    assert not model.setData(model.index(0, 1), "abc")  # a refused cell: its message shows
    state.select_cell("weights", 0, 2)  # the hand calculation of a weight
    window.tabs.setCurrentIndex(1)  # the experiment, run once
    assert window.variance.run_and_wait(60_000)  # its result drawn when it returns
    english = {where: english_words(text) for where, text in readable_texts(window).items()}
    english = {where: words for where, words in english.items() if words}
    assert english == {}, "\n".join(f"{w} → {e}" for w, e in english.items())
    window.tabs.setCurrentIndex(0)
    english = {where: english_words(text) for where, text in readable_texts(window).items()}
    english = {where: words for where, words in english.items() if words}
    assert english == {}, "\n".join(f"{w} → {e}" for w, e in english.items())


def test_the_walk_reads_every_kind_of_text(window):
    """In English the same walk finds English everywhere it looks: it is not blind."""
    window.state.set_cell("q", 0, 0, "2")
    QCoreApplication.processEvents()  # its result shown: the refusal below is the news
    model = window.findChild(QTableView, "qGrid").model()
    model.setData(model.index(0, 1), "abc")
    window.tabs.setCurrentIndex(1)
    assert window.variance.run_and_wait(60_000)
    places = " ".join(readable_texts(window))
    for kind in ("undo history", "status bar", "plot title", "axis", "action", "tab",
                 "header", "menu", "tooltip", "title"):  # fmt: skip
        assert f"{kind}" in places, kind
    english = [where for where, text in readable_texts(window).items() if english_words(text)]
    assert len(english) > 100


def test_the_systems_reasons_in_dialogs_and_messages_are_chinese(window, tmp_path, dialogs,
                                                                 chinese):  # fmt: skip
    """Opening, saving, importing and the experiment's Save CSV, each refused by the system."""
    missing = tmp_path / "缺" / "失"
    assert not window.sessions.open_path(missing / "s.json")
    assert not window.sessions.save_to(missing / "s.json")
    assert not window.sessions.import_files([missing / "q.csv", missing / "k.csv",
                                             missing / "v.csv"])  # fmt: skip
    assert not window.sessions.open_path(tmp_path)  # a folder where a file should be
    assert not window.variance.save_table(str(missing / "variance.csv"))
    said = [*dialogs.warnings, window.variance.message.text()]
    assert len(said) == 5, said
    for text in said:
        text = text.replace(str(tmp_path), " ").replace(tmp_path.name, " ")  # data
        assert english_words(text) == [], text
