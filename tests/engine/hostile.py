"""Hypothesis strategies for hostile preset and session files, and the property every
file must meet: either a Preset the engine can use, or a PresetError that says clearly
what is wrong. Shared by tests/engine/test_hostile_presets.py and the GUI's open test."""

from __future__ import annotations

import copy
import json
import re

import numpy as np
from hypothesis import strategies as st

from engine import PresetError, attention, load_preset, preset_to_dict
from engine.vocabulary import MAX_TOKEN_CHARS, MAX_TOKENS, MAX_VALUE, MIN_TEMPERATURE

LESSON = preset_to_dict(load_preset("cat-eats-fish"))
SHAPE_CHECK = preset_to_dict(load_preset("shape-check"))  # projection mode
FIELDS = {"format", "version", "title", "description", "tokens", "inputs", "temperature",
          "causal", "mask", "selected_token", "view"}  # fmt: skip
MATRICES = ("q", "k", "v", "x", "w_q", "w_k", "w_v")
LONGEST_MESSAGE = 400  # a message box, not a dump of the file

# ---------------------------------------------------------------- values

#: A literal of the text that JSON (or Python's json) reads, but no Python value dumps as.
RAW = ["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "1" * 5000, "[" * 150 + "]" * 150,
       "[" * 3000 + "]" * 3000, '"\\ud800"', '"a\\udfffb"', "1e-400", "-0"]  # fmt: skip
_MARK = "\x00raw{}\x00"

huge_ints = st.sampled_from([10**20, -(10**30), 10**308, 10**309, 10**400, 10**4000])
tricky_numbers = st.sampled_from([0, -0.0, 1e-310, 5e-324, 1e-300, 1e6, 1000000.0000000001,
                                  1e300, 1.7976931348623157e308, -1e6, 2**53 + 1])  # fmt: skip
numbers_as_text = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.integers(-100, 100).map(str),
    st.sampled_from(["1", "0.5", "1e3", "NaN", "inf", " 2 ", "1,5", "0x10"]),
)
texts = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["\ud800", "a\udfffb", "x" * (MAX_TOKEN_CHARS + 1), "", "\u202e鱼", "\x00"]),
)
raw_literals = st.integers(0, len(RAW) - 1).map(lambda i: _MARK.format(i))
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 5),
    st.integers(),
    huge_ints,
    tricky_numbers,
    st.floats(allow_nan=False, allow_infinity=False),
    texts,
    numbers_as_text,
    raw_literals,
)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(texts, children, max_size=4),
    max_leaves=12,
)


def nested(depth: int) -> object:
    """[[…[0]…]] ``depth`` lists deep, built without recursion."""
    value: object = 0
    for _ in range(depth):
        value = [value]
    return value


def nested_text(depth: int) -> str:
    """The JSON text of ``nested(depth)``."""
    return "[" * depth + "0" + "]" * depth


#: Values aimed at one field: the ones a careless loader gets wrong.
AIMED = {
    "version": [0, -1, 2, 1.0, "1", None, True, 10**30, [1]],
    "format": ["attention-lab ", "Attention-Lab", None, 1, ["attention-lab"]],
    "temperature": [0, -0.0, -1, 5e-324, 1e-310, 1e-300, 1e300, 1.7976931348623157e308,
                    10**400, "1", True, [], {}, _MARK.format(3), _MARK.format(0)],
    "selected_token": [-1, 3, 2.0, True, 10**30, None, "0"],
    "causal": [1, 0, "true", None, []],
    "mask": [[[True] * 3] * 3, [[True, False, True]] * 3, [[1, 0, 1]] * 3, [[True] * 3] * 2,
             [[True] * 2] * 3, True, [], [[None] * 3] * 3, [[[True]] * 3] * 3],
    "tokens": [[], ["猫"], ["猫", "吃"], ["a"] * 5000, ["猫", 2, "鱼"], ["\ud800", "b", "c"],
               ["x" * (MAX_TOKEN_CHARS + 1), "b", "c"], ["", "", ""], "猫吃鱼", None],
    "inputs": [[], None, {}, {"q": [[1]], "k": [[1]], "v": [[1]]}, {"x": [[1]] * 3},
               copy.deepcopy(SHAPE_CHECK["inputs"])],
    "view": [[], None, {"precision": 10**30}, {"precision": -5}, {"precision": True},
             {"deep": nested(120)}, {"\ud800": 1}],
    "title": [{"en": 5}, {"en": "\ud800"}, "title", None, {"en": "x" * 10_000}],
}  # fmt: skip


