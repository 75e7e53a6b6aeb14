"""The temperature dial and the V-mixing view, as views of the one state."""

from __future__ import annotations

import math
import re
import time

import numpy as np
import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QDial, QWidget

import gui.views.mixing
from engine import attention, load_preset
from tests.gui.isolation import next_frame
from tests.gui.painted import distinct_colours
from tests.gui.settled import settled


def weights_heatmap(window):
    return window.findChild(QWidget, "weightsHeatmap")


def lesson_at(temperature):
    preset = load_preset("cat-eats-fish")
    return attention(preset.q, preset.k, preset.v, temperature=temperature)


@pytest.mark.parametrize("tau", [0.05, 0.3, 1.0, 2.0, 10.0, 20.0])
def test_setting_tau_through_the_dial_updates_every_view(window, tau):
    window.dial.set_temperature(tau, animate=False)
    expected = lesson_at(tau)
    assert window.state.result.temperature == pytest.approx(tau)
    np.testing.assert_allclose(weights_heatmap(window).matrix(), expected.weights, rtol=1e-12)
    np.testing.assert_allclose(
        window.findChild(QWidget, "scaledHeatmap").matrix(), expected.scaled, rtol=1e-12
    )
    np.testing.assert_allclose(window.mixing.totals(), expected.context[0], rtol=1e-12)
    np.testing.assert_allclose(window.dial.bars.weights(), expected.weights[0], rtol=1e-12)


def test_tau_one_is_the_unscaled_softmax_and_sqrt_d_k_the_lesson(window):
    window.dial.set_temperature(1.0, animate=False)
    s = np.array([1.0, 1.0, 2.0])
    np.testing.assert_allclose(weights_heatmap(window).matrix()[0], np.exp(s) / np.exp(s).sum())
    assert "τ" in window.formula.parts[2].text()
    window.dial.set_temperature(2.0, animate=False)
    assert [round(w, 2) for w in window.dial.bars.weights()] == [0.27, 0.27, 0.45]
    assert "√d" in window.formula.parts[2].text()


def test_the_bars_show_entropy_and_the_largest_weight(window):
    text = window.dial.bars.readout.text()
    assert "entropy 1.54 bits" in text
    assert "log₂ 3 = 1.58" in text
    assert "largest weight 0.45" in text
    assert window.dial.bars.uniform.value() == pytest.approx(1 / 3)


