"""A real model's attention: load a BERT encoder from its folder, tokenize, run it.

::

    from engine import load_model, locate_model
    model = load_model(locate_model())  # all-MiniLM-L6-v2, from its package
    numbers = model.forward(model.tokenize("the cat eats fish"))
    numbers.tokens          # ('[CLS]', 'the', 'cat', 'eats', 'fish', '[SEP]')
    head = numbers.head(0, 0)  # layer 1, head 1: its real Q, K, V (6 × 32) and A

No torch and no network: the weights are read with NumPy (:mod:`.safetensors_file`), the
tokenizer follows the folder's files (:mod:`.wordpiece`), and the forward pass is
:mod:`.bert`, all three in this package. A folder that is not a BERT encoder's is refused
with an :class:`InputError` saying what is missing or unsupported.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from ..formats.files import read_bounded
from ..messages import InputError, Message
from ..system_errors import system_reason
from .bert import Forward, check_memory, forward
from .bert_config import BertConfig, read_bert_config
from .bert_weights import BertWeights, bert_weights
from .model_folder import KNOWN_MODEL, ModelFolder, identify, is_known_model
from .safetensors_file import read_safetensors
from .tokenizer_files import read_tokenizer
from .wordpiece import Tokenized, WordPiece

_T = TypeVar("_T")

#: A sentence longer than this many characters is refused before it is tokenized.
MAX_SENTENCE_CHARS = 100_000
#: Licences as model cards write them (lowercase), by their SPDX names.
_SPDX = {"apache-2.0": "Apache-2.0", "mit": "MIT", "cc-by-4.0": "CC-BY-4.0",
         "cc-by-sa-4.0": "CC-BY-SA-4.0", "bsd-3-clause": "BSD-3-Clause"}  # fmt: skip


class Model:
    """A loaded BERT encoder with its tokenizer.

    Parameters
    ----------
    folder : ModelFolder
        Where it was loaded from.
    weights : BertWeights
        Its weights.
    tokenizer : WordPiece
        Its tokenizer.
    licence : str
        The weights' licence ("Apache-2.0"), or "unknown".

    Attributes
    ----------
    folder, weights, tokenizer
        As given.
    """

    def __init__(self, folder: ModelFolder, weights: BertWeights, tokenizer: WordPiece,
                 licence: str) -> None:  # fmt: skip
        self.folder = folder
        self.weights = weights
        self.tokenizer = tokenizer
        self._licence = licence

    @property
    def config(self) -> BertConfig:
        """Return the model's sizes."""
        return self.weights.config

    @property
    def name(self) -> str:
        """Return the model's name ("sentence-transformers/all-MiniLM-L6-v2")."""
        return self.folder.name

    @property
    def revision(self) -> str | None:
        """Return the model's revision, when known."""
        return self.folder.revision

    @property
    def layers(self) -> int:
        """Return the number of encoder layers (6)."""
        return self.config.layers

    @property
    def heads(self) -> int:
        """Return the number of heads per layer (12)."""
        return self.config.heads

    @property
    def head_size(self) -> int:
        """Return d_k, one head's width (32)."""
        return self.config.head_size

    @property
    def hidden(self) -> int:
        """Return the width of a token's vector (384)."""
        return self.config.hidden

    @property
    def max_tokens(self) -> int:
        """Return the most tokens a sentence may have, [CLS] and [SEP] included (512)."""
        return self.config.max_tokens

    @property
    def licence(self) -> str:
        """Return the weights' licence ("Apache-2.0"), or "unknown"."""
        return self._licence

    @property
    def attribution_message(self) -> Message:
        """Return the line that figures showing the model's numbers carry, to translate."""
        return Message("Model: {name} ({licence} licence)", name=self.name, licence=self.licence)

    @property
    def attribution(self) -> str:
        """Return the attribution line in English."""
        return str(self.attribution_message)

    def tokenize(self, sentence: str) -> Tokenized:
        """Return a sentence as the model's tokens, [CLS] first and [SEP] last.

        Parameters
        ----------
        sentence : str
            The text.

        Returns
        -------
        Tokenized
            Its tokens, ids and which are [UNK].

        Raises
        ------
        InputError
            For an empty sentence, or one of more tokens than the model has positions or
            this machine has memory for.
        """
        if len(sentence) > MAX_SENTENCE_CHARS:
            raise InputError(
                Message(
                    "the sentence has {count:,} characters; at most {most:,}",
                    count=len(sentence),
                    most=MAX_SENTENCE_CHARS,
                )
            )
        broken = next((i for i, c in enumerate(sentence) if "\ud800" <= c <= "\udfff"), None)
        if broken is not None:  # a byte the console could not decode ("surrogates not allowed")
            raise InputError(
                Message(
                    "the sentence is not valid text at character {index}: a byte that is no "
                    "UTF-8 character; type it again, or set the console to UTF-8",
                    index=broken + 1,
                )
            )
        tokenized = self.tokenizer.tokenize(sentence)
        if len(tokenized) <= 2:
            raise InputError(Message("the sentence is empty: type a few words"))
        if len(tokenized) > self.max_tokens:
            raise InputError(
                Message(
                    "the sentence makes {count} tokens with [CLS] and [SEP]; the model takes "
                    "at most {most}",
                    count=len(tokenized),
                    most=self.max_tokens,
                )
            )
        check_memory(self.config, len(tokenized))  # said before the pass, with what fits
        return tokenized

    def forward(self, tokenized: Tokenized) -> Forward:
        """Run the model on a tokenized sentence.

        Parameters
        ----------
        tokenized : Tokenized
            From :meth:`tokenize`.

        Returns
        -------
        Forward
            Every layer's and head's Q, K, V and A, and the hidden states.
        """
        return forward(self.weights, tokenized.ids, tokenized.tokens)


