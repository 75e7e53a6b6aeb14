"""A tiny BERT the tests make, loaded from its folder and run: every head's A and every
hidden state against BERT computed by the book (loops, math.erf, float64); and bad model
folders, each refused with a message that names the file and what is wrong."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

import engine.real_model.bert as bert
from engine import InputError, attention
from engine.real_model import load_model
from tests.engine.tiny_bert import (
    SIZES,
    VOCABULARY,
    naive_forward,
    tiny_config,
    tiny_tensors,
    write_safetensors,
    write_tiny_bert,
)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return write_tiny_bert(tmp_path / "tiny")


def test_the_forward_pass_agrees_with_bert_by_the_book(folder: Path) -> None:
    model = load_model(folder)
    tokenized = model.tokenize("the cat eats fish, unaffable!")
    assert tokenized.tokens == ("[CLS]", "the", "cat", "eats", "fish", ",", "un", "##aff",
                                "##able", "!", "[SEP]")  # fmt: skip
    result = model.forward(tokenized)
    weights, hidden = naive_forward(tiny_tensors(), list(tokenized.ids), SIZES["heads"])
    assert result.weights.shape == (2, 2, 11, 11)
    assert result.weights.dtype == np.float32
    np.testing.assert_allclose(result.weights, np.array(weights), atol=2e-6)
    np.testing.assert_allclose(result.hidden_states, np.array(hidden), atol=5e-6)


def test_heads_and_rows_in_blocks_give_the_same_bits(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The forward pass takes a few heads (step ① to ④) and a few rows (the GELU) at a time
    to stay in the cache; however they are grouped, every number is the same."""
    model = load_model(folder)
    tokenized = model.tokenize("the cat eats fish, unaffable!")  # 11 tokens
    monkeypatch.setattr(bert, "S_ELEMENTS", 1 << 40)
    monkeypatch.setattr(bert, "GELU_ELEMENTS", 1 << 40)
    whole = model.forward(tokenized)
    monkeypatch.setattr(bert, "S_ELEMENTS", 1)  # one head a group
    monkeypatch.setattr(bert, "GELU_ELEMENTS", 3 * SIZES["intermediate"])  # 3 rows a block
    blocks = model.forward(tokenized)
    for name in ("queries", "keys", "values", "weights", "hidden_states"):
        np.testing.assert_array_equal(getattr(blocks, name), getattr(whole, name))


def test_each_head_reproduces_through_the_lessons_attention(folder: Path) -> None:
    model = load_model(folder)
    result = model.forward(model.tokenize("the cat eats fish"))
    for layer in range(model.layers):
        for head in range(model.heads):
            numbers = result.head(layer, head)
            assert numbers.q.dtype == np.float64
            assert numbers.q.shape == (6, model.head_size)
            again = attention(numbers.q, numbers.k, numbers.v)
            np.testing.assert_allclose(again.weights, numbers.weights, atol=1e-12)
            np.testing.assert_allclose(numbers.weights, result.weights[layer, head], atol=1e-6)
            np.testing.assert_allclose(numbers.scores, numbers.q @ numbers.k.T, atol=1e-12)


def test_a_model_tells_its_sizes_name_and_licence(folder: Path) -> None:
    (folder / "README.md").write_text("---\nlanguage: en\nlicense: mit\n---\n# Tiny\n")
    model = load_model(folder)
    assert (model.layers, model.heads, model.head_size, model.hidden, model.max_tokens) == (
        2, 2, 4, 8, 16)  # fmt: skip
    assert model.name == "tests/tiny-bert"
    assert model.revision is None
    assert model.licence == "MIT"
    assert model.attribution == "Model: tests/tiny-bert (MIT licence)"


def test_head_out_of_range_is_refused(folder: Path) -> None:
    model = load_model(folder)
    result = model.forward(model.tokenize("the cat"))
    for layer, head in ((2, 0), (0, 2), (-1, 0), (True, 0)):
        with pytest.raises(InputError, match="out of range"):
            result.head(layer, head)


def test_empty_and_too_long_sentences_are_refused(folder: Path) -> None:
    model = load_model(folder)
    for empty in ("", "   \t\n", "\x00\u200b"):
        with pytest.raises(InputError, match="empty"):
            model.tokenize(empty)
    model.tokenize(" ".join(["cat"] * 14))  # 16 tokens with [CLS] and [SEP]: the limit
    with pytest.raises(
        InputError, match="makes 17 tokens with \\[CLS\\] and \\[SEP\\]; the model takes at most 16"
    ):
        model.tokenize(" ".join(["cat"] * 15))


