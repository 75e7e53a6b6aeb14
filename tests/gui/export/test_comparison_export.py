"""A comparison exported (issue 28): A | B | B − A for each step, in every format and both
languages; matrices.json and the CSV files with A's matrices and B − A, exactly; the
handout's comparison page; nothing of it without a pin."""

from __future__ import annotations

import json
import shutil
import subprocess
import xml.etree.ElementTree as ET
from dataclasses import replace

import numpy as np
import pytest

from engine import load_preset
from engine.vocabulary import STEPS
from gui.export.compared_matrices import pinned_csv_files, pinned_json, pinned_matrices
from gui.export.figures import FigureRow
from gui.export.files import export_all_files, window_figures
from gui.export.handout import handout_pdf
from gui.export.matrices import matrices_json
from gui.export.render import render_figure
from gui.model.state import AttentionState
from gui.support.language import set_language

SVG = "{http://www.w3.org/2000/svg}"
COMPARED = [f"compare-{n}-{step}" for n, step in enumerate(STEPS, 1)]


def pinned_state(qapp) -> AttentionState:
    """The lesson pinned as A; B at τ = 0.5 with the causal mask and one cell of Q edited."""
    state = AttentionState()
    state.comparison.pin()
    state.set_temperature(0.5)
    state.set_causal(True)
    state.set_cell("q", 0, 1, "3")
    return state


def svg_words(data: bytes) -> str:
    texts = [t.text or "" for t in ET.fromstring(data).iter(f"{SVG}text")]  # valid XML
    return " ".join(" ".join(texts).split())


def rows_of(window) -> dict[str, FigureRow]:
    with window_figures(window, experiment=False, captions=True) as figures:
        return {f.name: f for f in figures if isinstance(f, FigureRow)}


def test_matrices_json_with_a_pin_holds_a_and_exactly_b_minus_a_under_the_same_keys(qapp):
    state = pinned_state(qapp)
    pinned = pinned_matrices(state)
    assert pinned is not None
    document = json.loads(matrices_json(state, pinned_json(pinned)))
    keys = list(document["matrices"])
    assert keys == ["Q", "K", "V", "S", "S/τ", "A", "Z"]
    assert list(document["pinned"]) == list(document["difference"]) == keys
    assert document["pinned_settings"]["temperature"] == 2.0  # A: τ = √d_k
    assert document["pinned_settings"]["causal"] is False
    assert document["temperature"] == 0.5
    for key in keys:
        b = np.array(document["matrices"][key], dtype=float)  # null (masked) → nan
        a = np.array(document["pinned"][key], dtype=float)
        change = np.array(document["difference"][key], dtype=float)
        numbers = ~np.isnan(a) & ~np.isnan(b)
        assert np.array_equal(change[numbers], b[numbers] - a[numbers]), key  # exactly
        assert np.isnan(change[~numbers]).all(), key  # masked in A or B: null
    scaled = document["difference"]["S/τ"]
    assert scaled[0][1] is None  # masked in B: −∞ − x is no number
    assert document["difference"]["Q"][0][1] == 3 - 1  # the cell edited


def test_b_minus_a_is_null_when_the_shapes_differ_and_no_difference_csv_is_written(qapp):
    state = AttentionState()
    state.comparison.pin()
    state.add_token("了")
    pinned = pinned_matrices(state)
    assert pinned is not None
    document = json.loads(matrices_json(state, pinned_json(pinned)))
    assert document["difference"] is None
    assert len(document["pinned"]["A"]) == 3
    assert len(document["matrices"]["A"]) == 4
    names = [name for name, _ in pinned_csv_files(pinned, state.tokens)]
    assert names[0] == "pinned/tokens.csv"
    assert "pinned/A.csv" in names
    assert not any(name.startswith("difference/") for name in names)


def test_a_d_k_of_its_own_leaves_q_and_k_without_a_difference(qapp):
    lesson = load_preset("cat-eats-fish")
    wider = {name: np.hstack([getattr(lesson, name), np.zeros((3, 4))]) for name in ("q", "k")}
    state = AttentionState(replace(lesson, **wider, pinned=lesson))  # A: d_k = 4, B: d_k = 8
    assert state.comparison.comparable  # S, S/τ, A and Z of the same shapes
    document = json.loads(matrices_json(state, pinned_json(pinned_matrices(state))))
    assert document["difference"]["Q"] is None
    assert document["difference"]["K"] is None
    assert document["difference"]["V"] == [[0, 0, 0, 0]] * 3
    assert document["difference"]["S"] is not None


