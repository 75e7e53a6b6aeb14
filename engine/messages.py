"""Messages as templates with named arguments, so that the GUI can translate them.

The engine's errors are written in English, but the app also speaks Chinese. A finished
English sentence cannot be translated; a template can: each error carries a
:class:`Message` such as ``Message("line {line}: over {most} cells", line=3, most=1024)``,
whose ``str()`` is the English sentence and whose template a translator looks up in a
catalogue (``tools/engine_messages.py`` finds every template in the
source, without running it). Data (a file name, a field, a token name, a cell's text) is
always an argument, never part of a template.

Every ``Message`` is built with a literal template as its first argument, so that the
catalogue can find it: ``Message("…", name=value)``, never from a variable or an f-string.
An argument may itself be a ``Message`` (a character's description inside a sentence);
:meth:`Message.translated` translates it too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True, init=False)
class Message:
    """A sentence for the user: a template and the values of its named placeholders.

    Parameters
    ----------
    template : str
        The English sentence with ``{name}`` placeholders, formatted as by
        :meth:`str.format` (``{rows:,}``, ``{cell!r}`` and ``{tau:g}`` keep their formats).
    **arguments : object
        The value of each placeholder.

    Examples
    --------
    >>> str(Message("line {line}: over {most} cells", line=2, most=1024))
    'line 2: over 1024 cells'
    """

    template: str
    arguments: dict[str, object] = field(hash=False)

    def __init__(self, template: str, /, **arguments: object) -> None:
        object.__setattr__(self, "template", template)
        object.__setattr__(self, "arguments", arguments)

    @classmethod
    def verbatim(cls, text: str) -> Message:
        """Return a message that is ``text`` as it is, which no catalogue translates.

        Parameters
        ----------
        text : str
            A finished sentence (braces included), as older callers pass them.

        Returns
        -------
        Message
            A message whose ``str()`` is ``text``.
        """
        return cls(text.replace("{", "{{").replace("}", "}}"))

    def __str__(self) -> str:
        """Return the English sentence: the template filled in with the arguments."""
        return self.template.format(**self.arguments)

    def translated(self, translate: Callable[[str], str]) -> str:
        """Return the sentence in another language.

        Parameters
        ----------
        translate : callable
            Maps an English template to its translation, with the same placeholders (or to
            itself when there is none).

        Returns
        -------
        str
            The translated template filled in with the arguments; an argument that is a
            message is translated in the same way first.
        """
        arguments = {
            name: value.translated(translate) if isinstance(value, Message) else value
            for name, value in self.arguments.items()
        }
        return translate(self.template).format(**arguments)


def as_message(message: Message | str) -> Message:
    """Return ``message`` as a :class:`Message`; a plain string is taken verbatim.

    Parameters
    ----------
    message : Message or str
        What an error was given.

    Returns
    -------
    Message
        ``message`` itself, or :meth:`Message.verbatim` of the string.
    """
    return message if isinstance(message, Message) else Message.verbatim(message)


class InputError(ValueError):
    """A value the user gave that the engine cannot use; ``message`` says why.

    It is a ``ValueError`` whose ``str()`` is the English sentence, as before messages
    were translatable. :class:`engine.PresetError` and
    :class:`engine.formats.import_common.MatrixImportError` are ``InputError`` s too; their
    ``str()`` puts the field or the file before the sentence, and ``message`` is the sentence
    alone.

    Parameters
    ----------
    message : Message or str
        Why the value cannot be used; a plain string is kept verbatim.
    where : str, optional
        The field or the file it is about (``"tokens[1]"``, ``"q.csv"``): data, put
        before the sentence in ``str()`` and never translated.

    Attributes
    ----------
    message : Message
        The template and its arguments, for a translation.
    where : str
        As given.
    """

    def __init__(self, message: Message | str, where: str = "") -> None:
        self.message = as_message(message)
        self.where = where
        super().__init__(f"{where}: {self.message}" if where else str(self.message))


__all__ = ["InputError", "Message", "as_message"]
