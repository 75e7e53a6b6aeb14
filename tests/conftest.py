"""Shared test set-up: Qt runs offscreen when there is no display."""

from __future__ import annotations

import os

if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
