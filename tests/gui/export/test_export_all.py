"""Export all, one figure through its dialogs, the handout, and the menus; errors leave
nothing half-written."""

from __future__ import annotations

import errno
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QTimer
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QProgressDialog, QPushButton

import engine.formats.files
import gui.export.files
from engine import read_preset
from gui.export.dialogs import ExportAllDialog, FigureDialog, HandoutDialog

FIGURES = ["1-scores", "2-scaled", "3-weights", "4-context", "weight-bars", "mixing",
           "weight-lines", "variance-spread", "variance-histogram", "variance-winner",
           "variance-gradient"]  # fmt: skip
DATA = ["tokens.csv", "Q.csv", "K.csv", "V.csv", "S.csv", "S-scaled.csv", "A.csv", "Z.csv",
        "matrices.json", "session.json"]  # fmt: skip
Button = QMessageBox.StandardButton


@pytest.fixture
def said(monkeypatch):
    """Questions and warnings the export shows; questions answered from ``answers``."""
    record: dict[str, list] = {"questions": [], "warnings": [], "answers": []}

    def question(parent, title, text, *args):
        record["questions"].append(text)
        return record["answers"].pop(0) if record["answers"] else Button.No

    def warning(parent, title, text, *args):
        record["warnings"].append(text)

    monkeypatch.setattr(QMessageBox, "question", question)
    monkeypatch.setattr(QMessageBox, "warning", warning)
    return record


def test_export_all_writes_every_file_and_a_session_that_reads_back_equal(window, tmp_path):
    window.state.set_temperature(1.5)
    written = window.exports.export_all(tmp_path, scale=1)
    expected = {f"{name}.{fmt}" for name in FIGURES for fmt in ("png", "svg", "pdf")}
    expected |= set(DATA)
    assert {p.name for p in written} == expected
    assert sorted(os.listdir(tmp_path)) == sorted(expected)  # no staging folder left
    session = read_preset(tmp_path / "session.json")
    original = window.state.to_preset()
    assert session.tokens == original.tokens == ("猫", "吃", "鱼")
    for name in ("q", "k", "v"):
        np.testing.assert_array_equal(getattr(session, name), getattr(original, name))
    assert (session.temperature, session.causal, session.selected_token) == (1.5, False, 0)
    assert (tmp_path / "3-weights.pdf").read_bytes().startswith(b"%PDF")


def test_only_the_chosen_formats_are_written(window, tmp_path):
    written = window.exports.export_all(tmp_path, formats=("csv",))
    assert sorted(p.name for p in written) == sorted([*DATA[:-2], "session.json"])


def test_export_all_asks_before_replacing_files(window, tmp_path, said):
    (tmp_path / "S.csv").write_text("old")
    assert window.exports.export_all(tmp_path, formats=("csv",)) is None
    assert "S.csv" in said["questions"][0]
    assert (tmp_path / "S.csv").read_text() == "old"
    assert sorted(os.listdir(tmp_path)) == ["S.csv"]
    said["answers"].append(Button.Yes)
    assert window.exports.export_all(tmp_path, formats=("csv",)) is not None
    assert (tmp_path / "S.csv").read_text(encoding="utf-8-sig").startswith("S,猫,吃,鱼")


@pytest.mark.parametrize(("code", "message"), [(errno.EACCES, "not writable"),
                                               (errno.ENOSPC, "disk is full")])  # fmt: skip
def test_a_failed_write_says_why_and_leaves_no_file(window, tmp_path, said, monkeypatch, code,
                                                    message):  # fmt: skip
    def refuse(source, target):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(gui.export.files.os, "replace", refuse)
    assert window.exports.export_all(tmp_path, formats=("csv", "json")) is None
    assert message in said["warnings"][0]
    assert message in window.exports.last_error
    assert os.listdir(tmp_path) == []
    assert not window.exports.export_figure("1-scores", tmp_path / "s.png", "png")
    assert os.listdir(tmp_path) == []


