"""The engine's messages follow the chosen language: in 中文, a refused file, import or
name says what is wrong in Chinese, its file and field named as they are."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gui.support.engine_text import catalogue
from gui.support.language import set_language
from tests.engine.hostile import LESSON, dumped

ROOT = Path(__file__).resolve().parents[3]
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def chinese():
    set_language("zh_CN")
    yield
    set_language("en")


def test_the_catalogue_ships_and_translates_every_template():
    from tools.engine_messages import all_templates

    assert set(catalogue("zh_CN")) == set(all_templates())
    assert catalogue("en") == {}


def test_a_session_refused_in_chinese_says_why_in_chinese(window, dialogs, tmp_path, chinese):
    path = tmp_path / "dup.json"
    text = dumped(LESSON)
    path.write_text(text.replace('"tokens":', '"tokens": ["x"], "tokens":', 1), encoding="utf-8")
    assert not window.sessions.open_path(path)
    said = dialogs.warnings[-1]
    assert "dup.json" in said
    assert "tokens: " in said  # the field, as it is in the file
    details = said.split("tokens: ", 1)[1]
    assert CJK.search(details), said
    assert "appears twice" not in said


def test_an_import_refused_in_chinese_says_why_in_chinese(window, dialogs, tmp_path, chinese):
    path = tmp_path / "q.csv"
    path.write_text('a,b\n"1,2\n3,4\n', encoding="utf-8")
    assert not window.sessions.import_files([path])
    said = dialogs.warnings[-1]
    assert "q.csv" in said
    assert "never closed" not in said
    assert CJK.search(said.split("q.csv", 1)[1]), said


def test_a_refused_token_name_is_all_chinese(window, chinese):
    messages: list[str] = []
    window.state.message.connect(messages.append)
    assert not window.state.rename_token(0, "a\x00b")
    assert "U+0000" in messages[0]
    assert "control character" not in messages[0]
    assert not re.search(r"[A-Za-z]{4,}", messages[0].replace("U+0000", "")), messages[0]


def test_the_command_line_says_an_engine_refusal_in_chinese(main_py, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(dumped({**LESSON, "temperature": -1}), encoding="utf-8")
    done = main_py("export", "--out", str(tmp_path / "out"), "--session", str(path), "--lang",
                   "zh_CN")  # fmt: skip
    assert done.returncode == 2
    assert "temperature" in done.stderr
    assert CJK.search(done.stderr), done.stderr


def test_texts_made_before_a_switch_follow_it(window, qtbot, chinese):
    set_language("en")
    window.state.set_cell("q", 0, 1, "3")
    window.state.add_token()
    window.state.set_causal(True)
    panel = window.variance
    assert panel.run_and_wait(60_000)
    assert panel.time_left.text().startswith("done in")
    set_language("zh_CN")
    undo = window.undo_action.text()
    assert CJK.search(undo), undo
    assert "Causal" not in undo
    texts = [window.state.undo_stack.text(i) for i in range(window.state.undo_stack.count())]
    for text in texts:  # every step's name, not only the last one's
        assert not re.search(r"\b(Edit|Add|Causal|mask)\b", text), texts  # names are data
    assert CJK.search(panel.time_left.text()), panel.time_left.text()
