"""The View menu's entries for the window's regions and panels.

Show or hide the inputs and the panels' column, bring a panel to the front, and
*Reset layout*, which gives back the default arrangement.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSignalBlocker
from PySide6.QtGui import QAction, QKeySequence

from gui.window.workspace import Workspace


class WorkspaceActions(QObject):
    """``actions`` for the View menu, in order (None where a separator goes)."""

    def __init__(self, workspace: Workspace, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.inputs_action = QAction(self, checkable=True, checked=True)
        self.inputs_action.setObjectName("showInputsAction")
        self.inputs_action.toggled.connect(self._on_inputs_toggled)
        self.side_action = QAction(self, checkable=True, checked=True)
        self.side_action.setObjectName("showPanelsAction")
        self.side_action.toggled.connect(self._on_side_toggled)
        self.panel_actions: dict[str, QAction] = {}
        for key in ("explanation", "temperature", "mixing", "heads", "model", "training"):
            action = QAction(self)
            action.setObjectName(f"{key}PanelAction")
            action.triggered.connect(lambda _=False, k=key: self._on_panel_asked(k))
            self.panel_actions[key] = action
        self.reset_action = QAction(self)
        self.reset_action.setObjectName("resetLayoutAction")
        self.reset_action.setShortcut(QKeySequence("Ctrl+0"))
        self.reset_action.triggered.connect(self._on_reset)
        workspace.arranged.connect(self.follow)

    @property
    def actions(self) -> list[QAction]:
        """Return the actions in the order the View menu lists them."""
        return [self.inputs_action, self.side_action, *self.panel_actions.values(),
                self.reset_action]  # fmt: skip

    def retranslate(self) -> None:
        """Name the actions in the current language."""
        self.inputs_action.setText(self.tr("Inputs (left)"))
        self.side_action.setText(self.tr("Panels (right)"))
        names = {
            "explanation": self.tr("Hand calculation"),
            "temperature": self.tr("Temperature dial"),
            "mixing": self.tr("Mixing"),
            "heads": self.tr("Heads, lines, concat, mask"),
            "model": self.tr("Real model"),
            "training": self.tr("Training: a goal, Step, Train"),
        }
        for key, action in self.panel_actions.items():
            action.setText(names[key])
        self.reset_action.setText(self.tr("Reset layout"))

    def follow(self) -> None:
        """Check the two columns' actions as the columns are (after a restore, a reset)."""
        with QSignalBlocker(self.inputs_action), QSignalBlocker(self.side_action):
            self.inputs_action.setChecked(not self.workspace.inputs_column.isHidden())
            self.side_action.setChecked(not self.workspace.side.isHidden())

    def _on_inputs_toggled(self, shown: bool) -> None:
        self.workspace.inputs_column.setVisible(shown)

    def _on_side_toggled(self, shown: bool) -> None:
        self.workspace.side.setVisible(shown)

    def _on_panel_asked(self, key: str) -> None:
        self.workspace.show_panel(key)  # the column shown again: ``arranged`` checks it

    def _on_reset(self) -> None:
        self.workspace.reset()
