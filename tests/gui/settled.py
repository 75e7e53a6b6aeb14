"""Waiting for a layout to settle: on a condition, not for a fixed time."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def settled(qtbot, look: Callable[[], T], timeout: int = 5000) -> T:
    """Return what ``look()`` gives once it gives the same twice in a row, a turn of the
    event loop (10 ms of it) apart.

    A layout settles over a few turns of the loop (each level's layout request is posted
    to the next), and how long that takes depends on the machine's load: a fixed wait was
    too long on a quiet machine and could be too short on a busy one.
    """
    seen: list[T] = []

    def unchanged() -> bool:
        now = look()
        same = bool(seen) and now == seen[-1]
        seen[:] = [now]
        return same

    qtbot.waitUntil(unchanged, timeout=timeout)
    return seen[-1]
