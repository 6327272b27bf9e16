"""The decisions of RULES 1.5.1 other than playing a card, as the composed ruleset answers them.

The trump call's choices (``hokm_trump_call``, ``hokm_call_alternatives``), the
announcements of a turn (``hokm_turn_options``), what an action does
(``hokm_decision_effect``) and what happens by itself (``hokm_forced_effect``). Each
hook is asked as its implementations' signatures say: an argless one once, one taking
a card, the trump, a seat's role, the trick or an action as a table, one taking the
hand at its moment (inside its window, for the per-turn hooks).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from math import floor
from typing import TYPE_CHECKING, Any

from hokm._compose.card_sets import CARDS
from hokm._compose.cards import TRUMPS
from hokm._compose.hooks import Impl, contract_error, optional_result, reraise
from hokm._compose.masks import display_order, nth_displayed
from hokm._compose.tabulate import tabulate
from hokm._compose.windows import Gate, gate_of, live_rows
from hokm.actions import CORE_ACTIONS, Action
from hokm.decisions import Effect, TrumpRule
from hokm.windows import TurnWindow

if TYPE_CHECKING:
    from hokm.context import HandView

__all__ = ["NEEDS_HAND", "Decisions"]

NEEDS_HAND = Effect()
"""``Decisions.data_effect``'s answer where an implementation that reads the hand must be asked."""
# The turn kinds of the announcement table: lead or follow (able to follow, or void), other seat or Hakem.
LEAD, FOLLOW, VOID = 0, 2, 4