def test_a_full_disk_in_the_middle_of_a_file_leaves_nothing(window, tmp_path, said, monkeypatch):
    def half_then_full(path, data):
        Path(path).write_bytes(data[: len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(engine.formats.files, "write_synced", half_then_full)
    assert not window.exports.write_handout(tmp_path / "handout.pdf")
    assert window.exports.export_all(tmp_path, formats=("json",)) is None
    assert os.listdir(tmp_path) == []
    assert "disk is full" in said["warnings"][0]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="needs POSIX permissions, which root ignores")  # fmt: skip
def test_a_read_only_folder_is_refused_with_a_message(window, tmp_path, said):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        assert window.exports.export_all(folder, formats=("csv",)) is None
        assert "not writable" in said["warnings"][0]
        assert os.listdir(folder) == []
    finally:
        folder.chmod(0o700)


def test_export_figure_through_its_dialog_adds_the_extension_and_asks_to_replace(
    window, tmp_path, said, monkeypatch
):
    def choose(dialog):
        dialog.figure.setCurrentIndex(dialog.figure.findData("mixing"))
        dialog.format.setCurrentIndex(dialog.format.findData("svg"))
        assert "not embedded" in dialog.note.text()
        return True

    monkeypatch.setattr(FigureDialog, "exec", choose)
    target = str(tmp_path / "slide")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (target, ""))
    assert window.exports.figure_action.isEnabled()
    window.exports.figure_action.trigger()
    assert (tmp_path / "slide.svg").read_bytes().startswith(b"<?xml")
    (tmp_path / "slide.svg").write_text("mine")
    assert not window.exports.ask_export_figure()
    assert (tmp_path / "slide.svg").read_text() == "mine"
    assert "slide.svg" in said["questions"][0]


def test_export_all_through_its_dialog(window, tmp_path, monkeypatch):
    def choose(dialog):
        for fmt, box in dialog.boxes.items():
            box.setChecked(fmt in ("json", "png"))
        dialog.scale.setCurrentIndex(dialog.scale.findData(1))
        return True

    monkeypatch.setattr(ExportAllDialog, "exec", choose)
    monkeypatch.setattr("gui.export.dialogs.ask_folder", lambda *a, **k: tmp_path)
    window.exports.all_action.trigger()
    assert (tmp_path / "matrices.json").exists()
    assert (tmp_path / "mixing.png").exists()
    assert not (tmp_path / "mixing.svg").exists()


@pytest.mark.parametrize(("page", "points"), [("A4", "595 x 842 pts"), ("Letter", "612 x 792 pts")])
def test_the_handout_is_one_pdf_with_the_lessons_row(window, tmp_path, monkeypatch, page, points):
    monkeypatch.setattr(HandoutDialog, "exec", lambda dialog: True)
    monkeypatch.setattr(HandoutDialog, "values", lambda dialog: page)
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(tmp_path / "handout"), ""))  # fmt: skip
    window.exports.handout_action.trigger()
    path = tmp_path / "handout.pdf"
    assert path.read_bytes().startswith(b"%PDF")
    if not shutil.which("pdftotext"):
        pytest.skip("poppler-utils (pdftotext) is not installed")
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout  # fmt: skip
    for expected in ("猫", "吃", "鱼", "Hand calculation for the row of 猫", "softmax",
                     "≈ 0.45", "[1.18, 0.27, 0.27, 1.18]", "L = 3, d_k = 4"):  # fmt: skip
        assert expected in text, expected
    if shutil.which("pdfinfo"):
        info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True,
                              check=True).stdout  # fmt: skip
        assert points in info


