"""The command line: ``main.py``'s flags and verbs, read in one parser before Qt starts.

- :mod:`.parser`: the one parser, the window's flags and a subcommand for each verb;
  :mod:`.values` checks a flag's value, :mod:`.words` says everything in ``--lang``'s
  language;
- :mod:`.verbs`: runs one verb: :mod:`.open_window` (no verb), :mod:`.export` (Export
  all without a window), :mod:`.kit` (the offline install kit: its builder, which never
  loads Qt, and the scripts it ships in ``kit/templates/``).
"""

from gui.command_line.parser import build_parser, parse
from gui.command_line.verbs import run

__all__ = ["build_parser", "parse", "run"]
