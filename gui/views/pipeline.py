"""The four heatmaps of the pipeline, ① S ② S/τ ③ A ④ Z, as views of the state.

They show the same cells: zooming or panning one shows the same rows in all four and the
same token columns in S, S/τ and A (Z's columns are dimensions, zoomed on their own), and
the shared axes name the same tokens.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtGui import QAction, QFont, QGuiApplication, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QSizePolicy,
    QToolButton,
    QWidget,
)

from engine.vocabulary import STEPS
from gui.model.numbers import tau_text
from gui.model.state import AttentionState
from gui.model.view_settings import WEIGHT_SCALES, ViewSettings
from gui.plots.colour_bar import symmetric_levels
from gui.plots.heatmap import MAX_LEVEL, Heatmap
from gui.support.language import Retranslating
from gui.views.formula_bar import STEP_COLOURS, step_tint
from gui.views.layout_hooks import HookedGrid
from gui.views.steady_box import SteadyBox
from gui.views.step_title import StepTitle

TOKEN_COLUMNS = ("scores", "scaled", "weights")  # their columns are tokens (Z's are d0, d1, …)
SYMBOLS = {"scores": "① S", "scaled": "② S/τ", "weights": "③ A", "context": "④ Z"}
#: the steps whose values τ changes: their colour scales hold still while the dial plays
#: (S's and A's never move with τ)
HELD_STEPS = ("scaled", "context")


#: the heatmaps one above the other in the grid: (upper, lower)
COLUMNS = (("scores", "weights"), ("scaled", "context"))
#: the heatmaps side by side, rows level: the left one's names serve both (left, right)
ROWS = (("scores", "scaled"), ("weights", "context"))
SHARING_ROUNDS = 3  # the names shared, the cells resized, the names fitted to them: at most


class PipelineView(Retranslating, QWidget):
    """Subscribes to the result, the selection, the highlighted step and the weight scale.

    Offers ``whole_action`` (show every heatmap's whole matrix again, for the View menu)
    and ``hover_text``, the cell under the mouse in words (for the status bar).
    """

    hover_text = Signal(str)  # "③ A[t77, t76] = 0.00213"; "" once the mouse has left

    def __init__(
        self,
        state: AttentionState,
        parent: QWidget | None = None,
        text_scale: ViewSettings | None = None,
        pinned: bool = False,
    ) -> None:
        """Show the state's four steps; ``text_scale``'s font_scale sizes the text.

        The state's view settings by default; the presenter view passes its own, so that
        its text grows alone. ``pinned``: always A's steps, beside B's (while pinned);
        else B's, or what the view settings' ``compare_shown`` chooses while pinned.
        """
        super().__init__(parent)
        self.state = state
        self.pinned = pinned
        self.text_scale = state.view if text_scale is None else text_scale
        self.heatmaps: dict[str, Heatmap] = {}
        self.titles: dict[str, StepTitle] = {}
        self._following = False  # the heatmaps are being set to another's cells
        # hidden, then laid out: the heatmaps' sizes change one by one; their names are
        # shared once they all have theirs (when first shown, then after each layout pass)
        self._laying_out = True
        self._ticks_owed = True  # a heatmap's view changed while they were laid out
        self._sharing = False
        self.whole_action = QAction(self)
        self.whole_action.setObjectName("wholeMatrixAction")
        self.whole_action.setEnabled(False)
        self.whole_action.triggered.connect(self.show_whole)
        self.scale_choice = QComboBox(self)
        self.scale_choice.setObjectName("weightScaleChoice")
        self.scale_choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.scale_choice.addItems([""] * len(WEIGHT_SCALES))
        self.scale_choice.setCurrentIndex(WEIGHT_SCALES.index(state.view.weight_scale))
        self.scale_choice.currentIndexChanged.connect(
            lambda index: state.view.set_weight_scale(WEIGHT_SCALES[index])
        )
        self.whole_button = QToolButton(self)
        self.whole_button.setDefaultAction(self.whole_action)
        self.whole_button.hide()  # shown while zoomed: the lesson's titles keep their room
        self.whole_action.changed.connect(
            lambda: self.whole_button.setVisible(self.whole_action.isEnabled())
        )
        controls = {"weights": self.scale_choice, "context": self.whole_button}
        for control in controls.values():  # as high as the titles: the heatmaps keep their room
            control.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        grid = HookedGrid(self, lambda _: self._on_laying_out(True),
                          lambda _: self._on_laying_out(False))  # fmt: skip
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(0)
        grid.setRowMinimumHeight(2, 6)  # between the two rows of heatmaps
        for number, step in enumerate(STEPS, start=1):
            heatmap = Heatmap("probability" if step == "weights" else "diverging", self)
            heatmap.setObjectName(f"{step}Heatmap")
            heatmap.setMinimumSize(180, 150)
            heatmap.set_precision(state.precision)
            title = StepTitle(self)
            title.setStyleSheet(f"color: {STEP_COLOURS[number]}; font-weight: bold;")
            line = QHBoxLayout()
            line.setContentsMargins(0, 0, 0, 0)
            line.addWidget(SteadyBox(title, self), 1)  # its τ relays nothing out
            if step in controls:
                line.addWidget(controls[step])
            row, col = 3 * ((number - 1) // 2), (number - 1) % 2  # titles share a grid row
            grid.addLayout(line, row, col)
            grid.addWidget(heatmap, row + 1, col)
            grid.setRowStretch(row + 1, 1)
            heatmap.cell_clicked.connect(
                lambda row, col, step=step: self._on_cell_clicked(step, row, col)
            )
            heatmap.cell_hovered.connect(
                lambda row, col, step=step, number=number: self._on_cell_hovered(
                    step, number, row, col
                )
            )
            heatmap.zoomed.connect(lambda step=step: self._on_zoomed(step))
            heatmap.view_changed.connect(self._share_ticks)
            self.heatmaps[step], self.titles[step] = heatmap, title
        for _left, right in ROWS:  # named by the left one's names, beside them
            self.heatmaps[right].line_up_with(0.0, rows_beside=True)
        self._shown: dict[str, object] = {}
        self._tokens: tuple[str, ...] = state.tokens  # of the steps shown (A's, B's)
        self._scale_top: float | None = None  # 1/(1 − p) while dropout trains
        for upper, lower in COLUMNS:  # one above the other: cells aligned, as the lesson's
            for step in (upper, lower):
                bar = self.heatmaps[step].colour_bar()
                bar.natural_width_changed.connect(lambda u=upper, w=lower: self._align(u, w))
            self._align(upper, lower)
        state.result_changed.connect(self._on_result_changed)
        state.tokens_changed.connect(self._on_tokens_changed)
        state.selected_token_changed.connect(self._on_selected_token_changed)
        state.selected_cell_changed.connect(self._on_selected_cell_changed)
        state.view.highlighted_step_changed.connect(self._on_highlighted_step_changed)
        state.view.precision_changed.connect(self._on_precision_changed)
        self.text_scale.font_scale_changed.connect(self._on_font_scale_changed)
        state.view.weight_scale_changed.connect(self._on_weight_scale_changed)
        state.view.scales_held_changed.connect(self._on_scales_held_changed)
        state.comparison.changed.connect(self._on_tokens_changed)
        state.view.compare_shown_changed.connect(self._on_tokens_changed)
        self.retranslate()
        self._on_selected_token_changed(state.selected_token)
        if self.text_scale.font_scale != 1.0:
            self._on_font_scale_changed(self.text_scale.font_scale)

    def _row_names(self) -> tuple[str, ...]:
        """Return the tokens as the rows name them: padding and rows with no key said so."""
        state, result = self.state, self.state.result
        if not any(state.padding) and not result.fully_masked_rows.any():
            return state.tokens
        names = []
        for i, token in enumerate(state.tokens):
            if state.is_padding(i):
                token = self.tr("{0}: pad").format(token)
            elif result.fully_masked_rows[i]:
                token = self.tr("{0}: no key").format(token)
            names.append(token)
        return tuple(names)

    def shows(self) -> str:
        """Return what the steps show: "b", "a" or "difference" (see COMPARE_SHOWN)."""
        comparison = self.state.comparison
        if not comparison.is_on:
            return "b"
        if self.pinned:
            return "a"
        shown = self.state.view.compare_shown
        return "b" if shown == "difference" and not comparison.comparable else shown

    def _on_result_changed(self) -> None:
        shows, comparison = self.shows(), self.state.comparison
        result, dropped = self.state.shown_result, self.state.dropped
        tokens, rows = self.state.tokens, self._row_names()
        if shows == "a" and comparison.result is not None:
            result, dropped, tokens = comparison.result, None, comparison.tokens
            rows = tokens
        dims = [f"d{i}" for i in range(result.context.shape[1])]
        tau = "√d_k" if result.is_standard_scaling else f"τ = {tau_text(result.temperature)}"
        texts = {  # each title in full, then shorter where the full one does not fit
            "scores": [self.tr("① scores S = QKᵀ")],
            "scaled": [self.tr("② scaled S / {0}").format(tau)],
            "weights": [self.tr("③ weights A = softmax by row"), self.tr("③ weights A")],
            "context": [self.tr("④ context Z = A⋅V")],
        }
        if dropped is not None:  # training: the weights after dropout, and their context
            texts["weights"] = [
                self.tr("③ A′ = dropout(A), p = {0:g}: kept ÷ {1:g}").format(
                    dropped.p, 1 - dropped.p
                ),
                self.tr("③ A′ = dropout(A)"),
            ]
            texts["context"] = [self.tr("④ context Z′ = A′⋅V")]
        if (dropped is None) != (self._scale_top is None) or (
            dropped is not None and dropped.scale != self._scale_top
        ):  # the weights' scale and its names reach 1/(1 − p) while dropout trains
            self._scale_top = None if dropped is None else dropped.scale
            self.retranslate_scale()
        difference = comparison.difference if shows == "difference" else None
        if comparison.is_on:
            side = {"a": "[A] ", "b": "[B] ", "difference": "[B − A] "}[shows]
            texts = {step: [side + text for text in names] for step, names in texts.items()}
        self._tokens = tokens
        reshaped = self._set_kinds(difference is not None)  # new numbers' widths: ticks again
        # new scores while τ plays are an edit, not a frame: held again at the new values
        retake = self.state.view.scales_held and self._shown.get("scores") is not result.scores
        for step, heatmap in self.heatmaps.items():
            self.titles[step].set_texts(texts[step])
            matrix = getattr(result if difference is None else difference, step)
            if self._shown.get(step) is matrix:
                continue  # the dial reuses S: its heatmap need not be redrawn
            previous = self._shown.get(step)
            reshaped |= getattr(previous, "shape", None) != matrix.shape
            self._shown[step] = matrix
            columns = dims if step == "context" else tokens
            mask = result.mask if step in ("scaled", "weights") else None
            gone = None  # a weight dropout dropped: hatched otherwise than a masked one
            if step == "weights" and dropped is not None:
                gone = ~dropped.kept if mask is None else ~dropped.kept & mask
            extremes = result.value_range(step) if step in ("scores", "scaled") else None
            if difference is not None:  # B − A: defined wherever S/τ is a number in both
                mask = difference.mask if step == "scaled" else None
                gone, extremes = None, None
            if retake and step in HELD_STEPS:
                heatmap.hold_levels(None)
            heatmap.set_data(matrix, rows, columns, mask, extremes, gone)
            if retake and step in HELD_STEPS:
                heatmap.hold_levels(self._levels_to_hold(step))
        if reshaped:  # a heatmap of a new shape shows all of it: so do the others
            self.show_whole()
        self._on_selected_cell_changed()

    def _set_kinds(self, difference: bool) -> bool:
        """Colour B − A on diverging maps named "B − A", A on its own; True if it changed."""
        weights = self.heatmaps["weights"]
        if (weights.kind() == "diverging") == difference:
            return False
        weights.set_kind("diverging" if difference else "probability")
        self.scale_choice.setVisible(not difference)  # B − A has one scale: its own
        for step in STEPS:
            self._shown.pop(step, None)
        if not difference:
            self.retranslate_scale()
        self._write_held_note()
        return True

    def retranslate(self) -> None:
        """Write the titles, the scale's names and the actions again, redraw the names."""
        self.whole_action.setText(self.tr("Whole matrix"))
        self.whole_action.setToolTip(
            self.tr("Show every heatmap's whole matrix again (or double-click a heatmap, or Home)")
        )
        self.retranslate_scale()
        self._write_held_note()
        self._on_tokens_changed()

    def _on_scales_held_changed(self, held: bool) -> None:
        """Hold S/τ's and Z's colour levels from now on (τ plays), or fit them again.

        Held as they are when the play starts: nothing changes colour at the press, and a
        colour keeps its value for the whole sweep. A range that only widened would reach
        S/τ at τ = 0.05 (20 × S) after one sweep and leave every later frame grey.
        """
        for step in HELD_STEPS:
            self.heatmaps[step].hold_levels(self._levels_to_hold(step) if held else None)
            if not held:
                self._shown.pop(step, None)  # coloured over their own values again
        self._write_held_note()
        if not held:
            self._on_result_changed()

    def _levels_to_hold(self, step: str) -> tuple[float, float] | None:
        """Return S/τ's levels of the moment; Z's widened to cover every Z of the sweep.

        Z = A·V mixes the rows of V with weights that add up to 1 (1/(1 − p) after
        dropout): at any τ it stays within V's largest size, so Z's colours never clip.
        """
        levels = self.heatmaps[step].levels()
        if step != "context" or levels is None:
            return levels
        dropped = self.state.dropped
        reach = float(np.abs(self.state.shown_result.v).max(initial=0.0))
        reach *= 1.0 if dropped is None else dropped.scale
        top = max(levels[1], symmetric_levels(-reach, reach, MAX_LEVEL)[1])
        return (-top, top)

    def _write_held_note(self) -> None:
        """Say on S/τ's and Z's colour bars that their scale holds while τ plays.

        While B − A is shown, every bar says so instead.
        """
        if self.heatmaps["weights"].kind() == "diverging":
            for heatmap in self.heatmaps.values():
                heatmap.colour_bar().set_scale(self.tr("B − A"))
            return
        note = self.tr("scale held while τ plays") if self.state.view.scales_held else ""
        for step in HELD_STEPS:
            self.heatmaps[step].colour_bar().set_scale(note)
        self.heatmaps["scores"].colour_bar().set_scale("")

    def retranslate_scale(self) -> None:
        """Name the weights' colour scales and set the chosen one (A′'s up to 1/(1 − p))."""
        dropped = self.state.dropped
        names = {  # A′ after dropout reaches 1/(1 − p): the scale must too, or 2.00 = 1.00
            "absolute": self.tr("A: 0 to 1")
            if dropped is None
            else self.tr("A′: 0 to {0:g}").format(round(dropped.scale, 3)),
            "row": self.tr("A ÷ row's max"),
            "log": self.tr("A: log scale"),
        }
        for index, scale in enumerate(WEIGHT_SCALES):
            self.scale_choice.setItemText(index, names[scale])
        self.scale_choice.setToolTip(
            self.tr("How the weights are coloured; the numbers stay the weights themselves")
        )
        self._on_weight_scale_changed(self.state.view.weight_scale)

    def scale_title(self, scale: str) -> str:
        """Return the colour bar's name of ``scale``: none for the plain 0–1 scale."""
        dropped = self.state.dropped
        plain = "" if dropped is None else self.tr("A′: 0 to {0:g}").format(round(dropped.scale, 3))
        titles = {"absolute": plain, "row": self.tr("A ÷ row's largest"),
                  "log": self.tr("A, log scale")}  # fmt: skip
        return titles[scale]

    def _on_weight_scale_changed(self, scale: str) -> None:
        with QSignalBlocker(self.scale_choice):
            self.scale_choice.setCurrentIndex(WEIGHT_SCALES.index(scale))
        if self.heatmaps["weights"].kind() == "diverging":
            return  # B − A: its own scale
        dropped = self.state.dropped
        top = 1.0 if dropped is None else dropped.scale
        self.heatmaps["weights"].set_weight_scale(scale, self.scale_title(scale), top)

    def redraw(self) -> None:
        """Draw every heatmap again, whatever was drawn before (a pin, a new choice)."""
        self._shown.clear()
        self._on_result_changed()

    _on_tokens_changed = redraw

    # ------------------------------------------------------------- zoom and ticks
    def show_whole(self) -> None:
        """Show every heatmap's whole matrix."""
        self._following = True
        for heatmap in self.heatmaps.values():
            heatmap.show_whole()
        self._following = False
        self._share_ticks()
        self.whole_action.setEnabled(False)

    def _on_zoomed(self, source: str) -> None:
        """Show the rows (and token columns) of the heatmap ``source`` in the others."""
        rows, cols = self.heatmaps[source].shown_cells()
        self._following = True
        for step, heatmap in self.heatmaps.items():
            if step != source:
                same_columns = source in TOKEN_COLUMNS and step in TOKEN_COLUMNS
                heatmap.show_cells(rows, cols if same_columns else None)
        self._following = False
        self._share_ticks()
        self.whole_action.setEnabled(any(h.is_zoomed() for h in self.heatmaps.values()))

    def _align(self, upper: str, lower: str) -> None:
        """Give the colour bars of one column one width: their cells start and end alike.

        The scale's name beside A's bar ("A ÷ row's largest") made it wider than S's, and
        A's columns no longer stood under S's.
        """
        bars = [self.heatmaps[step].colour_bar() for step in (upper, lower)]
        widest = max(bar.natural_width() for bar in bars)
        for bar in bars:
            bar.set_least_width(widest)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        """Share the heatmaps' names once they all have their first sizes."""
        super().showEvent(event)
        self._on_laying_out(False)

    def _on_laying_out(self, laying_out: bool) -> None:
        self._laying_out = laying_out or not self.isVisible()
        if not self._laying_out and self._ticks_owed:
            self._share_ticks()

    def _share_ticks(self) -> None:
        """Name the same rows in all four and the same token columns in S, S/τ and A, alike."""
        if self._following:
            return  # once all of them show the new cells
        if self._laying_out or self._sharing:
            self._ticks_owed = True  # once all of them have their new sizes
            return
        self._sharing = True
        try:
            # the names' new room resizes the cells, whose names are fitted again: at once,
            # not as each heatmap's own layout gets to it (four shares more, after the first)
            for _ in range(SHARING_ROUNDS):
                self._ticks_owed = False
                self._share_once()
                for heatmap in self.heatmaps.values():
                    heatmap.settle()
                if not self._ticks_owed:
                    break
        finally:
            self._sharing = False

    def _share_once(self) -> None:
        needed = {step: heatmap.tick_steps() for step, heatmap in self.heatmaps.items()}
        rows = max(steps[0] for steps in needed.values())
        cols = max(needed[step][1] for step in TOKEN_COLUMNS)
        # one size of names in all four, the tokens' (Z's d0, d1, … go every n-th in it
        # rather than make it smaller): S and A, S/τ and Z, stand one under the other
        size = min(self.heatmaps[step].name_size() for step in TOKEN_COLUMNS)
        for step, heatmap in self.heatmaps.items():
            heatmap.share_tick_steps(rows, cols if step in TOKEN_COLUMNS else 1, size)
        for left, right in ROWS:  # cells level in a row of the grid: one top for both
            top = max(self.heatmaps[step].column_names_height() for step in (left, right))
            self.heatmaps[left].line_up_with(top, rows_beside=False)
            self.heatmaps[right].line_up_with(top, rows_beside=True)

    # ------------------------------------------------------------- the mouse
    def _on_cell_clicked(self, step: str, row: int, col: int) -> None:
        # A context cell explains the whole row z_i, as the lesson's hand calculation does.
        self.state.select_cell(step, row, -1 if step == "context" else col)

    def cell_text(self, step: str, row: int, col: int) -> str:
        """Return "③ A[猫, 鱼] = 0.4519", the cell of ``step`` in words; "" outside it.

        Named by the tokens themselves, not by the rows' labels ("猫: no key"), with the
        true value whatever the colour scale.
        """
        matrix = self.heatmaps[step].matrix()
        if not (0 <= row < matrix.shape[0] and 0 <= col < matrix.shape[1]):
            return ""
        tokens = self._tokens
        column = f"d{col}" if step == "context" else tokens[col]
        value = float(matrix[row, col])
        shown = "−∞" if value == -np.inf else f"{value:.4g}"
        return f"{SYMBOLS[step]}[{tokens[row]}, {column}] = {shown}"

    def _on_cell_hovered(self, step: str, number: int, row: int, col: int) -> None:
        if row >= 0:
            self.state.set_highlighted_step(number)
            self.hover_text.emit(self.cell_text(step, row, col))
        else:
            if self.state.highlighted_step == number:
                self.state.set_highlighted_step(0)
            self.hover_text.emit("")

    # ------------------------------------------------------------- selection, style
    def _on_selected_token_changed(self, row: int) -> None:
        for heatmap in self.heatmaps.values():
            heatmap.set_selected_row(row)

    def _on_selected_cell_changed(self) -> None:
        cell = self.state.selected_cell
        for step, heatmap in self.heatmaps.items():
            if cell is None or cell[0] != step:
                heatmap.set_selected_cell(None)
            elif cell[2] >= 0:
                heatmap.set_selected_cell((cell[1], cell[2]))
            else:
                heatmap.set_selected_cell(None)

    def _on_highlighted_step_changed(self, number: int) -> None:
        for index, heatmap in enumerate(self.heatmaps.values(), start=1):
            heatmap.set_highlighted(index == number, STEP_COLOURS[index], step_tint(index))

    def _on_font_scale_changed(self, scale: float) -> None:
        """Follow a new text size.

        The titles, the heatmaps' names, labels and outlines grow with it.
        """
        font = QFont(QGuiApplication.font())
        font.setPointSizeF(font.pointSizeF() * scale)
        for title in self.titles.values():  # styled labels keep their font: set it
            title.setFont(font)
        for heatmap in self.heatmaps.values():
            heatmap.set_font_scale(scale)
            heatmap.set_line_width(scale)
        self._share_ticks()

    def _on_precision_changed(self, digits: int) -> None:
        for heatmap in self.heatmaps.values():
            heatmap.set_precision(digits)
