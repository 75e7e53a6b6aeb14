"""The kit's manifest: what it holds, for which computers, and every file's SHA-256.

``kit.json`` is read by the install scripts: they check each file's size and hash before
anything is installed (a copy cut short on a USB stick is named, not installed), then
install from the wheels it lists. ``MANIFEST.sha256`` holds the same hashes in the format
of ``sha256sum -c`` / ``shasum -a 256 -c``, to check a copy by hand.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

#: The manifest the install scripts read.
MANIFEST = "kit.json"
#: The same hashes for ``sha256sum -c``.
CHECKSUMS = "MANIFEST.sha256"
#: ``kit.json``'s ``format`` and ``version``: an install script refuses a newer version.
FORMAT = "attention-lab-kit"
VERSION = 1


def sha256_of(path: Path) -> str:
    """Return the SHA-256 of a file as 64 hexadecimal digits, read a megabyte at a time."""
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        while block := stream.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


@dataclass(frozen=True)
class Entry:
    """One file of the kit: its path inside the kit (with ``/``), size and hash."""

    path: str
    size: int
    sha256: str


def entries(folder: Path, paths: Iterable[str]) -> list[Entry]:
    """Return an :class:`Entry` for each path (relative to ``folder``), sorted by path."""
    found = []
    for path in sorted(set(paths)):
        file = folder / path
        found.append(Entry(path, file.stat().st_size, sha256_of(file)))
    return found


def write_manifest(folder: Path, files: list[Entry], about: Mapping[str, object]) -> None:
    """Write ``kit.json`` (``about`` and the files) and ``MANIFEST.sha256`` into ``folder``.

    Both are written last in a build, so that a kit whose build was interrupted has no
    manifest, and its install scripts say so instead of installing half a kit.

    Parameters
    ----------
    folder : Path
        The kit.
    files : list of Entry
        Every file of the kit but the two manifests.
    about : mapping
        What else the install scripts need to know (the Python versions, the targets and
        their wheels, the app's and the model's requirements); JSON-serialisable.
    """
    data = {
        "format": FORMAT,
        "version": VERSION,
        **about,
        "files": {entry.path: {"size": entry.size, "sha256": entry.sha256} for entry in files},
    }
    text = json.dumps(data, indent=1, ensure_ascii=False, sort_keys=False) + "\n"
    (folder / MANIFEST).write_text(text, encoding="utf-8")
    lines = "".join(f"{entry.sha256}  {entry.path}\n" for entry in files)
    (folder / CHECKSUMS).write_text(lines, encoding="utf-8", newline="\n")


__all__ = [
    "CHECKSUMS",
    "FORMAT",
    "MANIFEST",
    "VERSION",
    "Entry",
    "entries",
    "sha256_of",
    "write_manifest",
]
