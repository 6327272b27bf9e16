"""Hypothesis strategies for hokm: cards, deals, rulesets, states reached by legal play.

Requires ``hokm[testing]``. Every argument is keyword-only; a bad argument
raises ``hypothesis.errors.InvalidArgument`` when the strategy is created.
States are always reached by legal play from a shuffled deal, so they are
states a real game can reach; their actions are drawn from the sorted legal
actions, so Hypothesis shrinks towards the first legal action at every step.

``hokm`` registers ``cards``, ``rulesets``, ``hand_states`` and
``match_states`` with Hypothesis through its entry point, so
``st.from_type(hokm.Card)`` (and ``Ruleset``, ``HandState``, ``MatchState``)
works without importing this module. The registration is lazy: ``import
hypothesis`` does not import hokm, and this module is imported only when one of
those types is first drawn.

>>> from hypothesis import given
>>> import hokm
>>> from hokm.testing import strategies as hst
>>> @given(hand=hst.hand_states(ruleset=hokm.Ruleset.compose("clockwise"), max_actions=8))
... def test_to_act(hand):
...     assert hand.to_act is not None or hand.is_over
>>> test_to_act()
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeAlias

import attrs
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from hokm import (
    Action,
    Card,
    HandObservation,
    HandState,
    MatchState,
    Ruleset,
    RulesetError,
    Variant,
    available_variants,
    full_deck,
)
from hokm.testing.conformance import BUNDLED_VARIANTS, compose_quietly
from hokm.testing.invariants import sorted_actions

__all__ = [
    "Playout",
    "action_sequences",
    "cards",
    "deals",
    "decks",
    "hand_states",
    "hands",
    "match_states",
    "observations",
    "rulesets",
    "seeds",
]

RulesetArg: TypeAlias = "Ruleset | st.SearchStrategy[Ruleset] | None"


@attrs.frozen
class Playout:
    """A start state and the legal actions played from it.

    Attributes:
        start: a new match (``level="match"``) or a hand at its trump call (``level="hand"``).
        actions: the actions, in order; each was legal when it was played.
        end: the state they lead to.
    """

    start: MatchState | HandState
    actions: tuple[Action, ...]
    end: MatchState | HandState = attrs.field(repr=False)


# Argument checks ---------------------------------------------------------------------


def _count(name: str, value: object, *, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise InvalidArgument(f"{name}={value!r} must be an integer >= {minimum}")
    return value


def _range(min_actions: object, max_actions: object) -> tuple[int, int]:
    low = _count("min_actions", min_actions)
    high = _count("max_actions", max_actions)
    if low > high:
        raise InvalidArgument(f"min_actions={low} is more than max_actions={high}")
    return low, high


def _ruleset_strategy(ruleset: object) -> st.SearchStrategy[Ruleset]:
    if ruleset is None:
        return st.deferred(lambda: st.just(Ruleset.compose()))
    if isinstance(ruleset, Ruleset):
        return st.just(ruleset)
    if isinstance(ruleset, st.SearchStrategy):
        return ruleset
    raise InvalidArgument(f"ruleset={ruleset!r} must be a hokm.Ruleset, a strategy of them, or None")


def _deck_of(ruleset: object) -> tuple[Card, ...]:
    if ruleset is None:
        return full_deck()
    if isinstance(ruleset, Ruleset):
        return ruleset.deck
    raise InvalidArgument(f"ruleset={ruleset!r} must be a hokm.Ruleset or None")


# Values ----------------------------------------------------------------------------------


def cards(*, ruleset: Ruleset | None = None) -> st.SearchStrategy[Card]:
    """Cards of ``ruleset``'s deck (default: the 52-card pack). Requires hokm[testing].

    Shrinks towards the first card of the deck (2♠).
    """
    return st.sampled_from(_deck_of(ruleset))


def decks(*, ruleset: Ruleset | None = None) -> st.SearchStrategy[tuple[Card, ...]]:
    """Shuffled orders of ``ruleset``'s deck, ready for ``ruleset.deal``. Requires hokm[testing]."""
    return st.permutations(_deck_of(ruleset)).map(tuple)


def hands(*, size: int = 13, ruleset: Ruleset | None = None) -> st.SearchStrategy[frozenset[Card]]:
    """Sets of ``size`` distinct cards from ``ruleset``'s deck. Requires hokm[testing]."""
    deck = _deck_of(ruleset)
    size = _count("size", size)
    if size > len(deck):
        raise InvalidArgument(f"size={size} is more than the {len(deck)} cards of the deck")
    return st.lists(st.sampled_from(deck), min_size=size, max_size=size, unique=True).map(frozenset)


