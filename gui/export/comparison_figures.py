"""A comparison's figures: for each of the four steps, A | B | B − A side by side.

While a setting is pinned as A, Export all (and ``main.py export`` of a session with a
pin) writes ``compare-1-scores`` … ``compare-4-context``: A's heatmap, B's, and B − A on a
diverging scale symmetric about 0 whose colour bar says "B − A". A and B are coloured on
one scale (the weights on 0 to 1), so that one colour is one value in both. When A and B
differ in shape B − A is not defined: the figure is A | B and its caption says so.

Each heatmap is built anew from the state at its design size (as gui.export.page_figures
builds the others), never taken from the window: the same comparison gives the same
figures from any window, and from the command line.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import numpy as np
import shiboken6
from PySide6.QtCore import QCoreApplication

from engine import AttentionResult
from engine.vocabulary import STEPS
from gui.export.captions import Caption
from gui.export.figures import Figure, FigureRow
from gui.export.page_figures import aside, heatmap_size
from gui.model.comparison import Difference
from gui.model.state import AttentionState
from gui.plots.colour_bar import symmetric_levels
from gui.plots.heatmap import MAX_LEVEL, Heatmap

PREFIX = "compare-"  # "compare-3-weights": the comparison of step ③
SIDES = ("a", "b", "difference")


def comparison_names(state: AttentionState) -> list[str]:
    """Return the file stems of the comparison's figures: none without a pin."""
    if not state.comparison.is_on:
        return []
    return [f"{PREFIX}{n}-{step}" for n, step in enumerate(STEPS, 1)]


def comparison_titles(step_titles: Sequence[str], comparable: bool = True) -> dict[str, str]:
    """File stem → title of each comparison figure: "③ weights A: A | B | B − A".

    "③ weights A: A | B" when B − A is not defined (A and B differ in shape).
    """
    text = (
        QCoreApplication.translate("ComparisonExport", "{0}: A | B | B − A")
        if comparable
        else QCoreApplication.translate("ComparisonExport", "{0}: A | B")
    )
    return {f"{PREFIX}{n}-{step}": text.format(title)
            for n, (step, title) in enumerate(zip(STEPS, step_titles, strict=True), 1)}  # fmt: skip


def side_title(side: str) -> str:
    """Return the caption above one heatmap of a comparison: "A", "B" or "B − A"."""
    return {
        "a": QCoreApplication.translate("ComparisonExport", "A (pinned)"),
        "b": QCoreApplication.translate("ComparisonExport", "B"),
        "difference": QCoreApplication.translate("ComparisonExport", "B − A"),
    }[side]


def comparison_caption_text(state: AttentionState) -> str:
    """Return what differs ("A: τ = 0.5 · B: τ = 2"), and that B − A is not defined if so."""
    comparison = state.comparison
    text = comparison.caption()
    if not comparison.comparable:
        text = QCoreApplication.translate(
            "ComparisonExport", "{0} — B − A is not defined: A and B differ in shape"
        ).format(text)
    return text


def _finite_range(matrices: Sequence[np.ndarray]) -> tuple[float, float]:
    """Return the smallest and largest finite value of ``matrices`` (0, 0 when none)."""
    values = [m[np.isfinite(m)] for m in matrices]
    values = [v for v in values if v.size]
    if not values:
        return (0.0, 0.0)
    return (min(float(v.min()) for v in values), max(float(v.max()) for v in values))


def _columns(step: str, result: AttentionResult, tokens: Sequence[str]) -> list[str]:
    if step == "context":
        return [f"d{j}" for j in range(result.context.shape[1])]
    return list(tokens)


class ComparisonViews:
    """The heatmaps of a comparison, one per side and step, laid out off screen.

    ``heatmaps[step]`` maps each side ("a", "b", and "difference" when B − A is defined)
    to its heatmap. ``close`` deletes them.
    """

    def __init__(self, state: AttentionState) -> None:
        comparison = state.comparison
        a, b = comparison.result, state.shown_result
        if a is None:
            raise ValueError("a comparison needs a setting pinned as A")
        difference: Difference | None = comparison.difference
        tokens = {"a": comparison.tokens, "b": state.tokens, "difference": state.tokens}
        results = {"a": a, "b": b, "difference": b}
        self.heatmaps: dict[str, dict[str, Heatmap]] = {}
        self._made: list[Heatmap] = []
        sides = SIDES if difference is not None else SIDES[:2]
        for step in STEPS:
            matrices = {"a": getattr(a, step), "b": getattr(b, step)}
            low, high = _finite_range(list(matrices.values()))
            row: dict[str, Heatmap] = {}
            for side in sides:
                weights = step == "weights" and side != "difference"
                heatmap = Heatmap("probability" if weights else "diverging")
                heatmap.set_precision(state.precision)
                result = results[side]
                if side == "difference":
                    assert difference is not None
                    matrix = getattr(difference, step)
                    mask = difference.mask if step == "scaled" else None
                    heatmap.colour_bar().set_scale(side_title("difference"))
                else:
                    matrix = matrices[side]
                    mask = result.mask if step in ("scaled", "weights") else None
                    if weights:  # A′ after dropout may pass 1: the scale reaches it
                        heatmap.set_weight_scale("absolute", "", max(1.0, high))
                    else:  # A and B on one scale: one colour, one value
                        heatmap.hold_levels(symmetric_levels(low, high, MAX_LEVEL))
                rows = tokens[side]
                heatmap.set_data(matrix, rows, _columns(step, result, rows), mask)
                length, d_v = len(rows), result.context.shape[1]
                heatmap.setFixedSize(heatmap_size(length, max(length, d_v)))
                row[side] = heatmap
                self._made.append(heatmap)
            self.heatmaps[step] = row
        for heatmap in self._made:
            aside(heatmap)
            heatmap.show_whole()

    def rows(self, state: AttentionState, step_titles: Sequence[str], captions: bool,
             credit: str = "") -> list[FigureRow]:  # fmt: skip
        """Return the four figures, A | B | B − A, each under its caption.

        ``step_titles``: the four steps' titles, ① to ④, in the current language.

        With ``captions`` a row carries its title and what differs; without, only the
        credit of a real model's numbers (if any). Each heatmap is always named A, B or
        B − A above it: without that the figure cannot be read.
        """
        figures = []
        said = comparison_caption_text(state)
        titles = comparison_titles(step_titles, state.comparison.comparable)
        for n, step in enumerate(STEPS, 1):
            name = f"{PREFIX}{n}-{step}"
            parts = tuple(
                Figure(f"{name}-{side}", side_title(side), heatmap, None,
                       Caption(side_title(side)))
                for side, heatmap in self.heatmaps[step].items()
            )  # fmt: skip
            if captions:
                caption: Caption | None = Caption(titles[name], said, credit=credit)
            else:
                caption = Caption("", credit=credit) if credit else None
            figures.append(FigureRow(name, titles[name], parts, caption))
        return figures

    def close(self) -> None:
        """Close and delete every heatmap made for the figures."""
        for heatmap in self._made:
            heatmap.close()
            shiboken6.delete(heatmap)
        self._made = []
        self.heatmaps = {}


@contextmanager
def comparison_views(state: AttentionState) -> Iterator[ComparisonViews | None]:
    """Yield the comparison's heatmaps (None without a pin), deleted when the block ends."""
    if not state.comparison.is_on:
        yield None
        return
    views = ComparisonViews(state)
    try:
        yield views
    finally:
        views.close()
