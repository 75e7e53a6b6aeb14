"""Attention Lab's Qt interface."""

from __future__ import annotations

from .fonts import install_fonts
from .main_window import MainWindow

__all__ = ["MainWindow", "install_fonts"]
