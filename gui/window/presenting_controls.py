"""Presenter mode's controls at the size of its text: icons, check boxes, arrows, handles.

Text follows the application's font, but what a style draws at a fixed size does not: at
4K (text 3×) the ▶/⏸ icons stayed 16 px, the check boxes' squares 13 px, the spin boxes'
arrows and the slider's handle a few pixels, and the τ presets' text touched their borders.
Here they are scaled while presenting and given back exactly (icon sizes, each button's own
style sheet, the window's) on leaving. The docks' title buttons are not: QDockWidget draws
them at the style's small-icon size whatever their icon size or a style sheet says.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSize
from PySide6.QtWidgets import QAbstractButton, QMainWindow, QWidget
from shiboken6 import isValid

INDICATOR = 14  # px of a check box's square at the normal size (Fusion draws 13 to 14)
SPIN_BUTTON = 16  # px of a spin box's arrow buttons' width
HANDLE = 14  # px of the slider's handle
PADDING = (2, 4)  # px above and beside a button's text


def controls_sheet(scale: float) -> str:
    """Return a style sheet that gives the window's controls ``scale`` × their normal size."""

    def px(size: float) -> str:
        return f"{round(size * scale)}px"

    pad = f"{px(PADDING[0])} {px(PADDING[1] * 2)}"
    return (
        f"QCheckBox::indicator, QRadioButton::indicator {{ width: {px(INDICATOR)};"
        f" height: {px(INDICATOR)}; }}\n"
        f"QPushButton {{ padding: {pad}; }}\n"
        f"QAbstractSpinBox::up-button, QAbstractSpinBox::down-button {{"
        f" width: {px(SPIN_BUTTON)}; }}\n"
        f"QSlider::groove:horizontal {{ height: {px(4)}; background: #b4b4b4;"
        f" border-radius: {px(2)}; }}\n"
        f"QSlider::handle:horizontal {{ width: {px(HANDLE)}; margin: {px(-HANDLE / 2 + 2)} 0;"
        f" background: #fafafa; border: 1px solid #8a8a8a;"
        f" border-radius: {px(HANDLE / 2)}; }}\n"
    )


class PresentingControls(QObject):
    """Scales the window's controls with presenter mode's text; ``apply(1.0)`` gives back."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.scale = 1.0
        self._icon_sizes: dict[QAbstractButton, QSize] = {}
        self._own_sheets: dict[QWidget, str] = {}
        self._window_sheet = ""

    def apply(self, scale: float) -> None:
        """Give the controls ``scale`` × their own size (1.0: back as they were)."""
        if scale == self.scale:
            return
        if self.scale == 1.0:  # what they were, before any scaling
            self._window_sheet = self.window.styleSheet()
        self.scale = scale
        if scale == 1.0:
            self._give_back()
            return
        buttons = self.window.findChildren(QAbstractButton)
        for button in buttons:  # their own, before a style sheet has a say
            self._icon_sizes.setdefault(button, button.iconSize())
        self.window.setStyleSheet(self._window_sheet + "\n" + controls_sheet(scale))
        for button in buttons:
            base = self._icon_sizes[button]
            button.setIconSize(base * scale)
            # a button's own sheet wins over the window's whatever the selector (the τ
            # presets' "padding: 2px 4px"): its padding scaled after its own rules
            own = self._own_sheets.setdefault(button, button.styleSheet())
            if "padding" in own and "{" not in own:
                pad = f"{round(PADDING[0] * scale)}px {round(PADDING[1] * scale)}px"
                button.setStyleSheet(f"{own} padding: {pad};")

    def _give_back(self) -> None:
        self.window.setStyleSheet(self._window_sheet)
        for button, size in self._icon_sizes.items():
            if isValid(button):
                button.setIconSize(size)
        for widget, sheet in self._own_sheets.items():
            if isValid(widget) and widget.styleSheet() != sheet:
                widget.setStyleSheet(sheet)
        self._icon_sizes, self._own_sheets = {}, {}
