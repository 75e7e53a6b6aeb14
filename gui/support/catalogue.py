"""The catalogue of the messages written without Qt, and their text in a language.

The engine, and the command line before Qt starts, write their messages as
:class:`engine.messages.Message`: an English template and its arguments. The catalogue of
a language (``resources/translations/engine_messages_<language>.json``, kept complete by
``resources/translations/engine_messages.py``) maps each template to its translation. This
module imports no Qt, so that ``main.py`` can speak the chosen language while it reads its
flags.
"""

from __future__ import annotations

import json
from functools import cache

from engine.messages import Message
from resources import resource_path


@cache
def catalogue(language: str) -> dict[str, str]:
    """Return template → translation for ``language`` (empty for English)."""
    path = resource_path("translations") / f"engine_messages_{language}.json"
    if language == "en" or not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {str(key): str(value) for key, value in data.items()}


def translated(message: Message, language: str) -> str:
    """Return ``message`` in ``language``; a template the catalogue lacks reads in English."""
    known = catalogue(language)
    try:
        return message.translated(lambda template: known.get(template, template))
    except (KeyError, IndexError, ValueError):  # a damaged catalogue: the message's own words
        return str(message)
