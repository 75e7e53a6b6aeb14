"""What differs between A and B, in words: "A: τ = 0.5 · B: τ = 2"."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from engine.formats.head_source import HeadSource
from engine.lesson.dropout import DropoutSetting
from engine.vocabulary import LABELS
from gui.model.comparison import Change

translate = QCoreApplication.translate


def _value(what: str, value: object) -> str:
    """Return one side's value of a change, in words."""
    if what == "tau" and isinstance(value, tuple):
        follows, tau = value
        return f"τ = √d_k = {tau:.3g}" if follows else f"τ = {tau:.3g}"
    if what == "causal":
        return (
            translate("Comparison", "causal mask on")
            if value
            else translate("Comparison", "causal mask off")
        )
    if what == "tokens" and isinstance(value, tuple):
        tokens = value
        if len(tokens) <= 4:
            return " ".join(str(token) for token in tokens)
        return translate("Comparison", "{0} tokens").format(len(tokens))
    if what == "heads":
        return f"h = {value}"
    if what == "head":
        return translate("Comparison", "head {0}").format(value)
    if what == "source":
        if not isinstance(value, HeadSource):
            return translate("Comparison", "typed numbers")
        return translate("Comparison", "layer {0}, head {1}").format(value.layer, value.head)
    if what == "padding":
        return translate("Comparison", "{0} padding").format(value)
    if what == "mask":
        return (
            translate("Comparison", "own mask") if value else translate("Comparison", "no own mask")
        )
    if what == "dropout":
        if not isinstance(value, DropoutSetting):
            return translate("Comparison", "no dropout")
        return translate("Comparison", "dropout p = {0:g}").format(value.p)
    return ""


def caption(changes: list[Change]) -> str:
    """Return "A: τ = 0.5 · B: τ = 2", what differs; edited cells said of B alone."""
    a_side = [_value(c.what, c.a) for c in changes if c.what != "inputs"]
    b_side = [_value(c.what, c.b) for c in changes if c.what != "inputs"]
    for change in changes:
        if change.what == "inputs":
            names = ", ".join(LABELS.get(str(n), str(n)) for n in change.b)  # type: ignore[attr-defined]
            b_side.append(translate("Comparison", "{0} edited").format(names))
    if not b_side:
        return translate("Comparison", "A and B are the same: change anything to compare")
    comma = translate("Comparison", ", ")  # "，" in Chinese
    a_text = comma.join(a_side) if a_side else translate("Comparison", "as pinned")
    return translate("Comparison", "A: {0} · B: {1}").format(a_text, comma.join(b_side))