def test_the_menus_and_context_menus_are_in_place(window):
    file_actions = window.file_menu.actions()
    export_menu = window.findChild(QMenu, "exportMenu")
    assert export_menu.menuAction() in file_actions
    assert file_actions.index(export_menu.menuAction()) < file_actions.index(window.quit_action)
    assert [a.objectName() for a in export_menu.actions()] == [
        "exportFigureAction", "exportAllAction", "handoutAction"]  # fmt: skip
    copy_menu = window.findChild(QMenu, "copyMatrixMenu")
    assert copy_menu.menuAction() in window.edit_menu.actions()
    assert len(copy_menu.actions()) == 7
    assert all(len(a.menu().actions()) == 2 for a in copy_menu.actions())
    for view in window.exports._views():
        assert view.contextMenuPolicy() == view.contextMenuPolicy().CustomContextMenu


def test_the_experiments_context_menu_exports_the_plot_under_the_pointer(window, qtbot):
    window.tabs.setCurrentWidget(window.variance)
    plots = window.variance.plots
    qtbot.waitUntil(lambda: window.variance.runner.result is not None, timeout=20000)
    for key in ("spread", "histogram", "winner", "gradient"):
        centre = plots.mapFromScene(getattr(plots, key).sceneBoundingRect().center())
        assert window.exports.figure_at(plots, centre) == f"variance-{key}"
    menu = window.exports.context_menu(plots, QPoint(1, 1))
    assert menu is None or len(menu.actions()) == 3


