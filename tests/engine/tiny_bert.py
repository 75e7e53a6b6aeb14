"""A tiny BERT that the tests make: random weights in the safetensors layout, written by a
writer of our own, a small vocabulary, tokenizer.json, tokenizer_config.json and
config.json; and a naive forward pass (loops and math.erf, float64) to check against."""

from __future__ import annotations

import json
import math
import struct
from pathlib import Path

import numpy as np

#: A vocabulary with the specials at BERT's ids' order, words, pieces and punctuation.
VOCABULARY = [
    "[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]",
    "the", "cat", "eats", "fish", "un", "##aff", "##able", "aff", "##a", "##b", "a", "b",
    "cafe", "resume", "猫", "吃", ",", ".", "!", "?", "'", "s", "##s", "-", "[", "]",
]  # fmt: skip

SIZES = {"hidden": 8, "heads": 2, "layers": 2, "intermediate": 12, "positions": 16, "types": 2}

DTYPE_NAMES = {np.dtype("<f4"): "F32", np.dtype("<f8"): "F64", np.dtype("<f2"): "F16",
               np.dtype("<i8"): "I64"}  # fmt: skip


def write_safetensors(path: Path, tensors: dict[str, np.ndarray],
                      metadata: dict[str, str] | None = None) -> None:  # fmt: skip
    """Write tensors in the safetensors layout: u64 header length, JSON header, data."""
    header: dict[str, object] = {"__metadata__": metadata or {"format": "np"}}
    chunks, offset = [], 0
    for name, array in tensors.items():
        data = np.ascontiguousarray(array).astype(array.dtype.newbyteorder("<")).tobytes()
        header[name] = {"dtype": DTYPE_NAMES[array.dtype], "shape": list(array.shape),
                        "data_offsets": [offset, offset + len(data)]}  # fmt: skip
        chunks.append(data)
        offset += len(data)
    raw = json.dumps(header).encode()
    raw += b" " * (-len(raw) % 8)  # the data starts on 8 bytes, as safetensors pads it
    path.write_bytes(struct.pack("<Q", len(raw)) + raw + b"".join(chunks))


def tiny_tensors(seed: int = 0, sizes: dict[str, int] = SIZES) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    h, i = sizes["hidden"], sizes["intermediate"]

    def normal(*shape: int) -> np.ndarray:
        return rng.normal(0.0, 0.5, size=shape).astype(np.float32)

    tensors = {
        "embeddings.word_embeddings.weight": normal(len(VOCABULARY), h),
        "embeddings.position_embeddings.weight": normal(sizes["positions"], h),
        "embeddings.token_type_embeddings.weight": normal(sizes["types"], h),
        "embeddings.LayerNorm.weight": 1 + normal(h) / 4,
        "embeddings.LayerNorm.bias": normal(h) / 4,
        "embeddings.position_ids": np.arange(sizes["positions"], dtype=np.int64)[None],
    }
    for n in range(sizes["layers"]):
        p = f"encoder.layer.{n}."
        for part in ("query", "key", "value"):
            tensors[f"{p}attention.self.{part}.weight"] = normal(h, h)
            tensors[f"{p}attention.self.{part}.bias"] = normal(h)
        tensors[f"{p}attention.output.dense.weight"] = normal(h, h)
        tensors[f"{p}attention.output.dense.bias"] = normal(h)
        tensors[f"{p}attention.output.LayerNorm.weight"] = 1 + normal(h) / 4
        tensors[f"{p}attention.output.LayerNorm.bias"] = normal(h) / 4
        tensors[f"{p}intermediate.dense.weight"] = normal(i, h)
        tensors[f"{p}intermediate.dense.bias"] = normal(i)
        tensors[f"{p}output.dense.weight"] = normal(h, i)
        tensors[f"{p}output.dense.bias"] = normal(h)
        tensors[f"{p}output.LayerNorm.weight"] = 1 + normal(h) / 4
        tensors[f"{p}output.LayerNorm.bias"] = normal(h) / 4
    tensors["pooler.dense.weight"] = normal(h, h)
    tensors["pooler.dense.bias"] = normal(h)
    return tensors


def tiny_config(sizes: dict[str, int] = SIZES) -> dict[str, object]:
    return {
        "_name_or_path": "tests/tiny-bert", "architectures": ["BertModel"], "model_type": "bert",
        "hidden_act": "gelu", "hidden_size": sizes["hidden"],
        "num_attention_heads": sizes["heads"], "num_hidden_layers": sizes["layers"],
        "intermediate_size": sizes["intermediate"],
        "max_position_embeddings": sizes["positions"], "type_vocab_size": sizes["types"],
        "vocab_size": len(VOCABULARY), "layer_norm_eps": 1e-12,
        "position_embedding_type": "absolute",
    }  # fmt: skip


