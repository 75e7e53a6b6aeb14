"""Presets and session files: one versioned JSON format (documented in README.md).

A file holds the tokens and the inputs, either Q, K, V directly or X with W_q, W_k,
W_v (projection mode, Q = X·W_q …), plus the settings of a session. The loader checks
everything (types, shapes, finiteness, sizes, file size) and raises one exception type,
:class:`PresetError`, whose message names the field that is wrong.
"""

from __future__ import annotations

import json
import math
import os
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from ..lesson._checks import Matrix
from ..lesson.attention import project
from ..messages import InputError, Message
from ..system_errors import system_reason
from ..vocabulary import (
    MAX_DIM,
    MAX_FILE_BYTES,
    MAX_TOKEN_CHARS,
    MAX_TOKENS,
    MAX_VALUE,
    MIN_TEMPERATURE,
    character_message,
    forbidden_character,
)
from .files import FileTooLargeError, NotARegularFileError, read_bounded, write_atomic
from .head_source import HeadSource, read_source, source_to_dict
from .json_file import json_reason
from .preset_errors import PresetError, _shown

if TYPE_CHECKING:
    from ..lesson.dropout import DropoutSetting

FORMAT = "attention-lab"
#: Version 2 adds heads, W_o, padding and dropout (engine/formats/preset_fields.py); a file without
#: them is still written as version 1.
VERSION = 2
#: How deep the free-form parts (``view``, unknown fields) may nest: deeper data could not
#: be saved again from a deep call stack (json recurses), and no setting needs it.
MAX_NESTING = 64
#: A title or a description, in one language: a page of text at most.
MAX_TITLE_CHARS = 10_000
_KNOWN = {"format", "version", "title", "description", "tokens", "inputs", "temperature",
          "causal", "mask", "selected_token", "view", "heads", "selected_head", "padding",
          "dropout", "source", "pinned"}  # fmt: skip


@dataclass(frozen=True)
class Projection:
    """Part A of the lesson: the embeddings X and the three projection matrices."""

    x: Matrix  # (L, d_model)
    w_q: Matrix  # (d_model, d_k)
    w_k: Matrix  # (d_model, d_k)
    w_v: Matrix  # (d_model, d_v)
    w_o: Matrix | None = None  # (d_v, d_out): multi-head attention's output projection


@dataclass(frozen=True, eq=False)
class Preset:
    """What a preset or session file holds, checked and ready for the engine."""

    tokens: tuple[str, ...]
    q: Matrix
    k: Matrix
    v: Matrix
    projection: Projection | None = None
    temperature: float | None = None  # None: the standard √d_k
    causal: bool = False
    mask: NDArray[np.bool_] | None = None
    selected_token: int = 0
    heads: int = 1  # h: Q, K and V split into h blocks of columns
    selected_head: int = 0  # the head (from 0) shown in the four steps
    padding: tuple[bool, ...] = ()  # True for each token that is padding; () for none
    dropout: DropoutSetting | None = None  # dropout on the weights, or none
    source: HeadSource | None = None  # the real model's head the numbers came from, if any
    # A, the setting compared against (a session of its own, without a pin); None: no pin
    pinned: Preset | None = None
    title: dict[str, str] = field(default_factory=dict)
    description: dict[str, str] = field(default_factory=dict)
    view: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)  # unknown fields, kept as read


def _reject_constant(name: str) -> None:
    raise PresetError(
        "", Message("{constant} is not allowed: every number must be finite", constant=name)
    )


