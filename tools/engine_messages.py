"""The catalogue of the engine's messages, found in its source without running it.

Every message the engine shows a user is built as ``Message("literal template", name=value,
…)`` (see ``engine/messages.py``). This module reads ``engine/**/*.py`` with :mod:`ast` and
collects those templates, so that a translation can be checked against the code: the
Chinese catalogue ``resources/translations/engine_messages_zh_CN.json`` maps each template
to its translation, with the same placeholders.

Run it from the repository root to list the templates, one a line::

    python tools/engine_messages.py            # every template
    python tools/engine_messages.py --missing  # not yet translated / stale

It imports nothing of the engine, so it runs without NumPy.
"""

from __future__ import annotations

import argparse
import ast
import json
import string
import sys
from collections.abc import Iterator
from pathlib import Path

#: The checkout's root, where ``resources/`` lies.
ROOT = Path(__file__).resolve().parents[1]
#: The engine's source folder.
ENGINE = ROOT / "engine"
#: The modules of the command line, whose messages are written before Qt starts (the kit's
#: install scripts, in ``kit/templates/``, have their own English and Chinese).
COMMAND_LINE = (
    ROOT / "main.py",
    *sorted(
        path
        for path in (ROOT / "gui" / "command_line").rglob("*.py")
        if "templates" not in path.relative_to(ROOT).parts
    ),
)
#: The tuple of argparse's own words in ``command_line/words.py``: each one is a template too.
ARGPARSE_WORDS = "ARGPARSE_WORDS"
#: The Chinese catalogue: an object, English template → Chinese template.
ZH_CN = ROOT / "resources" / "translations" / "engine_messages_zh_CN.json"


def message_calls(tree: ast.AST) -> Iterator[ast.Call]:
    """Yield every call of ``Message(…)`` in a parsed module (``Message.verbatim`` is not one)."""
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "Message"
        ):
            yield node


def literal_template(call: ast.Call) -> str | None:
    """Return the literal template of a ``Message(…)`` call, or None if it is not a literal."""
    if call.args and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str):
        return call.args[0].value
    return None


def templates_in(path: Path) -> list[str]:
    """Return the templates of one source file, in the order they appear.

    Raises
    ------
    ValueError
        For a ``Message(…)`` whose template is not a literal string: the catalogue could
        not know it.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for call in message_calls(tree):
        template = literal_template(call)
        if template is None:
            raise ValueError(f"{path.name}:{call.lineno}: Message(…) needs a literal template")
        found.append(template)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == ARGPARSE_WORDS for t in node.targets)
            and isinstance(node.value, ast.Tuple)
        ):
            found.extend(str(e.value) for e in node.value.elts if isinstance(e, ast.Constant))
    return found


def engine_templates(folder: Path = ENGINE) -> list[str]:
    """Return every template of the engine's messages, sorted, each once.

    Parameters
    ----------
    folder : Path, optional
        The folder of the engine's modules (``engine/``); its ``*.py`` files and its
        packages' are read.

    Returns
    -------
    list of str
        The templates, as the English messages are written (``"line {line}: over {most}
        cells"``).
    """
    return sorted({t for path in sorted(folder.rglob("*.py")) for t in templates_in(path)})


def all_templates() -> list[str]:
    """Return every template the catalogue must translate: the engine's and the command line's."""
    paths = [*sorted(ENGINE.rglob("*.py")), *COMMAND_LINE]
    return sorted({t for path in paths for t in templates_in(path)})


def placeholders(template: str) -> set[tuple[str, str, str]]:
    """Return the placeholders of a template as (name, conversion, format) triples.

    ``"{rows:,} rows of {cell!r}"`` gives ``{("rows", "", ","), ("cell", "r", "")}``: a
    translation must keep each of them, its format included.
    """
    return {
        (name, conversion or "", spec or "")
        for _, name, spec, conversion in string.Formatter().parse(template)
        if name is not None
    }


def translations(path: Path = ZH_CN) -> dict[str, str]:
    """Return a catalogue: English template → translated template."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path.name} must hold one JSON object")
    return data


def main(argv: list[str] | None = None) -> int:
    """List the templates; with ``--missing``, those the catalogue lacks or no longer needs."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--missing", action="store_true", help="compare with the catalogue")
    options = parser.parse_args(argv)
    found = all_templates()
    if not options.missing:
        print("\n".join(found))
        return 0
    catalogue = translations()
    untranslated = [t for t in found if t not in catalogue]
    stale = sorted(set(catalogue) - set(found))
    for template in untranslated:
        print(f"missing: {template}")
    for template in stale:
        print(f"stale:   {template}")
    return 1 if untranslated or stale else 0


if __name__ == "__main__":
    sys.exit(main())
