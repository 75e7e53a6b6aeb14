"""Import Q, K, V (or X, W_q, W_k, W_v) from CSV, NumPy ``.npy`` and ``.npz`` files.

A file says which matrix it holds by its name: ``q.csv``, ``K.npy``, ``layer0_w_q.npy``
(the name, or its last ``_``/``-``/``.`` part, is q, k, v, x, w_q, w_k, w_v or wq, wk, wv).
An ``.npz`` archive holds its arrays under such names, e.g. ``np.savez(f, q=q, k=k, v=v)``.

CSV: one matrix per file, comma-separated (a tab or a semicolon also works), numbers only,
with an optional header row (column names, ignored) and an optional header column (row
names; for Q, K, V or X these become the token names). A first row or column counts as a
header when none of its cells is a number.

Nothing is unpickled: an array of Python objects is refused from its header, and so is
an array of more than ``MAX_ELEMENTS`` numbers, before any of its data is read. Every
problem raises :class:`MatrixImportError` (a ``ValueError``) naming the file and the cell.
"""

from __future__ import annotations

import csv
import io
import math
import os
import tokenize
import zipfile
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import numpy as np

from ._checks import Matrix
from .attention import project
from .files import FileTooLargeError, NotARegularFileError, open_regular, read_bounded
from .messages import InputError, Message
from .presets import Preset, Projection
from .vocabulary import (
    DIRECT_INPUTS,
    LABELS,
    MAX_DIM,
    MAX_FILE_BYTES,
    MAX_TOKEN_CHARS,
    MAX_TOKENS,
    MAX_VALUE,
    PROJECTION_INPUTS,
    character_message,
    forbidden_character,
)

#: The most numbers an input can hold (MAX_TOKENS × MAX_DIM): more is refused from the
#: file's header, before its data is read.
MAX_ELEMENTS = MAX_TOKENS * MAX_DIM
_SPELLINGS = ("w_q", "w_k", "w_v", "wq", "wk", "wv", "q", "k", "v", "x")  # longest first


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
        super().__init__(message)
        self.source = source
        if source:
            self.args = (f"{source}: {self.message}",)


@dataclass(frozen=True)
class Table:
    """A matrix read from a CSV file, with the names of its rows if it had a header column."""

    matrix: Matrix
    row_names: tuple[str, ...] | None = None


def matrix_name(label: str) -> str | None:
    """Which input a file or array name stands for: "Q" → "q", "layer0_wq" → "w_q"."""
    stem = label.strip().lower().replace("-", "_").replace(" ", "_")
    for spelling in _SPELLINGS:
        if stem == spelling or stem.endswith(("_" + spelling, "." + spelling)):
            return spelling if "_" in spelling or len(spelling) == 1 else f"w_{spelling[1]}"
    return None


def _brief(error: Exception) -> str:
    """Return a library's reason, cut short: zipfile and NumPy quote whole damaged headers."""
    reason = str(error)
    return reason if len(reason) <= 120 else reason[:119] + "…"


def _short(cell: str) -> str:
    """Return a cell as a message quotes it: a 100,000-character cell is not a message."""
    return cell if len(cell) <= 40 else cell[:39] + "…"


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return "_" not in text  # float() reads "1_000"; a spreadsheet would not


def _check_size(rows: int, cols: int, source: str) -> None:
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


