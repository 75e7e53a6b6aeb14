"""The fields of version 2 of the session format: heads, the selected head, padding, dropout.

Version 1 files (the lesson's) have none of them and still open; a file is written as
version 2 only when it uses one, so that an older Attention Lab still opens the rest.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeVar

from ..lesson.dropout import MAX_DROP, MAX_SEED, DropoutSetting
from ..lesson.multi_head import check_heads
from ..messages import InputError, Message
from .preset_errors import PresetError, _shown

T = TypeVar("T")


def read_heads(data: dict[str, Any], width_qk: int, width_v: int, field: str = "heads") -> int:
    """Return the file's number of heads (1 when it gives none); ``field`` names it in errors."""
    heads = data.get("heads", 1)
    if type(heads) is not int:
        raise PresetError(
            field, Message("must be a whole number, not {value}", value=_shown(heads))
        )
    try:
        check_heads(heads, width_qk, width_v)
    except InputError as error:
        raise PresetError(field, error.message) from None
    return heads


def read_selected_head(data: dict[str, Any], heads: int) -> int:
    """Return the head (from 0) the session was showing: 0 when the file gives none."""
    selected = data.get("selected_head", 0)
    if type(selected) is not int or not 0 <= selected < heads:
        raise PresetError(
            "selected_head",
            Message(
                "must be a head index from 0 to {last} (h = {heads}), not {value}",
                last=heads - 1,
                heads=heads,
                value=_shown(selected),
            ),
        )
    return selected


def read_padding(data: dict[str, Any], length: int) -> tuple[bool, ...]:
    """Return which tokens are padding (none when the file says nothing)."""
    raw = data.get("padding")
    if raw is None:
        return ()
    if not isinstance(raw, list) or len(raw) != length or not all(isinstance(b, bool) for b in raw):
        raise PresetError(
            "padding",
            Message("must be {length} true/false values (one per token) or null", length=length),
        )
    return tuple(raw) if any(raw) else ()


def read_dropout(data: dict[str, Any]) -> DropoutSetting | None:
    """Return the file's dropout setting, or None."""
    raw = data.get("dropout")
    if raw is None:
        return None
    if not isinstance(raw, dict) or set(raw) - {"p", "seed", "training"}:
        raise PresetError(
            "dropout",
            Message(
                "must be an object like {example} or null",
                example='{"p": 0.1, "seed": 0, "training": false}',
            ),
        )
    p, seed, training = raw.get("p", 0.1), raw.get("seed", 0), raw.get("training", False)
    if type(p) not in (int, float) or not (math.isfinite(p) and 0 <= p <= MAX_DROP):
        raise PresetError(
            "dropout.p",
            Message("must be from 0 to {most:g}, not {value}", most=MAX_DROP, value=_shown(p)),
        )
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise PresetError(
            "dropout.seed",
            Message(
                "must be a whole number ≥ 0 and at most {most:,} (what the seed box holds), "
                "not {value}",
                most=MAX_SEED,
                value=_shown(seed),
            ),
        )
    if not isinstance(training, bool):
        raise PresetError(
            "dropout.training",
            Message("must be true or false, not {value}", value=_shown(training)),
        )
    return DropoutSetting(float(p), seed, training)


def read_pinned(data: dict[str, Any], allowed: bool, parse: Callable[[object], T]) -> T | None:
    """Return A, the setting a comparison holds still (a session of its own), or None.

    ``parse`` reads it (as a preset that may not hold a pin); an error inside it names
    its field from ``pinned`` ("pinned.inputs.q[1][2]").
    """
    raw = data.get("pinned")
    if raw is None:
        return None
    if not allowed:
        raise PresetError("pinned", Message("a pinned setting cannot hold a pin of its own"))
    try:
        return parse(raw)
    except PresetError as error:
        where = f"pinned.{error.field}" if error.field else "pinned"
        raise PresetError(where, error.message) from None


def written(
    heads: int,
    padding: tuple[bool, ...],
    dropout: DropoutSetting | None,
    selected_head: int = 0,
) -> dict[str, Any]:
    """Return the version 2 fields to write: only those that differ from version 1."""
    fields: dict[str, Any] = {}
    if heads != 1:
        fields["heads"] = heads
    if selected_head != 0:  # a head other than the first, which only h > 1 has
        fields["selected_head"] = selected_head
    if any(padding):
        fields["padding"] = list(padding)
    if dropout is not None:
        fields["dropout"] = {"p": dropout.p, "seed": dropout.seed, "training": dropout.training}
    return fields


__all__ = [
    "read_dropout",
    "read_heads",
    "read_padding",
    "read_pinned",
    "read_selected_head",
    "written",
]