class Decisions:
    """The call, the announcements, the effects and the forced consequences of a ruleset."""

    __slots__ = (
        "_call_constant",
        "_card_actions",
        "_checked_answers",
        "_effect_alone",
        "_effect_chains",
        "_effect_memo",
        "_effects_of",
        "_last_call",
        "_one_each",
        "alternatives",
        "call_cards",
        "call_steps",
        "classic_call",
        "classic_play",
        "effect_chain",
        "fixes_trump",
        "forced_at_call",
        "forced_at_end",
        "forced_chain",
        "forced_gate",
        "forced_live",
        "offer_rows",
        "scopes",
        "trump_rule",
        "turn_any",
        "turn_asked",
        "turn_chain",
        "turn_gate",
        "turn_live",
    )

    def __init__(self, chains: Mapping[str, tuple[Impl, ...]], scopes: Mapping[str, tuple[type, ...]],
                 hand_size: int) -> None:
        rule, impl = optional_result(chains["hokm_trump_rule"])
        if rule is None:
            rule = TrumpRule.CALLED
        elif not isinstance(rule, TrumpRule):
            raise contract_error(impl, "hokm_trump_rule", f"returned {rule!r}, not a TrumpRule")
        self.trump_rule: TrumpRule = rule
        self.fixes_trump = rule is not TrumpRule.CALLED
        self._checked_answers: dict[tuple[int, ...], tuple[object, ...]] = {}
        self._last_call: tuple[object, tuple[Action, ...]] = (None, ())
        self._call_setup(chains["hokm_trump_call"], chains["hokm_call_alternatives"])
        self._turn_setup(chains["hokm_turn_options"], hand_size)
        self.scopes = scopes
        """Per plugin that declares its actions (``hokm_action_space``): their classes."""
        self.effect_chain = chains["hokm_decision_effect"]
        self._effect_chains: dict[type, tuple[Impl, ...]] = {}
        self._effect_memo: dict[tuple[Any, ...], object] = {}
        self._effect_alone: dict[type, bool] = {}
        """By action class: whether its effect chain reads the action alone (no hand, seat or trump)."""
        self._effects_of: dict[int, tuple[Action, Effect | None, Impl | None]] = {}
        """By the action object's id: its effect and who gave it, where the chain reads the action alone
        (the offered actions are a plugin's constants: this skips hashing them at every decision)."""
        self.forced_chain = chains["hokm_forced_effect"]
        self.forced_gate: Gate | None = gate_of(self.forced_chain, hand_size)
        self.forced_live = live_rows(self.forced_chain, self.forced_gate, hand_size)
        """Per trump state, by tricks done: whether a forced effect may happen in the trick."""
        self.forced_at_call = any(not isinstance(impl.window, TurnWindow) or impl.window.at_call
                                  for impl in self.forced_chain)
        self.forced_at_end = any(not isinstance(impl.window, TurnWindow) or not impl.window.until_trump
                                 for impl in self.forced_chain)
        # The classic parts of a hand, run without hokm._hand.moments: a call among the four suits with
        # nothing forced, and card play with no announcement, nothing forced, no trump fixed on the way.
        self.classic_call = not (self.fixes_trump or self.alternatives or self.forced_chain
                                 or not all(impl.standard for impl in chains["hokm_trump_call"]))
        self.classic_play = not (self.fixes_trump or self.turn_chain or self.forced_chain or any(
            offers for row in self.offer_rows for kinds in row for offers in kinds))

    # The trump call (M1) ---------------------------------------------------------------

    def _call_setup(self, chain: tuple[Impl, ...], alternatives: tuple[Impl, ...]) -> None:
        """The call's answering steps, in chain order: tables by card, constants, hooks reading the hand."""
        steps: list[tuple[str, Any, Impl]] = []
        self._card_actions: frozenset[Action] = frozenset()
        for position, impl in enumerate(chain):
            if impl.takes_hand:
                steps.append(("hand", chain[position:], impl))
                break
            if "card" in impl.argnames:
                table = tabulate(impl, {"card": CARDS})
                answers = tuple(None if (answer := table.answers[(card,)]) is None
                                else self._actions(answer, impl, impl.hook) for card in CARDS)
                if any(answer is not None for answer in answers):
                    every = [action for answer in answers if answer is not None for action in answer]
                    _distinct(tuple(every), impl)  # so a call's choices by card are distinct
                    self._card_actions |= frozenset(every)
                    steps.append(("cards", answers, impl))
                continue
            answer = _asked_once(impl, None, None)
            if answer is not None:
                constant = self._actions(answer, impl, impl.hook)
                if not constant:
                    raise contract_error(impl, impl.hook, "returned no choice: a constant trump call must "
                                         "offer at least one (None: no opinion)")
                steps.append(("constant", _distinct(constant, impl), impl))
                break
        self.call_steps: tuple[tuple[str, Any, Impl], ...] = tuple(steps)
        """The trump call's steps: ``("cards", choices by card index, impl)``, ``("constant", choices,
        impl)`` or ``("hand", the implementations left, impl)``; the first that answers decides."""
        self.call_cards: tuple[tuple[Action, ...] | None, ...] | None = (
            steps[0][1] if steps and steps[0][0] == "cards" else None)
        """The first step's choices by card, when it is a table by card (the kernel's pick reads it)."""
        self._call_constant: tuple[tuple[Action, ...], Impl] | None = (
            (steps[0][1], steps[0][2]) if steps and steps[0][0] == "constant" else None)
        """The first step's choices and who gave them, when they are a constant (the kernel's pick)."""
        self._one_each = self.call_cards is not None and all(
            answer is not None and len(answer) == 1 for answer in self.call_cards)
        constants = [None if impl.takes_hand else _asked_once(impl, None) for impl in alternatives]
        self.alternatives: tuple[tuple[Impl, tuple[Action, ...] | None], ...] = tuple(
            (impl, None if impl.takes_hand else self._actions(constant, impl, impl.hook))
            for impl, constant in zip(alternatives, constants, strict=True)
            if impl.takes_hand or constant is not None)
        """Each alternative: its implementation, and its constant choices (``None``: it reads the hand,
        and is asked at every call)."""

    def call_options(self, hand: HandView, first_cards: int) -> tuple[Action, ...]:
        """The caller's choices at the trump call: the ways to make trump, then the alternatives.

        ``first_cards``: the caller's first packet, as a mask. Remembered for the last state asked:
        a state at the call is asked when it begins (a lone choice), by ``legal_actions`` and again by
        ``apply``'s legality check, and its position cannot change.
        """
        last = self._last_call
        if last[0] is hand:
            return last[1]
        given: list[object] = []
        sources: list[Impl | None] = []
        options = self._calls(hand, first_cards, given, sources)
        extra = self._alternatives(hand, given, sources)
        if extra:
            options += extra
            if given[0] is None:  # the cards' choices are distinct
                self._check_alternatives(given[1:], sources[1:])
            else:
                self._distinct_once(given, sources, options)
        self._last_call = (hand, options)
        return options

    def _alternatives(self, hand: HandView, given: list[object],
                      sources: list[Impl | None]) -> tuple[Action, ...]:
        """The alternatives at this call, each answer appended to ``given`` as it came (and who gave
        it to ``sources``)."""
        extra: tuple[Action, ...] = ()
        for impl, constant in self.alternatives:
            if constant is None:  # it reads the hand: asked now (at every call)
                try:
                    answer = impl.call(hand)
                except Exception as error:
                    reraise(impl, error)
                if answer is None:
                    continue
                more = self._actions(answer, impl, impl.hook)
            else:
                more = constant
            if more:
                extra += more
                given.append(more)
                sources.append(impl)
        return extra

    def _check_alternatives(self, given: list[object], sources: list[Impl | None]) -> None:
        """Refuse an alternative offered twice or also given by a card (checked once per set of
        answer objects: plugins keep their tuples as constants)."""
        key = tuple(map(id, given))
        known = self._checked_answers.get(key)
        if known is not None and all(map(operator.is_, known, given)):
            return
        _repeat(given, sources, self._card_actions)
        if all(answer.__class__ is tuple for answer in given) and len(self._checked_answers) < 256:
            self._checked_answers[key] = tuple(given)  # kept alive, so the ids stay theirs

    def _calls(self, hand: HandView, first_cards: int, given: list[object],
               sources: list[Impl | None]) -> tuple[Action, ...]:
        """The ways to make trump: the first step that answers (``given`` gets its answer, ``None``
        for choices by card, which are distinct by construction; ``sources`` who gave it)."""
        for kind, payload, impl in self.call_steps:
            if kind == "cards":
                options: tuple[Action, ...] = ()
                for index in display_order(first_cards):
                    answer = payload[index]
                    if answer is not None:
                        options += answer
                if options:
                    given.append(None)
                    sources.append(impl)
                    return options
            elif kind == "constant":
                given.append(payload)
                sources.append(impl)
                return payload  # type: ignore[no-any-return]
            else:
                answer, answered_by = optional_result(payload, hand, None)
                if answer is not None and answered_by is not None:
                    options = self._actions(answer, answered_by, "hokm_trump_call")
                    given.append(options)
                    sources.append(answered_by)
                    return options
        raise contract_error(None, "hokm_trump_call", "no plugin offered a choice at the trump call")

    def copied_at_call(self, original: HandView, copy: HandView) -> None:
        """``copy`` was just made from ``original``: the same position, so the choices remembered
        for ``original`` are the copy's too."""
        last = self._last_call
        if last[0] is original:
            self._last_call = (copy, last[1])

    def call_may_be_lone(self, first_cards: int) -> bool:
        """Whether the calls alone (no alternatives) may be one choice: not where they come from a
        table by card giving one choice for each of several cards, counted without building them."""
        cards = self.call_cards
        return (cards is None or first_cards.bit_count() <= 1
                or not (self._one_each or _one_each(cards, first_cards)))

    def call_choice(self, hand: HandView, first_cards: int, rand: Callable[[], float]) -> Action:
        """``call_options(hand)[floor(rand() * len(options))]``, the kernel's pick at the call, without
        building the choices by card where each card of the first packet gives exactly one, nor
        joining constant calls to the alternatives (asked once a hand in a playout: not remembered)."""
        cards = self.call_cards
        if cards is None:
            if self._call_constant is None:
                options = self.call_options(hand, first_cards)
                return options[floor(rand() * len(options))]
            calls, impl = self._call_constant
            given: list[object] = [calls]
            sources: list[Impl | None] = [impl]
            extra = self._alternatives(hand, given, sources)
            if extra:
                self._distinct_once(given, sources, calls + extra)
            pick = floor(rand() * (len(calls) + len(extra)))
            return calls[pick] if pick < len(calls) else extra[pick - len(calls)]
        if not first_cards or not (self._one_each or _one_each(cards, first_cards)):
            options = self.call_options(hand, first_cards)
            return options[floor(rand() * len(options))]
        given = []
        sources = []
        extra = self._alternatives(hand, given, sources)
        if given:
            self._check_alternatives(given, sources)
        count = first_cards.bit_count()
        pick = floor(rand() * (count + len(extra)))
        if pick >= count:
            return extra[pick - count]
        answer = cards[nth_displayed(first_cards, pick)]
        assert answer is not None
        return answer[0]

    def _distinct_once(self, given: list[object], sources: list[Impl | None],
                       options: tuple[Action, ...]) -> None:
        """Refuse a choice offered twice, skipped when the same answer objects (tuples a plugin keeps,
        as most do) were checked before: hashing attrs actions is most of a trump call's cost."""
        key = tuple(map(id, given))
        known = self._checked_answers.get(key)
        if known is not None and all(map(operator.is_, known, given)):
            return
        if len(set(options)) != len(options):
            _repeat(given, sources, frozenset())
        if all(answer.__class__ is tuple for answer in given) and len(self._checked_answers) < 256:
            self._checked_answers[key] = tuple(given)  # kept alive, so the ids stay theirs

    # Announcements of a turn (M3) ---------------------------------------------------------

    def _turn_setup(self, chain: tuple[Impl, ...], hand_size: int) -> None:
        tabulated = [impl for impl in chain if not impl.takes_hand]
        self.turn_chain: tuple[Impl, ...] = tuple(impl for impl in chain if impl.takes_hand)
        self.turn_gate: Gate | None = gate_of(self.turn_chain, hand_size)
        self.turn_live = live_rows(self.turn_chain, self.turn_gate, hand_size)
        domains = {"lead": (True, False), "hakem": (False, True), "void": (False, True), "trump": TRUMPS,
                   "number": range(1, hand_size + 1)}
        tables = [tabulate(impl, domains) for impl in tabulated]
        rows = []
        for trump in TRUMPS:
            row = []
            for number in range(1, hand_size + 1):
                kinds = []
                for lead, void in ((True, False), (False, False), (False, True)):
                    for hakem in (False, True):
                        values = {"lead": lead, "hakem": hakem, "void": void, "trump": trump,
                                  "number": number}
                        offers: tuple[Action, ...] = ()
                        if not (lead or void):  # a seat that can follow is offered nothing
                            kinds.append(offers)
                            continue
                        for table in tables:
                            answer = table.answer(values)
                            if answer is not None:
                                offers += self._announcements(answer, table.impl)
                        kinds.append(_distinct(offers, tables[-1].impl if tables else None))
                row.append(tuple(kinds))
            rows.append(tuple(row))
        self.offer_rows: tuple[tuple[tuple[tuple[Action, ...], ...], ...], ...] = tuple(rows)
        """Per trump index, by tricks done, per turn kind (``LEAD``/``FOLLOW``/``VOID`` + 1 for the
        Hakem): the tabulated announcements offered."""
        self.turn_asked: tuple[tuple[bool, ...], ...] = tuple(
            (*(any(rows[trump][done]) or self.turn_live[trump < 4][done] for done in range(hand_size)), False)
            for trump in range(len(TRUMPS)))
        """Per trump index, by tricks done: whether an announcement may be offered in the trick."""
        self.turn_any: tuple[bool, ...] = tuple(map(any, self.turn_asked))
        """Per trump index: whether an announcement may be offered at all."""

    def offered(self, trump: int, done: int, lead: bool, hakem: bool, void: bool) -> tuple[Action, ...]:
        """The tabulated announcements on a turn (table ``trump``, ``done`` tricks done)."""
        kind = LEAD if lead else VOID if void else FOLLOW
        return self.offer_rows[trump][done][kind + hakem]

    def turn_options(self, hand: HandView, trump: int, done: int, lead: bool, hakem: bool,
                     void: bool) -> tuple[Action, ...]:
        """The announcements the seat to act may make before its card: the table's, then the
        answers of the implementations that read the hand (the caller checked their gate). A seat
        that can follow suit is offered nothing."""
        if not (lead or void):
            return ()
        options = self.offer_rows[trump][done][(LEAD if lead else VOID if void else FOLLOW) + hakem]
        for impl in self.turn_chain:
            try:
                more = impl.call(hand, lead, hakem, void, TRUMPS[trump], done + 1)
            except Exception as error:
                reraise(impl, error)
            if more is not None:
                options += self._announcements(more, impl)
                options = _distinct(options, impl)
        return options

    def _announcements(self, answer: object, impl: Impl) -> tuple[Action, ...]:
        options = self._actions(answer, impl, impl.hook)
        core = [option for option in options if isinstance(option, CORE_ACTIONS)]
        if core:
            raise contract_error(impl, impl.hook, f"offered {core[0]}: cards, trump calls and stock "
                                 "draws are not announcements")
        return options

    # What an action does ------------------------------------------------------------------

    def _effect_chain(self, kind: type) -> tuple[Impl, ...]:
        """The implementations that may answer for actions of class ``kind``: a plugin that
        declares its actions is asked only about its own."""
        chain = self._effect_chains.get(kind)
        if chain is None:  # the first action of its class
            chain = tuple(impl for impl in self.effect_chain
                          if impl.plugin not in self.scopes or issubclass(kind, self.scopes[impl.plugin]))
            self._effect_chains[kind] = chain
            self._effect_alone[kind] = not any(
                impl.takes_hand or "seat" in impl.argnames or "trump" in impl.argnames for impl in chain)
        return chain

    def decision_effect(self, hand: HandView, seat: int, action: Action,
                        trump: int) -> tuple[Effect | None, Impl | None]:
        """What ``action`` by ``seat`` does (``None``: it is only recorded), and who said so."""
        alone = self._effect_alone.get(action.__class__)  # (None before its first decision)
        if alone:
            known = self._effects_of.get(id(action))
            if known is not None and known[0] is action:
                return known[1], known[2]
        for impl in self._effect_chain(action.__class__):
            if impl.takes_hand:
                try:
                    effect = impl.call(hand, seat, action, TRUMPS[trump])
                except Exception as error:
                    reraise(impl, error)
            else:
                effect = self._kept_effect(impl, seat, action, trump)
            if effect is not None:
                if not isinstance(effect, Effect):
                    raise contract_error(impl, "hokm_decision_effect", f"returned {effect!r}, not an Effect")
                if alone and len(self._effects_of) < 4096:
                    self._effects_of[id(action)] = (action, effect, impl)  # (kept: its id stays)
                return effect, impl
        if alone and len(self._effects_of) < 4096:
            self._effects_of[id(action)] = (action, None, None)
        return None, None

    def _kept_effect(self, impl: Impl, seat: int, action: Action, trump: int) -> object:
        key = (impl, action, trump if "trump" in impl.argnames else 0, seat if "seat" in impl.argnames else 0)
        try:
            return self._effect_memo[key]
        except KeyError:
            pass
        try:
            effect = impl.call(None, seat, action, TRUMPS[trump])
        except Exception as error:
            reraise(impl, error)
        if len(self._effect_memo) < 4096:
            self._effect_memo[key] = effect
        return effect

    def data_effect(self, seat: int, action: Action, trump: int) -> Effect | None:
        """``action``'s effect where no implementation reading the hand need be asked: ``None``
        (only recorded), an effect from the tables, or ``NEEDS_HAND``."""
        known = self._effects_of.get(id(action))
        if known is not None and known[0] is action:
            return known[1]
        for impl in self._effect_chain(action.__class__):
            if impl.takes_hand:
                return NEEDS_HAND
            effect = self._kept_effect(impl, seat, action, trump)
            if effect is not None:
                if not isinstance(effect, Effect):
                    return NEEDS_HAND  # decision_effect names the broken plugin
                return effect
        return None

    # What happens by itself -------------------------------------------------------------

    def forced_effect(self, hand: HandView) -> tuple[Effect | None, Impl | None]:
        """A consequence that happens by itself now, if a variant declares one, and who declared it."""
        effect, impl = optional_result(self.forced_chain, hand)
        if effect is not None and not isinstance(effect, Effect):
            raise contract_error(impl, "hokm_forced_effect", f"returned {effect!r}, not an Effect")
        return effect, impl

    @staticmethod
    def _actions(answer: object, impl: Impl | None, hook: str) -> tuple[Action, ...]:
        if isinstance(answer, str | bytes) or not hasattr(answer, "__iter__"):
            raise contract_error(impl, hook, f"returned {answer!r}, not a sequence of actions")
        options = tuple(answer)
        for option in options:
            if not isinstance(option, Action):
                raise contract_error(impl, hook, f"returned {option!r}, which is not an Action")
        return options


