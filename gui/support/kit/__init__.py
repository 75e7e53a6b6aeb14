"""The offline install kit: ``python main.py kit --out DIR`` (see :mod:`.command`).

It imports no Qt: the kit is built by the command line alone, on a machine with internet,
for laptops without it.
"""

from gui.support.kit.build import MODEL, KitPlan, KitReport, build_kit
from gui.support.kit.targets import PYTHONS, TARGETS, KitError, Target

__all__ = ["MODEL", "PYTHONS", "TARGETS", "KitError", "KitPlan", "KitReport", "Target", "build_kit"]
