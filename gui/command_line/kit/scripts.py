"""The kit's install scripts and README, written from the templates in ``templates/``.

The templates name the kit's Python versions, its computers and its model as
``@PLACEHOLDERS@``, filled in here. Each file gets the form its system reads: the Windows
scripts CRLF line ends (cmd.exe mis-reads labels in LF files), install.ps1 a UTF-8 BOM
(Windows PowerShell 5.1 reads a file without one in the ANSI code page, and its Chinese
would be garbled), install.sh LF and the executable bit.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from gui.command_line.kit.targets import Target

#: The folder of the templates, beside this module (the package's data, in a wheel too).
TEMPLATES = Path(__file__).resolve().parent / "templates"
#: The templates, each written into the kit under the same name.
SCRIPTS = ("install.py", "install_venv.py", "install.sh", "install.ps1", "install.bat",
           "README.txt")  # fmt: skip
#: What the README says of each system (English, Chinese): how to install, where it starts.
#: A kit for Linux alone spoke of install.bat and the Windows desktop.
STEPS = {
    "windows": ("   - Windows: double-click install.bat", "   - Windows：双击 install.bat"),
    "unix": ("   - {0}: open a terminal in this folder and type   sh install.sh",
             "   - {0}：在此文件夹中打开终端，输入   sh install.sh"),
}  # fmt: skip
LAUNCHERS = {
    "linux": ("the applications menu on Linux", "Linux 在应用程序菜单中"),
    "macos": ('"Attention Lab.command" on the macOS desktop',
              "macOS 桌面上的“Attention Lab.command”"),
    "windows": ('"Attention Lab.bat" on the Windows desktop',
                "Windows 桌面上的“Attention Lab.bat”"),
}  # fmt: skip


def system_texts(targets: Sequence[Target]) -> dict[str, str]:
    """Return the README's install steps and launchers for the kit's systems only."""
    systems = list(dict.fromkeys(target.system for target in targets))
    steps_en, steps_zh = [], []
    if "windows" in systems:
        steps_en.append(STEPS["windows"][0])
        steps_zh.append(STEPS["windows"][1])
    unix = [name for system, name in (("macos", "macOS"), ("linux", "Linux")) if system in systems]
    if unix:
        steps_en.append(STEPS["unix"][0].format(" and ".join(unix)))
        steps_zh.append(STEPS["unix"][1].format(" 和 ".join(unix)))
    return {
        "STEPS_EN": "\n".join(steps_en),
        "STEPS_ZH": "\n".join(steps_zh),
        "LAUNCHERS_EN": ", ".join(LAUNCHERS[system][0] for system in systems),
        "LAUNCHERS_ZH": "，".join(LAUNCHERS[system][1] for system in systems),
    }


def fill(template: str, values: dict[str, str]) -> str:
    """Return ``template`` with each ``@NAME@`` replaced by ``values["NAME"]``."""
    for name, value in values.items():
        template = template.replace(f"@{name}@", value)
    return template


def write_scripts(
    folder: Path,
    version: str,
    targets: Sequence[Target],
    pythons: Sequence[str],
    model: str | None,
) -> list[str]:
    """Write the install scripts and the README into ``folder``; return their names.

    Parameters
    ----------
    folder : Path
        The kit.
    version : str
        Attention Lab's version.
    targets : sequence of Target
        The computers the kit is for.
    pythons : sequence of str
        Its Python versions, oldest first.
    model : str or None
        The model's requirement, if the kit holds it.
    """
    newest_first = list(reversed(pythons))
    values = {
        "VERSION": version,
        "PYTHONS": ", ".join(pythons),
        "PYTHONS_NEWEST_FIRST": " ".join(newest_first),
        "PYTHONS_QUOTED": ", ".join(f'"{python}"' for python in newest_first),
        "TARGETS": ", ".join(target.label for target in targets),
        "MODEL_EN": f"\nWith the model {model}." if model else "",
        "MODEL_ZH": f"\n包含模型 {model}。" if model else "",
    } | system_texts(targets)
    for name in SCRIPTS:
        text = fill((TEMPLATES / name).read_text(encoding="utf-8"), values)
        path = folder / name
        if name.endswith((".bat", ".ps1")):
            text = text.replace("\r\n", "\n").replace("\n", "\r\n")
        data = text.encode("utf-8")
        if name.endswith(".ps1"):
            data = b"\xef\xbb\xbf" + data
        path.write_bytes(data)
        path.chmod(0o755 if name.endswith(".sh") else 0o644)
    return list(SCRIPTS)


__all__ = ["SCRIPTS", "TEMPLATES", "fill", "system_texts", "write_scripts"]
