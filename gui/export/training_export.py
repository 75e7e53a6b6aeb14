"""A training's figures and numbers: the loss curve, the gradient's size, training.json.

Once the head shown has made a step (``state.training.history``), Export all writes
``training-loss`` (B's loss over the steps, A's dashed while a pinned setting trained
beside it; log scale) and ``training-gradient`` (‖∂L/∂A‖, ‖∂L/∂S‖, ‖∂L/∂Q‖, ‖∂L/∂K‖ over
the steps; log scale), captioned with the goal, what learns, η and the number of steps,
and ``training.json``, the losses and the gradient's sizes of every step for scripts.
The plots are the Training tab's own classes, built anew from the history at their design
size, as gui.export.page_figures builds the others: the same run gives the same figures
from any window. Without a step nothing of it is written; a session file keeps only the
settings, so ``main.py export`` has no history and writes none.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import shiboken6
from PySide6.QtCore import QCoreApplication, QSize

from gui.export.captions import Caption, fonts
from gui.export.figures import Figure
from gui.export.page_figures import aside
from gui.model.state import AttentionState
from gui.model.training import Record
from gui.model.training_goal import learning_names
from gui.plots.training_curves import CurvePlot, GradientPlot, LossPlot

TRAINING_FILE = "training.json"
TRAINING_FIGURES = ("training-loss", "training-gradient")
PLOT_SIZE = QSize(640, 400)  # each curve: room for a few hundred steps and the legend


def training_names(state: AttentionState) -> list[str]:
    """Return the file stems of the training's figures: none before the first step."""
    return list(TRAINING_FIGURES) if state.training.history else []


def training_titles() -> dict[str, str]:
    """File stem → title of each of the training's figures, in the current language."""
    return {
        "training-loss": QCoreApplication.translate(
            "TrainingExport", "Training: the loss L over the steps (log scale)"
        ),
        "training-gradient": QCoreApplication.translate(
            "TrainingExport", "Training: the size of the gradient at each stage (log scale)"
        ),
    }


def goal_text(state: AttentionState) -> str:
    """Return the goal in a few words: "Z = V", "each token looks at itself"."""
    settings, tokens = state.training.settings, state.tokens
    if settings.goal == "row":
        name = tokens[min(settings.row, len(tokens) - 1)]
        return QCoreApplication.translate(
            "TrainingExport", "the row of {0} in A towards its target"
        ).format(name)
    return {
        "previous": QCoreApplication.translate(
            "TrainingExport", "each token looks at the previous one"
        ),
        "itself": QCoreApplication.translate("TrainingExport", "each token looks at itself"),
        "same_name": QCoreApplication.translate(
            "TrainingExport", "each looks at the tokens of its name"
        ),
        "context": QCoreApplication.translate("TrainingExport", "Z = V"),
    }[settings.goal]


def learning_text(state: AttentionState) -> str:
    """Return what learns: "Q and K", "Q, K and V", or the W's in projection mode."""
    names = learning_names(state.training.settings, state.is_projection)
    return {
        ("q", "k"): QCoreApplication.translate("TrainingExport", "Q and K"),
        ("q", "k", "v"): QCoreApplication.translate("TrainingExport", "Q, K and V"),
        ("w_q", "w_k"): QCoreApplication.translate("TrainingExport", "W_q and W_k"),
        ("w_q", "w_k", "w_v"): QCoreApplication.translate("TrainingExport", "W_q, W_k and W_v"),
    }[names]


def training_caption_text(state: AttentionState) -> str:
    """Return "Goal: Z = V · learns Q and K · η = 0.2 · 256 steps" (B's steps)."""
    training = state.training
    text = QCoreApplication.translate(
        "TrainingExport", "Goal: {0} · learns {1} · η = {2} · {3} steps"
    )
    rate = f"{training.settings.rate:g}"
    text = text.format(goal_text(state), learning_text(state), rate, len(training.history))
    return text


def _gradient_names(projection: bool) -> dict[str, str]:
    if projection:  # the W's learn: their gradients are drawn
        return {"weights": "‖∂L/∂A‖", "scores": "‖∂L/∂S‖", "q": "‖∂L/∂W_q‖", "k": "‖∂L/∂W_k‖"}
    return {"weights": "‖∂L/∂A‖", "scores": "‖∂L/∂S‖", "q": "‖∂L/∂Q‖", "k": "‖∂L/∂K‖"}


