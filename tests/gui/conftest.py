"""Fixtures for the GUI tests: the app with its fonts, and a shown main window; every
test gets its own QSettings and data folders, and dialogs that answer without a click."""

from __future__ import annotations

import os
from pathlib import Path

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QCoreApplication, QStandardPaths
from PySide6.QtWidgets import QFileDialog, QMessageBox

from gui import install_fonts
from gui.session import unsaved_question
from gui.variance import long_run

from .isolation import Dialogs, isolate, shown_window
from .main_in_process import Ran, run_main

pytest.register_assert_rewrite("tests.gui.random_user")  # its asserts show their values too


@pytest.fixture(autouse=True)
def isolated_settings(qapp, tmp_path_factory, monkeypatch):
    """No test (nor a subprocess it starts) reads or writes the user's settings or data.
    Returns the folder that holds this test's HOME and QSettings (not tmp_path, which
    tests may expect to hold only their own files)."""
    names = QCoreApplication.organizationName(), QCoreApplication.applicationName()
    sandbox = tmp_path_factory.mktemp("qt-sandbox")
    home = sandbox / "home"
    home.mkdir()
    # Keep the font cache where it is, so that subprocesses need not rebuild it.
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    monkeypatch.setenv("XDG_CACHE_HOME", cache)
    for variable, folder in (("HOME", home), ("XDG_CONFIG_HOME", home / ".config"),
                             ("XDG_DATA_HOME", home / ".local" / "share")):  # fmt: skip
        monkeypatch.setenv(variable, str(folder))
    isolate(sandbox / "settings")
    yield sandbox
    QStandardPaths.setTestModeEnabled(False)
    QCoreApplication.setOrganizationName(names[0])
    QCoreApplication.setApplicationName(names[1])


@pytest.fixture(autouse=True)
def dialogs(monkeypatch):
    """Modal dialogs answered by a script (see isolation.Dialogs)."""
    script = Dialogs()
    monkeypatch.setattr(QMessageBox, "question", script.question)
    monkeypatch.setattr(unsaved_question, "ask", script.unsaved)  # Save / Discard / Cancel
    monkeypatch.setattr(long_run, "ask", script.long_run)  # Run / Cancel before a long run
    for name in ("warning", "critical", "information"):
        monkeypatch.setattr(QMessageBox, name, script.warning)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", script.open_file)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", script.open_file)
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", script.open_files)
    return script


@pytest.fixture
def window(qtbot, qapp):
    pg.setConfigOptions(antialias=True, imageAxisOrder="row-major")
    install_fonts(qapp)
    return shown_window(qtbot)


@pytest.fixture
def main_py(capfd, monkeypatch):
    """``main_py("export", "--out", ...)``: main.py's command line run in this process,
    its status and output returned as ``subprocess.run`` gives them (see main_in_process)."""

    def run(*argv: str) -> Ran:
        return run_main(argv, capfd, monkeypatch)

    return run
