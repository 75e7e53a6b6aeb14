"""A BERT encoder's weights, found by their Hugging Face names and checked against its config.

The names are those of ``transformers``' ``BertModel`` (``embeddings.word_embeddings.weight``,
``encoder.layer.0.attention.self.query.weight``, …), with or without the ``bert.`` prefix
that a model saved with a task head has, and with ``gamma``/``beta`` for the LayerNorms of
checkpoints converted from the original TensorFlow BERT. Linear layers are stored
(out, in), so y = x·Wᵀ + b. The pooler and any task head are not needed and not read.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ..messages import InputError, Message
from .bert_config import BertConfig

Float32 = NDArray[np.float32]
#: How many missing names a message lists before it says "and N more".
_LISTED = 4


@dataclass(frozen=True, eq=False)
class LayerWeights:
    """One encoder layer: attention, then feed-forward, each with a residual and a LayerNorm.

    Attributes
    ----------
    query, key, value : (hidden, hidden) arrays
        W_q, W_k, W_v, stored (out, in).
    query_bias, key_bias, value_bias : (hidden,) arrays
    qkv_t : (hidden, 3·hidden) array
        [W_q | W_k | W_v]ᵀ, so that one product gives the three projections.
    qkv_bias : (3·hidden,) array
    output, output_bias : (hidden, hidden) and (hidden,) arrays
        The attention's output projection W_o.
    attention_norm : pair of (hidden,) arrays
        The LayerNorm after the attention: γ and β.
    intermediate, intermediate_bias : (intermediate, hidden) and (intermediate,) arrays
    ffn_output, ffn_output_bias : (hidden, intermediate) and (hidden,) arrays
    ffn_norm : pair of (hidden,) arrays
        The LayerNorm after the feed-forward layer.
    """

    query: Float32
    query_bias: Float32
    key: Float32
    key_bias: Float32
    value: Float32
    value_bias: Float32
    qkv_t: Float32
    qkv_bias: Float32
    output: Float32
    output_bias: Float32
    attention_norm: tuple[Float32, Float32]
    intermediate: Float32
    intermediate_bias: Float32
    ffn_output: Float32
    ffn_output_bias: Float32
    ffn_norm: tuple[Float32, Float32]


@dataclass(frozen=True, eq=False)
class BertWeights:
    """The weights of a BERT encoder, as float32 arrays of the config's shapes.

    Attributes
    ----------
    config : BertConfig
    words, positions, token_types : 2-D arrays
        The embeddings: (vocabulary, hidden), (max_tokens, hidden), (token_types, hidden).
    embedding_norm : pair of (hidden,) arrays
    layers : tuple of LayerWeights
    """

    config: BertConfig
    words: Float32
    positions: Float32
    token_types: Float32
    embedding_norm: tuple[Float32, Float32]
    layers: tuple[LayerWeights, ...]


def bert_weights(tensors: dict[str, np.ndarray], config: BertConfig) -> BertWeights:
    """Return the encoder's weights from a file's tensors, checked against the config.

    Parameters
    ----------
    tensors : dict of str to ndarray
        The tensors of ``model.safetensors``, by name.
    config : BertConfig
        The sizes they must have.

    Returns
    -------
    BertWeights
        The weights, float32 (float16, bfloat16 and float64 ones are converted).

    Raises
    ------
    InputError
        Naming the tensors that are missing, or one whose shape or dtype does not fit.
    """
    prefix = "bert." if "bert.embeddings.word_embeddings.weight" in tensors else ""
    needed = _needed_shapes(config)
    names = {name: _stored_name(tensors, prefix + name) for name in needed}
    missing = [prefix + name for name, stored in names.items() if stored is None]
    if len(missing) > _LISTED:
        raise InputError(
            Message(
                "{count} tensors that a BERT encoder needs are missing: {names} and {more} more",
                count=len(missing),
                names=", ".join(missing[:_LISTED]),
                more=len(missing) - _LISTED,
            ),
            "model.safetensors",
        )
    if missing:
        raise InputError(
            Message(
                "tensors that a BERT encoder needs are missing: {names}", names=", ".join(missing)
            ),
            "model.safetensors",
        )
    arrays = {}
    for name, shape in needed.items():
        stored = names[name]
        assert stored is not None
        arrays[name] = _checked(tensors[stored], stored, shape)
    return _assembled(arrays, config)


def _needed_shapes(config: BertConfig) -> dict[str, tuple[int, ...]]:
    """Return every tensor the forward pass reads, by its name without prefix, with its shape."""
    h, i = config.hidden, config.intermediate
    shapes: dict[str, tuple[int, ...]] = {
        "embeddings.word_embeddings.weight": (config.vocabulary, h),
        "embeddings.position_embeddings.weight": (config.max_tokens, h),
        "embeddings.token_type_embeddings.weight": (config.token_types, h),
        "embeddings.LayerNorm.weight": (h,),
        "embeddings.LayerNorm.bias": (h,),
    }
    for n in range(config.layers):
        layer = f"encoder.layer.{n}."
        for part in ("query", "key", "value"):
            shapes[f"{layer}attention.self.{part}.weight"] = (h, h)
            shapes[f"{layer}attention.self.{part}.bias"] = (h,)
        shapes[f"{layer}attention.output.dense.weight"] = (h, h)
        shapes[f"{layer}attention.output.dense.bias"] = (h,)
        shapes[f"{layer}attention.output.LayerNorm.weight"] = (h,)
        shapes[f"{layer}attention.output.LayerNorm.bias"] = (h,)
        shapes[f"{layer}intermediate.dense.weight"] = (i, h)
        shapes[f"{layer}intermediate.dense.bias"] = (i,)
        shapes[f"{layer}output.dense.weight"] = (h, i)
        shapes[f"{layer}output.dense.bias"] = (h,)
        shapes[f"{layer}output.LayerNorm.weight"] = (h,)
        shapes[f"{layer}output.LayerNorm.bias"] = (h,)
    return shapes


def _stored_name(tensors: dict[str, np.ndarray], name: str) -> str | None:
    """Return the name a tensor is stored under (LayerNorm γ and β may be gamma and beta)."""
    if name in tensors:
        return name
    old = name.replace("LayerNorm.weight", "LayerNorm.gamma").replace(
        "LayerNorm.bias", "LayerNorm.beta"
    )
    return old if old in tensors else None


def _checked(tensor: np.ndarray, name: str, shape: tuple[int, ...]) -> Float32:
    """Return a tensor as float32, or raise InputError if its shape or dtype does not fit."""
    if tensor.shape != shape:
        raise InputError(
            Message(
                "tensor {name} is {given}, but the config needs {expected}",
                name=name,
                given="×".join(map(str, tensor.shape)) or "a scalar",
                expected="×".join(map(str, shape)),
            ),
            "model.safetensors",
        )
    if tensor.dtype.kind != "f":
        raise InputError(
            Message(
                "tensor {name} holds {dtype} numbers; weights must be floating point",
                name=name,
                dtype=tensor.dtype.name,
            ),
            "model.safetensors",
        )
    values = tensor if tensor.dtype == np.float32 else tensor.astype(np.float32)
    if not np.isfinite(values).all():
        raise InputError(
            Message("tensor {name} holds a NaN or an infinity", name=name), "model.safetensors"
        )
    return values


def _assembled(arrays: dict[str, Float32], config: BertConfig) -> BertWeights:
    """Return the checked arrays as BertWeights, with the fused Q, K, V projection made."""
    layers = []
    for n in range(config.layers):
        a = {name[len(f"encoder.layer.{n}.") :]: value for name, value in arrays.items()
             if name.startswith(f"encoder.layer.{n}.")}  # fmt: skip
        query, key, value = (a[f"attention.self.{p}.weight"] for p in ("query", "key", "value"))
        biases = [a[f"attention.self.{p}.bias"] for p in ("query", "key", "value")]
        layers.append(
            LayerWeights(
                query=query,
                query_bias=biases[0],
                key=key,
                key_bias=biases[1],
                value=value,
                value_bias=biases[2],
                qkv_t=np.ascontiguousarray(np.concatenate([query, key, value]).T),
                qkv_bias=np.concatenate(biases),
                output=a["attention.output.dense.weight"],
                output_bias=a["attention.output.dense.bias"],
                attention_norm=(
                    a["attention.output.LayerNorm.weight"],
                    a["attention.output.LayerNorm.bias"],
                ),
                intermediate=a["intermediate.dense.weight"],
                intermediate_bias=a["intermediate.dense.bias"],
                ffn_output=a["output.dense.weight"],
                ffn_output_bias=a["output.dense.bias"],
                ffn_norm=(a["output.LayerNorm.weight"], a["output.LayerNorm.bias"]),
            )
        )
    return BertWeights(
        config=config,
        words=arrays["embeddings.word_embeddings.weight"],
        positions=arrays["embeddings.position_embeddings.weight"],
        token_types=arrays["embeddings.token_type_embeddings.weight"],
        embedding_norm=(arrays["embeddings.LayerNorm.weight"], arrays["embeddings.LayerNorm.bias"]),
        layers=tuple(layers),
    )


__all__ = ["BertWeights", "LayerWeights", "bert_weights"]
