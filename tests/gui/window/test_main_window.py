"""The main window: the lesson on screen (main.py opening it: command_line/test_open_window.py)."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QCheckBox, QMenu, QTableView, QWidget

from engine import attention
from gui.support.fonts import cjk_raw_font
from gui.views.formula_bar import STEP_COLOURS
from tests.gui.isolation import next_frame
from tests.gui.painted import assert_painted, distinct_colours
from tests.gui.settled import settled

LESSON_A = [[0.2741, 0.2741, 0.4519], [0.0900, 0.6652, 0.2447], [0.3837, 0.3837, 0.2327]]
LESSON_Z = [
    [1.1778, 0.2741, 0.2741, 1.1778],
    [0.5795, 0.6652, 0.0900, 1.1547],
    [0.8490, 0.3837, 0.3837, 0.8490],
]


def heatmap(window, step):
    return window.findChild(QWidget, f"{step}Heatmap")


def test_the_default_window_shows_the_lessons_four_steps(window):
    np.testing.assert_array_equal(
        heatmap(window, "scores").matrix(), [[1, 1, 2], [0, 4, 2], [1, 1, 0]]
    )
    np.testing.assert_array_equal(
        heatmap(window, "scaled").matrix(), [[0.5, 0.5, 1], [0, 2, 1], [0.5, 0.5, 0]]
    )
    np.testing.assert_array_equal(heatmap(window, "weights").matrix().round(4), LESSON_A)
    np.testing.assert_array_equal(heatmap(window, "context").matrix().round(4), LESSON_Z)
    result = window.state.result  # and each cell is painted in its own colour
    for step in ("scores", "scaled", "weights", "context"):
        assert_painted(heatmap(window, step), getattr(result, step))
    assert window.state.tokens == ("猫", "吃", "鱼")
    chain = window.formula.shape_chain.text()
    assert chain == "Q, K (3×4) → QKᵀ/√d_k (3×3) → softmax (3×3) → ⋅V → Z (3×4)"


def test_the_contract_object_names_exist(window):
    for name in ("qGrid", "kGrid", "vGrid"):
        assert isinstance(window.findChild(QTableView, name), QTableView), name
    for name in ("scoresHeatmap", "scaledHeatmap", "weightsHeatmap", "contextHeatmap",
                 "explainPanel"):  # fmt: skip
        assert window.findChild(QWidget, name) is not None, name
    assert isinstance(window.findChild(QCheckBox, "causalToggle"), QCheckBox)
    assert isinstance(window.findChild(QMenu, "presetMenu"), QMenu)


def test_the_font_of_token_labels_draws_chinese(window):
    font = window.findChild(QTableView, "qGrid").font()
    raw = cjk_raw_font(font)
    assert all(raw.supportsCharacter(ord(c)) for c in "猫吃鱼")
    metrics = QFontMetrics(font)
    assert all(metrics.inFontUcs4(ord(c)) for c in "猫吃鱼")


def test_the_causal_toggle_hides_future_keys(window, qtbot):
    toggle = window.findChild(QCheckBox, "causalToggle")
    with qtbot.waitSignal(window.state.result_changed):
        toggle.click()
    weights = heatmap(window, "weights").matrix()
    assert weights[0].tolist() == [1.0, 0.0, 0.0]
    assert np.all(np.triu(np.ones((3, 3)), 1)[weights != 0] == 0)
    assert heatmap(window, "scaled").matrix()[0, 2] == -np.inf
    window.undo_action.trigger()
    assert not toggle.isChecked()
    np.testing.assert_array_equal(heatmap(window, "weights").matrix().round(4), LESSON_A)


def test_the_shape_check_preset_is_live_in_projection_mode(window, qtbot):
    window.load_built_in("shape-check")
    assert window.state.is_projection
    for name in ("xGrid", "wqGrid", "wkGrid", "wvGrid", "qGrid", "kGrid", "vGrid"):
        assert window.findChild(QTableView, name) is not None, name
    assert heatmap(window, "context").matrix().shape == (3, 6)
    q_view = window.inputs.grid("q").view
    assert (
        not q_view.model().flags(q_view.model().index(0, 0))
        & q_view.model().flags(q_view.model().index(0, 0)).ItemIsEditable
    )
    before = window.state.result.q.copy()
    window.state.set_cell("x", 0, 0, "5")
    next_frame()
    assert not np.array_equal(window.state.result.q, before)
    expected = attention(*(window.state.matrix(n) for n in ("q", "k", "v")))
    np.testing.assert_allclose(heatmap(window, "weights").matrix(), expected.weights, rtol=1e-12)
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert not window.state.is_projection
    np.testing.assert_array_equal(heatmap(window, "weights").matrix().round(4), LESSON_A)


def test_undoing_shape_check_with_the_focus_in_a_w_grid_raises_nothing(window, qtbot):
    window.load_built_in("shape-check")
    w_q = window.inputs.grid("w_q").view
    qtbot.waitUntil(w_q.isVisible)  # new grids are shown by the event loop
    window.activateWindow()
    w_q.setFocus()
    qtbot.waitUntil(w_q.hasFocus)
    # Hiding W_q passed the focus to W_k, whose model then asked the state (back in
    # direct mode) for W_k: a KeyError in a Qt virtual, once per grid.
    window.undo_action.trigger()
    assert not window.state.is_projection
    assert set(window.inputs.grids) == {"q", "k", "v"}


def test_at_classroom_sizes_numbers_are_labelled_and_the_formula_fits(
    window, tmp_path, qapp, qtbot
):
    window.workspace.show_panel("explanation")
    for size in ((1280, 720), (1920, 1080)):
        window.resize(*size)
        qapp.processEvents()
        image = window.grab().toImage()
        assert image.save(str(tmp_path / f"window_{size[0]}.png"))
        ratio = image.devicePixelRatio()
        assert (image.width(), image.height()) == (round(size[0] * ratio), round(size[1] * ratio))
        assert distinct_colours(image) >= 32, size  # the whole window drawn, not a blank
        for step in ("scores", "scaled", "weights", "context"):
            assert heatmap(window, step).label_font_size() >= 9, (size, step)
        assert window.formula.sizeHint().width() <= window.centralWidget().width(), size
        assert window.explanation.height() >= 100, size
        # "/ √d_k②" whole, not cut to "/ √"
        qtbot.waitUntil(lambda: all(p.width() >= p.sizeHint().width()
                                    for p in window.formula.parts.values()))  # fmt: skip


def test_hovering_a_formula_part_highlights_its_heatmap_and_back(window, qtbot):
    from PySide6.QtCore import QEvent, QPointF
    from PySide6.QtGui import QEnterEvent

    part = window.formula.parts[3]
    enter = QEnterEvent(QPointF(2, 2), QPointF(2, 2), QPointF(2, 2))
    part.enterEvent(enter)
    assert window.state.highlighted_step == 3
    assert heatmap(window, "weights").is_highlighted()
    assert not heatmap(window, "scores").is_highlighted()
    part.leaveEvent(QEvent(QEvent.Type.Leave))
    assert window.state.highlighted_step == 0
    heatmap(window, "context").cell_hovered.emit(1, 1)
    assert window.state.highlighted_step == 4
    assert f"border: 2px solid {STEP_COLOURS[4]}" in window.formula.parts[4].styleSheet()
    heatmap(window, "context").cell_hovered.emit(-1, -1)
    assert window.state.highlighted_step == 0


def test_clicking_a_heatmap_row_selects_the_token_in_every_grid(window):
    heatmap(window, "scores").cell_clicked.emit(2, 0)
    for name in ("qGrid", "kGrid", "vGrid"):
        assert window.findChild(QTableView, name).currentIndex().row() == 2, name
    assert window.inputs.tokens.view.selectionModel().isColumnSelected(2)


def test_the_random_preset_dialog_loads_a_reproducible_example(window, qtbot, monkeypatch):
    from gui.window.random_dialog import RandomPresetDialog

    def accept(dialog):
        dialog.length.setValue(6)
        dialog.d_k.setValue(3)
        dialog.d_v.setValue(5)
        dialog.seed.setValue(42)
        return True

    monkeypatch.setattr(RandomPresetDialog, "exec", accept)
    assert RandomPresetDialog().values() == (5, 4, 4, 0)
    random_action = next(a for a in window.preset_menu.actions() if a.text() == "Random…")
    random_action.trigger()
    assert heatmap(window, "context").matrix().shape == (6, 5)
    assert window.state.matrix("q").shape == (6, 3)
    first = window.state.matrix("q").copy()
    random_action.trigger()
    np.testing.assert_array_equal(window.state.matrix("q"), first)


def test_a_random_example_of_512_tokens_gives_512(window, qtbot, monkeypatch):
    from PySide6.QtTest import QTest

    from gui.window.random_dialog import RandomPresetDialog

    dialog = RandomPresetDialog(window)
    qtbot.addWidget(dialog)
    dialog.length.lineEdit().selectAll()
    QTest.keyClicks(dialog.length, "512")  # as typed: it used to stop at 51
    assert dialog.values()[0] == 512

    def accept(self) -> int:
        self.length.setValue(512)
        return 1

    monkeypatch.setattr(RandomPresetDialog, "exec", accept)
    window.ask_random_preset()
    assert len(window.state.tokens) == 512
    assert window.state.result.weights.shape == (512, 512)


def test_the_inputs_panel_is_titled_after_what_it_shows(window):
    assert window.workspace.inputs_title.text() == "Inputs: tokens, Q, K, V"
    window.load_built_in("shape-check")  # projection mode: X and the W's
    assert window.workspace.inputs_title.text() == "Inputs: tokens, X, W_q, W_k, W_v"
    window.state.undo_stack.undo()
    assert window.workspace.inputs_title.text() == "Inputs: tokens, Q, K, V"


def test_nothing_moves_when_a_message_comes_and_goes(window, qtbot):
    grid = window.inputs.grid("q")
    heatmap = window.findChild(QWidget, "scoresHeatmap")

    def places():
        return grid.geometry().getRect(), heatmap.geometry().getRect()

    before = settled(qtbot, places)
    assert not window.state.set_cell("q", 0, 0, "abc")  # a refusal above the grids
    window.statusBar().showMessage("Saved lesson.json", 5000)  # and news below
    assert settled(qtbot, places) == before
    window.statusBar().clearMessage()
    assert window.state.set_cell("q", 0, 0, "1")
    assert settled(qtbot, places) == before


class _FirstPaint(QObject):
    """Records a widget's size when it is first painted."""

    def __init__(self, widget):
        super().__init__()
        self.size = None
        widget.installEventFilter(self)

    def eventFilter(self, watched, event):  # noqa: N802
        if event.type() == QEvent.Type.Paint and self.size is None:
            self.size = watched.size()
        return False


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_tab_is_first_painted_at_its_full_size_with_its_titles_whole(window, size):
    window.resize(*size)
    next_frame()
    panel = window.variance  # built, still hidden
    seen = _FirstPaint(panel)
    window.tabs.setCurrentWidget(panel)
    next_frame()  # the first paint: it once came squeezed between hidden docks (525 × 420)
    assert seen.size == window.tabs.currentWidget().size()
    assert seen.size.width() >= size[0] - 20
    for key in ("spread", "histogram", "winner", "gradient"):
        plot = getattr(panel.plots, key)
        assert plot.titleLabel.item.boundingRect().width() <= plot.width(), key
    back = _FirstPaint(window.tabs.widget(0))
    window.tabs.setCurrentIndex(0)  # the inputs and the panels: the steps between them
    next_frame()
    assert back.size == window.tabs.currentWidget().size()
    assert window.workspace.steps.width() < size[0] - 500
