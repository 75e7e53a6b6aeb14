"""The kit's install.sh and install.py on a kit of made-up wheels (built with pip faked):
no Python, an unsupported Python, a damaged install.py, a wheel cut short, a missing
manifest, a computer or system the kit is not for. Each is said in a sentence and nothing
is installed. (A real install, offline, is in test_offline.py, marked slow.)"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

from gui.command_line.kit.build import KitPlan, build_kit
from gui.command_line.kit.scripts import TEMPLATES, write_scripts
from gui.command_line.kit.targets import TARGETS
from tests.gui.command_line.kit.fake_pip import FakePip

PYTHON = "{}.{}".format(*sys.version_info[:2])
LINUX = TARGETS[0]
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="runs install.sh")


@pytest.fixture(scope="module")
def made_up_kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("kit") / "kit"
    build_kit(KitPlan(out, (LINUX,), (PYTHON,)), lambda message: None, FakePip())
    return out


@pytest.fixture
def kit(made_up_kit, tmp_path):
    copy = tmp_path / "kit"
    shutil.copytree(made_up_kit, copy)
    return copy


def tools(folder: Path, pythons: dict[str, str]) -> str:
    """A PATH holding what install.sh uses, and the given fake or real Pythons."""
    folder.mkdir()
    for tool in ("uname", "dirname"):
        (folder / tool).symlink_to(shutil.which(tool))
    for name, target in pythons.items():
        if target.startswith("/"):
            (folder / name).symlink_to(target)
        else:  # a Python that only says its version
            (folder / name).write_text(f"#!/bin/sh\necho {target}\n")
            (folder / name).chmod(0o755)
    return str(folder)


def install_sh(kit: Path, path: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": path, "HOME": str(kit.parent / "home"), "LANG": "C.UTF-8"}
    return subprocess.run(
        ["/bin/sh", str(kit / "install.sh"), "--dir", str(kit.parent / "app"), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_no_python_is_said_with_what_to_install(kit, tmp_path):
    done = install_sh(kit, tools(tmp_path / "bin", {}))
    assert done.returncode == 1
    assert "No Python found. This kit installs on Python " + PYTHON in done.stderr
    assert "未找到 Python" in done.stderr
    assert "python.org" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert not (tmp_path / "app").exists()


def test_an_unsupported_python_is_named_with_the_versions_the_kit_has(kit, tmp_path):
    done = install_sh(kit, tools(tmp_path / "bin", {"python3": "3.9", "python": "2.7"}))
    assert done.returncode == 1
    assert (
        "Found: Python 3.9 (python3) Python 2.7 (python); "
        f"this kit installs on Python {PYTHON} only." in done.stderr
    )
    assert not (tmp_path / "app").exists()


def test_a_supported_python_under_its_versioned_name_is_found(kit, tmp_path):
    path = tools(tmp_path / "bin", {"python3": "3.9", f"python{PYTHON}": sys.executable})
    done = install_sh(kit, path, "--check-all")
    assert f"using python{PYTHON} (Python {PYTHON})" in done.stdout, done.stderr
    assert done.returncode == 0
    assert "The kit is complete" in done.stdout


def test_a_wheel_cut_short_stops_the_install_naming_it(kit, tmp_path):
    numpy = next((kit / "wheels").glob("numpy-*.whl"))
    numpy.write_bytes(numpy.read_bytes()[:100])
    done = install_sh(kit, tools(tmp_path / "bin", {"python3": sys.executable}))
    assert done.returncode == 1
    assert f"cut short: wheels/{numpy.name} (100 of " in done.stdout
    assert (
        "1 file(s) of the kit are missing or damaged (listed above): nothing was installed"
        in done.stderr
    )
    assert not (tmp_path / "app").exists()


def test_a_wheel_damaged_in_place_or_missing_is_named_too(kit, tmp_path):
    qt = next((kit / "wheels").glob("pyside6*.whl"))
    data = bytearray(qt.read_bytes())
    data[-1] ^= 0xFF
    qt.write_bytes(bytes(data))
    next((kit / "wheels").glob("pyqtgraph-*.whl")).unlink()
    done = install_sh(kit, tools(tmp_path / "bin", {"python3": sys.executable}), "--lang", "zh_CN")
    assert done.returncode == 1
    assert f"已损坏（SHA-256 不符）：wheels/{qt.name}" in done.stdout
    assert "缺失：wheels/pyqtgraph-0.14.0-py3-none-any.whl" in done.stdout
    assert "工具包中有 2 个文件缺失或损坏" in done.stderr


def test_a_damaged_install_py_is_refused_before_it_runs(kit, tmp_path):
    script = kit / "install.py"
    script.write_text(script.read_text()[:2000])
    done = install_sh(kit, tools(tmp_path / "bin", {"python3": sys.executable}))
    assert done.returncode == 1
    assert "install.py is damaged (its SHA-256 differs from kit.json)" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_kit_without_its_manifest_is_refused(kit, tmp_path):
    (kit / "kit.json").unlink()
    done = install_sh(kit, tools(tmp_path / "bin", {"python3": sys.executable}))
    assert done.returncode == 1
    assert "kit.json or install.py is missing or unreadable" in done.stderr


def test_install_sh_cut_short_runs_nothing(kit, tmp_path):
    script = kit / "install.sh"
    script.write_text(script.read_text()[: len(script.read_text()) // 2])
    done = install_sh(kit, tools(tmp_path / "bin", {"python3": sys.executable}))
    assert done.returncode != 0
    assert done.stdout == ""  # not even "looking for Python": main() was never called


def test_install_sh_is_posix_sh_for_dash_and_bash(made_up_kit):
    for shell in ("sh", "dash", "bash"):
        if shutil.which(shell):
            subprocess.run([shell, "-n", str(made_up_kit / "install.sh")], check=True)
    if shutil.which("shellcheck"):
        subprocess.run(["shellcheck", "-s", "sh", str(made_up_kit / "install.sh")], check=True)


def load_install_py(kit: Path):
    spec = importlib.util.spec_from_file_location("kit_install", kit / "install.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_install_py_refuses_a_computer_or_system_the_kit_is_not_for(kit, monkeypatch):
    install = load_install_py(kit)
    manifest = install.read_manifest()
    machines = {
        "linux-aarch64": ("linux-aarch64", "Linux aarch64", (2, 39), "glibc 2.39"),
        "old glibc": ("linux-x86_64", "Linux x86-64", (2, 31), "glibc 2.31"),
    }
    monkeypatch.setattr(install, "this_machine", lambda: machines["linux-aarch64"])
    with pytest.raises(
        install.Stop, match="This kit has no wheels for Linux aarch64; it holds Linux x86-64"
    ):
        install.check_computer(manifest)
    monkeypatch.setattr(install, "this_machine", lambda: machines["old glibc"])
    with pytest.raises(
        install.Stop, match=r"needs glibc 2\.34 or newer .* this computer has glibc 2\.31"
    ):
        install.check_computer(manifest)
    manifest["pythons"] = ["3.99"]
    with pytest.raises(install.Stop, match=f"Python {PYTHON} is not one this kit installs on"):
        install.check_computer(manifest)


def test_the_desktop_entry_quotes_its_path_as_the_specification_says():
    install = load_install_py(TEMPLATES)
    quoted = install.desktop_entry_quoted(Path('/home/a b/100% "x"/bin/attention-lab'))
    assert quoted == '"/home/a b/100%% \\\\"x\\\\"/bin/attention-lab"'


def test_the_default_install_folder_is_the_users_own(monkeypatch, tmp_path):
    install = load_install_py(TEMPLATES)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert install.default_dir() == tmp_path / "attention-lab"
    monkeypatch.setattr(os, "environ", {})
    assert install.default_dir() == Path.home() / ".local" / "share" / "attention-lab"


def syntax_errors(path: Path, language: object) -> list[str]:
    """Return the spans tree-sitter cannot parse in a script (its ERROR and missing nodes)."""
    import tree_sitter

    data = path.read_bytes().removeprefix(b"\xef\xbb\xbf")
    tree = tree_sitter.Parser(tree_sitter.Language(language)).parse(data)
    found, nodes = [], [tree.root_node]
    while nodes:
        node = nodes.pop()
        if node.type == "ERROR" or node.is_missing:
            found.append(
                f"line {node.start_point[0] + 1}: {data[node.start_byte : node.end_byte][:60]!r}"
            )
        nodes.extend(node.children)
    return found


def test_the_windows_scripts_parse_as_powershell_and_batch(made_up_kit, tmp_path):
    # No Windows here: tree-sitter's PowerShell and Batch grammars are the check that the
    # scripts are well formed (they find a deliberate slip, below); run, they are not.
    import tree_sitter_batch
    import tree_sitter_powershell

    ps1, bat = made_up_kit / "install.ps1", made_up_kit / "install.bat"
    assert syntax_errors(ps1, tree_sitter_powershell.language()) == []
    assert syntax_errors(bat, tree_sitter_batch.language()) == []
    slip = tmp_path / "slip.ps1"
    slip.write_bytes(
        ps1.read_bytes().replace(b"if ($null -eq $found) {", b"if ($null -eq $found {")
    )
    assert syntax_errors(slip, tree_sitter_powershell.language())
    slip = tmp_path / "slip.bat"
    slip.write_bytes(bat.read_bytes().replace(b"if errorlevel 1 goto", b"if ( errorlevel 1 goto"))
    assert syntax_errors(slip, tree_sitter_batch.language())


def test_the_macos_launcher_is_an_executable_command_file_on_the_desktop(monkeypatch, tmp_path):
    install = load_install_py(TEMPLATES)
    monkeypatch.setattr(install, "sys", types.SimpleNamespace(platform="darwin"))
    monkeypatch.setattr(install, "desktop_folder", lambda: tmp_path / "Desktop")
    venv = tmp_path / "Application Support" / "Attention Lab" / "venv"
    written = install.make_launchers(venv.parent, venv)
    assert written == [
        venv.parent / "Attention Lab.command",
        tmp_path / "Desktop" / "Attention Lab.command",
    ]
    text = written[1].read_text()
    assert text == f"#!/bin/sh\nexec '{venv}/bin/attention-lab' \"$@\"\n"
    assert written[1].stat().st_mode & 0o755 == 0o755


def test_the_windows_launcher_is_a_bat_starting_pythonw_from_its_folder(monkeypatch, tmp_path):
    install = load_install_py(TEMPLATES)
    monkeypatch.setattr(install, "sys", types.SimpleNamespace(platform="win32"))
    monkeypatch.setattr(install, "desktop_folder", lambda: tmp_path / "Desktop")
    folder = tmp_path / "100% Attention Lab"
    written = install.make_launchers(folder, folder / "venv")
    assert [p.name for p in written] == ["Attention Lab.bat", "Attention Lab.bat"]
    lines = written[1].read_bytes().decode().split("\r\n")
    escaped = str(folder).replace("%", "%%")
    assert lines[:3] == [
        "@echo off",
        f'cd /d "{escaped}"',
        f'start "" "{escaped}{os.sep}venv{os.sep}Scripts{os.sep}pythonw.exe" -m main %*',
    ]


@pytest.mark.parametrize(
    ("keys", "said", "unsaid"),
    [
        (("linux-x86_64",), ["sh install.sh", "applications menu"], ["Windows", "macOS", ".bat"]),
        (("windows-x64",), ["install.bat", "Windows desktop"], ["Linux", "macOS", "install.sh"]),
        (("macos-arm64", "linux-x86_64"), ["macOS and Linux", "macOS desktop"], ["Windows"]),
    ],
)
def test_the_kits_readme_speaks_only_of_its_own_computers(tmp_path, keys, said, unsaid):
    # a kit for Linux alone told its reader to double-click install.bat
    targets = [target for target in TARGETS if target.key in keys]
    write_scripts(tmp_path, "0.1.0", targets, ["3.11"], None)
    readme = (tmp_path / "README.txt").read_text(encoding="utf-8")
    assert "@" not in readme
    for text in said:
        assert text in readme
    for text in unsaid:
        assert text not in readme


@pytest.mark.parametrize(
    "damage",
    ["deep", "huge", "digits", "version text", "files of text", "path out", "pythons"],
)
def test_install_py_refuses_a_hostile_manifest_in_its_own_words(kit, damage):
    install = load_install_py(kit)
    path = kit / "kit.json"
    good = json.loads(path.read_text(encoding="utf-8"))
    if damage == "deep":
        path.write_text('{"format": ' + "[" * 200_000 + "]" * 200_000 + "}")
    elif damage == "huge":
        with open(path, "r+b") as stream:
            stream.truncate(3 * 2**30)  # sparse: nothing is written, and nothing may be read
    elif damage == "digits":
        path.write_text(json.dumps(good)[:-1] + ', "n": ' + "1" * 5000 + "}")
    else:
        changed = {
            "version text": {"version": "2"},
            "files of text": {"files": {"x": "y"}},
            "path out": {"files": {"../../etc/passwd": {"size": 1, "sha256": "0"}}},
            "pythons": {"pythons": [3.11]},
        }[damage]
        path.write_text(json.dumps({**good, **changed}))
    with pytest.raises(install.Stop) as caught:
        install.read_manifest()
    assert "kit.json" in str(caught.value)
    assert "Copy the whole folder again" in str(caught.value)
