"""``check_pile_rule``: hold a plugin's declared ``PileRule`` to its own ``hokm_trick_capture``.

A plugin that answers ``hokm_pile_rule`` promises that the rule collects exactly as its
``hokm_trick_capture`` would, and the engine then stops asking the hook. This check plays
random hands twice in lockstep, under the ruleset as composed (the rule applied) and under
a copy of the plugin whose ``hokm_pile_rule`` is idle (the hook asked), and fails at the
first step where the two disagree on who collected what.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from hokm._seeding import rng_for
from hokm.discovery import load_variant
from hokm.rules import Ruleset
from hokm.state import HandState
from hokm.testing.invariants import InvariantViolation
from hokm.variant import Variant

__all__ = ["check_pile_rule", "compare_pile_rule"]

_HOOK = "hokm_pile_rule"


def _without_rule(plugin: Variant) -> Variant:
    """A copy of ``plugin`` that lists ``hokm_pile_rule`` among its idle hooks."""
    base = type(plugin)
    idle = frozenset(getattr(plugin, "inactive_hooks", ())) | {_HOOK}
    subclass = type(base.__name__, (base,), {"__slots__": (), "inactive_hooks": property(lambda self: idle)})
    clone = copy.copy(plugin)
    object.__setattr__(clone, "__class__", subclass)
    return clone


def check_pile_rule(variant: str | Variant, *, with_variants: Sequence[str | Variant] = (),
                    options: Mapping[str, Mapping[str, Any]] | None = None, hands: int = 200,
                    seed: int | str = 0) -> int:
    """Play ``hands`` random hands with and without ``variant``'s declared ``PileRule``.

    Args:
        variant: the plugin (or installed variant name) that declares the rule.
        with_variants: other variants to compose with it (listed before it).
        options: options per variant name, as ``Ruleset.compose`` takes them.
        hands: how many random hands to compare.
        seed: makes the hands reproducible.

    Returns:
        The number of tricks compared; 0 when the ruleset uses no declared rule
        (the plugin answers ``None``, or another plugin answers ``hokm_trick_capture``).

    Raises:
        InvariantViolation: (``pile-rule``) the rule and the hook disagree; the message
            names the trick, its winners so far and both answers.

    >>> check_pile_rule("double-sar", hands=20) > 0
    True
    """
    plugin = _instantiate(variant, options)
    others = [_instantiate(name, options) for name in with_variants]
    return compare_pile_rule(Ruleset.compose(*others, plugin, options=_standard_only(options)),
                             hands=hands, seed=seed)


def compare_pile_rule(ruled: Ruleset, *, hands: int = 200, seed: int | str = 0) -> int:
    """``check_pile_rule`` for a composed ruleset (``check_variant`` runs it on each of its own)."""
    engine = ruled._engine
    if engine.pile_rule is None:
        return 0
    variants = ruled.plugins[1:]
    plugins = [cast(Variant, plugin) for _, plugin in variants]
    plugins = [_without_rule(plugin) if name == engine.pile_plugin else plugin
               for (name, _), plugin in zip(variants, plugins, strict=True)]
    given = ruled.options.get("standard")  # the plugins come as objects: only standard's are given
    hooked = Ruleset.compose(*plugins, options={"standard": dict(given)} if given else None)
    rng = rng_for(seed, "check_pile_rule")
    compared = 0
    for _ in range(hands):
        deal_seed = rng.getrandbits(64)
        first, second = ruled.deal(random.Random(deal_seed)), hooked.deal(random.Random(deal_seed))
        while not first.is_over:
            action = rng.choice(first.legal_actions())
            done = len(first.winners)
            first, second = first.apply(action), second.apply(action)
            _compare(first, second, ruled)
            compared += len(first.winners) - done
    return compared


def _compare(ruled: HandState, hooked: HandState, rules: Ruleset) -> None:
    """Raise if the two states disagree on who collected what."""
    facts = (ruled.collectors, ruled.team_tricks, ruled.pile)
    if facts == (hooked.collectors, hooked.team_tricks, hooked.pile):
        return
    number = len(hooked.winners)
    raise InvariantViolation(
        "pile-rule",
        f"after trick {number} (winners {list(hooked.winners)}) the declared PileRule "
        f"{rules._engine.pile_rule!r} gives collectors {list(ruled.collectors)}, but "
        f"hokm_trick_capture gives {list(hooked.collectors)}",
        ruleset=rules.describe())


def _instantiate(variant: str | Variant, options: Mapping[str, Mapping[str, Any]] | None) -> Variant:
    if isinstance(variant, str):
        made: Variant = load_variant(variant)(**(options or {}).get(variant, {}))
        return made
    return variant


def _standard_only(options: Mapping[str, Mapping[str, Any]] | None) -> dict[str, Mapping[str, Any]]:
    return {"standard": options["standard"]} if options and "standard" in options else {}
