"""Presenter mode for the classroom.

The pipeline full-screen in large type, editing panels hidden, and a step-through of the
lesson's four steps with the keyboard.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QByteArray,
    QCoreApplication,
    QEvent,
    QObject,
    QRect,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QFont, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabBar, QTabWidget, QToolBar

from engine.vocabulary import STEPS
from gui.model.state import AttentionState
from gui.views.hand_calculation import ExplainPanel
from gui.window.presenting_controls import PresentingControls
from gui.window.presenting_layout import (
    PresentingLayout,
    presenting_scale,
    refresh_least_sizes,
    screen_rect,
    settle_layouts,
)

LAYOUT_VERSION = 2  # of the docks it rearranges
PRESENTER_SCALE = 1.5  # text size on entering presenter mode (up to a 1080-line screen)
RESTORE_TRIES = 8  # turns of the event loop for the docks to settle after presenting
LARGER_STEPS = 1  # Ctrl+= steps above presenter mode's own scale that still fit its screen
SCALES = (0.8, 0.9, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0, 2.5, 3.0)


class Presenter(QObject):
    """Presenter mode: F11 or View → Presenter.

    Ctrl+= / Ctrl+- scale all text; 1–4 or ←/→ walk the steps; Esc leaves.
    """

    active_changed = Signal(bool)

    def __init__(
        self,
        window: QMainWindow,
        state: AttentionState,
        tabs: QTabWidget,
        docks: dict[str, QDockWidget],
        toolbars: list[QToolBar],
    ) -> None:
        super().__init__(window)
        self.window, self.state, self.tabs, self.docks = window, state, tabs, docks
        self.toolbars = toolbars  # hidden while presenting
        self.active = False
        self.scale = 1.0
        self._presenting_scale = PRESENTER_SCALE  # the scale presenter mode chose
        self.step = 0
        self._base_font = QFont(QGuiApplication.font())
        self._saved_state = QByteArray()
        self._saved_geometry = QByteArray()
        self._saved_rect = QRect()
        self._saved_docks: dict[str, QSize] = {}
        self._bar_heights: dict[str, int] = {}  # of a tab group's bar, by its front tab
        self.layout = PresentingLayout(window, docks)
        self.controls = PresentingControls(window)
        self.toggle_action = self._action("presenterAction", checkable=True)
        self.toggle_action.setShortcut(QKeySequence(Qt.Key.Key_F11))
        self.toggle_action.toggled.connect(self._on_toggled)
        self.larger_action = self._action("largerTextAction")
        self.larger_action.setShortcuts([QKeySequence("Ctrl+="), QKeySequence("Ctrl++")])
        self.larger_action.triggered.connect(lambda: self.change_scale(+1))
        self.smaller_action = self._action("smallerTextAction")
        self.smaller_action.setShortcut(QKeySequence("Ctrl+-"))
        self.smaller_action.triggered.connect(lambda: self.change_scale(-1))
        # Step keys only while presenting: elsewhere 1–4 and the arrows are for typing.
        self.step_actions: list[QAction] = []
        for number in (1, 2, 3, 4):
            action = self._action(f"step{number}Action")
            action.setShortcut(QKeySequence(str(number)))
            action.triggered.connect(lambda _=False, n=number: self.go_to_step(n))
            self.step_actions.append(action)
        for key, move in ((Qt.Key.Key_Right, +1), (Qt.Key.Key_Left, -1)):
            action = self._action(f"stepMove{move:+d}Action")
            action.setShortcut(QKeySequence(key))
            action.triggered.connect(lambda _=False, m=move: self.go_to_step(self.step + m))
            self.step_actions.append(action)
        leave = self._action("leavePresenterAction")
        leave.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        leave.triggered.connect(lambda: self.toggle_action.setChecked(False))
        self.step_actions.append(leave)
        for action in self.step_actions:
            action.setEnabled(False)
        self.retranslate()

    def _action(self, name: str, checkable: bool = False) -> QAction:
        action = QAction(self.window)
        action.setObjectName(name)
        action.setCheckable(checkable)
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.window.addAction(action)
        return action

    def _restore_dock_sizes(self, tries: int = 0) -> None:
        """Give every dock the size it had before presenting.

        Tried again on the next turns of the event loop (``tries`` times) while a dock is
        off: the formula bar fits its type to its width as it is laid out, and the centre's
        least height shrank for some turns after leaving (the hand calculation came back
        4 px short when it had been a tab).
        """
        window = self.window
        if self.active:
            return
        refresh_least_sizes(window)  # the docks' least sizes from what they hold now
        if window.geometry() != self._saved_rect:
            window.setGeometry(self._saved_rect)
        beside = [n for n in self._saved_docks if self._beside(self.docks[n])]
        # heights: the docks that share a column or lie below the centre (a lone dock on
        # the left spans the window's height: asking it for another pulls the others)
        stacked = [n for n in self._saved_docks if self._shares_height(self.docks[n])]
        for orientation, names in (
            (Qt.Orientation.Horizontal, beside),
            (Qt.Orientation.Vertical, stacked),
        ):
            horizontal = orientation == Qt.Orientation.Horizontal
            extents = [self._saved_docks[n].width() if horizontal
                       else self._saved_docks[n].height() + self._bar_heights.get(n, 0)
                       for n in names]  # fmt: skip
            window.resizeDocks([self.docks[n] for n in names], extents, orientation)
        off = any(self.docks[n].width() != self._saved_docks[n].width() for n in beside) or any(
            self.docks[n].height() != self._saved_docks[n].height() for n in stacked
        )
        off = off or window.geometry() != self._saved_rect
        if off and tries > 0 and not self.active:
            QTimer.singleShot(0, self, lambda: self._restore_dock_sizes(tries - 1))

    def _group_bar(self, dock: QDockWidget) -> QTabBar | None:
        """Return the tab bar shown for ``dock``'s tab group, if any."""
        title = dock.windowTitle()
        for bar in self.window.findChildren(
            QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly
        ):
            if bar.isVisible() and title in (bar.tabText(i) for i in range(bar.count())):
                return bar
        return None

    def _beside(self, dock: QDockWidget) -> bool:
        """Return True for a dock to the left or right of the centre (its width is its own)."""
        area = self.window.dockWidgetArea(dock)
        return area in (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea)

    def _shares_height(self, dock: QDockWidget) -> bool:
        """Return True for a dock whose height is set against a neighbour's or the centre's."""
        area = self.window.dockWidgetArea(dock)
        if area in (Qt.DockWidgetArea.TopDockWidgetArea, Qt.DockWidgetArea.BottomDockWidgetArea):
            return True
        return any(
            other is not dock and self.window.dockWidgetArea(other) == area
            for other in self.docks.values()
        )

    def normal_layout(self) -> tuple[QByteArray, QByteArray] | None:
        """Return the geometry and state (of LAYOUT_VERSION) saved on entering; else None.

        What is kept between starts is the normal layout, whatever the full screen is.
        """
        return (self._saved_geometry, self._saved_state) if self.active else None

    def retranslate(self) -> None:
        """Set the actions' texts in the current language."""
        self.toggle_action.setText(self.tr("&Presenter mode"))
        self.larger_action.setText(self.tr("Larger text"))
        self.smaller_action.setText(self.tr("Smaller text"))
        self.layout.retranslate()

    # ------------------------------------------------------------------ public
    def change_scale(self, direction: int) -> None:
        """One step larger (+1) or smaller (−1) along SCALES.

        While presenting, at most LARGER_STEPS above the scale presenter mode chose for the
        screen: three steps at 1280×720 turned the heatmaps' names sideways, cut the titles
        to "③ w…" and made the numbers smaller. A step further is refused, with a message.
        """
        index = min(range(len(SCALES)), key=lambda i: abs(SCALES[i] - self.scale))
        new = SCALES[min(max(index + direction, 0), len(SCALES) - 1)]
        if self.active and direction > 0 and new > self.largest_scale():
            self.window.statusBar().showMessage(
                self.tr("The text is as large as this screen allows"), 5000
            )
            return
        self.set_scale(new)

    def largest_scale(self) -> float:
        """Return the largest text scale while presenting: LARGER_STEPS above the chosen."""
        chosen = min(range(len(SCALES)), key=lambda i: abs(SCALES[i] - self._presenting_scale))
        return SCALES[min(chosen + LARGER_STEPS, len(SCALES) - 1)]

    def set_scale(self, scale: float) -> None:
        """Scale every font of the window, the heatmaps' names and labels included."""
        self.scale = scale
        font = QFont(self._base_font)
        font.setPointSizeF(self._base_font.pointSizeF() * scale)
        QGuiApplication.setFont(font)  # the widgets' own text
        # A dock writes its title in the font it was built with for as long as its own font
        # equals the application's (QDockWidget::paintEvent): the titles stayed at 9 pt. A
        # font of its own that differs in a way nobody sees (antialiasing, already the rule)
        # makes it write the title in that. At the normal size the docks inherit again.
        title = QFont(font)
        title.setStyleStrategy(QFont.StyleStrategy.PreferAntialias)
        for dock in self.docks.values():
            dock.setFont(title if scale != 1.0 else QFont())
        self.state.view.set_font_scale(scale)  # what the views draw themselves
        calculation = self.docks["explanation"].widget()
        if isinstance(calculation, ExplainPanel):  # its step fitted to its room, large
            calculation.set_presenting(self.active)
        self.controls.apply(scale if self.active else 1.0)  # icons, squares, arrows
        self.layout.text_growth = scale / self._presenting_scale
        if self.active:  # the heatmaps keep their room, the tabs their titles whole
            QTimer.singleShot(0, self.layout.apply)
            QTimer.singleShot(0, self.layout.fit_tabs)

    def go_to_step(self, number: int) -> None:
        """Light step 1–4 and explain it for the selected token's row."""
        number = min(max(number, 1), 4)
        self.step = number
        state = self.state
        self.tabs.setCurrentIndex(0)
        state.set_highlighted_step(number)
        state.select_cell(STEPS[number - 1], state.selected_token, -1)
        self.layout.show_step(number)

    # ------------------------------------------------------------------ slots
    def _on_toggled(self, on: bool) -> None:
        window = self.window
        if on == self.active:
            return
        self.active = on
        if on:
            self._saved_state = window.saveState(LAYOUT_VERSION)
            self._saved_geometry = window.saveGeometry()
            self._saved_rect = window.geometry()
            # a closed dock has no size to give back, nor a tab behind another; the tab in
            # front gives its group's, its bar's height with it (without, it came back 17 px
            # off; left out, 1 px: the Mixing tab in front of the heads)
            self._saved_docks, self._bar_heights = {}, {}
            for name, dock in self.docks.items():
                if not dock.isVisible() or dock.x() < 0:
                    continue
                if window.tabifiedDockWidgets(dock):
                    bar = self._group_bar(dock)
                    if bar is None:
                        continue
                    self._bar_heights[name] = bar.height()
                self._saved_docks[name] = dock.size()
            self.docks["inputs"].hide()
            for toolbar in self.toolbars:
                toolbar.hide()
            self.tabs.setCurrentIndex(0)
            window.setGeometry(screen_rect(window))  # where no window manager obliges
            window.showFullScreen()
            height = screen_rect(window).height()
            self._presenting_scale = presenting_scale(height, PRESENTER_SCALE, SCALES)
            self.set_scale(self._presenting_scale)
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)  # the new type
            self.layout.start()
            self.go_to_step(1)
        else:
            self.layout.stop()
            self.set_scale(1.0)
            # The normal type laid out before the window is given its size: the minimum
            # size was still the presenter's (at 3× on a 4K screen 1501 × 880, with the
            # inputs shown again), and the window came back 1642 × 938 instead of 1280 × 720.
            settle_layouts()
            refresh_least_sizes(window)
            window.showNormal()
            # The window's own size first, then the docks inside it: restored the other way
            # round, the docks kept their full-screen sizes and the window came back 1093
            # px wide instead of 1280, with the mixing chart squashed.
            window.restoreGeometry(self._saved_geometry)
            window.setGeometry(self._saved_rect)  # where restoreGeometry fits it to a screen
            window.restoreState(self._saved_state, LAYOUT_VERSION)
            # and once more when the normal fonts' sizes have been laid out: the docks' minimum
            # sizes were still the presenter's a moment ago. The tab bars of the presenting
            # layout's tab groups stayed on screen over the docks, stale: hidden first, the
            # state shows again only those its own tab groups use.
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
            for bar in window.findChildren(
                QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly
            ):
                bar.hide()
            window.restoreState(self._saved_state, LAYOUT_VERSION)
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
            # and each dock's own size, as it was (the saved state alone gave the inputs 53 px
            # more: their grids had been laid out in the presenter's type)
            window.setGeometry(self._saved_rect)  # now that nothing holds it larger
            self._restore_dock_sizes()
            QTimer.singleShot(0, self, lambda: self._restore_dock_sizes(RESTORE_TRIES))
            self.state.set_highlighted_step(0)
            self.step = 0
        for action in self.step_actions:
            action.setEnabled(on)
        self.active_changed.emit(on)
