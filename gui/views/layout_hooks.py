"""Layouts that tell their widget when they lay it out, so that it can get ready first.

Qt hands a widget's resize to its layout before the widget itself hears of it (the layout
has already placed the children by the time ``resizeEvent`` runs). A widget whose children
depend on the new size (the dial's bars beside or below its knob) or that shares work across
its children once they all have their sizes (the four heatmaps' names) had a second layout
pass, or as many passes as children. These layouts call ``before(rect)`` and ``after(rect)``
around their own pass.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QGridLayout, QVBoxLayout, QWidget

Hook = Callable[[QRect], None]

if TYPE_CHECKING:
    from PySide6.QtWidgets import QLayout as _Layout
else:
    _Layout = object


def _nothing(rect: QRect) -> None:
    del rect


class _Hooked(_Layout):
    """What both layouts below add to Qt's: ``before`` and ``after`` around each pass.

    A plain class to the interpreter (a mixin before the Qt class): derived from QLayout
    itself, its layouts crashed in setContentsMargins.
    """

    def __init__(self, parent: QWidget, before: Hook = _nothing, after: Hook = _nothing) -> None:
        super().__init__(parent)
        self._before, self._after = before, after

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 (Qt's name)
        """Lay the widgets out in ``rect``, with the hooks before and after."""
        self._before(rect)
        super().setGeometry(rect)
        self._after(rect)


class HookedGrid(_Hooked, QGridLayout):
    """A ``QGridLayout`` that calls ``before`` and ``after`` around each layout pass."""


class HookedColumn(_Hooked, QVBoxLayout):
    """A ``QVBoxLayout`` that calls ``before`` and ``after`` around each layout pass."""


__all__ = ["HookedColumn", "HookedGrid"]