def load_model(folder: ModelFolder | Path) -> Model:
    """Load a BERT encoder and its tokenizer from a folder in the Hugging Face layout.

    Parameters
    ----------
    folder : ModelFolder or Path
        A folder with config.json, model.safetensors and tokenizer.json or vocab.txt.

    Returns
    -------
    Model
        The model, ready to tokenize and run.

    Raises
    ------
    InputError
        For a folder that is missing a file, or whose files are not a BERT encoder's: the
        message names the file and what is wrong with it.
    """
    found = folder if isinstance(folder, ModelFolder) else identify(Path(folder), "chosen")
    path = found.path
    if path.exists() and not path.is_dir():
        raise InputError(Message("{folder} is not a folder: choose the folder that holds "
                                 "config.json and model.safetensors", folder=path))  # fmt: skip
    if not path.is_dir():
        raise InputError(Message("the model folder {folder} does not exist", folder=path))
    for name in ("config.json", "model.safetensors"):
        if not (path / name).exists():
            raise InputError(
                Message("the model folder {folder} has no {file}", folder=path, file=name)
            )
    config = _reading("config.json", lambda: read_bert_config(path / "config.json"))
    tokenizer = _reading("tokenizer.json", lambda: read_tokenizer(path))
    tensors = _reading("model.safetensors", lambda: read_safetensors(path / "model.safetensors"))
    largest = max(tokenizer.vocabulary.values())
    if largest >= config.vocabulary:
        raise InputError(
            Message(
                "the tokenizer has ids up to {largest}, but the model has {rows} word embeddings "
                "(vocab_size)",
                largest=largest,
                rows=config.vocabulary,
            )
        )
    weights = bert_weights(tensors, config)
    return Model(found, weights, tokenizer, _licence(path))


def _reading(file: str, read: Callable[[], _T]) -> _T:
    """Return ``read()``, with an OSError said as a message naming the file.

    The error's own ``filename`` is not enough: a read that fails after the open (an I/O
    error, ``/proc/self/mem``) has none, and the message said "cannot read None".
    """
    try:
        return read()
    except IsADirectoryError as error:
        name = Path(error.filename).name if error.filename else file
        raise InputError(Message("{file} is a folder, not a file", file=name)) from None
    except OSError as error:
        name = Path(error.filename).name if error.filename else file
        raise InputError(
            Message("cannot read {file}: {reason}", file=name, reason=system_reason(error))
        ) from None


def _licence(folder: Path) -> str:
    """Return the weights' licence: the known model's, else the model card's ``license:``."""
    if is_known_model(folder):
        return KNOWN_MODEL[2]
    try:
        card = read_bounded(folder / "README.md", 2**20).decode("utf-8", errors="replace")
    except (OSError, ValueError):
        return "unknown"
    lines = card.splitlines()
    if not lines or lines[0].strip() != "---":
        return "unknown"
    for line in lines[1:]:
        if line.strip() == "---":
            break
        key, _, value = line.partition(":")
        if key.strip() == "license" and value.strip():
            licence = value.strip().strip("'\"")
            return _SPDX.get(licence.lower(), licence)
    return "unknown"


__all__ = ["MAX_SENTENCE_CHARS", "Model", "load_model"]
