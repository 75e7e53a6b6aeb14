"""Import Q, K, V (or X, W_q, W_k, W_v) from CSV, NumPy ``.npy`` and ``.npz`` files.

A file says which matrix it holds by its name: ``q.csv``, ``K.npy``, ``layer0_w_q.npy``
(the name, or its last ``_``/``-``/``.`` part, is q, k, v, x, w_q, w_k, w_v, w_o or wq, wk,
wv, wo; W_o, the heads' output projection, is optional beside X and the W's).
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

import os
from collections.abc import Callable, Sequence
from pathlib import Path

from ..lesson._checks import Matrix
from ..lesson.attention import project
from ..messages import Message
from ..vocabulary import (
    DIRECT_INPUTS,
    LABELS,
    PROJECTION_INPUTS,
)
from .import_common import MatrixImportError, matrix_name
from .import_csv import read_csv
from .import_npy import read_npy, read_npz
from .presets import Preset, Projection

__all__ = ["import_preset"]


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
    if "w_o" in matrices and not projection_mode:
        raise MatrixImportError(
            "", Message("{matrix} needs X, W_q, W_k and W_v beside it", matrix=label("w_o"))
        )
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
        projection: Projection | None = Projection(x, w_q, w_k, w_v, matrices.get("w_o"))
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
        if "w_o" in shape and shape["w_o"][0] != shape["w_v"][1]:
            raise MatrixImportError(
                "",
                Message(
                    "{matrix} has {size} rows but {other} has {wanted} columns: "
                    "W_o has one row per column of the heads' concat",
                    matrix=label("w_o"),
                    size=shape["w_o"][0],
                    other=label("w_v"),
                    wanted=shape["w_v"][1],
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
