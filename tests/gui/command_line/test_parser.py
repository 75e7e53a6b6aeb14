"""The command line's one parser: the window's flags, and ``export`` and ``kit`` as its
subcommands, each with ``--lang``; a verb is read only as the first word, and the window's
help does not change for the verbs hidden in it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gui.command_line.kit.targets import TARGETS
from gui.command_line.parser import build_parser, parse
from gui.command_line.words import speak

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def english():
    speak("en")
    yield
    speak("en")


def options(parser) -> set[str]:
    return {option for action in parser._actions for option in action.option_strings}


def test_the_verbs_are_subcommands_of_the_one_parser_and_each_has_lang():
    parser = build_parser()
    assert set(parser.verbs.choices) == {"export", "kit"}
    assert "--lang" in options(parser)
    for name, verb in parser.verbs.choices.items():
        assert verb.prog == f"attention-lab {name}"
        assert "--lang" in options(verb)
    assert "--out" in options(parser.verbs.choices["export"]) & options(parser.verbs.choices["kit"])


def test_each_verb_is_named_and_reads_its_own_flags():
    window = parse(["--preset", "two-heads", "--lang", "zh_CN"])
    assert (window.verb, window.preset, window.lang) == (None, "two-heads", "zh_CN")
    export = parse(["export", "--out", "figures", "--format", "csv,png", "--head", "all"])
    assert (export.verb, export.out, export.format, export.head) == (
        "export",
        "figures",
        ("csv", "png"),
        0,
    )
    kit = parse(["kit", "--out", "kit", "--python", "3.12,3.11"])
    assert (kit.verb, kit.targets, kit.pythons) == ("kit", TARGETS, ("3.11", "3.12"))


@pytest.mark.parametrize(
    ("argv", "prog", "unknown"),
    [
        (["--lang", "en", "export", "--out", "x"], "attention-lab", "export --out x"),
        (["exportx"], "attention-lab", "exportx"),
        (["export", "--bogus"], "attention-lab export", "--bogus"),
        (["kit", "--out", "k", "--smoke"], "attention-lab kit", "--smoke"),
    ],
)
def test_a_verb_is_only_ever_the_first_word_and_its_errors_carry_its_name(
    argv, prog, unknown, capsys
):
    with pytest.raises(SystemExit) as ended:
        parse(argv)
    assert ended.value.code == 2
    said = f"{prog}: error: unrecognized arguments: {unknown} (see --help)\n"
    assert capsys.readouterr().err == said


def test_the_windows_help_shows_no_hidden_verbs(capsys):
    with pytest.raises(SystemExit):
        parse(["--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: attention-lab [-h]")
    assert "[--preset {cat-eats-fish," in out
    assert "{export,kit}" not in out
    assert "positional arguments" not in out
    assert "python main.py export --help" in out  # the epilog names them instead


def test_reading_every_verbs_flags_loads_no_qt():
    script = (
        "import sys\n"
        "from gui.command_line import build_parser, parse\n"
        "build_parser(); parse(['kit', '--out', 'k']); parse(['export', '--out', 'x'])\n"
        "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'pyqtgraph'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert done.stdout.strip() == "[]", done.stdout
