"""The forward pass bounds its memory before it starts, saying how many tokens fit."""

from __future__ import annotations

import time

import numpy as np
import pytest

import engine.real_model.bert
from engine.messages import InputError
from engine.real_model import load_model
from engine.real_model.bert import check_memory, forward, forward_bytes, most_tokens
from engine.real_model.bert_config import bert_config
from tests.engine.tiny_bert import SIZES, tiny_config, write_tiny_bert

#: all-MiniLM-L6-v2's shape, with the 65,536 positions a hostile config.json allows
MINILM = {**tiny_config(), "hidden_size": 384, "num_attention_heads": 12,
          "num_hidden_layers": 6, "intermediate_size": 1536,
          "max_position_embeddings": 65536}  # fmt: skip


def test_the_memory_counted_is_the_arrays_the_pass_allocates():
    config = bert_config(tiny_config(), "config.json")
    count = 10
    weights = 2 * 2 * count * count  # layers × heads × T²
    assert forward_bytes(config, count) >= 4 * weights
    config = bert_config(MINILM, "config.json")
    assert forward_bytes(config, 512) < 200 * 2**20  # the real model's 512: ~90 MB
    assert forward_bytes(config, 20_000) > 100 * 10**9  # 20,000 tokens: past any laptop


def test_most_tokens_is_the_largest_count_that_fits():
    config = bert_config(MINILM, "config.json")
    budget = 2 * 10**9
    most = most_tokens(config, budget)
    assert forward_bytes(config, most) <= budget < forward_bytes(config, most + 1)
    assert most_tokens(bert_config(tiny_config(), "config.json"), 10**12) == SIZES["positions"]


def test_a_pass_past_the_machines_memory_is_refused_before_it_starts():
    """Before: 20,000 tokens allocated 2 GB and more, growing as T², until killed."""
    config = bert_config(MINILM, "config.json")
    started = time.perf_counter()
    with pytest.raises(InputError) as caught:
        check_memory(config, 20_000, budget=4 * 10**9)
    assert time.perf_counter() - started < 0.1
    said = str(caught.value)
    assert "20,000 tokens" in said
    assert "6 layers × 12 heads" in said
    assert f"enough for {most_tokens(config, 4 * 10**9):,} tokens" in said
    assert "shorten the sentence" in said


def test_the_tiny_model_refuses_a_sentence_past_its_budget(tmp_path, monkeypatch):
    model = load_model(write_tiny_bert(tmp_path / "tiny"))
    ids = np.array([2, 5, 6, 7, 8, 3])
    tokens = ("[CLS]", "the", "cat", "eats", "fish", "[SEP]")
    forward(model.weights, ids, tokens)  # fits
    need = forward_bytes(model.config, 6)
    with pytest.raises(InputError, match="enough for 5 tokens"):
        forward(model.weights, ids, tokens, budget=forward_bytes(model.config, 5))
    monkeypatch.setattr(engine.real_model.bert, "memory_budget", lambda: need - 1)
    with pytest.raises(InputError, match="shorten the sentence"):
        model.tokenize("the cat eats fish")  # said before the pass, by the tokenizer's step