def _read_text(path: Path) -> str:
    try:
        return read_bounded(path, MAX_FILE_BYTES).decode("utf-8-sig")
    except FileTooLargeError as error:
        raise MatrixImportError(path.name, error.description_message) from None
    except NotARegularFileError:
        raise MatrixImportError(path.name, Message("cannot be read: it is not a file")) from None
    except UnicodeDecodeError:
        raise MatrixImportError(path.name, Message("is not UTF-8 text")) from None
    except OSError as error:
        raise MatrixImportError(
            path.name, Message("cannot be read: {reason}", reason=error.strerror)
        ) from None


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
    top = 0 if any(_is_number(cell) for cell in rows[0][1]) else 1
    rows = rows[top:]
    left = 0 if any(_is_number(cells[0]) for _, cells in rows) else 1
    _check_size(len(rows), len(rows[0][1]) - left if rows else 0, source)
    matrix = np.empty((len(rows), len(rows[0][1]) - left))  # (rows, cols)
    for i, (line, cells) in enumerate(rows):
        for j, cell in enumerate(cells[left:]):
            column = j + left + 1
            if not cell:
                raise MatrixImportError(
                    source,
                    Message("line {line}, column {column}: is empty", line=line, column=column),
                )
            if not _is_number(cell):
                raise MatrixImportError(
                    source,
                    Message(
                        "line {line}, column {column}: {cell!r} is not a number",
                        line=line,
                        column=column,
                        cell=_short(cell),
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
                        cell=_short(cell),
                    ),
                )
            if abs(matrix[i, j]) > MAX_VALUE:
                raise MatrixImportError(
                    source,
                    Message(
                        "line {line}, column {column}: {cell} is beyond ±{most:,.0f}",
                        line=line,
                        column=column,
                        cell=_short(cell),
                        most=MAX_VALUE,
                    ),
                )
    names = tuple(cells[0] for _, cells in rows) if left else ()
    for (line, _), name in zip(rows, names, strict=False):
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


def _read_npy(stream: IO[bytes], source: str, available: int) -> Matrix:
    """Return the matrix in one .npy stream of ``available`` bytes, judged by its header first."""
    fmt = np.lib.format
    try:
        version = fmt.read_magic(stream)
    except ValueError:
        raise MatrixImportError(source, Message("is not a NumPy .npy array")) from None
    readers = {(1, 0): fmt.read_array_header_1_0, (2, 0): fmt.read_array_header_2_0}
    if version not in readers:
        raise MatrixImportError(
            source,
            Message("uses .npy version {major}.{minor}", major=version[0], minor=version[1]),
        )
    try:
        shape, fortran_order, dtype = readers[version](stream)
    except (ValueError, SyntaxError, tokenize.TokenError):  # TokenError: an unclosed "("
        raise MatrixImportError(
            source,
            Message(
                "has a damaged header: it does not say plainly the shape of the array "
                "and the type of its numbers (a file written by np.save always does)"
            ),
        ) from None
    if dtype.hasobject:
        raise MatrixImportError(
            source,
            Message("holds Python objects (a pickle); refused, since loading one can run code"),
        )
    count = math.prod(shape)
    shape_text = "×".join(str(n) for n in shape)  # "" for a single number, shape ()
    if count > MAX_ELEMENTS:  # so shape is not ()
        raise MatrixImportError(
            source,
            Message(
                "holds {count:,} numbers ({shape}), over the {most:,} allowed",
                count=count,
                shape=shape_text,
                most=MAX_ELEMENTS,
            ),
        )
    if dtype.kind not in "iuf":
        raise MatrixImportError(
            source,
            Message("holds {dtype} values; only real numbers can be used", dtype=str(dtype)),
        )
    dims = tuple(shape)
    while len(dims) > 2 and dims[0] == 1:  # a batch or head axis of one: (1, 1, L, d)
        dims = dims[1:]
    if not shape:
        raise MatrixImportError(
            source, Message("has shape a single number (0-D); a matrix has 2 dimensions")
        )
    if len(dims) != 2:
        raise MatrixImportError(
            source,
            Message(
                "has shape {shape} ({ndim}-D); a matrix has 2 dimensions",
                shape=shape_text,
                ndim=len(shape),
            ),
        )
    _check_size(dims[0], dims[1], source)
    needed = count * dtype.itemsize
    remaining = available - stream.tell()
    if remaining < needed:
        raise MatrixImportError(
            source,
            Message(
                "is truncated: its header promises {needed:,} bytes of numbers, "
                "but {remaining:,} follow",
                needed=needed,
                remaining=max(remaining, 0),
            ),
        )
    data = stream.read(needed)
    if len(data) < needed:
        raise MatrixImportError(source, Message("is truncated"))
    array = np.frombuffer(data, dtype=dtype, count=count)
    matrix = array.reshape(dims, order="F" if fortran_order else "C").astype(np.float64)
    bad = np.argwhere(~np.isfinite(matrix))
    if len(bad):
        row, col = bad[0]
        raise MatrixImportError(
            source,
            Message(
                "[{row}, {col}] (from 0) is {value}: every number must be finite",
                row=row,
                col=col,
                value=matrix[row, col],
            ),
        )
    large = np.argwhere(np.abs(matrix) > MAX_VALUE)
    if len(large):
        row, col = large[0]
        raise MatrixImportError(
            source,
            Message(
                "[{row}, {col}] (from 0) is {value:g}, beyond ±{most:,.0f}",
                row=row,
                col=col,
                value=matrix[row, col],
                most=MAX_VALUE,
            ),
        )
    return np.ascontiguousarray(matrix)


