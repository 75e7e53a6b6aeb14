"""Data that ships with Attention Lab: presets, fonts, translations.

Everything is looked up through :func:`resource_path`, so the app finds its files
whether it runs from a checkout or from an installed wheel, with no network.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent


def resource_path(*parts: str) -> Path:
    """The path of a file shipped under ``resources/``."""
    return ROOT.joinpath(*parts)


__all__ = ["ROOT", "resource_path"]
