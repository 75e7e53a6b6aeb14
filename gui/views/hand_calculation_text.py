"""The engine's hand calculations (engine/lesson/explain.py) written out in the lesson's style.

Only formatting lives here: every number comes from the engine's structured explanation.
Text is HTML for the explanation panel; words go through QCoreApplication.translate.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

import numpy as np
from PySide6.QtCore import QCoreApplication

from gui.support.markup import escape

if TYPE_CHECKING:  # the engine's explanations are loaded with the first cell explained
    from engine import ContextStep, Dropout, ScaledStep, ScoreStep, WeightStep

    Step = ScoreStep | ScaledStep | WeightStep | ContextStep

T = TypeVar("T")
SHORT = 8  # a vector or a sum with more terms than this is shortened unless asked
MORE_DIGITS = 3  # step ④ writes up to this many more decimals so that its sums add up


def number(value: float, digits: int) -> str:
    """1 → "1", 0.5 → "0.5", 0.2741 → "0.27": as the lesson writes its numbers."""
    if math.isinf(value):
        return "−∞" if value < 0 else "∞"
    if value == int(value) and abs(value) < 1e15:  # the true minus sign, as below ("-1" was not)
        return str(int(value)).replace("-", "−")
    digits = max(digits, 2)  # "1 ÷ √4 = 0" would teach nothing: a hand calculation keeps two
    scaled = value * 10**digits
    if abs(scaled - round(scaled)) < 1e-9 * max(1.0, abs(scaled)):
        text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    else:
        text = f"{value:.{digits}f}"
    if float(text) == 0.0:
        text = text.lstrip("-")
    return text.replace("-", "−")


def _shorten(items: Sequence[T], full: bool, write: Callable[[T], str]) -> list[str]:
    """Return each item written out, or (unless ``full``) only some of them.

    Shortened, they are the first three and the last two, with a count of the rest between;
    only the items shown are written (2,048 terms cost).
    """
    if full or len(items) <= SHORT:
        return [write(item) for item in items]
    hidden = len(items) - 5
    return [
        *(write(item) for item in items[:3]),
        QCoreApplication.translate("Explanation", "… {0} more …").format(hidden),
        *(write(item) for item in items[-2:]),
    ]


def vector(values: Sequence[float], digits: int, full: bool) -> str:
    """Write ``values`` as the lesson writes a vector, [1, 0.5, …]; shortened unless ``full``.

    In one piece: a line never breaks inside its brackets (presenting, "[0," ended a line
    and "1, 0, 1]" began the next). Qt writes the spaces of a nowrap span as no-break
    spaces, and gives them back as plain spaces in the plain text.
    """
    inside = ", ".join(_shorten(values, full, lambda v: number(v, digits)))
    return f'<span style="white-space:nowrap">[{inside}]</span>'


def explain_score(step: ScoreStep, tokens: Sequence[str], digits: int, full: bool) -> str:
    """Write step ① for one cell: q_row · k_col, each product term, and the score."""
    q_name, k_name = escape(tokens[step.row]), escape(tokens[step.col])
    terms = _shorten(list(zip(step.q_row, step.k_row, strict=True)), full,
                     lambda ab: f"{number(ab[0], digits)}×{number(ab[1], digits)}")  # fmt: skip
    head = QCoreApplication.translate(
        "Explanation", "① Score S[{0}, {1}] = q<sub>{0}</sub> · k<sub>{1}</sub>"
    ).format(q_name, k_name)
    return (
        f"<p><b>{head}</b></p><p>{vector(step.q_row, digits, full)} · "
        f"{vector(step.k_row, digits, full)}<br>= {' + '.join(terms)}"
        f"<br>= <b>{number(step.value, digits)}</b></p>"
    )


def explain_scaled(step: ScaledStep, tokens: Sequence[str], digits: int) -> str:
    """Write step ② for one cell: the score ÷ √d_k (or ÷ τ), or that the mask hides it."""
    q_name, k_name = escape(tokens[step.row]), escape(tokens[step.col])
    head = QCoreApplication.translate("Explanation", "② Scaled S[{0}, {1}]").format(q_name, k_name)
    if step.masked:
        body = QCoreApplication.translate(
            "Explanation", "{0} → −∞: the mask hides this key (causal, padding or painted out)"
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
    """Write step ③ for one cell: the softmax of its query row, term by term.

    The row's scaled scores, their exponentials (after subtracting the largest when the
    engine did), their sum, the row of weights A and this key's quotient.
    """
    q_name, k_name = escape(tokens[step.row]), escape(tokens[step.col])
    head = QCoreApplication.translate(
        "Explanation", "③ Weight A[{0}, {1}]: softmax of {0}'s row"
    ).format(q_name, k_name)
    if step.fully_masked_row:
        hidden = QCoreApplication.translate(
            "Explanation", "Every key is hidden: all weights are 0."
        )
        return f"<p><b>{head}</b></p><p>{hidden}</p>"
    # every key of the row: a hidden one as its −∞ becoming e^−∞ = 0 (the README's promise;
    # only the kept terms were written, and the row's sum seemed to lose a term)
    row = list(zip(step.scaled_row, step.exponentials, step.allowed, strict=True))
    shift = ""
    if step.shift:
        shift = QCoreApplication.translate(
            "Explanation",
            "Subtract the row's largest value m = {0} first (the result is the same):",
        )
        shift = shift.format(number(step.shift, digits)) + "<br>"
    minus_m = "−m" if step.shift else ""

    def power(term: tuple[float, float, bool]) -> str:
        scaled, exponential, allowed = term
        if not allowed:
            return "e<sup>−∞</sup> = 0"
        return f"e<sup>{number(scaled, digits)}{minus_m}</sup> ≈ {number(exponential, digits)}"

    powers = _shorten(row, full, power)
    if step.masked:
        result = QCoreApplication.translate(
            "Explanation",
            "{0} is hidden by the mask: its scaled score is −∞, e<sup>−∞</sup> = 0, so "
            "its weight is exactly 0",
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
        f"<br>{shift}→ {', '.join(powers)}"
        f"<br>→ {total} ≈ {number(step.total, digits)}"
        f"<br>→ {vector(step.weights, digits, full)}<br>{result}</p>"
    )


def explain_context(step: ContextStep, tokens: Sequence[str], digits: int, full: bool,
                    dropout: bool = False) -> str:  # fmt: skip
    """Write step ④: z_row = Σ_j A[row, j] × v_j, for one dimension or the whole row.

    With ``dropout`` (training) the weights are A′ and the context z′, and the heading says
    so: it said A above a sum of A′'s weights.
    """
    name = escape(tokens[step.row])
    if len(step.dims) == 1 and dropout:
        head = QCoreApplication.translate(
            "Explanation",
            "④ Context z′<sub>{0}</sub> = Σ A′[{0}, j] × v<sub>j</sub>, dimension d{1}",
        ).format(name, step.dims[0])
    elif len(step.dims) == 1:
        head = QCoreApplication.translate(
            "Explanation", "④ Context z<sub>{0}</sub>, dimension d{1}"
        ).format(name, step.dims[0])
    elif dropout:
        head = QCoreApplication.translate(
            "Explanation", "④ Context z′<sub>{0}</sub> = Σ A′[{0}, j] × v<sub>j</sub>"
        ).format(name)
    else:
        head = QCoreApplication.translate(
            "Explanation", "④ Context z<sub>{0}</sub> = Σ A[{0}, j] × v<sub>j</sub>"
        ).format(name)

    places, written, total = adding_up(step, digits)

    def mix(weight_and_value: tuple[float, Sequence[float]]) -> str:
        weight, value = weight_and_value
        return f"{number(weight, places)}×{vector(value, places, full)}"

    mixes = _shorten(list(zip(step.weights, step.values, strict=True)), full, mix)
    terms = _shorten(written, full, lambda t: vector(t, places, full))
    result = f"<b>{vector(step.value, digits, full)}</b>"
    if total is not None and vector(total, places, full) != vector(step.value, places, full):
        # the rounded terms lost (or gained) a last digit: 1/3 + 1/3 + 1/3 written 0.333 each
        # adds up to 0.999, but z is 1. Their sum is said to be theirs, and z is z rounded.
        summed = QCoreApplication.translate("Explanation", "{0}: the sum of the rounded terms")
        exact = QCoreApplication.translate("Explanation", "without rounding: {0} ≈ {1}")
        symbol = f"z′<sub>{name}</sub>" if dropout else f"z<sub>{name}</sub>"
        if len(step.dims) == 1:
            symbol += f"[d{step.dims[0]}]"
        result = (f"{summed.format(vector(total, places, full))}"
                  f"<br>{exact.format(symbol, result)}")  # fmt: skip
    elif total is not None:  # the terms add up to z with more decimals: then rounded
        result = f"{vector(total, places, full)} ≈ {result}"
    return f"<p><b>{head}</b></p><p>{' + '.join(mixes)}<br>= {' + '.join(terms)}<br>= {result}</p>"


def adding_up(step: ContextStep, digits: int) -> tuple[int, list[list[float]], list[float] | None]:
    """Return how step ④ is written so that it adds up by hand: decimals, terms, sum.

    A student checks the box: each weight × value as written, rounded half up, is the term
    written, and the terms sum to the result (rounded to ``digits``, as the heatmap shows
    it). At two decimals 0.23×[2, 0, 0, 2] was written [0.47, …] and 0.27 + 0.90 → 1.18:
    the weights and terms then get up to MORE_DIGITS more (0.274 + 0.904 = 1.178 ≈ 1.18).
    A term is the engine's unless its rounding differs by a last digit from the written
    factors' product. The sum is None when the terms add up to the result exactly.
    """
    digits = max(digits, 2)  # as number() writes them
    keys = len(step.weights)
    weights = np.asarray(step.weights, dtype=np.float64)[:, None]  # (keys, 1)
    values, terms = (np.asarray(m, dtype=np.float64).reshape(keys, -1)
                     for m in (step.values, step.terms))  # fmt: skip
    result = np.asarray(step.value, dtype=np.float64)
    everything = (weights, values, terms, result)
    if not all(np.isfinite(m).all() and (m.size == 0 or np.abs(m).max() < 1e4) for m in everything):
        return digits, terms.tolist(), None  # too large to write with more decimals anyway
    target = np.rint(result * 10**digits).astype(np.int64)
    for places in range(digits, digits + MORE_DIGITS + 1):
        unit = 10**places
        shown_w, shown_v, shown_t = (np.rint(m * unit).astype(np.int64)
                                     for m in (weights, values, terms))  # fmt: skip
        products = _half_up(shown_w * shown_v, unit)  # each term from the written factors
        sums = products.sum(axis=0)
        if np.array_equal(_half_up(sums, 10 ** (places - digits)), target):
            break
    written = np.where(products == shown_t, terms, products / unit).tolist()
    exact = np.array_equal(sums, target * 10 ** (places - digits))
    return places, written, None if exact else (sums / unit).tolist()


def _half_up(scaled: np.ndarray, unit: int) -> np.ndarray:
    """Return whole numbers ``scaled`` ÷ ``unit`` rounded half away from 0, as by hand."""
    halves: np.ndarray = np.sign(scaled) * ((np.abs(scaled) + unit // 2) // unit)
    return halves


def explain_dropout(dropped: Dropout, step: WeightStep, tokens: Sequence[str], digits: int) -> str:
    """Write what dropout does to one weight while training: kept and ÷ (1 − p), or dropped."""
    q_name, k_name = escape(tokens[step.row]), escape(tokens[step.col])
    cell = f"A′[{q_name}, {k_name}]"
    if dropped.kept[step.row, step.col]:
        kept = float(dropped.weights[step.row, step.col])
        places = max(digits, 2)  # more where 0.01 ÷ (1 − 0.5) was written = 0.03 (of 0.0145)
        while places < max(digits, 2) + MORE_DIGITS and round(
            _written(step.value, places) / (1 - dropped.p), places
        ) != _written(kept, places):
            places += 1
        text = QCoreApplication.translate(
            "Explanation", "Dropout (p = {0}): kept, so {1} = {2} ÷ (1 − {0}) = <b>{3}</b>"
        ).format(number(dropped.p, digits), cell, number(step.value, places),
                 number(kept, places))  # fmt: skip
    else:
        text = QCoreApplication.translate(
            "Explanation", "Dropout (p = {0}): dropped, so {1} = <b>0</b>"
        ).format(number(dropped.p, digits), cell)
    return f"<p>{text}</p>"


def _written(value: float, digits: int) -> float:
    """Return ``value`` as number() writes it (0.0145 → 0.01 at two decimals)."""
    return float(number(value, digits).replace("−", "-"))


def explain_step(step: Step, tokens: Sequence[str], digits: int, full: bool,
                 dropped: Dropout | None) -> str:  # fmt: skip
    """Write any step's calculation: ``dropped`` is the dropout training A′ (or None)."""
    from engine import ScaledStep, ScoreStep, WeightStep

    if isinstance(step, ScoreStep):
        return explain_score(step, tokens, digits, full)
    if isinstance(step, ScaledStep):
        return explain_scaled(step, tokens, digits)
    if isinstance(step, WeightStep):
        text = explain_weight(step, tokens, digits, full)
        if dropped is not None:  # training: the rescaling of a kept weight, or its drop
            text += explain_dropout(dropped, step, tokens, digits)
        return text
    # the sum is of A′'s weights while dropout trains
    return explain_context(step, tokens, digits, full, dropped is not None)
