"""The formula softmax(QKᵀ/√d_k)·V, and the shape chain under it.

Its four parts are tied to the four heatmaps: hovering or clicking one lights that step.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import (
    QEnterEvent,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QMouseEvent,
    QResizeEvent,
)
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from gui.model.numbers import tau_text
from gui.model.state import AttentionState
from gui.model.view_settings import ViewSettings
from gui.support.language import Retranslating
from gui.views.steady_box import SteadyBox

#: Each step's colour: its text on white, and on its own tint, keeps WCAG AA contrast (4.5:1).
STEP_COLOURS = {1: "#1a5f96", 2: "#6f4a9c", 3: "#186a18", 4: "#b3191c"}
#: Every kind of part the formula has, for its height (see FormulaBar._formula_height).
FORMULA_PROBE = (
    "QK<sup>T</sup><sub>①</sub> / √d<sub>k②</sub> <small>(τ = 0.05)</small> ⋅ V<sub>④</sub>"
)
#: Part ② with τ's widest text (τ runs from 0.01 to 20.000): its room while τ is not √d_k.
WIDEST_TAU = " / τ<sub>②</sub> <small>(τ = 20.000)</small>"


def tau_part(tau: float | None) -> str:
    """Return part ② of the formula: "/ √d_k", or "/ τ (τ = 0.072)" as the dial writes τ."""
    if tau is None:
        return " / √d<sub>k</sub><sub>②</sub>"
    return f" / τ<sub>②</sub> <small>(τ = {tau_text(tau)})</small>"


TINT_SHARE = 0.12  # of the step's colour in its highlight, over white


def step_tint(step: int) -> str:
    """Return the highlight fill of ``step``: its own colour, pale (as an opaque #rrggbb)."""
    colour = STEP_COLOURS[step].lstrip("#")
    rgb = (int(colour[i : i + 2], 16) for i in (0, 2, 4))
    return "#" + "".join(f"{round(255 - (255 - c) * TINT_SHARE):02x}" for c in rgb)


SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def listed(symbol: str, count: int, between: str = ", ") -> str:
    """Return ``symbol`` 1 to ``count`` with subscripts, as the formula lists the heads.

    "head₁, head₂" for two, "head₁, …, head₈" for more: "head_1, …, head_2" stood under a
    line of real subscripts. ``between`` separates them (" | " for the blocks [Z₁ | Z₂]).
    """
    first, last = (f"{symbol}{str(i).translate(SUBSCRIPTS)}" for i in (1, count))
    if count <= 1:
        return first
    return between.join((first, last) if count == 2 else (first, "…", last))


class FormulaPart(QLabel):
    """One clickable, hoverable part of the formula, for step 1–4."""

    def __init__(self, state: AttentionState, step: int, parent: QWidget) -> None:
        super().__init__(parent)
        self.state, self.step = state, step
        self.setObjectName(f"formulaPart{step}")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.set_lit(False)

    def set_lit(self, lit: bool) -> None:
        """Draw the part framed and tinted in its step's colour, or plain."""
        colour = STEP_COLOURS[self.step]
        # "#rrggbb22" is #AARRGGBB to Qt: ① was lit pale green and ④ charcoal. Opaque now.
        background = (
            f"background: {step_tint(self.step)}; border: 2px solid {colour};" if lit else ""
        )
        self.setStyleSheet(
            f"QLabel {{ color: {colour}; padding: 2px 4px; border-radius: 6px;"
            f" border: 2px solid transparent; {background} }}"
        )

    def enterEvent(self, event: QEnterEvent) -> None:  # noqa: N802
        """Light this part's step while the mouse is over it."""
        self.state.set_highlighted_step(self.step)
        super().enterEvent(event)

    def leaveEvent(self, event: QEvent) -> None:  # noqa: N802
        """Turn the light off when the mouse leaves, unless another part has taken it."""
        if self.state.highlighted_step == self.step:
            self.state.set_highlighted_step(0)
        super().leaveEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        """Light this part's step on a click as well."""
        self.state.set_highlighted_step(self.step)
        super().mousePressEvent(event)


class FormulaBar(Retranslating, QWidget):
    """Attention(Q, K, V) = softmax(QKᵀ / √d_k) · V, then the live shape chain."""

    def __init__(
        self,
        state: AttentionState,
        parent: QWidget | None = None,
        text_scale: ViewSettings | None = None,
    ) -> None:
        """Show the formula; ``text_scale``'s font_scale sizes it (the state's by default)."""
        super().__init__(parent)
        self.setObjectName("formulaBar")
        self.state = state
        self.text_scale = state.view if text_scale is None else text_scale
        # the pieces in a box the bar fills: the bar itself has no layout, so that the
        # window's layout asks the bar (heightForWidth) for its height, not the pieces
        self._content = QWidget(self)
        self.parts = {step: FormulaPart(state, step, self._content) for step in (1, 2, 3, 4)}
        row = QHBoxLayout()
        row.setSpacing(0)
        content = self._content
        pieces = [QLabel("Attention(Q, K, V) = ", content), self.parts[3], QLabel("(", content),
                  self.parts[1], self.parts[2], QLabel(")", content), self.parts[4]]  # fmt: skip
        self._pieces = pieces
        self._base_font = QFont(QGuiApplication.font())  # not a parent's scaled one
        self._heights: dict[float, int] = {}  # the formula's height at each text size
        self._tau_widths: dict[float, int] = {}  # part ②'s widest width at each text size
        self._tau_shown = False
        self._fitted: tuple[object, ...] | None = None  # what the last fit was made for
        self._chain_texts: tuple[str, ...] = ()  # the shape chain with √d_k and with τ
        self._chain_probe = QLabel()  # measures the wrapped chain (see _chain_height)
        self._chain_heights: dict[tuple[object, ...], int] = {}  # by room, font and texts
        self._measures: tuple[object, ...] = ()  # what heightForWidth was last told of
        self._chain_probe.setWordWrap(True)
        self._fit()
        # The formula's width changes with τ ("/ τ = 0.35"): as a minimum width of the centre
        # it would take the side columns' room on every frame of the dial and relay out every view.
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        for piece in pieces:  # τ's part in a box: its text, new on every frame, relays nothing out
            row.addWidget(SteadyBox(piece, content) if piece is self.parts[2] else piece)
        row.addStretch(1)
        self.shape_chain = QLabel(content)
        self.shape_chain.setObjectName("shapeChain")
        self.shape_chain.setWordWrap(True)
        layout = QVBoxLayout(self._content)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.setSpacing(2)
        layout.addLayout(row)
        layout.addWidget(self.shape_chain)
        state.result_changed.connect(self._on_result_changed)
        state.view.highlighted_step_changed.connect(self._on_highlighted_step_changed)
        self.text_scale.font_scale_changed.connect(self._on_font_scale_changed)
        self._on_result_changed()

    def retranslate(self) -> None:
        """Write the shape chain again in the current language."""
        self._on_result_changed()

    def _on_font_scale_changed(self, scale: float) -> None:
        """Set the formula's size to 1.7 × the text size, times the view's scale."""
        self._fit()

    def _fit(self) -> None:
        """Draw the formula at 1.7 × the text size (times the view's scale), or smaller.

        Smaller only where it would not fit: the presenter view on a small screen clipped it.
        Not again while nothing it depends on has changed: τ's digits have their room (part
        ②'s widest), so the dial's frames need no new fit; setting seven fonts and measuring
        the pieces cost a millisecond on every frame and every edit. Not before the bar has
        its first width either (fitted to 100 px, then again as it is shown).
        """
        # The height of the full-size formula, whatever the fit: the heatmaps below it must
        # not move when τ's text makes the formula shrink a little. Asked by the layout for
        # each width (see heightForWidth), before the bar is sized: a fixed height, measured
        # at the width it had before its first show (100 px), laid the heatmaps out a second
        # time on the way to the first paint.
        if hasattr(self, "shape_chain"):
            measures = (self._chain_texts, self.text_scale.font_scale,
                        self.shape_chain.font().toString())  # fmt: skip
            if measures != self._measures:  # the layout's heights for each width are old
                self._measures = measures
                self.updateGeometry()
        if not self.testAttribute(Qt.WidgetAttribute.WA_Resized) and not self.isVisible():
            return
        chain_size = self.shape_chain.font().pointSizeF() if hasattr(self, "shape_chain") else 0
        texts = tuple(piece.text() for piece in self._pieces if piece is not self.parts[2])
        fitted = (texts, self._tau_shown, self.width(), self.text_scale.font_scale, chain_size,
                  self._chain_texts)  # fmt: skip
        if fitted == self._fitted:
            return
        self._fitted = fitted
        size = self._base_font.pointSizeF() * 1.7 * self.text_scale.font_scale
        font = QFont(self._base_font)
        font.setPointSizeF(size)
        for piece in self._pieces:
            piece.setFont(font)
        # While τ is shown, part ② keeps the room of its widest text: the "⋅ V④" after it
        # jumped sideways on every frame of the dial as τ's digits changed width.
        tau = self.parts[2]
        tau.setMinimumWidth(self._widest_tau(tau.font()) if self._tau_shown else 0)
        # measured with τ's widest text whether τ or √d_k is shown: the formula then keeps
        # its size when the dial starts to play (it shrank by a tenth at the first frame)
        widest = self._widest_tau(tau.font())
        needed = sum(max(p.sizeHint().width(), widest if p is tau else p.minimumWidth())
                     for p in self._pieces)  # fmt: skip
        room = self.width() - 16
        if needed > room > 0:
            font.setPointSizeF(max(size * room / needed * 0.94, size * 0.4))  # with room to spare
            for piece in self._pieces:
                piece.setFont(font)
            tau.setMinimumWidth(self._widest_tau(font) if self._tau_shown else 0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt's name)
        """Return True: the shape chain wraps (see ``heightForWidth``)."""
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        """Return the bar's height at ``width``: the full-size formula, the chain wrapped.

        The full-size formula's, whatever the fit: the heatmaps below it must not move
        when τ's text makes the formula shrink a little.
        """
        font = QFont(self._base_font)
        font.setPointSizeF(self._base_font.pointSizeF() * 1.7 * self.text_scale.font_scale)
        return math.ceil(self._formula_height(font) + self._chain_height(width) + 2 + 4)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        """Return the pieces' width and the height at the bar's width."""
        return QSize(self._content.sizeHint().width(), self.heightForWidth(self.width()))

    def _chain_height(self, width: int) -> int:
        """Return the shape chain's height, wrapped to the bar's width, whatever τ is.

        The chain wraps: several heads' one was cut at 1280 px ("… → QKᵀ/√d_k ("). Its
        height is that of its longer text, with √d_k or with τ, so that the heatmaps
        below do not move when the dial starts to play; two lines at most.
        """
        if not hasattr(self, "shape_chain"):
            return 0  # not while the bar is being built
        room = max(width - 8, 40)  # the layout's margins
        font = self.shape_chain.font()
        key = (room, font.toString(), self._chain_texts)
        if key not in self._chain_heights:  # asked on every layout pass
            probe = self._chain_probe
            probe.setFont(font)
            heights = []
            for text in self._chain_texts:
                probe.setText(text)
                heights.append(probe.heightForWidth(room))
            line = QFontMetricsF(probe.font()).lineSpacing()
            # at most two lines: a narrow centre (a small window as it starts) must not make
            # the bar, and so the window's least height, taller than two lines
            if len(self._chain_heights) > 64:
                self._chain_heights.clear()
            self._chain_heights[key] = min(max(heights, default=0), math.ceil(2 * line + 1))
        return self._chain_heights[key]

    def _widest_tau(self, font: QFont) -> int:
        """Return the width of part ② with τ's widest text, in ``font`` (as lit: its frame)."""
        key = font.pointSizeF()
        if key not in self._tau_widths:
            probe = QLabel()
            probe.setStyleSheet(self.parts[2].styleSheet())
            probe.setFont(font)
            probe.setText(WIDEST_TAU)
            self._tau_widths[key] = probe.sizeHint().width()
        return self._tau_widths[key]

    def _formula_height(self, font: QFont) -> int:
        """Return the height of the tallest formula in ``font``, the same whatever τ is.

        Measured once per size on a label holding every kind of part (a superscript, a
        subscript, √ and τ's small text): the parts' own heights changed with τ's text
        ("√d_k" or "(τ = 0.05)"), and the heatmaps below moved by 9 px.
        """
        key = font.pointSizeF()
        if key not in self._heights:
            probe = QLabel()
            probe.setFont(font)
            probe.setText(FORMULA_PROBE)
            # and framed as a part is (its style sheet's padding and border), in ``font``:
            # the parts themselves may still have another size (the last fit's)
            framed = QLabel()
            framed.setStyleSheet(self.parts[1].styleSheet())
            framed.setFont(font)
            framed.setText(FORMULA_PROBE)
            framed.ensurePolished()
            self._heights[key] = max(probe.sizeHint().height(), framed.sizeHint().height())
        return self._heights[key]

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        """Fit again once a new text size has reached the shape chain (after presenter's)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fitted = None
            self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        """Fill the bar with its pieces; fit the formula to the new width."""
        super().resizeEvent(event)
        self._content.setGeometry(self.rect())
        self._fit()

    def _on_result_changed(self) -> None:
        state, result = self.state, self.state.result
        self.parts[3].setText("softmax<sub>③</sub>")
        self.parts[1].setText("QK<sup>T</sup><sub>①</sub>")
        self._tau_shown = not result.is_standard_scaling
        self.parts[2].setText(tau_part(None if result.is_standard_scaling else result.temperature))
        self.parts[4].setText(" ⋅ V<sub>④</sub>")
        length, d_k = result.q.shape
        d_v = result.v.shape[1]
        lead = ""
        if state.is_projection:
            lead = self.tr("X ({0}×{1}) ⋅ W → ").format(length, state.d_model)
        divisor = "√d_k" if result.is_standard_scaling else "τ"
        chain = self.tr("Q, K ({0}×{1}) → QKᵀ/{3} ({0}×{0}) → softmax ({0}×{0}) → ⋅V → Z ({0}×{2})")
        heads = state.heads
        if heads > 1:  # the formula is one head's; the chain says how the heads make the output
            head = state.selected_head + 1
            self._pieces[0].setText(f"head<sub>{head}</sub> = Attention(Q<sub>{head}</sub>, "
                                    f"K<sub>{head}</sub>, V<sub>{head}</sub>) = ")  # fmt: skip
            w_o = "·W_o" if state.has_w_o else ""
            lead = self.tr("MultiHead(Q, K, V) = {0}{1}; head {2}: ").format(
                f"Concat({listed('head', heads)})", w_o, head
            )
        else:
            self._pieces[0].setText("Attention(Q, K, V) = ")
        self._chain_texts = tuple(lead + chain.format(length, d_k, d_v, shown)
                                  for shown in ("√d_k", "τ"))  # fmt: skip
        self.shape_chain.setText(lead + chain.format(length, d_k, d_v, divisor))
        self._fit()  # "/ τ = 0.35" is wider than "/ √d_k"

    def _on_highlighted_step_changed(self, step: int) -> None:
        for number, part in self.parts.items():
            part.set_lit(number == step)
        self._fitted = None  # a new style sheet gives the part its own font back: fit it again
        self._fit()
