"""The one way the app reads a JSON file: bounded in size and depth, its errors named.

Every reader of a JSON document (presets and sessions, a model's ``config.json``, the
tokenizer's files, a safetensors header, the kit's manifest, the catalogue) goes through
:func:`parse_json` or :func:`read_json`, so that none of them can be made to

- read a file whole however large it is (:func:`engine.formats.files.read_bounded` refuses it
  by its size, before a byte is read);
- raise ``RecursionError`` out of Python's json module on a document nested 200,000
  deep (caught, and any document deeper than :data:`MAX_DEPTH` refused alike, so that
  no reader that walks the value recursively meets a deep one either);
- raise Python's own words: "Exceeds the limit (4300 digits)", "surrogates not allowed",
  "Expecting value: line 1 column 1 (char 0)". Each refusal is an
  :class:`engine.InputError` whose ``where`` is the file and whose message says what is
  wrong and where in the file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..messages import InputError, Message
from ..system_errors import system_reason
from .files import read_bounded

#: No file the app reads nests deeper than a few levels (a session's view: 3); Python's
#: json module itself gives up near 1,000 with a RecursionError.
MAX_DEPTH = 64
#: Why Python's json module stopped reading: the start of its own English words, and them
#: in the lesson's, to be translated.
JSON_REASONS = (
    ("Expecting value", Message("a value was expected")),
    ("Expecting ':' delimiter", Message("a ':' was expected")),
    ("Expecting ',' delimiter", Message("a ',' was expected")),
    ("Expecting property name", Message("a name in double quotes was expected")),
    ("Unterminated string", Message("a string is not closed")),
    ("Invalid control character", Message("a control character inside a string")),
    ("Invalid \\uXXXX escape", Message("a broken \\uXXXX escape")),
    ("Invalid \\escape", Message("an unknown \\ escape")),
    ("Extra data", Message("more text after the end of the JSON")),
    ("Illegal trailing comma", Message("a ',' before a closing bracket")),
)


class JsonFileError(InputError):
    """A JSON file that cannot be used; ``where`` is the file's name.

    Parameters
    ----------
    file : str
        The file's name, put before the sentence.
    message : Message
        What is wrong, and what to do about it.
    """

    def __init__(self, file: str, message: Message) -> None:
        super().__init__(message, file)
        self.file = file


def json_reason(said: str) -> Message:
    """Return why the json module stopped, as a translatable message (else its own words).

    Parameters
    ----------
    said : str
        The module's ``JSONDecodeError.msg``.

    Returns
    -------
    Message
        The reason in the lesson's words.
    """
    return next((m for start, m in JSON_REASONS if said.startswith(start)), Message.verbatim(said))


def _reject_constant(name: str) -> object:
    # not user-facing: parse_json turns it into a message naming the file
    raise ValueError(name)


def parse_json(raw: bytes | str, file: str, *, max_depth: int = MAX_DEPTH) -> object:
    """Return the value of a JSON text, or raise :class:`JsonFileError` naming ``file``.

    Parameters
    ----------
    raw : bytes or str
        The text; bytes are UTF-8 (a byte-order mark is skipped).
    file : str
        The file's name, for the messages.
    max_depth : int, optional
        The deepest nesting of lists and objects accepted.

    Returns
    -------
    object
        The value: dicts, lists, strings, ints, floats, booleans and None, with no string
        holding a lone surrogate and no NaN or infinity.

    Raises
    ------
    JsonFileError
        For text that is not UTF-8, not JSON, nested too deeply, or holding a number of
        thousands of digits, NaN or a lone surrogate.
    """
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as error:
        raise JsonFileError(
            file,
            Message(
                "it is not UTF-8 text (byte {offset:,}): save it as UTF-8",
                offset=error.start,
            ),
        ) from None
    try:
        value = json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise _too_deep(file, max_depth) from None
    except json.JSONDecodeError as error:
        raise JsonFileError(
            file,
            Message(
                "it is not valid JSON (line {line}, column {column}: {reason})",
                line=error.lineno,
                column=error.colno,
                reason=json_reason(error.msg),
            ),
        ) from None
    except ValueError as error:  # NaN or Infinity, or an int of over 4,300 digits
        name = str(error)
        if name in ("NaN", "Infinity", "-Infinity"):
            raise JsonFileError(
                file, Message("it holds {name}, which is not a JSON number", name=name)
            ) from None
        raise JsonFileError(
            file, Message("it holds a number with thousands of digits; no model needs one")
        ) from None
    check_value(value, file, max_depth)
    return value


def check_value(value: object, file: str, max_depth: int = MAX_DEPTH) -> None:
    """Raise :class:`JsonFileError` if a parsed value is too deep or has a lone surrogate.

    The walk keeps its own stack, so it cannot itself run out of Python's.
    """
    stack: list[tuple[object, int, str]] = [(value, 0, "")]
    while stack:
        item, depth, where = stack.pop()
        if isinstance(item, dict):
            if depth >= max_depth:
                raise _too_deep(file, max_depth)
            for key, child in item.items():
                _check_text(key, file, where or "(top)")
                stack.append((child, depth + 1, key if not where else f"{where}.{key}"))
        elif isinstance(item, list):
            if depth >= max_depth:
                raise _too_deep(file, max_depth)
            stack.extend((child, depth + 1, f"{where}[{i}]") for i, child in enumerate(item))
        elif isinstance(item, str):
            _check_text(item, file, where or "(top)")


def _check_text(text: str, file: str, where: str) -> None:
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        shown = (
            where
            if where.isprintable() and len(where) <= 60
            else where[:60].encode("ascii", "backslashreplace").decode("ascii")
        )
        raise JsonFileError(
            file,
            Message(
                "{field} holds half of a character (a lone \\uD800–\\uDFFF escape); "
                "write the whole character",
                field=shown,
            ),
        ) from None


def _too_deep(file: str, most: int) -> JsonFileError:
    return JsonFileError(
        file,
        Message(
            "it is nested more than {most} levels deep; no file of the app is, so it is "
            "damaged or not the file it should be",
            most=most,
        ),
    )


def read_json(path: str | os.PathLike[str], limit: int, *, max_depth: int = MAX_DEPTH) -> object:
    """Return the value of a JSON file of at most ``limit`` bytes.

    Parameters
    ----------
    path : str or PathLike
        The file; a symbolic link is followed, a device or a pipe refused unread.
    limit : int
        The largest size accepted, in bytes: what such a file can reasonably hold.
    max_depth : int, optional
        The deepest nesting accepted.

    Returns
    -------
    object
        The value, as :func:`parse_json` returns it.

    Raises
    ------
    JsonFileError
        For a file too large, not a regular file, unreadable, or not usable JSON; the
        message names the file and says why.
    """
    return parse_json(read_text_bytes(path, limit), Path(path).name, max_depth=max_depth)


def read_json_object(
    path: str | os.PathLike[str], limit: int, *, max_depth: int = MAX_DEPTH
) -> dict[str, object]:
    """Return the object of a JSON file that must hold one (see :func:`read_json`)."""
    value = read_json(path, limit, max_depth=max_depth)
    if not isinstance(value, dict):
        raise JsonFileError(Path(path).name, Message("it is not a JSON object"))
    return value


def read_text_bytes(path: str | os.PathLike[str], limit: int) -> bytes:
    """Return the bytes of a regular file of at most ``limit`` bytes, or raise InputError.

    The one way to read a bounded file whose every failure is a message naming it: too
    large or a device or a pipe (:class:`engine.formats.files.FileRefusedError`), a folder, a
    missing file, no permission, an I/O error (``/proc/self/mem``'s), whose ``OSError``
    may not even carry the file's name.
    """
    path = Path(path)
    try:
        return read_bounded(path, limit)
    except IsADirectoryError:
        raise InputError(Message("{file} is a folder, not a file", file=path.name)) from None
    except OSError as error:
        raise InputError(
            Message("cannot read {file}: {reason}", file=path.name, reason=system_reason(error))
        ) from None


__all__ = [
    "JSON_REASONS",
    "MAX_DEPTH",
    "JsonFileError",
    "check_value",
    "json_reason",
    "parse_json",
    "read_json",
    "read_json_object",
    "read_text_bytes",
]
