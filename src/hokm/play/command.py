"""``hokm play``: the command behind the subcommand (``hokm.cli`` imports it only when it runs)."""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path

from hokm._cli.common import parse_options
from hokm.errors import InvalidArgumentError, RecordError
from hokm.play.model import TableModel
from hokm.play.saving import check_save_path, default_save_path
from hokm.play.text import can_write_suits

__all__ = ["EXIT_NO_TERMINAL", "INSTALL_HINT", "run"]

INSTALL_HINT = "hokm play needs Textual, the 'play' extra: pip install 'hokm[play]'"

EXIT_NO_TERMINAL = 2
"""Exit status when ``hokm play`` is not run in a terminal (stdin or stderr redirected)."""


def _in_a_terminal() -> bool:
    """Whether Textual can draw: it reads the keys from stdin and draws on stderr."""
    try:
        return sys.stdin is not None and sys.stderr is not None and sys.stdin.isatty() and sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def run(args: argparse.Namespace) -> int:
    """Start the table for parsed ``hokm play`` arguments; returns the exit status.

    The arguments, a ``--resume`` record and the ``--save`` file are checked first, then
    whether Textual is installed and whether the command runs in a terminal: a bad command
    line gets its own message even without the extra, and nothing is written before play starts.
    """
    from hokm.rules import Ruleset

    if args.no_save and args.save is not None:
        raise InvalidArgumentError("--save and --no-save contradict each other: give one of them")
    save: Path | None = None if args.no_save else Path(args.save) if args.save is not None else None
    if args.resume is not None:
        if args.variant or args.option or args.seed is not None:
            raise InvalidArgumentError("--resume plays on with the record's rules and seed: "
                                       "leave out --variant, --option and --seed")
        if save is not None:
            check_save_path(save, resumed_from=Path(args.resume))
        try:
            model = TableModel.resume(args.resume, seat=args.seat, opponents=args.opponents,
                                      practice=args.practice, save_path=save)
        except RecordError as invalid:
            print(f"hokm: invalid record: {invalid}", file=sys.stderr)
            return 1
        except OSError as error:
            print(f"hokm: error: cannot read {args.resume}: {error.strerror or error}", file=sys.stderr)
            return 2
        if args.no_save:
            model.save_path = None
        elif save is None:
            assert model.save_path is not None
            check_save_path(model.save_path, resumed_from=Path(args.resume))
    else:
        ruleset = Ruleset.compose(*args.variant, options=parse_options(args.option))
        if not args.no_save:
            save = save if save is not None else default_save_path()
            check_save_path(save)
        model = TableModel.new(ruleset, seat=args.seat or 0, opponents=args.opponents or "heuristic",
                               seed=args.seed, practice=args.practice, save_path=save)
    try:
        import textual  # noqa: F401 - only to find out whether the extra is installed
    except ImportError:
        model.close()
        print(f"hokm: {INSTALL_HINT}", file=sys.stderr)
        return 1
    if not _in_a_terminal():
        model.close()
        print("hokm: error: hokm play needs a terminal: its input and its screen (standard input "
              "and standard error) must not be redirected", file=sys.stderr)
        return EXIT_NO_TERMINAL
    from hokm.play.app import PlayApp

    ascii = args.ascii or not can_write_suits(sys.stderr)
    app = PlayApp(model, delay=args.delay, theme=args.theme, ascii=ascii)
    try:
        app.run()
    finally:
        model.close()
        app.model.close()
    status = app.return_code or 0
    with contextlib.suppress(OSError):  # after SIGHUP the terminal may be gone
        print(_farewell(app.outcome, app.model, app.saved_to, app.save_error),
              file=sys.stdout if status == 0 else sys.stderr)
    return status


def _farewell(outcome: str, model: TableModel, saved_to: str | None, error: str | None) -> str:
    """What the command says when the table closes: what was saved, where, and how to go on."""
    path = model.save_path
    if outcome == "hangup":
        if error is not None:
            return f"hokm: the terminal went away; the match could not be saved to {path}: {error}"
        if saved_to is not None:
            return f"hokm: the terminal went away; the match is saved as it stands in {saved_to}"
        return "hokm: the terminal went away; the match was not saved (--no-save)"
    if outcome == "deleted":
        return f"The match was not kept: {path} is deleted."
    if path is None:
        return "The match was not saved (--no-save)."
    if not path.exists():
        return "Nothing was saved: no move was made."
    if model.is_over:
        return (f"The match is over ({model.where()}) and saved in {path}; "
                f"hokm show {path} --hand N prints hand N.")
    return (f"The match is saved as it stands ({model.where()}) in {path}; "
            f"play on with: hokm play --resume {path}")
