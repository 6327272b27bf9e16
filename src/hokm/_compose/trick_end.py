"""What happens when a trick ends: who wins it, who collects it, and whether the hand goes on.

The winner comes from the card tables unless a variant answers ``hokm_trick_winner``.
Who collects is ``hokm_trick_capture``: its implementations that do not read the hand
are tabulated (by winner, trick number, previous winner, whether that trick was
collected, and whether it was won under the trump), so a centre-pile rule costs a
table lookup. Then a pause: a pending decision (``hokm_pending_decision``, only
inside its ``PauseWindow``), and the stop rule with ``hokm_hand_complete`` and
``hokm_play_on``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from hokm._compose.cards import CardTables, best_play, table_winner
from hokm._compose.hooks import Impl, contract_error, first_result, optional_result, reraise, table_part
from hokm._compose.tabulate import tabulate
from hokm._compose.tally import Tallies, TallyAnswers, TallyKey
from hokm._compose.windows import pause_row
from hokm.actions import CORE_ACTIONS, Action
from hokm.context import Capture, Decision, HandView, RulesetInfo
from hokm.table import TableLayout

if TYPE_CHECKING:
    from hokm._ruleset.standard import Standard

__all__ = ["MAX_DECISIONS", "NOBODY", "UNANSWERED", "TrickEnd", "capture_key", "is_index", "won_in_force"]

MAX_DECISIONS = 1000
"""Decisions one hand may take before a variant that keeps offering them is reported as broken."""
NOBODY = -1
"""In the capture table: the trick stays in the centre."""
UNANSWERED = -2
"""In the capture table: no tabulated implementation answers; the ones reading the hand are asked."""


def is_index(value: object, size: int) -> bool:
    """Whether ``value`` is a plain int in ``0 .. size - 1`` (a seat or a team; bools refused)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < size


