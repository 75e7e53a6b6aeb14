"""The error of a preset or session file that cannot be used, naming the field."""

from __future__ import annotations

import reprlib

from ..messages import InputError, Message


class PresetError(InputError):
    """A preset or session file that cannot be used; ``field`` names the culprit.

    Its ``str()`` is ``"tokens[1]: holds U+001B …"``: the field, then the message.

    Parameters
    ----------
    field : str
        Where in the file the problem is (``"inputs.q[1][2]"``), or ``""`` for the file as
        a whole. It is data, never translated.
    message : Message or str
        What is wrong there; a plain string is kept verbatim.

    Attributes
    ----------
    field : str
        As given.
    message : Message
        The message without the field, for a translation.
    """

    def __init__(self, field: str, message: Message | str) -> None:
        super().__init__(message, where=field)
        self.field = field


_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = _SHORT.maxlong = 40
_SHORT.maxlist = _SHORT.maxdict = 4
_SHORT.maxlevel = 2


def _shown(value: object) -> str:
    """``value`` for a message: its repr, cut short (a file may hold a megabyte string)."""
    return _SHORT.repr(value)
