"""How texts fit their room: which are written, in what size, whole, cut, upright or every n-th.

One pure function for every place that writes texts in a row of slots: a heatmap's names
beside its rows and above its columns, its cells' numbers, the weight bars' names. Numbers
in, a decision out; no fonts and no Qt: the caller measures each text once at REFERENCE_PX
and executes the decision (its sizes are the reference widths scaled).

The slots are evenly spaced along a line, ``pitch`` px apart; across the line the texts have
``depth`` px. Each size from the largest down to the least is tried, in it each of the
caller's ways that keep texts whole in its order, and the first that writes every text is
taken; then the same for the ways that cut (a name whole in a smaller size reads better than
cut in a larger: "[SEP]" in 11 px, not "[SE…" in 12):

- ``along``: each text along the line, whole; two neighbours share their two half slots
  (a long "[CLS]" beside a short "the" fits where the widest text in every slot would not);
- ``stagger``: along, every other text a line lower, so each has two slots' width;
- ``cut``: along, each text cut to its slot ("[CL…") while few are cut and they still read
  apart (six "token N" all cut to "to…" would say nothing);
- ``stagger cut``: staggered, each text cut to its two slots' width, as few as ``cut``;
- ``across``: turned a quarter (a heatmap's upright column names), or written across a
  line that runs downwards (its row names): a line high in its slot, as long as ``depth``.

When none writes every text at the least size, every n-th is written (``thin``), n the
least that fits, in the largest size keeping that n; or nothing, for numbers, where one
missing would read as a value (the hover tells).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

REFERENCE_PX = 100  # the size the caller measures its texts in
GAP_EM = 0.3  # least room between two neighbours, of the type's size
LEAST_GAP = 3.0  # px, whatever the size
ELLIPSIS = "…"
WAYS = ("along", "stagger", "cut", "stagger cut", "across")


@dataclass(frozen=True)
class Room:
    """A row of ``count`` slots, ``pitch`` px apart, with ``depth`` px across the line.

    ``first`` is the first slot's centre, px from where the line starts (half a pitch if
    None); ``length`` the line's length (``count`` pitches if None): no text passes either
    end by more than ``slack`` px.
    """

    pitch: float
    depth: float
    first: float | None = None
    length: float | None = None
    slack: float = 0.0
    gap: float | None = None  # between neighbours; None: GAP_EM of the type, LEAST_GAP at least


@dataclass(frozen=True)
class TextFit:
    """The decision: the texts written (their indices and words), their size and way."""

    px: int  # 0 when nothing is written
    way: str  # one of WAYS
    shown: tuple[int, ...]  # the indices of the texts written
    texts: tuple[str, ...]  # each written text (cut ones end in "…"); as given otherwise
    step: int = 1  # every how many a text is written
    extent: float = 0.0  # px across the line the written texts take

    @property
    def rows(self) -> int:
        """Return on how many lines the texts are written: 2 when staggered, else 1."""
        return 2 if self.way.startswith("stagger") else 1

    @property
    def complete(self) -> bool:
        """Return True when every text is written, whole or cut."""
        return self.step == 1 and self.px > 0


NOTHING = TextFit(0, "along", (), ())


def fit_texts(widths: Sequence[float], texts: Sequence[str], room: Room,
              sizes: tuple[int, int], line: float, ways: Sequence[str] = ("along",),
              thin: bool = True) -> TextFit:  # fmt: skip
    """Return how the ``texts`` (``widths`` px wide at REFERENCE_PX) fit ``room``.

    ``sizes`` are the least and the largest px; ``line`` a line's height per px of type.
    Cached: the same texts in the same room are decided once (the dial repaints every frame).
    """
    return _fit(tuple(float(w) for w in widths), tuple(texts), room,
                (int(sizes[0]), int(sizes[1])), float(line), tuple(ways), thin)  # fmt: skip


@lru_cache(maxsize=512)
def _fit(widths: tuple[float, ...], texts: tuple[str, ...], room: Room, sizes: tuple[int, int],
         line: float, ways: tuple[str, ...], thin: bool) -> TextFit:  # fmt: skip
    if not widths:
        return NOTHING
    least, largest = max(1, sizes[0]), max(1, sizes[0], sizes[1])
    for cutting in (False, True):
        tried = [way for way in ways if way.endswith("cut") == cutting]
        for px in range(largest, least - 1, -1):
            for way in tried:
                fit = _try(way, px, widths, texts, room, line)
                if fit is not None:
                    return fit
    return _every_nth(widths, texts, room, (least, largest), line, ways[0]) if thin else NOTHING


def _centres(count: int, room: Room) -> list[float]:
    first = room.pitch / 2 if room.first is None else room.first
    return [first + i * room.pitch for i in range(count)]


def _within_ends(widths: Sequence[float], centres: Sequence[float], room: Room) -> bool:
    length = room.pitch * len(widths) if room.length is None else room.length
    return all(c - w / 2 >= -room.slack - 1e-9 and c + w / 2 <= length + room.slack + 1e-9
               for w, c in zip(widths, centres, strict=True))  # fmt: skip


def _apart(widths: Sequence[float], distance: float, gap: float, rows: int = 1) -> bool:
    """Return True when each text and the next in its row, ``distance`` px on, keep ``gap``."""
    return all((widths[j] + widths[j + rows]) / 2 + gap <= distance + 1e-9
               for j in range(len(widths) - rows))  # fmt: skip


def _try(way: str, px: int, widths: tuple[float, ...], texts: tuple[str, ...], room: Room,
         line: float) -> TextFit | None:  # fmt: skip
    scale = px / REFERENCE_PX
    sized = [w * scale for w in widths]
    height = line * px
    gap = max(LEAST_GAP, GAP_EM * px) if room.gap is None else room.gap
    every = tuple(range(len(widths)))
    centres = _centres(len(widths), room)
    if way == "across":
        widest = max(sized)
        if height + (gap if len(widths) > 1 else 0) > room.pitch + 1e-9 or widest > room.depth:
            return None
        return TextFit(px, way, every, texts, 1, widest)
    rows = 2 if way.startswith("stagger") else 1
    if rows == 2 and (len(widths) < 3 or 2 * height > room.depth + 1e-9):
        return None
    if way == "stagger":
        fits = _apart(sized, 2 * room.pitch, gap, 2) and _within_ends(sized, centres, room)
        return TextFit(px, way, every, texts, 1, 2 * height) if fits else None
    if height * rows > room.depth + 1e-9:
        return None
    if way == "along":
        single = len(widths) == 1 and sized[0] + gap <= room.pitch + 1e-9
        fits = single or (_apart(sized, room.pitch, gap) and len(widths) > 1)
        if fits and _within_ends(sized, centres, room):
            return TextFit(px, way, every, texts, 1, height)
        return None
    if way.endswith("cut") and len(widths) > 1 and len(texts) == len(widths):
        written = _cut(sized, texts, centres, room, gap, rows)
        cut = sum(a != b for a, b in zip(written, texts, strict=True))
        readable = all(text.rstrip(ELLIPSIS) for text in written)
        if readable and 3 * cut <= len(texts) and len(set(written)) == len(set(texts)):
            return TextFit(px, way, every, tuple(written), 1, rows * height)
    return None


def _cut(widths: Sequence[float], texts: Sequence[str], centres: Sequence[float], room: Room,
         gap: float, rows: int) -> list[str]:  # fmt: skip
    """Each text cut to ``rows`` slots, less the gap, within the ends (its characters' share)."""
    length = room.pitch * len(widths) if room.length is None else room.length
    written = []
    for width, text, centre in zip(widths, texts, centres, strict=True):
        space = min(rows * room.pitch - gap, 2 * (centre + room.slack),
                    2 * (length - centre + room.slack))  # fmt: skip
        if width <= space:
            written.append(text)
            continue
        char = width / max(len(text), 1)  # "…" taken as wide as one of its characters
        keep = max(0, math.floor(space / char) - 1)
        written.append(text[:keep] + ELLIPSIS if keep else "")
    return written


def _every_nth(widths: tuple[float, ...], texts: tuple[str, ...], room: Room,
               sizes: tuple[int, int], line: float, way: str) -> TextFit:  # fmt: skip
    """Every n-th text whole (n the least that fits at the least size), from half n in."""

    def fits(px: int, step: int) -> TextFit | None:
        chosen = range(step // 2, len(widths), step)
        if not chosen:
            return None
        first = _centres(len(widths), room)[chosen[0]]
        sub = Room(room.pitch * step, room.depth, first,
                   room.pitch * len(widths) if room.length is None else room.length,
                   room.slack, room.gap)  # fmt: skip
        plain = "across" if way == "across" else "along"
        fit = _try(plain, px, tuple(widths[j] for j in chosen),
                   tuple(texts[j] for j in chosen) if texts else (), sub, line)  # fmt: skip
        if fit is None:
            return None
        shown = tuple(chosen)
        return TextFit(px, plain, shown, tuple(texts[j] for j in shown) if texts else (),
                       step, fit.extent)  # fmt: skip

    least, largest = sizes
    for step in range(2, len(widths) + 1):
        if fits(least, step) is not None:
            for px in range(largest, least - 1, -1):
                found = fits(px, step)
                if found is not None:
                    return found
    return NOTHING


def round_step(needed: int) -> int:
    """Return the least round step (1, 2, 5 × 10ᵏ) at least ``needed``."""
    if needed <= 1:
        return 1
    exponent = math.floor(math.log10(needed))
    for factor in (1, 2, 5, 10):
        if factor * 10**exponent >= needed:
            return int(factor * 10**exponent)
    return int(10 ** (exponent + 1))


@dataclass(frozen=True)
class Names:
    """Texts to fit, measured: each one's width at REFERENCE_PX, and the texts themselves."""

    widths: tuple[float, ...]
    texts: tuple[str, ...]
    shown: float  # how many slots are on screen (fractions while zoomed)


@dataclass(frozen=True)
class CellsFit:
    """A heatmap's names and numbers: how each is written, and the axes' room they take."""

    rows: TextFit  # beside the rows, "across" (a line high in each row)
    columns: TextFit  # above the columns: along, cut, or "across" (upright)
    numbers: TextFit  # one text (the widest number) in one cell: its px is every cell's
    digits: int  # the decimals the numbers are written with
    left: float  # px of the row names' axis
    top: float  # px of the column names' axis


AXIS_PAD = (6.0, 4.0)  # px an axis keeps beside its texts (left, top)


@lru_cache(maxsize=256)
def fit_cells(room: tuple[float, float], rows: Names, columns: Names,
              numbers: tuple[tuple[int, float], ...], name_sizes: tuple[int, int],
              number_sizes: tuple[int, int, int], lines: tuple[float, float],
              margin: float, least_top: float = 0.0) -> CellsFit:  # fmt: skip
    """Return how a heatmap of ``room`` (cells and axes, px) writes its names and numbers.

    ``numbers`` are (decimals, the widest number's width at REFERENCE_PX), the most
    decimals first; ``lines`` the names' line and the digits' height per px of type;
    ``margin`` px of every cell's each side kept for the outlines (never under a number);
    ``least_top`` px at least for the column names (as high as a neighbour's: rows level).
    Of every names size and way, the one that writes every number in a comfortable size,
    then every name, then the most decimals, then whole names, then the largest type, wins.
    """
    best: tuple[tuple[object, ...], CellsFit] | None = None
    line, ink = lines
    for px in range(max(name_sizes), min(name_sizes) - 1, -1):
        widest_row = max(rows.widths, default=0.0) * px / REFERENCE_PX
        left = math.ceil(widest_row) + AXIS_PAD[0] if rows.widths else 0.0
        widest_column = max(columns.widths, default=0.0) * px / REFERENCE_PX
        for way in ("along", "cut", "across"):
            top = math.ceil(line * px if way != "across" else widest_column) + AXIS_PAD[1]
            top = max(top, least_top)
            if way == "across" and top > room[1] / 3:  # upright names are not to crowd out
                continue  # the cells
            width = (room[0] - left) / max(columns.shown, 1e-9)
            height = (room[1] - top) / max(rows.shown, 1e-9)
            if width <= 0 or height <= 0:
                continue
            row_fit = fit_texts(rows.widths, rows.texts, Room(height, left), (px, px), line,
                                ("across",))  # fmt: skip
            column_fit = fit_texts(columns.widths, columns.texts,
                                   Room(width, top - AXIS_PAD[1]), (px, px), line, (way,),
                                   thin=way == "along")  # fmt: skip
            if not column_fit.px and way != "along":
                continue
            number_fit, digits = _numbers(numbers, width, height, number_sizes, ink, margin)
            named = (row_fit.complete and column_fit.complete, column_fit.complete)
            whole = column_fit.way != "cut"  # "[CLS]" upright reads better than "[C…"
            key = (number_fit.px >= number_sizes[1], number_fit.px > 0, named, digits, whole,
                   number_fit.px + px)  # fmt: skip
            if best is None or key > best[0]:
                best = (key, CellsFit(row_fit, column_fit, number_fit, digits, left, top))
    if best is None:
        return CellsFit(NOTHING, NOTHING, NOTHING, numbers[0][0] if numbers else 0, 0.0, 0.0)
    return best[1]


def _numbers(numbers: tuple[tuple[int, float], ...], width: float, height: float,
             sizes: tuple[int, int, int], ink: float, margin: float
             ) -> tuple[TextFit, int]:  # fmt: skip
    """Every cell's number in one size (``sizes``: least, comfortable, largest px).

    The most decimals that fit in a comfortable size, else the most in the least size:
    "-12.3" in 11 px reads better than "-12.34" in 8 px (the hover gives every digit).
    """
    room = Room(width - 2 * margin, height - 2 * margin, gap=0.0)
    least, comfortable, largest = sizes
    # sized from the cell's room: the type's size, not only its digits' ink, within the
    # cell; a larger text scale raises the largest size only (at 1.5× the lesson's numbers
    # were 40 px in 37 px cells, cut at top and bottom)
    largest = max(least, min(largest, math.floor(room.depth)))
    for low in (comfortable, least):
        for digits, widest in numbers:
            fit = fit_texts((widest,), ("",), room, (low, largest), ink, thin=False)
            if fit.px:
                return fit, digits
    return NOTHING, numbers[-1][0] if numbers else 0
