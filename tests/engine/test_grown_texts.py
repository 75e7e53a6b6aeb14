"""Text that grows the work: a session's source texts bounded, a sentence quoted short, a
path that cannot be a folder treated as missing."""

from __future__ import annotations

import json
import time

import pytest

from engine import PresetError, load_preset, parse_preset, preset_to_dict
from engine.formats.head_source import QUOTED_CHARS, HeadSource, quoted
from engine.real_model.model_folder import cache_snapshot, is_folder, locate_model


def sentence_session(**source: object) -> dict:
    preset = load_preset("cat-eats-fish")
    document = preset_to_dict(preset)
    document["version"] = 2
    document["source"] = {"model": "m", "revision": None, "layer": 1, "head": 1,
                          "sentence": "猫 吃 鱼", "licence": "MIT", "attribution": "a",
                          "tokens": list(preset.tokens), "q": preset.q.tolist(),
                          "k": preset.k.tolist(), "v": preset.v.tolist(), **source}  # fmt: skip
    return document


@pytest.mark.parametrize(
    ("field", "text"),
    [("sentence", "猫 " * 500_000), ("model", "m" * 5_000), ("licence", "x" * 5_000),
     ("attribution", "a" * 5_000), ("revision", "0" * 5_000)],
)  # fmt: skip
def test_a_source_text_past_reason_is_refused_naming_it(field, text):
    """Before: a 1 MB sentence was accepted; export --format png laid it out for minutes."""
    raw = json.dumps(sentence_session(**{field: text}), ensure_ascii=False)
    started = time.perf_counter()
    with pytest.raises(PresetError) as caught:
        parse_preset(raw)
    assert time.perf_counter() - started < 1.0
    assert caught.value.field == f"source.{field}"
    assert "shorten it" in str(caught.value)


def test_a_source_token_past_200_characters_is_refused():
    document = sentence_session()
    document["source"]["tokens"][1] = "x" * 5_000
    with pytest.raises(PresetError) as caught:
        parse_preset(json.dumps(document))
    assert caught.value.field == "source.tokens[1]"


def test_a_long_sentence_is_quoted_short_in_every_line_that_names_it():
    sentence = "the cat eats fish\n" * 5_000  # 90,000 characters: allowed, but not in a line
    preset = parse_preset(json.dumps(sentence_session(sentence=sentence)))
    source = preset.source
    assert isinstance(source, HeadSource)
    assert source.sentence == sentence  # kept whole in the session
    line = str(source.describe())
    assert len(line) < QUOTED_CHARS + 60
    assert "\n" not in line
    assert line.endswith("…”")
    assert quoted("the cat eats fish") == "the cat eats fish"


@pytest.mark.parametrize("path", ["x" * 5_000, "/tmp/" + "a/" * 3_000, "a\0b", "/nowhere/at/all"])
def test_a_path_that_cannot_be_a_folder_is_a_missing_one(path, monkeypatch):
    """Before: a model folder setting of 5,000 characters raised OSError out of the action."""
    assert not is_folder(path)
    chosen = locate_model(path)  # type: ignore[arg-type]
    assert chosen is None or chosen.found_by != "chosen"


@pytest.mark.parametrize("home", ["x" * 5_000, "/tmp/" + "a/" * 3_000])
def test_a_cache_path_that_cannot_be_a_folder_has_no_snapshot(home, monkeypatch):
    monkeypatch.setenv("HF_HUB_CACHE", home)
    assert cache_snapshot() is None


def test_a_huge_refs_main_is_not_read(tmp_path, monkeypatch):
    repository = tmp_path / "models--sentence-transformers--all-MiniLM-L6-v2"
    (repository / "refs").mkdir(parents=True)
    with (repository / "refs" / "main").open("wb") as file:
        file.truncate(3 * 2**30)  # sparse: 3 GB of NULs
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path))
    started = time.perf_counter()
    assert cache_snapshot() is None
    assert time.perf_counter() - started < 0.5


@pytest.mark.parametrize("field", ["title", "description"])
def test_a_title_past_a_page_is_refused_naming_it(field):
    document = sentence_session()
    document[field] = {"en": "猫" * 1_000_000}
    with pytest.raises(PresetError) as caught:
        parse_preset(json.dumps(document))
    assert caught.value.field == f"{field}.en"
    assert "1,000,000 characters" in str(caught.value)