def test_turning_the_qdial_sets_a_logarithmic_tau(window):
    dial = window.findChild(QDial, "temperatureDial")
    dial.setValue(dial.maximum())
    assert window.state.temperature == pytest.approx(20.0)
    dial.setValue(dial.minimum())
    assert window.state.temperature == pytest.approx(0.05)
    dial.setValue(dial.maximum() // 2)
    assert window.state.temperature == pytest.approx(1.0, rel=1e-9)  # √(0.05·20) = 1


def test_typing_tau_glides_there(window, qtbot):
    window.dial.entry.setValue(5.0)
    qtbot.waitUntil(lambda: window.state.temperature == 5.0, timeout=3000)
    np.testing.assert_allclose(weights_heatmap(window).matrix(), lesson_at(5.0).weights)


def test_reset_returns_to_sqrt_d_k_which_then_follows_d_k(window, qtbot):
    window.dial.set_temperature(0.3, animate=False)
    window.dial.markers["standard"].click()
    qtbot.waitUntil(lambda: window.state.follows_sqrt_d_k, timeout=3000)
    window.state.set_d_k(9)
    assert window.state.temperature == 3.0


def test_playing_sweeps_tau_and_stops_on_pause(window, qtbot):
    taus: list[float] = []
    window.state.temperature_changed.connect(taus.append)
    started = time.perf_counter()
    window.dial.play_button.click()
    assert window.dial.is_playing()
    qtbot.waitUntil(lambda: window.dial.frames >= 30, timeout=5000)
    elapsed = time.perf_counter() - started
    window.dial.play_button.click()
    assert not window.dial.is_playing()
    print(f"{window.dial.frames} frames in {elapsed:.2f} s")  # for the note, not an assertion
    assert len(set(taus)) >= 30  # every frame moved τ
    steps = np.abs(np.diff(np.log(taus)))
    assert steps.max() < 0.5  # smooth: no jumps across the range
    np.testing.assert_allclose(weights_heatmap(window).matrix(),
                               lesson_at(window.state.temperature).weights)  # fmt: skip


def test_each_tau_button_press_or_typed_value_is_one_undo_step(window, qtbot):
    from gui.views.temperature_dial import position_to_tau

    state, stack = window.state, window.state.undo_stack
    assert not window.undo_action.isEnabled()
    window.dial.markers["winner"].click()  # τ → 0: one winner, gliding over many frames
    qtbot.waitUntil(lambda: stack.count() == 1, timeout=3000)
    assert state.temperature == 0.05
    assert window.windowTitle().endswith("*")
    assert window.undo_action.isEnabled()  # it stayed greyed out
    assert window.undo_action.text() == "&Undo Set τ = 0.05"
    window.dial.markers["even"].click()
    qtbot.waitUntil(lambda: stack.count() == 2, timeout=3000)
    window.dial.entry.setValue(5.0)  # a value typed in the box, committed
    qtbot.waitUntil(lambda: stack.count() == 3, timeout=3000)
    dial = window.dial.dial  # a drag of the knob: one step when it is let go
    dial.setSliderDown(True)
    for position in range(10, 200, 10):
        dial.setValue(position)
    assert stack.count() == 3
    dial.setSliderDown(False)
    assert stack.count() == 4
    window.dial.play()  # a sweep: one step from where it started to where it stopped
    qtbot.waitUntil(lambda: window.dial.frames >= 5, timeout=5000)
    window.dial.pause()
    assert stack.count() == 5
    dragged = position_to_tau(190)
    for expected in (dragged, 5.0, 20.0, 0.05):  # each undo: one step back
        stack.undo()
        assert state.temperature == pytest.approx(expected)
    stack.undo()
    assert state.follows_sqrt_d_k  # back to the lesson's τ = √d_k, and nothing unsaved
    assert not window.sessions.is_dirty
    assert not window.windowTitle().endswith("*")
    stack.redo()
    assert state.temperature == 0.05


def test_closing_the_window_stops_the_animation(window, qtbot):
    window.dial.play()
    qtbot.waitUntil(lambda: window.dial.frames >= 3, timeout=5000)
    window.close()
    assert not window.dial.is_playing()


def test_mixing_totals_are_the_context_of_every_token(window):
    for token in range(3):
        window.state.select_token(token)
        np.testing.assert_allclose(window.mixing.totals(), window.state.result.context[token])
        result = window.state.result
        np.testing.assert_allclose(
            window.mixing.segments(), result.weights[token][:, None] * result.v
        )
    window.state.select_token(0)
    assert [round(z, 2) for z in window.mixing.totals()] == [1.18, 0.27, 0.27, 1.18]
    assert "猫 0.27" in window.mixing.legend.text()
    assert "鱼 0.45" in window.mixing.legend.text()


def test_mixing_follows_every_kind_of_edit(window):
    state = window.state
    edits = [
        lambda: state.set_cell("v", 2, 0, "-3"),
        lambda: state.set_cell("q", 0, 1, "5"),
        lambda: state.add_token("狗"),
        lambda: state.set_d_v(6),
        lambda: state.set_causal(True),
        lambda: state.load_preset(load_preset("shape-check")),
        lambda: state.remove_token(1),
    ]
    for edit in edits:
        edit()
        next_frame()
        for token in range(len(state.tokens)):
            state.select_token(token)
            np.testing.assert_allclose(window.mixing.totals(), state.result.context[token],
                                       atol=1e-12)  # fmt: skip


def test_negative_contributions_stack_below_zero(window):
    window.state.set_cell("v", 1, 0, "-2")
    window.state.set_cell("v", 2, 0, "-1")
    next_frame()
    window.mixing._glide.stop()
    window.mixing._draw(window.mixing._target)
    bases = list(window.mixing.stacks.bottoms[:, 0])
    heights = list(window.mixing.stacks.heights[:, 0])
    # 猫 adds +0.27 upwards from 0; 吃 and 鱼 add negatives downwards from 0, one below the other
    assert bases[0] == 0
    assert heights[0] > 0
    assert bases[1] == 0
    assert heights[1] < 0
    assert bases[2] == pytest.approx(heights[1])
    assert heights[2] < 0
    assert window.mixing.totals()[0] == pytest.approx(window.state.result.context[0, 0])


class Clock:
    """A monotonic clock that moves only when told."""

    def __init__(self) -> None:
        self.now = time.monotonic()  # where the real clock was at the last update

    def monotonic(self) -> float:
        return self.now


def test_stacks_glide_to_new_heights_after_an_edit(window, qtbot, monkeypatch):
    mixing = window.mixing
    clock = Clock()
    monkeypatch.setattr(gui.views.mixing, "time", clock)
    clock.now += 1.0  # the last update is a second old: this edit is not part of a stream
    before = mixing.drawn()
    window.state.set_cell("v", 2, 0, "4")
    next_frame()
    assert mixing._glide.state() == mixing._glide.State.Running
    qtbot.waitUntil(lambda: np.allclose(mixing.drawn(), mixing._target), timeout=3000)
    assert not np.allclose(before, mixing.drawn())


def test_hovering_a_segment_explains_it(window):
    text = window.mixing.segment_text(2, 0)
    assert text == "A[猫, 鱼] × v鱼,d0 = 0.45 × 2.00 = 0.90"


def test_screenshots_at_three_temperatures(window, tmp_path):
    grabs: dict[str, list[bytes]] = {"dial": [], "mixing": []}
    for tau in (0.3, 2.0, 10.0):
        window.dial.set_temperature(tau, animate=False)
        window.mixing._glide.stop()
        window.mixing._draw(window.mixing._target)
        for name, widget in (("dial", window.dial), ("mixing", window.mixing)):
            image = widget.grab().toImage()
            assert image.save(str(tmp_path / f"{name}_{tau}.png"))
            assert distinct_colours(image) >= 8, (name, tau)  # drawn, not blank
            grabs[name].append(bytes(image.constBits()))
    for name, images in grabs.items():  # each τ shows differently
        assert len(set(images)) == 3, name
    assert math.isclose(window.state.temperature, 10.0)


def test_every_view_of_a_dial_frame_shows_the_same_result(window, monkeypatch):
    clock = Clock()
    monkeypatch.setattr(gui.views.mixing, "time", clock)
    context = window.findChild(QWidget, "contextHeatmap")
    row = window.state.selected_token
    for tau in (0.3, 1.1, 4.0, 12.0):  # frames far apart, as a slow dial gives them
        clock.now += 1.0
        window.dial.set_temperature(tau, animate=False)
        next_frame()
        shown = context.matrix()[row]
        np.testing.assert_array_equal(window.mixing.drawn().sum(axis=0), window.mixing.totals())
        np.testing.assert_allclose(window.mixing.totals(), shown, rtol=0, atol=1e-12)
        np.testing.assert_array_equal(window.dial.bars.weights(), window.state.result.weights[row])
        # τ as the dial's box writes it, in the formula and the title too (0.0717 beside 0.072)
        typed = window.dial.entry.text().removeprefix("τ = ")
        assert f"τ = {typed})" in window.formula.parts[2].text()
        assert window.pipeline.titles["scaled"].text().endswith(f"τ = {typed}")


def test_a_total_just_below_zero_reads_as_the_heatmap_writes_it(window):
    for row, value in enumerate(("-0.001", "0", "0")):
        window.state.set_cell("v", row, 0, value)
    next_frame()
    window.mixing._glide.stop()
    window.mixing._draw(window.mixing._target)
    assert window.mixing.totals()[0] < 0  # -0.0003: "-0.00" at two decimals
    assert window.mixing._total_labels[0].toPlainText() == "0.00"


def test_every_weight_bar_names_its_token_and_the_chart_names_its_row(window):
    from engine import random_preset

    bars = window.dial.bars
    names = [text for _, text in bars._ticks]
    assert names == ["猫", "吃", "鱼"]  # each bar its token (it was only the middle one)
    assert "猫" in bars.title.text  # whose row this is, in the figure itself
    assert bars.title.scene() is bars.plot.scene()  # so an exported picture carries it
    window.state.select_token(2)
    assert "鱼" in bars.title.text
    window.state.load_preset(random_preset(12, 4, 4, seed=1))
    next_frame()
    assert len(bars._ticks) == 12


@pytest.mark.parametrize(
    ("language", "size", "how"),
    [("en", (1280, 720), "window"), ("zh_CN", (1280, 720), "window"),
     ("en", (1920, 1080), "window"), ("zh_CN", (1280, 720), "presenter")],
)  # fmt: skip
def test_nothing_moves_while_tau_changes(window, qtbot, language, size, how):
    """τ from 0.05 to 20 (its text from "0.05" to "12.6"): every panel and dock keeps its place and
    size; the right panel's edge once jumped 920 → 975 → 984 px and the bars shrank. In the
    presenter view too, its dial shown."""
    from gui.support.language import set_language

    set_language(language)
    try:
        shown, docks = window, [window.workspace.inputs_column, window.workspace.side]
        if how == "presenter":
            window.presenter.toggle_action.setChecked(True)
            shown, docks = window.presenter.view, []
            shown.showNormal()  # as if full screen on a projector of ``size``
            shown.show_dial(True)
        shown.resize(*size)
        mixing = [] if how == "presenter" else window.mixing.findChildren(QWidget)

        def places():
            widgets = [*docks, *shown.dial.findChildren(QWidget), *mixing,
                       *shown.pipeline.heatmaps.values(),
                       *shown.pipeline.titles.values(), shown.formula,
                       *shown.formula.parts.values()]  # fmt: skip
            placed = {
                f"{w.objectName() or type(w).__name__}#{i}": w.geometry().getRect()
                for i, w in enumerate(widgets)
                if w.isVisible()
            }
            placed["weight bars' plot"] = shown.dial.bars.axes.vb.sceneBoundingRect().getRect()
            return placed

        window.dial.set_temperature(1.0, animate=False)
        before = settled(qtbot, places)
        for tau in (0.05, 0.123, 1.4142, 7.77, 12.6, 20.0, 0.3):
            window.dial.set_temperature(tau, animate=False)
            next_frame()
            after = settled(qtbot, places)  # where the new τ has left everything
            moved = {k: (before[k], v) for k, v in after.items() if before.get(k) != v}
            assert moved == {}, f"τ = {tau}"
    finally:
        window.presenter.toggle_action.setChecked(False)
        set_language("en")


NEGATIVE_ZERO = re.compile(r"[-−]0(\.0*)?(?![\d.])")


@pytest.mark.parametrize("digits", [0, 2, 4])
def test_no_view_writes_a_negative_zero(window, digits):
    """Values just below zero (and −0) read as the heatmap writes them: 0.00, never -0.00."""
    state = window.state
    state.set_precision(digits)
    for row, value in enumerate(("-0.00001", "-0", "-0.0000001")):
        state.set_cell("v", row, 0, value)  # z[·, 0] is a tiny negative number
        state.set_cell("q", row, 3, "-0")
    state.select_cell("context", 0, 0)
    next_frame()
    window.mixing._glide.stop()
    window.mixing._draw(window.mixing._target)
    assert window.mixing.totals()[0] < 0
    context = window.findChild(QWidget, "contextHeatmap")
    shown = [
        *(label.toPlainText() for label in window.mixing._total_labels),
        window.mixing.legend_html(),
        *(text for _, text in window.mixing.legend_entries()),  # what exports carry
        *(window.mixing.segment_text(j, 0) for j in range(3)),
        window.dial.bars.readout.text(),
        *(label.toPlainText() for label in window.dial.bars.labels),
        window.explanation.text(),
        context.cell_text(0, 0),
        window.exports.copy_matrix("context", "tsv"),
        window.exports.copy_matrix("context", "latex"),
        *(str(window.inputs.grid("v").view.model().index(r, 0).data()) for r in range(3)),
        *(str(window.inputs.grid("q").view.model().index(r, 3).data()) for r in range(3)),
    ]
    for text in shown:
        assert not NEGATIVE_ZERO.search(text), text


def test_the_weights_numbers_stay_inside_the_chart_and_off_the_uniform_line(window):
    bars = window.dial.bars
    view = bars.axes.vb
    for tau in (0.05, 2.0, 0.3):  # one weight near 1 (its number was cut off), the lesson's
        window.dial.set_temperature(tau, animate=False)
        next_frame()
        bars.plot.grab()
        shown = view.sceneBoundingRect()
        line_y = view.mapViewToScene(QPointF(0, 1 / 3)).y()
        for label in bars.labels:
            if label.isVisible():
                box = label.mapRectToScene(label.boundingRect())
                assert shown.top() <= box.top(), tau
                assert box.bottom() <= shown.bottom() + 1, tau
                assert not box.top() < line_y < box.bottom(), (tau, label.toPlainText())


def test_a_bars_number_sits_above_it_whole_and_hides_none_of_it(window):
    # inside a bar of 1.00 the number's white ground hid its top quarter
    bars = window.dial.bars
    window.dial.set_temperature(0.01, animate=False)  # one winner: a bar of 1.00
    next_frame()
    bars.plot.grab()
    view = bars.axes.vb
    for label, weight in zip(bars.labels, bars.weights(), strict=False):
        if label.isVisible():
            box = label.mapRectToScene(label.boundingRect())
            bar_top = view.mapViewToScene(QPointF(0, float(weight))).y()
            assert box.bottom() <= bar_top + 1, label.toPlainText()  # above its bar
            assert box.top() >= view.sceneBoundingRect().top() - 1  # and not cut off


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_formula_keeps_its_size_when_the_dial_leaves_sqrt_d_k(window, size):
    # room for τ's widest text was kept only once τ showed: the formula shrank a tenth at
    # the first frame of Play
    window.resize(*size)
    window.state.set_temperature(None)  # the lesson's √d_k
    next_frame()
    window.grab()
    assert window.state.result.is_standard_scaling
    before = window.formula.parts[1].font().pointSizeF()
    window.dial.set_temperature(0.5, animate=False)
    next_frame()
    window.grab()
    assert window.formula.parts[1].font().pointSizeF() == before


def test_the_mixing_totals_write_z_itself_not_the_sum_of_the_stacks(window):
    # the sum of the stacks, added in another order than z, once read 1.46 beside 1.45:
    # a sum a hair off z (as a rounding may leave it) must still be written as z
    from gui.model.numbers import format_number

    mixing, row = window.mixing, window.state.selected_token
    z = window.state.shown_result.context[row]
    mixing._glide.stop()
    mixing._target = mixing._target.copy()
    mixing._target[0] += 0.004 - (z[0] * 100 % 1) / 100  # its sum now rounds otherwise
    mixing._draw(mixing._target)
    digits = window.state.precision
    assert [label.toPlainText() for label in mixing._total_labels] == [
        format_number(float(v), digits) for v in z
    ]


def test_the_dials_tooltip_follows_the_language_when_its_caption_is_left_out(window):
    from gui.support.language import set_language

    dial = window.dial
    dial.resize(dial.width(), 200)  # too short for the caption below the controls
    dial._top.setDirection(dial._top.Direction.TopToBottom)
    dial._fit_caption()
    if dial.caption.isVisibleTo(dial):
        pytest.skip("the caption fits this offscreen window")
    english = dial.dial.toolTip()
    set_language("zh_CN")
    try:
        assert dial.dial.toolTip() == dial.caption.text() != english
    finally:
        set_language("en")


@pytest.mark.parametrize("projection", [True, False])
def test_the_reset_button_follows_the_heads_d_k_at_once(window, projection):
    # Heads h = 2 in projection mode left "τ = √d_k = 2" beside τ = 1.414, until another change
    state, button = window.state, window.dial.markers["standard"]
    if projection:
        assert state.set_projection(True)
    assert button.text() == "τ = √d_k = 2"
    assert state.set_heads(2)
    assert state.d_k == 2
    assert button.text() == "τ = √d_k = 1.41"
    state.undo_stack.undo()
    assert button.text() == "τ = √d_k = 2"


def test_the_mixing_legend_says_a_prime_while_dropout_trains(window):
    # "z = Σ A[cat, j] × v_j" above A′'s weights ("eats 1.20")
    from engine.lesson.dropout import DropoutSetting

    window.state.set_dropout(DropoutSetting(0.5, 1, True))
    next_frame()
    legend = window.mixing.legend.text()
    assert "z′<sub>猫</sub> = Σ A′[猫, j]" in legend
    members = np.arange(3)
    assert "Σ A′[猫, j]" in window.mixing.rest_text(members, 0)
    window.state.set_dropout(None)
    next_frame()
    assert "Σ A[猫, j]" in window.mixing.legend.text()