class TrickEnd:
    """The trick-end rules of a ruleset, in the shapes stepping and the kernel read."""

    __slots__ = (
        "_checked_offers",
        "_info",
        "_layout",
        "capture_chain",
        "capture_identity",
        "capture_in_force",
        "capture_reads",
        "capture_table",
        "cards",
        "complete_answers",
        "complete_pauses",
        "complete_plugins",
        "complete_reads_tally",
        "completion",
        "decide_pauses",
        "decision_chain",
        "hand_size",
        "play_on_answers",
        "play_on_chain",
        "play_on_reads_tally",
        "players",
        "stop_at",
        "stop_count",
        "tallies",
        "teams",
        "winner_chain",
    )

    def __init__(self, chains: Mapping[str, tuple[Impl, ...]], standard: Standard, cards: CardTables,
                 layout: TableLayout, hand_size: int, info: RulesetInfo, tallies: Tallies) -> None:
        self.cards = cards
        self.tallies = tallies
        self.players = layout.players
        self.teams: tuple[int, ...] = tuple(layout.teams)
        self.hand_size = hand_size
        winners = chains["hokm_trick_winner"]
        self.winner_chain: tuple[Impl, ...] | None = None if all(i.standard for i in winners) else winners
        """``None``: the card tables decide the winner."""
        self._capture_setup(chains["hokm_trick_capture"], layout, info)
        self.decision_chain = chains["hokm_pending_decision"]
        self.decide_pauses: tuple[bool, ...] = pause_row(self.decision_chain, hand_size)
        """By tricks played (0: before the first lead): whether a decision may be offered at that pause."""
        self._checked_offers: dict[int, tuple[Action, ...]] = {}  # Decision.options checked, by id
        # The standard completion rule answers last; its threshold is applied here, not called.
        self._completion_setup(tuple(i for i in chains["hokm_hand_complete"] if not i.standard))
        self.complete_pauses: tuple[bool, ...] = pause_row(self.complete_plugins, hand_size)
        """By tricks played: whether ``complete_plugins`` are asked after that trick (their
        ``PauseWindow``s; outside them each answers ``None`` by its promise)."""
        self.play_on_chain = chains["hokm_play_on"]
        self.complete_answers: TallyAnswers[bool | None] | None = None if any(
            "hand" in impl.argnames for impl in self.complete_plugins) else TallyAnswers(
            lambda key: self._completion(None, key))
        """Where no ``hokm_hand_complete`` implementation reads the hand: its answers by tally."""
        self.play_on_answers: TallyAnswers[bool] | None = None if any(
            "hand" in impl.argnames for impl in self.play_on_chain) else TallyAnswers(
            lambda key: self._play_on(None, key))
        """Where no ``hokm_play_on`` implementation reads the hand: its answers by tally."""
        self.complete_reads_tally = any("tally" in impl.argnames for impl in self.complete_plugins)
        self.play_on_reads_tally = any("tally" in impl.argnames for impl in self.play_on_chain)
        """Whether a chain asked with the hand needs the tally too (else none is worked out per trick)."""
        self.stop_at: int | None = standard.stop_at(hand_size)
        # The stop rule when no hook is asked after a trick: a constant completion replaces it
        # (False: every trick is played; True: over after any trick, counted from 0 tricks).
        self.stop_count: int | None = (self.stop_at if self.completion is None
                                       else None if self.completion is False else 0)

    # Who collects ---------------------------------------------------------------------

    def _capture_setup(self, chain: tuple[Impl, ...], layout: TableLayout, info: RulesetInfo) -> None:
        tabulated, asked = table_part(chain)
        n, total = self.players, self.hand_size
        self._layout, self._info = layout, info
        domains: dict[str, Sequence[Any]] = {
            "winner": range(n), "number": range(1, total + 1), "previous": (None, *range(n)),
            "previous_collected": (False, True), "in_force": (False, True)}
        constants = {"layout": layout, "ruleset": info, "tricks_total": total}
        tables = [tabulate(impl, domains, constants) for impl in tabulated]
        self.capture_reads: frozenset[str] = frozenset(name for table in tables for name in table.names)
        """What the tabulated rule takes."""
        table = [NOBODY] * (n * (n + 1) * 4 * (total + 1))  # (trick number 0 is never looked up)
        for winner in range(n):
            for previous in (None, *range(n)):
                for collected in (False, True):
                    for in_force in (False, True):
                        for number in range(1, total + 1):
                            values = {"winner": winner, "number": number, "previous": previous,
                                      "previous_collected": collected, "in_force": in_force}
                            key = capture_key(n, total, winner, previous, collected, in_force, number)
                            table[key] = self._first_capture(tables, values)
        self.capture_table: tuple[int, ...] = tuple(table)
        """By ``capture_key``: the collector, ``NOBODY`` or ``UNANSWERED``."""
        self.capture_chain: tuple[Impl, ...] = asked if UNANSWERED in table else ()
        """The implementations asked where the table has no answer (they read the hand); none
        where the table answers everywhere."""
        self.capture_in_force = bool(self.capture_chain) or any(
            table[capture_key(n, total, winner, previous, collected, False, number)]
            != table[capture_key(n, total, winner, previous, collected, True, number)]
            for winner in range(n) for previous in (None, *range(n)) for collected in (False, True)
            for number in range(1, total + 1))
        """Whether who collects depends on the previous trick's being won under the trump."""
        self.capture_identity = not asked and all(
            table[capture_key(n, total, winner, previous, collected, in_force, number)] == winner
            for winner in range(n) for previous in (None, *range(n)) for collected in (False, True)
            for in_force in (False, True) for number in range(1, total + 1))
        """Whether every trick goes to its winner: no pile, no hook."""

    def _first_capture(self, tables: list[Any], values: dict[str, Any]) -> int:
        for table in tables:
            answer = table.answer(values)
            if answer is not None:
                return self._collector_of(answer, table.impl)
        return UNANSWERED

    def _collector_of(self, capture: object, impl: Impl | None) -> int:
        if not isinstance(capture, Capture):
            raise contract_error(impl, "hokm_trick_capture", f"returned {capture!r}, not a Capture")
        collector: object = capture.collector
        if collector is None:
            return NOBODY
        if not is_index(collector, self.players):
            raise contract_error(impl, "hokm_trick_capture", f"collector {collector!r} is not a seat")
        return cast(int, collector)

    def collector(self, hand: HandView, plays: Sequence[int], trump: int, number: int, winner: int,
                  winners: Sequence[int], collectors: Sequence[int | None], since: int,
                  first_trump: int = 0) -> int | None:
        """Who collects the centre after trick ``number`` (``None``: it stays there).

        ``winners`` and ``collectors``: the hand's so far (``winners`` ending with this trick's);
        ``since``: the first play under the trump in force (more than any hand's plays without one).
        """
        if self.capture_identity:
            return winner
        previous = winners[-2] if number > 1 else None
        collected = number > 1 and collectors[-1] is not None
        in_force = number > 1 and won_in_force(plays, winners, number - 1, self.players, since)
        found = self.capture_table[capture_key(self.players, self.hand_size, winner, previous, collected,
                                               in_force, number)]
        if found != UNANSWERED:
            return None if found == NOBODY else found
        trick = None
        if any("trick" in impl.argnames for impl in self.capture_chain):
            trick = self.cards.trick_value(plays[-self.players:], trump, number, winner,
                                           first_trump=first_trump)
        capture: object = None
        impl = None
        try:
            for impl in self.capture_chain:
                capture = impl.call(hand, trick, winner, number, previous, collected, in_force,
                                    self.hand_size, self._layout, self._info)
                if capture is not None:
                    break
        except Exception as error:
            reraise(impl, error)
        found = self._collector_of(capture, impl)
        return None if found == NOBODY else found

    # The winner ---------------------------------------------------------------------------

    def trick_winner(self, plays: Sequence[int], trump: int, number: int, first_trump: int = 0) -> int:
        """The winner of a complete trick of packed plays.

        ``first_trump``: the position from which trump-suit cards are trumps (0 but
        when the trump appeared during this trick).
        """
        cards = self.cards
        if self.winner_chain is None:
            if first_trump:
                return best_play(plays, cards.trick_suit_of[trump], cards.rank_of[trump], trump,
                                 first_trump)[0] >> 6
            return table_winner(plays, cards.trick_suit_of[trump], cards.rank_of[trump], trump)
        trick = cards.trick_value(plays, trump, number, first_trump=first_trump)
        seat, impl = first_result(self.winner_chain, "hokm_trick_winner", trick)
        if not is_index(seat, self.players) or seat not in {p >> 6 for p in plays}:
            raise contract_error(impl, "hokm_trick_winner",
                                 f"returned {seat!r}, which is not a seat that played in trick {number}")
        return int(seat)

    def tally(self, team_tricks: tuple[int, ...], pile: int,
              collector: int | None) -> tuple[tuple[int, ...], int]:
        """Team tricks and the centre pile after ``collector`` (``None``: nobody) takes the centre."""
        if collector is None:
            return team_tricks, pile + 1
        tally = list(team_tricks)
        tally[self.teams[collector]] += pile + 1
        return tuple(tally), 0

    # Whether the hand goes on -------------------------------------------------------------

    def _completion_setup(self, chain: tuple[Impl, ...]) -> None:
        """``complete_plugins``: the ``hokm_hand_complete`` implementations asked after each trick;
        ``completion``: the answer of the first one that takes no arguments and answers, asked now
        (a constant of its options), which stands when the ones before it say nothing."""
        asked: list[Impl] = []
        self.completion: bool | None = None
        for impl in chain:
            if impl.argnames:
                asked.append(impl)
                continue
            answer, _ = optional_result((impl,), None, None)  # it takes no argument: no hand to give
            if answer is None:
                continue
            if not isinstance(answer, bool):
                raise contract_error(impl, "hokm_hand_complete", f"returned {answer!r}, not a bool")
            self.completion = answer
            break
        self.complete_plugins = tuple(asked)

    def hand_over(self, hand: HandView, tricks_done: int, team_tricks: Sequence[int]) -> bool:
        """Whether the hand ends after ``tricks_done`` tricks.

        It does when no cards are left, or when a variant's ``hokm_hand_complete``
        says so; if none answers, when a team holds ``stop_at`` tricks and no
        ``hokm_play_on`` rule keeps play going.
        """
        if tricks_done == self.hand_size:
            return True
        if self.complete_pauses[tricks_done]:
            over = self.variant_completion(hand)
            if over is not None:
                return over
        elif self.completion is not None:  # a constant answer (variant_completion's, without the call)
            return self.completion
        stop_at = self.stop_at
        if stop_at is None:
            return False
        for count in team_tricks:  # (a loop is cheaper than max() on a few teams)
            if count >= stop_at:
                return not self.play_on(hand)
        return False

    def play_on(self, hand: HandView) -> bool:
        """Whether a ``hokm_play_on`` rule keeps a hand going that the stop rule would end."""
        if self.play_on_answers is not None:
            return self.play_on_answers(self.tallies.key_of(hand))
        return self._play_on(hand, self.tallies.key_of(hand) if self.play_on_reads_tally else None)

    def _play_on(self, hand: HandView | None, key: TallyKey | None) -> bool:
        tally = None if key is None else self.tallies.tally(key)
        answer, impl = optional_result(self.play_on_chain, hand, tally)
        if answer is not None and not isinstance(answer, bool):
            raise contract_error(impl, "hokm_play_on", f"returned {answer!r}, not a bool")
        return bool(answer)

    def variant_completion(self, hand: HandView) -> bool | None:
        """The first variant's answer to ``hokm_hand_complete``, or ``None`` if none answers."""
        if self.complete_answers is not None:
            return self.complete_answers(self.tallies.key_of(hand))
        return self._completion(hand, self.tallies.key_of(hand) if self.complete_reads_tally else None)

    def _completion(self, hand: HandView | None, key: TallyKey | None) -> bool | None:
        """The completion chain's answer (``key``: the tally, ``None`` where no implementation takes it)."""
        answer: object = None
        impl = None
        tally = None if key is None else self.tallies.tally(key)
        try:
            for impl in self.complete_plugins:
                answer = impl.call(hand, tally)
                if answer is not None:
                    break
            else:
                return self.completion  # a constant answer, checked at composition
        except Exception as error:
            reraise(impl, error)
        if not isinstance(answer, bool):
            raise contract_error(impl, "hokm_hand_complete", f"returned {answer!r}, not a bool")
        return answer

    # Decisions at a pause -------------------------------------------------------------------

    def pending_decision(self, hand: HandView) -> Decision | None:
        """The decision a variant makes play wait for, if any."""
        decision: object = None
        impl = None
        try:  # optional_result, inlined: asked at every pause
            for impl in self.decision_chain:
                decision = impl.call(hand)
                if decision is not None:
                    break
            else:
                return None
        except Exception as error:
            reraise(impl, error)
        if not isinstance(decision, Decision):
            raise contract_error(impl, "hokm_pending_decision",
                                 f"returned {decision!r}: need a Decision with a seat and actions")
        # Read untyped: compiled, a read typed as the field's int would turn a bool seat into 1.
        seat: object = cast(Any, decision).seat
        if not (seat.__class__ is int and 0 <= seat < self.players) and not is_index(seat, self.players):
            raise contract_error(impl, "hokm_pending_decision",
                                 f"returned {decision!r}: need a Decision with a seat and actions")
        options = decision.options
        if self._checked_offers.get(id(options)) is not options:  # an options tuple not seen yet
            self._check_offer(decision, impl)
        if len(hand.decisions) >= MAX_DECISIONS:
            raise contract_error(impl, "hokm_pending_decision",
                                 f"offered a decision after {MAX_DECISIONS} decisions in one hand: "
                                 "a decision that never stops being offered would never end the hand")
        return decision

    def _check_offer(self, decision: Decision, impl: Impl | None) -> None:
        """Check a decision's options; remember a valid tuple (alive for good, so its id stays its
        own), as plugins keep theirs as constants: hashing attrs actions at every pause is costly."""
        options = decision.options
        if not options or not all(isinstance(option, Action) for option in options):
            raise contract_error(impl, "hokm_pending_decision",
                                 f"returned {decision!r}: need a Decision with a seat and actions")
        core = [option for option in options if isinstance(option, CORE_ACTIONS)]
        if core:
            raise contract_error(impl, "hokm_pending_decision",
                                 f"offered {core[0]}: cards, trump calls and stock draws are the "
                                 "core's own actions, not decisions a variant may offer")
        if len(set(options)) != len(options):
            raise contract_error(impl, "hokm_pending_decision",
                                 f"offered the same option twice: {', '.join(map(str, options))}")
        if options.__class__ is tuple and len(self._checked_offers) < 256:
            self._checked_offers[id(options)] = options


def capture_key(players: int, tricks_total: int, winner: int, previous: int | None, collected: bool,
                in_force: bool, number: int) -> int:
    """The capture table's index of a trick's facts."""
    previous_index = 0 if previous is None else previous + 1
    return ((((winner * (players + 1) + previous_index) * 2 + collected) * 2 + in_force)
            * (tricks_total + 1) + number)


def won_in_force(plays: Sequence[int], winners: Sequence[int], number: int, players: int, since: int) -> bool:
    """Whether the card that won trick ``number`` (from 1) was played at or after play ``since``.

    ``plays``: the hand's packed plays (``seat << 6 | card index``); ``since``: the first
    play under the trump (``trump_from``), or more than the hand's plays while it has none.
    """
    start = (number - 1) * players
    if since <= start:
        return True
    if since >= start + players:
        return False
    winner = winners[number - 1]
    for position in range(start, start + players):
        if plays[position] >> 6 == winner:
            return position >= since
    return False

