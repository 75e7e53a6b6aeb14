"""``--lang zh_CN`` on the command line: every message ``main.py`` and ``main.py export`` print
(argparse's own, the checks of the folder and the files, the help, the last line of a
successful export) is in Chinese, with nothing English left but data: flags, values,
paths, names of formats and presets."""

from __future__ import annotations

import errno
import json
import os
import re
from pathlib import Path

import pytest

import gui.export.files
from engine import load_preset, preset_to_dict

ZH = ["--lang", "zh_CN"]

ERRORS = {
    "unknown flag": [*ZH, "--bogus"],
    "bad preset": ["--lang=zh_CN", "--preset", "nosuch"],
    "preset without a value": [*ZH, "--preset"],
    "export: no --out": ["export", *ZH],
    "export: scale nan": ["export", *ZH, "--out", "{tmp}/out", "--scale", "nan"],
    "export: scale too big": ["export", *ZH, "--out", "{tmp}/out", "--scale", "9"],
    "export: unknown format": ["export", *ZH, "--out", "{tmp}/out", "--format", "png,gif"],
    "export: no format": ["export", *ZH, "--out", "{tmp}/out", "--format", ","],
    "export: tiny τ": ["export", *ZH, "--out", "{tmp}/out", "--temperature", "1e-310"],
    "export: out is a file": ["export", *ZH, "--out", "{tmp}/corrupt.json"],
    "export: out has no parent": ["export", *ZH, "--out", "{tmp}/no/such"],
    "export: empty out": ["export", *ZH, "--out", ""],
    "export: corrupt session": [
        "export",
        *ZH,
        "--out",
        "{tmp}/out",
        "--session",
        "{tmp}/corrupt.json",
    ],
    "export: huge numbers": ["export", *ZH, "--out", "{tmp}/out", "--session", "{tmp}/huge.json"],
    "export: unknown flag, no --out": ["export", *ZH, "--bogus"],
    "export: unknown flag": ["export", *ZH, "--out", "{tmp}/out", "--bogus"],
    "export: session missing": ["export", *ZH, "--out", "{tmp}/out", "--session", "{tmp}/no.json"],
    "export: session is a folder": ["export", *ZH, "--out", "{tmp}/out", "--session", "{tmp}/d"],
    "export: session is a pipe": ["export", *ZH, "--out", "{tmp}/out", "--session", "{tmp}/p.json"],
    "export: session under a file": [
        "export",
        *ZH,
        "--out",
        "{tmp}/out",
        "--session",
        "{tmp}/huge.json/s.json",
    ],
    "export: session loops": ["export", *ZH, "--out", "{tmp}/out", "--session", "{tmp}/loop.json"],
    "export: import missing": ["export", *ZH, "--out", "{tmp}/out", "--import", "{tmp}/no/q.csv"],
    "export: import a folder": ["export", *ZH, "--out", "{tmp}/out", "--import", "{tmp}/d/q.csv"],
    "export: out name too long": ["export", *ZH, "--out", "{tmp}/" + "o" * 300],
    "export: out under a file": ["export", *ZH, "--out", "{tmp}/huge.json/out"],
    "export: bad heads": ["export", *ZH, "--out", "{tmp}/out", "--heads", "x"],
    "export: heads that do not divide": ["export", *ZH, "--out", "{tmp}/out", "--heads", "3"],
    "export: layer without a sentence": ["export", *ZH, "--out", "{tmp}/out", "--layer", "2"],
    "export: bad layer": ["export", *ZH, "--out", "{tmp}/out", "--layer", "0"],
    "export: bad preset": ["export", *ZH, "--out", "{tmp}/out", "--preset", "nosuch"],
    "export: zero τ": ["export", *ZH, "--out", "{tmp}/out", "--temperature", "0"],
    "export: both sources": [
        "export",
        *ZH,
        "--out",
        "{tmp}/out",
        "--preset",
        "shape-check",
        "--session",
        "{tmp}/corrupt.json",
    ],
}
#: What a message must name, besides being Chinese: the flag that was wrong.
NAMED = {"export: unknown flag, no --out": "--bogus", "export: unknown flag": "--bogus"}
OUTPUTS = {
    "help": [*ZH, "--help"],
    "export: help": ["export", *ZH, "--help"],
    "export: written": ["export", *ZH, "--out", "{tmp}/out", "--format", "csv"],
}
#: What may stay Latin in a Chinese message: the data it quotes and the lesson's own names.
DATA = [
    r"[\w.-]+\.(json|csv|npy|npz)\b",  # a file's name
    r"all-MiniLM-L6-v2",  # the real model's name (before the flags: it has hyphens)
    r"attention-lab( export)?",
    r"python main\.py (export|kit)",
    r"\b(softmax|QKᵀ|d_k|cat-eats-fish|shape-check|two-heads|Q|K|V|H|w_o)\b",
    r"--?[\w-]+",
    r"'[^']*'",
    r"\{[^}]*\}",
    r"/\S*",
    r"\bN\|all\b",  # --head's metavar
    r"(?<=或 )all\b",  # the value --head takes for every head, as typed
    r"\b(DIR|FILE|LIST|N|T|TEXT)\b",
    r"\b(PNG|SVG|PDF|CSV|JSON|png|svg|pdf|csv|json|npy|npz)\b",
    r"\binputs\.q\[0\]\[0\]",
    r"\d\s*(MB|GB|KB)\b",  # units of size, as Chinese writes them too
]


