"""The variance experiment panel: the lesson's table, off the GUI thread, cancellable."""

from __future__ import annotations

import re
import time

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

from gui.variance.panel import VariancePanel, parse_whole
from tests.gui.settled import settled

LESSON_TABLE = [
    ["4", "1.98", "2.00", "0.49", "0.32"],
    ["16", "4.01", "4.00", "0.79", "0.39"],
    ["64", "8.04", "8.00", "0.90", "0.38"],
]


@pytest.fixture
def panel(qtbot):
    panel = VariancePanel()
    qtbot.addWidget(panel)
    yield panel
    panel.shutdown()


def shown_table(panel):
    model = panel.model
    return [[model.data(model.index(r, c)) for c in range(5)] for r in range(model.rowCount())]


def run_defaults(panel, qtbot):
    with qtbot.waitSignal(panel.runner.finished, timeout=20000):
        assert panel.run()


def test_the_lesson_defaults_give_the_lessons_table(panel, qtbot):
    run_defaults(panel, qtbot)
    assert shown_table(panel) == LESSON_TABLE
    assert not panel.runner.is_running()
    assert panel.run_button.isEnabled()
    assert not panel.cancel_button.isEnabled()
    assert "prelude to the gradient being cut off" in panel.caption.text()
    assert panel.histogram_choice.currentText() == "64"


def test_the_table_copies_as_tab_separated_text_and_saves_as_csv(panel, qtbot, tmp_path):
    run_defaults(panel, qtbot)
    panel.copy_table()
    lines = QGuiApplication.clipboard().text().splitlines()
    assert lines[0].split("\t")[:3] == ["d_k", "std", "sqrt_d_k"]
    assert lines[1].split("\t")[:5] == LESSON_TABLE[0]
    assert panel.save_table(str(tmp_path / "variance.csv"))
    saved = (tmp_path / "variance.csv").read_text(encoding="utf-8").splitlines()
    assert saved[3].startswith("64,8.0398997935")
    assert [p.name for p in tmp_path.iterdir()] == ["variance.csv"]


def test_saving_into_a_folder_that_does_not_exist_says_so(panel, qtbot, tmp_path):
    run_defaults(panel, qtbot)
    assert not panel.save_table(str(tmp_path / "missing" / "variance.csv"))
    assert "Could not save" in panel.message.text()


@pytest.mark.parametrize(
    ("field", "text", "words"),
    [
        ("d_ks", "", "at least one d_k"),
        ("d_ks", "0", "between 1 and 4,096, not 0"),
        ("d_ks", "4, -4", "not -4"),
        ("d_ks", "abc", "“abc” is not a whole number"),
        ("d_ks", "8192", "not 8,192"),
        ("samples", "1e9", "samples per d_k must be between 2 and 10,000,000"),
        ("samples", "lots", "not a whole number"),
        ("trials", "0", "trials must be between 1"),
        ("candidates", "2.5", "not a whole number"),
    ],
)
def test_bad_entries_are_refused_with_a_message_and_nothing_runs(panel, field, text, words):
    panel.fields[field].setText(text)
    assert not panel.run()
    assert not panel.runner.is_running()
    assert words in panel.message.text()
    assert panel.message.text().startswith("Not run:")


def test_whole_numbers_may_be_written_as_people_write_them():
    assert parse_whole("20,000", "samples") == 20000
    assert parse_whole("1 000 000", "samples") == 1_000_000
    assert parse_whole("1e6", "samples") == 1_000_000
    with pytest.raises(ValueError, match="not a whole number"):
        parse_whole("1.5e0", "samples")


@pytest.mark.parametrize("typed", ["4，16", "4、16", "４，１６", "4；16"])
def test_d_k_values_may_be_separated_as_a_chinese_input_method_types_them(panel, typed):
    # "4，16" was refused: "“4，16” is not a whole number"
    panel.fields["d_ks"].setText(typed)
    assert panel.settings().d_ks == (4, 16)


def test_cancel_stops_a_large_run_and_keeps_the_previous_results(panel, qtbot):
    run_defaults(panel, qtbot)
    panel.fields["d_ks"].setText("4096")
    panel.fields["samples"].setText("1000000")
    with qtbot.waitSignal(panel.runner.progress, timeout=20000):
        assert panel.run()
    assert panel.cancel_button.isEnabled()
    with qtbot.waitSignal(panel.runner.cancelled, timeout=5000):
        panel.cancel_button.click()
    assert not panel.runner.is_running()
    assert shown_table(panel) == LESSON_TABLE
    assert "cancelled" in panel.time_left.text()
    assert panel.run_button.isEnabled()


