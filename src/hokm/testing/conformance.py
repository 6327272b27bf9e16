"""``check_variant``: a framework-free conformance run for one variant (OpenSpiel's ``random_sim_test``).

It plays random matches under the variant alone and composed with each of
its partners (by default the variants bundled with hokm,
``BUNDLED_VARIANTS``), checking every invariant of
``hokm.testing.INVARIANTS`` after every step. A failure is shrunk to the
shortest prefix of the match that still shows it, and raised as an
``InvariantViolation`` naming the invariant, the variants,
the seeds and the actions.

>>> from hokm.testing import check_variant
>>> report = check_variant("clockwise", matches=1, partners=False)
>>> report.rulesets, report.matches
(('standard + clockwise',), 1)
"""

from __future__ import annotations

import random
import time
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import attrs

from hokm import (
    IllegalActionError,
    PluginContractError,
    Ruleset,
    RulesetError,
    Variant,
    VariantOverlapWarning,
    available_variants,
)
from hokm.testing.invariants import (
    DETERMINISTIC,
    HOOK_CONTRACT,
    MATCH_WINNER,
    NO_LEAK,
    InvariantViolation,
    MatchChecker,
    _skip_set,
)

__all__ = ["BUNDLED_VARIANTS", "CheckReport", "check_variant", "compose_quietly"]

BUNDLED_VARIANTS: tuple[str, ...] = (
    "bavney", "be-ranga", "clockwise", "court-piece", "double-sar", "hidden-trump", "obligatory-trump",
    "redeal", "satat", "three-player", "troefcall", "two-player",
)
"""The variants that come with hokm: ``check_variant``'s partners unless you name others.

A stated list rather than whatever is installed, so a test means the same on every machine:
installing another variant does not add partners to it (``partners=True`` asks for that).
"""


def _read_only(value: Mapping[str, str]) -> Mapping[str, str]:
    return MappingProxyType(dict(value))


@attrs.frozen
class CheckReport:
    """What ``check_variant`` played (it raises on the first failure instead of reporting it).

    Attributes:
        variant: the variant checked (its registered name).
        seed: the run's seed.
        rulesets: every ruleset played, as ``standard + ...``.
        skipped: partner name -> why it was not combined (declared conflicts, refusals).
        overlaps: ``VariantOverlapWarning`` messages seen while composing.
        matches: matches played to the end.
        hands: hands played.
        actions: actions applied.
        seconds: wall-clock time of the run.
    """

    variant: str
    seed: int | str
    rulesets: tuple[str, ...]
    skipped: Mapping[str, str] = attrs.field(converter=_read_only, hash=False)
    overlaps: tuple[str, ...]
    matches: int
    hands: int
    actions: int
    seconds: float = attrs.field(eq=False)

    def summary(self) -> str:
        """One paragraph for a terminal or a CI log."""
        lines = [f"{self.variant}: {self.matches} matches, {self.hands} hands, {self.actions} actions "
                 f"under {len(self.rulesets)} rulesets in {self.seconds:.1f}s (seed {self.seed!r})"]
        lines.extend(f"  skipped {name}: {reason}" for name, reason in sorted(self.skipped.items()))
        return "\n".join(lines)


def compose_quietly(variants: Sequence[str | Variant],
                    options: Mapping[str, Mapping[str, Any]] | None = None
                    ) -> tuple[Ruleset, tuple[str, ...]]:
    """``Ruleset.compose(*variants, options=...)``, returning overlap warnings instead of showing them.

    The kit composes many combinations on purpose; two variants answering the
    same hook is reported (``CheckReport.overlaps``), not a reason to stop.
    """
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", VariantOverlapWarning)
        rules = Ruleset.compose(*variants, options=options)
    overlaps = []
    for warning in caught:
        if issubclass(warning.category, VariantOverlapWarning):
            overlaps.append(str(warning.message))
        else:
            warnings.warn_explicit(warning.message, warning.category, warning.filename, warning.lineno)
    return rules, tuple(overlaps)


def _check_args(matches: int, seed: int | str, max_hands: int) -> None:
    if isinstance(matches, bool) or not isinstance(matches, int) or matches < 1:
        raise ValueError(f"matches must be a positive integer, got {matches!r}")
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError(f"seed must be an int or a str, got {seed!r}")
    if isinstance(max_hands, bool) or not isinstance(max_hands, int) or max_hands < 1:
        raise ValueError(f"max_hands must be a positive integer, got {max_hands!r}")


def _rulesets(variant: str | Variant, options: Mapping[str, Any] | None,
              partners: bool | Iterable[str | Variant]) -> tuple[str, list[tuple[Ruleset, str]],
                                                                dict[str, str], list[str]]:
    """Compose the variant alone and with each partner; collect refusals and overlaps."""
    by_name = isinstance(variant, str)
    if options and not by_name:
        raise ValueError("options apply to a variant given by name; set them on the instance instead")
    own_options = {str(variant): dict(options)} if options and by_name else None
    try:
        alone, overlaps = compose_quietly([variant], own_options)
    except PluginContractError as error:
        info = getattr(variant, "info", None)
        label = variant if isinstance(variant, str) else getattr(info, "name", "") or type(variant).__name__
        raise InvariantViolation(HOOK_CONTRACT.name, str(error), ruleset=f"standard + {label}",
                                 note="while composing, before any play") from error
    name = alone.variants[-1]
    rulesets = [(alone, "")]
    seen_overlaps = list(overlaps)
    skipped: dict[str, str] = {}
    if partners is True:
        others: list[str | Variant] = [other for other in available_variants() if other != name]
    elif partners is False:
        others = []
    else:
        others = list(partners)
    for partner in others:
        if partner == name:
            continue  # the variant itself (one of the bundled ones, say) is no partner of its own
        label = partner if isinstance(partner, str) else type(partner).__name__
        try:
            label = compose_quietly([partner])[0].variants[-1]
        except Exception as error:  # a partner that does not load alone is not this variant's fault
            skipped[label] = f"does not compose on its own: {error}"
            continue
        try:
            pair, overlaps = compose_quietly([partner, variant], own_options)
        except PluginContractError as error:
            raise InvariantViolation(HOOK_CONTRACT.name, str(error),
                                     ruleset=f"standard + {label} + {name}") from error
        except RulesetError as error:  # declared conflicts, vetoes
            skipped[label] = str(error)
            continue
        rulesets.append((pair, label))
        seen_overlaps.extend(overlaps)
    return name, rulesets, skipped, seen_overlaps


