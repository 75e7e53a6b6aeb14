"""Reading numbers typed or pasted by a user, and writing them back for display."""

from __future__ import annotations

import math
import re

from PySide6.QtCore import QCoreApplication, QLocale

from engine.vocabulary import MAX_VALUE

_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")
# Full-width ASCII (what a Chinese input method types: "１．５") and the minus sign "−"
# become plain ASCII; nothing else is folded, so "3²" or "①" stay refused.
_FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {
    0x2212: ord("-"),
    0x3000: ord(" "),
}


def plain_ascii(text: str) -> str:
    """Return ``text`` with full-width ASCII ("４，１６") and "−" as plain ASCII ("4,16")."""
    return text.translate(_FULL_WIDTH)


def decimal_comma(locale: QLocale | None = None) -> bool:
    """Return True where the user's locale writes 0,5 for one half."""
    return (locale or QLocale()).decimalPoint() == ","


def parse_number(text: str, locale: QLocale | None = None) -> float:
    """Read a number from text such as ``-0.5``, ``1e-3``, ``２``, ``−1``.

    The number is finite and within ±1e6. A decimal comma (``0,5``) is accepted where the
    locale uses one. Raises ValueError with a message saying why the text is refused; never
    evaluates it.
    """
    cleaned = text.translate(_FULL_WIDTH).strip()
    if decimal_comma(locale) and "," in cleaned and "." not in cleaned:
        cleaned = cleaned.replace(",", ".", 1)
    if not cleaned:
        raise ValueError(QCoreApplication.translate("numbers", "it is empty"))
    if len(cleaned) > 64 or not _NUMBER.fullmatch(cleaned):
        shown = text.strip() if len(text.strip()) <= 20 else text.strip()[:20] + "…"
        raise ValueError(
            QCoreApplication.translate("numbers", "“{0}” is not a number").format(shown)
        )
    value = float(cleaned)  # safe: the text matched the plain number pattern above
    if not math.isfinite(value) or abs(value) > MAX_VALUE:
        raise ValueError(
            QCoreApplication.translate("numbers", "{0} is beyond ±1,000,000").format(cleaned)
        )
    return value


#: τ is written with as many decimals everywhere: the dial's box, the formula, the titles.
TAU_DECIMALS = 3


def number_text(value: float) -> str:
    """Return ``value`` to three significant digits, "—" when it is not finite."""
    return f"{value:.3g}" if math.isfinite(value) else "—"


def tau_text(value: float) -> str:
    """Return τ as the dial's box writes it ("0.072", "2.000"), the same in every view.

    The formula and the titles wrote ``:.3g`` (0.0717) beside the box's 0.072 in one frame.
    """
    return f"{value:.{TAU_DECIMALS}f}"


def format_number(value: float, digits: int) -> str:
    """Fixed-point text at ``digits`` decimals, without a sign on zero."""
    text = f"{value:.{digits}f}"
    return text[1:] if text.startswith("-") and float(text) == 0.0 else text


def split_block(text: str, locale: QLocale | None = None) -> list[list[str]]:
    """Split a pasted block into rows of text cells.

    Rows are split by line; columns by tab (spreadsheets), else by comma (semicolon where
    the decimal mark is a comma), else by spaces. Brackets around a row, as in the lesson's
    ``[1, 1, 0, 0]``, are dropped.
    """
    # A tab at either end of a row bounds an empty cell (a spreadsheet's blank): stripping
    # it would shift the row's numbers into the wrong columns.
    blanks = " " if "\t" in text else None
    rows = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    lines = [line.strip(blanks) for line in rows]
    lines = [line.rstrip(",").strip(blanks).strip("[]") for line in lines if line]
    comma = ";" if decimal_comma(locale) else ","
    if "\t" in text:
        return [line.split("\t") for line in lines]
    if any(comma in line for line in lines):
        return [line.split(comma) for line in lines]
    return [line.split() for line in lines]