def test_the_window_stays_responsive_during_a_run(window, qtbot):
    panel = window.variance
    panel.fields["d_ks"].setText("2048")
    panel.fields["samples"].setText("1000000")
    with qtbot.waitSignal(panel.runner.progress, timeout=20000):
        panel.run()
    # the GUI thread still edits and redraws while the worker computes
    window.state.set_cell("q", 0, 0, "3")
    window.dial.set_temperature(1.0, animate=False)
    scores = window.findChild(QWidget, "scoresHeatmap").matrix()
    assert scores[0].tolist() == [3.0, 1.0, 4.0]
    assert panel.runner.is_running()
    with qtbot.waitSignal(panel.runner.cancelled, timeout=5000):
        panel.runner.cancel()


def test_closing_the_window_during_a_run_stops_the_thread(window, qtbot):
    panel = window.variance
    panel.fields["d_ks"].setText("4096")
    panel.fields["samples"].setText("1000000")
    with qtbot.waitSignal(panel.runner.progress, timeout=20000):
        panel.run()
    window.close()
    assert not panel.runner.is_running()


def test_the_histogram_follows_the_chosen_d_k(panel, qtbot):
    run_defaults(panel, qtbot)
    panel.histogram_choice.setCurrentText("4")
    items = panel.plots.histogram.listDataItems()
    raw_x = items[0].getData()[0]
    scaled_x = items[1].getData()[0]
    np.testing.assert_allclose(raw_x[-1] / scaled_x[-1], 2.0)  # raw edges are √4 × wider


def test_the_panel_runs_the_lessons_experiment_when_first_opened(window, qtbot):
    with qtbot.waitSignal(window.variance.runner.finished, timeout=20000):
        window.tabs.setCurrentWidget(window.variance)
    assert shown_table(window.variance) == LESSON_TABLE
    assert not window.workspace.is_panel_shown("temperature")
    window.tabs.setCurrentIndex(0)
    assert window.workspace.is_panel_shown("temperature")


def test_the_table_is_a_model_with_readable_headers(panel):
    headers = [panel.model.headerData(c, Qt.Orientation.Horizontal) for c in range(7)]
    assert headers[:3] == ["d_k", "std of\nq·k", "√d_k"]  # titles on two lines: they fit


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_at_1280_px_every_column_of_the_table_shows_and_its_title_fits(window, qtbot, language):
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QTableView

    from gui.support.language import set_language

    set_language(language)
    try:
        window.resize(1280, 720)
        window.tabs.setCurrentIndex(1)
        assert window.variance.run_and_wait(60_000)
        table = window.variance.findChild(QTableView)
        header, model = table.horizontalHeader(), table.model()
        columns = range(model.columnCount())
        settled(qtbot, lambda: (table.horizontalScrollBar().isVisible(),
                                [header.sectionSize(c) for c in columns]))  # fmt: skip
        assert not table.horizontalScrollBar().isVisible()  # the ‖J‖ columns were hidden
        metrics = QFontMetrics(header.font())
        for column in range(model.columnCount()):
            title = model.headerData(column, Qt.Orientation.Horizontal)
            widest = max(metrics.horizontalAdvance(line) for line in title.split("\n"))
            assert header.sectionSize(column) >= widest, (language, title)
    finally:
        set_language("en")
        window.tabs.setCurrentIndex(0)


#: Every kind of refusal the experiment's inputs can give, field by field.
REFUSALS = [
    ("d_ks", "4, x, 99999"),  # the first bad value: not a number
    ("d_ks", "4, 99999"),  # out of range
    ("d_ks", ", ".join(["4"] * 33)),  # too many
    ("d_ks", ""),  # none
    ("samples", ""),
    ("samples", "lots"),
    ("samples", "1"),
    ("candidates", "2.5"),
    ("candidates", "1"),
    ("trials", ""),
    ("trials", "0"),
    ("seed", "-1"),
    ("seed", "1e12"),
]


@pytest.fixture(params=["en", "zh_CN"])
def spoken(request):
    from gui.support.language import set_language

    set_language(request.param)
    yield request.param
    set_language("en")


@pytest.mark.parametrize(("field", "text"), REFUSALS)
def test_a_refused_entry_names_its_field_as_labelled_in_the_language(spoken, panel, field, text):
    from tests.gui.window.test_everything_in_chinese import english_words

    panel.fields[field].setText(text)
    assert not panel.run()
    said = panel.message.text()
    label = panel.field_labels[field].text()
    if (field, text) != ("d_ks", ""):  # "give at least one d_k value" says it itself
        assert label in said, (label, said)
    if spoken == "zh_CN":
        assert english_words(said) == [], said
        assert "键" not in said  # the field is 候选词数, not 候选键数
    else:
        assert said.startswith("Not run: ")


