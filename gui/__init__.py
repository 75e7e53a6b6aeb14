"""Attention Lab's Qt interface, in layers (see README: "How the code is laid out")."""

from __future__ import annotations

from gui.support.fonts import install_fonts
from gui.window.main_window import MainWindow

__all__ = ["MainWindow", "install_fonts"]
