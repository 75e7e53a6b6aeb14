"""Figures are drawn from the state at their own design size: the same from a small, a large
and a bare window; every view can be exported, the head grid, lines, concat, mask and atlas
included; a real model's figure names its layer and head, and says once it is edited."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QFontMetricsF, QImage

from gui.export.files import window_figures
from gui.export.page_figures import figure_names
from gui.export.render import render_figure
from gui.session.sentences import FOLDER_KEY
from tests.engine.tiny_bert import write_tiny_bert
from tests.gui.export.test_any_token_name import HARD_NAMES
from tests.gui.isolation import next_frame

SVG = "{http://www.w3.org/2000/svg}"


def png(data: bytes) -> QImage:
    image = QImage()
    assert image.loadFromData(data, "PNG")
    return image


def svg_texts(data: bytes) -> list[str]:
    return [t.text or "" for t in ET.fromstring(data).iter(f"{SVG}text")]  # valid XML


def svg_words(data: bytes) -> str:
    """Return the SVG's texts as one line of words (Qt may write each word, each space, apart)."""
    return " ".join(" ".join(svg_texts(data)).split())


def exported(window) -> dict[str, tuple[QImage, list[str]]]:
    """Return each figure as a PNG image and the texts of its SVG."""
    with window_figures(window, experiment=False, captions=True) as figures:
        return {f.name: (png(render_figure(f, "png", 1)), svg_texts(render_figure(f, "svg")))
                for f in figures}  # fmt: skip


def settle(window, qtbot, width: int, height: int) -> None:
    window.resize(width, height)
    qtbot.waitUntil(lambda: window.size().width() == width)
    next_frame()


def test_figures_are_the_same_from_a_small_a_large_and_a_bare_window(window, qtbot):
    window.state.set_heads(2)  # the heads' dock opens: the lines, the grid, the concat
    window.state.set_causal(True)  # and the mask
    settle(window, qtbot, 1280, 720)
    small = exported(window)
    assert {"heads", "concat", "mask", "weight-lines-heads"} <= set(small)
    settle(window, qtbot, 1920, 1080)
    large = exported(window)
    window.workspace_actions.inputs_action.setChecked(False)  # the four steps take the room
    window.workspace_actions.side_action.setChecked(False)
    next_frame()
    bare = exported(window)
    assert list(small) == list(large) == list(bare)
    for name, (image, texts) in small.items():
        for other in (large, bare):
            assert other[name][0].size() == image.size(), name
            assert other[name][1] == texts, name
            assert other[name][0] == image, name  # pixel for pixel


def test_the_lines_are_drawn_whole_at_their_design_size(window):
    window.state.set_heads(2)
    with window_figures(window, experiment=False) as figures:
        for name in ("weight-lines", "weight-lines-heads"):
            picture = next(f for f in figures if f.name == name).view.picture
            geometry, font = picture.geometry_now(), picture.name_font()
            height = QFontMetricsF(font).height()
            assert geometry.count == len(window.state.tokens)
            assert geometry.pitch >= height  # names apart, each readable
            assert geometry.top >= 3 * height  # below the title and the columns' names
            assert geometry.top + geometry.count * geometry.pitch <= picture.size().height()
            assert geometry.line_right - geometry.line_left > 100


def test_which_figures_a_state_has(window):
    state, run = window.state, window.model_run
    assert figure_names(state, run) == ["1-scores", "2-scaled", "3-weights", "4-context",
                                        "weight-bars", "mixing", "weight-lines"]  # fmt: skip
    state.set_heads(2)
    assert figure_names(state, run)[7:] == ["weight-lines-heads", "heads", "concat"]
    state.set_causal(True)
    assert figure_names(state, run)[-1] == "mask"


@pytest.mark.parametrize("name", ["heads", "mask", "concat"])
def test_the_heads_and_mask_figures_export_in_every_format_with_their_words(window, name):
    tokens = ("猫", HARD_NAMES[2], HARD_NAMES[1])  # markup and a right-to-left override
    for index, token in enumerate(tokens):
        assert window.state.rename_token(index, token)
    window.state.set_heads(2)
    window.state.set_causal(True)
    with window_figures(window, experiment=False, captions=True) as figures:
        figure = next(f for f in figures if f.name == name)
        image = png(render_figure(figure, "png", 2))
        size = figure.outer_size()
        assert (image.width(), image.height()) == (round(size.width() * 2),
                                                   round(size.height() * 2))  # fmt: skip
        texts = svg_words(render_figure(figure, "svg"))
        assert figure.title.split()[0] in texts  # the caption, as text
        words = {"heads": ["head 1", "head 2"], "mask": [*tokens[:2]], "concat": ["Z1.d0", "猫"]}
        for word in words[name]:
            assert word in texts, (word, texts)
        assert render_figure(figure, "pdf").startswith(b"%PDF")


@pytest.fixture
def tiny(tmp_path):
    folder = write_tiny_bert(tmp_path / "tiny-bert")
    QSettings().setValue(FOLDER_KEY, str(folder))
    return folder


def credits(window) -> dict[str, str]:
    with window_figures(window, experiment=False) as figures:
        return {f.name: f.caption.credit if f.caption else "" for f in figures}


def test_a_real_models_figures_name_the_layer_and_head_and_say_once_edited(window, tiny, qtbot):
    assert window.sentences.run_sentence("the cat eats fish")
    state = window.state
    assert "atlas" in figure_names(state, window.model_run)
    before = credits(window)
    assert all("layer 1, head 1" in before[n] for n in ("3-weights", "mixing", "weight-lines"))
    assert not any("Edited" in text for text in before.values())
    assert "Every layer and head" in before["atlas"]
    with qtbot.waitSignal(state.result_changed):
        assert state.set_cell("k", 1, 1, "-2")
    after = credits(window)
    for name in ("1-scores", "3-weights", "weight-bars"):
        assert after[name].startswith("Edited: no longer the numbers of"), after[name]
        assert "layer 1, head 1" in after[name]
    assert after["atlas"] == before["atlas"]  # the atlas is still the model's own
    with window_figures(window, experiment=False, captions=True) as figures:
        atlas = next(f for f in figures if f.name == "atlas")
        assert "Every layer and head" in svg_words(render_figure(atlas, "svg"))
        assert png(render_figure(atlas, "png", 1)).width() >= 400


def test_the_handout_is_the_same_from_a_small_and_a_large_window(window, qtbot):
    from gui.export.handout import handout_pdf

    settle(window, qtbot, 1280, 720)
    small = handout_pdf(window)
    settle(window, qtbot, 1920, 1080)
    window.workspace_actions.side_action.setChecked(False)
    next_frame()
    large = handout_pdf(window)
    assert lasting(small) == lasting(large)


def lasting(pdf: bytes) -> list[bytes]:
    """Return the PDF's lines but its date and its document's unique ids."""
    varying = (b"Date", b"uuid:", b"/ID")
    return [line for line in pdf.split(b"\n") if not any(v in line for v in varying)]
