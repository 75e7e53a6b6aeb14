"""The names of what can be exported, kept apart from the code that exports so that the
menus can be built at start-up without loading it."""

from __future__ import annotations

FIGURE_FORMATS = ("png", "svg", "pdf")
DATA_FORMATS = ("csv", "json")
ALL_FORMATS = (*FIGURE_FORMATS, *DATA_FORMATS)
SESSION_FILE = "session.json"
VARIANCE_PLOTS = ("spread", "histogram", "winner", "gradient")
