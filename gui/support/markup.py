"""Plain text made safe inside Qt's rich text (a token named ``<b>`` is shown as typed).

``html.escape``'s replacements, without the ``html`` package: importing it reads the table
of every named entity (1 ms of the window's start), which escaping never uses.
"""

from __future__ import annotations

#: each character that rich text would read as markup, and how it is written instead;
#: the ampersand first, so that the others' ampersands stay as they are
_MARKUP = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("'", "&#x27;"))


def escape(text: str) -> str:
    """Return ``text`` with ``& < > " '`` written as entities, as ``html.escape`` does."""
    for character, entity in _MARKUP:
        text = text.replace(character, entity)
    return text


__all__ = ["escape"]
