"""What a change repaints: a new τ leaves the scores' heatmap alone (S does not depend on
τ) and paints each view that shows it once; nothing around them moves."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget

from tests.gui.isolation import next_frame
from tests.gui.settled import settled


class Paints(QObject):
    """Counts paint events per watched view, and resizes of any watched widget."""

    def __init__(self, views: dict[str, QWidget]) -> None:
        super().__init__()
        self.paints = dict.fromkeys(views, 0)
        self.resized: list[str] = []
        self._names: dict[QObject, str] = {}
        for name, view in views.items():
            surface = view.viewport()
            self._names[surface] = name
            surface.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        name = self._names.get(watched)
        if name is not None and event.type() == QEvent.Type.Paint:
            self.paints[name] += 1
        if name is not None and event.type() == QEvent.Type.Resize:
            self.resized.append(name)
        return False

    def clear(self) -> None:
        self.paints = dict.fromkeys(self.paints, 0)
        self.resized.clear()


def quiet(qtbot, counter: Paints) -> None:
    """Wait until the paints and resizes of the window's start have stopped coming."""
    settled(qtbot, lambda: (dict(counter.paints), list(counter.resized)))


def settle(qtbot, counter: Paints, painting: set[str]) -> None:
    """Wait until each view of ``painting`` has painted, then through the turns of the
    event loop in which a paint or a resize more would come."""
    qtbot.waitUntil(lambda: all(counter.paints[name] for name in painting))
    # A fixed wait kept on purpose: what these tests count is that nothing more comes (a
    # second paint, a paint of S, a resize), and what does not come sends no signal.
    for _ in range(5):
        next_frame()
        qtbot.wait(5)


def test_a_new_temperature_repaints_each_view_of_it_once_and_the_scores_not_at_all(window, qtbot):
    names = ("scores", "scaled", "weights", "context")
    views = {step: window.findChild(QWidget, f"{step}Heatmap") for step in names}
    views["bars"] = window.dial.bars.plot
    counter = Paints(views)
    quiet(qtbot, counter)
    for tau in (1.0, 1.5, 0.35, 7.0):  # the title "S / τ = …" and the formula change width
        counter.clear()
        window.state.set_temperature(tau)
        settle(qtbot, counter, {"scaled", "weights", "context", "bars"})
        assert counter.paints["scores"] == 0, tau
        assert counter.resized == [], tau  # nothing moved
        for step in ("scaled", "weights", "context", "bars"):
            assert counter.paints[step] == 1, (tau, step, counter.paints)


@pytest.mark.parametrize(
    ("name", "changed"),
    [("q", {"scores", "scaled", "weights", "context", "bars"}),
     ("k", {"scores", "scaled", "weights", "context", "bars"}),
     ("v", {"context"})],
)  # fmt: skip
def test_one_edit_paints_once_each_view_that_shows_what_it_changed(window, qtbot, name, changed):
    names = ("scores", "scaled", "weights", "context")
    views = {step: window.findChild(QWidget, f"{step}Heatmap") for step in names}
    views["bars"] = window.dial.bars.plot
    counter = Paints(views)
    quiet(qtbot, counter)
    for value in ("0.7", "-1.25"):
        counter.clear()
        assert window.state.set_cell(name, 0, 1, value)
        settle(qtbot, counter, changed)
        assert counter.resized == []
        for view, paints in counter.paints.items():
            assert paints == (1 if view in changed else 0), (name, value, counter.paints)
