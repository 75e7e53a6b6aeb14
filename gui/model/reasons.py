"""Why the numbers refused an edit, in the user's language.

edits.py (no Qt) refuses with a reason and its arguments (:class:`Refused`); here each
reason becomes the sentence the user reads, translated in the state's context
(``AttentionState``: the same sources and translations as its ``self.tr``). Written again
after a language switch, a refusal is written from its reason: a typed number is read
again, since the number reader words its reason in the language of the moment.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from engine import Message
from gui.model.edits import Refused
from gui.model.numbers import parse_number
from gui.support.engine_text import engine_text, message_text


def reason_text(refused: Refused) -> str:
    """Return why the numbers refused an edit, in the current language."""
    arguments = [engine_text(a) if isinstance(a, Exception)
                 else message_text(a) if isinstance(a, Message) else a
                 for a in refused.arguments]  # fmt: skip
    translate = QCoreApplication.translate
    if refused.reason in ("not a number", "paste not a number"):
        where, text = arguments
        said = _unreadable(str(text))
        if refused.reason == "not a number":
            return translate("AttentionState", "{0}: {1}").format(where, said)
        return translate("AttentionState", "Paste refused: {0}: {1}").format(where, said)
    if refused.reason == "beyond":
        where, number = arguments
        beyond = translate("AttentionState", "{0} is beyond ±1,000,000").format(number)
        return translate("AttentionState", "{0}: {1}").format(where, beyond)
    return {
        "projection tokens": translate(
            "AttentionState", "Projection mode needs one column of X per token: at most {0} tokens"
        ),
        "dimension": translate("AttentionState", "A dimension must be between 1 and {0}"),
        "heads divide": translate(
            "AttentionState", "{0} heads need a width they divide: {1} is not a multiple of {0}"
        ),
        "heads": translate("AttentionState", "Heads: {0}"),
        "w_o needs projection": translate(
            "AttentionState", "W_o needs projection mode (X and the W's)"
        ),
        "mask shape": translate("AttentionState", "The mask must be {0}×{0}, not {1}"),
        "dropout": translate("AttentionState", "Dropout: {0}"),
        "dropout seed": translate("AttentionState", "Dropout: the seed must be from 0 to {0}"),
        "restore": translate("AttentionState", "Restore: {0}"),
        "load": "{0}",  # after the step's name (see AttentionState.load_preset)
        "computed": translate("AttentionState", "{0} is computed and cannot be edited"),
        "ragged": translate(
            "AttentionState", "Paste refused: the rows have different numbers of cells"
        ),
        "runs past": translate(
            "AttentionState", "Paste refused: a {0}×{1} block at {2} runs past the {3}×{4} grid"
        ),
        "too many tokens": translate("AttentionState", "At most {0} tokens can be edited here"),
        "last token": translate("AttentionState", "At least one token is needed"),
        "no name": translate("AttentionState", "A token needs a name"),
        "long name": translate("AttentionState", "A token name can have at most 200 characters"),
        "bad character": translate(
            "AttentionState", "A token name cannot hold {0}: it could not be shown or saved"
        ),
    }[refused.reason].format(*arguments)


def _unreadable(text: str) -> str:
    """Return why ``text`` is not a number, in the current language."""
    try:
        parse_number(text)
    except ValueError as error:
        return str(error)
    return ""
