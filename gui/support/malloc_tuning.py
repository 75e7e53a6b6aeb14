"""Keep large freed blocks of memory for the next edit instead of handing them back.

Every edit makes new matrices of the same sizes as the last one (S, S/τ and A are 32 MB
each at 2,048 tokens). By default glibc returns freed blocks over a threshold to the
system and maps fresh ones on the next request, and the system must then clear every
page again on first touch: at 512 tokens that was half of an edit's computation. With
higher thresholds, a freed block is reused by the next edit, as the dial's frames reuse
theirs; memory stays near the largest session opened so far.
"""

from __future__ import annotations

import ctypes
import sys

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
#: Blocks up to this size come from the reusable heap: a 4,096 × 1,024 matrix and more.
MMAP_THRESHOLD = 64 << 20
#: Free memory at the top of the heap is handed back beyond this.
TRIM_THRESHOLD = 512 << 20


def reuse_freed_memory() -> bool:
    """Raise glibc's thresholds (see the module's text).

    Returns False where there is no glibc or it refused.
    """
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt  # the C library the process already runs on
    except (OSError, AttributeError):  # another C library (musl has no mallopt)
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    # older glibc refuse more than 32 MiB; a 2,048 × 2,048 matrix is just over that
    reused = any(mallopt(M_MMAP_THRESHOLD, size) for size in (MMAP_THRESHOLD, 32 << 20))
    trimmed = bool(mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD))
    return reused and trimmed