def test_a_run_without_memory_enough_says_so_in_the_language(spoken, panel, qtbot,
                                                              monkeypatch):  # fmt: skip
    from tests.gui.window.test_everything_in_chinese import english_words

    def too_large(*args, **kwargs):
        raise MemoryError("Unable to allocate 7.28 TiB for an array with shape (10**6, 10**6)")

    monkeypatch.setattr("gui.variance.runner.variance_experiment", too_large)
    with qtbot.waitSignal(panel.runner.failed, timeout=5000):
        assert panel.run()
    said = panel.message.text()
    assert said
    assert "allocate" not in said
    if spoken == "zh_CN":
        assert english_words(said) == [], said


@pytest.mark.parametrize(("field", "text"), [("d_ks", "abc"), ("samples", "1e9")])
def test_a_refusal_shown_follows_a_language_switch(panel, field, text):
    # "Not run: d_k values: “abc” is not a whole number" stayed in English after a switch
    from gui.support.language import set_language
    from tests.gui.window.test_everything_in_chinese import english_words

    panel.fields[field].setText(text)
    assert not panel.run()
    english = panel.message.text()
    assert english.startswith("Not run: ")
    panel.fields[field].setText("4")  # typed since: the refusal was about what was run
    set_language("zh_CN")
    try:
        said = panel.message.text()
        assert said
        assert english_words(said) == [], said
        assert panel.field_labels[field].text() in said
    finally:
        set_language("en")
    assert panel.message.text() == english


def test_the_bar_says_done_only_once_the_results_are_drawn(spoken, panel, qtbot):
    # "100 %, about 0 s left" stood beside empty plots (1.5 s on first opening)
    from gui.variance.long_run import duration_text

    seen = []  # the bar, its text and the plots at every progress, after the panel's slot

    def note(_fraction: float) -> None:
        drawn = len(panel.plots.spread.listDataItems())
        seen.append((panel.progress.value(), panel.time_left.text(), drawn))

    panel.runner.progress.connect(note)
    run_defaults(panel, qtbot)
    assert seen[-1][0] < 1000  # the engine's last progress, 1.0: the plots not drawn yet
    panel._started = time.monotonic() - 10.0  # a long run, a moment before its end
    panel.runner.progress.emit(0.9999)
    seen.append((panel.progress.value(), panel.time_left.text(), 0))
    zero = re.compile(r"(?<![\d.])" + re.escape(duration_text(0.0).replace("1", "0")))
    for value, text, drawn in seen:
        if not drawn:
            assert value < 1000  # "100 %" beside empty plots
            assert not zero.search(text), text  # "about 0 s left"
    assert duration_text(0.001) in seen[-1][1]  # "about 1 s left"
    with qtbot.waitSignal(panel.runner.finished, timeout=20000):
        assert panel.run()
    assert panel.progress.value() == 1000  # done, and drawn in the same turn
    assert panel.plots.spread.listDataItems()


def test_a_long_run_is_asked_about_first_and_cancel_is_the_default(spoken, panel, qtbot,
                                                                    dialogs):  # fmt: skip
    # a run "about 7624 s left" started without a word
    from gui.variance.long_run import ASK_ABOVE, duration_text, long_run_box
    from tests.gui.isolation import Button
    from tests.gui.window.test_everything_in_chinese import english_words

    panel.fields["d_ks"].setText("4096, 2048")
    panel.fields["samples"].setText("10000000")
    settings = panel.settings()
    seconds = panel.runner.estimate(settings)
    assert seconds > ASK_ABOVE
    assert not panel.run()  # not answered: Cancel
    assert not panel.runner.is_running()
    assert len(dialogs.questions) == 1
    asked = dialogs.questions[0]
    assert duration_text(seconds) in asked
    assert f"{settings.work:,}" in asked
    if spoken == "zh_CN":
        assert english_words(asked) == [], asked
    box = long_run_box(panel, seconds, settings.work)  # the real one: Enter starts nothing
    assert box.defaultButton() is box.button(Button.Cancel)
    assert box.escapeButton() is box.button(Button.Cancel)
    assert box.button(Button.Ok).text() != "OK"  # Run, in the language
    box.deleteLater()
    dialogs.answers.append(Button.Ok)
    with qtbot.waitSignal(panel.runner.progress, timeout=20000):
        assert panel.run()
    with qtbot.waitSignal(panel.runner.cancelled, timeout=5000):
        panel.runner.cancel()
    panel.fields["samples"].setText("2000")  # a short run starts without a question (0.2 s)
    assert panel.run()
    assert len(dialogs.questions) == 2
    with qtbot.waitSignal(panel.runner.finished, timeout=20000):
        pass
