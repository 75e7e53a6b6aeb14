"""The forward pass shared between cores (engine/real_model/parallel.py): the shares cover
every token and head once, and two, three or four shares give every A and hidden state of
one share, up to float32's rounding, against BERT by the book too."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

import engine.real_model.bert as bert
import engine.real_model.parallel as parallel
from engine.real_model import load_model
from tests.engine.tiny_bert import SIZES, naive_forward, tiny_tensors, write_tiny_bert


@pytest.mark.parametrize(("length", "parts"), [(1, 1), (5, 2), (12, 2), (12, 5), (512, 3)])
def test_the_shares_cover_every_index_once_in_order(length: int, parts: int) -> None:
    slices = parallel.split(length, parts)
    covered = [i for part in slices for i in range(length)[part]]
    assert covered == list(range(length))
    sizes = [part.stop - part.start for part in slices]
    assert max(sizes) - min(sizes) <= 1


def test_short_passes_are_not_split() -> None:
    assert parallel.shares(parallel.SPLIT_FROM - 1) == 1


@pytest.mark.parametrize("parts", [2, 3, 4])
def test_a_pass_in_shares_gives_the_numbers_of_one_share(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parts: int
) -> None:
    model = load_model(write_tiny_bert(tmp_path / "tiny"))
    tokenized = model.tokenize("the cat eats fish, unaffable!")  # 11 tokens, 2 heads
    monkeypatch.setattr(bert, "shares", lambda count: 1)
    whole = model.forward(tokenized)
    monkeypatch.setattr(bert, "shares", lambda count: parts)
    shared = model.forward(tokenized)
    np.testing.assert_allclose(shared.weights, whole.weights, atol=1e-6)
    np.testing.assert_allclose(shared.hidden_states, whole.hidden_states, atol=5e-6)
    np.testing.assert_array_equal(shared.queries.shape, whole.queries.shape)
    weights, hidden = naive_forward(tiny_tensors(), list(tokenized.ids), SIZES["heads"])
    np.testing.assert_allclose(shared.weights, np.array(weights), atol=2e-6)
    np.testing.assert_allclose(shared.hidden_states, np.array(hidden), atol=5e-6)


def test_an_error_in_a_share_reaches_the_caller() -> None:
    def work(part: slice) -> None:
        if part.start:
            raise ValueError("second share")

    with pytest.raises(ValueError, match="second share"):
        parallel.in_shares(work, parallel.split(10, 2))


def test_two_passes_at_once_give_their_own_numbers_and_leave_blas_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model = load_model(write_tiny_bert(tmp_path / "tiny"))
    sentences = ["the cat eats fish, unaffable!", "fish eats the cat"]
    tokenized = [model.tokenize(sentence) for sentence in sentences]
    monkeypatch.setattr(bert, "shares", lambda count: 2)
    alone = [model.forward(t) for t in tokenized]
    controller = parallel._controller()
    before = None if controller is None else controller.info()
    with ThreadPoolExecutor(max_workers=2) as pool:
        together = list(pool.map(model.forward, tokenized * 4))
    for result, expected in zip(together, alone * 4, strict=True):
        np.testing.assert_array_equal(result.weights, expected.weights)
        np.testing.assert_array_equal(result.hidden_states, expected.hidden_states)
    if controller is not None:
        assert controller.info() == before