def test_export_all_with_a_pin_writes_the_comparison_figures_and_matrices(window):
    window.state.load_preset(load_preset("compare-temperature"))
    files = export_all_files(window, ("png", "svg", "pdf", "csv", "json"), 1.0)
    for name in COMPARED:
        for fmt in ("png", "svg", "pdf"):
            assert f"{name}.{fmt}" in files, f"{name}.{fmt}"
    assert sum(name.startswith("compare-") for name in files) == 4 * 3
    assert {"pinned/tokens.csv", "pinned/A.csv", "difference/A.csv",
            "difference/S-scaled.csv"} <= set(files)  # fmt: skip
    assert sum(name.startswith("difference/") for name in files) == 7
    document = json.loads(files["matrices.json"])
    assert {"matrices", "pinned", "difference"} <= set(document)
    words = svg_words(files["compare-3-weights.svg"])
    for text in ("③ weights A: A | B | B − A", "A: τ = 0.5 · B: τ = 2", "A (pinned)", "B − A"):
        assert text in words, text
    root = ET.fromstring(files["compare-3-weights.svg"])
    parts = [g for g in root.iter(f"{SVG}g") if (g.get("id") or "").startswith("part")]
    assert [g.get("id") for g in parts if g.get("id", "").count("-") == 0] == [
        "part1", "part2", "part3"]  # fmt: skip
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))  # each heatmap's clip paths its own


def test_each_steps_figure_has_three_heatmaps_and_b_minus_a_on_a_symmetric_scale(window):
    window.state.load_preset(load_preset("compare-causal"))
    rows = rows_of(window)
    assert list(rows) == COMPARED
    for name, row in rows.items():
        assert [part.caption.title for part in row.parts] == ["A (pinned)", "B", "B − A"], name
        difference = row.parts[2].view
        low, high = difference.levels()
        assert low == -high, name
        assert difference.colour_bar().title() == "B − A"
    weights = rows["compare-3-weights"]
    assert np.array_equal(weights.parts[2].view.matrix(),
                          window.state.comparison.difference.weights)  # fmt: skip
    assert weights.parts[0].view.levels() == weights.parts[1].view.levels() == (0.0, 1.0)
    scores = rows["compare-1-scores"]
    assert scores.parts[0].view.levels() == scores.parts[1].view.levels()  # one scale for both


def test_without_b_minus_a_the_figure_is_a_beside_b_and_its_caption_says_why(window):
    window.state.comparison.pin()
    window.state.add_token("了")
    with window_figures(window, experiment=False, captions=True) as figures:
        row = next(f for f in figures if f.name == "compare-2-scaled")
        assert len(row.parts) == 2
        words = svg_words(render_figure(row, "svg"))
    assert "② scaled scores S/τ: A | B" in words
    assert "B − A is not defined: A and B differ in shape" in words


def test_the_comparison_figures_are_in_chinese_in_chinese(window):
    window.state.load_preset(load_preset("compare-temperature"))
    set_language("zh_CN")
    try:
        with window_figures(window, experiment=False, captions=True) as figures:
            row = next(f for f in figures if f.name == "compare-3-weights")
            words = svg_words(render_figure(row, "svg"))
            image = render_figure(row, "png", 1)
    finally:
        set_language("en")
    assert "配比" in words  # ③'s title
    assert "固定" in words  # A, the setting pinned
    assert "pinned" not in words
    assert "weights" not in words
    assert image.startswith(b"\x89PNG")


def test_no_pin_exports_no_comparison(window):
    files = export_all_files(window, ("png", "csv", "json"), 1.0)
    assert not any(name.startswith(("compare-", "pinned/", "difference/")) for name in files)
    document = json.loads(files["matrices.json"])
    assert "pinned" not in document
    assert "difference" not in document


def pdf_pages(pdf: bytes) -> list[str]:
    """Return the text of each page of ``pdf`` (pdftotext)."""
    if not shutil.which("pdftotext"):
        pytest.skip("poppler-utils (pdftotext) is not installed")
    text = subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True,
                          check=True).stdout.decode()  # fmt: skip
    return text.split("\f")[:-1]  # each page ends with a form feed


def test_the_handout_has_a_comparison_page(window):
    plain = pdf_pages(handout_pdf(window))
    window.state.load_preset(load_preset("compare-temperature"))
    pages = pdf_pages(handout_pdf(window))
    assert len(pages) == len(plain) + 1
    assert "Comparison" not in " ".join(plain)
    for expected in ("Comparison: A, the setting pinned, and B", "A: τ = 0.5 · B: τ = 2",
                     "① scores S = QKᵀ: A | B | B − A", "④ context Z = A·V: A | B | B − A",
                     "A (pinned)", "B − A"):  # fmt: skip
        assert expected in pages[-1], expected


def test_a_comparison_of_hard_token_names_exports_valid_svg_and_json(window):
    from tests.gui.export.test_any_token_name import HARD_NAMES

    window.state.comparison.pin()
    for index, name in enumerate(HARD_NAMES[:3]):
        assert window.state.rename_token(index, name), name
    window.state.add_token(HARD_NAMES[3])  # A and B differ in shape: their tokens in the caption
    files = export_all_files(window, ("svg", "csv", "json"), 1.0)
    for name in COMPARED:
        ET.fromstring(files[f"{name}.svg"])  # valid XML, names and all
    document = json.loads(files["matrices.json"])
    assert document["pinned_settings"]["tokens"] == ["猫", "吃", "鱼"]
    assert document["tokens"] == [*HARD_NAMES[:4]]
