"""The random-play kernel's plan: the facts of a composed ruleset that random play reads.

``plan_of(engine)`` derives one ``Plan`` from the engine's tables and chains, once per
ruleset, and keeps it on the engine. The loop reads nothing else of the engine on its
hot path. The plan's ``repr`` answers the question "what takes this ruleset off the
plain loop?": each entry of ``Plan.story`` names a rule the loop cannot take as a
lookup, and where it is asked.

>>> import hokm
>>> from hokm._kernel.plan import plan_of
>>> plan_of(hokm.Ruleset.compose()._engine)
Plan(players=4, tricks=13, stop_at=7, events=())
>>> plan_of(hokm.Ruleset.compose("bavney")._engine).story
('hokm_play_on: asked when a team reaches 7 tricks',)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hokm._compose.cards import NO_TRUMP
from hokm._compose.trick_end import UNANSWERED
from hokm._compose.windows import NEVER, Gate
from hokm._kernel.turns import by_tables, lead_exactly, lead_narrowed, void_narrowed
from hokm.context import VoidDuty

if TYPE_CHECKING:
    from hokm._compose.engine import Engine
    from hokm._compose.hooks import Impl
    from hokm._kernel.turns import LeadPick, VoidPick
    from hokm.actions import Action

__all__ = ["NO_OFFERS", "Facts", "Offers", "Opens", "Plan", "plan_of"]

Facts = tuple[int, int, int, bool, tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], bool]
"""A trick's trump facts: the hand's trump index, the one in force in the trick, a trump fixed for a
later trick (-1: none), whether the next card that does not follow fixes one, the effective suit and
the trick-suit of each card and the power rows under the trump in force, and whether the void duty
acts."""

Offers = tuple[tuple[tuple["Action", ...], ...], tuple[float, ...], tuple[tuple["Action", ...], ...],
               tuple[float, ...]]
"""Per seat: its tabulated announcements on a lead and their count as a float (the pick adds it to
the seat's cards), then the same on a turn where it cannot follow."""

Opens = tuple[tuple[tuple[bool, ...], ...], ...]
"""By the kind of turn (0: the Hakem's lead, 1: another seat's, 2: a void follow, 3: a follow in
suit), per trump state, by tricks done: whether a legality chain may be asked there (``Plan.asked``)."""
_HAKEM_LEADS, _OTHER_LEADS, _VOID, _IN_SUIT = range(4)  # (the kinds of turn, as ``Opens`` counts them)


Asked = tuple[tuple["Impl", ...], Opens, bool, "Impl | None"]
"""A legality chain, the turns its windows hold, whether they hold every turn, and its one rule where it
has one (the loop asks it directly)."""


def _asked(chain: tuple[Impl, ...], opens: Opens) -> Asked:
    everywhere = all(all(row) for kind in opens for row in kind)
    return chain, opens, everywhere, chain[0] if len(chain) == 1 else None


def _no_offers(players: int) -> Offers:
    nothing: tuple[tuple[Action, ...], ...] = ((),) * players
    return nothing, (0.0,) * players, nothing, (0.0,) * players


NO_OFFERS: dict[int, Offers] = {players: _no_offers(players) for players in range(2, 17)}


class Plan:
    """What the kernel's loop reads of a ruleset (built by ``plan_of``; never changed after)."""

    __slots__ = (
        "asked",
        "beats",
        "capture_identity",
        "capture_in_force",
        "capture_table",
        "captures",
        "changes",
        "complete_hooks",
        "duty",
        "dynamic",
        "ends",
        "engine",
        "events",
        "facts",
        "fixes_trump",
        "follow_asks",
        "follow_steps",
        "followers",
        "lazy_capture",
        "lead_offers",
        "lead_steps",
        "loop",
        "moved",
        "native",
        "offers",
        "overtrump",
        "pauses",
        "picks",
        "play_on",
        "players",
        "powers",
        "restricts",
        "solver",
        "step_gates",
        "stop_at",
        "suit_masks",
        "suit_of",
        "switches",
        "teams",
        "total",
        "trick_suit_of",
        "void_offers",
        "void_rows",
        "watched",
        "winner_hook",
    )

    def __init__(self, engine: Engine) -> None:
        cards, ends, legality, decisions = engine.cards, engine.ends, engine.legality, engine.decisions
        self.engine = engine
        self.players = n = engine.players
        self.teams = engine.teams
        self.total = total = engine.hand_size
        # Per leader, the seats that follow it, each with its packed play's seat part.
        self.followers: tuple[tuple[tuple[int, int], ...], ...] = engine.table.followers
        self.suit_of, self.suit_masks = cards.suit_of, cards.suit_masks
        self.trick_suit_of, self.powers = cards.trick_suit_of, cards.powers
        self.moved: list[int] = cards.moved
        """Per trump index: the cards that follow another suit than their printed one."""
        self.watched: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((cards.suit_masks[trump][led] | 0x1FFF << 13 * led,
                   cards.suit_masks[trump][trump] | 0x1FFF << 13 * trump
                   if legality.void_duty is not None and trump < NO_TRUMP else 0) for led in range(4))
            for trump in range(NO_TRUMP + 1))
        """Per trump index and led suit, the cards of another suit than printed whose holder's follow is
        picked by mask: those moved into or out of the led suit (every follow), and the trumps under a
        void duty (a void follow: a holder that can follow suit follows it as printed)."""
        self.fixes_trump = engine.fixes_trump
        duty = legality.void_duty
        self.duty = duty is not None
        self.overtrump = duty is VoidDuty.OVERTRUMP
        self.restricts = legality.kernel_restricts or legality.kernel_void_restricts
        """Whether a legality hook may be asked on a turn with no announcement."""
        chains = legality.restrictors, legality.void_restrictors
        opens = (_opens(chains[0], legality.restrict_gate, total),
                 _opens(chains[1], legality.void_restrict_gate, total))
        self.asked: tuple[Asked, Asked] = (_asked(chains[0], opens[0]), _asked(chains[1], opens[1]))
        """The legality chain asked on a turn where the seat can follow and on a void one, each with the
        turns its windows hold (``Opens``) and whether they hold every turn (``hokm._kernel.turns.narrowed``
        then reads no row)."""
        self.follow_asks = any(map(any, opens[0][_IN_SUIT]))
        """Whether one may be asked on a turn where the seat can follow (the void hooks need not)."""
        self.beats = legality.follow_duty is not None
        """Whether a seat that follows must beat the best card so far where it can (``FollowDuty.BEAT``,
        the one follow duty)."""
        self.winner_hook = ends.winner_chain is not None
        self.capture_identity = ends.capture_identity
        self.capture_table = ends.capture_table
        table, width = ends.capture_table, total + 1  # capture_key's layout: winner, previous, flags, number
        captures: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = () if ends.capture_identity else (
            tuple(tuple(tuple(table[((winner * (n + 1) + key) * 4 + flags) * width:][:width]
                              for flags in range(4))
                        for key in (*range(1, n + 1), 0))  # (capture_key's previous: 0 none, then seat + 1)
                  for winner in range(n)))
        self.captures = captures
        """The capture table by winner, previous winner (its last row, read as -1: none), 2 * collected +
        in force, trick number: the collector, ``NOBODY`` or ``UNANSWERED``."""
        self.capture_in_force = ends.capture_in_force
        """Whether who collects depends on the previous trick's being won under the trump."""
        self.pauses: tuple[bool, ...] = ends.decide_pauses
        self.complete_hooks = bool(ends.complete_plugins)
        self.play_on = bool(ends.play_on_chain) and ends.completion is None  # (a constant answers first)
        self.stop_at: int = total + 1 if ends.stop_count is None else ends.stop_count
        """Tricks that end the hand for a team (past the hand's tricks: none)."""
        self.ends: tuple[bool, ...] = tuple(
            done == total or self.pauses[done] or ends.complete_pauses[done] for done in range(total + 1))
        """By tricks done: whether the trick end needs more than the stop rule's comparison (the
        hand's last trick, a pause where a decision may be offered, a completion hook)."""
        self.lazy_capture = not (ends.capture_identity or ends.capture_chain or self.play_on
                                 or self.stop_at <= total or any(self.ends[:total]))
        """Whether who collects may be worked out when the loop writes its tricks back, for all of
        them at once: a capture rule by table, and nothing reads the tallies before the hand's end."""
        gates = tuple(gate for gate in (decisions.turn_gate, decisions.forced_gate) if gate is not None)
        windowless = (bool(decisions.turn_chain) and decisions.turn_gate is None) or (
            bool(decisions.forced_chain) and decisions.forced_gate is None)
        self.step_gates: tuple[Gate, ...] | None = None if windowless else gates
        """The windows of the per-turn hooks that read the hand (``None``: one asks on every turn):
        a turn in one is taken by the state's own steps."""
        self.lead_steps, self.follow_steps = self._step_rows(gates, windowless)
        self.offers = self._offer_rows(engine)
        self.void_offers = any(kinds[4] or kinds[5] for rows in decisions.offer_rows for kinds in rows)
        """Whether a seat that cannot follow is ever offered a tabulated announcement."""
        self.lead_offers = any(kinds[0] or kinds[1] for rows in decisions.offer_rows for kinds in rows)
        """Whether a leader is ever offered a tabulated announcement."""
        moved_or_hooked = any(self.moved) or self.restricts
        self.void_rows: tuple[tuple[tuple[bool, ...], ...], ...] = tuple(
            tuple((*(((self.duty and trumped) or moved_or_hooked) and bool(kinds[4] or kinds[5])
                     for kinds in rows), False) for trumped in (False, True))
            for rows in decisions.offer_rows)
        """Per trump index, by whether a trump is in force, by tricks done: whether an offer may fall on
        a void turn the plain picks do not take with its offers (the duty's pick of a trump, a holder of
        a card of another suit than printed, a legality hook's)."""
        self.events = self._event_rows(engine)
        self.changes = tuple(tuple(tuple(self._changes(trump, trumped, hakem) for hakem in range(n))
                                   for trumped in (False, True)) for trump in range(NO_TRUMP + 1))
        """Per hand's trump index, by whether a trump is in force, per Hakem, by tricks done: whether the
        offers or a row of events (``offers``, ``events``, ``void_rows``) differ from the trick
        before's, so that the loop reads them again only there."""
        self.dynamic = any(any(row[1:]) for by_trump in self.changes for rows in by_trump for row in rows)
        """Whether the announcements on offer, or the turns that leave the plain pick, change by trick (rows
        the same at every trick, such as a legality hook's asked on every turn, never need reading again)."""
        self.facts = tuple(tuple(self._facts(hand_trump, later) for hand_trump in range(NO_TRUMP + 1))
                           for later in (False, True))
        """By whether the hand's trump counts only from a later trick, per the hand's trump index:
        what ``hokm._kernel.tricks`` calls a trick's trump facts."""
        self.switches: tuple[int, tuple[int, ...], tuple[tuple[tuple[int, int], ...], ...], tuple[bool, ...],
                             bool, bool, bool, bool, bool, int, bool] = (
            n, self.teams, self.followers, self.ends, self.follow_asks or self.beats, self.beats,
            any(map(any, opens[1][_VOID])),
            (self.capture_identity or self.lazy_capture) and not self.winner_hook,
            self.dynamic, self.stop_at, self.lead_offers or self.void_offers)
        """What the card loop reads of the plan as it starts, in one tuple: the players, the teams, the
        followers, ``ends``, whether a follow may be narrowed (a follow duty, a legality hook),
        ``beats``, whether a legality hook may be asked on a void turn, whether the winner by the
        tables takes every trick at once (no winner hook; who collects is the winner, or worked out
        at the write-back), ``dynamic``, ``stop_at`` and whether an announcement is ever on offer (the
        loop may take it itself: ``hokm._kernel.turns.announce_here``)."""
        self.picks: tuple[LeadPick, VoidPick] = (
            lead_exactly if self.lead_offers or any(map(any, self.lead_steps)) else lead_narrowed,
            by_tables if self.duty or any(self.moved) or self._follow_events else void_narrowed)
        """How the loop picks a lead, and a void turn, that may leave the plain pick (``Loop.lead_pick``,
        ``Loop.void_pick``): the lean ``lead_narrowed`` and ``void_narrowed`` where only the legality hooks
        may take them from it (no announcement offered there, no turn in the window of a per-turn hook
        that reads the hand; for a void turn no duty and no card of another suit than printed either),
        else ``lead_exactly`` and ``by_tables``."""
        self.native: object = None
        """The C kernel's plan (``hokm._kernel.native_plan``), built on its first batch."""
        self.solver: object = None
        """The double-dummy solver's rules (``hokm._solver.tables``), built on its first search."""
        self.loop: object = None
        """The card loop with this plan's constants folded in (``hokm._kernel.playout``), built on its
        first playout."""

    def _changes(self, trump: int, trumped: bool, hakem: int) -> tuple[bool, ...]:
        offers, (leads, follows) = self.offers[trump][hakem], self.events[trump]
        voids = self.void_rows[trump][trumped]
        return (True, *(offers[done] != offers[done - 1] or leads[done] != leads[done - 1]
                        or follows[done] != follows[done - 1] or voids[done] != voids[done - 1]
                        for done in range(1, self.total + 1)))

    def _facts(self, hand_trump: int, later: bool) -> Facts:
        trump = NO_TRUMP if later else hand_trump
        return (hand_trump, trump, hand_trump if trump != hand_trump else -1,
                self.fixes_trump and hand_trump == NO_TRUMP, self.suit_of[trump], self.trick_suit_of[trump],
                self.powers[trump], self.duty and trump < NO_TRUMP)

    def _step_rows(self, gates: tuple[Gate, ...], windowless: bool) -> tuple[
            tuple[tuple[bool, ...], ...], tuple[tuple[bool, ...], ...]]:
        """Per trump state (0: no trump yet, 1: a trump), by tricks done: whether a lead, or a
        follow, of the trick may lie in a per-turn hook's window."""
        def row(state: int, follows: bool) -> tuple[bool, ...]:
            return tuple(windowless or any(
                gate.live[state][done] and (gate.follows if follows else gate.leads)[state] != NEVER
                for gate in gates) for done in range(self.total + 1))
        return (row(0, False), row(1, False)), (row(0, True), row(1, True))

    def _offer_rows(self, engine: Engine) -> tuple[tuple[tuple[Offers, ...], ...], ...]:
        """Per trump index, per Hakem, by tricks done: each seat's tabulated announcements."""
        rows = engine.decisions.offer_rows
        n = self.players
        interned: dict[Offers, Offers] = {}  # equal rows are one object: the loop tells a change by identity
        result = []
        for trump_rows in rows:
            per_hakem = []
            for hakem in range(n):
                by_done = []
                for kinds in trump_rows:
                    if not (kinds[0] or kinds[1] or kinds[4] or kinds[5]):
                        by_done.append(NO_OFFERS[n])
                        continue
                    leads = tuple(kinds[seat == hakem] for seat in range(n))
                    voids = tuple(kinds[4 + (seat == hakem)] for seat in range(n))
                    row = (leads, tuple(map(float, map(len, leads))),
                           voids, tuple(map(float, map(len, voids))))
                    by_done.append(interned.setdefault(row, row))
                by_done.append(NO_OFFERS[n])  # (after the last trick: none)
                per_hakem.append(tuple(by_done))
            result.append(tuple(per_hakem))
        return tuple(result)

    def _event_rows(self, engine: Engine) -> tuple[tuple[tuple[bool, ...], tuple[bool, ...]], ...]:
        """Per trump index, for the lead and for the follows, by tricks done: whether a turn may leave
        the plain pick (a legality hook, a per-turn hook's window; for follows also an offer to a seat
        that can follow). The holders of cards of another suit than printed the loop finds itself."""
        decisions = engine.decisions
        rows = []
        for trump in range(NO_TRUMP + 1):
            state = int(0 <= trump < NO_TRUMP)
            leads, follows = [], []
            for done in range(self.total + 1):
                offers = decisions.offer_rows[trump][done] if done < self.total else ((),) * 6
                leads.append(self._lead_asks(trump, done) or self.lead_steps[state][done])
                follows.append(bool(offers[2] or offers[3])
                               or self.follow_steps[state][done])
            rows.append((tuple(leads), tuple(follows)))
        return tuple(rows)

    def _lead_asks(self, trump: int, done: int) -> bool:
        """Whether the legality hooks may be asked on the lead of the trick after ``done`` under the
        hand's trump index ``trump`` (where the trump gets fixed within a trick, a trump's row reads
        the no-trump state too: a lean row costs the plain pick, a wrong one a rule left unasked)."""
        opens = self.asked[False][1]
        states = (0, 1) if trump < NO_TRUMP and self.fixes_trump else (int(trump < NO_TRUMP),)
        return any(opens[kind][state][done] for kind in (_HAKEM_LEADS, _OTHER_LEADS) for state in states)

    @property
    def story(self) -> tuple[str, ...]:
        """What the loop cannot take as a lookup, and where it is asked (the ``repr``'s story)."""
        engine = self.engine
        ends, decisions, legality = engine.ends, engine.decisions, engine.legality
        events = []
        if self.winner_hook:
            events.append("hokm_trick_winner: asked after every trick")
        if UNANSWERED in self.capture_table and ends.capture_chain:
            events.append("hokm_trick_capture: asked with the hand where its table has no answer")
        if any(self.pauses):
            at = [played for played, pause in enumerate(self.pauses) if pause]
            events.append(f"hokm_pending_decision: asked at pauses after tricks {at}")
        if self.complete_hooks:
            after = [done for done, asked in enumerate(ends.complete_pauses) if asked and done]
            events.append("hokm_hand_complete: asked after "
                          + ("every trick" if len(after) == self.total else f"tricks {after}"))
        if self.play_on:
            events.append(f"hokm_play_on: asked when a team reaches {self.stop_at} tricks")
        if legality.restrictors or legality.void_restrictors:
            events.append("legality hooks: asked on their turns (inside their windows)")
        if decisions.turn_chain:
            events.append(f"hokm_turn_options with the hand: {decisions.turn_gate or 'every turn'}")
        if decisions.forced_chain:
            events.append(f"hokm_forced_effect: {decisions.forced_gate or 'every turn'}")
        if any(self.moved):
            events.append("cards of another suit than printed: their holders' turns picked by mask")
        if self.fixes_trump:
            events.append("the trump fixed by the first card that does not follow suit")
        return tuple(events)

    @property
    def plain(self) -> bool:
        """Whether every card and trick end is played by lookups: no hook is asked from the first
        card to the end of the hand, but ``hokm_play_on`` at the stop."""
        return not any((event.startswith("hokm_") and not event.startswith("hokm_play_on"))
                       or event.startswith("legality") for event in self.story)

    @property
    def constants(self) -> dict[str, bool | int]:
        """The card loop's locals (``hokm._kernel.tricks.play_tricks``) that keep one value under this
        plan from the usual entry to the end, with that value (``hokm._kernel.fold``; the loop's
        guard sends any other entry to the loop as written): the plan's own switches, and the
        events its rows never raise."""
        _, _, _, _, asking, beats, void_asking, plain_end, dynamic, _, takes = self.switches
        constants: dict[str, bool | int] = {"asking": asking, "beats": beats, "void_asking": void_asking,
                                            "plain_end": plain_end, "dynamic": dynamic, "note": 0,
                                            "takes": takes}
        if not any(self.moved):
            constants |= {"moved": 0, "holders": 0}
        if not self.duty:
            constants["duty"] = False
        if not self.fixes_trump:
            constants |= {"fixing": False, "pending": -1}
            if not self.dynamic:
                constants["refresh"] = False
        leads = any(any(row) for row, _ in self.events)
        follows = self._follow_events
        if not leads:
            constants["lead_event"] = False
        if not follows:
            constants |= {"follow_event": False, "void_exact": False}
            if not any(self.moved):
                constants |= {"watch": False, "specials": 0, "exactly": 0}
        return constants

    @property
    def _follow_events(self) -> bool:
        """Whether a follow may ever leave the plain pick for an event (a per-turn hook's window, an offer
        to a seat that can follow, an offer on a void turn the plain picks cannot take)."""
        return any(any(row) for _, row in self.events) or any(
            any(row) for by_trump in self.void_rows for row in by_trump)

    def step_at(self, lead: bool, hakem: bool, void: bool, trump: bool, done: int) -> bool:
        """Whether the turn lies in the window of a per-turn hook that reads the hand."""
        gates = self.step_gates
        return gates is None or any(gate.open(lead, hakem, void, trump, done, False) for gate in gates)

    def __repr__(self) -> str:
        stop = self.stop_at if self.stop_at <= self.total else None
        return f"Plan(players={self.players}, tricks={self.total}, stop_at={stop}, events={self.story!r})"


def _opens(chain: tuple[Impl, ...], gate: Gate | None, total: int) -> Opens:
    """The turns (``Opens``) on which ``chain``, whose windows' union is ``gate``, may be asked with
    no announcement (``Gate.open``)."""
    turns = ((True, True, False), (True, False, False), (False, False, True), (False, False, False))
    return tuple(tuple(tuple(bool(chain) and (gate is None or gate.open(lead, hakem, void, bool(state), done,
                                                                        False))
                             for done in range(total + 1)) for state in (0, 1))
                 for lead, hakem, void in turns)


def plan_of(engine: Engine) -> Plan:
    """The engine's plan, built on first use and kept on it."""
    plan = engine.plan
    if plan is None:
        plan = engine.plan = Plan(engine)
    return plan  # type: ignore[return-value]
