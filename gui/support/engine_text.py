"""The engine's messages in the chosen language.

The engine (no Qt) raises its errors with a :class:`engine.messages.Message`: an English
template and its arguments. Here a template is looked up in the catalogue of the chosen
language (``resources/translations/engine_messages_<language>.json``, made beside the
``.ts`` of the interface) and filled in; English, or a template the catalogue lacks,
reads as the engine wrote it.
"""

from __future__ import annotations

import json
from functools import cache

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


def engine_text(error: BaseException) -> str:
    """Return ``error``'s message in the chosen language, its field or file kept as is."""
    message = getattr(error, "message", None)
    template = getattr(message, "template", None)
    arguments = getattr(message, "arguments", None)
    if not isinstance(template, str) or not isinstance(arguments, dict):
        return str(error)
    translation = catalogue(current_language()).get(template)
    if translation is None:
        return str(error)
    try:
        text = translation.format(**arguments)
    except (KeyError, IndexError, ValueError):  # a damaged catalogue: the engine's own words
        return str(error)
    where = getattr(error, "field", None) or getattr(error, "source", None)
    return f"{where}: {text}" if isinstance(where, str) and where else text
