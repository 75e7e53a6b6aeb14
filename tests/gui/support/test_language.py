"""中文 and English: every string translated, and a switch retranslates the window live."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget

from gui.support.language import current_language, set_language

ROOT = Path(__file__).resolve().parents[3]
TS = ROOT / "resources" / "translations" / "attention_lab_zh_CN.ts"
QM = TS.with_suffix(".qm")
PLACEHOLDER = re.compile(r"\{\d+(?::[^}]*)?\}")


def messages(path: Path) -> list[tuple[str, str, ET.Element]]:
    found = []
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            found.append((name, message.findtext("source") or "", message))
    return found


def test_every_string_has_a_finished_chinese_translation():
    missing = []
    for context, source, message in messages(TS):
        translation = message.find("translation")
        gone = translation is not None and translation.get("type") == "vanished"
        if message.get("type") == "obsolete" or gone:
            continue
        text = "" if translation is None else (translation.text or "")
        if not text.strip() or translation.get("type") == "unfinished":
            missing.append(f"{context}: {source}")
    assert not missing, "untranslated:\n" + "\n".join(missing)


def test_translations_keep_the_placeholders_of_their_source():
    for context, source, message in messages(TS):
        text = message.findtext("translation") or ""
        assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(source)), (
            context,
            source,
        )


def test_no_user_visible_string_in_the_code_is_missing_from_the_translations(tmp_path):
    lupdate = Path(sys.executable).parent / "pyside6-lupdate"
    if not lupdate.exists():
        pytest.skip("pyside6-lupdate is not installed beside this Python")
    fresh = tmp_path / "fresh.ts"
    sources = [*sorted(str(p) for p in (ROOT / "gui").rglob("*.py")), str(ROOT / "main.py")]
    subprocess.run([str(lupdate), *sources, "-ts", str(fresh)], check=True, capture_output=True)
    shipped = {(c, s) for c, s, m in messages(TS) if m.get("type") != "obsolete"}
    new = [f"{c}: {s}" for c, s, _ in messages(fresh) if (c, s) not in shipped]
    assert not new, "run the translation update (resources/translations/README.md):\n" + "\n".join(
        new
    )


def test_the_compiled_translations_are_up_to_date(tmp_path):
    lrelease = Path(sys.executable).parent / "pyside6-lrelease"
    if not lrelease.exists():
        pytest.skip("pyside6-lrelease is not installed beside this Python")
    built = tmp_path / "built.qm"
    subprocess.run([str(lrelease), str(TS), "-qm", str(built)], check=True, capture_output=True)
    assert built.read_bytes() == QM.read_bytes(), "rebuild the .qm (resources/translations)"


@pytest.fixture
def chinese():
    set_language("zh_CN")
    yield
    set_language("en")


def test_switching_language_retranslates_menus_and_panels_live(window, chinese):
    assert current_language() == "zh_CN"
    assert window.file_menu.title() == "文件(&F)"
    assert window.windowTitle().startswith("注意力实验室")
    assert window.dial.play_button.text() == "播放"
    assert window.workspace.panel_title("explanation") == "手算"
    assert window.findChild(QWidget, "tokenList").parent().add_button.text() == "+ 词"
    assert window.pipeline.titles["weights"].full_text() == "③ 配比 A = 按行 softmax"
    window.state.select_cell("weights", 0, 2)
    assert "求和 ≈ 6.02" in window.explanation.text()
    assert "[0.27, 0.27, 0.45]" in window.explanation.text()  # numbers keep the lesson's notation
    set_language("en")
    assert window.file_menu.title() == "&File"
    assert window.dial.play_button.text() == "Play"


def test_a_language_switch_before_replaced_grids_are_deleted_is_safe(window):
    window.load_built_in("shape-check")
    replaced = window.inputs.grid("x")
    window.load_built_in("cat-eats-fish")
    # Until the event loop deletes it, the old X grid still gets LanguageChange; asking the
    # state (now without X) for its shape raised KeyError there and crashed PySide6. Called
    # directly first, so that a regression fails here instead of ending the test run.
    replaced.retranslate()
    try:
        set_language("zh_CN")
    finally:
        set_language("en")
    assert replaced.model.rowCount() == 0
    assert window.inputs.grid("q").title.text().startswith("<b>Q</b> 3×4")


def test_qt_dialogs_follow_the_language(chinese):
    from PySide6.QtCore import QCoreApplication

    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "取消"


def test_the_language_menu_switches_and_remembers(window):
    from PySide6.QtCore import QSettings

    try:
        window.menus.language_actions["zh_CN"].trigger()
        assert current_language() == "zh_CN"
        assert QSettings().value("language", "", type=str) == "zh_CN"
    finally:
        window.menus.language_actions["en"].trigger()
    assert QSettings().value("language", "", type=str) == "en"


def test_the_experiment_tab_built_after_a_switch_has_the_language_of_the_moment(window, chinese):
    english = "Why divide by √d_k? (experiment)"
    chinese_title = window.tabs.tabText(1)
    assert chinese_title != english
    assert not window.has_variance_panel()  # built when first opened, not at start-up
    window.tabs.setCurrentIndex(1)
    assert window.has_variance_panel()
    assert window.tabs.widget(1) is window.variance
    assert window.tabs.tabText(1) == chinese_title
    assert window.variance.run_button.text() != "Run"
    set_language("en")
    assert window.tabs.tabText(1) == english
    assert window.variance.run_button.text() == "Run"
    window.variance.shutdown()


def test_qts_file_dialog_speaks_chinese_too(qapp, tmp_path):
    # qtbase_zh_CN.qm has "Look in:" but the dialog asks for "&Look in:": it stayed English
    from PySide6.QtCore import QFileInfo
    from PySide6.QtWidgets import QFileDialog, QFileIconProvider, QLabel

    from gui.support.language import set_language

    set_language("zh_CN")
    try:
        dialog = QFileDialog(None, "", "/")
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        texts = [label.text() for label in dialog.findChildren(QLabel)]
        assert texts
        assert all(not re.search(r"[A-Za-z]{2,}", text) for text in texts), texts
        assert QFileIconProvider().type(QFileInfo(str(tmp_path))) == "文件夹"
        assert QFileIconProvider().type(QFileInfo("/")) == "驱动器"
        dialog.deleteLater()
    finally:
        set_language("en")