def tokenizer_json() -> dict[str, object]:
    """The structure of all-MiniLM-L6-v2's tokenizer.json, over the tiny vocabulary."""
    specials = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    return {
        "version": "1.0",
        "truncation": {"max_length": 8, "strategy": "LongestFirst", "stride": 0},
        "padding": {"strategy": {"Fixed": 8}, "direction": "Right", "pad_id": 0,
                    "pad_type_id": 0, "pad_token": "[PAD]"},
        "added_tokens": [{"id": VOCABULARY.index(s), "content": s, "special": True,
                          "single_word": False, "lstrip": False, "rstrip": False,
                          "normalized": False} for s in specials],
        "normalizer": {"type": "BertNormalizer", "clean_text": True,
                       "handle_chinese_chars": True, "strip_accents": None, "lowercase": True},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": {"type": "TemplateProcessing", "single": [
            {"SpecialToken": {"id": "[CLS]", "type_id": 0}},
            {"Sequence": {"id": "A", "type_id": 0}},
            {"SpecialToken": {"id": "[SEP]", "type_id": 0}}]},
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
        "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                  "max_input_chars_per_word": 100,
                  "vocab": {token: index for index, token in enumerate(VOCABULARY)}},
    }  # fmt: skip


def write_tiny_bert(folder: Path, seed: int = 0, *, tokenizer: bool = True) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    write_safetensors(folder / "model.safetensors", tiny_tensors(seed))
    (folder / "config.json").write_text(json.dumps(tiny_config()), encoding="utf-8")
    (folder / "vocab.txt").write_text("\n".join(VOCABULARY) + "\n", encoding="utf-8")
    config = {"do_lower_case": True, "unk_token": "[UNK]", "sep_token": "[SEP]",
              "pad_token": "[PAD]", "cls_token": "[CLS]", "mask_token": "[MASK]",
              "tokenize_chinese_chars": True, "strip_accents": None}  # fmt: skip
    (folder / "tokenizer_config.json").write_text(json.dumps(config), encoding="utf-8")
    if tokenizer:
        (folder / "tokenizer.json").write_text(json.dumps(tokenizer_json()), encoding="utf-8")
    return folder


Weights = list[list[np.ndarray]]


def naive_forward(tensors: dict[str, np.ndarray], ids: list[int], heads: int,
                  eps: float = 1e-12) -> tuple[Weights, list[np.ndarray]]:  # fmt: skip
    """BERT by the book, in float64 with loops: each layer's and head's A, and each hidden state."""
    w = {name: array.astype(np.float64) for name, array in tensors.items()}

    def norm(x: np.ndarray, prefix: str) -> np.ndarray:
        out = np.empty_like(x)
        for row in range(x.shape[0]):
            mean = sum(x[row]) / x.shape[1]
            var = sum((value - mean) ** 2 for value in x[row]) / x.shape[1]
            out[row] = (x[row] - mean) / math.sqrt(var + eps)
        return out * w[prefix + ".weight"] + w[prefix + ".bias"]

    def linear(x: np.ndarray, prefix: str) -> np.ndarray:
        return x @ w[prefix + ".weight"].T + w[prefix + ".bias"]

    count = len(ids)
    x = np.array([w["embeddings.word_embeddings.weight"][i] for i in ids])
    x = x + w["embeddings.position_embeddings.weight"][:count]
    x = x + w["embeddings.token_type_embeddings.weight"][0]
    x = norm(x, "embeddings.LayerNorm")
    hidden, weights = [x], []
    layer = 0
    while f"encoder.layer.{layer}.attention.self.query.weight" in w:
        p = f"encoder.layer.{layer}."
        q, k, v = (linear(x, f"{p}attention.self.{part}") for part in ("query", "key", "value"))
        d = q.shape[1] // heads
        joined = np.zeros_like(q)
        per_head = []
        for head in range(heads):
            cols = slice(head * d, (head + 1) * d)
            a = np.zeros((count, count))
            for i in range(count):
                s = [sum(q[i, cols] * k[j, cols]) / math.sqrt(d) for j in range(count)]
                top = max(s)
                e = [math.exp(value - top) for value in s]
                a[i] = [value / sum(e) for value in e]
            per_head.append(a)
            joined[:, cols] = a @ v[:, cols]
        weights.append(per_head)
        x = norm(x + linear(joined, f"{p}attention.output.dense"), f"{p}attention.output.LayerNorm")
        inner = linear(x, f"{p}intermediate.dense")
        inner = np.vectorize(lambda t: t * 0.5 * (1 + math.erf(t / math.sqrt(2))))(inner)
        x = norm(x + linear(inner, f"{p}output.dense"), f"{p}output.LayerNorm")
        hidden.append(x)
        layer += 1
    return weights, hidden
