"""The OpenSpiel game's parameters: strings that fit in a game string, read into a ``Ruleset``.

OpenSpiel game strings split parameters at commas and a parameter from its value at the last
``=``, so neither can appear in a value: variants are joined with ``+`` and options are
``variant.key:value`` items joined with ``;``. Nothing here imports OpenSpiel.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from typing import Any

from hokm.errors import InvalidArgumentError, InvalidOptionError, _shown
from hokm.rules import Ruleset

__all__ = ["chance_steps", "format_options", "max_points", "parse_options", "parse_variants", "ruleset_of"]

_MAX_LENGTH = 4000
"""The longest ``variants`` or ``options`` string read; real ones are short."""


def parse_variants(text: str) -> tuple[str, ...]:
    """``"satat+obligatory-trump"`` -> ``("satat", "obligatory-trump")``; ``""`` is standard Hokm."""
    if not isinstance(text, str):
        raise InvalidArgumentError(f"variants must be a str such as 'satat+obligatory-trump', "
                                   f"got {_shown(text)}")
    if len(text) > _MAX_LENGTH:
        raise InvalidArgumentError(f"variants is {len(text):,} characters long; "
                                   f"at most {_MAX_LENGTH:,} are read")
    names = [name.strip() for name in text.split("+")]
    if names == [""]:
        return ()
    if "" in names:
        raise InvalidArgumentError(f"variants={text!r} has an empty name: join names with '+', "
                                   "e.g. 'satat+obligatory-trump'")
    return tuple(names)


def _value(text: str) -> Any:
    """A Python literal (``3``, ``True``, ``(5, 4, 4)``), or the text itself (``random``, ``2♣``)."""
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return text


def parse_options(text: str) -> dict[str, dict[str, Any]]:
    """``"standard.kot_points:3;court-piece.scoring:points"`` -> ``{variant: {key: value}}``.

    >>> parse_options("standard.kot_points:3;court-piece.scoring:points")
    {'standard': {'kot_points': 3}, 'court-piece': {'scoring': 'points'}}
    """
    if not isinstance(text, str):
        raise InvalidOptionError(f"options must be a str such as 'standard.kot_points:3', got {_shown(text)}")
    if len(text) > _MAX_LENGTH:
        raise InvalidOptionError(f"options is {len(text):,} characters long; "
                                 f"at most {_MAX_LENGTH:,} are read")
    options: dict[str, dict[str, Any]] = {}
    for item in filter(None, (part.strip() for part in text.split(";"))):
        name, dot, rest = item.partition(".")
        key, colon, value = rest.partition(":")
        if not (dot and colon and name and key):
            raise InvalidOptionError(f"bad option {item!r}: expected VARIANT.KEY:VALUE items joined "
                                     "with ';', e.g. 'standard.kot_points:3;standard.target:10'")
        options.setdefault(name.strip(), {})[key.strip()] = _value(value.strip())
    return options


def format_options(options: Mapping[str, Mapping[str, Any]]) -> str:
    """The ``options`` string of ``{variant: {key: value}}`` (the inverse of ``parse_options``).

    >>> format_options({"standard": {"kot_points": 3, "first_hakem": "random"}})
    'standard.kot_points:3;standard.first_hakem:random'
    """
    items = []
    for name, values in options.items():
        for key, value in values.items():
            shown = value if isinstance(value, str) else repr(value)
            items.append(f"{name}.{key}:{shown}")
    return ";".join(items)


def ruleset_of(variants: str, options: str) -> Ruleset:
    """The ruleset the two parameters name (errors are hokm's own: unknown variant, bad option)."""
    return Ruleset.compose(*parse_variants(variants), options=parse_options(options))


def max_points(ruleset: Ruleset) -> int:
    """An upper bound on the points one hand can score under ``ruleset``.

    Scoring rules answer a hook, so the bound is read from the options that name points or
    values (``kot_points``, ``baunie_points``, ``goon_court_value``, ...) and the largest
    fixed scores of the bundled variants (Court Piece's 52-court is worth 52 courts).
    """
    best = 3
    for values in ruleset.option_values.values():
        for key, value in values.items():
            if (isinstance(value, int) and not isinstance(value, bool)
                    and ("points" in key or "value" in key)):
                best = max(best, value)
    if "court-piece" in ruleset.variants:
        best = max(best, 52)
    return best


def chance_steps(ruleset: Ruleset, hakem: int) -> int:
    """Deck positions whose card matters: the whole deck, less the cards a deal leaves out unseen.

    Two-player ``dead-half`` deals 26 of the 52 cards and never shows the rest: dealing them
    one by one would only multiply the chance tree by orders nobody can tell apart, so the
    OpenSpiel game deals the cards that matter and leaves the rest, in deck order, at the end.
    """
    deck = list(ruleset.deck)
    return len(deck) - len(ruleset.deal(deck, hakem=hakem).undealt)
