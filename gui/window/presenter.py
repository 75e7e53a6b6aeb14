"""Opens and closes the presenter view, on the projector where there is one.

With two screens or more, the presenter view takes a screen other than the main window's,
full-screen, and the laptop keeps the whole window to edit; with one, it covers that screen
until Esc. The main window is never changed, so nothing needs to be given back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, QScreen

from gui.model.state import AttentionState
from gui.model.view_settings import ViewSettings

PRESENTER_SCALE = 1.5  # the presenter view's text on a screen REFERENCE_HEIGHT tall
REFERENCE_HEIGHT = 1080  # others in proportion (a 4K screen at 96 dpi: 3×), 1× at least
SCALES = (0.8, 0.9, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0, 2.5, 3.0)
# Ctrl+= goes this many steps above the screen's scale, the dial shown or not: beyond, the
# four steps and the dial no longer fit at their least sizes (at 1280×720, 1.5× with the dial
# put the ③ and ④ titles over ① and ②'s bottom rows and the dial's knob behind its τ box)
STEPS_ABOVE = {False: 1, True: 0}

if TYPE_CHECKING:
    from gui.window.presenter_view import PresenterView


def nearest(scale: float) -> int:
    """Return the index of the entry of SCALES nearest ``scale``."""
    return min(range(len(SCALES)), key=lambda i: abs(SCALES[i] - scale))


def screen_scale(height: int) -> float:
    """Return the presenter view's text scale on a screen ``height`` logical pixels tall.

    In proportion to the screen's height, so that the text fills the same share of the
    projected picture, and never below the main window's: at 1280×720 in the type of a
    1080-line screen, a 7-token sentence's numbers were 8 px.
    """
    return SCALES[nearest(max(1.0, PRESENTER_SCALE * height / REFERENCE_HEIGHT))]


def projector(main: QScreen | None) -> QScreen | None:
    """Return the screen for the presenter view: the largest but ``main``, else ``main``."""
    screens = QGuiApplication.screens()
    others = [screen for screen in screens if screen is not main]
    if not others:
        return main if main is not None else QGuiApplication.primaryScreen()
    return max(others, key=lambda s: s.geometry().width() * s.geometry().height())


class Presenter(QObject):
    """Offers the View menu's presenter actions and owns the presenter view while it is open.

    Parameters
    ----------
    state : AttentionState
        What the presenter view shows.
    parent : QObject
        Owner of this controller (the main window, as a QObject only).
    main_screen : callable
        Returns the screen the main window is on: the presenter view takes another.
    """

    def __init__(
        self,
        state: AttentionState,
        parent: QObject,
        main_screen: Callable[[], QScreen | None],
    ) -> None:
        super().__init__(parent)
        self.state, self.main_screen = state, main_screen
        self.text_scale = ViewSettings(self)  # the presenter view's text size, its own
        self.steps = 0  # Ctrl+= / Ctrl+- steps from the scale chosen for the screen
        self.view: PresenterView | None = None
        self.toggle_action = self._action("presenterAction", checkable=True)
        self.toggle_action.setShortcut(QKeySequence(Qt.Key.Key_F11))
        self.toggle_action.toggled.connect(self._on_toggled)
        self.larger_action = self._action("largerTextAction")
        self.larger_action.setShortcuts([QKeySequence("Ctrl+="), QKeySequence("Ctrl++")])
        self.larger_action.triggered.connect(lambda: self.change_scale(+1))
        self.smaller_action = self._action("smallerTextAction")
        self.smaller_action.setShortcut(QKeySequence("Ctrl+-"))
        self.smaller_action.triggered.connect(lambda: self.change_scale(-1))
        for action in (self.larger_action, self.smaller_action):
            action.setEnabled(False)  # they size the presenter view's text only
        self.retranslate()

    def _action(self, name: str, checkable: bool = False) -> QAction:
        action = QAction(self)
        action.setObjectName(name)
        action.setCheckable(checkable)
        return action

    @property
    def active(self) -> bool:
        """Return True while the presenter view is open."""
        return self.view is not None

    @property
    def scale(self) -> float:
        """Return the presenter view's text scale (against the application's text)."""
        return self.text_scale.font_scale

    def retranslate(self) -> None:
        """Set the actions' texts in the current language (the view retranslates itself)."""
        self.toggle_action.setText(self.tr("&Presenter view"))
        self.toggle_action.setToolTip(
            self.tr("The four steps, large, on the projector (or over this screen): F11")
        )
        self.larger_action.setText(self.tr("Presenter view: larger text"))
        self.smaller_action.setText(self.tr("Presenter view: smaller text"))

    def change_scale(self, direction: int) -> None:
        """Make the presenter view's text one step larger (+1) or smaller (−1)."""
        if self.view is None:
            return
        self.steps += direction
        if not self._apply_scale() and direction > 0:
            self.view.say(self.tr("The text is as large as this screen allows"))

    def _apply_scale(self) -> bool:
        """Set the scale ``steps`` from the screen's, within what fits; False if clamped."""
        view = self.view
        screen = view.screen() if view is not None else None
        height = screen.geometry().height() if screen is not None else REFERENCE_HEIGHT
        chosen = nearest(screen_scale(height))
        dial = view is not None and view.asks_room()
        shown = view.height() if view is not None and view.isVisible() else height
        largest = min(chosen, nearest(screen_scale(shown))) + STEPS_ABOVE[dial]  # its room
        wanted = chosen + self.steps
        index = min(max(wanted, 0), len(SCALES) - 1, largest)
        self.steps = index - chosen  # no steps beyond either end
        self.text_scale.set_font_scale(SCALES[index])
        return index == wanted

    def _on_toggled(self, on: bool) -> None:
        if on == self.active:
            return
        if on:
            self._open()
        elif self.view is not None:
            self.view.close()  # its ``closed`` comes back to _on_closed

    def _open(self) -> None:
        screen = projector(self.main_screen())
        # its module (and the training's curves in it) when first opened, not at start-up
        from gui.window.presenter_view import PresenterView

        view = PresenterView(self.state, self.text_scale, self._actions())
        self.view = view
        view.closed.connect(self._on_closed)
        view.dial_button.toggled.connect(self._apply_scale)  # the dial takes room: fit again
        view.training_button.toggled.connect(self._apply_scale)  # so does the training
        if screen is not None:
            view.setScreen(screen)
            view.setGeometry(screen.geometry())  # where no window manager places it
        self._apply_scale()
        view.showFullScreen()
        view.raise_()
        view.activateWindow()
        view.go_to_step(1)
        for action in (self.larger_action, self.smaller_action):
            action.setEnabled(True)

    def _actions(self) -> list[QAction]:
        return [self.toggle_action, self.larger_action, self.smaller_action]

    def _on_closed(self) -> None:
        view, self.view = self.view, None
        if view is None:
            return
        for action in (self.larger_action, self.smaller_action):
            action.setEnabled(False)
        self.toggle_action.setChecked(False)
        view.deleteLater()  # a new one the next time: a closed view costs nothing
