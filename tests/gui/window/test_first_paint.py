"""``first_paint`` comes after the window's first paint, not from inside it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget

from gui import MainWindow
from gui.model.examples import built_in_example
from gui.plots.heatmap_text import HeatmapText


def test_a_listener_of_first_paint_may_repaint_without_a_recursive_repaint(qtbot, qtlog):
    # main.py --sentence runs the sentence on first_paint, with a busy dialog that repaints
    # the window: from inside the paint, Qt said "QWidget::repaint: Recursive repaint
    # detected" (and skipped that repaint)
    window = MainWindow()
    qtbot.addWidget(window)
    repainted = []

    def repaint() -> None:
        window.repaint()
        repainted.append(True)

    window.first_paint.connect(repaint)
    with qtbot.waitSignal(window.first_paint, timeout=5000):
        window.show()
    assert repainted
    said = [record.message for record in qtlog.records]
    assert not [m for m in said if "Recursive repaint" in m], said


class Resizes(QObject):
    """Counts the resizes each watched widget is sent."""

    def __init__(self, widgets: dict[str, QWidget]) -> None:
        super().__init__()
        self.counts = dict.fromkeys(widgets, 0)
        self._names = {id(widget): name for name, widget in widgets.items()}
        for widget in widgets.values():
            widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Resize:
            self.counts[self._names[id(watched)]] += 1
        return False


def test_on_the_way_to_the_first_paint_each_chart_is_laid_out_once(qtbot, monkeypatch):
    # Each heatmap and chart was laid out three times before the first paint (at a size
    # left over from before the window's show, at the workspace's, at the arrangement's),
    # and fitted its names and numbers 195 times in all: a tenth of the start-up.
    fits = []
    fit = HeatmapText.fit
    monkeypatch.setattr(HeatmapText, "fit", lambda *a, **k: fits.append(1) or fit(*a, **k))
    window = MainWindow(built_in_example("cat-eats-fish"))
    qtbot.addWidget(window)
    charts = {f"{step} heatmap": view for step, view in window.pipeline.heatmaps.items()}
    charts |= {"weight bars": window.dial.bars.plot, "mixing": window.mixing.canvas}
    resizes = Resizes(charts)
    with qtbot.waitSignal(window.first_paint, timeout=5000):
        window.show()
    assert resizes.counts == dict.fromkeys(charts, 1)
    assert len(fits) <= 60, len(fits)
    # and the formula keeps its full height: laid out from its height at its width
    formula = window.formula
    assert formula.height() == formula.heightForWidth(formula.width())
    assert formula.height() >= formula._content.layout().totalHeightForWidth(formula.width())
