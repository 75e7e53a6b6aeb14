"""Reading one matrix from a CSV file (see engine.formats.importing for the layout)."""

from __future__ import annotations

import csv
import io
import math
import os
from pathlib import Path

import numpy as np

from ..messages import Message
from ..vocabulary import (
    MAX_DIM,
    MAX_FILE_BYTES,
    MAX_TOKEN_CHARS,
    MAX_TOKENS,
    MAX_VALUE,
    character_message,
    forbidden_character,
)
from .files import FileRefusedError, read_bounded
from .import_common import MatrixImportError, Table, check_size, is_number, short, unreadable


def _read_text(path: Path) -> str:
    try:
        return read_bounded(path, MAX_FILE_BYTES).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise MatrixImportError(path.name, Message("is not UTF-8 text")) from None
    except (OSError, FileRefusedError) as error:
        raise unreadable(path, error) from None


#: The longest line a CSV file of the largest matrix can need: a quoted name of
#: MAX_TOKEN_CHARS and MAX_DIM numbers of up to 40 characters each. A longer line is
#: refused before it is parsed (a 100 MB line would otherwise be read whole first).
MAX_LINE_CHARS = 2 * MAX_TOKEN_CHARS + 2 + (MAX_DIM + 1) * 40


def _check_lines(text: str, source: str) -> str:
    """Return ``text`` with every line ending made LF, CR LF and old CR-only ones too.

    A line longer than MAX_LINE_CHARS is refused at once, before any parsing.
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    start, line = 0, 1
    while start < len(text):
        end = text.find("\n", start, start + MAX_LINE_CHARS + 1)
        if end < 0:
            end = len(text)
            if end - start > MAX_LINE_CHARS:
                raise MatrixImportError(
                    source,
                    Message(
                        "line {line} is longer than {most_chars:,} characters: "
                        "more than {most} numbers cannot be one row",
                        line=line,
                        most_chars=MAX_LINE_CHARS,
                        most=MAX_DIM,
                    ),
                )
        start, line = end + 1, line + 1
    return text


def _delimiter(first: str) -> str:
    """Return what separates the cells of a file whose first line is ``first``."""
    for delimiter in ("\t", ";", ","):
        if delimiter in first:
            return delimiter
    return " "  # numbers separated by spaces only, as np.savetxt writes them


def _csv_rows(text: str, source: str) -> list[tuple[int, list[str]]]:
    """Return the non-blank rows of a CSV text with their line numbers, all of one width."""
    text = _check_lines(text, source)
    first = next((line for line in text.split("\n", MAX_TOKENS + 2) if line.strip()), "")
    delimiter = _delimiter(first.strip())
    lines = io.StringIO(text if delimiter != " " else "\n".join(map(str.strip, text.split("\n"))))
    rows: list[tuple[int, list[str]]] = []
    reader = csv.reader(lines, delimiter=delimiter, skipinitialspace=delimiter == " ", strict=True)
    started = 1  # the line the row being read starts on
    try:
        for cells in reader:
            cells = [cell.strip() for cell in cells]
            line, started = started, reader.line_num + 1
            if not any(cells):
                continue
            if len(rows) > MAX_TOKENS:  # one more may be a header; stop reading early
                raise MatrixImportError(
                    source, Message("has more than {most} rows of numbers", most=MAX_TOKENS)
                )
            if len(cells) > MAX_DIM + 1:
                raise MatrixImportError(
                    source, Message("line {line}: over {most} cells", line=line, most=MAX_DIM)
                )
            if rows and len(cells) != len(rows[0][1]):
                raise MatrixImportError(
                    source,
                    Message(
                        "line {line} has {count} cells but line {first} has {first_count}",
                        line=line,
                        count=len(cells),
                        first=rows[0][0],
                        first_count=len(rows[0][1]),
                    ),
                )
            rows.append((line, cells))
    except csv.Error as error:
        if "unexpected end of data" in str(error):
            raise MatrixImportError(
                source,
                Message('line {line}: a quote (") opens a cell that is never closed', line=started),
            ) from None
        raise MatrixImportError(
            source, Message("line {line}: {reason}", line=started, reason=error)
        ) from None
    if not rows:
        raise MatrixImportError(source, Message("holds no numbers"))
    return rows


def read_csv(path: str | os.PathLike[str]) -> Table:
    """One matrix from a CSV file (see the module's docstring for the layout)."""
    path = Path(path)
    source = path.name
    rows = _csv_rows(_read_text(path), source)
    top = 0 if any(is_number(cell) for cell in rows[0][1]) else 1
    rows = rows[top:]
    left = 0 if any(is_number(cells[0]) for _, cells in rows) else 1
    check_size(len(rows), len(rows[0][1]) - left if rows else 0, source)
    matrix = np.empty((len(rows), len(rows[0][1]) - left))  # (rows, cols)
    for i, (line, cells) in enumerate(rows):
        for j, cell in enumerate(cells[left:]):
            column = j + left + 1
            if not cell:
                raise MatrixImportError(
                    source,
                    Message("line {line}, column {column}: is empty", line=line, column=column),
                )
            if not is_number(cell):
                raise MatrixImportError(
                    source,
                    Message(
                        "line {line}, column {column}: {cell!r} is not a number",
                        line=line,
                        column=column,
                        cell=short(cell),
                    ),
                )
            matrix[i, j] = float(cell)
            if not math.isfinite(matrix[i, j]):
                raise MatrixImportError(
                    source,
                    Message(
                        "line {line}, column {column}: {cell} is not a finite number",
                        line=line,
                        column=column,
                        cell=short(cell),
                    ),
                )
            if abs(matrix[i, j]) > MAX_VALUE:
                raise MatrixImportError(
                    source,
                    Message(
                        "line {line}, column {column}: {cell} is beyond ±{most:,.0f}",
                        line=line,
                        column=column,
                        cell=short(cell),
                        most=MAX_VALUE,
                    ),
                )
    names = tuple(cells[0] for _, cells in rows) if left else ()
    for (line, _), name in zip(rows, names, strict=False):
        if not name and any(names):
            raise MatrixImportError(
                source, Message("line {line}: the token name is empty (other rows have one)",
                                line=line),
            )  # fmt: skip
        if len(name) > MAX_TOKEN_CHARS:
            raise MatrixImportError(
                source,
                Message("line {line}: a name over {most} chars", line=line, most=MAX_TOKEN_CHARS),
            )
        bad = forbidden_character(name)
        if bad is not None:
            raise MatrixImportError(
                source,
                Message(
                    "line {line}: the name holds {character}, which a token name may not hold",
                    line=line,
                    character=character_message(bad),
                ),
            )
    return Table(matrix, names if any(names) else None)
