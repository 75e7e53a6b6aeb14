"""The names of what can be exported, and the sizes a figure may be drawn at.

They are kept apart from the code that exports so that the menus can be built at start-up
without loading it, and without Qt, so that the command line reads its flags before Qt
starts (``main.py kit`` never loads it).
"""

from __future__ import annotations

FIGURE_FORMATS = ("png", "svg", "pdf")
DATA_FORMATS = ("csv", "json")
ALL_FORMATS = (*FIGURE_FORMATS, *DATA_FORMATS)
SESSION_FILE = "session.json"
VARIANCE_PLOTS = ("spread", "histogram", "winner", "gradient")
#: A figure's size against the screen: below the least it is a few pixels, surely a typo.
MIN_SCALE = 0.25
MAX_SCALE = 8.0

# key → (symbol, file stem); the order of the lesson: inputs, then steps ① to ④
MATRICES = {
    "q": ("Q", "Q"),
    "k": ("K", "K"),
    "v": ("V", "V"),
    "scores": ("S", "S"),
    "scaled": ("S/τ", "S-scaled"),
    "weights": ("A", "A"),
    "context": ("Z", "Z"),
}
