"""The built-in examples as the interface shows them: placeholder tokens in its language."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from engine import Preset, load_preset


def token_name(number: int) -> str:
    """Return the name of the ``number``-th token (from 1): “token 1”, “词1”.

    The name a token added with Add token gets too (AttentionState.add_token).
    """
    return QCoreApplication.translate("AttentionState", "token {0}").format(number)


def built_in_example(name: str) -> Preset:
    """Return built-in preset ``name``; its placeholder tokens named in the language.

    The shape check named its tokens 词1 词2 词3 in the English interface.
    """
    return load_preset(name, token_name)
