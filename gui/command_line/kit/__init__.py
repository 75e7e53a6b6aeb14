"""The offline install kit: ``python main.py kit --out DIR`` (see :mod:`.command`).

It imports no Qt: the kit is built by the command line alone, on a machine with internet,
for laptops without it. ``templates/`` holds what the kit carries besides wheels: the
install scripts (``install.py``, ``install_venv.py``, ``install.sh``, ``install.bat``,
``install.ps1``), run on the laptops, and the README.

The builder (and pip's modules) is loaded when first asked for, so that the command line's
parser reads :mod:`.targets` without it.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gui.command_line.kit.build import KitPlan, KitReport, build_kit
    from gui.command_line.kit.targets import MODEL, PYTHONS, TARGETS, KitError, Target

_HOMES = {
    "KitPlan": "build",
    "KitReport": "build",
    "build_kit": "build",
    "MODEL": "targets",
    "PYTHONS": "targets",
    "TARGETS": "targets",
    "KitError": "targets",
    "Target": "targets",
}


def __getattr__(name: str) -> object:
    """Import one of the kit's public names from its module when first used."""
    if name in _HOMES:
        return getattr(import_module(f"{__name__}.{_HOMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["MODEL", "PYTHONS", "TARGETS", "KitError", "KitPlan", "KitReport", "Target", "build_kit"]
