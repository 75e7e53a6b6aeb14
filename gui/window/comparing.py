"""Compare two settings: Pin as A, B, A or B − A, Unpin, and comparisons ready to show.

The View menu chooses what the four steps show; the comparisons are under Presets.

A feature: it makes its actions and menus from the state, and the window inserts them
(Edit, the toolbar, View, Presets); it never receives the window.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from gui.model.model_run import ModelRun
from gui.model.state import AttentionState
from gui.model.view_settings import COMPARE_SHOWN
from gui.session.sentences import SentenceOpener

# The comparisons under Presets → Compare, by built-in preset name.
COMPARISONS = ("compare-scaling", "compare-temperature", "compare-causal", "compare-training")
# The real model's: (layer, head) of A, then of B, from 0
MODEL_COMPARISONS = {"model-heads": ((0, 0), (0, 1)), "model-layers": ((0, 0), (5, 0))}
SENTENCE = "the cat eats fish"  # when no sentence has been run yet


class Comparing(QObject):
    """The actions and menus of a comparison, for the window to insert.

    ``pin_action`` and ``unpin_action`` (Edit, toolbar), ``shown_menu`` (View),
    ``presets_menu`` (Presets); ``load_example(name)`` loads a built-in comparison.
    """

    def __init__(
        self,
        state: AttentionState,
        parent: QWidget,
        load_example: Callable[[str], object],
        model: tuple[ModelRun, SentenceOpener] | None = None,
    ) -> None:
        """``model``: the real model's run and opener, for its two comparisons."""
        super().__init__(parent)
        self.state = state
        self._model = model
        self.pin_action = QAction(parent)
        self.pin_action.setObjectName("pinAction")
        self.pin_action.setShortcut(QKeySequence("Ctrl+Shift+P"))
        self.pin_action.triggered.connect(lambda: state.comparison.pin())
        self.unpin_action = QAction(parent)
        self.unpin_action.setObjectName("unpinAction")
        self.unpin_action.setShortcut(QKeySequence("Ctrl+Shift+U"))
        self.unpin_action.triggered.connect(state.comparison.unpin)
        self.shown_menu = QMenu(parent)
        self.shown_menu.setObjectName("compareShownMenu")
        group = QActionGroup(self)
        self.shown_actions: dict[str, QAction] = {}
        for shown in COMPARE_SHOWN:
            action = QAction(group, checkable=True)
            action.setObjectName(f"compareShown_{shown}Action")
            action.setChecked(shown == state.view.compare_shown)
            action.triggered.connect(lambda _=False, s=shown: state.view.set_compare_shown(s))
            self.shown_menu.addAction(action)
            self.shown_actions[shown] = action
        state.view.compare_shown_changed.connect(
            lambda shown: self.shown_actions[shown].setChecked(True)
        )
        self.presets_menu = QMenu(parent)
        self.presets_menu.setObjectName("comparisonsMenu")
        self.preset_actions: dict[str, QAction] = {}
        for name in COMPARISONS:
            action = self.presets_menu.addAction("")
            action.setObjectName(f"{name}Action")
            action.triggered.connect(lambda _=False, n=name: load_example(n))
            self.preset_actions[name] = action
        if model is not None:
            self.presets_menu.addSeparator()
            for name, (a, b) in MODEL_COMPARISONS.items():
                action = self.presets_menu.addAction("")
                action.setObjectName(f"{name}Action")
                action.triggered.connect(lambda _=False, a=a, b=b: self.compare_heads(a, b))
                self.preset_actions[name] = action
        for signal in (state.comparison.changed, state.result_changed, state.tokens_changed):
            signal.connect(self._follow)
        self._follow()
        self.retranslate()

    def compare_heads(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """Pin the real model's head ``a`` (layer, head from 0) and open ``b`` beside it.

        Of the sentence run last, or of "the cat eats fish" when none has been; False (and
        said why: no model, cancelled) if the model could not run it.
        """
        if self._model is None:
            return False
        run, sentences = self._model
        if run.forward is None:
            if not sentences.run_sentence(run.sentence or SENTENCE, *a):
                return False
        elif not run.open_head(*a):
            return False
        self.state.comparison.pin()
        return run.open_head(*b)

    def _follow(self) -> None:
        comparison = self.state.comparison
        self.unpin_action.setEnabled(comparison.is_on)
        self.shown_menu.setEnabled(comparison.is_on)
        self.shown_actions["difference"].setEnabled(comparison.comparable)

    def retranslate(self) -> None:
        """Name every action and menu in the current language."""
        self.pin_action.setText(self.tr("&Pin as A"))
        self.pin_action.setIconText(self.tr("Pin A"))
        self.pin_action.setToolTip(
            self.tr("Pin the whole setting as A: change anything, and compare B with it")
        )
        self.unpin_action.setText(self.tr("U&npin"))
        self.unpin_action.setIconText(self.tr("Unpin"))
        self.unpin_action.setToolTip(self.tr("End the comparison"))
        self.shown_menu.setTitle(self.tr("Compare: the steps show"))
        names = {
            "b": self.tr("B, the setting being changed"),
            "a": self.tr("A, the setting pinned"),
            "difference": self.tr("B − A"),
        }
        for shown, action in self.shown_actions.items():
            action.setText(names[shown])
        self.presets_menu.setTitle(self.tr("Compare"))
        texts = {
            "compare-scaling": self.tr("d_k = 64: unscaled (A) against ÷√d_k (B)"),
            "compare-temperature": self.tr("猫 吃 鱼: τ = 0.5 (A) against τ = 2 (B)"),
            "compare-causal": self.tr("猫 吃 鱼: no mask (A) against the causal mask (B)"),
            "model-heads": self.tr("Real model: layer 1, head 1 (A) against head 2 (B)"),
            "model-layers": self.tr("Real model: layer 1 (A) against layer 6 (B), head 1"),
            "compare-training": self.tr("Train at d_k = 64: unscaled (A) against ÷√d_k (B)"),
        }
        for name, action in self.preset_actions.items():
            action.setText(texts[name])
