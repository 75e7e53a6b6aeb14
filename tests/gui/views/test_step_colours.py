"""Each step is lit in its own colour, and its text stays readable (WCAG AA, 4.5:1)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from gui.views.formula_bar import STEP_COLOURS, step_tint

STEPS = ("scores", "scaled", "weights", "context")


def luminance(colour: str) -> float:
    channels = []
    for value in QColor(colour).getRgbF()[:3]:
        channels.append(value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4)
    red, green, blue = channels
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("step", [1, 2, 3, 4])
def test_each_steps_text_is_readable_on_white_and_on_its_own_highlight(step):
    assert contrast(STEP_COLOURS[step], "#ffffff") >= 4.5
    assert contrast(STEP_COLOURS[step], step_tint(step)) >= 4.5


@pytest.mark.parametrize("step", [1, 2, 3, 4])
def test_a_lit_step_is_filled_with_a_pale_version_of_its_own_colour(window, step):
    window.state.set_highlighted_step(step)
    part = window.findChild(QWidget, f"formulaPart{step}")
    assert f"background: {step_tint(step)}" in part.styleSheet()
    tint, own = QColor(step_tint(step)), QColor(STEP_COLOURS[step])
    assert tint.alpha() == 255
    assert abs(tint.hueF() - own.hueF()) < 0.02  # the same hue: ① blue, not pale green
    heatmap = window.findChild(QWidget, f"{STEPS[step - 1]}Heatmap")
    assert heatmap.highlight_colours() == (STEP_COLOURS[step], step_tint(step))
    others = [window.findChild(QWidget, f"{s}Heatmap") for s in STEPS if s != STEPS[step - 1]]
    assert all(h.highlight_colours() is None for h in others)
