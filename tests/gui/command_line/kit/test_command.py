"""``main.py kit``'s refusals: a bad platform or Python version, an --out that is a file,
a FIFO, someone's folder or cannot be made. Each exits 2 with one line on stderr, in
English or, with --lang zh_CN, in Chinese, before anything is downloaded; and no Qt is
loaded by the kit command."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[4]

CASES = {
    "unknown platform": (
        ["--platform", "linux,beos"],
        "argument --platform: unknown platform 'beos'; choose from linux, windows, macos",
        "参数 --platform：未知的平台 'beos'；可选 linux, windows, macos",
    ),
    "no platform": (
        ["--platform", ","],
        "argument --platform: no platform given; choose from linux, windows, macos",
        "参数 --platform：没有给出平台；可选 linux, windows, macos",
    ),
    "Python 3.9": (
        ["--python", "3.9"],
        "argument --python: Attention Lab does not support Python '3.9'; "
        "choose from 3.10, 3.11, 3.12, 3.13",
        "参数 --python：Attention Lab 不支持 Python '3.9'；可选 3.10, 3.11, 3.12, 3.13",
    ),
    "no --out": ([], "the following arguments are required: --out", "缺少以下必需参数：--out"),
    "--out is a file": (
        ["--out", "{tmp}/a-file"],
        "--out {tmp}/a-file: not a folder",
        "不是文件夹",
    ),
    "--out is a FIFO": (
        ["--out", "{tmp}/a-fifo"],
        "--out {tmp}/a-fifo: not a folder",
        "不是文件夹",
    ),
    "--out holds other files": (
        ["--out", "{tmp}/notes"],
        "--out {tmp}/notes: the folder holds other files; choose a new or empty folder",
        "该文件夹中已有其他文件；请选择一个新的或空的文件夹",
    ),
    "--out in a missing folder": (
        ["--out", "{tmp}/no/such"],
        "--out {tmp}/no/such: the folder {tmp}/no does not exist",
        "文件夹 {tmp}/no 不存在",
    ),
    "--out empty": (["--out", ""], "--out needs a folder name, not an empty one", "不能为空"),
    "--out cannot be made": (
        ["--out", "/proc/attention-lab-kit"],
        "--out /proc/attention-lab-kit: cannot create it",
        "无法创建",
    ),
}


def prepared(folder: Path) -> None:
    (folder / "a-file").write_text("not a folder")
    os.mkfifo(folder / "a-fifo")
    (folder / "notes").mkdir()
    (folder / "notes" / "lesson.txt").write_text("mine")


@pytest.fixture
def run_case(main_py, tmp_path):
    """(case, language) → (status, stderr, folder): run in this process, as the words are
    what is tested; the help's test below is a process, as what it tests is what it loads."""
    prepared(tmp_path)

    def run(case: str, language: str):
        argv = [a.format(tmp=tmp_path) for a in CASES[case][0]]
        if "--out" not in argv:
            argv += ["--out", str(tmp_path / "kit")]
        if case == "no --out":
            argv = []
        done = main_py("kit", "--lang", language, *argv)
        return done.returncode, done.stderr, tmp_path

    return run


@pytest.mark.parametrize("case", list(CASES))
def test_a_refused_flag_or_folder_exits_two_with_one_english_line(run_case, case):
    status, stderr, folder = run_case(case, "en")
    assert status == 2, stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("attention-lab kit: error: ")
    assert CASES[case][1].format(tmp=folder) in lines[0]
    assert not (folder / "kit").exists()


@pytest.mark.parametrize("case", list(CASES))
def test_with_lang_zh_cn_the_refusal_is_in_chinese(run_case, case):
    status, stderr, folder = run_case(case, "zh_CN")
    assert status == 2, stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("attention-lab kit：错误：")
    assert CASES[case][2].format(tmp=folder) in lines[0]
    # data: flags, values, paths, names; and the system's own reason, in its language
    data = r"attention-lab kit|--[\w-]+|'[^']*'|/\S*|Attention Lab|Python|linux|windows|macos"
    data += r"|（[^）]*）\Z"
    assert re.findall(r"[A-Za-z]{2,}", re.sub(data, " ", lines[0])) == [], lines[0]


def test_the_help_names_the_flags_in_chinese_and_loads_no_qt():
    script = (
        "import sys; sys.argv = ['main.py', 'kit', '--lang', 'zh_CN', '--help']\n"
        "import main\n"
        "try:\n    main.main()\nexcept SystemExit:\n    pass\n"
        "print('Qt loaded' if [m for m in sys.modules if m.startswith('PySide6')] else 'no Qt')"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert "生成一个文件夹，用于在没有网络的电脑上安装 Attention Lab" in done.stdout
    for flag in ("--out", "--platform", "--python", "--with-model", "--lang"):
        assert flag in done.stdout
    assert done.stdout.rstrip().endswith("no Qt")


def test_an_earlier_kit_may_be_rebuilt(tmp_path):
    from gui.command_line.kit.command import check_out

    (tmp_path / "kit").mkdir()
    (tmp_path / "kit" / "kit.json").write_text("{}")
    assert check_out(str(tmp_path / "kit")) == tmp_path / "kit"
    (tmp_path / "empty").mkdir()
    assert check_out(str(tmp_path / "empty")) == tmp_path / "empty"
