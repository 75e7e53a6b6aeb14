"""How much memory this machine has for one piece of work, asked before the work starts.

The forward pass of a model and an export of the matrices both grow as T² with the number
of tokens; each bounds itself by :func:`memory_budget` before it allocates anything, so
that a file or a setting can never make the app swap the machine to a halt or be killed.
"""

from __future__ import annotations

import os
from pathlib import Path

#: When the machine does not say (no /proc/meminfo, no sysconf): a small laptop's free memory.
FALLBACK_AVAILABLE = 2 * 2**30
#: One piece of work may use at most this share of the memory available when it starts:
#: the window, the other figures and the rest of the machine keep the other half.
SHARE = 0.5


def available_memory() -> int:
    """Return the bytes of memory available to a new allocation, as the machine says.

    Linux's ``MemAvailable`` (free memory plus what the page cache would give back), else
    ``os.sysconf``'s free pages, else half of its physical pages, else
    :data:`FALLBACK_AVAILABLE`.
    """
    try:
        for line in Path("/proc/meminfo").read_text(encoding="ascii").splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError, UnicodeDecodeError):
        pass
    sysconf = getattr(os, "sysconf", None)
    if sysconf is not None:
        try:
            page = int(sysconf("SC_PAGE_SIZE"))
            names = os.sysconf_names
            if "SC_AVPHYS_PAGES" in names:
                return int(sysconf("SC_AVPHYS_PAGES")) * page
            if "SC_PHYS_PAGES" in names:
                return int(sysconf("SC_PHYS_PAGES")) * page // 2
        except (OSError, ValueError):
            pass
    return FALLBACK_AVAILABLE


def memory_budget() -> int:
    """Return the bytes one piece of work (a forward pass, an export) may use."""
    return max(int(available_memory() * SHARE), 64 * 2**20)


def megabytes(count: int) -> str:
    """Return a size for a message: "987 MB", "2.1 GB" (decimal, as file managers show)."""
    if count >= 10**9:
        return f"{count / 10**9:.1f} GB"
    return f"{max(count / 10**6, 0.1):,.1f} MB" if count < 10**7 else f"{count / 10**6:,.0f} MB"


__all__ = ["FALLBACK_AVAILABLE", "SHARE", "available_memory", "megabytes", "memory_budget"]
