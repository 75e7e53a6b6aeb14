"""File formats: presets and session files, the built-in examples, the matrix importers.

What the app reads and writes, each reader checking everything before it trusts a byte and
naming the field, the line or the cell that is wrong.

- ``presets``: the session format, one versioned JSON (described in README.md):
  :class:`Preset`, :func:`read_preset`, :func:`write_preset`; ``preset_fields``: the fields
  of its version 2 (heads, padding, dropout); ``preset_errors``: :class:`PresetError`;
  ``head_source``: its ``"source"``, the real model's head whose numbers a session holds;
- ``examples``: the lesson's built-in presets, and random ones;
- ``files``: files written whole or not at all, and read only when they are files of a
  sane size; ``json_file``: the one JSON reader, bounded in size and depth;
- ``importing``: Q, K and V (or X and the W's) from CSV, ``.npy`` and ``.npz`` files, with
  ``import_common``, ``import_csv`` and ``import_npy``; ``export_size``: how large an export
  of the matrices will be. These are imported when first used (opening the window needs
  none of them), so their names are not among those below: import them from their modules.
"""

from __future__ import annotations

from .examples import load_preset, random_preset
from .head_source import HeadSource
from .preset_errors import PresetError
from .presets import (
    Preset,
    Projection,
    parse_preset,
    preset_from_dict,
    preset_to_dict,
    read_preset,
    write_preset,
)

__all__ = [
    "HeadSource",
    "Preset",
    "PresetError",
    "Projection",
    "load_preset",
    "parse_preset",
    "preset_from_dict",
    "preset_to_dict",
    "random_preset",
    "read_preset",
    "write_preset",
]