def test_old_names_and_the_bert_prefix_are_found(tmp_path: Path) -> None:
    folder = write_tiny_bert(tmp_path / "old")
    renamed = {"bert." + name.replace("LayerNorm.weight", "LayerNorm.gamma")
               .replace("LayerNorm.bias", "LayerNorm.beta"): value
               for name, value in tiny_tensors().items()}  # fmt: skip
    write_safetensors(folder / "model.safetensors", renamed)
    tokens = load_model(folder).tokenize("the cat")
    expected = load_model(write_tiny_bert(tmp_path / "new")).forward(tokens)
    np.testing.assert_array_equal(load_model(folder).forward(tokens).weights, expected.weights)


def refusal(folder: Path) -> InputError:
    with pytest.raises(InputError) as caught:
        load_model(folder)
    return caught.value


def test_a_missing_file_is_named(folder: Path) -> None:
    (folder / "model.safetensors").unlink()
    assert "has no model.safetensors" in str(refusal(folder))
    (folder / "config.json").unlink()
    assert "has no config.json" in str(refusal(folder))
    assert "does not exist" in str(refusal(folder / "nowhere"))
    assert "is not a folder: choose the folder that holds" in str(refusal(folder / "vocab.txt"))


def test_without_any_tokenizer_file_the_folder_is_refused(folder: Path) -> None:
    (folder / "tokenizer.json").unlink()
    (folder / "vocab.txt").unlink()
    assert "neither tokenizer.json nor vocab.txt" in str(refusal(folder))


def test_a_truncated_safetensors_is_refused(folder: Path) -> None:
    data = (folder / "model.safetensors").read_bytes()
    (folder / "model.safetensors").write_bytes(data[: len(data) // 2])
    error = refusal(folder)
    assert error.where == "model.safetensors"
    assert "data_offsets" in str(error)


def test_a_header_claiming_a_terabyte_is_refused(folder: Path) -> None:
    data = bytearray((folder / "model.safetensors").read_bytes())
    data[:8] = (10**12).to_bytes(8, "little")
    (folder / "model.safetensors").write_bytes(bytes(data))
    assert "header claims 1,000,000,000,000 bytes" in str(refusal(folder))


def test_a_tensor_of_the_wrong_shape_is_named(folder: Path) -> None:
    tensors = tiny_tensors()
    tensors["encoder.layer.1.attention.self.key.weight"] = np.zeros((8, 7), dtype=np.float32)
    write_safetensors(folder / "model.safetensors", tensors)
    assert str(refusal(folder)) == ("model.safetensors: tensor encoder.layer.1.attention.self."
                                    "key.weight is 8×7, but the config needs 8×8")  # fmt: skip


def test_missing_tensors_are_listed(folder: Path) -> None:
    tensors = tiny_tensors()
    del tensors["encoder.layer.0.output.dense.bias"]
    write_safetensors(folder / "model.safetensors", tensors)
    assert "missing: encoder.layer.0.output.dense.bias" in str(refusal(folder))
    layer = {n: t for n, t in tiny_tensors().items() if not n.startswith("encoder.layer.1.")}
    write_safetensors(folder / "model.safetensors", layer)
    assert "16 tensors that a BERT encoder needs are missing: encoder.layer.1." in str(
        refusal(folder))  # fmt: skip
    assert "and 12 more" in str(refusal(folder))


def test_integer_or_non_finite_weights_are_refused(folder: Path) -> None:
    tensors = tiny_tensors()
    tensors["embeddings.LayerNorm.bias"] = np.arange(8, dtype=np.int64)
    write_safetensors(folder / "model.safetensors", tensors)
    assert "must be floating point" in str(refusal(folder))
    tensors = tiny_tensors()
    tensors["embeddings.LayerNorm.bias"][3] = np.nan
    write_safetensors(folder / "model.safetensors", tensors)
    assert "NaN or an infinity" in str(refusal(folder))


def write_config(folder: Path, **changes: object) -> None:
    config = {**tiny_config(), **changes}
    (folder / "config.json").write_text(json.dumps({k: v for k, v in config.items()
                                                    if v is not None}))  # fmt: skip


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"model_type": "gpt2", "architectures": ["GPT2LMHeadModel"]},
         "model_type is 'gpt2' (architecture GPT2LMHeadModel): only BERT encoders"),
        ({"architectures": ["RobertaModel"]}, "architecture RobertaModel is not a BERT encoder"),
        ({"hidden_act": "gelu_new"}, "hidden_act 'gelu_new' is not supported"),
        ({"position_embedding_type": "relative_key"}, "'relative_key' is not supported"),
        ({"is_decoder": True}, "decoder"),
        ({"num_attention_heads": 3}, "hidden_size 8 cannot be split into 3 heads"),
        ({"hidden_size": None}, "hidden_size is missing"),
        ({"num_hidden_layers": "6"}, "num_hidden_layers must be a whole number"),
        ({"vocab_size": 0}, "vocab_size must be a whole number from 1"),
        ({"layer_norm_eps": -1}, "layer_norm_eps must be a small positive number"),
        ({"vocab_size": 40}, "tensor embeddings.word_embeddings.weight is 31×8, but the config"),
    ],
)  # fmt: skip
def test_a_config_the_forward_pass_cannot_run_is_refused(folder: Path, changes: dict[str, object],
                                                         words: str) -> None:  # fmt: skip
    write_config(folder, **changes)
    assert words in str(refusal(folder))