def _distinct(options: tuple[Action, ...], impl: Impl | None) -> tuple[Action, ...]:
    if len(set(options)) != len(options):
        raise contract_error(impl, impl.hook if impl else "hokm_trump_call",
                             f"the same choice is offered twice: {', '.join(map(str, options))}")
    return options


def _asked_once(impl: Impl, *args: None) -> Any:
    """An implementation that takes none of the hook's arguments, asked once at composition."""
    try:
        return impl.call(*args)
    except Exception as error:
        reraise(impl, error)


def _repeat(given: Sequence[object], sources: Sequence[Impl | None], taken: frozenset[Action]) -> None:
    """Refuse the first choice offered twice at the call (or an alternative a card gives too:
    ``taken``), naming the plugin whose answer repeated it."""
    seen: set[Action] = set()
    for answer, impl in zip(given, sources, strict=True):
        for action in answer or ():  # type: ignore[attr-defined]
            if action in taken:
                raise contract_error(impl, "hokm_call_alternatives",
                                     f"offers {action}, which a card of the trump call gives too")
            if action in seen:
                hook = impl.hook if impl is not None else "hokm_call_alternatives"
                raise contract_error(impl, hook, f"the same choice is offered twice: {action}")
            seen.add(action)


def _one_each(cards: Sequence[tuple[Action, ...] | None], first_cards: int) -> bool:
    """Whether every card of the mask gives exactly one choice."""
    rest = first_cards
    while rest:
        low = rest & -rest
        answer = cards[low.bit_length() - 1]
        if answer is None or len(answer) != 1:
            return False
        rest ^= low
    return True

