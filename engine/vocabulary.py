"""The lesson's words and limits, in one place that the engine and the GUI share.

The names of the input matrices and of the four steps, and the largest sizes and values
that a preset, a session file or an imported matrix may hold. Nothing here computes.
"""

from __future__ import annotations

import unicodedata

from .messages import Message

#: The inputs of direct mode, in the order the lesson gives them.
DIRECT_INPUTS = ("q", "k", "v")
#: The inputs of projection mode: the embeddings X and the three projections.
PROJECTION_INPUTS = ("x", "w_q", "w_k", "w_v")
#: How each matrix is written for a reader.
LABELS = {"q": "Q", "k": "K", "v": "V", "x": "X", "w_q": "W_q", "w_k": "W_k", "w_v": "W_v",
          "w_o": "W_o"}  # fmt: skip
#: The four steps, in order: ① S = QKᵀ, ② S/τ, ③ A = softmax, ④ Z = A·V.
STEPS = ("scores", "scaled", "weights", "context")

#: The most tokens (rows of Q, K, V or X) a preset, a session or an import may hold.
#: Measured (bench/limits.py, 2 cores): at 2048 × 1024 a session is written in 6 s, read in
#: 2 s, opened in 3 s and exported whole in 42 s within 1.9 GB; at 4096 × 1024 the export
#: took 141 s and 4.7 GB, too much for a classroom laptop, so 4096 is no longer allowed.
MAX_TOKENS = 2048
#: The most columns of any input matrix (d_model, d_k, d_v).
MAX_DIM = 1024
#: The longest token name, in characters.
MAX_TOKEN_CHARS = 200
#: The largest magnitude of an input number, as for a typed cell: beyond it q·k over
#: 1024 dimensions could leave 64-bit floats.
MAX_VALUE = 1e6
#: The largest preset, session or CSV file that is read.
MAX_FILE_BYTES = 256 * 1024 * 1024
#: The smallest τ accepted: below it 1/τ overflows 64-bit floats.
MIN_TEMPERATURE = 1e-300


def is_noncharacter(code: int) -> bool:
    """Return True for a code point Unicode keeps out of text: U+FDD0–FDEF, U+xFFFE/xFFFF."""
    return 0xFDD0 <= code <= 0xFDEF or (code & 0xFFFE) == 0xFFFE


def forbidden_character(name: str) -> str | None:
    """Return the first character that a token name may not hold, or None.

    A token name is text a person reads on an axis, in a file and in a picture, so it
    holds no control characters (NUL, ESC, tab, newline …), no line or paragraph
    separators, no lone surrogates and no noncharacters (U+FFFE …): each of them either
    cannot be shown or cannot be written into an SVG (XML) or a JSON file and read back.

    Parameters
    ----------
    name : str
        The token name to check.

    Returns
    -------
    str or None
        The first such character, or None when every character may stay.
    """
    for character in name:
        code = ord(character)
        if unicodedata.category(character) in ("Cc", "Cs", "Zl", "Zp"):
            return character
        if is_noncharacter(code):
            return character
    return None


def character_message(character: str) -> Message:
    """Return how a character is named in a message: ``U+001B (a control character)``.

    Parameters
    ----------
    character : str
        One character.

    Returns
    -------
    Message
        Its code point with its Unicode name (data, never translated), or with what kind
        of character it is (a control character, a lone surrogate, a noncharacter).
    """
    code = ord(character)
    name = unicodedata.name(character, "")
    if name:
        return Message("U+{code:04X} ({name})", code=code, name=name)
    category = unicodedata.category(character)
    if category == "Cc":
        return Message("U+{code:04X} (a control character)", code=code)
    if category == "Cs":
        return Message("U+{code:04X} (a lone surrogate)", code=code)
    if is_noncharacter(code):
        return Message("U+{code:04X} (a noncharacter)", code=code)
    return Message("U+{code:04X}", code=code)
