"""A model folder's tokenizer: ``tokenizer.json`` when there is one, else ``vocab.txt``.

``tokenizer.json`` is what the ``tokenizers`` library runs, so it wins: its normalizer,
pre-tokenizer and model must be BERT's (``BertNormalizer``, ``BertPreTokenizer``,
``WordPiece``), and anything else is refused by name. Its padding and truncation (to 128
in all-MiniLM-L6-v2's) are not followed: the app shows a sentence's own tokens, and the
limit is the model's positions. Without it, ``vocab.txt`` gives the vocabulary (one token a
line, its line number the id) and ``tokenizer_config.json``, when present, the settings.
"""

from __future__ import annotations

from pathlib import Path

from ..formats.json_file import read_json_object, read_text_bytes
from ..messages import InputError, Message
from .wordpiece import WordPiece, WordPieceSettings

#: all-MiniLM-L6-v2's tokenizer.json is 466 kB, bert-base-chinese's 269 kB.
MAX_TOKENIZER_BYTES = 64 * 2**20
#: The longest word WordPiece splits; longer ones are [UNK] (BERT's own limit is 100).
MAX_WORD_CHARS = 200
#: Added special tokens: BERT has 5, models with tags a few hundred.
MAX_SPECIALS = 1_000
#: Its vocab.txt is 232 kB.
MAX_VOCABULARY_BYTES = 16 * 2**20
#: What a BERT tokenizer.json must be made of, by part.
_EXPECTED = {
    "normalizer": "BertNormalizer",
    "pre_tokenizer": "BertPreTokenizer",
    "model": "WordPiece",
}


def read_tokenizer(folder: Path) -> WordPiece:
    """Return the tokenizer of a model folder.

    Parameters
    ----------
    folder : Path
        A folder with ``tokenizer.json``, or ``vocab.txt`` (and perhaps
        ``tokenizer_config.json``).

    Returns
    -------
    WordPiece
        The tokenizer.

    Raises
    ------
    InputError
        When the folder has neither file, or one that is not a BERT tokenizer.
    OSError
        When a file cannot be read.
    """
    if (folder / "tokenizer.json").exists():
        return _from_tokenizer_json(folder / "tokenizer.json")
    if (folder / "vocab.txt").exists():
        return _from_vocab_txt(folder)
    raise InputError(
        Message("the model folder {folder} has neither tokenizer.json nor vocab.txt", folder=folder)
    )


def _json_object(path: Path, limit: int) -> dict[str, object]:
    """Return a JSON file's object, or raise InputError naming the file."""
    return read_json_object(path, limit)


def _part(document: dict[str, object], name: str) -> dict[str, object]:
    """Return one part of tokenizer.json, checked to be the BERT kind."""
    part = document.get(name)
    kind = part.get("type") if isinstance(part, dict) else None
    if not isinstance(part, dict) or kind != _EXPECTED[name]:
        raise InputError(
            Message(
                "its {part} is {kind!r}; a BERT tokenizer has {expected}",
                part=name,
                kind=kind,
                expected=_EXPECTED[name],
            ),
            "tokenizer.json",
        )
    return part


def _from_tokenizer_json(path: Path) -> WordPiece:
    """Return the tokenizer that a tokenizer.json describes."""
    document = _json_object(path, MAX_TOKENIZER_BYTES)
    normalizer = _part(document, "normalizer")
    _part(document, "pre_tokenizer")
    model = _part(document, "model")
    vocabulary = model.get("vocab")
    if (
        not isinstance(vocabulary, dict)
        or not vocabulary
        or not all(
            isinstance(i, int) and not isinstance(i, bool) and i >= 0 for i in vocabulary.values()
        )
    ):
        raise InputError(Message("its model has no vocabulary of tokens and ids"), "tokenizer.json")
    lowercase = normalizer.get("lowercase", True) is not False
    strip = normalizer.get("strip_accents")
    added = document.get("added_tokens")
    specials = tuple(
        str(token["content"])
        for token in (added if isinstance(added, list) else [])
        if isinstance(token, dict) and token.get("content")
    )
    if len(specials) > MAX_SPECIALS:  # each is looked for in the sentence: 200,000 took 19 s
        raise InputError(
            Message(
                "it adds {count:,} special tokens; a tokenizer this app runs has at most "
                "{most:,} (BERT's has 5)",
                count=len(specials),
                most=MAX_SPECIALS,
            ),
            "tokenizer.json",
        )
    first, last = _template_ends(document.get("post_processor"))
    settings = WordPieceSettings(
        lowercase=lowercase,
        strip_accents=lowercase if strip is None else strip is True,
        clean_text=normalizer.get("clean_text", True) is not False,
        split_cjk=normalizer.get("handle_chinese_chars", True) is not False,
        unknown=str(model.get("unk_token", "[UNK]")),
        first=first,
        last=last,
        prefix=str(model.get("continuing_subword_prefix", "##")),
        # a word over this is [UNK]: WordPiece's greedy match costs its length squared, and
        # 10⁹ with a 100,000-character word ran for minutes. BERT's is 100.
        longest_word=min(_whole(model.get("max_input_chars_per_word"), 100), MAX_WORD_CHARS),
        specials=specials,
    )
    return _checked(WordPiece(vocabulary, settings), "tokenizer.json")


