"""What the state refuses, and why, in the user's language.

A typed value, a pasted block, a token name: each check returns the clean value or raises
ValueError with the reason.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QCoreApplication

from engine.vocabulary import MAX_TOKEN_CHARS, MAX_VALUE, character_message, forbidden_character
from gui.model.numbers import parse_number
from gui.support.engine_text import message_text


class CellRefused(ValueError):
    """A cell of a pasted block that is not a number; ``row`` and ``col`` say which."""

    def __init__(self, row: int, col: int, reason: str) -> None:
        super().__init__(reason)
        self.row, self.col = row, col


def checked_value(value: str | float) -> float:
    """Return a typed value (text is parsed) as a float within ±MAX_VALUE."""
    number = parse_number(value) if isinstance(value, str) else float(value)
    if not math.isfinite(number) or abs(number) > MAX_VALUE:
        raise ValueError(
            QCoreApplication.translate("AttentionState", "{0} is beyond ±1,000,000").format(number)
        )
    return number


def checked_block(cells: list[list[str]]) -> NDArray[np.float64]:
    """Return rows of pasted text cells as numbers; the first bad cell raises CellRefused."""
    block = np.empty((len(cells), len(cells[0])))
    for i, line in enumerate(cells):
        for j, text in enumerate(line):
            try:
                block[i, j] = parse_number(text)
            except ValueError as error:
                raise CellRefused(i, j, str(error)) from None
    return block


def checked_token_name(name: str) -> str:
    """Return a token name without its outer spaces, if a token may have it."""
    name = name.strip()
    if not name:
        raise ValueError(QCoreApplication.translate("AttentionState", "A token needs a name"))
    if len(name) > MAX_TOKEN_CHARS:
        raise ValueError(
            QCoreApplication.translate(
                "AttentionState", "A token name can have at most 200 characters"
            )
        )
    bad = forbidden_character(name)
    if bad is not None:
        raise ValueError(
            QCoreApplication.translate(
                "AttentionState", "A token name cannot hold {0}: it could not be shown or saved"
            ).format(message_text(character_message(bad)))
        )
    return name


def refusal(check: Callable[[], object]) -> str:
    """Return why ``check()`` refuses, in the current language ("" if it does not).

    A refusal kept to be said again after a language switch runs its check again: the
    reason was written in the language of the moment it was raised.
    """
    try:
        check()
    except ValueError as error:
        return str(error)
    return ""
