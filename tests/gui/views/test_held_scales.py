"""While the dial plays τ, a colour keeps its value and the mixing axis stays still."""

from __future__ import annotations

import numpy as np
import pytest

from gui.plots.colour_bar import symmetric_levels
from tests.gui.isolation import next_frame


def levels(window):
    return {step: window.pipeline.heatmaps[step].levels() for step in ("scaled", "context")}


def note(window, step="scaled"):
    return window.pipeline.heatmaps[step].colour_bar().title()


def frame(window, tau):
    """One frame of the sweep, at ``tau``, as the dial's player sets it.

    The views follow at once; no turn of the event loop, where the player's own next
    frame would set another τ.
    """
    window.state.set_temperature(tau)
    assert window.state.temperature == tau


@pytest.fixture
def playing(window, qtbot):
    window.dial.set_temperature(2.0, animate=False)  # the lesson's √d_k: S/τ within ±2
    next_frame()
    window.dial.speed.setValue(30)  # the slowest sweep: the frames set below stay close
    window.dial.play()
    qtbot.waitUntil(lambda: window.dial.frames >= 1, timeout=5000)
    yield window
    window.dial.pause()


def test_s_over_tau_keeps_its_colour_scale_while_tau_plays(playing):
    # it read ±0.4 at τ = 11.7: 0.17 then looked as dark as 2.00 did at τ = 2
    window = playing
    held = levels(window)
    assert held["scaled"] == (-2.0, 2.0)
    for tau in (11.7, 20.0, 0.6, 0.05, 3.0):
        frame(window, tau)
        assert levels(window) == held, tau
    assert note(window) == note(window, "context") == "scale held while τ plays"
    assert note(window, "scores") == note(window, "weights") == ""  # τ moves neither


def test_the_held_z_scale_covers_every_z_of_the_sweep(playing):
    window = playing
    top = levels(window)["context"][1]
    for tau in (0.05, 20.0):
        frame(window, tau)
        assert np.abs(window.pipeline.heatmaps["context"].matrix()).max() <= top


def test_the_normal_scale_comes_back_when_the_play_stops(playing, qtbot):
    window = playing
    frame(window, 11.7)
    window.dial.pause()
    next_frame()
    tau = window.state.temperature
    scaled = window.state.result.scaled
    assert levels(window)["scaled"] == symmetric_levels(scaled.min(), scaled.max(), 1e300)
    assert note(window) == ""
    if tau > 10:  # the pause landed where the frame left τ
        assert levels(window)["scaled"] == (-0.4, 0.4)


def test_an_edit_while_tau_plays_holds_the_new_values_scale(playing):
    window = playing
    window.state.set_cell("q", 1, 1, 6.0)  # S[吃, 吃] from 4 to 12
    next_frame()
    top = levels(window)["scaled"][1]
    assert top > 2.0  # not the ±2 held before: 12 / 2 = 6 at the play's τ
    assert np.abs(window.state.result.scaled).max() <= top * 1.02  # the player moved τ a little
    frame(window, 20.0)
    assert levels(window)["scaled"] == (-top, top)  # and held again from there


def test_the_mixing_axis_stays_still_while_tau_plays(window, qtbot):
    # it jumped between 2, 0.6 and 1 as τ swept (here 0.68, 0.24, 0.3, 0.46, 0.84)
    from engine import random_preset

    window.state.load_preset(random_preset(4, 4, 4, seed=1))
    window.dial.set_temperature(2.0, animate=False)
    next_frame()
    window.dial.speed.setValue(30)
    window.dial.play()
    try:
        window.mixing.draw()
        held = window.mixing._limits
        for tau in (0.05, 0.3, 0.6, 1.0, 3.0, 11.7, 20.0):
            frame(window, tau)
            window.mixing.draw()  # drawn even where its dock is behind another tab
            assert window.mixing.totals() == pytest.approx(window.state.result.context[0])
            assert window.mixing._limits == held, tau
            top = window.mixing.drawn().clip(0, None).sum(axis=0).max()
            assert top <= held[1]  # every stack inside it
    finally:
        window.dial.pause()


def test_the_held_note_follows_the_language(playing):
    from gui.support.language import set_language

    set_language("zh_CN")
    try:
        chinese = note(playing)
        assert chinese
        assert chinese != "scale held while τ plays"
        assert "τ" in chinese
    finally:
        set_language("en")
    assert note(playing) == "scale held while τ plays"


def test_scales_held_emits_only_on_a_change(qtbot):
    from gui.model.view_settings import ViewSettings

    view = ViewSettings()
    seen: list[bool] = []
    view.scales_held_changed.connect(seen.append)
    view.set_scales_held(True)
    view.set_scales_held(True)
    view.set_scales_held(False)
    assert seen == [True, False]
    assert not view.scales_held


def test_the_play_starts_where_tau_is(window, qtbot):
    # its first frame set τ = 0.05 (the sweep's start) before it went to the τ shown
    window.dial.set_temperature(2.0, animate=False)
    next_frame()
    taus: list[float] = []
    window.state.temperature_changed.connect(taus.append)
    window.dial.play()
    qtbot.waitUntil(lambda: len(taus) >= 2, timeout=5000)
    window.dial.pause()
    assert taus[0] == pytest.approx(2.0, rel=0.05)