def aimed(field: str) -> st.SearchStrategy[object]:
    return st.sampled_from(AIMED[field]) if field in AIMED else json_values


# ---------------------------------------------------------------- mutations


def paths(document: object) -> list[tuple[object, ...]]:
    """Every path (keys and indices) into ``document`` below its root, breadth-first."""
    found: list[tuple[object, ...]] = []
    queue: list[tuple[tuple[object, ...], object]] = [((), document)]
    while queue:
        path, value = queue.pop(0)
        children: list[tuple[object, object]] = []
        if isinstance(value, dict):
            children = list(value.items())
        elif isinstance(value, list) and len(value) <= 64:
            children = list(enumerate(value))
        for key, child in children:
            found.append((*path, key))
            queue.append(((*path, key), child))
    return found


def _parent(document: dict[str, object], path: tuple[object, ...]) -> object:
    target: object = document
    for key in path[:-1]:
        target = target[key]  # type: ignore[index]
    return target


def _matrix_rows(document: dict[str, object]) -> list[tuple[str, list[list[object]]]]:
    inputs = document.get("inputs")
    if not isinstance(inputs, dict):
        return []
    return [(name, m) for name, m in inputs.items() if isinstance(m, list) and m
            and all(isinstance(row, list) for row in m)]  # fmt: skip


@st.composite
def mutated_documents(draw: st.DrawFn) -> dict[str, object]:
    """The lesson or shape-check, with one to three hostile changes."""
    document = copy.deepcopy(draw(st.sampled_from([LESSON, SHAPE_CHECK])))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["drop", "replace", *["aim"] * 6, "add", "ragged",
                                     "resize", "as text", "bool", "projection"]))  # fmt: skip
        # half the time a top-level field: most paths lead into the matrices
        places = [(key,) for key in document] if draw(st.booleans()) else paths(document)
        if kind in ("drop", "replace") and places:
            path = draw(st.sampled_from(places))
            parent = _parent(document, path)
            if kind == "drop":
                del parent[path[-1]]  # type: ignore[attr-defined]
            else:
                parent[path[-1]] = draw(json_values)  # type: ignore[index]
        elif kind == "aim":
            field = draw(st.sampled_from(sorted(AIMED)))
            document[field] = copy.deepcopy(draw(aimed(field)))
        elif kind == "add":
            name = draw(st.sampled_from(["comment", "x", "q", "d_k", "mask", "", "\ud800"])
                        | texts)  # fmt: skip
            document[name] = draw(json_values)
        elif kind in ("ragged", "resize", "as text", "bool") and _matrix_rows(document):
            name, rows = draw(st.sampled_from(_matrix_rows(document)))
            i = draw(st.integers(0, len(rows) - 1))
            row = rows[i]
            if kind == "ragged":
                if draw(st.booleans()) or len(row) < 2:
                    row.append(draw(st.floats(-1e6, 1e6)))
                else:
                    row.pop()
            elif kind == "resize":
                how = draw(st.sampled_from(["drop row", "add row", "drop column", "huge"]))
                if how == "drop row" and len(rows) > 1:
                    rows.pop(i)
                elif how == "add row":
                    rows.append(list(row))
                elif how == "drop column" and len(row) > 1:
                    for other in rows:
                        if other:
                            other.pop()
                elif how == "huge":
                    document["inputs"][name] = [[0.5] * 1025] * len(rows)  # type: ignore[index]
            elif row:
                j = draw(st.integers(0, len(row) - 1))
                row[j] = repr(row[j]) if kind == "as text" else draw(st.booleans())
        elif kind == "projection" and isinstance(document.get("inputs"), dict):
            inputs = document["inputs"]
            for name in ("x", "w_q", "w_k", "w_v"):
                if draw(st.booleans()):
                    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 9))
                    inputs[name] = [[1.0] * cols for _ in range(rows)]  # type: ignore[index]
    return document


