"""At 1280 × 720 (and 1920 × 1080), in English and in Chinese, the texts above the heatmaps
and the tabs of the panels are read whole: the shape chain wraps, the banner takes a shorter
form, the tabs have short titles."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QCoreApplication, QSettings

from gui.session.sentences import FOLDER_KEY
from gui.support.language import set_language
from tests.engine.tiny_bert import write_tiny_bert

SIZES = [(1280, 720), (1920, 1080)]
LANGUAGES = ["en", "zh_CN"]


@pytest.fixture
def speaking():
    """Switch the interface to a language; English again afterwards."""
    yield lambda language: (set_language(language), QCoreApplication.processEvents())
    set_language("en")


@pytest.fixture
def long_named(tmp_path):
    """A tiny BERT that says it is all-MiniLM-L6-v2: the banner's long name."""
    folder = write_tiny_bert(tmp_path / "tiny-bert")
    config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    config["_name_or_path"] = "sentence-transformers/all-MiniLM-L6-v2"
    (folder / "config.json").write_text(json.dumps(config), encoding="utf-8")
    QSettings().setValue(FOLDER_KEY, str(folder))
    return folder


def laid_out(window, size):
    window.resize(*size)
    for _ in range(3):
        QCoreApplication.processEvents()


def whole(label):
    """Return True if all of a label's text is within it."""
    if label.wordWrap():
        return label.heightForWidth(label.width()) <= label.height()
    return label.fontMetrics().horizontalAdvance(label.text()) <= label.width()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_shape_chain_of_several_heads_is_read_whole(window, speaking, language, size):
    speaking(language)
    window.load_built_in("two-heads")
    window.state.select_head(1)
    laid_out(window, size)
    chain = window.formula.shape_chain
    assert "MultiHead" in chain.text()
    assert whole(chain), (chain.text(), chain.size())
    top = window.pipeline.mapTo(window, window.pipeline.rect().topLeft())
    window.state.set_temperature(0.5)  # "√d_k" becomes "τ": the heatmaps stay put
    laid_out(window, size)
    assert window.pipeline.mapTo(window, window.pipeline.rect().topLeft()) == top


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_edited_layers_banner_is_read_whole_at_1280(window, speaking, long_named,
                                                        language):  # fmt: skip
    speaking(language)
    assert window.sentences.run_sentence("the cat eats fish")
    assert window.model_run.open_layer(1)
    assert window.state.set_cell("q", 0, 0, "1")
    laid_out(window, (1280, 720))
    banner = window.banner
    assert banner.is_changed()
    shown = banner.shown_text()
    assert "…" not in shown
    assert "2" in shown  # still says which layer
    assert banner.line.fontMetrics().horizontalAdvance(shown) <= banner.line.width()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_panels_tab_title_is_read_whole(window, speaking, language, size):
    speaking(language)
    laid_out(window, size)
    bars = [group.tabBar() for group in window.workspace.groups]
    assert all(bar.isVisible() for bar in bars)
    for bar in bars:
        for i in range(bar.count()):
            needed = bar.fontMetrics().horizontalAdvance(bar.tabText(i))
            assert needed + 8 <= bar.tabRect(i).width(), (bar.tabText(i), bar.tabRect(i))
