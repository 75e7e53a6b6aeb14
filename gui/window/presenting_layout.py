"""Presenter mode's arrangement of the screen: room for every panel it shows, at any size.

The normal layout gives the dial and the mixing view a column of about 330 px and the hand
calculation 185 px: in presenter mode's large type the dial's caption wrapped one word a
line and the weight chart's values overlapped. Here the docks get shares of the window
instead, and on a short screen the hand calculation, the dial and the mixing view take
turns in one column.
None of this is kept between starts: leaving presenter mode gives back the saved layout.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRect, Qt, QTimer
from PySide6.QtGui import QFont, QFontMetricsF, QGuiApplication
from PySide6.QtWidgets import QDockWidget, QLayout, QMainWindow, QTabBar, QWidget
from shiboken6 import isValid

REFERENCE_HEIGHT = 1080  # on a screen this tall (or shorter) the text is PRESENTER_SCALE
RIGHT_SHARE = 0.36  # of the window's width: the dial, its bars and the mixing view
BOTTOM_SHARE = 0.34  # of the window's height: the hand calculation
STACKED_LINES = 37  # every panel at once where the window is this many lines high (at 34,
# 1280×720 after Ctrl+- stacked them, and the dial's chart was squashed to a sliver)
DIAL_SHARE = 0.5  # of the column for the dial and its bars, when stacked
DIRECT_CHILDREN = Qt.FindChildOption.FindDirectChildrenOnly
LEAST_TAB_POINTS = 8.0  # the tabs' titles never smaller than this


def screen_rect(window: QWidget) -> QRect:
    """Return the geometry of the screen ``window`` is on (tests give it another size)."""
    screen = window.screen()
    return screen.geometry() if screen is not None else window.geometry()


def settle_layouts(turns: int = 4) -> None:
    """Lay out now what asked to be laid out (a layout done may ask for its parent's)."""
    for _ in range(turns):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)


def refresh_least_sizes(window: QWidget) -> None:
    """Lay out anew every layout under ``window``, the innermost first.

    A layout takes its widget's least size from the layouts inside it when it is laid out,
    and on leaving presenter mode not every one was asked again: the dial's dock kept the
    presenter's least height (351 px for 251) and lay over the Mixing dock's title; the next
    layout of the window (a resize, the next start) squashed the mixing chart to a third.
    """
    layouts = [layout for w in window.findChildren(QWidget) if (layout := w.layout()) is not None]

    def depth(layout: QLayout) -> int:
        widget, count = layout.parentWidget(), 0
        while widget is not None:
            widget, count = widget.parentWidget(), count + 1
        return count

    for layout in sorted(layouts, key=depth, reverse=True):
        widget = layout.parentWidget()
        if isinstance(widget, QDockWidget):  # (0, 0): its least size is its layout's again
            widget.setMinimumSize(0, 0)
        layout.invalidate()
        layout.activate()


def presenting_scale(screen_height: int, normal: float, scales: Sequence[float]) -> float:
    """Return the text scale for a screen ``screen_height`` logical pixels tall.

    ``normal`` up to REFERENCE_HEIGHT, then as much more as the screen is taller (the
    nearest of ``scales``): a 4K screen at 96 dpi gets twice the type of a 1080p one, so the
    text fills the same share of the projected picture.
    """
    wanted = normal * max(1.0, screen_height / REFERENCE_HEIGHT)
    return min(scales, key=lambda s: abs(s - wanted))