def test_a_config_that_is_not_json_is_refused(folder: Path) -> None:
    (folder / "config.json").write_text('{"model_type": "bert",')
    error = refusal(folder)
    assert error.where == "config.json"
    assert "not valid JSON" in str(error)
    (folder / "config.json").write_text("[1, 2]")
    assert "not a JSON object" in str(refusal(folder))


def test_a_folder_or_a_pipe_where_a_file_should_be_is_refused(folder: Path) -> None:
    (folder / "config.json").unlink()
    (folder / "config.json").mkdir()
    assert str(refusal(folder)) == "config.json is a folder, not a file"
    (folder / "config.json").rmdir()
    write_config(folder)
    (folder / "model.safetensors").unlink()
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "model.safetensors")
        assert "is not a file (a device, a pipe or a socket)" in str(refusal(folder))


def test_a_vocabulary_without_cls_or_larger_than_the_model_is_refused(folder: Path) -> None:
    (folder / "tokenizer.json").unlink()
    (folder / "vocab.txt").write_text("\n".join(t for t in VOCABULARY if t != "[CLS]"))
    error = refusal(folder)
    assert (error.where, str(error.message)) == ("vocab.txt", "its vocabulary has no [CLS]")
    (folder / "vocab.txt").write_text("\n".join([*VOCABULARY, "extra"]))
    assert str(refusal(folder)) == (
        "the tokenizer has ids up to 31, but the model has 31 word embeddings (vocab_size)"
    )


def test_a_tokenizer_json_of_another_kind_is_refused(folder: Path) -> None:
    document = json.loads((folder / "tokenizer.json").read_text())
    document["model"]["type"] = "BPE"
    (folder / "tokenizer.json").write_text(json.dumps(document))
    assert "its model is 'BPE'; a BERT tokenizer has WordPiece" in str(refusal(folder))


def test_vocab_txt_alone_gives_the_same_tokens(tmp_path: Path) -> None:
    with_json = load_model(write_tiny_bert(tmp_path / "a"))
    vocab_only = load_model(write_tiny_bert(tmp_path / "b", tokenizer=False))
    for text in ("Café, RÉSUMÉ!", "the [MASK] eats fish", "猫吃鱼", "unaffable-aa ab"):
        assert vocab_only.tokenize(text).tokens == with_json.tokenize(text).tokens
    assert len(VOCABULARY) == len(with_json.tokenizer.vocabulary)


def test_forward_with_other_seeds_still_agrees(tmp_path: Path) -> None:
    for seed in (1, 2):
        model = load_model(write_tiny_bert(tmp_path / str(seed), seed))
        tokenized = model.tokenize("a b cat fish . ? ' s")
        weights, hidden = naive_forward(tiny_tensors(seed), list(tokenized.ids), SIZES["heads"])
        np.testing.assert_allclose(model.forward(tokenized).weights, np.array(weights), atol=2e-6)
        np.testing.assert_allclose(model.forward(tokenized).hidden_states[-1], hidden[-1],
                                   atol=1e-5)  # fmt: skip
