r"""The matrices of the pipeline as text: CSV and JSON files, tab-separated text and LaTeX.

Files keep every digit (a number written reads back as the same float); the clipboard
formats show what the heatmaps show, at the state's precision, whole numbers without
decimals. Masked cells of S/τ (−∞) are written ``-inf`` in CSV and tab-separated text,
``null`` in JSON (which has no infinity), ``-\infty`` in LaTeX.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Protocol

import numpy as np

from engine.formats.head_source import source_to_dict
from gui.export.formats import MATRICES
from gui.views.hand_calculation_text import number

if TYPE_CHECKING:
    from engine import AttentionResult
    from engine.formats.head_source import HeadSource
    from engine.lesson.multi_head import MultiHeadResult


class MatrixSource(Protocol):
    """What the matrices' text is made of: the state, or a snapshot of it."""

    @property
    def result(self) -> AttentionResult:
        """Return the engine's result: every matrix of the pipeline."""
        ...

    @property
    def tokens(self) -> Sequence[str]:
        """Return the token names, one per query row and key column."""
        ...

    @property
    def causal(self) -> bool:
        """Return True while the causal mask is on."""
        ...

    @property
    def precision(self) -> int:
        """Return the number of decimals the clipboard formats show."""
        ...

    @property
    def heads_result(self) -> MultiHeadResult | None:
        """Return every head, their concat and output; None with one head."""
        ...

    @property
    def selected_head(self) -> int:
        """Return the head (from 0) the four steps show."""
        ...

    @property
    def source(self) -> HeadSource | None:
        """Return the real model's head the numbers came from, or None (typed)."""
        ...

    @property
    def is_the_models(self) -> bool:
        """Return True while the tokens, Q, K and V are the model's own (with a source)."""
        ...


def matrix_values(
    state: MatrixSource, key: str, result: AttentionResult | None = None
) -> np.ndarray:
    """Return the matrix ``key`` as the engine computed it (a copy), of ``result`` if given."""
    if key not in MATRICES:
        raise ValueError(f"unknown matrix {key!r}; choose from {', '.join(MATRICES)}")
    return np.array(getattr(result or state.result, key), dtype=np.float64)


def headers(
    state: MatrixSource, key: str, result: AttentionResult | None = None
) -> tuple[list[str], list[str]]:
    """Row names (the tokens) and column names (tokens for S, S/τ, A; d0, d1, … else)."""
    values = matrix_values(state, key, result)
    tokens = list(state.tokens)
    columns = (
        tokens
        if key in ("scores", "scaled", "weights")
        else [f"d{j}" for j in range(values.shape[1])]
    )
    return tokens, columns


def full_number(value: float) -> str:
    """Every digit: whole numbers as 2, others as the shortest text that reads back exactly."""
    if math.isinf(value):
        return "-inf" if value < 0 else "inf"
    if value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return repr(value)


def shown_number(value: float, digits: int) -> str:
    """As the lesson writes it (1, 0.5, 0.27), with an ASCII minus for other programs."""
    if math.isinf(value):
        return "-inf" if value < 0 else "inf"
    return number(value, digits).replace("−", "-")


def matrix_csv(state: MatrixSource, key: str, result: AttentionResult | None = None) -> bytes:
    """One matrix as CSV: a corner cell with its symbol, column names, then named rows.

    UTF-8 with a byte-order mark, so that spreadsheet programs read 猫 吃 鱼 correctly.
    ``result`` is one head's (default: the result the four steps show).
    """
    rows, columns = headers(state, key, result)
    return _csv(MATRICES[key][0], rows, columns, matrix_values(state, key, result))


def _csv(corner: str, rows: Sequence[str], columns: Sequence[str], values: np.ndarray) -> bytes:
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow([corner, *columns])
    for name, row in zip(rows, values.tolist(), strict=True):
        writer.writerow([name, *(full_number(v) for v in row)])
    return text.getvalue().encode("utf-8-sig")


def tokens_csv(state: MatrixSource) -> bytes:
    """Return tokens.csv: each token's index and name, UTF-8 with a byte-order mark."""
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(["index", "token"])
    for index, token in enumerate(state.tokens):
        writer.writerow([index, token])
    return text.getvalue().encode("utf-8-sig")


def csv_files(state: MatrixSource) -> Iterator[tuple[str, bytes]]:
    """Yield (file name, contents) one file at a time.

    tokens.csv, Q.csv, K.csv, V.csv, S.csv, S-scaled.csv, A.csv, Z.csv.
    """
    yield "tokens.csv", tokens_csv(state)
    for key, (_, stem) in MATRICES.items():
        yield f"{stem}.csv", matrix_csv(state, key)
    heads = state.heads_result
    if heads is None:
        return
    for place, head in enumerate(heads.heads, start=1):  # head-1/Q.csv …
        for key, (_, stem) in MATRICES.items():
            yield f"head-{place}/{stem}.csv", matrix_csv(state, key, head)
    columns = [f"d{j}" for j in range(heads.concat.shape[1])]
    yield "concat.csv", _csv("Concat", state.tokens, columns, heads.concat)
    if heads.output is not None:
        columns = [f"d{j}" for j in range(heads.output.shape[1])]
        yield "output.csv", _csv("Output", state.tokens, columns, heads.output)