def seeds() -> st.SearchStrategy[int | str]:
    """Match seeds: non-negative integers and short strings. Requires hokm[testing]."""
    return st.one_of(st.integers(0, 2**32 - 1), st.text(max_size=8))


# Rulesets ------------------------------------------------------------------------------


_COMBINATIONS: dict[Any, tuple[tuple[str, ...], ...]] = {}


def _names_of(values: object, argument: str) -> tuple[str, ...]:
    if isinstance(values, str) or not isinstance(values, Iterable):
        raise InvalidArgument(f"{argument}={values!r} must be a collection of variant names")
    names = tuple(values)
    for name in names:
        if not isinstance(name, str):
            raise InvalidArgument(f"{argument} holds {name!r}, which is not a variant name")
    return names


def rulesets(*, variants: Sequence[str | Variant] = (), include: Iterable[str] | None = None,
             exclude: Iterable[str] = (), max_extra: int = 2,
             options: Mapping[str, Mapping[str, Any]] | None = None) -> st.SearchStrategy[Ruleset]:
    """Rulesets composed from installed variants that can run together. Requires hokm[testing].

    Every ruleset holds ``variants`` (names or plugin instances, first) plus up
    to ``max_extra`` other variants; combinations that refuse to compose
    (declared conflicts, vetoes) are never drawn. Shrinks towards the fewest
    extra variants. Overlap warnings are silenced: the combinations are
    deliberate.

    Args:
        variants: always included, in this order.
        include: the installed variants that may be added (default: the bundled
            ones, ``BUNDLED_VARIANTS``, so a test draws the same rulesets whatever
            else is installed).
        exclude: installed variants never added.
        max_extra: at most this many added variants.
        options: per-variant options, as for ``Ruleset.compose`` (only those of
            selected variants are passed on).
    """
    if isinstance(variants, str) or not isinstance(variants, Sequence):
        raise InvalidArgument(f"variants={variants!r} must be a sequence of names or plugins")
    base = tuple(variants)
    installed = available_variants()
    for name in base:
        if isinstance(name, str) and name not in installed:
            raise InvalidArgument(f"variants holds {name!r}, which is not installed")
    default = tuple(name for name in BUNDLED_VARIANTS if name in installed)
    pool = _names_of(default if include is None else include, "include")
    for name in pool:
        if name not in installed:
            raise InvalidArgument(f"include holds {name!r}, which is not installed")
    excluded = set(_names_of(exclude, "exclude"))
    max_extra = _count("max_extra", max_extra)
    if options is not None and not isinstance(options, Mapping):
        raise InvalidArgument(f"options={options!r} must be a mapping of variant name to options")
    chosen = {name for name in base if isinstance(name, str)}
    candidates = tuple(sorted(set(pool) - excluded - chosen))
    frozen_options = {name: dict(values) for name, values in (options or {}).items()}
    try:
        first, _ = compose_quietly(base, _options_for(frozen_options, base))
    except RulesetError as error:
        raise InvalidArgument(f"variants={base!r} do not compose: {error}") from error
    taken = set(first.variants)

    # Combinations are composed once: per process for installed names, per strategy for instances.
    cache = _COMBINATIONS if all(isinstance(v, str) for v in base) else {}
    key = (base if cache is _COMBINATIONS else (), candidates, max_extra,
           repr(sorted(frozen_options.items())))

    def combinations() -> tuple[tuple[str, ...], ...]:
        found = cache.get(key)
        if found is None:
            ok = []
            for size in range(max_extra + 1):
                for extra in itertools.combinations(candidates, size):
                    if taken & set(extra):
                        continue
                    try:
                        compose_quietly((*base, *extra), _options_for(frozen_options, (*base, *extra)))
                    except RulesetError:
                        continue
                    ok.append(extra)
            found = cache[key] = tuple(ok)
        return found

    def build(extra: tuple[str, ...]) -> Ruleset:
        selected = (*base, *extra)
        return compose_quietly(selected, _options_for(frozen_options, selected))[0]

    return st.deferred(lambda: st.sampled_from(combinations()).map(build))


