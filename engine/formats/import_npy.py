"""Reading matrices from NumPy ``.npy`` files and ``.npz`` archives.

Each is judged by its header before any data is read; nothing is unpickled.
"""

from __future__ import annotations

import math
import os
import tokenize
import zipfile
import zlib
from pathlib import Path
from typing import IO

import numpy as np

from ..lesson._checks import Matrix
from ..messages import Message
from ..vocabulary import (
    LABELS,
    MAX_VALUE,
)
from .files import FileRefusedError, open_regular
from .import_common import (
    MAX_ELEMENTS,
    MatrixImportError,
    brief,
    check_size,
    matrix_name,
    short,
    unreadable,
)


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
    check_size(dims[0], dims[1], source)
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
    except (OSError, FileRefusedError) as error:
        raise unreadable(path, error) from None


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
                found = ", ".join(repr(short(m.removesuffix(".npy"))) for m in names[:6])
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
            Message("is not a readable .npz archive ({reason})", reason=brief(error)),
        ) from None
    except (OSError, FileRefusedError) as error:
        raise unreadable(path, error) from None