def _check_text(text: str, name: str) -> None:
    r"""Refuse a lone surrogate (JSON's "\ud800"): it is not text and cannot be saved."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        bad = _shown(text[error.start])
        raise PresetError(
            name,
            Message("holds {character}, half of a UTF-16 pair, which is not text", character=bad),
        ) from None


def _check_free_form(value: object, name: str) -> None:
    """Any JSON, nested at most MAX_NESTING deep, its text all valid (without recursion)."""
    pending = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if depth > MAX_NESTING:
            raise PresetError(
                name, Message("is nested more than {most} levels deep", most=MAX_NESTING)
            )
        if isinstance(item, str):
            _check_text(item, name)
        elif isinstance(item, dict):
            for key, child in item.items():
                _check_text(key, name)
                pending.append((child, depth + 1))
        elif isinstance(item, list):
            pending.extend((child, depth + 1) for child in item)


def _matrix(data: object, name: str, rows: int | None = None, cols: int | None = None) -> Matrix:
    if not isinstance(data, list) or not data:
        raise PresetError(name, Message("must be a non-empty list of rows"))
    if len(data) > MAX_TOKENS:
        raise PresetError(
            name,
            Message(
                "has {rows:,} rows; at most {most} are allowed", rows=len(data), most=MAX_TOKENS
            ),
        )
    width: int | None = None
    for i, row in enumerate(data):
        if not isinstance(row, list) or not row:
            raise PresetError(f"{name}[{i}]", Message("must be a non-empty list of numbers"))
        if width is None:
            width = len(row)
        elif len(row) != width:
            raise PresetError(
                f"{name}[{i}]",
                Message("has {count} numbers but row 0 has {width}", count=len(row), width=width),
            )
        for j, value in enumerate(row):
            cell = f"{name}[{i}][{j}]"
            if type(value) not in (int, float):
                raise PresetError(
                    cell, Message("must be a number, not {value}", value=_shown(value))
                )
            if type(value) is float and not math.isfinite(value):
                raise PresetError(cell, Message("must be finite"))
            if abs(value) > MAX_VALUE:  # exact for an int of any size, too
                shown = f"{value:g}" if abs(value) < 1e300 else _shown(value)
                raise PresetError(
                    cell,
                    Message("is {value}, beyond ±{most:,.0f}", value=shown, most=MAX_VALUE),
                )
    array = np.array(data, dtype=np.float64)
    if rows is not None and array.shape[0] != rows:
        raise PresetError(
            name,
            Message("has {rows} rows but {needed} are needed", rows=array.shape[0], needed=rows),
        )
    if cols is not None and array.shape[1] != cols:
        raise PresetError(
            name,
            Message("has {cols} columns but {needed} are needed", cols=array.shape[1], needed=cols),
        )
    if array.shape[1] > MAX_DIM:
        raise PresetError(
            name,
            Message(
                "has {cols} columns; at most {most} are allowed", cols=array.shape[1], most=MAX_DIM
            ),
        )
    return array


def _texts(data: object, name: str) -> dict[str, str]:
    if data is None:
        return {}
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in data.items()
    ):
        raise PresetError(
            name,
            Message("must map language codes to text, like {example}", example='{"en": "…"}'),
        )
    for key, text in data.items():
        _check_text(key, name)
        _check_text(text, f"{name}.{key}")
        if len(key) > MAX_TOKEN_CHARS or len(text) > MAX_TITLE_CHARS:  # laid out in titles
            raise PresetError(
                f"{name}.{key[:MAX_TOKEN_CHARS]}",
                Message(
                    "has {count:,} characters; at most {most:,} are allowed: shorten it",
                    count=max(len(text), len(key)),
                    most=MAX_TITLE_CHARS,
                ),
            )
    return dict(data)


def _tokens(data: object) -> tuple[str, ...]:
    if not isinstance(data, list) or not data:
        raise PresetError("tokens", Message("must be a non-empty list of token names"))
    if len(data) > MAX_TOKENS:
        raise PresetError(
            "tokens",
            Message(
                "has {count:,} tokens; at most {most} are allowed", count=len(data), most=MAX_TOKENS
            ),
        )
    for i, token in enumerate(data):
        if not isinstance(token, str):
            raise PresetError(
                f"tokens[{i}]", Message("must be text, not {value}", value=_shown(token))
            )
        if len(token) > MAX_TOKEN_CHARS:
            raise PresetError(
                f"tokens[{i}]",
                Message("is longer than {most} characters", most=MAX_TOKEN_CHARS),
            )
        _check_text(token, f"tokens[{i}]")
        if not token.strip():  # as the token list refuses it: a name nobody could see
            raise PresetError(f"tokens[{i}]", Message("is empty: a token needs a name"))
        bad = forbidden_character(token)
        if bad is not None:
            raise PresetError(
                f"tokens[{i}]",
                Message(
                    "holds {character}, which a token name may not hold",
                    character=character_message(bad),
                ),
            )
    return tuple(data)


def _inputs(data: object, length: int) -> tuple[Matrix, Matrix, Matrix, Projection | None]:
    if not isinstance(data, dict):
        raise PresetError(
            "inputs", Message("must be an object holding q, k, v (or x, w_q, w_k, w_v)")
        )
    if "x" in data:
        for key in ("w_q", "w_k", "w_v"):
            if key not in data:
                raise PresetError(f"inputs.{key}", Message("is missing (projection mode needs it)"))
        x = _matrix(data["x"], "inputs.x", rows=length)
        w_q = _matrix(data["w_q"], "inputs.w_q", rows=x.shape[1])
        w_k = _matrix(data["w_k"], "inputs.w_k", rows=x.shape[1], cols=w_q.shape[1])
        w_v = _matrix(data["w_v"], "inputs.w_v", rows=x.shape[1])
        w_o = None
        if data.get("w_o") is not None:  # one row per column of the heads' concat
            w_o = _matrix(data["w_o"], "inputs.w_o", rows=w_v.shape[1])
        try:
            q, k, v = project(x, w_q, w_k, w_v)
        except InputError as error:
            raise PresetError("inputs", error.message) from None
        return q, k, v, Projection(x, w_q, w_k, w_v, w_o)
    if data.get("w_o") is not None:
        raise PresetError("inputs.w_o", Message("needs x, w_q, w_k and w_v beside it"))
    for key in ("q", "k", "v"):
        if key not in data:
            raise PresetError(f"inputs.{key}", Message("is missing"))
    q = _matrix(data["q"], "inputs.q", rows=length)
    k = _matrix(data["k"], "inputs.k", rows=length, cols=q.shape[1])
    v = _matrix(data["v"], "inputs.v", rows=length)
    return q, k, v, None


def preset_from_dict(data: object, pin_allowed: bool = True) -> Preset:
    """Check a decoded JSON document and build the Preset it describes.

    ``pin_allowed``: whether it may hold ``"pinned"`` (A, read as a preset of its own,
    which may not hold one in turn).
    """
    if not isinstance(data, dict):
        raise PresetError("", Message("the file must hold one JSON object"))
    if data.get("format") != FORMAT:
        raise PresetError(
            "format",
            Message('must be "{format}": this is not an Attention Lab file', format=FORMAT),
        )
    version = data.get("version")
    if type(version) is not int:
        raise PresetError(
            "version", Message("must be a whole number, not {value}", value=_shown(version))
        )
    if version > VERSION:
        raise PresetError(
            "version",
            Message(
                "is {value}, written by a newer Attention Lab (this one reads {version})",
                value=_shown(version),
                version=VERSION,
            ),
        )
    if version < 1:
        raise PresetError(
            "version", Message("must be at least 1, not {value}", value=_shown(version))
        )
    tokens = _tokens(data.get("tokens"))
    q, k, v, projection = _inputs(data.get("inputs"), len(tokens))
    temperature = data.get("temperature")
    if temperature is not None:
        # As the engine takes it: from 1e-300 (below, 1/τ overflows) to the largest float.
        if type(temperature) not in (int, float) or not (
            MIN_TEMPERATURE <= temperature <= sys.float_info.max
        ):
            raise PresetError(
                "temperature",
                Message(
                    "must be a positive number (at least {least:g}) or null, not {value}",
                    least=MIN_TEMPERATURE,
                    value=_shown(temperature),
                ),
            )
        temperature = float(temperature)
    causal = data.get("causal", False)
    if not isinstance(causal, bool):
        raise PresetError(
            "causal", Message("must be true or false, not {value}", value=_shown(causal))
        )
    mask = None
    if data.get("mask") is not None:
        raw = data["mask"]
        length = len(tokens)
        if (
            not isinstance(raw, list)
            or len(raw) != length
            or not all(isinstance(r, list) and len(r) == length for r in raw)
            or not all(isinstance(b, bool) for r in raw for b in r)
        ):
            raise PresetError(
                "mask",
                Message("must be {length}×{length} true/false values or null", length=length),
            )
        mask = np.array(raw, dtype=np.bool_)
    selected = data.get("selected_token", 0)
    if type(selected) is not int or not 0 <= selected < len(tokens):
        raise PresetError(
            "selected_token",
            Message("must be a token index from 0 to {last}", last=len(tokens) - 1),
        )
    view = data.get("view", {})
    if not isinstance(view, dict):
        raise PresetError("view", Message("must be an object"))
    _check_free_form(view, "view")
    extra = {key: value for key, value in data.items() if key not in _KNOWN}
    for key, value in extra.items():
        name = key if key.isprintable() and 0 < len(key) <= 40 else _shown(key)
        _check_text(key, name)
        _check_free_form(value, name)
    from .preset_fields import (
        read_dropout,
        read_heads,
        read_padding,
        read_pinned,
        read_selected_head,
    )

    heads = read_heads(data, q.shape[1], v.shape[1])
    return Preset(
        tokens=tokens,
        q=q,
        k=k,
        v=v,
        projection=projection,
        temperature=temperature,
        causal=causal,
        mask=mask,
        selected_token=selected,
        heads=heads,
        selected_head=read_selected_head(data, heads),
        padding=read_padding(data, len(tokens)),
        dropout=read_dropout(data),
        source=read_source(data),
        pinned=read_pinned(data, pin_allowed, lambda raw: preset_from_dict(raw, False)),
        title=_texts(data.get("title"), "title"),
        description=_texts(data.get("description"), "description"),
        view=view,
        extra=extra,
    )


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """Build one JSON object, refusing a key given twice (JSON would keep the last)."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise PresetError(key, Message("appears twice in one object: which one is meant?"))
            seen.add(key)
    return data


