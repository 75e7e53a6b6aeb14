"""A session made from a real model's head keeps where its numbers came from (version 2's
"source"): model, revision, layer, head, sentence, licence, attribution and the model's own
tokens, Q, K and V; it opens without the model, and a bad source is refused by its field."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest

from engine import PresetError, load_preset, parse_preset, preset_to_dict
from engine.formats.head_source import HeadSource

TOKENS = ("[CLS]", "the", "cat", "[SEP]")


def source(q=None) -> HeadSource:
    rng = np.random.default_rng(3)
    q = rng.normal(size=(4, 2)) if q is None else q
    return HeadSource("sentence-transformers/all-MiniLM-L6-v2", "1110a243", 2, 5, "the cat",
                      "Apache-2.0", "Weights: sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0)",
                      TOKENS, q, rng.normal(size=(4, 2)), rng.normal(size=(4, 3)))  # fmt: skip


def document() -> dict:
    head = source()
    preset = replace(load_preset("cat-eats-fish"), tokens=TOKENS, q=head.q, k=head.k, v=head.v,
                     source=head)  # fmt: skip
    return preset_to_dict(preset)


def test_a_head_source_goes_round_a_file_with_the_models_own_numbers():
    data = document()
    assert data["version"] == 2
    assert data["source"]["layer"] == 2
    assert data["source"]["head"] == 5
    again = parse_preset(json.dumps(data))
    head = again.source
    assert head is not None
    assert (head.model, head.revision, head.sentence, head.tokens) == (
        "sentence-transformers/all-MiniLM-L6-v2",
        "1110a243",
        "the cat",
        TOKENS,
    )
    np.testing.assert_array_equal(head.q, source().q)
    assert head.matches(again.tokens, again.q, again.k, again.v)
    assert preset_to_dict(again) == data


def test_edited_numbers_are_no_longer_the_models():
    head = source()
    q = head.q.copy()
    q[1, 0] += 0.5
    assert not head.matches(TOKENS, q, head.k, head.v)
    assert not head.matches(("[CLS]", "a", "cat", "[SEP]"), head.q, head.k, head.v)
    assert "layer 2, head 5" in str(head.describe())


def test_a_session_without_a_source_is_written_as_before():
    assert "source" not in preset_to_dict(load_preset("cat-eats-fish"))


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda s: s.update(layer=0), "source.layer"),
        (lambda s: s.update(head="1"), "source.head"),
        (lambda s: s.update(model=None), "source.model"),
        (lambda s: s.update(revision=7), "source.revision"),
        (lambda s: s.update(tokens=[]), "source.tokens"),
        (lambda s: s.update(q=[[1, 2]]), "source.q"),
        (lambda s: s.update(k=[[1.0, 2.0, 3.0]] * 4), "source.k"),
        (lambda s: s["v"][0].__setitem__(0, "x"), "source.v"),
        (lambda s: s.update(sentence="\ud800"), "source"),
    ],
)
def test_a_bad_source_is_refused_naming_its_field(change, field):
    data = document()
    change(data["source"])
    with pytest.raises(PresetError) as caught:
        parse_preset(json.dumps(data))
    assert caught.value.field == field


def test_a_source_that_is_not_an_object_is_refused():
    data = document()
    data["source"] = [1, 2]
    with pytest.raises(PresetError) as caught:
        parse_preset(json.dumps(data))
    assert caught.value.field == "source"


def test_a_whole_layers_source_keeps_its_heads_and_older_files_have_one():
    head = replace(source(q=np.ones((4, 4))), k=np.ones((4, 4)), v=np.ones((4, 6)), heads=2)
    assert head.is_layer
    assert "its 2 heads" in str(head.describe())
    preset = replace(load_preset("cat-eats-fish"), tokens=TOKENS, q=head.q, k=head.k, v=head.v,
                     heads=2, source=head)  # fmt: skip
    data = preset_to_dict(preset)
    assert data["source"]["heads"] == 2
    again = parse_preset(json.dumps(data)).source
    assert again is not None
    assert again.heads == 2
    assert "heads" not in document()["source"]  # one head: written as before
    assert parse_preset(json.dumps(document())).source.heads == 1


@pytest.mark.parametrize("heads", [0, 3, "2", 1.5])
def test_a_source_with_heads_that_do_not_divide_it_is_refused(heads):
    data = document()
    data["source"]["heads"] = heads  # Q is 2 wide and V 3: only 1 divides both
    with pytest.raises(PresetError) as caught:
        parse_preset(json.dumps(data))
    assert caught.value.field == "source.heads"


def test_a_source_of_more_heads_than_the_app_splits_into_is_refused():
    data = document()
    for name in ("q", "k", "v"):  # 32 divides 64, but the app splits into 16 at most
        data["source"][name] = [[0.5] * 64] * len(TOKENS)
    data["source"]["heads"] = 32
    with pytest.raises(PresetError) as caught:
        parse_preset(json.dumps(data))
    assert caught.value.field == "source.heads"