def test_every_figure_has_a_context_menu_the_mixing_view_included(window):
    from PySide6.QtCore import QPoint

    for view in (window.mixing.canvas, window.dial.bars.plot,
                 window.pipeline.heatmaps["weights"]):  # fmt: skip
        centre = QPoint(view.width() // 2, view.height() // 2)
        menu = window.exports.context_menu(view, centre)
        assert menu is not None
        names = [action.objectName() for action in menu.actions()]
        assert "export-png" in names


def test_the_window_keeps_turning_while_everything_is_exported(window, tmp_path):
    assert gui.export.files.ensure_variance_result(window)  # the experiment's own run apart
    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start()
    written = window.exports.export_all(tmp_path, scale=1)
    timer.stop()
    assert written is not None
    assert len(written) == len(FIGURES) * 3 + len(DATA)
    # one figure per turn of the event loop (before: 40 files in one go, 1 s at 3 tokens):
    # counted in turns, not seconds, which a loaded CI machine stretches (0.53 s seen)
    assert len(ticks) >= len(FIGURES) * 3


def test_cancel_stops_the_export_and_writes_nothing(window, tmp_path):
    assert gui.export.files.ensure_variance_result(window)
    seen: list[str] = []

    def press_cancel() -> None:  # once the figures are being drawn
        dialog = window.findChild(QProgressDialog, "exportProgress")
        if dialog is not None and dialog.labelText().startswith("Drawing"):
            seen.append(dialog.labelText())
            dialog.findChild(QPushButton).click()
            pressing.stop()

    pressing = QTimer()
    pressing.timeout.connect(press_cancel)
    pressing.start(0)  # runs inside the export's own event loop
    assert window.exports.export_all(tmp_path, scale=1) is None
    assert os.listdir(tmp_path) == []
    assert len(seen) == 1
    assert re.fullmatch(r"Drawing 1-scores\.(png|svg)… \(\d+ of \d+ files made\)", seen[0])
    assert "cancelled" in window.statusBar().currentMessage()
    assert window.exports.export_all(tmp_path, ("csv",)) is not None  # and it can run again


def test_a_figure_that_cannot_be_drawn_stops_the_export_and_says_so(window, tmp_path, said,
                                                                     monkeypatch):  # fmt: skip
    import sys

    import gui.export.progress

    real = gui.export.progress.render_figure
    calls: list[str] = []

    def failing(figure, fmt, scale=1.0):
        calls.append(f"{figure.name}.{fmt}")
        if len(calls) == 3:
            raise RuntimeError("no memory for the image")
        return real(figure, fmt, scale)

    monkeypatch.setattr(gui.export.progress, "render_figure", failing)
    interval = sys.getswitchinterval()
    assert window.exports.export_all(tmp_path, scale=1) is None
    assert len(calls) == 3  # stopped at the failure: the loop did not hang or go on
    assert said["warnings"] == [f"Could not write {tmp_path}: no memory for the image"]
    assert os.listdir(tmp_path) == []
    assert sys.getswitchinterval() == interval
    assert window.findChildren(QProgressDialog) == [] or not any(
        d.isVisible() for d in window.findChildren(QProgressDialog)
    )


def png_height(path: Path) -> int:
    from PySide6.QtGui import QImage

    return QImage(str(path)).height()


def test_export_all_carries_captions_unless_its_box_is_cleared(window, tmp_path, monkeypatch):
    seen: list[bool] = []

    def choose(captions: bool):
        def exec_(dialog):
            seen.append(dialog.captioned())  # as the dialog opens
            for fmt, box in dialog.boxes.items():
                box.setChecked(fmt == "png")
            dialog.scale.setCurrentIndex(dialog.scale.findData(1))
            dialog.captions.setChecked(captions)
            return True

        return exec_

    heights = {}
    for captions in (True, False):
        folder = tmp_path / str(captions)
        folder.mkdir()
        monkeypatch.setattr(ExportAllDialog, "exec", choose(captions))
        monkeypatch.setattr("gui.export.dialogs.ask_folder", lambda *a, f=folder, **k: f)
        window.exports.all_action.trigger()
        heights[captions] = {name: png_height(folder / f"{name}.png") for name in FIGURES}
    assert seen == [True, True]  # on by default; then the last choice (on)
    for name in FIGURES:
        assert heights[True][name] > heights[False][name] + 20, name
    assert window.exports.captions is False  # remembered for the next dialog


def test_a_single_figure_and_the_handout_may_go_without_captions(window, tmp_path, monkeypatch):
    def choose(dialog):
        assert dialog.captioned()  # on by default
        dialog.captions.setChecked(False)
        return True

    monkeypatch.setattr(FigureDialog, "exec", choose)
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(tmp_path / "bare.png"), ""))  # fmt: skip
    assert window.exports.ask_export_figure("3-weights", "png")
    assert window.exports.export_figure("3-weights", tmp_path / "captioned.png", "png")
    assert png_height(tmp_path / "captioned.png") > png_height(tmp_path / "bare.png") + 20
    if not shutil.which("pdftotext"):
        pytest.skip("poppler-utils (pdftotext) is not installed")
    texts = {}
    for captions in (True, False):
        path = tmp_path / f"handout-{captions}.pdf"
        assert window.exports.write_handout(path, "A4", captions)
        texts[captions] = subprocess.run(["pdftotext", str(path), "-"], capture_output=True,
                                         text=True, check=True).stdout  # fmt: skip
    assert "Outlined: the row of 猫" in texts[True]
    assert "The row of 猫: z_猫" in texts[True]  # the mixing view says whose row it is
    assert "Outlined: the row of 猫" not in texts[False]
    assert "③ weights A" in texts[False]  # the handout's own headings, as before


def test_the_progress_text_and_bar_count_the_same_files(window, tmp_path):
    # the text read "item 5 of 33" (figures only) beside a bar at 49 % (the matrices too)
    assert gui.export.files.ensure_variance_result(window)
    seen: list[tuple[str, int, int]] = []

    def look() -> None:
        dialog = window.findChild(QProgressDialog, "exportProgress")
        if dialog is not None and dialog.isVisible() and dialog.maximum() > 1:
            seen.append((dialog.labelText(), dialog.value(), dialog.maximum()))

    looking = QTimer()
    looking.timeout.connect(look)
    looking.start(0)
    assert window.exports.export_all(tmp_path, scale=1) is not None
    looking.stop()
    counted = [(re.search(r"\((\d+) of (\d+) files made\)", text), value, most)
               for text, value, most in seen]  # fmt: skip
    counted = [(int(m[1]), int(m[2]), value, most) for m, value, most in counted if m]
    assert len(counted) >= 10
    for done, total, value, most in counted:
        assert total == most  # one count for both
        assert value in (done, min(done, most - 1), -1)  # the bar stops short of the end
