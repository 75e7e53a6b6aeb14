"""The token names (editable, CJK included) and the dimensions d_k, d_v, d_model."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QSignalBlocker,
    Qt,
)
from PySide6.QtGui import QAction, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from engine.vocabulary import MAX_DIM
from gui.model.state import MAX_GRID_TOKENS, AttentionState
from gui.support.language import Retranslating

Index = QModelIndex | QPersistentModelIndex


class TokenModel(QAbstractTableModel):
    """One row: a column per token, whose text is the token's name."""

    def __init__(self, state: AttentionState, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.state = state
        state.structure_changed.connect(self._on_structure_changed)
        state.tokens_changed.connect(self._on_tokens_changed)
        state.masks_changed.connect(self._on_tokens_changed)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        """Return 1: the names are one row."""
        return 0 if parent.isValid() else 1

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        """Return the number of tokens."""
        return 0 if parent.isValid() else len(self.state.tokens)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """Return a token's name (to show and to edit), centred; padding in grey italics."""
        if not index.isValid():
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self.state.tokens[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        padding = self.state.is_padding(index.column())
        if role == Qt.ItemDataRole.FontRole and padding:
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and padding:
            return QColor("#888888")
        if role == Qt.ItemDataRole.ToolTipRole:
            if padding:
                return self.tr("Padding: no query looks at its key (right-click to change)")
            return self.tr("Double-click to rename; right-click to mark it as padding")
        return None

    def setData(  # noqa: N802
        self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole
    ) -> bool:
        """Rename a token through the state's ``rename_token``; False if it refuses."""
        if role != Qt.ItemDataRole.EditRole or not isinstance(value, str):
            return False
        return self.state.rename_token(index.column(), value)

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Make every name editable."""
        return super().flags(index) | Qt.ItemFlag.ItemIsEditable

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        """Return the tokens' numbers, from 1, across the top."""
        if role == Qt.ItemDataRole.DisplayRole:
            return str(section + 1) if orientation == Qt.Orientation.Horizontal else None
        return None

    def _on_structure_changed(self) -> None:
        self.beginResetModel()
        self.endResetModel()

    def _on_tokens_changed(self) -> None:
        # Not a reset: a rename arrives while the view's editor is still committing.
        if self.columnCount():
            self.dataChanged.emit(self.index(0, 0), self.index(0, self.columnCount() - 1))


class TokenEditor(Retranslating, QWidget):
    """Token names with add and remove, and spin boxes for the dimensions."""

    def __init__(self, state: AttentionState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self.model = TokenModel(state, self)
        self.view = QTableView(self)
        self.view.setObjectName("tokenList")
        self.view.setModel(self.model)
        self.view.verticalHeader().hide()
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectColumns)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # Room for the header, one row of names and the scroll bar many tokens bring.
        scroll_bar = self.view.horizontalScrollBar().sizeHint().height()
        self.view.setFixedHeight(self.view.horizontalHeader().sizeHint().height() + 34 + scroll_bar)
        self.view.horizontalHeader().setMinimumSectionSize(48)
        self.add_button = QPushButton(self)
        self.remove_button = QPushButton(self)
        self.d_k = self._spin_box("dkSpin", self.state.set_d_k)
        self.d_v = self._spin_box("dvSpin", self.state.set_d_v)
        self.d_model = self._spin_box("dModelSpin", self.state.set_d_model)
        self.d_model_label = QLabel(self)
        self.d_k_label, self.d_v_label = QLabel(self), QLabel(self)
        self.heading = QLabel(self)

        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        # the widths on a line of their own: beside the buttons they widened the panel by
        # 170 px in projection mode with heads (h·d_k, h·d_v, d_model)
        dimensions = QHBoxLayout()
        for label, box in ((self.d_k_label, self.d_k),
                           (self.d_v_label, self.d_v),
                           (self.d_model_label, self.d_model)):  # fmt: skip
            dimensions.addWidget(label)
            dimensions.addWidget(box)
        dimensions.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.view)
        layout.addLayout(buttons)
        layout.addLayout(dimensions)

        self.add_button.clicked.connect(lambda: self.state.add_token())
        self.remove_button.clicked.connect(lambda: self.state.remove_token(state.selected_token))
        self.view.clicked.connect(lambda index: self.state.select_token(index.column()))
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._on_context_menu_requested)
        self.padding_action = QAction(self)
        self.padding_action.setObjectName("paddingAction")
        self.padding_action.setCheckable(True)
        state.structure_changed.connect(self._on_structure_changed)
        state.heads_changed.connect(lambda _h: self._on_structure_changed())
        state.selected_token_changed.connect(self._on_selected_token_changed)
        self._on_structure_changed()
        self.retranslate()

    def retranslate(self) -> None:
        """Set the heading, the buttons' texts and their tooltips again."""
        self.heading.setText(self.tr("<b>Tokens</b> (double-click to rename)"))
        self.add_button.setText(self.tr("+ token"))
        self.remove_button.setText(self.tr("− token"))
        self.add_button.setToolTip(self.tr("Add a token at the end (its numbers start at 0)"))
        self.remove_button.setToolTip(self.tr("Remove the selected token"))
        heads = self.state.heads > 1  # the spin boxes set the whole widths: h·d_k, h·d_v
        self.d_k_label.setText("h·d_k" if heads else "d_k")
        self.d_v_label.setText("h·d_v" if heads else "d_v")
        self.d_model_label.setText("d_model")
        self.padding_action.setText(self.tr("Padding (no query looks at it)"))

    def _spin_box(self, name: str, setter: object) -> QSpinBox:
        box = QSpinBox(self)
        box.setObjectName(name)
        box.setRange(1, MAX_DIM)
        box.setKeyboardTracking(False)  # typing "16" is one change, not "1" then "16"
        box.valueChanged.connect(setter)
        return box

    def _on_structure_changed(self) -> None:
        state = self.state
        for box, value in ((self.d_k, state.width_qk), (self.d_v, state.width_v),
                           (self.d_model, max(state.d_model, 1))):  # fmt: skip
            with QSignalBlocker(box):
                box.setValue(value)
        self.d_model.setVisible(state.is_projection)
        self.d_model_label.setVisible(state.is_projection)
        self.add_button.setEnabled(len(state.tokens) < MAX_GRID_TOKENS)
        self.remove_button.setEnabled(len(state.tokens) > 1)
        self._on_selected_token_changed(state.selected_token)
        self.retranslate()  # d_k or h·d_k

    def _on_context_menu_requested(self, position: QPoint) -> None:
        """Offer to mark the token under the mouse as padding (or not)."""
        index = self.view.indexAt(position)
        if not index.isValid():
            return
        token = index.column()
        self.padding_action.setChecked(self.state.is_padding(token))
        menu = QMenu(self)
        menu.addAction(self.padding_action)
        chosen = menu.exec(self.view.viewport().mapToGlobal(position))
        if chosen is self.padding_action:
            self.state.set_padding(token, self.padding_action.isChecked())

    def _on_selected_token_changed(self, index: int) -> None:
        if 0 <= index < self.model.columnCount():
            self.view.selectColumn(index)
