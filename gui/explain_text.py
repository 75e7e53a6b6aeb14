"""The engine's hand calculations (engine/explain.py) written out in the lesson's style.

Only formatting lives here: every number comes from the engine's structured explanation.
Text is HTML for the explanation panel; words go through QCoreApplication.translate.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from PySide6.QtCore import QCoreApplication

from engine import ContextStep, ScaledStep, ScoreStep, WeightStep

SHORT = 8  # a vector or a sum with more terms than this is shortened unless asked


def number(value: float, digits: int) -> str:
    """1 → "1", 0.5 → "0.5", 0.2741 → "0.27": as the lesson writes its numbers."""
    if math.isinf(value):
        return "−∞" if value < 0 else "∞"
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    digits = max(digits, 2)  # "1 ÷ √4 = 0" would teach nothing: a hand calculation keeps two
    scaled = value * 10**digits
    if abs(scaled - round(scaled)) < 1e-9 * max(1.0, abs(scaled)):
        text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    else:
        text = f"{value:.{digits}f}"
    if float(text) == 0.0:
        text = text.lstrip("-")
    return text.replace("-", "−")


def _shorten(items: Sequence[str], full: bool) -> list[str]:
    if full or len(items) <= SHORT:
        return list(items)
    hidden = len(items) - 5
    return [
        *items[:3],
        QCoreApplication.translate("Explanation", "… {0} more …").format(hidden),
        *items[-2:],
    ]


def vector(values: Sequence[float], digits: int, full: bool) -> str:
    return "[" + ", ".join(_shorten([number(v, digits) for v in values], full)) + "]"


def explain_score(step: ScoreStep, tokens: Sequence[str], digits: int, full: bool) -> str:
    q_name, k_name = escape(tokens[step.row]), escape(tokens[step.col])
    terms = [
        f"{number(a, digits)}×{number(b, digits)}"
        for a, b in zip(step.q_row, step.k_row, strict=True)
    ]
    head = QCoreApplication.translate(
        "Explanation", "① Score S[{0}, {1}] = q<sub>{0}</sub> · k<sub>{1}</sub>"
    ).format(q_name, k_name)
    return (
        f"<p><b>{head}</b></p><p>{vector(step.q_row, digits, full)} · "
        f"{vector(step.k_row, digits, full)}<br>= {' + '.join(_shorten(terms, full))}"
        f"<br>= <b>{number(step.value, digits)}</b></p>"
    )


def explain_scaled(step: ScaledStep, tokens: Sequence[str], digits: int) -> str:
    q_name, k_name = escape(tokens[step.row]), escape(tokens[step.col])
    head = QCoreApplication.translate("Explanation", "② Scaled S[{0}, {1}]").format(q_name, k_name)
    if step.masked:
        body = QCoreApplication.translate(
            "Explanation", "{0} → hidden by the mask (−∞): this key is in the future"
        ).format(number(step.score, digits))
        return f"<p><b>{head}</b></p><p>{body}</p>"
    if step.standard:
        divisor = f"√{step.d_k}"
        note = ""
    else:
        divisor = number(step.temperature, digits)
        note = "<br>" + QCoreApplication.translate(
            "Explanation", "τ = {0} instead of √d_k = {1}"
        ).format(number(step.temperature, digits), number(step.sqrt_d_k, digits))
    return (
        f"<p><b>{head}</b></p><p>{number(step.score, digits)} ÷ {divisor} = "
        f"<b>{number(step.value, digits)}</b>{note}</p>"
    )


def explain_weight(step: WeightStep, tokens: Sequence[str], digits: int, full: bool) -> str:
    q_name, k_name = escape(tokens[step.row]), escape(tokens[step.col])
    head = QCoreApplication.translate(
        "Explanation", "③ Weight A[{0}, {1}]: softmax of {0}'s row"
    ).format(q_name, k_name)
    if step.fully_masked_row:
        hidden = QCoreApplication.translate(
            "Explanation", "Every key is hidden: all weights are 0."
        )
        return f"<p><b>{head}</b></p><p>{hidden}</p>"
    visible = [(z, e) for z, e, ok in zip(step.scaled_row, step.exponentials, step.allowed,
                                           strict=True) if ok]  # fmt: skip
    shift = ""
    if step.shift:
        shift = QCoreApplication.translate(
            "Explanation",
            "Subtract the row's largest value m = {0} first (the result is the same):",
        )
        shift = shift.format(number(step.shift, digits)) + "<br>"
        powers = [f"e<sup>{number(z, digits)}−m</sup> ≈ {number(e, digits)}" for z, e in visible]
    else:
        powers = [f"e<sup>{number(z, digits)}</sup> ≈ {number(e, digits)}" for z, e in visible]
    if step.masked:
        result = QCoreApplication.translate(
            "Explanation", "{0} is hidden by the mask: weight exactly 0"
        ).format(k_name)
    else:
        result = (
            f"A[{q_name}, {k_name}] = {number(step.exponentials[step.col], digits)} ÷ "
            f"{number(step.total, digits)} ≈ <b>{number(step.value, digits)}</b>"
        )
    scaled_row = QCoreApplication.translate("Explanation", "scaled row")
    total = QCoreApplication.translate("Explanation", "sum")
    return (
        f"<p><b>{head}</b></p><p>{scaled_row} {vector(step.scaled_row, digits, full)}"
        f"<br>{shift}→ {', '.join(_shorten(powers, full))}"
        f"<br>→ {total} ≈ {number(step.total, digits)}"
        f"<br>→ {vector(step.weights, digits, full)}<br>{result}</p>"
    )


def explain_context(step: ContextStep, tokens: Sequence[str], digits: int, full: bool) -> str:
    name = escape(tokens[step.row])
    if len(step.dims) == 1:
        head = QCoreApplication.translate(
            "Explanation", "④ Context z<sub>{0}</sub>, dimension d{1}"
        ).format(name, step.dims[0])
    else:
        head = QCoreApplication.translate(
            "Explanation", "④ Context z<sub>{0}</sub> = Σ A[{0}, j] × v<sub>j</sub>"
        ).format(name)
    mixes = [
        f"{number(w, digits)}×{vector(v, digits, full)}"
        for w, v in zip(step.weights, step.values, strict=True)
    ]
    terms = [vector(t, digits, full) for t in step.terms]
    return (
        f"<p><b>{head}</b></p><p>{' + '.join(_shorten(mixes, full))}"
        f"<br>= {' + '.join(_shorten(terms, full))}"
        f"<br>= <b>{vector(step.value, digits, full)}</b></p>"
    )
