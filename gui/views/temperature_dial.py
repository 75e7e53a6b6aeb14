"""The lesson's "ratio dial": the softmax temperature τ of step ②, A = softmax(S/τ).

The dial is logarithmic from 0.05 to 20. The widget owns its animations: a short tween
when τ is set with ``animate=True``, and the classroom "play" sweep back and forth.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEasingCurve, QSignalBlocker, Qt, QVariantAnimation
from PySide6.QtGui import QFont, QGuiApplication, QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QDial,
    QDoubleSpinBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QSlider,
    QStyle,
    QWidget,
)

from gui.model.numbers import TAU_DECIMALS
from gui.model.state import AttentionState
from gui.model.view_settings import ViewSettings
from gui.support.language import Retranslating
from gui.views.layout_hooks import HookedColumn
from gui.views.weight_bars import WeightBars

TAU_MIN, TAU_MAX = 0.05, 20.0
DIAL_STEPS = 1000
BARS_LINES = 7  # the bars go beside the controls only if as wide as this many lines are high
_LOG_MIN, _LOG_MAX = math.log(TAU_MIN), math.log(TAU_MAX)


def tau_to_position(tau: float) -> int:
    """Return the dial position (0 … DIAL_STEPS) of ``tau``, clamped to TAU_MIN … TAU_MAX."""
    share = (math.log(min(max(tau, TAU_MIN), TAU_MAX)) - _LOG_MIN) / (_LOG_MAX - _LOG_MIN)
    return round(share * DIAL_STEPS)


def position_to_tau(position: int) -> float:
    """Return τ at dial ``position``: logarithmic, from TAU_MIN at 0 to TAU_MAX at DIAL_STEPS."""
    return math.exp(_LOG_MIN + position / DIAL_STEPS * (_LOG_MAX - _LOG_MIN))


class TemperatureDial(Retranslating, QWidget):
    """Dial, readout, marked positions, play/pause with a speed, and the row's bars."""

    def __init__(
        self,
        state: AttentionState,
        parent: QWidget | None = None,
        text_scale: ViewSettings | None = None,
    ) -> None:
        """Show the dial; ``text_scale``'s font_scale sizes it (the state's by default)."""
        super().__init__(parent)
        self.setObjectName("temperaturePanel")
        self.state = state
        self.text_scale = state.view if text_scale is None else text_scale
        self.frames = 0  # values the play animation has set (for tests and the benchmark)
        self.dial = QDial(self)
        self.dial.setObjectName("temperatureDial")
        self.dial.setRange(0, DIAL_STEPS)
        self.dial.setNotchesVisible(True)
        self.dial.setNotchTarget(12.0)
        self.entry = QDoubleSpinBox(self)
        self.entry.setObjectName("temperatureEntry")
        self.entry.setRange(TAU_MIN, TAU_MAX)
        self.entry.setDecimals(TAU_DECIMALS)
        self.entry.setPrefix("τ = ")
        self.entry.setKeyboardTracking(False)
        self.play_button = QPushButton(self)
        self.play_button.setObjectName("playButton")
        self.play_button.setCheckable(True)
        self.speed = QSlider(Qt.Orientation.Horizontal, self)
        self.speed.setObjectName("speedSlider")
        self.speed.setRange(2, 30)  # seconds for one sweep from τ = 0.05 to τ = 20
        self.speed.setValue(8)
        self.speed.setInvertedAppearance(True)  # right is faster
        self.markers = {
            "winner": QPushButton(self),
            "even": QPushButton(self),
            "raw": QPushButton(self),
            "standard": QPushButton(self),
        }
        self.markers["standard"].setObjectName("resetTemperature")
        self.bars = WeightBars(state, self, self.text_scale)
        self.caption = QLabel(self)
        self.caption.setWordWrap(True)
        self._layout()
        self.text_scale.font_scale_changed.connect(self._on_font_scale_changed)
        self._on_font_scale_changed(self.text_scale.font_scale)

        self._tween = QVariantAnimation(self)
        self._tween.setDuration(350)
        self._tween.setEasingCurve(QEasingCurve.Type.InOutCubic)
        self._tween.valueChanged.connect(self._on_tween_value)
        self._tween_to_standard = False
        self._tween_target = 1.0
        self._tween.finished.connect(self._on_tween_finished)
        self._player = QVariantAnimation(self)
        self._player.setLoopCount(-1)
        self._player.setEasingCurve(QEasingCurve.Type.Linear)
        self._player.valueChanged.connect(self._on_player_value)

        # τ before the press, typed value, drag or sweep under way (a 1-tuple), or None:
        # each is one undo step once it ends, not one per frame (see state.commit_temperature)
        self._before: tuple[float | None] | None = None
        self.dial.valueChanged.connect(self._on_dial_moved)
        self.dial.sliderPressed.connect(self._begin)
        self.dial.sliderReleased.connect(self._commit)
        self.entry.valueChanged.connect(lambda t: self.set_temperature(t, animate=True))
        self.play_button.toggled.connect(self._on_play_toggled)
        self.speed.valueChanged.connect(self._on_speed_changed)
        self.markers["winner"].clicked.connect(lambda: self.set_temperature(TAU_MIN))
        self.markers["raw"].clicked.connect(lambda: self.set_temperature(1.0))
        self.markers["standard"].clicked.connect(self.reset_to_standard)
        self.markers["even"].clicked.connect(lambda: self.set_temperature(TAU_MAX))
        state.temperature_changed.connect(self._on_temperature_changed)
        state.structure_changed.connect(self._on_structure_changed)
        # d_k changes with h too, where no shape does (Heads h = 2 left "√d_k = 2" for d_k 2)
        state.result_changed.connect(self._on_result_changed)
        self._standard_d_k = -1  # the d_k the reset button was written for
        self._on_temperature_changed(state.temperature)
        self.retranslate()

    def retranslate(self) -> None:
        """Set every text of the dial again in the current language."""
        self.speed.setToolTip(self.tr("Speed of the sweep"))
        self.markers["winner"].setText(self.tr("τ → 0: one winner"))
        self.markers["even"].setText(self.tr("τ = 20: all equal"))
        self.markers["raw"].setText(self.tr("τ = 1: raw scores"))
        self.caption.setText(
            self.tr(
                "Small differences between scores give an even spread; large differences "
                "give one winner. Dividing by √d_k is choosing τ = √d_k: it calms the scores."
            )
        )
        self._set_play_text(self.play_button.isChecked())
        self._on_structure_changed()
        self._fit_caption()  # the new words' height, and the tooltip in the new language

    def _set_play_text(self, playing: bool) -> None:
        # Qt's own media icons, not ⏸/▶ characters: no font is sure to draw ⏸ (it was a box)
        icon = (
            QStyle.StandardPixmap.SP_MediaPause if playing else QStyle.StandardPixmap.SP_MediaPlay
        )
        self.play_button.setIcon(self.style().standardIcon(icon))
        self.play_button.setText(self.tr("Pause") if playing else self.tr("Play"))

    def _layout(self) -> None:
        controls = QGridLayout()
        controls.setSpacing(3)
        controls.addWidget(self.dial, 0, 0, 1, 2, Qt.AlignmentFlag.AlignHCenter)
        controls.addWidget(self.entry, 1, 0, 1, 2)
        for index, key in enumerate(("winner", "even", "raw", "standard")):
            self.markers[key].setStyleSheet("padding: 2px 4px;")
            controls.addWidget(self.markers[key], 2 + index // 2, index % 2)
        controls.addWidget(self.play_button, 4, 0)
        controls.addWidget(self.speed, 4, 1)
        self._controls = controls
        # the bars beside the controls, or below them where the panel is too narrow
        self._top = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        # in a widget of their own: as a bare layout beside the bars (which wrap their text)
        # they were given less than their least height, and at 1.5× the knob lay half under τ
        holder = self._holder = QWidget(self)
        holder.setLayout(controls)
        controls.setContentsMargins(0, 0, 0, 0)
        self._top.addWidget(holder)
        self._top.addWidget(self.bars, 1)
        # the bars beside or below, chosen for the new width before the layout's pass
        layout = HookedColumn(self, lambda _: self._arrange())
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(self._top, 1)
        layout.addWidget(self.caption)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        """Put the bars beside the controls where there is room for them, else below."""
        super().resizeEvent(event)
        self._arrange()

    def _arrange(self) -> None:
        room = self.width() - self._controls.sizeHint().width()
        beside = room >= BARS_LINES * self.fontMetrics().height()
        direction = QBoxLayout.Direction.LeftToRight if beside else QBoxLayout.Direction.TopToBottom
        if self._top.direction() != direction:
            self._top.setDirection(direction)
        self._fit_caption()

    def bars_beside(self) -> bool:
        """Return True while the bars stand beside the controls (False: below them)."""
        return self._top.direction() == QBoxLayout.Direction.LeftToRight

    def _fit_caption(self) -> None:
        """Leave the caption out where the bars below the controls need its room.

        Its words then go in the dial's tooltip. In the old presenter mode at 1280×720 the chart was
        squeezed under the Play button, its title hidden.
        """
        layout = self.layout()
        if layout is None or self.height() <= 0:
            return
        caption = self.caption
        below = self._top.direction() == QBoxLayout.Direction.TopToBottom
        spacing = layout.spacing() + self._top.spacing()
        # the controls' least height from their layout now (a least height set once stayed
        # the last type's: after Ctrl+- the caption lay over the Play button)
        room = self.height() - self._holder.minimumSizeHint().height() - 8 - spacing
        needed = (BARS_LINES + 3) * self.fontMetrics().height()  # the chart and its readout
        fits = not below or room - caption.heightForWidth(self.width()) >= needed
        if fits != caption.isVisibleTo(self):
            caption.setVisible(fits)
        self.dial.setToolTip("" if fits else caption.text())

    def _on_font_scale_changed(self, scale: float) -> None:
        # the dial grows with the text around it (it was the size of a thumbnail at 4K)
        self.dial.setMinimumSize(round(90 * scale), round(90 * scale))
        self.dial.setMaximumSize(round(130 * scale), round(130 * scale))
        font = QFont(QGuiApplication.font())
        font.setPointSizeF(font.pointSizeF() * scale)
        for marker in self.markers.values():  # styled buttons keep their font: set it
            marker.setFont(font)
        self._arrange()

    # ------------------------------------------------------------------ public
    def set_temperature(self, tau: float, animate: bool = True) -> None:
        """Set τ through the state, gliding there when ``animate`` (tests pass False)."""
        self._tween.stop()
        self._tween_to_standard = False
        tau = min(max(float(tau), TAU_MIN), TAU_MAX)
        self._begin()
        if not animate:
            self.state.set_temperature(tau)
            if not self.dial.isSliderDown():  # a drag is one step when it ends
                self._commit()
            return
        self._tween_target = tau
        self._tween.setStartValue(math.log(self.state.temperature))
        self._tween.setEndValue(math.log(tau))
        self._tween.start()

    def reset_to_standard(self) -> None:
        """Back to the lesson's τ = √d_k (which then follows d_k again)."""
        self.set_temperature(math.sqrt(self.state.d_k))
        self._tween_to_standard = True

    def play(self) -> None:
        """Start the sweep of τ back and forth (as the Play button does)."""
        self.play_button.setChecked(True)

    def pause(self) -> None:
        """Stop the sweep where it is."""
        self.play_button.setChecked(False)

    def is_playing(self) -> bool:
        """Return True while the sweep runs."""
        return self._player.state() == QVariantAnimation.State.Running

    # ------------------------------------------------------------------ slots
    def _on_dial_moved(self, position: int) -> None:
        if not self.is_playing():
            self.set_temperature(position_to_tau(position), animate=False)

    def _on_tween_value(self, value: float) -> None:
        self.state.set_temperature(math.exp(value))

    def _on_tween_finished(self) -> None:
        # Land exactly on what was asked: exp(log(τ)) can miss τ in the last digit.
        self.state.set_temperature(None if self._tween_to_standard else self._tween_target)
        self._commit()

    def _begin(self) -> None:
        if self._before is None:
            state = self.state
            self._before = (None if state.follows_sqrt_d_k else state.temperature,)

    def _commit(self) -> None:
        if self._before is not None:
            (before,), self._before = self._before, None
            self.state.commit_temperature(before)

    def _on_player_value(self, value: float) -> None:
        self.frames += 1
        self.state.set_temperature(math.exp(value))

    def _on_play_toggled(self, playing: bool) -> None:
        self._set_play_text(playing)
        if not playing:
            self._player.stop()
            self.state.view.set_scales_held(False)
            self._commit()  # from before the sweep to where it stopped: one step
            return
        self._tween.stop()
        self._begin()
        self.state.view.set_scales_held(True)  # before the first frame: nothing rescales
        sweep = self.speed.value() * 1000
        # Start from the current τ, on the way up, so nothing jumps: the key values and
        # start() each gave the sweep's first value, and the first frame was τ = 0.05.
        with QSignalBlocker(self._player):
            self._player.setDuration(2 * sweep)
            self._player.setKeyValueAt(0.0, _LOG_MIN)
            self._player.setKeyValueAt(0.5, _LOG_MAX)
            self._player.setKeyValueAt(1.0, _LOG_MIN)
            self._player.start()
        share = (math.log(self.state.temperature) - _LOG_MIN) / (_LOG_MAX - _LOG_MIN)
        self._player.setCurrentTime(round(min(max(share, 0.0), 1.0) * sweep))

    def _on_speed_changed(self, seconds: int) -> None:
        if self.is_playing():
            elapsed = self._player.currentTime() / max(self._player.duration(), 1)
            self._player.setDuration(2 * seconds * 1000)
            self._player.setCurrentTime(round(elapsed * self._player.duration()))

    def _on_temperature_changed(self, tau: float) -> None:
        with QSignalBlocker(self.dial), QSignalBlocker(self.entry):
            self.dial.setValue(tau_to_position(tau))
            self.entry.setValue(tau)

    def _on_result_changed(self) -> None:
        if self.state.d_k != self._standard_d_k:  # not on every frame of the dial: rarely
            self._write_standard()

    def _on_structure_changed(self) -> None:
        self._write_standard()
        self._on_temperature_changed(self.state.temperature)

    def _write_standard(self) -> None:
        """Write the reset button for the d_k of the head shown: τ = √d_k."""
        self._standard_d_k = self.state.d_k
        root = math.sqrt(self._standard_d_k)
        self.markers["standard"].setText(self.tr("τ = √d_k = {0:.3g}").format(root))
        self.markers["standard"].setToolTip(self.tr("Reset to the lesson's scaling"))
