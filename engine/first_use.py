"""Names a package gives when first read (PEP 562): their module is imported only then.

The window's first paint needs neither the hand calculation, nor training, nor the
experiment, nor the real model: ``engine`` and ``engine.lesson`` name them all the same.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import import_module


def loaded_on_first_use(package: str, later: dict[str, str]) -> Callable[[str], object]:
    """Return ``package``'s module ``__getattr__``: each name of ``later`` from its module.

    ``later`` maps a name to its module, relative to ``package`` (``".lesson.variance"``);
    a name once read is kept in the package, and is not looked up again.
    """

    def first_use(name: str) -> object:
        if name not in later:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(later[name], package), name)
        setattr(sys.modules[package], name, value)
        return value

    return first_use


__all__ = ["loaded_on_first_use"]
