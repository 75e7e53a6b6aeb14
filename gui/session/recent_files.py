"""File → Recent files: the last sessions opened or saved, most recent first."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QDir, QSettings, Signal
from PySide6.QtWidgets import QMenu, QWidget

from gui.support.settings import setting_texts

MAX_RECENT = 8
KEY = "session/recent"


class RecentFiles(QMenu):
    """A submenu of up to :data:`MAX_RECENT` files kept in QSettings.

    Files that no longer exist are dropped whenever the list is read.
    """

    open_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("recentMenu")
        self.setToolTipsVisible(True)
        self.aboutToShow.connect(self.rebuild)
        self.retranslate()

    def paths(self) -> list[Path]:
        """Return the recent files that still exist, most recent first."""
        paths = [Path(p) for p in setting_texts(KEY) if p]
        existing = [p for p in paths if p.is_file()]
        if len(existing) != len(paths):
            self._save(existing)
        return existing

    def add(self, path: str | Path) -> None:
        """Put ``path`` at the top of the list (moved there if it is already in it)."""
        path = Path(path).resolve()
        self._store([path, *(p for p in self.paths() if p != path)])

    def remove(self, path: str | Path) -> None:
        """Take ``path`` off the list."""
        path = Path(path).resolve()
        self._store([p for p in self.paths() if p != path])

    def clear_list(self) -> None:
        """Empty the list."""
        self._store([])

    def _store(self, paths: list[Path]) -> None:
        self._save(paths)
        self.rebuild()

    @staticmethod
    def _save(paths: list[Path]) -> None:
        QSettings().setValue(KEY, [str(p) for p in paths[:MAX_RECENT]])

    def rebuild(self) -> None:
        """Fill the menu: a numbered entry per file, then Clear the list.

        The menu is disabled while the list is empty.
        """
        self.clear()
        paths = self.paths()
        for number, path in enumerate(paths, start=1):
            name = path.name.replace("&", "&&")  # & would mark a shortcut letter
            action = self.addAction(self.tr("&{0} {1}").format(number, name))
            action.setToolTip(QDir.toNativeSeparators(str(path)))
            action.setData(str(path))
            action.triggered.connect(lambda _=False, p=str(path): self.open_requested.emit(p))
        if paths:
            self.addSeparator()
            self.addAction(self.tr("Clear the list"), self.clear_list)
        self.setEnabled(bool(paths))

    def retranslate(self) -> None:
        """Set the title and the entries again in the current language."""
        self.setTitle(self.tr("Recent files"))
        self.rebuild()
