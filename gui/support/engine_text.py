"""The engine's messages in the chosen language.

The engine (no Qt) raises its errors with a :class:`engine.messages.Message`: an English
template and its arguments. Here each template (and each message among its arguments) is
looked up in the catalogue of the chosen language
(``resources/translations/engine_messages_<language>.json``, kept complete by
``tools/engine_messages.py``) and filled in; in English, or for a template the catalogue
lacks, the message reads as the engine wrote it. The operating
system's reasons (``OSError``) are said the same way, through
:func:`engine.system_errors.system_reason`: never the C library's English.
"""

from __future__ import annotations

from engine.messages import InputError, Message
from engine.system_errors import system_reason
from gui.support.catalogue import catalogue, translated
from gui.support.language import current_language

__all__ = ["catalogue", "engine_text", "message_text", "reason_text"]


def message_text(message: Message, language: str | None = None) -> str:
    """Return one of the engine's messages (not an error) in ``language`` (else the chosen)."""
    return translated(message, language or current_language())


def reason_text(error: BaseException, language: str | None = None) -> str:
    """Return why ``error`` happened, without the file it names, in ``language``.

    For a sentence that names the file itself ("{0} could not be written: {1}"): an
    ``OSError`` gives its translated reason ("没有权限"), any other error its message.
    """
    if isinstance(error, OSError):
        return message_text(system_reason(error), language)
    return engine_text(error, language)


def engine_text(error: BaseException, language: str | None = None) -> str:
    """Return ``error``'s message in ``language`` (else the chosen one).

    Its field or file (``tokens[1]``, ``q.csv``) is kept as it is: that is data. An
    ``OSError`` is its file, then its reason in the language.
    """
    if isinstance(error, OSError):
        reason = reason_text(error, language)
        return f"{error.filename}: {reason}" if error.filename else reason
    if not isinstance(error, InputError):
        return str(error)  # not the engine's own words: a library's
    text = message_text(error.message, language)
    return f"{error.where}: {text}" if error.where else text