def read_npy(path: str | os.PathLike[str]) -> Matrix:
    """One matrix from a .npy file; object arrays and absurd sizes are refused unread."""
    path = Path(path)
    try:
        with open_regular(path) as stream:
            return _read_npy(stream, path.name, os.fstat(stream.fileno()).st_size)
    except NotARegularFileError:
        raise MatrixImportError(path.name, Message("cannot be read: it is not a file")) from None
    except OSError as error:
        raise MatrixImportError(
            path.name, Message("cannot be read: {reason}", reason=error.strerror)
        ) from None


def read_npz(path: str | os.PathLike[str]) -> dict[str, Matrix]:
    """Return the arrays of a .npz archive named after inputs (q, k, v, x, w_q …), by input."""
    path = Path(path)
    members: dict[str, str] = {}
    try:
        with open_regular(path) as file, zipfile.ZipFile(file) as archive:
            for member in archive.namelist():
                name = matrix_name(member[:-4]) if member.endswith(".npy") else None
                if name is None:
                    continue
                if name in members:
                    raise MatrixImportError(
                        path.name,
                        Message(
                            "has two arrays for {matrix}: {first!r} and {second!r}",
                            matrix=LABELS[name],
                            first=members[name][:-4],
                            second=member[:-4],
                        ),
                    )
                members[name] = member
            names = archive.namelist()
            if not members and not names:
                raise MatrixImportError(
                    path.name,
                    Message("holds no array named q, k, v or x, w_q, w_k, w_v (it holds nothing)"),
                )
            if not members:
                found = ", ".join(repr(_short(m.removesuffix(".npy"))) for m in names[:6])
                found += ", …" if len(names) > 6 else ""
                raise MatrixImportError(
                    path.name,
                    Message(
                        "holds no array named q, k, v or x, w_q, w_k, w_v (it holds {arrays})",
                        arrays=found,
                    ),
                )
            matrices = {}
            for name, member in members.items():
                info = archive.getinfo(member)
                source = f"{path.name}, array {member[:-4]!r}"
                with archive.open(info) as stream:
                    matrices[name] = _read_npy(stream, source, info.file_size)
            return matrices
    # RuntimeError: zipfile's word for an encrypted member
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError) as error:
        raise MatrixImportError(
            path.name,
            Message("is not a readable .npz archive ({reason})", reason=_brief(error)),
        ) from None
    except NotARegularFileError:
        raise MatrixImportError(path.name, Message("cannot be read: it is not a file")) from None
    except OSError as error:
        raise MatrixImportError(
            path.name, Message("cannot be read: {reason}", reason=error.strerror)
        ) from None


def import_preset(paths: Sequence[str | os.PathLike[str]]) -> Preset:
    """Read matrix files into a :class:`Preset`: Q, K, V, or X, W_q, W_k, W_v.

    Token names come from the header column of a CSV file of Q, K, V (or X), else they
    are t1 … tL. Raises :class:`MatrixImportError` naming the file and the problem.
    """
    matrices: dict[str, Matrix] = {}
    sources: dict[str, str] = {}
    row_names: dict[str, tuple[str, ...]] = {}
    found: list[tuple[str, Matrix, str]] = []
    for raw in paths:
        path = Path(raw)
        suffix = path.suffix.lower()
        if suffix == ".npz":
            found += [(n, m, f"{path.name}, {n}") for n, m in read_npz(path).items()]
            continue
        if suffix not in (".csv", ".tsv", ".txt", ".npy"):
            raise MatrixImportError(path.name, Message("is not a .csv, .npy or .npz file"))
        name = matrix_name(path.stem)
        if name is None:
            raise MatrixImportError(
                path.name,
                Message(
                    "does not say which matrix it holds: name the file after it, "
                    "like q.csv, k.npy, v.csv (or x, w_q, w_k, w_v)"
                ),
            )
        if suffix == ".npy":
            found.append((name, read_npy(path), path.name))
        else:
            table = read_csv(path)
            found.append((name, table.matrix, path.name))
            if table.row_names is not None:
                row_names[name] = table.row_names
    for name, matrix, source in found:
        if name in matrices:
            raise MatrixImportError(
                "",
                Message(
                    "{matrix} is given twice: by {first} and by {second}",
                    matrix=LABELS[name],
                    first=sources[name],
                    second=source,
                ),
            )
        matrices[name], sources[name] = matrix, source
    return _assemble(matrices, sources, row_names)


