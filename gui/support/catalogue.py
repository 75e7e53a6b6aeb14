"""The catalogue of the messages written without Qt, and their text in a language.

The engine, and the command line before Qt starts, write their messages as
:class:`engine.messages.Message`: an English template and its arguments. The catalogue of
a language (``resources/translations/engine_messages_<language>.json``, kept complete by
``tools/engine_messages.py``) maps each template to its translation. This module imports
no Qt, so that ``main.py`` can speak the chosen language while it reads its flags.
"""

from __future__ import annotations

from functools import cache

from engine.formats.json_file import read_json_object
from engine.messages import InputError, Message
from resources import resource_path

#: The Chinese catalogue is about 60 kB.
MAX_CATALOGUE_BYTES = 4 * 2**20


@cache
def catalogue(language: str) -> dict[str, str]:
    """Return template → translation for ``language`` (empty for English)."""
    path = resource_path("translations") / f"engine_messages_{language}.json"
    if language == "en" or not path.is_file():
        return {}
    try:
        data = read_json_object(path, MAX_CATALOGUE_BYTES)
    except InputError:  # a damaged catalogue: the messages read in English
        return {}
    return {str(key): str(value) for key, value in data.items()}


def translated(message: Message, language: str) -> str:
    """Return ``message`` in ``language``; a template the catalogue lacks reads in English."""
    known = catalogue(language)
    try:
        return message.translated(lambda template: known.get(template, template))
    except (KeyError, IndexError, ValueError):  # a damaged catalogue: the message's own words
        return str(message)
