"""A BERT encoder's forward pass in NumPy, keeping every layer's and head's Q, K, V and A.

It is the lesson's attention, twelve heads at a time, inside the model around it::

    x = LayerNorm(E_word[ids] + E_position[0 … T−1] + E_type[0])     # (T, hidden)
    for each layer:
        Q, K, V = x·W_qᵀ + b_q, x·W_kᵀ + b_k, x·W_vᵀ + b_v             # (T, hidden) each
        split into heads: (T, hidden) → (heads, T, d_k)
        S = Q·Kᵀ                 # ① (heads, T, T)
        A = softmax(S / √d_k)    # ②③ by row
        Z = A·V                  # ④ (heads, T, d_k), heads joined again: (T, hidden)
        x = LayerNorm(x + Z·W_oᵀ + b_o)
        x = LayerNorm(x + GELU(x·W_1ᵀ + b_1)·W_2ᵀ + b_2)

It computes in float32, as the model was trained and as torch runs it: against torch 2.13 and
transformers 5.24 it agrees within 2·10⁻⁶ on every A up to 128 tokens (4·10⁻⁶ at 482) and
6·10⁻⁶ on every hidden state (``tests/engine/test_real_model.py``). float64 would not bring
it closer (the gap is torch's own float32 rounding) and takes twice as long.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial

import numpy as np
from numpy.typing import NDArray

from ..lesson.attention import attention
from ..lesson.result import AttentionResult
from ..machine import megabytes, memory_budget
from ..messages import InputError, Message
from .bert_config import BertConfig
from .bert_weights import BertWeights, Float32, LayerWeights
from .erf import gelu32
from .parallel import in_shares, one_blas_thread, shares, split
from .softmax32 import safe_heads, softmax_rows

Float64 = NDArray[np.float64]
#: Elements of S in one group of heads: 256K float32 are 1 MB, half a core's L2 cache here;
#: one head at 512 tokens, all twelve at 128 (where smaller groups measured 10% slower).
S_ELEMENTS = 1 << 18
#: Elements of the feed-forward layer's activations in one block of the GELU's passes: 64K
#: float32 (256 KB, four arrays in a core's L2) on one core. When the cores share a pass,
#: each of the GELU's twenty-odd NumPy calls hands Python's lock to the other thread, and
#: blocks four times larger measured faster in spite of the cache: a layer's GELU at 512
#: tokens 1.57 → 0.91 ms, at 128 0.49 → 0.30 ms (one core: 1.45 and 0.37 ms).
GELU_ELEMENTS = 1 << 16
GELU_ELEMENTS_SHARED = 1 << 18


@dataclass(frozen=True, eq=False)
class HeadNumbers:
    """One head of one layer, as the lesson's four steps show it.

    ``q``, ``k`` and ``v`` are the model's own (float32 numbers, as float64); ``scores``,
    ``weights`` and ``context`` are ``engine.attention(q, k, v)``'s with τ = √d_k, so a
    view that recomputes them from q, k and v gets exactly these. They differ from the
    model's float32 A (:attr:`Forward.weights`) by float32's rounding, under 10⁻⁵.

    Attributes
    ----------
    layer, head : int
        Which one, counted from 0.
    tokens : tuple of str
        The token names, one per row.
    q, k, v : (T, d_k) float64 arrays
    scores : (T, T) float64 array
        S = QKᵀ.
    weights : (T, T) float64 array
        A = softmax(S/√d_k), rows summing to 1.
    context : (T, d_k) float64 array
        Z = A·V.
    result : AttentionResult
        Every intermediate of the four steps.
    """

    layer: int
    head: int
    tokens: tuple[str, ...]
    q: Float64
    k: Float64
    v: Float64
    result: AttentionResult

    @property
    def scores(self) -> Float64:
        """Return S = QKᵀ, (T, T)."""
        return self.result.scores

    @property
    def weights(self) -> Float64:
        """Return A = softmax(S/√d_k), (T, T)."""
        return self.result.weights

    @property
    def context(self) -> Float64:
        """Return Z = A·V, (T, d_k)."""
        return self.result.context


@dataclass(frozen=True, eq=False)
class Forward:
    """Everything a forward pass computed for one sentence.

    Attributes
    ----------
    tokens : tuple of str
        The tokens, [CLS] and [SEP] included.
    ids : (T,) int64 array
    queries, keys, values : (layers, heads, T, d_k) float32 arrays
        Each head's Q, K and V.
    weights : (layers, heads, T, T) float32 array
        Each head's A, as the model computed it (one shared scale for an atlas).
    hidden_states : (layers + 1, T, hidden) float32 array
        The embeddings after their LayerNorm, then each layer's output.
    """

    tokens: tuple[str, ...]
    ids: NDArray[np.int64]
    queries: Float32
    keys: Float32
    values: Float32
    weights: Float32
    hidden_states: Float32

    @property
    def layers(self) -> int:
        """Return the number of layers."""
        return int(self.weights.shape[0])

    @property
    def heads(self) -> int:
        """Return the number of heads per layer."""
        return int(self.weights.shape[1])

    def head(self, layer: int, head: int) -> HeadNumbers:
        """Return one head's Q, K, V and its four steps, in float64.

        Parameters
        ----------
        layer, head : int
            Counted from 0.

        Returns
        -------
        HeadNumbers
            Its numbers.

        Raises
        ------
        InputError
            For a layer or head out of range.
        """
        if not _in_range(layer, self.layers):
            raise InputError(
                Message(
                    "layer {index!r} is out of range: from 0 to {last}",
                    index=layer,
                    last=self.layers - 1,
                )
            )
        if not _in_range(head, self.heads):
            raise InputError(
                Message(
                    "head {index!r} is out of range: from 0 to {last}",
                    index=head,
                    last=self.heads - 1,
                )
            )
        q, k, v = (
            a[layer, head].astype(np.float64) for a in (self.queries, self.keys, self.values)
        )
        return HeadNumbers(layer, head, self.tokens, q, k, v, attention(q, k, v))


def forward_bytes(config: BertConfig, count: int) -> int:
    """Return the memory a forward pass over ``count`` tokens takes, in bytes (float32).

    Every head's A, kept: layers × heads × T² (2 GB at 20,000 tokens for all-MiniLM's
    6 × 12, growing as T²); Q, K, V and the hidden states: (4 · layers + 1) × T × hidden;
    the feed-forward layer's T × intermediate and a layer's working copies of x.
    """
    weights = config.layers * config.heads * count * count
    kept = (4 * config.layers + 1) * count * config.hidden
    working = count * config.intermediate + 6 * count * config.hidden
    return 4 * (weights + kept + working)


def most_tokens(config: BertConfig, budget: int) -> int:
    """Return the most tokens whose forward pass fits in ``budget`` bytes (≤ max_tokens)."""
    a = 4 * config.layers * config.heads  # bytes per T²
    b = 4 * ((4 * config.layers + 7) * config.hidden + config.intermediate)  # bytes per T
    most = int((-b + math.sqrt(b * b + 4 * a * budget)) / (2 * a)) if budget > 0 else 0
    while most > 0 and forward_bytes(config, most) > budget:  # the square root's rounding
        most -= 1
    return min(most, config.max_tokens)


def check_memory(config: BertConfig, count: int, budget: int | None = None) -> None:
    """Raise InputError when a forward pass over ``count`` tokens would not fit in memory.

    The message says how many tokens this model on this machine allows.
    """
    budget = memory_budget() if budget is None else budget
    need = forward_bytes(config, count)
    if need > budget:
        raise InputError(
            Message(
                "the sentence makes {count:,} tokens, whose forward pass needs about {need} "
                "of memory ({layers} layers × {heads} heads × tokens²); this machine has "
                "{budget} to spare, enough for {most:,} tokens with this model: shorten "
                "the sentence",
                count=count,
                need=megabytes(need),
                layers=config.layers,
                heads=config.heads,
                budget=megabytes(budget),
                most=most_tokens(config, budget),
            )
        )


def forward(weights: BertWeights, ids: NDArray[np.int64], tokens: tuple[str, ...],
            budget: int | None = None) -> Forward:  # fmt: skip
    """Run the encoder on token ids and keep every head's Q, K, V and A.

    Parameters
    ----------
    weights : BertWeights
        The model.
    ids : (T,) int array
        Token ids, 1 ≤ T ≤ max_tokens, each below the vocabulary's size.
    tokens : tuple of str
        Their names, kept with the result.
    budget : int, optional
        The memory it may take (default: half of what the machine has free); a pass that
        needs more is refused before anything is allocated (:func:`check_memory`).

    Returns
    -------
    Forward
        Q, K, V and A of every head, and the hidden states.
    """
    config = weights.config
    count = len(ids)
    if not 1 <= count <= config.max_tokens or len(tokens) != count:
        raise InputError(
            Message(
                "a forward pass takes from 1 to {most} tokens, not {count}",
                most=config.max_tokens,
                count=count,
            )
        )
    if ids.min() < 0 or ids.max() >= config.vocabulary:
        raise InputError(Message("token ids must be from 0 to {last}", last=config.vocabulary - 1))
    check_memory(config, count, budget)
    layers, heads, d_k = config.layers, config.heads, config.head_size
    qkv_heads = np.empty((layers, 3, heads, count, d_k), dtype=np.float32)
    a = np.empty((layers, heads, count, count), dtype=np.float32)
    hidden = np.empty((layers + 1, count, config.hidden), dtype=np.float32)

    x = weights.words[ids] + weights.positions[:count] + weights.token_types[0]  # (T, hidden)
    hidden[0] = layer_norm(x, *weights.embedding_norm, config.eps)
    # shares of the tokens for the projections and the feed-forward layer, of the heads for
    # the attention, one per core (engine/real_model/parallel.py); one share on one core
    parts = shares(count)
    tokens_shares, head_shares = split(count, parts), split(heads, parts)
    gelu_elements = GELU_ELEMENTS if parts == 1 else GELU_ELEMENTS_SHARED
    gelu_rows = max(1, gelu_elements // config.intermediate)
    with one_blas_thread(parts):
        in_shares(partial(_project, weights.layers[0], hidden[0], qkv_heads[0]), tokens_shares)
        for n, layer in enumerate(weights.layers):
            z = np.empty((heads, count, d_k), dtype=np.float32)  # Z of every head
            in_shares(partial(_attend, qkv_heads[n], a[n], z), head_shares)
            # the next layer's projections right after this one's end, in the same share
            following = weights.layers[n + 1] if n + 1 < layers else None
            in_shares(partial(_feed_forward, layer, config.eps, hidden[n], z, hidden[n + 1],
                              following, qkv_heads[(n + 1) % layers], gelu_rows),
                      tokens_shares)  # fmt: skip
    return Forward(
        tokens=tokens,
        ids=np.asarray(ids, dtype=np.int64),
        queries=qkv_heads[:, 0],
        keys=qkv_heads[:, 1],
        values=qkv_heads[:, 2],
        weights=a,
        hidden_states=hidden,
    )


def _project(layer: LayerWeights, x: Float32, qkv_heads: Float32, rows: slice) -> None:
    """Write Q, K and V of the tokens ``rows`` of x (T, hidden) into qkv_heads (3, h, T, d_k)."""
    _, heads, _, d_k = qkv_heads.shape
    count = rows.stop - rows.start
    qkv = x[rows] @ layer.qkv_t  # (t, 3·hidden)
    # the bias added on the way into the heads' layout: one pass over Q, K, V, not two
    np.add(qkv.reshape(count, 3, heads, d_k).transpose(1, 2, 0, 3),
           layer.qkv_bias.reshape(3, heads, 1, d_k), out=qkv_heads[:, :, rows])  # fmt: skip


def _attend(qkv_heads: Float32, a: Float32, z: Float32, heads: slice) -> None:
    """Do steps ① to ④ for the heads ``heads``: A into a (h, T, T), Z into z (h, T, d_k)."""
    q, k, v = qkv_heads[:, heads]  # (g, T, d_k) each
    count, d_k = q.shape[1:]
    scale = np.float32(1.0 / math.sqrt(d_k))
    ones = np.ones(count, dtype=np.float32)
    safe = safe_heads(q, k, scale)  # (g,)
    # A few heads at a time, so that S stays in the cache from ① to ④: at 512 tokens a
    # layer's S is 12 MB, and the softmax's passes and A·V would each fetch it from memory
    # (one forward pass at 512 tokens: 219 → 186 ms, the same numbers).
    for group in _head_groups(heads.stop - heads.start, count):
        # ①② S/√d_k as (Q/√d_k)·Kᵀ: a pass over (g, T, d_k) rather than over (g, T, T)
        q_scaled = q[group] * scale
        whole = slice(heads.start + group.start, heads.start + group.stop)
        s = np.matmul(q_scaled, k[group].transpose(0, 2, 1), out=a[whole])
        unsafe = [int(head) for head in np.flatnonzero(~safe[group])]
        softmax_rows(s, unsafe, ones)  # ③ A, in place
        np.matmul(s, v[group], out=z[whole])  # ④ Z = A·V, (g, T, d_k)


def _feed_forward(layer: LayerWeights, eps: float, x: Float32, z: Float32, out: Float32,
                  following: LayerWeights | None, qkv_heads: Float32, gelu_rows: int,
                  rows: slice) -> None:  # fmt: skip
    """Finish the layer for the tokens ``rows``: output projection, FFN, LayerNorms, into out.

    Then, if there is a following layer, its projections of the same rows into qkv_heads.
    """
    count, hidden = rows.stop - rows.start, x.shape[1]
    joined = z[:, rows].transpose(1, 0, 2).reshape(count, hidden)  # heads joined: (t, hidden)
    attended = joined @ layer.output.T
    attended += layer.output_bias
    attended += x[rows]
    x = layer_norm(attended, *layer.attention_norm, eps)
    inner = x @ layer.intermediate.T  # (t, intermediate)
    # by blocks of rows that stay in the cache through the GELU's twenty-odd passes
    # (4.5 → 2.2 ms a layer at 512 tokens, the same numbers); see GELU_ELEMENTS
    for start in range(0, count, gelu_rows):
        block = slice(start, min(start + gelu_rows, count))
        inner[block] += layer.intermediate_bias
        gelu32(inner[block], out=inner[block])
    outer = inner @ layer.ffn_output.T  # (t, hidden)
    outer += layer.ffn_output_bias
    outer += x
    out[rows] = layer_norm(outer, *layer.ffn_norm, eps)
    if following is not None:
        _project(following, out, qkv_heads, rows)


def _head_groups(heads: int, count: int) -> list[slice]:
    """Return the groups of heads whose S (g, T, T) is about :data:`S_ELEMENTS` at most."""
    per_group = max(1, S_ELEMENTS // (count * count))
    return [slice(start, min(start + per_group, heads)) for start in range(0, heads, per_group)]


def _in_range(index: object, count: int) -> bool:
    """Return whether ``index`` is a whole number from 0 to count − 1 (not a bool)."""
    return (
        isinstance(index, (int, np.integer))
        and not isinstance(index, bool)
        and 0 <= int(index) < count
    )


def layer_norm(x: Float32, gamma: Float32, beta: Float32, eps: float) -> Float32:
    """Return LayerNorm(x) = γ·(x − mean)/√(var + ε) + β over the last axis (x is reused)."""
    x -= x.mean(axis=-1, keepdims=True)
    variance = np.mean(np.square(x), axis=-1, keepdims=True)
    variance += np.float32(eps)
    x /= np.sqrt(variance)
    x *= gamma
    x += beta
    return x


__all__ = ["Forward", "HeadNumbers", "forward", "layer_norm", "softmax_rows"]
