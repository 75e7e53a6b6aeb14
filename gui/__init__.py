"""Attention Lab's Qt interface, in layers (see README: "How the code is laid out").

``MainWindow`` and ``install_fonts`` are loaded when first asked for, so that what needs no
Qt (``gui.command_line``, which reads ``main.py``'s flags and builds the offline kit) can
be imported without the window and Qt.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gui.support.fonts import install_fonts
    from gui.window.main_window import MainWindow

_HOMES = {"MainWindow": "gui.window.main_window", "install_fonts": "gui.support.fonts"}


def __getattr__(name: str) -> object:
    """Import ``MainWindow`` or ``install_fonts`` from its module when first used."""
    if name in _HOMES:
        return getattr(import_module(_HOMES[name]), name)
    raise AttributeError(f"module 'gui' has no attribute {name!r}")


__all__ = ["MainWindow", "install_fonts"]
