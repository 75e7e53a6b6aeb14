"""The command line's words in the language its ``--lang`` asks for, before Qt starts.

``main.py`` and ``main.py export`` read their flags with :mod:`argparse`, before Qt (and
its translators) are loaded. Their own sentences are :class:`engine.messages.Message` s,
found in the source and translated in the same catalogue as the engine's; argparse's own
words ("usage: ", "the following arguments are required: %s", …) are listed in
:data:`ARGPARSE_WORDS`, and argparse is made to look them up there too.
"""

from __future__ import annotations

import argparse
import copy
from collections.abc import Sequence
from typing import NoReturn

from engine.messages import Message
from gui.support.catalogue import catalogue, translated

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


class OneLineParser(argparse.ArgumentParser):
    """An argparse parser that says a bad flag or value in one line, in the language."""

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        """Parse as argparse does, but name an unknown flag before a missing one.

        argparse checks the required flags before it looks at the unknown ones, so
        ``export --bogus`` was told only that ``--out`` is missing. A first pass with
        nothing required finds the unknown words; then the real parse says the rest.
        """
        required = [action for action in self._actions if action.required]
        groups = [group for group in self._mutually_exclusive_groups if group.required]
        for action in required:
            action.required = False
        for group in groups:
            group.required = False
        try:
            _, unknown = self.parse_known_args(args, copy.copy(namespace))
        finally:
            for action in required:
                action.required = True
            for group in groups:
                group.required = True
        if unknown:
            said = catalogue(_language).get("unrecognized arguments: %s")
            self.error((said or "unrecognized arguments: %s") % " ".join(unknown))
        return super().parse_args(args, namespace)

    def format_help(self) -> str:
        """Return argparse's help, its section titles ended as its "usage" is.

        argparse ends a title with an ASCII colon of its own; in Chinese "用法：" has the
        full-width one, so "选项:" beside it is given one too.
        """
        text = super().format_help()
        colon = catalogue(_language).get("usage: ", "usage: ").rstrip()[-1:]
        if colon in ("", ":"):
            return text
        for group in self._action_groups:
            if group.title:
                text = text.replace(f"\n{group.title}:\n", f"\n{group.title}{colon}\n")
        return text

    def error(self, message: str) -> NoReturn:
        """Print a bad flag or value as one line on stderr, and exit with status 2."""
        said = Message("{prog}: error: {message} (see --help)", prog=self.prog, message=message)
        self.exit(2, one_line(words(said)) + "\n")


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
