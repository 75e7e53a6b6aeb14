"""Matrices as CSV, JSON, tab-separated text and LaTeX, from the menus and the heatmaps."""

from __future__ import annotations

import csv
import io
import json

import numpy as np
import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QGuiApplication

from gui.export.matrices import MATRICES, matrices_csv, matrices_json
from gui.model.numbers import split_block

LESSON_S = r"\begin{bmatrix} 1 & 1 & 2 \\ 0 & 4 & 2 \\ 1 & 1 & 0 \end{bmatrix}"


def read_csv(data: bytes) -> tuple[list[str], list[str], np.ndarray]:
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    values = np.array([[float(v) for v in row[1:]] for row in rows[1:]])
    return rows[0], [row[0] for row in rows[1:]], values


def test_the_lessons_scores_copy_as_exactly_the_lessons_latex(window):
    action = window.findChild(type(window.exports.copy_actions[("scores", "latex")]),
                              "copy-scores-latex")  # fmt: skip
    action.trigger()
    assert QGuiApplication.clipboard().text() == LESSON_S
    assert window.exports.copy_matrix("scores", "latex") == LESSON_S


def test_other_matrices_copy_at_the_states_precision(window):
    latex = window.exports.copy_matrix("weights", "latex")
    assert latex.startswith(r"\begin{bmatrix} 0.27 & 0.27 & 0.45 \\ 0.09 & 0.67 & 0.24")
    assert window.exports.copy_matrix("scaled", "latex").startswith(
        r"\begin{bmatrix} 0.5 & 0.5 & 1 \\"
    )
    window.state.set_precision(3)
    assert "0.274 & 0.274 & 0.452" in window.exports.copy_matrix("weights", "latex")


def test_tab_separated_q_pastes_back_into_the_k_grid(window):
    text = window.exports.copy_matrix("q", "tsv")
    assert text.splitlines()[0] == "1\t1\t0\t0"
    assert window.state.paste_block("k", 0, 0, split_block(text))
    np.testing.assert_array_equal(window.state.matrix("k"), window.state.matrix("q"))


def test_a_heatmaps_context_menu_exports_and_copies(window):
    heatmap = window.pipeline.heatmaps["weights"]
    menu = window.exports.context_menu(heatmap, QPoint(10, 10))
    names = [a.objectName() for a in menu.actions() if not a.isSeparator()]
    assert names == ["export-png", "export-svg", "export-pdf", "copy-tsv", "copy-latex"]
    next(a for a in menu.actions() if a.objectName() == "copy-tsv").trigger()
    assert QGuiApplication.clipboard().text().startswith("0.27\t0.27\t0.45\n")
    bars = window.exports.context_menu(window.dial.bars.plot, QPoint(10, 10))
    assert [a.objectName() for a in bars.actions()] == ["export-png", "export-svg", "export-pdf"]


def test_the_csv_files_hold_the_engines_numbers_with_token_headers(window):
    files = matrices_csv(window.state)
    assert set(files) == {"tokens.csv", "Q.csv", "K.csv", "V.csv", "S.csv", "S-scaled.csv",
                          "A.csv", "Z.csv"}  # fmt: skip
    result = window.state.result
    for key, (symbol, stem) in MATRICES.items():
        header, rows, values = read_csv(files[f"{stem}.csv"])
        assert header[0] == symbol
        assert rows == ["猫", "吃", "鱼"]
        assert header[1:] == (["猫", "吃", "鱼"] if key in ("scores", "scaled", "weights")
                              else ["d0", "d1", "d2", "d3"])  # fmt: skip
        np.testing.assert_array_equal(values, getattr(result, key))  # every digit kept
    assert files["S.csv"].decode("utf-8-sig").splitlines()[1] == "猫,1,1,2"


def test_the_json_file_holds_every_matrix(window):
    document = json.loads(matrices_json(window.state))
    assert document["tokens"] == ["猫", "吃", "鱼"]
    assert (document["d_k"], document["temperature"], document["causal"]) == (4, 2.0, False)
    for key, (symbol, _) in MATRICES.items():
        np.testing.assert_array_equal(document["matrices"][symbol],
                                      getattr(window.state.result, key))  # fmt: skip


def test_masked_cells_are_minus_infinity_in_csv_null_in_json_and_infty_in_latex(window):
    window.state.set_causal(True)
    _, _, scaled = read_csv(matrices_csv(window.state)["S-scaled.csv"])
    assert scaled[0, 1] == -np.inf
    assert scaled[0, 0] == 0.5
    assert b"-inf" in matrices_csv(window.state)["S-scaled.csv"]
    document = json.loads(matrices_json(window.state))
    assert document["matrices"]["S/τ"][0] == [0.5, None, None]
    assert document["mask"][0] == [True, False, False]
    assert window.exports.copy_matrix("scaled", "latex").startswith(
        r"\begin{bmatrix} 0.5 & -\infty & -\infty \\"
    )
    assert window.exports.copy_matrix("scaled", "tsv").startswith("0.5\t-inf\t-inf\n")


def test_an_unknown_matrix_is_refused(window):
    with pytest.raises(ValueError, match="unknown matrix"):
        window.exports.copy_matrix("x", "tsv")
