"""Reading numbers typed or pasted by a user, and writing them back for display."""

from __future__ import annotations

import math
import re
import unicodedata

from PySide6.QtCore import QCoreApplication, QLocale

LIMIT = 1e6  # the largest magnitude a cell accepts
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


def _tr(text: str) -> str:
    return QCoreApplication.translate("numbers", text)


def decimal_comma(locale: QLocale | None = None) -> bool:
    """True where the user's locale writes 0,5 for one half."""
    return (locale or QLocale()).decimalPoint() == ","


def parse_number(text: str, locale: QLocale | None = None) -> float:
    """A finite number within ±1e6 from text such as ``-0.5``, ``1e-3``, ``２``, ``−1``.

    A decimal comma (``0,5``) is accepted where the locale uses one. Raises ValueError
    with a message saying why the text is refused; never evaluates it.
    """
    cleaned = unicodedata.normalize("NFKC", text).strip().replace("\u2212", "-")
    cleaned = cleaned.replace(" ", "")
    if decimal_comma(locale) and "," in cleaned and "." not in cleaned:
        cleaned = cleaned.replace(",", ".", 1)
    if not cleaned:
        raise ValueError(_tr("it is empty"))
    if len(cleaned) > 64 or not _NUMBER.fullmatch(cleaned):
        shown = text.strip() if len(text.strip()) <= 20 else text.strip()[:20] + "…"
        raise ValueError(_tr("“{0}” is not a number").format(shown))
    value = float(cleaned)
    if not math.isfinite(value) or abs(value) > LIMIT:
        raise ValueError(_tr("{0} is beyond ±1,000,000").format(cleaned))
    return value


def format_number(value: float, digits: int) -> str:
    """Fixed-point text at ``digits`` decimals, without a sign on zero."""
    text = f"{value:.{digits}f}"
    return text[1:] if text.startswith("-") and float(text) == 0.0 else text


def split_block(text: str, locale: QLocale | None = None) -> list[list[str]]:
    """Cells of a pasted block: rows by line, columns by tab (spreadsheets), else by
    comma (or semicolon where the decimal mark is a comma)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    if "\t" in text:
        separator = "\t"
    elif decimal_comma(locale):
        separator = ";"
    else:
        separator = ","
    return [line.split(separator) for line in lines]
