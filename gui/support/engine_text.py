"""The engine's messages in the chosen language.

The engine (no Qt) raises its errors with a :class:`engine.messages.Message`: an English
template and its arguments. Here each template (and each message among its arguments) is
looked up in the catalogue of the chosen language
(``resources/translations/engine_messages_<language>.json``, kept complete by
``resources/translations/engine_messages.py``) and filled in; in English, or for a
template the catalogue lacks, the message reads as the engine wrote it.
"""

from __future__ import annotations

import json
from functools import cache

from engine.messages import InputError, Message
from gui.support.language import current_language
from resources import resource_path


@cache
def catalogue(language: str) -> dict[str, str]:
    """Return template → translation for ``language`` (empty for English)."""
    path = resource_path("translations") / f"engine_messages_{language}.json"
    if language == "en" or not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {str(key): str(value) for key, value in data.items()}


def message_text(message: Message, language: str | None = None) -> str:
    """Return one of the engine's messages (not an error) in ``language`` (else the chosen)."""
    known = catalogue(language or current_language())
    try:
        return message.translated(lambda template: known.get(template, template))
    except (KeyError, IndexError, ValueError):  # a damaged catalogue: the engine's own words
        return str(message)


def engine_text(error: BaseException, language: str | None = None) -> str:
    """Return ``error``'s message in ``language`` (else the chosen one).

    Its field or file (``tokens[1]``, ``q.csv``) is kept as it is: that is data.
    """
    if not isinstance(error, InputError):
        return str(error)  # not the engine's own words: a library's or the system's
    text = message_text(error.message, language)
    return f"{error.where}: {text}" if error.where else text
