"""Layouts that tell their widget when they lay it out (gui/views/layout_hooks.py)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from gui.views.layout_hooks import HookedColumn, HookedGrid


def test_the_hooks_run_around_each_pass_and_after_sees_the_children_placed(qtbot):
    box = QWidget()
    qtbot.addWidget(box)
    label = QLabel("x")
    seen: list[tuple[str, int]] = []
    grid = HookedGrid(box, lambda rect: seen.append(("before", label.width())),
                      lambda rect: seen.append(("after", label.width())))  # fmt: skip
    grid.setContentsMargins(0, 0, 0, 0)
    grid.addWidget(label, 0, 0)
    box.resize(300, 100)
    box.show()
    qtbot.waitExposed(box)
    seen.clear()
    box.resize(200, 100)
    assert seen == [("before", 300), ("after", 200)]


def test_a_column_calls_before_with_the_new_rect(qtbot):
    box = QWidget()
    qtbot.addWidget(box)
    widths: list[int] = []
    column = HookedColumn(box, lambda rect: widths.append(rect.width()))
    column.setContentsMargins(0, 0, 0, 0)
    column.addWidget(QLabel("y"))
    box.resize(150, 80)
    box.show()
    qtbot.waitExposed(box)
    box.resize(250, 80)
    assert widths[-1] == 250
