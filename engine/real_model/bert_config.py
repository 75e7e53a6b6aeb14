"""A BERT model's ``config.json``, checked: what the forward pass needs and nothing it cannot do.

The engine runs BERT-family encoders of the Hugging Face layout (``model_type`` "bert",
architecture ``BertModel`` or one of its heads): absolute positions, post-LayerNorm
layers, the exact-erf GELU. A config that asks for anything else (another architecture,
another activation, relative positions, a decoder) is refused with a message that names
the field and the value, before a byte of the weights is read.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from ..formats.json_file import read_json_object
from ..messages import InputError, Message

#: config.json is under a kilobyte; a megabyte is generous.
MAX_CONFIG_BYTES = 2**20
#: The activations the forward pass computes (the erf GELU under its Hugging Face names).
ACTIVATIONS = ("gelu",)
#: Sizes beyond these are not a model this app could hold or show.
_LIMITS = {
    "hidden_size": 8192,
    "num_attention_heads": 256,
    "num_hidden_layers": 128,
    "intermediate_size": 65536,
    "max_position_embeddings": 65536,
    "vocab_size": 10_000_000,
    "type_vocab_size": 1024,
}


@dataclass(frozen=True)
class BertConfig:
    """The sizes of a BERT encoder, as its config.json gives them.

    Attributes
    ----------
    hidden : int
        The width of a token's vector (``hidden_size``, 384 for all-MiniLM-L6-v2).
    heads : int
        Attention heads per layer (``num_attention_heads``).
    layers : int
        Encoder layers (``num_hidden_layers``).
    intermediate : int
        The width of the feed-forward layer (``intermediate_size``).
    max_tokens : int
        Positions the model has embeddings for (``max_position_embeddings``).
    vocabulary : int
        Rows of the word embeddings (``vocab_size``).
    token_types : int
        Rows of the token-type embeddings (``type_vocab_size``).
    eps : float
        The LayerNorm's ε (``layer_norm_eps``).
    name_or_path : str
        ``_name_or_path``, or "" when there is none.
    """

    hidden: int
    heads: int
    layers: int
    intermediate: int
    max_tokens: int
    vocabulary: int
    token_types: int
    eps: float
    name_or_path: str = ""

    @property
    def head_size(self) -> int:
        """Return d_k, the width of one head's queries, keys and values."""
        return self.hidden // self.heads


def read_bert_config(path: Path) -> BertConfig:
    """Return the checked config of a BERT encoder.

    Parameters
    ----------
    path : Path
        The ``config.json`` file.

    Returns
    -------
    BertConfig
        Its sizes.

    Raises
    ------
    InputError
        For a file that is not JSON, a model that is not a BERT encoder, a missing or
        impossible size; ``where`` is "config.json".
        A file that cannot be read, is too large or is nested too deeply is an InputError
        too (:class:`engine.formats.json_file.JsonFileError`).
    """
    return bert_config(read_json_object(path, MAX_CONFIG_BYTES), path.name)


def bert_config(config: dict[str, object], file: str = "config.json") -> BertConfig:
    """Return the sizes of a BERT encoder from its parsed config, or raise InputError.

    Parameters
    ----------
    config : dict
        The parsed ``config.json``.
    file : str, optional
        The file's name, for the messages.

    Returns
    -------
    BertConfig
        Its sizes.
    """
    _check_architecture(config, file)
    sizes = {name: _size(config, name, file) for name in _LIMITS if name != "type_vocab_size"}
    sizes["type_vocab_size"] = _size(config, "type_vocab_size", file, default=2)
    if sizes["hidden_size"] % sizes["num_attention_heads"]:
        raise InputError(
            Message(
                "hidden_size {hidden} cannot be split into {heads} heads of equal width",
                hidden=sizes["hidden_size"],
                heads=sizes["num_attention_heads"],
            ),
            file,
        )
    eps = config.get("layer_norm_eps", 1e-12)
    if (
        not isinstance(eps, (int, float))
        or isinstance(eps, bool)
        or not math.isfinite(eps)
        or not 0 < eps < 1
    ):
        raise InputError(
            Message("layer_norm_eps must be a small positive number, not {value!r}", value=eps),
            file,
        )
    name = config.get("_name_or_path", "")
    return BertConfig(
        hidden=sizes["hidden_size"],
        heads=sizes["num_attention_heads"],
        layers=sizes["num_hidden_layers"],
        intermediate=sizes["intermediate_size"],
        max_tokens=sizes["max_position_embeddings"],
        vocabulary=sizes["vocab_size"],
        token_types=sizes["type_vocab_size"],
        eps=float(eps),
        name_or_path=name if isinstance(name, str) else "",
    )


def _check_architecture(config: dict[str, object], file: str) -> None:
    """Raise InputError unless the config describes a BERT encoder the forward pass can run."""
    model_type = config.get("model_type")
    architectures = config.get("architectures")
    names = architectures if isinstance(architectures, list) else []
    if model_type != "bert":
        raise InputError(
            Message(
                "model_type is {model_type!r} (architecture {architecture}): only BERT "
                'encoders (model_type "bert") can be opened',
                model_type=model_type,
                architecture=", ".join(str(n) for n in names) or "not given",
            ),
            file,
        )
    if names and not all(isinstance(n, str) and n.startswith("Bert") for n in names):
        raise InputError(
            Message(
                "architecture {architecture} is not a BERT encoder (BertModel and its heads)",
                architecture=", ".join(str(n) for n in names),
            ),
            file,
        )
    activation = config.get("hidden_act", "gelu")
    if activation not in ACTIVATIONS:
        raise InputError(
            Message(
                "hidden_act {activation!r} is not supported: the forward pass computes the "
                'exact GELU ("gelu") only',
                activation=activation,
            ),
            file,
        )
    positions = config.get("position_embedding_type", "absolute")
    if positions != "absolute":
        raise InputError(
            Message(
                "position_embedding_type {positions!r} is not supported, only absolute positions",
                positions=positions,
            ),
            file,
        )
    if config.get("is_decoder") is True or config.get("add_cross_attention") is True:
        raise InputError(
            Message("it describes a decoder; only an encoder's attention can be opened"), file
        )


def _size(config: dict[str, object], name: str, file: str, default: int | None = None) -> int:
    """Return a positive integer field of the config, or raise InputError naming it."""
    value = config.get(name, default)
    if value is None:
        raise InputError(Message("{field} is missing", field=name), file)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= _LIMITS[name]:
        raise InputError(
            Message(
                "{field} must be a whole number from 1 to {most:,}, not {value!r}",
                field=name,
                most=_LIMITS[name],
                value=value,
            ),
            file,
        )
    return value


__all__ = ["ACTIVATIONS", "BertConfig", "bert_config", "read_bert_config"]