def dumped(document: object) -> str:
    """The JSON text of ``document``, with each raw-literal mark replaced by its literal."""
    text = json.dumps(document, ensure_ascii=False)
    return re.sub(r'"\\u0000raw(\d+)\\u0000"', lambda m: RAW[int(m.group(1))], text)


@st.composite
def hostile_bytes(draw: st.DrawFn) -> bytes:
    """A whole file: a mutated (or intact) document's text, perhaps damaged as bytes."""
    document = draw(mutated_documents() | st.sampled_from([LESSON, SHAPE_CHECK]) | json_values)
    data = dumped(document).encode("utf-8", "surrogatepass")
    damage = draw(st.sampled_from(["none", "truncate", "splice", "bom", "utf-16", "bad utf-8",
                                   "random"]))  # fmt: skip
    if damage == "truncate":
        data = data[: draw(st.integers(0, max(len(data) - 1, 0)))]
    elif damage == "splice":
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]
    elif damage == "bom":
        data = b"\xef\xbb\xbf" + data
    elif damage == "utf-16":
        data = dumped(document).encode("utf-16", "surrogatepass")
    elif damage == "bad utf-8":
        at = draw(st.integers(0, len(data)))
        bad = draw(st.sampled_from([b"\xff", b"\xc3(", b"\xed\xa0\x80", b"\xf4\x90\x80\x80"]))
        data = data[:at] + bad + data[at:]
    elif damage == "random":
        data = draw(st.binary(max_size=64))
    return data


# ---------------------------------------------------------------- the property


def check_clear(error: PresetError) -> None:
    """A refusal the user can act on: a short message that starts with the field named."""
    message = str(error)
    assert message.strip(), "an empty message"
    assert len(message) <= LONGEST_MESSAGE, message[:LONGEST_MESSAGE]
    message.encode("utf-8")  # the message box and stderr can show it
    if error.field:
        assert message.startswith(f"{error.field}: "), message
        top = re.match(r"[^.\[]*", error.field).group()  # type: ignore[union-attr]
        assert top, message


def check_usable(preset) -> None:
    """A preset the engine accepts as it is: shapes that fit, finite numbers, valid text."""
    length = len(preset.tokens)
    assert 1 <= length <= MAX_TOKENS
    for token in preset.tokens:
        assert isinstance(token, str)
        assert len(token) <= MAX_TOKEN_CHARS
        token.encode("utf-8")
    q, k, v = preset.q, preset.k, preset.v
    for matrix in (q, k, v):
        assert isinstance(matrix, np.ndarray)
        assert matrix.dtype == np.float64
        assert matrix.ndim == 2
        assert np.isfinite(matrix).all()
    assert q.shape[0] == k.shape[0] == v.shape[0] == length
    assert q.shape[1] == k.shape[1]
    inputs = [q, k, v] if preset.projection is None else list(vars(preset.projection).values())
    for matrix in (m for m in inputs if m is not None):  # W_o is optional
        assert np.abs(matrix).max() <= MAX_VALUE
    if preset.projection is not None:
        p = preset.projection
        assert p.x.shape[0] == length
        assert p.w_q.shape == p.w_k.shape == (p.x.shape[1], q.shape[1])
        assert p.w_v.shape == (p.x.shape[1], v.shape[1])
        np.testing.assert_array_equal(q, p.x @ p.w_q)
    if preset.temperature is not None:
        assert type(preset.temperature) is float
        assert MIN_TEMPERATURE <= preset.temperature < np.inf
    assert preset.mask is None or (preset.mask.dtype == np.bool_
                                   and preset.mask.shape == (length, length))  # fmt: skip
    assert type(preset.causal) is bool
    assert 0 <= preset.selected_token < length
    assert q.shape[1] % preset.heads == 0
    assert v.shape[1] % preset.heads == 0
    assert preset.padding == () or len(preset.padding) == length
    if preset.projection is not None and preset.projection.w_o is not None:
        assert preset.projection.w_o.shape[0] == v.shape[1]
    result = attention(q, k, v, temperature=preset.temperature, causal=preset.causal,
                       mask=preset.mask)  # fmt: skip
    assert np.isfinite(result.weights).all()
    assert np.isfinite(result.context).all()
    json.dumps(preset_to_dict(preset), ensure_ascii=False).encode("utf-8")  # saves as it is
