"""How large and how slow an export of the matrices will be, known before it starts.

The matrices grow as heads × T²: ``--heads 16`` on a 1,024 × 64 session made a 987 MB
``matrices.json`` in 166 s, and at 2,048 × 1,024 the export was killed after 240 s with
nothing written. :func:`estimate_export` counts the numbers the CSV and JSON files will
hold; :func:`check_export` refuses an export past :data:`MAX_EXPORT_BYTES` unless it is
asked for (``--allow-large``, or a yes in the window), and one past the machine's memory
always, each with the size and what to do.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..machine import megabytes, memory_budget
from ..messages import InputError, Message

#: Bytes a number takes in CSV or JSON, with its separator: measured 17.2–17.3 on random
#: sessions at 256 and 512 tokens with 16 heads; a little more, to be on the safe side.
BYTES_PER_NUMBER = 18
#: Seconds to write one number, measured 0.43 µs for JSON at 512 tokens and 16 heads.
SECONDS_PER_NUMBER = 0.5e-6
#: Memory while the files are made, against their size: 757 MB for 237 MB of JSON.
MEMORY_PER_BYTE = 3.5
#: An export of the matrices larger than this is said before it starts: 200 MB.
MAX_EXPORT_BYTES = 200 * 10**6
DATA_FILES = {"json": "matrices.json", "csv": "*.csv"}
DATA_FORMATS = tuple(DATA_FILES)


@dataclass(frozen=True)
class ExportEstimate:
    """What the matrices of an export will be: numbers, bytes, seconds, memory."""

    numbers: int
    bytes: int
    seconds: float
    memory: int
    files: str = ""  # the files that hold them, for a message: "matrices.json, *.csv"

    @property
    def is_large(self) -> bool:
        """Return True past :data:`MAX_EXPORT_BYTES`: asked before it starts."""
        return self.bytes > MAX_EXPORT_BYTES

    def size_text(self) -> str:
        """Return the size as a message shows it ("987 MB")."""
        return megabytes(self.bytes)


def matrix_numbers(tokens: int, d_k: int, d_v: int, heads: int, output: bool) -> int:
    """Return how many numbers one copy of the matrices holds (Q, K, V, S, S/τ, A, Z …).

    With more than one head each head's seven matrices follow, then Concat and the output.
    """
    one = 3 * tokens * tokens + 2 * tokens * d_k + 2 * tokens * d_v  # S, S/τ, A; Q, K; V, Z
    if heads <= 1:
        return one
    each = 3 * tokens * tokens + 2 * tokens * (d_k // heads) + 2 * tokens * (d_v // heads)
    return one + heads * each + tokens * d_v * (2 if output else 1)


def pinned_numbers(pinned: tuple[int, int, int], shown: tuple[int, int, int]) -> int:
    """Return how many numbers a comparison adds to one copy: A's matrices, and B − A.

    ``pinned`` and ``shown`` are (tokens, d_k, d_v) of the head each side shows; B − A is
    counted as if defined (it is the size of B's one head at most).
    """
    return matrix_numbers(*pinned, 1, False) + matrix_numbers(*shown, 1, False)


def estimate_export(
    tokens: int, d_k: int, d_v: int, heads: int, output: bool, formats: tuple[str, ...],
    extra: int = 0,
) -> ExportEstimate:  # fmt: skip
    """Return the size, time and memory of the matrices an export in ``formats`` writes.

    Parameters
    ----------
    tokens, d_k, d_v : int
        The session's shape.
    heads : int
        Its heads (1: none).
    output : bool
        True when the heads have an output projection W_o.
    formats : tuple of str
        The chosen formats; only "csv" and "json" hold the matrices (figures are drawn at
        their design size, which does not grow with the tokens).
    extra : int
        Numbers each copy holds besides: a comparison's (:func:`pinned_numbers`).

    Returns
    -------
    ExportEstimate
        Zero for an export of figures alone.
    """
    copies = sum(f in formats for f in DATA_FORMATS)
    numbers = copies * (matrix_numbers(tokens, d_k, d_v, heads, output) + extra)
    size = numbers * BYTES_PER_NUMBER
    largest = size // copies if copies else 0  # one file's pieces at a time, plus the rest
    memory = int(size + largest * (MEMORY_PER_BYTE - 1))
    files = ", ".join(name for f, name in DATA_FILES.items() if f in formats)
    return ExportEstimate(numbers, size, numbers * SECONDS_PER_NUMBER, memory, files)


def check_export(estimate: ExportEstimate, allow_large: bool, budget: int | None = None) -> None:
    """Raise InputError for an export too large to start, saying its size and what to do.

    Parameters
    ----------
    estimate : ExportEstimate
        From :func:`estimate_export`.
    allow_large : bool
        True when the user asked for a large export (``--allow-large``, yes in the window).
    budget : int, optional
        The memory it may use (default: :func:`engine.machine.memory_budget`).
    """
    budget = memory_budget() if budget is None else budget
    if estimate.memory > budget:
        raise InputError(
            Message(
                "the matrices ({files}) would be about {size} and need about {memory} of "
                "memory; this machine has {budget} to spare. Export fewer heads or tokens, "
                "or only the figures (--format png,svg,pdf)",
                files=estimate.files,
                size=estimate.size_text(),
                memory=megabytes(estimate.memory),
                budget=megabytes(budget),
            )
        )
    if estimate.is_large and not allow_large:
        raise InputError(
            Message(
                "the matrices ({files}) would be about {size} (about {seconds:,.0f} s to "
                "write); add --allow-large to write them, or export only the figures "
                "(--format png,svg,pdf)",
                files=estimate.files,
                size=estimate.size_text(),
                seconds=max(estimate.seconds, 1.0),
            )
        )


__all__ = [
    "BYTES_PER_NUMBER",
    "MAX_EXPORT_BYTES",
    "ExportEstimate",
    "check_export",
    "estimate_export",
    "matrix_numbers",
    "pinned_numbers",
]
