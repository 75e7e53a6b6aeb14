"""Attention Lab: type Q, K and V and watch attention computed step by step.

Usage: python main.py [--preset NAME] [--sentence TEXT] [--smoke] [--version]
       python main.py export --out DIR [...]   (figures, matrices, session; no window)
       python main.py kit --out DIR [...]      (an offline install kit; needs internet)

The command line itself is gui.command_line: its parser, and the verbs it runs.
"""

from __future__ import annotations

import gc
import time

START = time.perf_counter()  # --smoke counts the time to the first paint from here
# Start-up makes a few hundred thousand objects (Qt's and pyqtgraph's modules, the window)
# and no garbage: Python's collector, walking them again and again, cost 10-25 ms of it.
# gui.command_line.verbs turns it back on (for the window, once it is painted); main()
# does at the latest, whatever the run did (a bad flag, an error).
gc.disable()

import sys  # noqa: E402

from gui.command_line import run  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Run Attention Lab; return the exit status.

    ``main.py export …`` writes the export's files without a window, ``main.py kit …`` an
    offline install kit; otherwise the window opens (with the last session, unless
    ``--preset`` names an example) until it is closed.
    """
    try:
        return run(sys.argv[1:] if argv is None else argv, START)
    finally:
        gc.enable()


if __name__ == "__main__":
    sys.exit(main())