def _checked(tokenizer: WordPiece, file: str) -> WordPiece:
    """Return the tokenizer if its vocabulary has its [UNK], [CLS] and [SEP], else raise."""
    settings = tokenizer.settings
    for token in (settings.unknown, settings.first, settings.last):
        if token not in tokenizer.vocabulary:
            raise InputError(Message("its vocabulary has no {token}", token=token), file)
    return tokenizer


def _template_ends(processor: object) -> tuple[str, str]:
    """Return the tokens a post-processor puts around one sentence: [CLS] and [SEP]."""
    if isinstance(processor, dict) and processor.get("type") == "BertProcessing":
        cls, sep = processor.get("cls"), processor.get("sep")
        if isinstance(cls, list) and isinstance(sep, list) and cls and sep:
            return str(cls[0]), str(sep[0])
    if isinstance(processor, dict) and isinstance(processor.get("single"), list):
        single = processor["single"]
        specials = [
            item["SpecialToken"]["id"]
            for item in single
            if isinstance(item, dict) and isinstance(item.get("SpecialToken"), dict)
        ]
        if len(specials) == 2 and isinstance(single[0], dict) and "SpecialToken" in single[0]:
            return str(specials[0]), str(specials[1])
    return "[CLS]", "[SEP]"


def _whole(value: object, default: int) -> int:
    """Return a positive whole number from a file, or the default."""
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    return default


def _from_vocab_txt(folder: Path) -> WordPiece:
    """Return the tokenizer of vocab.txt, with tokenizer_config.json's settings if present."""
    raw = read_text_bytes(folder / "vocab.txt", MAX_VOCABULARY_BYTES)
    try:
        lines = raw.decode("utf-8").split("\n")
    except UnicodeDecodeError as error:
        raise InputError(
            Message("it is not UTF-8 text ({reason})", reason=error), "vocab.txt"
        ) from None
    if lines and lines[-1] == "":
        lines.pop()
    vocabulary = {line.removesuffix("\r"): index for index, line in enumerate(lines)}
    if not vocabulary:
        raise InputError(Message("it is empty"), "vocab.txt")
    config: dict[str, object] = {}
    if (folder / "tokenizer_config.json").exists():
        config = _json_object(folder / "tokenizer_config.json", MAX_VOCABULARY_BYTES)
    lowercase = config.get("do_lower_case", True) is not False
    strip = config.get("strip_accents")
    names = {key: config.get(f"{key}_token") for key in ("unk", "cls", "sep", "pad", "mask")}
    tokens = {
        key: value if isinstance(value, str) else f"[{key.upper()}]" for key, value in names.items()
    }
    settings = WordPieceSettings(
        lowercase=lowercase,
        strip_accents=lowercase if strip is None else strip is True,
        split_cjk=config.get("tokenize_chinese_chars", True) is not False,
        unknown=tokens["unk"],
        first=tokens["cls"],
        last=tokens["sep"],
        specials=tuple(t for t in tokens.values() if t in vocabulary),
    )
    return _checked(WordPiece(vocabulary, settings), "vocab.txt")


__all__ = ["MAX_TOKENIZER_BYTES", "MAX_VOCABULARY_BYTES", "read_tokenizer"]
