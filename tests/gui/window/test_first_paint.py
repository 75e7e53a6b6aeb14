"""``first_paint`` comes after the window's first paint, not from inside it."""

from __future__ import annotations

from gui import MainWindow


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
