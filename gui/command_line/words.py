"""The command line's words in the language its ``--lang`` asks for, before Qt starts.

``main.py`` and its verbs read their flags with :mod:`argparse`, before Qt (and its
translators) are loaded. Their own sentences are :class:`engine.messages.Message` s,
found in the source and translated in the same catalogue as the engine's; argparse's own
words ("usage: ", "the following arguments are required: %s", …) are listed in
:data:`ARGPARSE_WORDS`, and argparse is made to look them up there too.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from engine.messages import Message
from gui.support.catalogue import catalogue, translated

#: The command's name, as its help and its errors say it (``attention-lab export: error:``).
PROG = "attention-lab"

#: The languages of the command line (as gui.support.language.LANGUAGES, without Qt).
CODES = ("en", "zh_CN")

#: What argparse (Python 3.10 to 3.13) says itself, through gettext: each is a key of the
#: catalogue, with argparse's own %-placeholders.
ARGPARSE_WORDS = (
    "usage: ",
    "positional arguments",
    "options",
    "show this help message and exit",
    "show program's version number and exit",
    "the following arguments are required: %s",
    "one of the arguments %s is required",
    "unrecognized arguments: %s",
    "invalid choice: %(value)r (choose from %(choices)s)",
    "invalid %(type)s value: %(value)r",
    "argument %(argument_name)s: %(message)s",
    "not allowed with argument %s",
    "expected one argument",
    "expected at most one argument",
    "expected at least one argument",
    "expected %s argument",
    "expected %s arguments",
    "ambiguous option: %(option)s could match %(matches)s",
    "ignored explicit argument %r",
)

_language = "en"

#: What would break a line of stderr: a folder named "a⏎b" is shown as a\nb.
LINE_BREAKS = "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"


def one_line(text: str) -> str:
    r"""Return ``text`` as one line of stderr: a folder named "a⏎b" is shown as a\nb."""
    return "".join(repr(c)[1:-1] if c in LINE_BREAKS else c for c in text)


def language_asked(argv: Sequence[str]) -> str | None:
    """Return the code that ``--lang CODE`` or ``--lang=CODE`` asks for, if it is one."""
    for index, word in enumerate(argv):
        if word == "--":
            break
        code = None
        if word == "--lang" and index + 1 < len(argv):
            code = argv[index + 1]
        elif word.startswith("--lang="):
            code = word.partition("=")[2]
        if code in CODES:
            return code
    return None


def speak(language: str) -> None:
    """Let :func:`words` and argparse's own messages from now on be in ``language``."""
    global _language
    _language = language if language in CODES else "en"
    known = catalogue(_language)

    def gettext(text: str) -> str:
        return known.get(text, text)

    def ngettext(singular: str, plural: str, count: int) -> str:
        return gettext(singular if count == 1 else plural)

    # argparse calls the gettext it imported as its module's _ and ngettext, at the moment
    # it builds a parser or a message: setting them there is what argparse offers.
    argparse._ = gettext  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


def words(message: Message) -> str:
    """Return one of the command line's messages in the language it speaks."""
    return translated(message, _language)


def argparse_word(text: str) -> str:
    """Return one of :data:`ARGPARSE_WORDS` in the language the command line speaks."""
    return catalogue(_language).get(text) or text


def console_replaces_what_it_cannot_encode() -> None:
    r"""Let stdout and stderr write any text: what their encoding lacks becomes ``\uXXXX``.

    On an ASCII-only console (``PYTHONIOENCODING=ascii``, the C locale) ``--help`` raised
    UnicodeEncodeError at its first arrow, and ``export --out 猫`` wrote every file and
    then failed with exit 1 on the line that said so.
    """
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


__all__ = [
    "ARGPARSE_WORDS",
    "CODES",
    "PROG",
    "argparse_word",
    "console_replaces_what_it_cannot_encode",
    "language_asked",
    "one_line",
    "speak",
    "words",
]
