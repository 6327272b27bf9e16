"""``hokm play``: the command behind the subcommand (``hokm.cli`` imports it only when it runs)."""

from __future__ import annotations

import argparse
import sys

from hokm._cli.common import parse_options
from hokm.errors import InvalidArgumentError, RecordError
from hokm.play.model import TableModel
from hokm.play.saving import default_save_path

__all__ = ["INSTALL_HINT", "run"]

INSTALL_HINT = "hokm play needs Textual, the 'play' extra: pip install 'hokm[play]'"


def run(args: argparse.Namespace) -> int:
    """Start the table for parsed ``hokm play`` arguments; returns the exit status.

    The arguments (and a ``--resume`` record) are checked first, then whether Textual is
    installed: a bad command line gets its own message even without the extra.
    """
    from hokm.rules import Ruleset

    if args.resume is not None:
        if args.variant or args.option or args.seed is not None:
            raise InvalidArgumentError("--resume plays on with the record's rules and seed: "
                                       "leave out --variant, --option and --seed")
        try:
            model = TableModel.resume(args.resume, seat=args.seat, opponents=args.opponents,
                                      practice=args.practice, save_path=args.save)
        except RecordError as invalid:
            print(f"hokm: invalid record: {invalid}", file=sys.stderr)
            return 1
        except OSError as error:
            print(f"hokm: error: cannot read {args.resume}: {error.strerror or error}", file=sys.stderr)
            return 2
    else:
        ruleset = Ruleset.compose(*args.variant, options=parse_options(args.option))
        model = TableModel.new(ruleset, seat=args.seat or 0, opponents=args.opponents or "heuristic",
                               seed=args.seed, practice=args.practice,
                               save_path=args.save or default_save_path())
    try:
        import textual  # noqa: F401 - only to find out whether the extra is installed
    except ImportError:
        print(f"hokm: {INSTALL_HINT}", file=sys.stderr)
        return 1
    from hokm.play.app import PlayApp

    app = PlayApp(model, delay=args.delay)
    app.run()
    if model.save_path is not None and model.save_path.exists():
        print(f"The match is saved in {model.save_path}; play on with: hokm play --resume {model.save_path}")
    return 0
