"""Whether an edit is allowed, and what it makes of the numbers: no Qt.

Each function takes the :class:`HeldNumbers` and what the user asked for, and returns the
inputs after the edit (a :class:`Snapshot`, a value, a name), None when the edit changes
nothing, or raises :class:`Refused` with the reason. The state names the undo step and
pushes it; a refusal is said in the user's language by reasons.py.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

import numpy as np
from numpy.typing import NDArray

from engine import InputError
from engine.lesson.compute import compute
from engine.lesson.dropout import MAX_SEED, DropoutSetting, check_drop
from engine.lesson.kept_results import KeptResults
from engine.lesson.multi_head import check_heads
from engine.vocabulary import (
    LABELS,
    MAX_DIM,
    MAX_TOKEN_CHARS,
    MAX_VALUE,
    character_message,
    forbidden_character,
)
from gui.model.held_numbers import HeldNumbers
from gui.model.snapshots import (
    Snapshot,
    with_d_model,
    with_projection,
    with_token_added,
    with_token_removed,
    with_width,
    without_projection,
)

#: The most tokens the grids let one add; presets, sessions and imports may hold up to
#: engine.vocabulary.MAX_TOKENS.
MAX_GRID_TOKENS = 64


class Refused(Exception):
    """An edit the numbers do not allow: ``reason`` says which rule, ``arguments`` fill it in.

    An argument may be the engine's error (an ``InputError``) or message, said in the user's
    language too. No reason: refused without a word (a token index out of range, which no
    view asks for).
    """

    def __init__(self, reason: str = "", *arguments: object) -> None:
        super().__init__(reason, *arguments)
        self.reason, self.arguments = reason, arguments


def computable(after: Snapshot, reason: str, kept: KeptResults) -> Snapshot:
    """Return ``after`` if the engine computes it; else refuse with ``reason`` and its error.

    Checked before the undo step is pushed (an error inside the push cannot be recovered
    from); the computation is ``kept``, so that the push does not make it again.
    """
    try:
        kept.keep(compute(after.inputs))
    except ValueError as error:
        raise Refused(reason, error) from None
    return after


def projection(numbers: HeldNumbers, on: bool) -> Snapshot | None:
    """Return inputs from X and the W's (X the identity, each W its Q, K or V), or Q, K, V."""
    if on == numbers.is_projection:
        return None
    if on and len(numbers.tokens) > MAX_DIM:  # X has one column per token
        raise Refused("projection tokens", MAX_DIM)
    q, k, v = (numbers.matrix(name) for name in ("q", "k", "v"))  # whole, with several heads
    before = numbers.snapshot
    return with_projection(before, q, k, v) if on else without_projection(before, q, k, v)


def causal(numbers: HeldNumbers, on: bool) -> Snapshot | None:
    """Return the inputs with the causal mask on or off."""
    return None if on == numbers.causal else replace(numbers.snapshot, causal=on)


def width(numbers: HeldNumbers, names: tuple[str, ...], columns: int) -> Snapshot | None:
    """Return the inputs with ``names`` at ``columns`` columns: d_k (Q and K) or d_v (V)."""
    if not 1 <= columns <= MAX_DIM:
        raise Refused("dimension", MAX_DIM)
    if all(numbers.matrix(name).shape[1] == columns for name in names):
        return None
    if columns % numbers.heads:
        raise Refused("heads divide", numbers.heads, columns)
    return with_width(numbers.snapshot, names, columns)


def d_model(numbers: HeldNumbers, columns: int) -> Snapshot | None:
    """Return, in projection mode, X with ``columns`` columns and each W with as many rows."""
    if not numbers.is_projection:
        raise Refused()
    if not 1 <= columns <= MAX_DIM:
        raise Refused("dimension", MAX_DIM)
    return None if numbers.d_model == columns else with_d_model(numbers.snapshot, columns)


def heads(numbers: HeldNumbers, count: int) -> Snapshot | None:
    """Return the inputs split into ``count`` heads, if it divides the widths of Q and V."""
    if count == numbers.heads:
        return None
    try:
        check_heads(count, numbers.width_qk, numbers.width_v)
    except InputError as error:
        raise Refused("heads", error) from None
    return replace(numbers.snapshot, heads=count)


def w_o(numbers: HeldNumbers, given: bool) -> Snapshot | None:
    """Return the inputs with W_o (the identity: output = concat) or without; projection only."""
    if given == numbers.has_w_o:
        return None
    if not numbers.is_projection:
        raise Refused("w_o needs projection")
    matrices = dict(numbers.snapshot.matrices)
    if given:
        matrices["w_o"] = np.eye(numbers.width_v)  # (h·d_v, h·d_v)
    else:
        del matrices["w_o"]
    return replace(numbers.snapshot, matrices=matrices)


def padding(numbers: HeldNumbers, token: int, on: bool) -> Snapshot | None:
    """Return the inputs with token ``token`` padding (its key hidden from every query) or not."""
    tokens = numbers.tokens
    if not 0 <= token < len(tokens):
        raise Refused()
    if numbers.is_padding(token) == on:
        return None
    flags = list(numbers.padding or (False,) * len(tokens))
    flags[token] = on
    return replace(numbers.snapshot, padding=tuple(flags) if any(flags) else ())