def latin_left(text: str) -> list[str]:
    """Return the runs of Latin letters in ``text`` once its data is taken out."""
    for pattern in DATA:
        text = re.sub(pattern, " ", text)
    return re.findall(r"[A-Za-z]{2,}", text)


def prepared(folder: Path) -> Path:
    """``folder`` with the files the cases name: corrupt, too large to compute, a link to
    itself, a folder and a pipe where files should be."""
    lesson = preset_to_dict(load_preset("cat-eats-fish"))
    huge = json.loads(json.dumps(lesson))
    huge["inputs"]["q"][0][0] = 1e308  # finite, but q·k would overflow
    (folder / "corrupt.json").write_text('{"format": "attention-lab", "version": 1, "tokens"')
    (folder / "huge.json").write_text(json.dumps(huge))
    (folder / "loop.json").symlink_to(folder / "loop.json")
    (folder / "d" / "q.csv").mkdir(parents=True)  # a folder where a file should be
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "p.json")  # a pipe: read, it would wait forever
    return folder


@pytest.fixture
def run_case(main_py, tmp_path):
    """case → what main.py said, run in this process: the messages are what is tested
    (test_command_line.py keeps real processes for the exit status and all of stderr)."""
    folder = prepared(tmp_path)

    def run(case: str):
        args = {**ERRORS, **OUTPUTS}[case]
        return main_py(*(a.format(tmp=folder) for a in args))

    return run


@pytest.mark.parametrize("case", list(ERRORS))
def test_a_refused_flag_or_file_is_told_in_chinese_on_one_line(run_case, tmp_path, case):
    done = run_case(case)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, lines
    assert re.match(r"attention-lab( export)?：错误：", lines[0]), lines[0]
    assert latin_left(lines[0]) == [], lines[0]
    assert NAMED.get(case, "") in lines[0]
    assert not (tmp_path / "out").exists()  # nothing half-written


@pytest.mark.parametrize("case", list(OUTPUTS))
def test_the_help_and_a_written_export_speak_chinese(run_case, case):
    done = run_case(case)
    assert done.returncode == 0, done.stderr
    assert re.search(r"[\u4e00-\u9fff]", done.stdout)
    assert latin_left(done.stdout) == [], done.stdout


@pytest.mark.parametrize("case", ["help", "export: help"])
def test_the_helps_titles_end_with_the_same_colon_as_its_usage(run_case, case):
    out = run_case(case).stdout
    assert out.startswith("用法：")
    titles = [line for line in out.splitlines() if line and not line[0].isspace()][1:]
    assert "选项：" in titles
    assert not [t for t in titles if t.endswith(":")], titles


def test_the_latin_check_finds_english():
    assert latin_left("attention-lab：错误：--out /tmp/a: not a folder") == ["not", "folder"]
    assert latin_left("attention-lab：错误：--out /tmp/a: 不是文件夹") == []


def test_without_lang_the_command_line_stays_english(run_case, main_py):
    chinese = run_case("unknown flag")  # just before: the same process, in Chinese
    assert chinese.stderr.startswith("attention-lab：错误：")
    done = main_py("--bogus")
    assert done.stderr.startswith("attention-lab: error: unrecognized arguments: --bogus")


def test_argparse_words_keep_their_placeholders_in_chinese():
    from gui.command_line.words import ARGPARSE_WORDS
    from gui.support.catalogue import catalogue

    known = catalogue("zh_CN")
    for text in ARGPARSE_WORDS:
        assert text in known, text
        holes = sorted(re.findall(r"%(?:\(\w+\))?[rs]", text))
        assert sorted(re.findall(r"%(?:\(\w+\))?[rs]", known[text])) == holes, text


@pytest.fixture
def back_to_english():
    yield
    from gui.command_line.words import speak
    from gui.support.language import set_language

    set_language("en")
    speak("en")


@pytest.mark.parametrize(
    ("step", "number", "said"),
    [
        ("mkdir", errno.EROFS, "无法创建（文件系统是只读的）"),  # the folder, after --out's check
        ("replace", errno.EIO, "输入/输出错误"),  # a file, in the last renames
        ("replace", 9999, "系统错误 9999：Strange failure"),  # an errno without words of its own
    ],
)
def test_the_systems_reason_for_a_failed_export_is_said_in_chinese(
    window, tmp_path, monkeypatch, capsys, back_to_english, step, number, said
):
    from tests.gui.command_line.exporting import run

    out = tmp_path / "out"
    make_folder = Path.mkdir

    def mkdir(path, *args, **kwargs):
        if path == out:
            raise OSError(number, "Strange failure" if number == 9999 else os.strerror(number))
        return make_folder(path, *args, **kwargs)

    def replace(source, target):
        raise OSError(number, "Strange failure" if number == 9999 else os.strerror(number))

    if step == "mkdir":
        monkeypatch.setattr(Path, "mkdir", mkdir)
    else:
        monkeypatch.setattr(gui.export.files.os, "replace", replace)
    assert run(["--lang", "zh_CN", "--out", str(out), "--format", "csv"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1, lines
    assert said in lines[0]
    assert not out.exists()