class PresentingLayout(QObject):
    """Lays the docks out for presenting while on: shares of the window, again on a resize.

    Parameters
    ----------
    window : QMainWindow
        The window whose docks are arranged.
    docks : dict
        Its docks by name: "temperature", "mixing" and "explanation" are arranged.
    """

    def __init__(self, window: QMainWindow, docks: dict[str, QDockWidget]) -> None:
        super().__init__(window)
        self.window, self.docks = window, docks
        self.on = False
        self._pending = False
        self._titles: dict[str, str] = {}  # the docks' own titles while they are tabs
        self._elide: dict[QTabBar, Qt.TextElideMode] = {}  # the tab bars' own, likewise
        self._fonts: set[QTabBar] = set()  # bars given a smaller type (see fit_tabs)
        self.text_growth = 1.0  # the text's size over the size presenter mode chose
        window.installEventFilter(self)

    def start(self) -> None:
        """Arrange the docks for presenting, now and on every resize until ``stop``."""
        self.on = True
        self.apply()

    def stop(self) -> None:
        """Leave the docks alone from now on (the caller gives back the normal layout).

        Taken out of their tabs first: restored straight from them, the hand calculation
        came back 4 px short.
        """
        if self.tabbed():
            self._untab()
        self.on = False

    def _short_titles(self) -> dict[str, str]:
        """Return a tab's title for each dock: at 1280 × 720 the full ones were cut."""
        return {
            "temperature": self.tr("Dial"),
            "mixing": self.tr("Mixing"),
            "explanation": self.tr("Hand calculation"),
            "heads": self.tr("Heads"),
            "model": self.tr("Real model"),
        }

    def _shorten_titles(self) -> None:
        """Give the docks their tabs' titles, whole (kept: the full ones come back)."""
        for name, title in self._short_titles().items():
            dock = self.docks.get(name)
            if dock is not None:
                self._titles.setdefault(name, dock.windowTitle())
                dock.setWindowTitle(title)
        # not “Temperat…”: where the titles do not fit, the bar scrolls instead (the bar
        # of a new tab group is made as the window is laid out)
        settle_layouts()
        for bar in self.window.findChildren(QTabBar, options=DIRECT_CHILDREN):
            self._elide.setdefault(bar, bar.elideMode())
            bar.setElideMode(Qt.TextElideMode.ElideNone)
            bar.setUsesScrollButtons(True)
        self.fit_tabs()

    def fit_tabs(self) -> None:
        """Write the tabs' titles whole in their room: in a smaller type where they must.

        Ctrl+= at 1280×720 made the four titles wider than the column, and the bar
        scrolled: "Heads" showed as "Hea". The tabs only choose a panel: the class reads
        the panels, whose text keeps its size.
        """
        if not (self.on and self.tabbed()):
            return
        room = self.docks["temperature"].width() - 4
        for bar in self.window.findChildren(QTabBar, options=DIRECT_CHILDREN):
            if not bar.isVisible() or not bar.count():
                continue
            font = QFont(QGuiApplication.font())
            metrics = QFontMetricsF(bar.font())
            texts = [bar.tabText(i) for i in range(bar.count())]
            padding = sum(bar.tabSizeHint(i).width() - metrics.horizontalAdvance(text)
                          for i, text in enumerate(texts))  # fmt: skip
            while (
                font.pointSizeF() > LEAST_TAB_POINTS
                and padding + sum(QFontMetricsF(font).horizontalAdvance(text) for text in texts)
                > room
            ):
                font.setPointSizeF(max(font.pointSizeF() * 0.95, LEAST_TAB_POINTS))
            if font != bar.font():
                bar.setFont(font)
                self._fonts.add(bar)

    def _restore_titles(self) -> None:
        for name, title in self._titles.items():
            self.docks[name].setWindowTitle(title)
        for bar, mode in self._elide.items():
            if isValid(bar):  # the window deletes a tab group's bar it no longer needs
                bar.setElideMode(mode)
        for bar in self._fonts:
            if isValid(bar):
                bar.setFont(QFont())  # the application's again
        self._titles, self._elide, self._fonts = {}, {}, set()

    def retranslate(self) -> None:
        """Keep the tabs' short titles in a new language (the window just set full ones)."""
        if self.on and self.tabbed():
            self._titles = {}
            self._shorten_titles()

    def _untab(self) -> None:
        self._restore_titles()
        for name, area in (("mixing", Qt.DockWidgetArea.RightDockWidgetArea),
                           ("explanation", Qt.DockWidgetArea.BottomDockWidgetArea)):  # fmt: skip
            dock = self.docks[name]
            self.window.removeDockWidget(dock)
            self.window.addDockWidget(area, dock)
            dock.show()
        for extra in self._extras():  # a tab beside the mixing view again
            self.window.removeDockWidget(extra)
            self.window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, extra)
            self.window.tabifyDockWidget(self.docks["mixing"], extra)
            extra.show()

    def _extras(self) -> list[QDockWidget]:
        """Return the shown docks of the lessons after the first: every head, a real model."""
        docks = (self.docks.get(name) for name in ("heads", "model"))
        return [dock for dock in docks if dock is not None and dock.isVisible()]

    def tabbed(self) -> bool:
        """Return True while the right column's panels take turns as tabs (a short screen)."""
        return self.docks["mixing"] in self.window.tabifiedDockWidgets(self.docks["temperature"])

    def show_step(self, step: int) -> None:
        """Bring the hand calculation of the step to the front where the panels take turns."""
        if self.on and self.tabbed():
            self.docks["explanation"].raise_()

    def apply(self) -> None:
        """Give the right column and the hand calculation their shares of the window."""
        self._pending = False
        if not self.on:
            return
        window, docks = self.window, self.docks
        temperature, mixing, explanation = (
            docks["temperature"],
            docks["mixing"],
            docks["explanation"],
        )
        width, height = window.width(), window.height()
        line = QFontMetricsF(QGuiApplication.font()).height()
        stacked = height >= STACKED_LINES * line
        if stacked and self.tabbed():  # the window grew: every panel at once again
            self._untab()
        elif not stacked and not self.tabbed():
            # Too short for the heatmaps, the hand calculation below them and the dial above
            # the mixing view (at 1280×720 the hand calculation kept three lines): the three
            # take turns at the right, the hand calculation in front, each as tall as the
            # screen; the heatmaps have the rest.
            window.tabifyDockWidget(temperature, mixing)
            window.tabifyDockWidget(temperature, explanation)
            for extra in self._extras():  # every head, a real model: one more turn each
                window.tabifyDockWidget(temperature, extra)
            explanation.raise_()
        if not stacked:
            self._shorten_titles()
        self._hide_stale_tab_bars()
        QTimer.singleShot(0, self, self._hide_stale_tab_bars)  # bars the layout shows late
        horizontal, vertical = Qt.Orientation.Horizontal, Qt.Orientation.Vertical
        # Larger text (Ctrl+=) took the heatmaps' room (formula, titles, names), and their
        # numbers came out smaller: the panels beside and below give it back
        growth = max(self.text_growth, 1.0)
        window.resizeDocks([temperature], [round(width * RIGHT_SHARE / growth)], horizontal)
        if stacked:  # shares of the column (resizeDocks spreads the space by these weights)
            window.resizeDocks([explanation], [round(height * BOTTOM_SHARE / growth)], vertical)
            share = round(1000 * DIAL_SHARE)
            window.resizeDocks([temperature, mixing], [share, 1000 - share], vertical)

    def _hide_stale_tab_bars(self) -> None:
        """Hide every tab bar that is not one of the window's tab groups now.

        Qt keeps the bar of a tab group that is gone (here: the heads' dock beside the
        mixing view, from the saved layout) and may show it again: at 1280×720 an old bar
        with "Temperature dial | Mixing" lay under the presenting tabs.
        """
        if not self.on:
            return
        groups = []
        for dock in self.docks.values():
            if dock.isVisible() and self.window.tabifiedDockWidgets(dock):
                group = [dock, *self.window.tabifiedDockWidgets(dock)]
                groups.append(sorted(d.windowTitle() for d in group))
        for bar in self.window.findChildren(QTabBar, options=DIRECT_CHILDREN):
            texts = sorted(bar.tabText(i) for i in range(bar.count()))
            if bar.isVisible() and texts not in groups:
                bar.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        """Arrange again once the window has a new size (full screen arrives late on X11)."""
        if self.on and event.type() == QEvent.Type.Resize and not self._pending:
            self._pending = True
            QTimer.singleShot(0, self, self.apply)
        return False