def parse_preset(text: str | bytes) -> Preset:
    """Parse and check the text of a preset or session file."""
    if len(text) > MAX_FILE_BYTES:
        raise PresetError(
            "", Message("the file is larger than {most_mb} MB", most_mb=MAX_FILE_BYTES // 2**20)
        )
    try:
        data = json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_unique_keys)
    except PresetError:
        raise
    except RecursionError:
        raise PresetError("", Message("the file is nested too deeply to be a preset")) from None
    except UnicodeDecodeError:
        raise PresetError("", Message("the file is not UTF-8 text")) from None
    except json.JSONDecodeError as error:
        raise PresetError(
            "",
            Message(
                "not valid JSON (line {line}, column {column}: {reason})",
                line=error.lineno,
                column=error.colno,
                reason=json_reason(error.msg),
            ),
        ) from None
    except ValueError:  # Python refuses to read a whole number of over 4300 digits
        raise PresetError("", Message("the file holds a number with thousands of digits")) from None
    return preset_from_dict(data)


def read_preset(path: str | os.PathLike[str]) -> Preset:
    """Read a preset or session file, refusing one that is too large before reading it."""
    path = Path(path)
    try:
        data = read_bounded(path, MAX_FILE_BYTES)
    except FileTooLargeError as error:
        raise PresetError("", error.message) from None  # "big.json is 300 MB; at most …"
    except NotARegularFileError:
        raise PresetError(
            "", Message("cannot read {file}: it is not a file", file=path.name)
        ) from None
    except OSError as error:
        raise PresetError(
            "",
            Message("cannot read {file}: {reason}", file=path.name, reason=system_reason(error)),
        ) from None
    return parse_preset(data)


