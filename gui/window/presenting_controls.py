"""Presenter mode's controls at the size of its text: icons, check boxes, arrows, handles.

Text follows the application's font, but what a style draws at a fixed size does not: at
4K (text 3×) the play and pause icons stayed 16 px, the check boxes' squares 13 px, the spin boxes'
arrows and the slider's handle a few pixels, and the τ presets' text touched their borders.
Here they are scaled while presenting and given back exactly (icon sizes, each button's own
style sheet, the window's) on leaving. The docks' title buttons are not: QDockWidget draws
them at the style's small-icon size whatever their icon size or a style sheet says.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSize
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QCheckBox,
    QMainWindow,
    QPushButton,
    QRadioButton,
    QSlider,
    QWidget,
)
from shiboken6 import isValid

INDICATOR = 14  # px of a check box's square at the normal size (Fusion draws 13 to 14)
SPIN_BUTTON = 16  # px of a spin box's arrow buttons' width
HANDLE = 14  # px of the slider's handle
PADDING = (2, 4)  # px above and beside a button's text


def control_sheet(widget: QWidget, own: str, scale: float) -> str | None:
    """Return ``widget``'s own style sheet with its sizes × ``scale``, or None to leave it.

    Each control gets a sheet of its own, not the window one: a sheet on the window
    re-polished every widget under it, and the menu bar, the tab bar and the combo boxes
    went back to their normal type in the middle of presenting.
    """

    def px(size: float) -> str:
        return f"{round(size * scale)}px"

    if isinstance(widget, (QCheckBox, QRadioButton)):
        kind = "QCheckBox" if isinstance(widget, QCheckBox) else "QRadioButton"
        rule = f"{kind}::indicator {{ width: {px(INDICATOR)}; height: {px(INDICATOR)}; }}"
    elif isinstance(widget, QAbstractSpinBox):
        rule = (f"QAbstractSpinBox::up-button, QAbstractSpinBox::down-button"
                f" {{ width: {px(SPIN_BUTTON)}; }}")  # fmt: skip
    elif isinstance(widget, QSlider):
        rule = (
            f"QSlider::groove:horizontal {{ height: {px(4)}; background: #b4b4b4;"
            f" border-radius: {px(2)}; }}\n"
            f"QSlider::handle:horizontal {{ width: {px(HANDLE)}; margin: {px(-HANDLE / 2 + 2)} 0;"
            f" background: #fafafa; border: 1px solid #8a8a8a; border-radius: {px(HANDLE / 2)}; }}"
        )
    elif isinstance(widget, QPushButton):
        pad = f"padding: {px(PADDING[0])} {px(PADDING[1] * 2)};"
        # a sheet of bare declarations ("padding: 2px 4px;", the τ presets') is the
        # button's own rule: scaled after it, in the same braces
        return (
            f"QPushButton {{ {own} {pad} }}"
            if "{" not in own
            else f"{own}\nQPushButton {{ {pad} }}"
        )
    else:
        return None
    return f"{own}\n{rule}" if own else rule


class PresentingControls(QObject):
    """Scales the window's controls with presenter mode's text; ``apply(1.0)`` gives back."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.scale = 1.0
        self._icon_sizes: dict[QAbstractButton, QSize] = {}
        self._own_sheets: dict[QWidget, str] = {}

    def apply(self, scale: float) -> None:
        """Give the controls ``scale`` × their own size (1.0: back as they were)."""
        if scale == self.scale:
            return
        self.scale = scale
        if scale == 1.0:
            self._give_back()
            return
        for button in self.window.findChildren(QAbstractButton):
            base = self._icon_sizes.setdefault(button, button.iconSize())
            button.setIconSize(base * scale)
        for widget in self.window.findChildren(QWidget):
            own = self._own_sheets.get(widget, widget.styleSheet())
            sheet = control_sheet(widget, own, scale)
            if sheet is not None:
                self._own_sheets.setdefault(widget, own)
                widget.setStyleSheet(sheet)

    def _give_back(self) -> None:
        for button, size in self._icon_sizes.items():
            if isValid(button):
                button.setIconSize(size)
        for widget, sheet in self._own_sheets.items():
            if isValid(widget) and widget.styleSheet() != sheet:
                widget.setStyleSheet(sheet)
        self._icon_sizes, self._own_sheets = {}, {}
