"""With several heads the matrices' files carry every head: head-1/…csv, concat.csv and
output.csv, and in matrices.json a "heads" list, "concat" and "output"."""

from __future__ import annotations

import csv
import io
import json

import numpy as np
import pytest

from engine import causal_mask, load_preset
from gui.export.files import write_export
from gui.export.matrices import MATRICES, csv_count, matrices_csv, matrices_json
from gui.model.state import AttentionState


@pytest.fixture
def state(qapp):
    state = AttentionState(load_preset("shape-check"))
    state.set_heads(2)
    state.set_w_o_given(True)
    state.set_cell("w_o", 0, 1, "0.5")
    state.set_own_mask(causal_mask(3))
    state.select_head(1)
    return state


def values(data: bytes) -> np.ndarray:
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    return np.array([[float(v) for v in row[1:]] for row in rows[1:]])


def test_matrices_json_holds_each_head_the_concat_and_the_output(state):
    document = json.loads(matrices_json(state))
    heads = state.heads_result
    assert document["selected_head"] == 2
    assert len(document["heads"]) == 2
    for written, head in zip(document["heads"], heads.heads, strict=True):
        assert set(written) == {name for name, _ in MATRICES.values()}
        np.testing.assert_array_equal(written["A"], head.weights)
        np.testing.assert_array_equal(written["Q"], head.q)
        assert written["S/τ"][0][1:] == [None, None]  # masked cells are null
    np.testing.assert_array_equal(document["concat"], heads.concat)
    np.testing.assert_array_equal(document["output"], heads.output)
    np.testing.assert_array_equal(document["matrices"]["A"], heads.heads[1].weights)


def test_csv_files_go_per_head_into_folders_beside_concat_and_output(state, tmp_path):
    files = matrices_csv(state)
    assert len(files) == csv_count(state) == 8 + 2 * 7 + 2
    heads = state.heads_result
    np.testing.assert_array_equal(values(files["head-2/A.csv"]), heads.heads[1].weights)
    np.testing.assert_array_equal(values(files["concat.csv"]), heads.concat)
    np.testing.assert_array_equal(values(files["output.csv"]), heads.output)
    written = write_export(tmp_path, files)
    assert (tmp_path / "head-1" / "Z.csv").is_file()
    assert len(written) == len(files)


def test_one_head_writes_the_files_of_before(qapp):
    state = AttentionState(load_preset("cat-eats-fish"))
    assert "heads" not in json.loads(matrices_json(state))
    assert sorted(matrices_csv(state)) == sorted(
        ["tokens.csv"] + [f"{s}.csv" for _, s in MATRICES.values()]
    )