def _play(checker: MatchChecker, rng: random.Random) -> None:
    while not checker.match.is_over:
        legal = checker.match.legal_actions()
        checker.apply(legal[rng.randrange(len(legal))])


def _shrink(rules: Ruleset, violation: InvariantViolation, *, max_hands: int,
            skip: frozenset[str]) -> InvariantViolation:
    """The shortest prefix of ``violation.history`` that still breaks the same invariant."""
    if violation.invariant == MATCH_WINNER.name or violation.seed is None:
        return violation.evolve(shrunk=violation.invariant != MATCH_WINNER.name)
    history = violation.history
    seed = violation.seed
    leak = violation.invariant == NO_LEAK.name
    again = violation.invariant == DETERMINISTIC.name

    def fails(length: int) -> InvariantViolation | None:
        try:
            checker = MatchChecker(rules.new_match(seed=seed), max_hands=max_hands, skip=skip,
                                   leak_swaps=0, leak_swap=violation.swap if leak else None,
                                   determinism=again)
            for action in history[:length]:
                checker.apply(action)
            checker.finish()
        except InvariantViolation as found:
            return found if found.invariant == violation.invariant else None
        except (IllegalActionError, RulesetError):
            return None
        return None

    best = fails(len(history))
    if best is None:  # not reproducible by replay (a hook with outside randomness): keep it as found
        return violation
    low, high = 0, len(history)
    while low < high:
        middle = (low + high) // 2
        found = fails(middle)
        if found is not None:
            best, high = found, middle
        else:
            low = middle + 1
    return best.evolve(shrunk=True)


def check_variant(variant: str | Variant, *, matches: int = 2, seed: int | str = 0,
                  partners: bool | Iterable[str | Variant] = BUNDLED_VARIANTS,
                  options: Mapping[str, Any] | None = None, max_hands: int = 1000,
                  skip: Iterable[str] = (),
                  progress: Callable[[int, int], None] | None = None) -> CheckReport:
    """Play random matches under ``variant`` alone and with each compatible partner; check everything.

    Every action is chosen at random among the legal ones (seeded), and every invariant of
    ``INVARIANTS`` is checked after every step. Partners that cannot be combined with the variant
    (declared conflicts, vetoes) are skipped and listed in the report.

    Args:
        variant: an installed variant's name, or a plugin instance (not installed).
        matches: matches to play under each ruleset.
        seed: the run's seed; the same seed plays the same matches.
        partners: the names (or plugin instances) to combine with, by default the
            variants bundled with hokm (``BUNDLED_VARIANTS``: the same partners
            wherever the test runs, whatever else is installed); ``True``: every
            installed variant; ``False``: the variant alone. The variant itself is
            never its own partner.
        options: the variant's options when it is given by name (``{"overtrump": True}``).
        max_hands: a match that has no winner after this many hands fails ``match-winner``.
        skip: names of invariants not to check (a house rule that deliberately breaks one).
        progress: called as ``progress(matches_done, matches_total)`` after every match.

    Returns:
        What was played.

    Raises:
        InvariantViolation: the first failure, shrunk to the shortest failing history;
            the message names the invariant, the ruleset, the seeds and the actions.
        RulesetError: the variant cannot be composed on its own.
    """
    _check_args(matches, seed, max_hands)
    skipped_invariants = _skip_set(skip)
    started = time.perf_counter()
    name, rulesets, skipped, overlaps = _rulesets(variant, options, partners)
    total = len(rulesets) * matches
    done = hands = actions = 0
    for rules, partner in rulesets:
        for number in range(matches):
            match_seed = f"{seed}:{rules.describe()}:{number}"
            rng = random.Random(f"{match_seed}:policy")
            note = f"check_variant({name!r}, seed={seed!r})" + (f", combined with {partner!r}" if partner
                                                                 else ", alone")
            try:
                checker = MatchChecker(rules.new_match(seed=match_seed), max_hands=max_hands,
                                       skip=skipped_invariants)
                _play(checker, rng)
            except InvariantViolation as violation:
                shrunk = _shrink(rules, violation, max_hands=max_hands, skip=skipped_invariants)
                raise shrunk.evolve(note=note) from violation.__cause__
            done += 1
            hands += len(checker.match.results)
            actions += len(checker.history)
            if progress is not None:
                progress(done, total)
    return CheckReport(variant=name, seed=seed, rulesets=tuple(r.describe() for r, _ in rulesets),
                       skipped=skipped, overlaps=tuple(overlaps), matches=done, hands=hands,
                       actions=actions, seconds=time.perf_counter() - started)
