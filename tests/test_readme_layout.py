"""README.md's "How the code is laid out" matches the tree: every folder it names exists,
and every package of gui/ and engine/ (a folder with an __init__.py) is named in it.

Both lists are read, not written here: the packages from the tree, the names from the
README (each folder as `path/` in backquotes, from the checkout's root), so that a package
added or moved needs only the README's text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SECTION = "How the code is laid out"
#: The folders whose packages the section must name, each with every package inside it.
PACKAGES_UNDER = ("engine", "gui")
#: The top level, fixed by the project's owner: each folder of it is named too.
TOP_LEVEL = ("engine/", "gui/", "resources/", "tests/", "bench/", "tools/")
#: A folder as the README names it: `gui/command_line/kit/` (a path, no <placeholder>).
FOLDER = re.compile(r"`([\w.-]+(?:/[\w.-]+)*/)`")


def layout_section(readme: str) -> str:
    """Return the text of the section, from its heading to the next heading."""
    heading = re.search(rf"^(#+) {re.escape(SECTION)}\s*$", readme, re.MULTILINE)
    assert heading, f"README.md has no section {SECTION!r}"
    rest = readme[heading.end() :]
    following = re.search(r"^#+ ", rest, re.MULTILINE)
    return rest[: following.start()] if following else rest


def named_folders(section: str) -> set[str]:
    return set(FOLDER.findall(section))


def packages(root: Path = ROOT) -> set[str]:
    """Return every package under PACKAGES_UNDER, as `gui/window/`."""
    found = set()
    for top in PACKAGES_UNDER:
        for init in (root / top).rglob("__init__.py"):
            folder = init.parent.relative_to(root)
            if "__pycache__" not in folder.parts:
                found.add(folder.as_posix() + "/")
    return found


@pytest.fixture(scope="module")
def named() -> set[str]:
    return named_folders(layout_section((ROOT / "README.md").read_text(encoding="utf-8")))


def test_every_folder_the_layout_names_exists(named):
    assert named, "the section names no folder"
    missing = sorted(folder for folder in named if not (ROOT / folder).is_dir())
    assert not missing, f"README.md names folders that do not exist: {missing}"


def test_every_package_of_gui_and_engine_is_named_in_the_layout(named):
    found = packages()
    assert {"gui/", "engine/", "gui/window/"} <= found  # the tree is read
    unnamed = sorted(found - named)
    assert not unnamed, f"README.md's {SECTION!r} does not name: {unnamed}"


def test_every_top_level_folder_is_named_in_the_layout(named):
    assert not sorted(set(TOP_LEVEL) - named)


def test_the_checks_see_a_package_left_out_and_a_folder_that_is_gone(tmp_path):
    (tmp_path / "gui" / "window" / "inner").mkdir(parents=True)
    for folder in ("gui", "gui/window", "gui/window/inner"):
        (tmp_path / folder / "__init__.py").write_text("")
    (tmp_path / "gui" / "notes").mkdir()  # no __init__.py: a folder, not a package
    readme = (
        "# Attention Lab\n\n### How the code is laid out\n\n"
        "| `gui/` | … |\n| `gui/window/` | the window, `main_window.py`, `gui/gone/` |\n"
        "Tests: `tests/gui/<layer>/`.\n\n## Next\n\n`gui/window/inner/`\n"
    )
    named = named_folders(layout_section(readme))
    assert named == {"gui/", "gui/window/", "gui/gone/"}  # not the next section's, no <layer>
    assert packages(tmp_path) - named == {"gui/window/inner/"}