class TrainingViews:
    """The loss curve and the gradient's plot of ``state``'s history, laid out off screen."""

    def __init__(self, state: AttentionState) -> None:
        training = state.training
        font = fonts()[1]  # the captions' body text: legible at 1× on a slide
        self.loss = LossPlot()
        pinned = bool(training.pinned_history)
        self.loss.show_history([r.loss for r in training.history],
                               [r.loss for r in training.pinned_history])  # fmt: skip
        steps = QCoreApplication.translate("TrainingExport", "step")
        b = (
            QCoreApplication.translate("TrainingExport", "B")
            if pinned
            else QCoreApplication.translate("TrainingExport", "loss L")
        )
        a = QCoreApplication.translate("TrainingExport", "A (pinned), dashed")
        loss = QCoreApplication.translate("TrainingExport", "loss L (log)")
        self.loss.set_names(b, a, steps, loss)
        self.gradient = GradientPlot()
        self.gradient.show_history([r.norms for r in training.history], state.is_projection)
        size = QCoreApplication.translate("TrainingExport", "size (log)")
        self.gradient.set_names(_gradient_names(state.is_projection), steps, size)
        self._made: tuple[CurvePlot, ...] = (self.loss, self.gradient)
        for plot in self._made:
            plot.set_text_font(font)
            plot.setFixedSize(PLOT_SIZE)
            aside(plot)

    def figures(self, state: AttentionState, captions: bool, credit: str = "") -> list[Figure]:
        """Return ``training-loss`` and ``training-gradient``, captioned as asked.

        With ``captions`` each carries its title and the goal, what learns, η and the
        steps; without, only the credit of a real model's numbers (if any).
        """
        titles, said = training_titles(), training_caption_text(state)
        shown = []
        for name, plot in zip(TRAINING_FIGURES, self._made, strict=True):
            # the legend above the plot with a caption, where it covers no line; else inside
            plot.set_legend_shown(not captions)
            if captions:
                entries = tuple(plot.legend_entries())
                caption: Caption | None = Caption(titles[name], said, entries, credit)
            else:
                caption = Caption("", credit=credit) if credit else None
            shown.append(Figure(name, titles[name], plot, None, caption))
        return shown

    def close(self) -> None:
        """Close and delete both plots."""
        for plot in self._made:
            plot.close()
            shiboken6.delete(plot)
        self._made = ()


@contextmanager
def training_views(state: AttentionState) -> Iterator[TrainingViews | None]:
    """Yield the training's plots (None before the first step), deleted when the block ends."""
    if not state.training.history:
        yield None
        return
    views = TrainingViews(state)
    try:
        yield views
    finally:
        views.close()


def _number(value: float | None) -> float | None:
    """Return a finite number as it is; None (JSON null) for a missing or non-finite one."""
    return value if value is not None and math.isfinite(value) else None


def _columns(history: Sequence[Record]) -> dict[str, object]:
    """Return the losses and each stage's gradient size, one list over the steps each."""
    stages = list(dict.fromkeys(key for record in history for key in record.norms))
    return {
        "steps": len(history),
        "loss": [_number(record.loss) for record in history],
        "norms": {
            stage: [_number(record.norms.get(stage)) for record in history] for stage in stages
        },
    }


def training_json(state: AttentionState) -> bytes:
    """Return training.json: the settings, what learned, and every step's numbers.

    ``loss[i]`` is the loss before step i + 1; ``norms[stage][i]`` the size (Frobenius
    norm) of ∂L/∂ that stage at that step ("weights" is A, "scaled" S/τ, "scores" S, "q",
    "k", "v", "context", or "w_q" … in projection mode); ``pinned`` holds A's, trained
    beside B while a setting is pinned (null otherwise). A number that is not finite is
    null.
    """
    training = state.training
    document: dict[str, object] = {
        "settings": training.settings.to_dict(),
        "learns": list(learning_names(training.settings, state.is_projection)),
        **_columns(training.history),
        "pinned": _columns(training.pinned_history) if training.pinned_history else None,
    }
    text = json.dumps(document, ensure_ascii=False, indent=1, allow_nan=False)
    return (text + "\n").encode("utf-8")