def own_mask(numbers: HeldNumbers, mask: NDArray[np.bool_] | None) -> Snapshot | None:
    """Return the inputs with a mask painted by hand (True = allowed; None or all True: none)."""
    length = len(numbers.tokens)
    if mask is not None:
        mask = np.array(mask, dtype=np.bool_)
        if mask.shape != (length, length):
            raise Refused("mask shape", length, "×".join(str(n) for n in mask.shape))
        if mask.all():
            mask = None
    old = numbers.own_mask
    if (old is None and mask is None) or (
        old is not None and mask is not None and np.array_equal(old, mask)
    ):
        return None
    return replace(numbers.snapshot, mask=mask)


def dropout(numbers: HeldNumbers, setting: DropoutSetting | None) -> Snapshot | None:
    """Return the inputs with dropout on the weights (None: off), if it can draw with p and seed."""
    if setting == numbers.dropout:
        return None
    if setting is not None:
        try:
            check_drop(setting.p)
        except InputError as error:
            raise Refused("dropout", error) from None
        if not 0 <= setting.seed <= MAX_SEED:  # what the seed box shows is what is drawn
            raise Refused("dropout seed", f"{MAX_SEED:,}")
    return replace(numbers.snapshot, dropout=setting)


def restored(numbers: HeldNumbers) -> Snapshot | None:
    """Return the model's tokens, Q, K and V again, with its own steps; refused without one."""
    source = numbers.source
    if source is None:
        raise Refused()
    if numbers.is_as_the_model_computes:
        return None
    matrices = {"q": source.q.copy(), "k": source.k.copy(), "v": source.v.copy()}
    after = Snapshot(source.tokens, matrices, causal=False, temperature=None,
                     sets_temperature=True, heads=source.heads, source=source)  # fmt: skip
    return computable(after, "restore", numbers.kept)


def cell(numbers: HeldNumbers, name: str, row: int, col: int, value: str | float,
         read: Callable[[str], float]) -> float | None:  # fmt: skip
    """Return the number to type into a cell (text is ``read``), None if it is there already."""
    if not numbers.is_editable(name):
        raise Refused("computed", LABELS[name])
    where = numbers.cell_name(name, row, col)
    if isinstance(value, str):
        try:
            value = read(value)
        except ValueError:
            raise Refused("not a number", where, value) from None
    number = float(value)
    if not math.isfinite(number) or abs(number) > MAX_VALUE:
        raise Refused("beyond", where, number)
    return None if numbers.matrix(name)[row, col] == number else number


def block(numbers: HeldNumbers, name: str, top: int, left: int, cells: list[list[str]],
          read: Callable[[str], float]) -> NDArray[np.float64]:  # fmt: skip
    """Return rows of pasted text cells (each ``read``) as numbers to write at (top, left).

    All or nothing: ragged rows, a block running past the grid or a cell that is not a
    number are refused.
    """
    if not numbers.is_editable(name) or not cells:
        raise Refused()
    rows, cols = len(cells), max(len(r) for r in cells)
    if any(len(r) != cols for r in cells):
        raise Refused("ragged")
    height, columns = numbers.matrix(name).shape
    if top + rows > height or left + cols > columns:
        corner = numbers.cell_name(name, top, left)
        raise Refused("runs past", rows, cols, corner, height, columns)
    numbers_read = np.empty((rows, cols))
    for i, line in enumerate(cells):
        for j, text in enumerate(line):
            try:
                numbers_read[i, j] = read(text)
            except ValueError:
                where = numbers.cell_name(name, top + i, left + j)
                raise Refused("paste not a number", where, text) from None
    return numbers_read


def token_added(numbers: HeldNumbers, name: str) -> Snapshot:
    """Return the inputs with a last token named ``name``, whose inputs start at 0."""
    if len(numbers.tokens) >= MAX_GRID_TOKENS:
        raise Refused("too many tokens", MAX_GRID_TOKENS)
    return with_token_added(numbers.snapshot, token_name(name))


def token_removed(numbers: HeldNumbers, index: int) -> Snapshot:
    """Return the inputs without token ``index`` and its rows; the last token stays."""
    if not 0 <= index < len(numbers.tokens):
        raise Refused()
    if len(numbers.tokens) <= 1:
        raise Refused("last token")
    return with_token_removed(numbers.snapshot, index)


def token_renamed(numbers: HeldNumbers, index: int, name: str) -> Snapshot | None:
    """Return the inputs with token ``index`` named ``name`` (stripped)."""
    tokens = numbers.tokens
    if not 0 <= index < len(tokens):
        raise Refused()
    name = token_name(name)
    if name == tokens[index]:
        return None
    return replace(numbers.snapshot, tokens=(*tokens[:index], name, *tokens[index + 1 :]))


def token_name(name: str) -> str:
    """Return a token name without its outer spaces, if a token may have it."""
    name = name.strip()
    if not name:
        raise Refused("no name")
    if len(name) > MAX_TOKEN_CHARS:
        raise Refused("long name")
    bad = forbidden_character(name)
    if bad is not None:
        raise Refused("bad character", character_message(bad))
    return name