def preset_to_dict(preset: Preset) -> dict[str, Any]:
    """Return the JSON document of a preset (the inverse of preset_from_dict)."""
    if preset.projection is None:
        inputs = {"q": preset.q.tolist(), "k": preset.k.tolist(), "v": preset.v.tolist()}
    else:
        p = preset.projection
        inputs = {"x": p.x.tolist(), "w_q": p.w_q.tolist(), "w_k": p.w_k.tolist(),
                  "w_v": p.w_v.tolist()}  # fmt: skip
        if p.w_o is not None:
            inputs["w_o"] = p.w_o.tolist()
    from .preset_fields import written

    later = written(preset.heads, preset.padding, preset.dropout, preset.selected_head)
    if preset.source is not None:
        later["source"] = source_to_dict(preset.source)
    if preset.pinned is not None:
        later["pinned"] = preset_to_dict(replace(preset.pinned, pinned=None))
    return {
        **preset.extra,
        "format": FORMAT,
        "version": VERSION if later or "w_o" in inputs else 1,  # a pin: 2 (an old reader keeps it)
        "title": preset.title,
        "description": preset.description,
        "tokens": list(preset.tokens),
        "inputs": inputs,
        "temperature": preset.temperature,
        "causal": preset.causal,
        "mask": None if preset.mask is None else preset.mask.tolist(),
        "selected_token": preset.selected_token,
        "view": preset.view,
        **later,
    }


def write_preset(path: str | os.PathLike[str], preset: Preset) -> None:
    """Save atomically: write a temporary file beside ``path``, then rename it over."""
    text = json.dumps(preset_to_dict(preset), ensure_ascii=False, indent=1)
    # Line ends as the text-mode writer before this one left them (CR LF on Windows);
    # the reader takes either.
    write_atomic(path, text.replace("\n", os.linesep).encode("utf-8"))
