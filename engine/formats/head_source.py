"""Where a head's numbers came from: a real model, a layer, a head and a sentence.

A session made from a sentence keeps this beside its Q, K and V (the ``"source"`` field of
version 2 of the session format), with the model's own Q, K and V, so that the file opens on
a machine without the model, says whose numbers they are, and can give them back after an
edit. Figures and handouts of such a session carry ``attribution``, as the weights' licence
asks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..messages import Message
from ..vocabulary import MAX_TOKEN_CHARS
from .preset_errors import PresetError, _shown
from .preset_fields import read_heads

Matrix = NDArray[np.float64]

#: The text fields of ``"source"`` (besides the revision, which may be null).
_TEXTS = ("model", "sentence", "licence", "attribution")
#: The longest each may be: a sentence as long as the model takes typed
#: (engine.real_model.model.MAX_SENTENCE_CHARS), a name or a licence a line. A 1 MB sentence
#: made ``export --format png`` lay out its captions for minutes.
MAX_TEXT_CHARS = {"model": 1_000, "sentence": 100_000, "licence": 1_000, "attribution": 1_000,
                  "revision": 1_000}  # fmt: skip
#: How much of the sentence a figure's line or a title quotes; the rest is "…".
QUOTED_CHARS = 120


def quoted(sentence: str) -> str:
    """Return the sentence as a one-line credit quotes it: at most QUOTED_CHARS, one line."""
    line = " ".join(sentence[: QUOTED_CHARS * 4].split())
    return line if len(line) <= QUOTED_CHARS else line[: QUOTED_CHARS - 1] + "…"


@dataclass(frozen=True, eq=False)
class HeadSource:
    """A real model's head that Q, K and V were taken from (layers and heads from 1)."""

    model: str  # "sentence-transformers/all-MiniLM-L6-v2"
    revision: str | None  # the model's revision (a commit), when known
    layer: int
    head: int
    sentence: str
    licence: str  # of the weights: "Apache-2.0"
    attribution: str  # the line figures carry
    tokens: tuple[str, ...]  # the model's tokens of the sentence ([CLS] … [SEP])
    q: Matrix  # the model's own Q, K and V of that head (L × d_k, L × d_k, L × d_v)
    k: Matrix
    v: Matrix
    heads: int = 1  # more: Q, K and V are the whole layer's, its heads side by side

    @property
    def is_layer(self) -> bool:
        """Return True for a whole layer (every head; ``head`` is the one shown first)."""
        return self.heads > 1

    def describe(self) -> Message:
        """Return where the numbers come from, in one line for a figure or a title."""
        if self.is_layer:
            return Message(
                "{model}, layer {layer}, its {heads} heads: “{sentence}”",
                model=self.model,
                layer=self.layer,
                heads=self.heads,
                sentence=quoted(self.sentence),
            )
        return Message(
            "{model}, layer {layer}, head {head}: “{sentence}”",
            model=self.model,
            layer=self.layer,
            head=self.head,
            sentence=quoted(self.sentence),
        )

    def credit(self) -> Message:
        """Return the attribution its licence asks for, to translate (as the model's own)."""
        return Message("Model: {name} ({licence} licence)", name=self.model, licence=self.licence)

    def matches(self, tokens: tuple[str, ...], q: Matrix, k: Matrix, v: Matrix) -> bool:
        """Return True while the tokens, Q, K and V are still the model's own."""
        return tokens == self.tokens and all(
            a.shape == b.shape and np.array_equal(a, b)
            for a, b in ((q, self.q), (k, self.k), (v, self.v))
        )


def _is_text(text: object) -> bool:
    try:
        str(text).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _matrix(raw: object, name: str, rows: int, cols: int | None) -> Matrix:
    """Read ``rows`` lists of ``cols`` finite numbers (of any one width if None)."""
    field = f"source.{name}"
    width = len(raw[0]) if isinstance(raw, list) and raw and isinstance(raw[0], list) else 0
    cols = width if cols is None else cols
    if (
        not isinstance(raw, list)
        or len(raw) != rows
        or cols < 1
        or not all(isinstance(row, list) and len(row) == cols for row in raw)
        or not all(type(x) in (int, float) for row in raw for x in row)
    ):
        raise PresetError(
            field, Message("must be {rows} rows of {cols} numbers", rows=rows, cols=max(cols, 1))
        )
    matrix = np.array(raw, dtype=np.float64)
    if not np.isfinite(matrix).all():
        raise PresetError(field, Message("must hold finite numbers only"))
    return matrix


def read_source(data: dict[str, Any]) -> HeadSource | None:
    """Return the file's head source, or None (the session's numbers were typed)."""
    raw = data.get("source")
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise PresetError("source", Message("must be an object or null"))
    for name in _TEXTS:
        if not isinstance(raw.get(name), str):
            raise PresetError(
                f"source.{name}",
                Message("must be text, not {value}", value=_shown(raw.get(name))),
            )
    revision = raw.get("revision")
    tokens = raw.get("tokens")
    if not isinstance(tokens, list) or not tokens or not all(isinstance(t, str) for t in tokens):
        raise PresetError("source.tokens", Message("must be a list of token names"))
    texts = [raw[name] for name in _TEXTS] + tokens + ([revision] if revision else [])
    if not all(_is_text(t) for t in texts):  # "\ud800" in JSON is half a character
        raise PresetError("source", Message("holds half of a UTF-16 pair, which is not text"))
    if revision is not None and not isinstance(revision, str):
        raise PresetError(
            "source.revision", Message("must be text or null, not {value}", value=_shown(revision))
        )
    for name, most in MAX_TEXT_CHARS.items():
        text = raw.get(name) or ""
        if len(text) > most:
            raise PresetError(
                f"source.{name}",
                Message(
                    "has {count:,} characters; at most {most:,} are allowed: shorten it",
                    count=len(text),
                    most=most,
                ),
            )
    for index, token in enumerate(tokens):
        if len(token) > MAX_TOKEN_CHARS:
            raise PresetError(
                f"source.tokens[{index}]",
                Message("is longer than {most} characters", most=MAX_TOKEN_CHARS),
            )
    places = {}
    for name in ("layer", "head"):
        value = raw.get(name)
        if type(value) is not int or value < 1:
            raise PresetError(
                f"source.{name}",
                Message("must be a whole number from 1, not {value}", value=_shown(value)),
            )
        places[name] = value
    q = _matrix(raw.get("q"), "q", len(tokens), None)
    k = _matrix(raw.get("k"), "k", len(tokens), q.shape[1])
    v = _matrix(raw.get("v"), "v", len(tokens), None)
    # a whole layer's (absent: one head, as files before it), checked as the file's heads are
    heads = read_heads(raw, q.shape[1], v.shape[1], field="source.heads")
    return HeadSource(raw["model"], revision, places["layer"], places["head"], raw["sentence"],
                      raw["licence"], raw["attribution"], tuple(tokens), q, k, v,
                      heads)  # fmt: skip


def source_to_dict(source: HeadSource) -> dict[str, Any]:
    """Return the ``"source"`` field of a session file (the inverse of ``read_source``)."""
    return {
        "model": source.model,
        "revision": source.revision,
        "layer": source.layer,
        "head": source.head,
        "sentence": source.sentence,
        "licence": source.licence,
        "attribution": source.attribution,
        "tokens": list(source.tokens),
        "q": source.q.tolist(),
        "k": source.k.tolist(),
        "v": source.v.tolist(),
    } | ({"heads": source.heads} if source.is_layer else {})
