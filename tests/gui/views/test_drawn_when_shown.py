"""Views behind another tab draw nothing on a change and show the change once raised,
read or exported: the mixing view behind the hand calculation, the concat view behind the grid."""

from __future__ import annotations

import numpy as np

from engine import load_preset
from gui.export.files import window_figures


def split(window, qtbot):
    window.state.load_preset(load_preset("two-heads"))
    window.workspace.show_panel("heads")  # as a split leaves it
    window.workspace.show_panel("explanation")  # in front of the mixing view
    qtbot.waitUntil(lambda: seen(window.heads.grid) and not seen(window.mixing))


def seen(widget):
    return widget.isVisible() and not widget.visibleRegion().isEmpty()


def count_drawings(view, monkeypatch):
    calls = []
    original = type(view).draw

    def counted(self):
        calls.append(1)
        original(self)

    monkeypatch.setattr(type(view), "draw", counted)
    return calls


def test_the_mixing_view_behind_the_hand_calculation_draws_nothing_until_raised(window, qtbot):
    split(window, qtbot)
    mixing, state = window.mixing, window.state
    refreshes = []
    mixing._refresh = lambda force=False: refreshes.append(force)  # on this one view
    with qtbot.waitSignal(state.result_changed):
        assert state.set_cell("x", 1, 0, "2.5")
    state.select_token(2)
    assert refreshes == []  # hidden: an edit and a new row cost it nothing
    del mixing._refresh  # its own again
    window.workspace.show_panel("mixing")
    qtbot.waitUntil(lambda: seen(mixing))
    np.testing.assert_allclose(mixing.totals(), state.shown_result.context[2], atol=1e-12)
    np.testing.assert_allclose(mixing.drawn().sum(axis=0), state.shown_result.context[2],
                               atol=1e-12)  # fmt: skip
    assert state.tokens[2] in mixing.legend_html()


def test_an_export_of_the_hidden_mixing_view_shows_the_state_of_the_moment(window, qtbot):
    split(window, qtbot)
    mixing, state = window.mixing, window.state
    with qtbot.waitSignal(state.result_changed):
        assert state.set_cell("x", 0, 1, "-3")
    state.select_token(1)
    assert mixing._owes_drawing
    with window_figures(window, experiment=False) as figures:  # no caption reads the legend
        exported = next(f for f in figures if f.name == "mixing").view.parent()
        assert exported is not mixing  # drawn from the state, not from the window
        np.testing.assert_allclose(exported._drawn.sum(axis=0), state.shown_result.context[1],
                                   atol=1e-12)  # fmt: skip
        entries = [text for _, text in exported.legend_entries()]
        assert any(text.startswith(state.tokens[1]) for text in entries)
    assert not seen(mixing)
    assert mixing._owes_drawing  # the window's own view still draws only when seen


def test_the_concat_view_behind_another_tab_catches_up_when_shown(window, qtbot, monkeypatch):
    split(window, qtbot)
    panel, state = window.heads, window.state
    view = panel.concat
    assert not view.isVisible()
    calls = count_drawings(view, monkeypatch)
    with qtbot.waitSignal(state.result_changed):
        assert state.set_cell("w_v", 0, 0, "1.75")
    assert calls == []
    panel.tabs.setCurrentIndex(2)  # Heads, Lines, Concat, Mask
    qtbot.waitUntil(view.isVisible)
    assert calls == [1]
    np.testing.assert_array_equal(view.concat.matrix(), state.heads_result.concat)
