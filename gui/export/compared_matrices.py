r"""A comparison's matrices: A's, and B − A, beside B's in matrices.json and the CSV files.

While a setting is pinned as A, ``matrices.json`` has two more objects beside
``"matrices"`` (B's), under the same keys (Q, K, V, S, S/τ, A, Z):

- ``"pinned"``: A's matrices (of the head B shows), with ``"pinned_settings"`` beside it:
  A's tokens, d_k, d_v, τ, whether τ is √d_k, the causal mask and A's mask;
- ``"difference"``: B − A, exactly the difference of the numbers written under
  ``"matrices"`` and ``"pinned"``. ``null`` as a whole when A and B differ in the shape of
  any step (B − A is then not defined); a matrix of the two whose shapes differ alone
  (Q and K at another d_k) is ``null`` on its own. A pair masked in A or in B has no
  number in S/τ (−∞ − x): ``null`` there, as a masked cell is everywhere in the file.

The CSV files gain ``pinned/tokens.csv`` and ``pinned/Q.csv`` … ``pinned/Z.csv`` (A's),
and ``difference/Q.csv`` … ``difference/Z.csv`` (B − A; an empty cell where S/τ has no
number; no file for a matrix whose shapes differ, none at all when B − A is not defined).
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from engine import AttentionResult
from gui.export.formats import MATRICES
from gui.export.matrices import full_number, json_rows
from gui.model.comparison import difference
from gui.model.state import AttentionState

PINNED_FOLDER = "pinned"
DIFFERENCE_FOLDER = "difference"
Difference = dict[str, np.ndarray | None]  # key → B − A (NaN: no number), None: shapes differ


@dataclass(frozen=True)
class PinnedMatrices:
    """A's matrices and B − A, as they were when the export started."""

    result: AttentionResult  # A's, of the head B shows
    tokens: tuple[str, ...]
    causal: bool
    difference: Difference | None  # None: A and B differ in shape, B − A is not defined

    def matrix(self, key: str) -> np.ndarray:
        """Return A's matrix ``key`` (a copy, as float64)."""
        return np.array(getattr(self.result, key), dtype=np.float64)

    def columns(self, key: str, tokens: tuple[str, ...], width: int) -> list[str]:
        """Return the column names of ``key``: the tokens for S, S/τ, A; d0, d1, … else."""
        return list(tokens) if key in ("scores", "scaled", "weights") else _dims(width)


def pinned_matrices(state: AttentionState) -> PinnedMatrices | None:
    """Return A's matrices and B − A of the state's B (``state.result``); None without a pin.

    B − A is taken of the very numbers written for B and A, so that a script reading the
    file finds ``difference == matrices - pinned`` exactly.
    """
    comparison = state.comparison
    a = comparison.result
    pin = comparison.pinned
    if a is None or pin is None:
        return None
    b = state.result
    steps = difference(a, b)  # None when a step's shapes differ
    found: Difference | None = None
    if steps is not None:
        found = {}
        for key in MATRICES:
            if key in ("scores", "scaled", "weights", "context"):
                values = np.array(getattr(steps, key), dtype=np.float64)
                if key == "scaled" and steps.mask is not None:
                    values[~steps.mask] = np.nan  # masked in A or B: no number
                found[key] = values
            else:
                mine, theirs = getattr(b, key), getattr(a, key)
                same = mine.shape == theirs.shape
                found[key] = np.asarray(mine - theirs, dtype=np.float64) if same else None
    return PinnedMatrices(a, tuple(comparison.tokens), pin.numbers.causal, found)


def _dims(width: int) -> list[str]:
    return [f"d{j}" for j in range(width)]


def _number(value: float) -> float | None:
    return None if not math.isfinite(value) else value


def _rows(values: np.ndarray) -> str:
    """Rows of a matrix as JSON text, one row a line; −∞ and no number as null."""
    rows = [[_number(v) for v in row] for row in values.tolist()]
    lines = ",\n   ".join(json.dumps(row, allow_nan=False) for row in rows)
    return "[\n   " + lines + "\n  ]"


def _object(matrices: dict[str, np.ndarray | None]) -> bytes:
    """One object of Q, K, V, S, S/τ, A and Z as JSON text (a matrix may be null)."""
    pieces = []
    for key, values in matrices.items():
        name = json.dumps(MATRICES[key][0], ensure_ascii=False)
        pieces.append(f"  {name}: {'null' if values is None else _rows(values)}")
    return ("{\n" + ",\n".join(pieces) + "\n }").encode()


def pinned_json(pinned: PinnedMatrices) -> list[bytes]:
    """Return the pieces matrices.json adds after B's: A's settings, A's matrices, B − A."""
    result = pinned.result
    settings = {
        "tokens": list(pinned.tokens),
        "d_k": result.d_k,
        "d_v": int(result.v.shape[1]),
        "temperature": result.temperature,
        "standard_scaling": result.is_standard_scaling,
        "causal": pinned.causal,
    }
    head = json.dumps(settings, ensure_ascii=False, indent=1, allow_nan=False)
    head = head.replace("\n", "\n ")[:-3]  # one level in, without its "\n }"
    mask = "null" if result.mask is None else json_rows(result.mask.tolist())
    pieces = [f',\n "pinned_settings": {head},\n  "mask": {mask}\n }},\n "pinned": '.encode()]
    pieces.append(_object({key: pinned.matrix(key) for key in MATRICES}))
    found = pinned.difference
    pieces.append(b',\n "difference": ')
    pieces.append(b"null" if found is None else _object(found))
    return pieces


def _csv(corner: str, rows: list[str], columns: list[str], values: np.ndarray) -> bytes:
    """One matrix as CSV, as matrices.py writes B's; no number (NaN) as an empty cell."""
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow([corner, *columns])
    for name, row in zip(rows, values.tolist(), strict=True):
        writer.writerow([name, *("" if math.isnan(v) else full_number(v) for v in row)])
    return text.getvalue().encode("utf-8-sig")


def pinned_csv_files(
    pinned: PinnedMatrices, b_tokens: tuple[str, ...]
) -> Iterator[tuple[str, bytes]]:
    """Yield (file name, contents): pinned/tokens.csv, pinned/Q.csv …, difference/Q.csv …."""
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(["index", "token"])
    for index, token in enumerate(pinned.tokens):
        writer.writerow([index, token])
    yield f"{PINNED_FOLDER}/tokens.csv", text.getvalue().encode("utf-8-sig")
    for key, (symbol, stem) in MATRICES.items():
        values = pinned.matrix(key)
        columns = pinned.columns(key, pinned.tokens, values.shape[1])
        yield f"{PINNED_FOLDER}/{stem}.csv", _csv(symbol, list(pinned.tokens), columns, values)
    for key, change in (pinned.difference or {}).items():
        if change is None:
            continue
        symbol, stem = MATRICES[key]
        columns = pinned.columns(key, b_tokens, change.shape[1])
        yield f"{DIFFERENCE_FOLDER}/{stem}.csv", _csv(f"{symbol} (B − A)", list(b_tokens),
                                                      columns, change)  # fmt: skip


def pinned_csv_count(pinned: PinnedMatrices | None) -> int:
    """Return how many files :func:`pinned_csv_files` yields (0 without a pin)."""
    if pinned is None:
        return 0
    found = pinned.difference or {}
    return 1 + len(MATRICES) + sum(values is not None for values in found.values())
