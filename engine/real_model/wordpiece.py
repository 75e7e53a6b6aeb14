"""BERT's WordPiece tokenizer, following a model's ``tokenizer.json`` or ``vocab.txt``.

It does what the ``tokenizers`` library does with a ``BertNormalizer``, a
``BertPreTokenizer`` and a ``WordPiece`` model, step by step:

1. special tokens written in the text (``[MASK]``) are kept whole;
2. the text is cleaned: NUL, U+FFFD and control characters go, whitespace becomes a space;
3. each CJK ideograph gets a space on either side, so it is a word of its own;
4. accents are stripped (NFD, then the non-spacing marks go), when the tokenizer says so
   (by default when it lowercases);
5. each character is lowercased on its own (Σ is σ even at the end of a word, as in Rust);
6. words are split at whitespace, and every punctuation character is a word of its own
   (ASCII punctuation, ``$+<=>^`|~`` included, and every Unicode P* character);
7. each word is cut into the longest pieces found in the vocabulary, left to right, each
   after the first with the ``##`` prefix; a word with a piece not found, or over 100
   characters, is one ``[UNK]``;
8. ``[CLS]`` goes first and ``[SEP]`` last.

``tests/engine/test_wordpiece.py`` holds what the ``tokenizers`` library gives for the real
model's files on accents, CJK, punctuation, emoji, long words and control characters. Run
on every code point against tokenizers 0.23.3, it differs on 503 of them, all characters
that Unicode assigned after the tables of that library (Python 3.11 has Unicode 14): it
splits U+061D as punctuation, for instance, where the library keeps it in the word.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

#: The ranges of CJK ideographs that BERT splits one by one, as the tokenizers library has them.
_CJK = (
    (0x4E00, 0x9FFF),
    (0x3400, 0x4DBF),
    (0x20000, 0x2A6DF),
    (0x2A700, 0x2B73F),
    (0x2B740, 0x2B81F),
    (0x2B920, 0x2CEAF),  # so the tokenizers library (BERT's Python has 0x2B820)
    (0xF900, 0xFAFF),
    (0x2F800, 0x2FA1F),
)


#: The categories that cleaning removes. Unassigned code points (Cn) stay, as in the
#: tokenizers library, whose tables list assigned characters only.
_CONTROL = frozenset(("Cc", "Cf", "Co"))


@dataclass(frozen=True, eq=False)
class Tokenized:
    """A sentence as the model's tokens.

    Attributes
    ----------
    tokens : tuple of str
        The tokens, [CLS] first and [SEP] last; pieces after the first of a word start
        with ``##``.
    ids : (T,) int64 array
        Their rows in the vocabulary.
    unknown : tuple of bool
        True for a token the vocabulary has no pieces for ([UNK]).
    """

    tokens: tuple[str, ...]
    ids: NDArray[np.int64]
    unknown: tuple[bool, ...]

    def __len__(self) -> int:
        """Return T, the number of tokens."""
        return len(self.tokens)


@dataclass(frozen=True)
class WordPieceSettings:
    """How a BERT tokenizer normalises and splits, as its files say.

    Attributes
    ----------
    lowercase : bool
    strip_accents : bool
    clean_text : bool
    split_cjk : bool
    unknown, first, last : str
        The [UNK], [CLS] and [SEP] tokens.
    prefix : str
        The continuation prefix, ``##``.
    longest_word : int
        Characters beyond which a word is [UNK] (100).
    specials : tuple of str
        Tokens kept whole wherever they are written ([CLS], [SEP], [MASK], …).
    """

    lowercase: bool = True
    strip_accents: bool = True
    clean_text: bool = True
    split_cjk: bool = True
    unknown: str = "[UNK]"
    first: str = "[CLS]"
    last: str = "[SEP]"
    prefix: str = "##"
    longest_word: int = 100
    specials: tuple[str, ...] = ()


class WordPiece:
    """A WordPiece tokenizer over a vocabulary.

    Parameters
    ----------
    vocabulary : dict of str to int
        Token → id.
    settings : WordPieceSettings
        How to normalise and split.
    """

    def __init__(self, vocabulary: dict[str, int], settings: WordPieceSettings) -> None:
        self.vocabulary = vocabulary
        self.settings = settings
        # Longest first, so that "[MASK]" is not taken for a shorter special inside it.
        self._specials = sorted((s for s in settings.specials if s), key=len, reverse=True)

    def pieces(self, text: str) -> list[str]:
        """Return the tokens of a text, without [CLS] and [SEP].

        Parameters
        ----------
        text : str
            Any text.

        Returns
        -------
        list of str
            The WordPiece tokens.
        """
        tokens: list[str] = []
        for part, special in self._split_specials(text):
            if special:
                tokens.append(part)
                continue
            for word in self.words(self.normalized(part)):
                tokens.extend(self.word_pieces(word))
        return tokens

    def tokenize(self, text: str) -> Tokenized:
        """Return a text as the model's tokens, with [CLS] first and [SEP] last.

        Parameters
        ----------
        text : str
            Any text.

        Returns
        -------
        Tokenized
            Tokens, ids and which tokens are unknown.
        """
        tokens = (self.settings.first, *self.pieces(text), self.settings.last)
        unknown_id = self.vocabulary.get(self.settings.unknown, 0)
        ids = np.array([self.vocabulary.get(t, unknown_id) for t in tokens], dtype=np.int64)
        unknown = tuple(t == self.settings.unknown for t in tokens)
        return Tokenized(tokens, ids, unknown)

    def _split_specials(self, text: str) -> Iterator[tuple[str, bool]]:
        """Yield the parts of ``text``: special tokens written in it, and the text between."""
        start = 0
        while self._specials:
            # the earliest special from here on; at one place, the longest (they are sorted so)
            hits = [(text.find(s, start), s) for s in self._specials]
            hits = [(at, s) for at, s in hits if at >= 0]
            if not hits:
                break
            at, found = min(hits, key=lambda hit: hit[0])
            if at > start:
                yield text[start:at], False
            yield found, True
            start = at + len(found)
        if start < len(text):
            yield text[start:], False

    def normalized(self, text: str) -> str:
        """Return the text cleaned, CJK spaced, accents stripped and lowercased (steps 2–5)."""
        settings = self.settings
        if settings.clean_text:
            text = "".join(
                " " if _is_whitespace(c) else c
                for c in text
                if c not in "\x00\ufffd" and not _is_control(c)
            )
        if settings.split_cjk:
            text = "".join(f" {c} " if _is_cjk(c) else c for c in text)
        if settings.strip_accents:
            text = "".join(
                c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn"
            )
        if settings.lowercase:
            text = "".join(c.lower() for c in text)
        return text

    @staticmethod
    def words(text: str) -> list[str]:
        """Return the words of a normalised text: split at whitespace and around punctuation."""
        words: list[str] = []
        current: list[str] = []
        for c in text:
            if _is_whitespace(c) or _is_punctuation(c):
                if current:
                    words.append("".join(current))
                    current = []
                if not _is_whitespace(c):
                    words.append(c)
            else:
                current.append(c)
        if current:
            words.append("".join(current))
        return words

    def word_pieces(self, word: str) -> list[str]:
        """Return the longest-match-first pieces of one word, or [UNK] when it has none."""
        settings = self.settings
        if len(word) > settings.longest_word:
            return [settings.unknown]
        pieces: list[str] = []
        start = 0
        while start < len(word):
            for end in range(len(word), start, -1):
                piece = word[start:end] if start == 0 else settings.prefix + word[start:end]
                if piece in self.vocabulary:
                    pieces.append(piece)
                    start = end
                    break
            else:
                return [settings.unknown]
        return pieces


def _is_whitespace(c: str) -> bool:
    """Return whether ``c`` is whitespace as Rust's ``char::is_whitespace`` says."""
    return c in " \t\n\r" or (c.isspace() and unicodedata.category(c) != "Cc") or c == "\x85"


def _is_control(c: str) -> bool:
    """Return whether ``c`` is a control character (Cc, Cf, Co; tab and newlines are not)."""
    return c not in "\t\n\r" and unicodedata.category(c) in _CONTROL


def _is_punctuation(c: str) -> bool:
    """Return whether ``c`` is ASCII punctuation or in a Unicode P* category."""
    code = ord(c)
    if 33 <= code <= 47 or 58 <= code <= 64 or 91 <= code <= 96 or 123 <= code <= 126:
        return True
    return unicodedata.category(c).startswith("P")


def _is_cjk(c: str) -> bool:
    """Return whether ``c`` is a CJK ideograph, which BERT makes a word of its own."""
    code = ord(c)
    return any(low <= code <= high for low, high in _CJK)


__all__ = ["Tokenized", "WordPiece", "WordPieceSettings"]