def _options_for(options: Mapping[str, Mapping[str, Any]],
                 selected: Sequence[str | Variant]) -> dict[str, Mapping[str, Any]]:
    names = {name for name in selected if isinstance(name, str)} | {"standard"}
    return {name: values for name, values in options.items() if name in names}


# States reached by play ---------------------------------------------------------------


def _play(draw: st.DrawFn, state: Any, count: int) -> tuple[Any, tuple[Action, ...]]:
    taken: list[Action] = []
    for _ in range(count):
        legal = state.legal_actions()
        if not legal:
            break
        action = draw(st.sampled_from(sorted_actions(legal)))
        taken.append(action)
        state = state.apply(action)
    return state, tuple(taken)


@st.composite
def _playouts(draw: st.DrawFn, rules: st.SearchStrategy[Ruleset], low: int, high: int,
              level: str) -> Playout:
    ruleset = draw(rules)
    deck = draw(st.permutations(ruleset.deck))
    start: MatchState | HandState
    if level == "match":
        start = ruleset.new_match(seed=draw(seeds()), deck=deck)
    else:
        start = ruleset.deal(deck, hakem=draw(st.integers(0, ruleset.players - 1)))
    end, actions = _play(draw, start, draw(st.integers(low, high)))
    return Playout(start, actions, end)


def action_sequences(*, ruleset: RulesetArg = None, min_actions: int = 0, max_actions: int = 60,
                     level: str = "hand") -> st.SearchStrategy[Playout]:
    """A start and the legal actions played from it, as a ``Playout``. Requires hokm[testing].

    Args:
        ruleset: a ruleset or a strategy of them (default: standard Hokm).
        min_actions: at least this many actions, unless the game ends first.
        max_actions: at most this many actions.
        level: ``"hand"`` (a dealt hand, random Hakem) or ``"match"`` (a seeded match).
    """
    if level not in ("hand", "match"):
        raise InvalidArgument(f"level={level!r} must be 'hand' or 'match'")
    low, high = _range(min_actions, max_actions)
    return _playouts(_ruleset_strategy(ruleset), low, high, level)


def deals(*, ruleset: RulesetArg = None, hakem: int | None = None) -> st.SearchStrategy[HandState]:
    """Hands dealt from a shuffled deck, at the trump call. Requires hokm[testing].

    Args:
        ruleset: a ruleset or a strategy of them (default: standard Hokm).
        hakem: the Hakem's seat (default: any seat).
    """
    if hakem is not None:
        _count("hakem", hakem)
    rules = _ruleset_strategy(ruleset)

    @st.composite
    def dealt(draw: st.DrawFn) -> HandState:
        chosen = draw(rules)
        if hakem is not None and hakem >= chosen.players:
            raise InvalidArgument(f"hakem={hakem} is not a seat of a {chosen.players}-player table")
        seat = hakem if hakem is not None else draw(st.integers(0, chosen.players - 1))
        return chosen.deal(draw(st.permutations(chosen.deck)), hakem=seat)

    return dealt()


def hand_states(*, ruleset: RulesetArg = None, min_actions: int = 0,
                max_actions: int = 60) -> st.SearchStrategy[HandState]:
    """Hand states reached by legal play from a shuffled deal. Requires hokm[testing].

    The actions include the trump call, stock draws and decisions, so 60 is
    about a full 13-trick hand.
    """
    return action_sequences(ruleset=ruleset, min_actions=min_actions, max_actions=max_actions,
                            level="hand").map(_end_hand)


def match_states(*, ruleset: RulesetArg = None, min_actions: int = 0,
                 max_actions: int = 120) -> st.SearchStrategy[MatchState]:
    """Match states reached by legal play from a seeded match. Requires hokm[testing]."""
    return action_sequences(ruleset=ruleset, min_actions=min_actions, max_actions=max_actions,
                            level="match").map(_end_match)


def observations(*, ruleset: RulesetArg = None, max_actions: int = 60) -> st.SearchStrategy[HandObservation]:
    """One seat's observation of a hand state reached by legal play. Requires hokm[testing]."""
    states = hand_states(ruleset=ruleset, max_actions=max_actions)

    @st.composite
    def observed(draw: st.DrawFn) -> HandObservation:
        state = draw(states)
        return state.observation(draw(st.integers(0, state.ruleset.players - 1)))

    return observed()


def _end_hand(playout: Playout) -> HandState:
    assert isinstance(playout.end, HandState)
    return playout.end


def _end_match(playout: Playout) -> MatchState:
    assert isinstance(playout.end, MatchState)
    return playout.end
