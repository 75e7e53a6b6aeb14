"""Training a head in front of the class: Step, Train, Stop (owned by the state).

Each step is the engine's (:func:`engine.lesson.training.train_step`): forward, loss,
backward, gradient descent on what learns. Every view follows it, as it follows an edit.
A run, however many steps, is one undo step ("Train 37 steps"): one Undo returns to before
it. Steps are made on a single-shot timer started again once a step has been shown (a
frame later, so that each is painted): no step ever waits in a queue behind another.
While a setting is pinned (and A has B's shapes), A trains beside B from its own start:
two loss curves on one plot.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

import numpy as np
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from engine.messages import InputError
from engine.vocabulary import LABELS, MAX_VALUE
from gui.model.held_numbers import HeldNumbers
from gui.model.pinning import Comparison
from gui.model.snapshots import Snapshot
from gui.model.training_goal import (
    TrainingSettings,
    best_loss,
    goal_of,
    learning_names,
    objective,
)
from gui.model.undo_commands import Editable, Text

if TYPE_CHECKING:  # the engine's training loads with the first step, not with the window
    from engine.lesson.compute import Inputs
    from engine.lesson.explain_gradient import SoftmaxGradientStep
    from engine.lesson.training import Objective, TrainingStep, Velocity
    from gui.model.training_command import Matrices, Run, TrainingCommand

#: a run stops when the loss is this close to the least there is
REACHED = 1e-3
#: between two steps of a run: one 60 Hz frame, so that each step is painted before the next
STEP_MS = 16


@dataclass(frozen=True)
class Record:
    """One step: the loss before it and the size of the gradient at each stage."""

    loss: float
    norms: dict[str, float]


class Trainable(Editable, Protocol):
    """The state, as training uses it: its undo stack, its pin, and steps shown."""

    undo_stack: QUndoStack
    comparison: Comparison

    def show_snapshot(self, snapshot: Snapshot) -> None:
        """Install ``snapshot`` with no new undo step, and tell the views."""
        ...


class Training(QObject):
    """The settings, the history of the run (and of A's beside it), and the stepping."""

    stepped = Signal()  # a step was shown: ``history`` grew
    running_changed = Signal(bool)
    settings_changed = Signal()
    failed = Signal(str)  # a step the engine refused (why, in the user's language)

    def __init__(
        self, state: Trainable, numbers: HeldNumbers, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._state, self._held = state, numbers
        self.settings = TrainingSettings()
        self.history: list[Record] = []
        self.pinned_history: list[Record] = []  # A's, trained beside B while pinned
        self._velocity: Velocity | None = None
        self._pinned_velocity: Velocity | None = None
        self._command: TrainingCommand | None = None
        self._steps = 0  # in the run now
        self._running = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(STEP_MS)
        self._timer.timeout.connect(self._tick)

    # ------------------------------------------------------------------ settings
    def set_settings(self, settings: TrainingSettings) -> None:
        """Choose another goal, learning, rate or limit; the curves start again."""
        if settings != self.settings:
            self.settings = settings
            self.reset()
            self.settings_changed.emit()

    def load(self, saved: object) -> None:
        """Stop and forget the curves (new numbers); take the settings ``saved``, if any.

        A session's view.training; another head of the model keeps the goal (None).
        """
        self.stop()
        if saved is not None:
            self.set_settings(TrainingSettings.from_dict(saved))
        self.reset()

    def saved_in(self, view: dict[str, object]) -> dict[str, object]:
        """Return a session's display settings with these training settings (none if default)."""
        view = {key: value for key, value in view.items() if key != "training"}
        if self.settings != TrainingSettings():
            view["training"] = self.settings.to_dict()
        return view

    def reset(self) -> None:
        """Forget the curves and the momentum (a new goal, new numbers)."""
        self.history, self.pinned_history = [], []
        self._velocity = self._pinned_velocity = None
        self.stepped.emit()

    @property
    def running(self) -> bool:
        """Return True while Train is stepping."""
        return self._running

    def objective(self, numbers: HeldNumbers | None = None) -> Objective:
        """Return what the head shown is trained towards, for ``numbers`` (B's by default)."""
        numbers = self._numbers() if numbers is None else numbers
        return objective(self.settings, numbers.tokens, numbers.causal,
                         numbers.matrix("v"), numbers.selected_head)  # fmt: skip

    def best(self) -> float:
        """Return the least loss the goal allows (the targets' entropy, or 0 for Z).

        NaN where these numbers allow no such goal (a previous token for one token).
        """
        numbers = self._numbers()
        try:
            goal = goal_of(self.settings, numbers.tokens, numbers.causal)
        except InputError:
            return math.nan
        return best_loss(self.settings, goal)

    def softmax_gradient(self, row: int, col: int) -> SoftmaxGradientStep | None:
        """Return ∂L/∂s_ij worked out by hand for the head shown, with the numbers now.

        None where it is not one head's own loss: a goal on Z with several heads (their
        Z's are joined before the loss), or numbers the engine refuses for this goal.
        """
        from engine.lesson.backward import backward
        from engine.lesson.explain_gradient import explain_softmax_gradient
        from engine.lesson.losses import cross_entropy, squared_error

        numbers = self._numbers()
        result = numbers.result
        try:
            goal = self.objective(numbers)
            if goal.goal is not None:
                loss = cross_entropy(result.weights, goal.goal, result.mask)
            elif numbers.heads == 1 and goal.target_context is not None:
                loss = squared_error(result.context, goal.target_context)
            else:
                return None
            gradients = backward(result, loss.d_context, loss.d_weights)
            return explain_softmax_gradient(result, gradients, row, col)
        except InputError:
            return None

    # ------------------------------------------------------------------ stepping
    def step(self) -> bool:
        """Make one step, as an undo step of its own; False (said why) if refused."""
        if self._running:
            self.stop()
        self._command = None
        done = self._one_step()
        self._command = None
        return done

    def train(self) -> None:
        """Step until stopped, the goal reached or the limit of steps (one undo step)."""
        if self._running:
            return
        self._command, self._steps = None, 0
        self._running = True
        self.running_changed.emit(True)
        self._timer.start()

    def stop(self) -> None:
        """Stop training: the run so far stays, as one undo step."""
        if not self._running:
            return
        self._timer.stop()
        self._running = False
        self._command = None
        self.running_changed.emit(False)

    def _tick(self) -> None:
        if not self._running:
            return
        if not self._one_step():
            self.stop()
            return
        last = self.history[-1].loss
        if self._steps >= self.settings.limit or last - self.best() <= REACHED:
            self.stop()
        else:
            self._timer.start()  # after this step has been shown: never queued

    def _hidden_goal(self, numbers: HeldNumbers) -> str | None:
        """Say, in tokens, where the goal asks for weight on a key the mask hides; or None."""
        mask = numbers.result.mask
        goal = goal_of(self.settings, numbers.tokens, numbers.causal)
        if mask is None or goal is None:
            return None
        tokens = numbers.tokens
        for row in goal.rows:
            hidden = [tokens[k] for k in range(len(tokens))
                      if goal.targets[row, k] > 0 and not mask[row, k]]  # fmt: skip
            if hidden:
                return self.tr(
                    "The goal for {0} puts weight on {1}, which the mask hides from it: "
                    "move that weight to a key it can see, or choose another goal"
                ).format(tokens[row], self.tr(", ").join(hidden))
        return None

    def _one_step(self) -> bool:
        numbers = self._numbers()
        try:
            hidden = self._hidden_goal(numbers)
            if hidden is not None:
                self.failed.emit(hidden)
                return False
            taken = self._take(numbers, self._velocity)
        except InputError as error:
            from gui.support.engine_text import engine_text

            self.failed.emit(engine_text(error))
            return False
        too_large = self._too_large(taken.inputs.matrices, numbers)
        if too_large is not None:
            self.failed.emit(too_large)
            return False
        self._velocity = taken.velocity
        self.history.append(Record(taken.loss, taken.norms))
        pin = self._state.comparison.pinned
        a_before = None if pin is None else pin.numbers.snapshot.matrices
        a_after = self._train_pinned()
        self._show(replace(numbers.snapshot, matrices=taken.inputs.matrices),
                   None if a_after is None else a_before, a_after)  # fmt: skip
        self.stepped.emit()
        return True

    def _too_large(self, matrices: Matrices, numbers: HeldNumbers) -> str | None:
        """Say which matrix a step would take beyond ±MAX_VALUE (η too large); or None.

        A session keeps only numbers within it: a step past it could not be opened again.
        """
        for name in learning_names(self.settings, numbers.is_projection):
            matrix = matrices.get(name)
            if matrix is not None and not (np.abs(matrix) <= MAX_VALUE).all():
                return self.tr(
                    "Training stopped: a step would take {0} beyond ±{1:,}; try a smaller η"
                ).format(LABELS[name], int(MAX_VALUE))
        return None

    def _take(self, numbers: HeldNumbers, velocity: Velocity | None) -> TrainingStep:
        from engine.lesson.training import train_step

        snapshot = numbers.snapshot
        inputs: Inputs = snapshot.inputs
        return train_step(inputs, self.objective(numbers),
                          learning=learning_names(self.settings, numbers.is_projection),
                          learning_rate=self.settings.rate, momentum=self.settings.momentum,
                          velocity=velocity, dropout=snapshot.dropout)  # fmt: skip

    def _train_pinned(self) -> Matrices | None:
        """Step A too, from its own numbers, while a setting is pinned and comparable.

        Return A's new matrices (None when A did not learn).
        """
        comparison = self._state.comparison
        pin = comparison.pinned
        if pin is None or not comparison.comparable:
            return None
        try:
            taken = self._take(pin.numbers, self._pinned_velocity)
        except InputError:
            return None  # A cannot learn this goal: B's curve alone
        if self._too_large(taken.inputs.matrices, pin.numbers) is not None:
            return None  # A stops; B's own step says so if it goes as far
        self._pinned_velocity = taken.velocity
        self.pinned_history.append(Record(taken.loss, taken.norms))
        comparison.replace_inputs(taken.inputs.matrices)
        return taken.inputs.matrices

    def rewind(self, run: Run) -> None:
        """Take a run undone off the curves; give A its numbers from before it."""
        self.stop()
        b, a = run.starts
        run.taken = (self.history[b:], self.pinned_history[a:])  # type: ignore[assignment]
        del self.history[b:], self.pinned_history[a:]
        self._velocity = self._pinned_velocity = None
        self._give_a(run.a_after, run.a_before)
        self.stepped.emit()

    def replay(self, run: Run) -> None:
        """Put a run redone back on the curves, and A's numbers after it."""
        b_steps, a_steps = run.taken
        if len(self.history) == run.starts[0]:  # the curves are as the run left them
            self.history += b_steps  # type: ignore[arg-type]
            self.pinned_history += a_steps  # type: ignore[arg-type]
        self._give_a(run.a_before, run.a_after)
        self.stepped.emit()

    def _give_a(self, now: Matrices | None, then: Matrices | None) -> None:
        """Give A the matrices ``then`` if A still holds ``now`` (A pinned since is left)."""
        pin = self._state.comparison.pinned
        if pin is None or now is None or then is None:
            return
        held = pin.numbers.snapshot.matrices
        if held.keys() == now.keys() and all(
            held[name].shape == now[name].shape and np.array_equal(held[name], now[name])
            for name in now
        ):
            self._state.comparison.replace_inputs(then)

    def _show(self, after: Snapshot, a_before: Matrices | None, a_after: Matrices | None) -> None:
        """Install ``after`` as the run's end, one undo step for the run, and tell the views.

        ``a_before`` and ``a_after``: A's matrices before and after this step, when A
        trained beside B.
        """
        state = self._state
        stack = state.undo_stack
        command = self._command
        top = stack.command(stack.index() - 1) if stack.index() > 0 else None
        going_on = command is not None and top is command and stack.index() == stack.count()
        self._steps = self._steps + 1 if going_on else 1
        count = self._steps
        text: Text = lambda: (  # noqa: E731
            self.tr("Train {0} steps").format(count) if count > 1 else self.tr("Train 1 step")
        )
        if command is not None and going_on:
            command.advance(after, text, a_after)
            state.show_snapshot(after)
            stack.undoTextChanged.emit(stack.undoText())  # Edit → Undo names the run anew
        else:  # the first step, or the user changed something in between: a new run
            from gui.model.training_command import Run, TrainingCommand  # with the first step

            starts = (len(self.history) - 1, len(self.pinned_history) - (a_after is not None))
            run = Run(starts, a_before, a_after)
            self._command = TrainingCommand(state, self._numbers().snapshot, after, text,
                                            self, run)  # fmt: skip
            stack.push(self._command)

    def _numbers(self) -> HeldNumbers:
        return self._held
