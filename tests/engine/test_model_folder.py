"""Where the model is found: the chosen folder first, then the package, then a Hugging Face
cache snapshot (HF_HUB_CACHE, HF_HOME, ~/.cache), each named as well as can be known."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine.real_model.model_folder as model_folder
from engine.real_model.model_folder import KNOWN_FILES, ModelFolder, identify, locate_model
from tests.engine.tiny_bert import write_tiny_bert


@pytest.fixture
def no_package(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No package installed and an empty home: only what a test puts there is found."""
    monkeypatch.setattr(model_folder, "PACKAGE", "no_such_package_for_the_tests")
    for name in ("HF_HUB_CACHE", "HF_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return tmp_path


MINILM_ENTRY = "models--sentence-transformers--all-MiniLM-L6-v2"
MINILM = "sentence-transformers/all-MiniLM-L6-v2"


def snapshot(cache: Path, revision: str = "abc123") -> Path:
    return write_tiny_bert(cache / MINILM_ENTRY / "snapshots" / revision)


def test_nothing_is_found_without_a_model(no_package: Path) -> None:
    assert locate_model() is None
    assert locate_model(no_package / "not-there") is None


def test_the_chosen_folder_comes_first(no_package: Path) -> None:
    chosen = write_tiny_bert(no_package / "mine")
    snapshot(no_package / "home" / ".cache" / "huggingface" / "hub")
    assert locate_model(chosen) == ModelFolder(chosen, "chosen", "tests/tiny-bert", None)


def test_a_chosen_folder_that_does_not_exist_falls_back(no_package: Path) -> None:
    found = snapshot(no_package / "home" / ".cache" / "huggingface" / "hub")
    located = locate_model(no_package / "gone")
    assert located == ModelFolder(found, "cache", MINILM, "abc123")


def test_the_cache_follows_hf_hub_cache_then_hf_home(
    no_package: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = snapshot(no_package / "hf-home" / "hub", "r-home")
    hub = snapshot(no_package / "hub-cache", "r-hub")
    monkeypatch.setenv("HF_HOME", str(no_package / "hf-home"))
    assert locate_model() == ModelFolder(home, "cache", MINILM, "r-home")
    monkeypatch.setenv("HF_HUB_CACHE", str(no_package / "hub-cache"))
    assert locate_model() == ModelFolder(hub, "cache", MINILM, "r-hub")


def test_refs_main_names_the_snapshot_to_open(
    no_package: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = no_package / "hub"
    monkeypatch.setenv("HF_HUB_CACHE", str(cache))
    snapshot(cache, "old")
    snapshot(cache, "new")
    refs = cache / MINILM_ENTRY / "refs"
    refs.mkdir()
    (refs / "main").write_text("old\n")
    located = locate_model()
    assert located is not None
    assert located.revision == "old"


def test_an_incomplete_snapshot_is_passed_over(
    no_package: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = no_package / "hub"
    monkeypatch.setenv("HF_HUB_CACHE", str(cache))
    (snapshot(cache, "partial") / "model.safetensors").unlink()
    assert locate_model() is None


def test_the_package_is_found_without_being_imported(
    no_package: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = no_package / "site" / "fake_model_package"
    write_tiny_bert(package / "model")
    (package / "__init__.py").write_text("raise RuntimeError('imported')\n")
    monkeypatch.syspath_prepend(str(no_package / "site"))
    monkeypatch.setattr(model_folder, "PACKAGE", "fake_model_package")
    located = locate_model()
    assert located == ModelFolder(package / "model", "package", "tests/tiny-bert", None)


def test_the_known_model_is_recognised_by_its_small_files(
    no_package: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = write_tiny_bert(no_package / "copy")
    digests = {name: model_folder.hashlib.sha256((folder / name).read_bytes()).hexdigest()
               for name in KNOWN_FILES}  # fmt: skip
    monkeypatch.setattr(model_folder, "KNOWN_FILES", digests)
    assert identify(folder, "chosen") == ModelFolder(
        folder, "chosen", MINILM,
        "1110a243fdf4706b3f48f1d95db1a4f5529b4d41")  # fmt: skip
    (folder / "vocab.txt").write_text("changed\n")
    assert identify(folder, "chosen").revision is None


def test_a_folder_without_a_name_is_named_after_itself(no_package: Path) -> None:
    folder = write_tiny_bert(no_package / "my-bert")
    (folder / "config.json").write_text("{not json")
    assert identify(folder, "chosen").name == "my-bert"
