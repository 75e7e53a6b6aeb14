"""A training exported (issue 29): once the head has made steps, Export all writes the loss
curve and the gradient's sizes in every figure format, captioned in the chosen language,
and training.json with exactly the history; without a step, nothing of it."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from engine import load_preset
from gui.export.files import export_all_files, window_figures
from gui.export.training_export import TRAINING_FIGURES, training_caption_text
from gui.support.language import set_language

SVG = "{http://www.w3.org/2000/svg}"
STEPS = 4


def svg_words(data: bytes) -> str:
    texts = [t.text or "" for t in ET.fromstring(data).iter(f"{SVG}text")]  # valid XML
    return " ".join(" ".join(texts).split())


def trained(window, steps: int = STEPS, preset: str = "compare-training"):
    """The preset (A pinned beside B, the goal Z = V), trained ``steps`` steps."""
    window.state.load_preset(load_preset(preset))
    for _ in range(steps):
        assert window.state.training.step()
    return window.state.training


def test_export_all_after_a_few_steps_writes_both_figures_in_every_format_and_the_json(window):
    trained(window)
    files = export_all_files(window, ("png", "svg", "pdf", "json"), 1.0)
    training = sorted(name for name in files if name.startswith("training"))
    assert training == sorted([*(f"{name}.{fmt}" for name in TRAINING_FIGURES
                                 for fmt in ("png", "svg", "pdf")), "training.json"])  # fmt: skip
    assert files["training-loss.png"].startswith(b"\x89PNG")
    assert files["training-gradient.pdf"].startswith(b"%PDF")
    loss = svg_words(files["training-loss.svg"])
    for text in ("Training: the loss L over the steps (log scale)",
                 "Goal: Z = V · learns Q and K · η = 0.2 · 4 steps", "B", "A (pinned), dashed",
                 "step", "loss L (log)"):  # fmt: skip
        assert text in loss, text
    gradient = svg_words(files["training-gradient.svg"])
    for text in ("the size of the gradient", "‖∂L/∂A‖", "‖∂L/∂S‖", "‖∂L/∂Q‖", "‖∂L/∂K‖"):
        assert text in gradient, text


def test_the_figures_only_are_written_without_json_and_the_json_only_without_figures(window):
    trained(window, 2)
    figures = export_all_files(window, ("png",), 1.0)
    assert sorted(n for n in figures if n.startswith("training")) == [
        "training-gradient.png", "training-loss.png"]  # fmt: skip
    data = export_all_files(window, ("csv", "json"), 1.0)
    assert [n for n in data if n.startswith("training")] == ["training.json"]


def test_training_json_holds_the_history_exactly(window):
    training = trained(window, 5)
    document = json.loads(export_all_files(window, ("json",), 1.0)["training.json"])
    assert document["steps"] == 5 == len(training.history)
    assert document["loss"] == [record.loss for record in training.history]  # every digit
    assert set(document["norms"]) == set(training.history[0].norms)
    for stage, sizes in document["norms"].items():
        assert sizes == [record.norms[stage] for record in training.history], stage
    pinned = document["pinned"]  # A, trained beside B from its own start
    assert pinned["loss"] == [record.loss for record in training.pinned_history]
    assert pinned["steps"] == len(training.pinned_history) == 5
    assert document["settings"]["goal"] == "context"
    assert document["settings"]["rate"] == 0.2
    assert document["learns"] == ["q", "k"]


def test_without_a_pin_the_json_says_so_and_the_loss_has_one_line(window):
    window.state.training.step()  # the lesson's example: a row of A as the goal
    files = export_all_files(window, ("svg", "json"), 1.0)
    assert json.loads(files["training.json"])["pinned"] is None
    words = svg_words(files["training-loss.svg"])
    assert "loss L" in words
    assert "A (pinned)" not in words
    assert "Goal: the row of 猫 in A towards its target" in words


def test_the_caption_says_the_goal_what_learns_the_rate_and_the_steps(window):
    trained(window, 3)
    assert training_caption_text(window.state) == (
        "Goal: Z = V · learns Q and K · η = 0.2 · 3 steps"
    )


def test_the_training_figures_speak_chinese_in_chinese(window):
    trained(window, 2)
    set_language("zh_CN")
    try:
        with window_figures(window, experiment=False, captions=True) as figures:
            shown = {f.name: f for f in figures if f.name in TRAINING_FIGURES}
            titles = {name: figure.title for name, figure in shown.items()}
            rows = {name: figure.caption.row for name, figure in shown.items()}
        files = export_all_files(window, ("svg",), 1.0)
    finally:
        set_language("en")
    assert list(titles) == list(TRAINING_FIGURES)
    assert titles["training-loss"].startswith("训练")
    assert all("目标" in row and "学习" in row and "2 步" in row for row in rows.values()), rows
    words = svg_words(files["training-loss.svg"])
    for text in ("训练", "目标", "步数", "损失 L"):
        assert text in words, text
    assert "Training" not in words
    assert "Goal" not in words


def test_nothing_of_training_is_written_before_the_first_step(window):
    window.state.load_preset(load_preset("compare-training"))
    files = export_all_files(window, ("png", "svg", "json"), 1.0)
    assert not [name for name in files if name.startswith("training")]
    trained(window, 1)
    window.state.training.reset()  # a new goal forgets the curves: nothing to draw again
    assert not [n for n in export_all_files(window, ("png", "json"), 1.0)
                if n.startswith("training")]  # fmt: skip


def test_export_all_from_the_window_writes_the_training_files(window, tmp_path):
    trained(window, 2)
    written = window.exports.export_all(tmp_path, formats=("png", "json"), scale=1)
    names = {path.name for path in written}
    assert {"training-loss.png", "training-gradient.png", "training.json"} <= names
    assert json.loads((tmp_path / "training.json").read_text("utf-8"))["steps"] == 2


@pytest.mark.parametrize("fmt", ["png", "svg"])
def test_one_training_figure_exports_alone(window, tmp_path, fmt):
    trained(window, 2)
    path = tmp_path / f"training-gradient.{fmt}"
    assert window.exports.export_figure("training-gradient", path, fmt, 1.0)
    assert path.stat().st_size > 1000
