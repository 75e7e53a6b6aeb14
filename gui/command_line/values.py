"""What a flag's value must be: each function reads one, or refuses it in the language.

argparse calls them as a flag's ``type`` and prints a refusal as "argument --flag:
<message>" on one line (see :class:`gui.command_line.parser.OneLineParser`).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import TypeVar

from engine.lesson.multi_head import MAX_HEADS
from engine.messages import InputError, Message
from engine.vocabulary import MIN_TEMPERATURE
from gui.command_line.words import words
from gui.export.formats import ALL_FORMATS, MAX_SCALE, MIN_SCALE

#: ``--head all``: every head of the layer, side by side (the heads' views' numbers)
ALL_HEADS = 0

Parsed = TypeVar("Parsed")


def _refused(message: Message) -> argparse.ArgumentTypeError:
    """Return the error argparse prints as "argument --flag: <message>", in the language."""
    return argparse.ArgumentTypeError(words(message))


def formats(text: str) -> tuple[str, ...]:
    """Return the export formats of ``--format png,csv``, each once, in the order given."""
    chosen = tuple(dict.fromkeys(p.strip().lower() for p in text.split(",") if p.strip()))
    unknown = [f for f in chosen if f not in ALL_FORMATS]
    known = ", ".join(ALL_FORMATS)
    if not chosen:
        raise _refused(Message("no format given; choose from {known}", known=known))
    if unknown:
        raise _refused(
            Message(
                "unknown format {formats}; choose from {known}",
                formats=", ".join(repr(f) for f in unknown),
                known=known,
            )
        )
    return chosen


def positive_number(text: str) -> float:
    """Return a finite number above zero."""
    try:
        value = float(text)
    except ValueError:
        raise _refused(Message("must be a number, not {text!r}", text=text)) from None
    if not math.isfinite(value) or value <= 0:
        raise _refused(Message("must be a positive number, not {text!r}", text=text))
    return value


def scale(text: str) -> float:
    """Return a PNG's size against the screen, from MIN_SCALE to MAX_SCALE."""
    value = positive_number(text)
    if not MIN_SCALE <= value <= MAX_SCALE:
        raise _refused(
            Message(
                "must be from {low:g} to {high:g}, not {text!r}",
                low=MIN_SCALE,
                high=MAX_SCALE,
                text=text,
            )
        )
    return value


def heads(text: str) -> int:
    """Return a number of heads, from 1 to MAX_HEADS."""
    try:
        value = int(text, 10)
    except ValueError:
        raise _refused(Message("must be a whole number, not {text!r}", text=text)) from None
    if not 1 <= value <= MAX_HEADS:
        raise _refused(Message("must be from 1 to {most}, not {text!r}", most=MAX_HEADS, text=text))
    return value


def from_one(text: str) -> int:
    """Return a whole number counted from 1 (a layer, a head)."""
    try:
        value = int(text, 10)
    except ValueError:
        raise _refused(Message("must be a whole number, not {text!r}", text=text)) from None
    if value < 1:
        raise _refused(Message("must be a whole number from 1, not {value}", value=text))
    return value


def head(text: str) -> int:
    """Return a head counted from 1, or ALL_HEADS for ``all``."""
    if text.strip().lower() == "all":
        return ALL_HEADS
    try:
        return from_one(text)
    except argparse.ArgumentTypeError:  # said with the word that also fits
        raise _refused(Message("must be a head from 1, or all, not {text!r}", text=text)) from None


def temperature(text: str) -> float:
    """Return τ, at least the engine's MIN_TEMPERATURE."""
    value = positive_number(text)
    if value < MIN_TEMPERATURE:  # the engine's floor: below it 1/τ overflows
        raise _refused(
            Message("τ must be at least {low:g}, not {text!r}", low=MIN_TEMPERATURE, text=text)
        )
    return value


def refusing(parse: Callable[[str], Parsed]) -> Callable[[str], Parsed]:
    """Let argparse print an InputError of a flag's value as "argument --flag: <why>"."""

    def checked(text: str) -> Parsed:
        try:
            return parse(text)
        except InputError as error:
            raise argparse.ArgumentTypeError(words(error.message)) from None

    return checked


__all__ = [
    "ALL_HEADS",
    "formats",
    "from_one",
    "head",
    "heads",
    "positive_number",
    "refusing",
    "scale",
    "temperature",
]
