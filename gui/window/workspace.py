"""The window's three regions, sized from what they must show.

The inputs at the left, the four steps in the middle, the panels at the right (the dial,
the heads and the real model above, the mixing view and the hand calculation below, as
tabs in two groups). The four steps come first: the other two regions keep only the widths they
need, every extra pixel goes to the steps, and no region can be dragged, restored or
squeezed below its least size (a splitter whose children do not collapse). A remembered
layout that would squeeze the steps is dropped, not restored.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSplitter, QTabWidget, QVBoxLayout, QWidget

from gui.window.page_tabs import PageTabs

#: the right column's two groups of tabs, upper and lower, by the panels' keys
SIDE_GROUPS = (("temperature", "heads", "model", "training"), ("mixing", "explanation"))
STEPS_LEAST = QSize(600, 420)  # two heatmaps of 300 × 250 side by side, their titles, the formula
INPUTS_WIDTH, SIDE_WIDTH = 270, 380  # at the start and after View → Reset layout
SIDE_LEAST = 340  # the dial's weight bars beside its knob (below it, they were squashed flat)
UPPER_LEAST, LOWER_LEAST = 300, 225  # the dial and its bars; the mixing view's two charts
UPPER_SHARE = 0.55  # of the panels' column, by default: the dial's knob above its bars
#: the upper group's least share while the training is in front: its settings, buttons,
#: two curves and the gradient by hand (at 1280 × 720 the curves had 60 px, cut)
TRAINING_SHARE = 0.75


@dataclass(frozen=True)
class Arrangement:
    """What the user may change of the regions: the side columns' widths, what is shown.

    The steps take the rest of the window's width.
    """

    inputs_width: int
    side_width: int
    upper_height: int  # the upper group of panels (0: its default share); the lower: the rest
    inputs_shown: bool = True
    side_shown: bool = True

    def fits(self, width: int, least: tuple[int, int]) -> bool:
        """Return True if, ``width`` wide, no region is below its least size.

        ``least`` is the inputs' and the side column's least width (from their content).
        """
        inputs = self.inputs_width if self.inputs_shown else 0
        side = self.side_width if self.side_shown else 0
        return (
            width - inputs - side >= STEPS_LEAST.width()
            and (self.inputs_width >= least[0] or not self.inputs_shown)
            and (self.side_width >= least[1] or not self.side_shown)
            and (self.upper_height >= UPPER_LEAST or self.upper_height == 0)
        )

    def to_list(self) -> list[int]:
        """Return the arrangement as plain integers (what the settings keep)."""
        return [self.inputs_width, self.side_width, self.upper_height,
                int(self.inputs_shown), int(self.side_shown)]  # fmt: skip

    @staticmethod
    def from_list(values: object) -> Arrangement | None:
        """Return the arrangement the settings kept, or None if they hold something else."""
        if not isinstance(values, (list, tuple)) or len(values) != 5:
            return None
        try:
            numbers = [int(value) for value in values]
        except (TypeError, ValueError):
            return None
        if any(n < 0 or n > 100_000 for n in numbers):
            return None
        inputs, side, upper, inputs_shown, side_shown = numbers
        return Arrangement(inputs, side, upper, bool(inputs_shown), bool(side_shown))


DEFAULT = Arrangement(INPUTS_WIDTH, SIDE_WIDTH, 0)


class Workspace(QSplitter):
    """The inputs, the four steps and the panels, side by side; ``panels`` by key.

    ``show_panel(key)`` brings a panel's tab to the front (and its column into view);
    ``arranged`` says that an arrangement (a remembered one, the default) was applied.
    """

    arranged = Signal()  # the columns may be shown or hidden now (an arrangement, a panel)

    def __init__(
        self,
        inputs: QWidget,
        steps: QWidget,
        panels: dict[str, QWidget],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.setObjectName("workspace")
        self.setChildrenCollapsible(False)
        self.panels = panels
        self.inputs_title = QLabel(self)
        self.inputs_title.setObjectName("inputsTitle")
        self.inputs_title.setStyleSheet("font-weight: bold;")
        self.inputs_column = QWidget(self)
        self.inputs_column.setObjectName("inputsColumn")
        column = QVBoxLayout(self.inputs_column)
        column.setContentsMargins(4, 2, 0, 0)
        column.setSpacing(2)
        column.addWidget(self.inputs_title)
        column.addWidget(inputs, 1)
        steps.setMinimumSize(STEPS_LEAST)
        self.steps = steps
        self.side = QSplitter(Qt.Orientation.Vertical, self)
        self.side.setObjectName("sidePanels")
        self.side.setChildrenCollapsible(False)
        self.side.setMinimumWidth(SIDE_LEAST)
        self.groups: list[QTabWidget] = []
        for number, keys in enumerate(SIDE_GROUPS):
            group = PageTabs(self.side)
            group.setObjectName(("upperPanels", "lowerPanels")[number])
            group.setDocumentMode(True)
            group.setUsesScrollButtons(True)
            for key in keys:
                group.addTab(panels[key], "")
            group.setMinimumHeight((UPPER_LEAST, LOWER_LEAST)[number])
            self.groups.append(group)
        self.groups[0].currentChanged.connect(self._room_for_training)
        self.addWidget(self.inputs_column)
        self.addWidget(steps)
        self.addWidget(self.side)
        for index, stretch in enumerate((0, 4, 1)):  # a wider window: mostly the steps wider
            self.setStretchFactor(index, stretch)
        self.refused: Arrangement | None = None
        self._pending: Arrangement | None = None
        self.reset()

    # ------------------------------------------------------------ the panels
    def group_of(self, key: str) -> QTabWidget:
        """Return the group of tabs that holds the panel ``key``."""
        for group, keys in zip(self.groups, SIDE_GROUPS, strict=True):
            if key in keys:
                return group
        raise KeyError(key)

    def show_panel(self, key: str) -> None:
        """Bring the panel ``key`` to the front of its group and its column into view."""
        self.group_of(key).setCurrentWidget(self.panels[key])
        if self.side.isHidden():  # a split, a sentence, a click: the View menu says so too
            self.side.show()
            self.arranged.emit()

    def _room_for_training(self) -> None:
        """Give the upper group TRAINING_SHARE of the column while the training is in front."""
        if self.groups[0].currentWidget() is not self.panels.get("training"):
            return
        height = self.side.height() - self.side.handleWidth()
        upper = self.side.sizes()[0]
        wanted = min(round(TRAINING_SHARE * height), height - LOWER_LEAST)
        if upper < wanted:
            self.side.setSizes([wanted, height - wanted])

    def is_panel_shown(self, key: str) -> bool:
        """Return True if the panel ``key`` can be seen (its tab in front, its column shown)."""
        return self.panels[key].isVisible()

    def front_panels(self) -> list[str]:
        """Return the key of each group's front panel."""
        fronts: list[str] = []
        for group, keys in zip(self.groups, SIDE_GROUPS, strict=True):
            fronts.extend(key for key in keys if group.currentWidget() is self.panels[key])
        return fronts

    def set_titles(self, titles: dict[str, str], inputs: str) -> None:
        """Name the panels' tabs and the inputs' column."""
        for key, title in titles.items():
            group = self.group_of(key)
            group.setTabText(group.indexOf(self.panels[key]), title)
        self.inputs_title.setText(inputs)

    def panel_title(self, key: str) -> str:
        """Return the title of the panel ``key``'s tab."""
        group = self.group_of(key)
        return group.tabText(group.indexOf(self.panels[key]))

    # ------------------------------------------------------------ the arrangement
    def arrangement(self) -> Arrangement:
        """Return the side columns' widths and which regions are shown, as they are now."""
        inputs, _, side = self.sizes()
        hidden = self.inputs_column.isHidden(), self.side.isHidden()
        return Arrangement(
            DEFAULT.inputs_width if hidden[0] else inputs,
            DEFAULT.side_width if hidden[1] else side,
            self.side.sizes()[0] or DEFAULT.upper_height,
            not hidden[0],
            not hidden[1],
        )

    def arrange(self, arrangement: Arrangement) -> None:
        """Give the regions ``arrangement``, or the default if it does not fit.

        Applied once the workspace has its width (at once if it has it already): a
        remembered arrangement that would squeeze a region below its least size is
        dropped, not restored.
        """
        self._pending = arrangement
        if self.isVisible() and self.width() > 0:
            self._apply_pending()

    def _apply_pending(self) -> None:
        arrangement, self._pending = self._pending, None
        if arrangement is None:
            return
        width = self.width() - 2 * self.handleWidth()
        least = tuple(  # what the splitter keeps each column at: the larger of the two
            max(column.minimumWidth(), column.minimumSizeHint().width())
            for column in (self.inputs_column, self.side)
        )
        if arrangement != DEFAULT and not arrangement.fits(width, (least[0], least[1])):
            self.refused = arrangement  # dropped: the default instead (tests read it)
            arrangement = DEFAULT
        self.inputs_column.setVisible(arrangement.inputs_shown)
        self.side.setVisible(arrangement.side_shown)
        inputs = arrangement.inputs_width if arrangement.inputs_shown else 0
        side = arrangement.side_width if arrangement.side_shown else 0
        steps = max(width - inputs - side, STEPS_LEAST.width())
        self.setSizes([inputs, steps, side])
        height = self.side.height() - self.side.handleWidth()
        upper = arrangement.upper_height or round(UPPER_SHARE * height)
        upper = min(max(upper, UPPER_LEAST), max(height - LOWER_LEAST, UPPER_LEAST))
        self.side.setSizes([upper, max(height - upper, LOWER_LEAST)])
        self.arranged.emit()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        """Lay the regions out; the first time, as the arrangement asked for says.

        The arrangement first, then the splitter's own pass: each region is sized once
        (at the first show too, where the workspace is sized before it is visible).
        """
        if self._pending is not None and event.size().width() > 0:
            self._apply_pending()
        super().resizeEvent(event)

    def reset(self) -> None:
        """Give back the default: every region shown, the side columns at their widths."""
        self.arrange(DEFAULT)
        for group in self.groups:
            group.setCurrentIndex(0)
