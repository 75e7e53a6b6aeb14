"""What ``main.py`` runs: its flags read once (gui.command_line.parser), then one verb.

No verb opens the window; ``export`` writes Export all's files without one; ``kit`` builds
an offline install kit. Each verb's module is imported only when it runs: ``kit`` loads
no Qt, and a bad flag is said before anything heavy is loaded.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Sequence

from gui.command_line.parser import parse
from gui.command_line.words import console_replaces_what_it_cannot_encode


def run(argv: Sequence[str], started: float | None = None) -> int:
    """Run the command line ``argv`` (without the program's name); return the exit status.

    Parameters
    ----------
    argv : sequence of str
        The words after ``main.py``: ``["export", "--out", "figures"]``.
    started : float, optional
        When the program started (``time.perf_counter()``); ``--smoke`` counts from it.
        By default, now.
    """
    started = time.perf_counter() if started is None else started
    console_replaces_what_it_cannot_encode()
    args = parse(argv)
    if args.verb is not None:  # only the window's start waits for its collector (main.py)
        gc.enable()
    if args.verb == "export":
        from gui.command_line.export import run as export

        return export(args)
    if args.verb == "kit":
        from gui.command_line.kit.command import run as build_kit

        return build_kit(args)
    from gui.command_line.open_window import run as open_window

    return open_window(args, started)


__all__ = ["run"]
