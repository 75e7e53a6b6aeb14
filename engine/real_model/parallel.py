"""The forward pass's work shared between the cores: rows of tokens, or groups of heads.

NumPy's BLAS runs each matrix product on every core, but everything between the products
(the softmax, the GELU, the LayerNorms, the copies into heads) runs on one, while BLAS's
other threads spin, waiting for the next product. So a pass is split instead: each core
takes its share of the tokens (for the projections, the feed-forward layer and the
LayerNorms, which treat every row alone) or of the heads (for the attention), products
included, with BLAS held to one thread per call. Every share gets the same arithmetic as
the whole would, so the numbers are those of one share up to the rounding of BLAS's own
blocking: within 2.3·10⁻⁶ on every A and 4.3·10⁻⁶ on the hidden states, 64 to 512 tokens
(both agree with torch within the tests' tolerances).

Holding BLAS to one thread takes ``threadpoolctl`` (optional: the ``model`` extra);
without it, or on one core, a pass runs in one share, as before.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor, wait
from contextlib import contextmanager
from functools import cache
from itertools import pairwise
from typing import Any

#: Below this many tokens a pass is not split: its NumPy calls are so short that handing
#: Python's lock from one thread to the other at each costs more than the second core
#: gives. Measured on 2 cores, one share against two: 64 tokens 10.7 against 13.0 ms, 112:
#: 17.6 against 18.5; 128: 21.9 against 20.3, 256: 44.8 against 36.2.
SPLIT_FROM = 128


@cache
def _controller() -> Any:
    """Return threadpoolctl's controller of the loaded BLAS, or None without it."""
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:
        return None
    controller = ThreadpoolController().select(user_api="blas")
    return controller if controller.lib_controllers else None


@cache
def _pool(workers: int) -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="forward")


def shares(count: int) -> int:
    """Return into how many shares a pass over ``count`` tokens is split (1: not split)."""
    cores = os.cpu_count() or 1
    if cores < 2 or count < SPLIT_FROM or _controller() is None:
        return 1
    return min(cores, 4)


def split(length: int, parts: int) -> list[slice]:
    """Return ``parts`` consecutive slices of ``range(length)``, as even as can be."""
    bounds = [length * i // parts for i in range(parts + 1)]
    return [slice(start, stop) for start, stop in pairwise(bounds) if stop > start]


#: One pass shares the cores at a time: threadpoolctl's limit holds for the whole process,
#: and two passes' limits undone out of order would leave BLAS on one thread for good.
_SHARING = threading.Lock()


@contextmanager
def one_blas_thread(parts: int) -> Iterator[None]:
    """Hold BLAS to one thread per call while the shares run (nothing when ``parts`` is 1).

    A second pass that would share the cores meanwhile (from another thread) waits.
    """
    controller = _controller() if parts > 1 else None
    if controller is None:
        yield
        return
    with _SHARING, controller.limit(limits=1):
        yield


def in_shares(work: Callable[[slice], None], slices: Sequence[slice]) -> None:
    """Run ``work`` on each slice, the first on this thread and the others on the pool's."""
    if len(slices) == 1:
        work(slices[0])
        return
    others = [_pool(len(slices) - 1).submit(work, part) for part in slices[1:]]
    try:
        work(slices[0])
    finally:
        wait(others)  # nothing of the pass may still run once this returns or raises
    for other in others:
        other.result()  # raises a share's error


__all__ = ["in_shares", "one_blas_thread", "shares", "split"]
