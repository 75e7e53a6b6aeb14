"""What every matrix reader shares.

The error it raises, the table a CSV gives, the names of the inputs, the limits of a
matrix, and how a cell is quoted in a message.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..lesson._checks import Matrix
from ..messages import InputError, Message
from ..system_errors import system_reason
from ..vocabulary import (
    MAX_DIM,
    MAX_TOKENS,
)
from .files import FileRefusedError, FileTooLargeError, NotARegularFileError

#: The most numbers an input can hold (MAX_TOKENS × MAX_DIM): more is refused from the
#: file's header, before its data is read.
MAX_ELEMENTS = MAX_TOKENS * MAX_DIM


class MatrixImportError(InputError):
    """A matrix file that cannot be imported; ``source`` names the file (and array).

    Its ``str()`` is ``"q.csv: line 2: …"``: the source, then the message.

    Parameters
    ----------
    source : str
        The file (``"q.csv"``), or the file and the array (``"m.npz, array 'q'"``), or
        ``""`` when the problem is between files. It is data, never translated.
    message : Message or str
        What is wrong; a plain string is kept verbatim.

    Attributes
    ----------
    source : str
        As given.
    message : Message
        The message without the source, for a translation.
    """

    def __init__(self, source: str, message: Message | str) -> None:
        super().__init__(message, where=source)
        self.source = source


@dataclass(frozen=True)
class Table:
    """A matrix read from a CSV file, with the names of its rows if it had a header column."""

    matrix: Matrix
    row_names: tuple[str, ...] | None = None


def brief(error: Exception) -> str:
    """Return a library's reason, cut short: zipfile and NumPy quote whole damaged headers."""
    reason = str(error)
    return reason if len(reason) <= 120 else reason[:119] + "…"


def short(cell: str) -> str:
    """Return a cell as a message quotes it: a 100,000-character cell is not a message."""
    return cell if len(cell) <= 40 else cell[:39] + "…"


def is_number(text: str) -> bool:
    """Return True for a cell that is a number as a spreadsheet writes it."""
    try:
        float(text)
    except ValueError:
        return False
    return "_" not in text  # float() reads "1_000"; a spreadsheet would not


def check_size(rows: int, cols: int, source: str) -> None:
    """Refuse a matrix of no cells, or of more rows or columns than an input may have."""
    if rows <= 0 or cols <= 0:
        raise MatrixImportError(source, Message("holds no numbers"))
    if rows > MAX_TOKENS:
        raise MatrixImportError(
            source,
            Message("has {rows:,} rows; at most {most} are allowed", rows=rows, most=MAX_TOKENS),
        )
    if cols > MAX_DIM:
        raise MatrixImportError(
            source,
            Message("has {cols:,} columns; at most {most} are allowed", cols=cols, most=MAX_DIM),
        )


_SPELLINGS = (
    "w_q",
    "w_k",
    "w_v",
    "w_o",
    "wq",
    "wk",
    "wv",
    "wo",
    "q",
    "k",
    "v",
    "x",
)  # longest first


def matrix_name(label: str) -> str | None:
    """Which input a file or array name stands for: "Q" → "q", "layer0_wq" → "w_q"."""
    stem = label.strip().lower().replace("-", "_").replace(" ", "_")
    for spelling in _SPELLINGS:
        if stem == spelling or stem.endswith(("_" + spelling, "." + spelling)):
            return spelling if "_" in spelling or len(spelling) == 1 else f"w_{spelling[1]}"
    return None


def unreadable(path: Path, error: OSError | FileRefusedError) -> MatrixImportError:
    """Return the import error for a file that could not be opened or read."""
    if isinstance(error, FileTooLargeError):
        return MatrixImportError(path.name, error.description_message)
    if isinstance(error, NotARegularFileError):
        return MatrixImportError(path.name, Message("cannot be read: it is not a file"))
    reason = system_reason(error) if isinstance(error, OSError) else str(error)
    return MatrixImportError(path.name, Message("cannot be read: {reason}", reason=reason))
