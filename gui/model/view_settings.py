"""How the numbers are shown, apart from what they are.

The size of the text, the decimals, the step the lesson is pointing at. Views subscribe to
it as they do to the state; the View menu and the presenter view set its values and never touch
a widget.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

MAX_DECIMALS = 6
#: How the weights A are coloured: 0–1 as they are, each row against its largest weight,
#: or log10 of the weight from 10⁻⁴ to 1. Small weights (1/512) are one dark block on
#: the first; the other two show a large matrix's structure.
WEIGHT_SCALES = ("absolute", "row", "log")
#: What the four steps show while a setting is pinned (one choice for all four): B, the
#: setting being changed; A, the one pinned; or B − A.
COMPARE_SHOWN = ("b", "a", "difference")


class ViewSettings(QObject):
    """Display settings shared by every view; each setter emits only on a real change."""

    font_scale_changed = Signal(float)  # 1.0 is the normal size
    precision_changed = Signal(int)  # decimals shown, 0 to MAX_DECIMALS
    highlighted_step_changed = Signal(int)  # 1–4, 0 for none
    weight_scale_changed = Signal(str)  # one of WEIGHT_SCALES
    scales_held_changed = Signal(bool)  # True while the dial plays τ (see set_scales_held)
    compare_shown_changed = Signal(str)  # one of COMPARE_SHOWN

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._font_scale = 1.0
        self._precision = 2
        self._highlighted_step = 0
        self._weight_scale = WEIGHT_SCALES[0]
        self._scales_held = False
        self._compare_shown = COMPARE_SHOWN[0]

    @property
    def font_scale(self) -> float:
        """Return the size of every text against the normal size."""
        return self._font_scale

    @property
    def precision(self) -> int:
        """Return the number of decimals shown."""
        return self._precision

    @property
    def highlighted_step(self) -> int:
        """Return the step (1–4) that is lit, or 0 for none."""
        return self._highlighted_step

    @property
    def weight_scale(self) -> str:
        """Return how the weights A are coloured: one of WEIGHT_SCALES."""
        return self._weight_scale

    @property
    def scales_held(self) -> bool:
        """Return True while the value scales hold still (the dial is playing τ)."""
        return self._scales_held

    @property
    def compare_shown(self) -> str:
        """Return what the four steps show while a setting is pinned: see COMPARE_SHOWN."""
        return self._compare_shown

    def set_compare_shown(self, shown: str) -> None:
        """Show B, A or B − A (one of COMPARE_SHOWN) in the four steps while pinned."""
        if shown not in COMPARE_SHOWN:
            raise ValueError(f"the steps show one of {COMPARE_SHOWN}, not {shown!r}")
        if shown != self._compare_shown:
            self._compare_shown = shown
            self.compare_shown_changed.emit(shown)

    def set_font_scale(self, scale: float) -> None:
        """Scale every text of the views (their fonts, the plots' labels and outlines)."""
        if scale <= 0:
            raise ValueError(f"a font scale must be positive, not {scale:g}")
        if scale != self._font_scale:
            self._font_scale = scale
            self.font_scale_changed.emit(scale)

    def set_precision(self, digits: int) -> None:
        """Show ``digits`` decimals (clamped to 0 … MAX_DECIMALS)."""
        digits = min(max(digits, 0), MAX_DECIMALS)
        if digits != self._precision:
            self._precision = digits
            self.precision_changed.emit(digits)

    def set_highlighted_step(self, step: int) -> None:
        """Light step ``step`` (1–4) in the formula and the pipeline; 0 lights none."""
        if step != self._highlighted_step:
            self._highlighted_step = step
            self.highlighted_step_changed.emit(step)

    def set_weight_scale(self, scale: str) -> None:
        """Colour A on ``scale`` (one of WEIGHT_SCALES); the numbers stay the true weights."""
        if scale not in WEIGHT_SCALES:
            raise ValueError(f"a weight scale is one of {WEIGHT_SCALES}, not {scale!r}")
        if scale != self._weight_scale:
            self._weight_scale = scale
            self.weight_scale_changed.emit(scale)

    def set_scales_held(self, held: bool) -> None:
        """Hold the colour and value scales still (True, while τ plays), or fit them again.

        Fitted to every frame, S/τ's colour bar read ±0.4 at τ = 11.7 and ±2 at τ = 2: one
        colour stood for 0.17 and for 2.00. Held, one colour keeps one value.
        """
        if held != self._scales_held:
            self._scales_held = held
            self.scales_held_changed.emit(held)