def _assemble(
    matrices: dict[str, Matrix], sources: dict[str, str], row_names: dict[str, tuple[str, ...]]
) -> Preset:
    def label(name: str) -> str:
        return f"{LABELS[name]} ({sources[name]})"

    projection_mode = any(name in matrices for name in PROJECTION_INPUTS)
    if projection_mode and any(name in matrices for name in DIRECT_INPUTS):
        given = ", ".join(label(n) for n in (*DIRECT_INPUTS, *PROJECTION_INPUTS) if n in matrices)
        raise MatrixImportError(
            "",
            Message(
                "choose either Q, K, V or X with W_q, W_k, W_v, not both (given: {given})",
                given=given,
            ),
        )
    needed = PROJECTION_INPUTS if projection_mode else DIRECT_INPUTS
    missing = [LABELS[name] for name in needed if name not in matrices]
    if missing:
        raise MatrixImportError(
            "",
            Message(
                "{missing} missing: import all of {needed} (files or arrays named {names})",
                missing=", ".join(missing),
                needed=", ".join(LABELS[n] for n in needed),
                names=", ".join(needed),
            ),
        )
    _check_shapes(matrices, label, projection_mode)
    if projection_mode:
        x, w_q, w_k, w_v = (matrices[name] for name in PROJECTION_INPUTS)
        q, k, v = project(x, w_q, w_k, w_v)
        projection: Projection | None = Projection(x, w_q, w_k, w_v)
    else:
        q, k, v = (matrices[name] for name in DIRECT_INPUTS)
        projection = None
    length = q.shape[0]
    names = next((row_names[n] for n in ("x", *DIRECT_INPUTS) if n in row_names), None)
    tokens = tuple(name or f"t{i + 1}" for i, name in enumerate(names or ("",) * length))
    return Preset(tokens=tokens, q=q, k=k, v=v, projection=projection)


def _check_shapes(
    matrices: dict[str, Matrix], label: Callable[[str], str], projection_mode: bool
) -> None:
    """Refuse matrices whose shapes do not fit together, naming both and the reason.

    Each check has a sentence of its own (rows or columns, and why), so that a translator
    sees whole sentences.
    """
    shape = {name: matrix.shape for name, matrix in matrices.items()}
    if projection_mode:
        for name in ("w_q", "w_k", "w_v"):
            if shape[name][0] != shape["x"][1]:
                raise MatrixImportError(
                    "",
                    Message(
                        "{matrix} has {size} rows but {other} has {wanted} columns: "
                        "each W has one row per column of X (d_model)",
                        matrix=label(name),
                        size=shape[name][0],
                        other=label("x"),
                        wanted=shape["x"][1],
                    ),
                )
    key, query = ("w_k", "w_q") if projection_mode else ("k", "q")
    if shape[key][1] != shape[query][1]:
        raise MatrixImportError(
            "",
            Message(
                "{matrix} has {size} columns but {other} has {wanted} columns: "
                "Q and K need the same width d_k",
                matrix=label(key),
                size=shape[key][1],
                other=label(query),
                wanted=shape[query][1],
            ),
        )
    if projection_mode:
        return
    if shape["k"][0] != shape["q"][0]:
        raise MatrixImportError(
            "",
            Message(
                "{matrix} has {size} rows but {other} has {wanted} rows: "
                "every token has one query, one key and one value",
                matrix=label("k"),
                size=shape["k"][0],
                other=label("q"),
                wanted=shape["q"][0],
            ),
        )
    if shape["v"][0] != shape["k"][0]:
        raise MatrixImportError(
            "",
            Message(
                "{matrix} has {size} rows but {other} has {wanted} rows: every key needs its value",
                matrix=label("v"),
                size=shape["v"][0],
                other=label("k"),
                wanted=shape["k"][0],
            ),
        )
