"""The handout's page, from a second user trial: A4 unless the machine is in the US, the
heatmaps as wide as their column, a real model's credit said once, and no made-up bold
(the bundled font has none: Qt drew each glyph twice, and PDF viewers showed "produc t")."""

from __future__ import annotations

import json
import re
import zlib

import pytest
from PySide6.QtCore import QLocale, QSettings

from gui.export import handout
from gui.export.captions import credit_text
from gui.session.sentences import FOLDER_KEY
from gui.support.language import set_language
from tests.engine.tiny_bert import write_tiny_bert


@pytest.fixture
def model(tmp_path):
    """A tiny BERT that says it is all-MiniLM-L6-v2."""
    folder = write_tiny_bert(tmp_path / "tiny-bert")
    config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    config["_name_or_path"] = "sentence-transformers/all-MiniLM-L6-v2"
    (folder / "config.json").write_text(json.dumps(config), encoding="utf-8")
    QSettings().setValue(FOLDER_KEY, str(folder))
    return folder


@pytest.fixture
def drawn(monkeypatch):
    """Each figure the handout draws, with the rectangle it is drawn into."""
    figures = []
    paint = handout.paint_captioned

    def recording(figure, painter, target, vector):
        figures.append((figure, target))
        paint(figure, painter, target, vector)

    monkeypatch.setattr(handout, "paint_captioned", recording)
    return figures


def streams(pdf: bytes) -> bytes:
    """Every stream of the PDF, inflated where it is compressed."""
    found = []
    for match in re.finditer(rb"stream\r?\n(.*?)endstream", pdf, re.S):
        try:
            found.append(zlib.decompress(match.group(1)))
        except zlib.error:
            found.append(match.group(1))
    return b"\n".join(found)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_paper_is_the_systems_not_the_languages(qapp, language):
    set_language(language)
    try:
        us = QLocale.system().measurementSystem() == QLocale.MeasurementSystem.ImperialUSSystem
        assert handout.default_page() == ("Letter" if us else "A4")
    finally:
        set_language("en")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_models_handout_credits_it_once_and_its_heatmaps_fill_their_columns(
    window, model, drawn, monkeypatch, language
):
    set_language(language)
    try:
        assert window.sentences.run_sentence("the cat eats fish")
        credit = credit_text(window.state.source)
        assert credit
        texts = []
        document = handout._Pages.document

        def read(pages, html, width):
            texts.append(html)
            return document(pages, html, width)

        monkeypatch.setattr(handout._Pages, "document", read)
        pdf = handout.handout_pdf(window.exports.host, "A4")
        assert pdf.startswith(b"%PDF")
        heatmaps = [(f, t) for f, t in drawn if f.name[0] in "1234"]
        assert len(heatmaps) == 4
        assert not any(f.caption is not None and f.caption.credit for f, _ in drawn)
        assert sum("licence" in t or "许可证" in t for t in texts) == 1  # under the title
        page_width = max(t.right() for _, t in drawn)
        for _, target in heatmaps:  # each as wide as its half of the page, nearly
            assert target.width() >= 0.42 * page_width
    finally:
        set_language("en")


@pytest.mark.parametrize("captions", [True, False])
def test_the_handout_has_no_made_up_bold(window, captions):
    pdf = handout.handout_pdf(window.exports.host, "A4", captions)
    # Qt's made-up bold: every glyph drawn again half a pixel over, in an empty ActualText
    assert b"/ActualText <>" not in streams(pdf)