def csv_count(state: MatrixSource) -> int:
    """Return how many files :func:`csv_files` yields."""
    heads = state.heads_result
    if heads is None:
        return len(MATRICES) + 1
    return (heads.count + 1) * len(MATRICES) + 2 + (heads.output is not None)


def matrices_csv(state: MatrixSource) -> dict[str, bytes]:
    """File name → contents of every file of :func:`csv_files`."""
    return dict(csv_files(state))


def json_rows(rows: list[list[object]]) -> str:
    """Rows of a matrix as JSON text, one row a line."""
    lines = ",\n   ".join(json.dumps(row, allow_nan=False) for row in rows)
    return "[\n   " + lines + "\n  ]"


def _json_matrix(values: np.ndarray) -> str:
    return json_rows([[None if math.isinf(v) else v for v in row] for row in values.tolist()])


def matrices_json(state: MatrixSource, more: Sequence[bytes] = ()) -> bytes:
    """Return tokens, settings and every matrix in one JSON document.

    ``more``: pieces of the document's last members, after B's (a comparison's, from
    gui.export.compared_matrices.pinned_json, each starting with its comma).

    Masked cells are null, and each row of a matrix is one line. Written a row at a time:
    one call for the whole document held the interpreter for 2 s at 2,048 tokens, and the
    window could not even repaint its progress meanwhile.
    """
    result, heads = state.result, state.heads_result
    settings = {
        "format": "attention-lab-matrices",
        "version": 1,
        "tokens": list(state.tokens),
        "d_k": result.d_k,
        "d_v": int(result.v.shape[1]),
        "temperature": result.temperature,
        "standard_scaling": result.is_standard_scaling,
        "causal": state.causal,
        **({} if heads is None else {"selected_head": state.selected_head + 1}),
    }
    if state.source is not None:  # whose numbers, and whether they still are
        # still the model's: its tokens, Q, K and V, split as the model splits them
        the_models = state.is_the_models and state.source.heads == (
            1 if heads is None else heads.count
        )
        settings["source"] = {**source_record(state.source), "edited": not the_models}
    head = json.dumps(settings, ensure_ascii=False, indent=1, allow_nan=False)[:-2]  # no "\n}"
    mask = "null" if result.mask is None else json_rows(result.mask.tolist())
    pieces = [f'{head},\n "mask": {mask},\n "matrices": '.encode()]
    pieces += _json_matrices(state, result, "  ")
    if heads is not None:  # each head's matrices under the same names, then concat and output
        pieces.append(b',\n "heads": [\n')
        for place, each in enumerate(heads.heads, start=1):
            pieces += [b"  ", *_json_matrices(state, each, "   ")]
            pieces.append(b",\n" if place < heads.count else b"\n")
        pieces.append(f' ],\n "concat": {_json_matrix(heads.concat)}'.encode())
        output = "null" if heads.output is None else _json_matrix(heads.output)
        pieces.append(f',\n "output": {output}'.encode())
    pieces += more
    pieces.append(b"\n}\n")
    return b"".join(pieces)


def source_record(source: HeadSource) -> dict[str, object]:
    """Return where the numbers came from, as ``matrices.json`` records it.

    The session's ``"source"`` without the model's own tokens, Q, K and V: the file holds
    the matrices already.
    """
    numbers = ("tokens", "q", "k", "v")
    return {key: value for key, value in source_to_dict(source).items() if key not in numbers}


def _json_matrices(state: MatrixSource, result: AttentionResult, indent: str) -> list[bytes]:
    """Return one object of Q, K, V, S, S/τ, A and Z as JSON text, a piece a matrix."""
    pieces = [b"{\n"]
    for index, key in enumerate(MATRICES):
        name = json.dumps(MATRICES[key][0], ensure_ascii=False)
        comma = "," if index < len(MATRICES) - 1 else ""
        values = _json_matrix(matrix_values(state, key, result))
        pieces.append(f"{indent}{name}: {values}{comma}\n".encode())
    pieces.append(f"{indent[:-1]}}}".encode())
    return pieces


def matrix_tsv(state: MatrixSource, key: str) -> str:
    """Tab-separated numbers, one row a line: pastes into a spreadsheet or back into a grid."""
    digits = state.precision
    rows = matrix_values(state, key).tolist()
    return "\n".join("\t".join(shown_number(v, digits) for v in row) for row in rows) + "\n"


def _latex_number(value: float, digits: int) -> str:
    if math.isinf(value):
        return r"-\infty" if value < 0 else r"\infty"
    return shown_number(value, digits)


def latex_bmatrix(rows: Sequence[Sequence[float]], digits: int) -> str:
    r"""``\begin{bmatrix} 1 & 1 & 2 \\ 0 & 4 & 2 \end{bmatrix}`` (one line)."""
    body = r" \\ ".join(" & ".join(_latex_number(v, digits) for v in row) for row in rows)
    return rf"\begin{{bmatrix}} {body} \end{{bmatrix}}"


def matrix_latex(state: MatrixSource, key: str) -> str:
    """Return matrix ``key`` as a one-line LaTeX bmatrix, at the state's precision."""
    return latex_bmatrix(matrix_values(state, key).tolist(), state.precision)
