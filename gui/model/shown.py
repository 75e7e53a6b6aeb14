"""The result as the views show it while dropout trains: A′ and Z′ = A′·V.

Drawn again only for another result or setting (the same seed, the same cells), and kept
otherwise: every view asks for it on every repaint. Plain Python: no Qt.
"""

from __future__ import annotations

from dataclasses import replace

from engine import AttentionResult, Dropout, dropout
from engine.lesson.compute import Computed
from engine.lesson.dropout import DropoutSetting, dropout_heads
from engine.lesson.multi_head import MultiHeadResult, with_dropout


def _training(setting: DropoutSetting | None) -> DropoutSetting | None:
    """Return ``setting`` if it drops weights now (training, p > 0), else None."""
    return setting if setting is not None and setting.training and setting.p > 0 else None


class Shown:
    """The last dropout drawn, for the result and the setting it was drawn for."""

    def __init__(self) -> None:
        self._dropped: tuple[tuple[object, ...], Dropout] | None = None
        self._result: tuple[Dropout, AttentionResult] | None = None
        self._heads: tuple[tuple[object, ...], MultiHeadResult] | None = None

    def dropped(
        self, computed: Computed, head: int, setting: DropoutSetting | None
    ) -> Dropout | None:
        """Return head ``head``'s weights after dropout while training with p > 0, else None.

        With several heads, of one draw for every head: the four steps and the concat show
        the same cells.
        """
        setting = _training(setting)
        if setting is None:
            return None
        key = (computed.head(head), computed.heads, setting.p, setting.seed)
        if self._dropped is None or not _same(self._dropped[0], key):
            if computed.heads is None:
                drawn = dropout(computed.head(0), setting.p, setting.seed)
            else:
                drawn = dropout_heads(computed.heads.heads, setting.p, setting.seed)[head]
            self._dropped = (key, drawn)
        return self._dropped[1]

    def result(self, result: AttentionResult, dropped: Dropout | None) -> AttentionResult:
        """Return ``result`` with the weights and context of ``dropped`` (itself without)."""
        if dropped is None:
            return result
        if self._result is None or self._result[0] is not dropped:
            shown = replace(result, weights=dropped.weights, context=dropped.context)
            self._result = (dropped, shown)
        return self._result[1]

    def heads(
        self, heads: MultiHeadResult | None, setting: DropoutSetting | None
    ) -> MultiHeadResult | None:
        """Return every head with its A′ and Z′ while training, the concat and output of them."""
        setting = _training(setting)
        if heads is None or setting is None:
            return heads
        key = (heads, setting.p, setting.seed)
        if self._heads is None or not _same(self._heads[0], key):
            self._heads = (key, with_dropout(heads, setting.p, setting.seed))
        return self._heads[1]


def _same(old: tuple[object, ...], new: tuple[object, ...]) -> bool:
    """Return True if two keys hold the same objects (results by identity, numbers by value)."""
    return len(old) == len(new) and all(a is b or a == b for a, b in zip(old, new, strict=True))
