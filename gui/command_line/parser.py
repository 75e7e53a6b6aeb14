"""The command line's one parser: the window's flags, and a subcommand for each verb.

``attention-lab [flags]`` opens the window; ``attention-lab export …`` writes the files of
Export all without a window; ``attention-lab kit …`` writes an offline install kit. Every
flag is read here, before Qt starts (building the parser loads no Qt, so ``main.py kit``
never does), in the language ``--lang`` asks for; a bad one prints one line on stderr and
exits with status 2.
"""

from __future__ import annotations

import argparse
import copy
import sys
from collections.abc import Sequence
from typing import NoReturn

from engine import __version__
from engine.formats.examples import BUILT_IN
from engine.lesson.multi_head import MAX_HEADS
from engine.messages import Message
from gui.command_line import values
from gui.command_line.words import (
    CODES,
    PROG,
    argparse_word,
    language_asked,
    one_line,
    speak,
    words,
)
from gui.export.formats import ALL_FORMATS, MAX_SCALE, MIN_SCALE

VERBS = ("export", "kit")  # each read as the first word, by a parser of its own


class OneLineParser(argparse.ArgumentParser):
    """An argparse parser that says a bad flag or value in one line, in the language.

    Its verbs (:meth:`add_verbs`) are read only as the first word, each by its own parser.
    """

    verbs: argparse._SubParsersAction[OneLineParser] | None = None

    def add_verbs(self) -> argparse._SubParsersAction[OneLineParser]:
        """Add the subcommands, left out of this parser's usage and help (its epilog names them).

        argparse's own routing would say an unknown word as an invalid verb rather than an
        unrecognized argument, read the window's flags around a verb, and say a verb's
        unknown flag under this parser's name: :meth:`parse_args` hands the words after a
        verb to the verb's parser itself, and reads the rest without the subcommands.
        """
        self.verbs = self.add_subparsers(
            dest="verb", parser_class=OneLineParser, help=argparse.SUPPRESS
        )
        self._remove_action(self.verbs)  # in the help's groups, never among what is parsed
        return self.verbs

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        """Parse as argparse does, but name an unknown flag before a missing one.

        argparse checks the required flags before it looks at the unknown ones, so
        ``export --bogus`` was told only that ``--out`` is missing. A first pass with
        nothing required finds the unknown words; then the real parse says the rest.
        A verb, as the first word, is read by its own parser and named as ``verb``.
        """
        typed = list(sys.argv[1:] if args is None else args)
        if self.verbs is not None:
            if typed[:1] and typed[0] in self.verbs.choices:
                parsed = self.verbs.choices[typed[0]].parse_args(typed[1:], namespace)
                parsed.verb = typed[0]
                return parsed
            parsed = self._parse_one_line(typed, namespace)
            parsed.verb = None
            return parsed
        return self._parse_one_line(typed, namespace)

    def _parse_one_line(
        self, args: list[str], namespace: argparse.Namespace | None
    ) -> argparse.Namespace:
        required = [action for action in self._actions if action.required]
        groups = [group for group in self._mutually_exclusive_groups if group.required]
        for action in required:
            action.required = False
        for group in groups:
            group.required = False
        try:
            _, unknown = self.parse_known_args(args, copy.copy(namespace))
        finally:
            for action in required:
                action.required = True
            for group in groups:
                group.required = True
        if unknown:
            self.error(argparse_word("unrecognized arguments: %s") % " ".join(unknown))
        return super().parse_args(args, namespace)

    def format_help(self) -> str:
        """Return argparse's help, its section titles ended as its "usage" is.

        argparse ends a title with an ASCII colon of its own; in Chinese "用法：" has the
        full-width one, so "选项:" beside it is given one too.
        """
        text = super().format_help()
        colon = argparse_word("usage: ").rstrip()[-1:]
        if colon in ("", ":"):
            return text
        for group in self._action_groups:
            if group.title:
                text = text.replace(f"\n{group.title}:\n", f"\n{group.title}{colon}\n")
        return text

    def error(self, message: str) -> NoReturn:
        """Print a bad flag or value as one line on stderr, and exit with status 2."""
        said = Message("{prog}: error: {message} (see --help)", prog=self.prog, message=message)
        self.exit(2, one_line(words(said)) + "\n")


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """Read the command line in the language it asks for; a bad flag ends the program (2).

    ``verb`` is ``"export"``, ``"kit"`` or None (the window).
    """
    speak(language_asked(argv) or "en")
    verb = argv[0] if argv[:1] and argv[0] in VERBS else None
    return build_parser(() if verb is None else (verb,)).parse_args(argv)


def build_parser(verbs: Sequence[str] = VERBS) -> OneLineParser:
    """Return the parser of the window's flags, with ``verbs``' parsers as subcommands.

    Its words are in the language :func:`gui.command_line.words.speak` last chose. A verb
    is read only as the first word (:meth:`OneLineParser.parse_args`): :func:`parse` builds
    that verb's parser alone, and for the window's flags none, whose sizes and platforms
    (the export's, the kit's) the window's start need not load.
    """
    parser = OneLineParser(
        prog=PROG,
        description=words(
            Message("Type Q, K and V and watch softmax(QKᵀ/√d_k)·V computed step by step.")
        ),
        epilog=words(
            Message(
                "python main.py export --help: write every figure, the matrices and the "
                "session into a folder, without a window. python main.py kit --help: an "
                "offline install kit for computers without internet."
            )
        ),
    )
    _window_flags(parser)
    subcommands = parser.add_verbs()
    if "export" in verbs:
        export = Message(
            "Write every figure (PNG, SVG, PDF), the matrices (CSV, JSON) and the "
            "session file into a folder, without opening a window."
        )
        verb = subcommands.add_parser("export", prog=f"{PROG} export", description=words(export))
        _export_flags(verb)
    if "kit" in verbs:
        kit = Message(
            "Write a folder that installs Attention Lab on computers without internet: "
            "the app's wheel, every dependency's wheels, install scripts, a README. "
            "Run it where there is internet."
        )
        _kit_flags(subcommands.add_parser("kit", prog=f"{PROG} kit", description=words(kit)))
    return parser


def _language(parser: argparse.ArgumentParser, said: Message) -> None:
    """Add ``--lang``, which every verb has: what it changes is said by ``said``."""
    parser.add_argument("--lang", choices=CODES, help=words(said))


def _window_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--preset",
        choices=BUILT_IN,
        default=None,
        help=words(
            Message("open this built-in example (default: the last session, else cat-eats-fish)")
        ),
    )
    parser.add_argument(
        "--sentence",
        metavar="TEXT",
        help=words(
            Message(
                "run a sentence through the real model (all-MiniLM-L6-v2, installed apart) "
                "and open its layer 1, head 1"
            )
        ),
    )
    parser.add_argument(
        "--smoke",
        action="store_true",
        help=words(
            Message("open the window, wait for its first paint, print the time it took, exit")
        ),
    )
    _language(
        parser,
        Message("the interface language (default: the last one chosen, else the system's)"),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"Attention Lab {__version__}",
        help=words(Message("show program's version number and exit")),
    )


def _export_flags(parser: argparse.ArgumentParser) -> None:
    from engine.formats.export_size import MAX_EXPORT_BYTES

    parser.add_argument(
        "--out",
        required=True,
        metavar="DIR",
        help=words(Message("the folder to write into (its parent must exist)")),
    )
    source = parser.add_mutually_exclusive_group()
    source.add_argument(
        "--preset",
        choices=BUILT_IN,
        default="cat-eats-fish",
        help=words(Message("a built-in example")),
    )
    source.add_argument(
        "--session", metavar="FILE", help=words(Message("a saved session or preset file"))
    )
    source.add_argument(
        "--sentence",
        metavar="TEXT",
        help=words(
            Message(
                "a sentence run through the real model (all-MiniLM-L6-v2, installed apart): "
                "the head of --layer and --head"
            )
        ),
    )
    said = words(Message("with --sentence: counted from 1 (default 1)"))
    parser.add_argument("--layer", type=values.from_one, default=None, metavar="N", help=said)
    every = words(
        Message(
            "with --sentence: counted from 1 (default 1), or all: every head of the layer, "
            "side by side, split into its heads"
        )
    )
    parser.add_argument("--head", type=values.head, default=None, metavar="N|all", help=every)
    source.add_argument(
        "--import",
        dest="import_files",
        nargs="+",
        metavar="FILE",
        help=words(
            Message(
                "matrix files, as File → Import matrices: q, k, v or x, w_q, w_k, w_v "
                "(and w_o) as .csv, .npy or one .npz"
            )
        ),
    )
    parser.add_argument(
        "--heads",
        type=values.heads,
        metavar="H",
        help=words(Message("split Q, K and V into H heads (1 to {most})", most=MAX_HEADS)),
    )
    parser.add_argument(
        "--format",
        type=values.formats,
        default=ALL_FORMATS,
        metavar="LIST",
        help=words(
            Message("comma-separated, from {formats} (default: all)", formats=",".join(ALL_FORMATS))
        ),
    )
    parser.add_argument(
        "--scale",
        type=values.scale,
        default=2.0,
        metavar="N",
        help=words(
            Message(
                "PNG size against the screen, from {low:g} to {high:g} (default: 2)",
                low=MIN_SCALE,
                high=MAX_SCALE,
            )
        ),
    )
    parser.add_argument(
        "--captions",
        action=argparse.BooleanOptionalAction,
        default=True,
        help=words(
            Message(
                "draw each figure's title, the selected row and its legend above it (default: on)"
            )
        ),
    )
    _language(parser, Message("language of titles and labels"))
    parser.add_argument(
        "--temperature",
        type=values.temperature,
        metavar="T",
        help=words(Message("τ of step ② (default: √d_k)")),
    )
    parser.add_argument("--causal", action="store_true", help=words(Message("hide future tokens")))
    parser.add_argument(
        "--allow-large",
        action="store_true",
        help=words(
            Message(
                "write the matrices (CSV, JSON) even past {most} MB; without it such an "
                "export is refused before it starts, with its size",
                most=MAX_EXPORT_BYTES // 10**6,
            )
        ),
    )


def _kit_flags(parser: argparse.ArgumentParser) -> None:
    from gui.command_line.kit.targets import MODEL, PYTHONS, SYSTEMS, parse_platforms, parse_pythons

    parser.add_argument(
        "--out",
        required=True,
        metavar="DIR",
        help=words(Message("the folder to write the kit into")),
    )
    parser.add_argument(
        "--platform",
        dest="targets",
        type=values.refusing(parse_platforms),
        default=parse_platforms(",".join(SYSTEMS)),
        metavar="LIST",
        help=words(
            Message(
                "comma-separated, from {systems} (default: all; macos is arm64 and x86-64)",
                systems=",".join(SYSTEMS),
            )
        ),
    )
    parser.add_argument(
        "--python",
        dest="pythons",
        type=values.refusing(parse_pythons),
        default=PYTHONS,
        metavar="LIST",
        help=words(
            Message(
                "comma-separated Python versions, from {versions} (default: all)",
                versions=",".join(PYTHONS),
            )
        ),
    )
    parser.add_argument(
        "--with-model",
        action="store_true",
        help=words(Message("also put the model {model} into the kit", model=MODEL)),
    )
    _language(parser, Message("language of the messages"))


__all__ = ["VERBS", "OneLineParser", "build_parser", "parse"]
