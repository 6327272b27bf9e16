"""The double-dummy search: alpha-beta over card plays, with a transposition table.

One team (the root's) maximises the hand's value (``hokm._solver.tables.encode``), every
other seat minimises it. What keeps it fast, as in bridge's double-dummy solvers:

- touching cards of one hand are one move (``CardClasses.moves``);
- positions at a trick's start are kept in a transposition table under a key that positions
  playing alike share (``CardClasses.canon``, and the tally state's class, ``Rules.kind``), with
  the bounds found for them and the lead that did best; a position its bounds alone decide is
  kept too, as it often comes again;
- positions alike in what decided them share their bounds (partition search): a position's bounds
  are kept too under its leader, tally class and shape (``CardClasses.canon``) with the owners of
  the top cards of each class its search read (``read``: a trick won against a card of its class,
  a duty's comparison, the sure and owed tricks, a run played as one whose top was read), and a
  position of that shape with the same owners of those cards takes them (``parts``);
- the tally alone bounds a position: whoever wins the tricks left, the value stays within
  ``Rules.bounds``, so a window outside them is answered without a card played; the leader's
  sure tricks (its top cards cashed) and the tricks each team is owed by the hand's end (cards
  no rival can beat, ``Search.owed_tricks``) narrow those bounds;
- moves are tried best-first by cheap rules: the lead that did best here before, winners
  before others; a follower beats the trick cheaply when it can and its side is not already
  winning, and plays low otherwise;
- the value is found by null-window searches (MTD(f)), each reusing the table;
- what a position's exact cards decide is worked out once and found again by them: its table key,
  a follow's ordered moves, the owed tricks (the memos ``keys``, ``follows``, ``owed``; they change
  no answer and no count of cards tried, which the C twin's search must match).
"""

from __future__ import annotations

import gc
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from hokm._compose.cards import beating
from hokm._solver.tables import POINTS, legal_plays, void_plays

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from hokm._solver.tables import CardClasses, Rules, TallyState

__all__ = ["NodeLimit", "Search"]

K = TypeVar("K")
V = TypeVar("V")

_INFINITY = 1 << 50
Afters = tuple[tuple["TallyState", bool, int], ...]
"""Per seat as a trick's winner: the tally state after it, whether the hand is then over, and the
search's value if so, else the state's class (``Search.afters_of``)."""
Parted = dict[int, tuple[int, int]]
"""Partition entries of one shape and count of top cards read (``Search.parts``): per owners of those
cards (a ``canon`` code's bits that name them, ``CardClasses.owners_mask``), the bounds found for
positions alike in them (those of each such position, intersected)."""
PARTITION_FROM = 7
"""The tricks left from which a search keeps partition entries by default (``_native.c``'s
``PARTITION_FROM``): a shorter one finds its positions again exactly, and a lookup costs more
than the cards it saves."""
_KEYS = 1 << 17
"""The most entries each of ``Search``'s memos by exact cards holds: a full one starts again empty (a
bound on their memory, about 30 MB each, that follows the search to the part of the tree it is in)."""
_ALONE: tuple[tuple[int], ...] = tuple((card,) for card in range(64))
"""A lone legal card as the moves to try."""


class NodeLimit(Exception):
    """The search tried more cards than its limit (``Search.limit``) and stopped."""


class Search:
    """A search of one deal, fully known: the hands as masks (changed during a search and put back)."""

    __slots__ = ("afters", "classes", "follows", "hakem", "hands", "keys", "kinds", "limit", "merged",
                 "nodes", "owed", "partition", "parts", "read", "rules", "shift", "table", "team")

    def __init__(self, rules: Rules, classes: CardClasses, hands: list[int], hakem: int, team: int,
                 *, points_only: bool = False, limit: int = 0, partition: bool | None = None) -> None:
        self.rules = rules
        self.shift = POINTS if points_only else 0
        """What a value is shifted right by: ``POINTS`` for a search of the points alone."""
        self.classes = classes
        self.hands = hands
        self.hakem = hakem
        self.team = team
        self.table: dict[tuple[object, ...], tuple[int, int, int, tuple[int, ...], int, int]] = {}
        """Per position at a trick's start (its key): its bounds, the lead that did best, how many top
        cards of each class those bounds read (``read``, as ``CardClasses.top_counts``), and the live cards
        and cards read where they were found (a position of the same live cards, the usual, takes those
        cards read as they are; another works them out from the counts)."""
        if partition is None:  # (a search of a few tricks finds its positions again exactly, and sooner)
            partition = max(hand.bit_count() for hand in hands) >= PARTITION_FROM
        self.partition = partition and classes.exact
        """Whether positions that differ only in cards no bound read share their bounds (``parts``): by
        default where the search begins with ``PARTITION_FROM`` tricks or more left."""
        self.parts: dict[tuple[object, ...], dict[tuple[int, ...], tuple[int, Parted]]] = {}
        """Per leader, tally class and shape (``CardClasses.canon``): the counts of top cards of each class
        that bounds found there read (``CardClasses.top_counts``), in the order first found, each with
        the bits of a ``canon`` code that name their owners (``CardClasses.owners_mask``) and its
        partition entries (``Parted``)."""
        self.read = 0
        """The cards whose places the bounds of the position being searched read so far (a card's place
        read reads those above it in its class too): the cards that won a trick against a card of their
        class, the best card a duty compared with, the lowest card of runs played as one move, the cards
        of the sure and owed tricks."""
        self.merged = 0
        """The lowest cards of the runs played as one move in the trick being searched (``settled``)."""
        self.nodes = 0
        self.limit = limit
        """The most cards to try (0: no limit): past it, the next lead searched raises ``NodeLimit``."""
        self.kinds: dict[TallyState, int] = {}
        """Each tally state's class (``Rules.kind``), as the table keys it."""
        self.keys: dict[tuple[int, ...], tuple[tuple[object, ...], tuple[int, ...]]] = {}
        """The table's key of a position at a trick's start, and its shape (both ``CardClasses.canon``),
        by its exact hands, leader and tally class: a position met again is keyed without
        ``CardClasses.canon`` (``_KEYS``)."""
        self.follows: dict[tuple[int, ...], tuple[Sequence[int], int]] = {}
        """A follow with a choice: its moves best-first (``CardClasses.moves``, then ``_order_follows``), with
        the cards whose ranks make runs of them one move (``CardClasses.runs``), by
        the legal cards, the live cards of the led suit (every live card for a void seat), the trick's best
        power, its row, whether the seat's side wins it and whether the seat plays last (``_KEYS``)."""
        self.afters: dict[TallyState, Afters] = {}
        """Per tally state, each seat's row of ``afters_of``."""
        self.owed: dict[tuple[int, ...], tuple[tuple[int, ...], int]] = {}
        """``_owed_run`` by the cards it reads of each hand (``CardClasses.owed_cards``; ``_KEYS``)."""

    def exact(self, probe: Callable[[int, int], int], guess: int = 0) -> int:
        """The exact value of ``probe`` (a search with a window), by null-window searches (MTD(f)).

        The search makes no reference cycle, so Python's cycle collector, which would walk its growing
        tables again and again (a tenth of a long search's time), is paused while it runs (and set back
        as it was, whatever happens)."""
        paused = gc.isenabled()
        gc.disable()
        try:
            low, high, value = -_INFINITY, _INFINITY, guess
            while low < high:
                beta = value + 1 if value == low else value
                self.read = self.merged = 0
                value = probe(beta - 1, beta)
                if value < beta:
                    high = value
                else:
                    low = value
            return value
        finally:
            if paused:
                gc.enable()

    def values(self, seats: tuple[int, ...], trick: list[int],
               state: TallyState) -> tuple[int, dict[int, int]]:
        """The legal cards of the seat to move (a mask) and each move's exact value (one card of each
        run of touching cards, ``CardClasses.moves``): ``trick`` the cards played to the trick so far
        by ``seats`` in order, ``state`` the tally at its start."""
        classes, hands = self.classes, self.hands
        place = len(trick)
        seat = seats[place]
        live = 0
        for hand in hands:
            live |= hand
        for card in trick:
            live |= 1 << card
        led, row, best, top, win = -1, classes.power[0], seats[0], 0, -1
        if trick:
            led, row, best, top = classes.standing(seats, trick)
            win = trick[seats.index(best)]
            legal = legal_plays(self.rules, classes, hands[seat], led, row, top)
        else:
            legal = hands[seat]
        values: dict[int, int] = {}
        guess = 0
        hand = hands[seat]
        afters = self.afters_of(state)
        for card in classes.moves(legal, live):
            hands[seat] = hand ^ 1 << card
            if not trick:
                led, row = classes.suit_of[card], classes.power[classes.trick_suit_of[card]]
                probe = partial(self._follow, 1, seats, led, row, seat, row[card], card, live, afters)
            else:
                winner, high, taker = (seat, row[card], card) if row[card] > top else (best, top, win)
                probe = partial(self._then, place, seats, led, row, winner, high, taker, live, afters)
            values[card] = guess = self.exact(probe, guess)
            hands[seat] = hand
        return legal, values

    def value(self, seats: tuple[int, ...], trick: list[int], state: TallyState) -> int:
        """The position's own exact value (the best move's, as ``values`` gives it) by one MTD(f) search:
        ``trick`` the cards played to the trick so far by ``seats`` in order, ``state`` the tally."""
        if not trick:
            return self.exact(partial(self.trick, seats[0], state, self.kind_of(state)))
        led, row, best, top = self.classes.standing(seats, trick)
        live = sum(1 << card for card in trick) | sum(self.hands)  # (disjoint masks)
        return self.exact(partial(self._follow, len(trick), seats, led, row, best, top,
                                  trick[seats.index(best)], live, self.afters_of(state)))

    def _then(self, place: int, seats: tuple[int, ...], led: int, row: tuple[int, ...], best: int, top: int,
              win: int, live: int, afters: Afters, alpha: int, beta: int) -> int:
        """The value once the trick's ``place``-th card is played (``best`` winning with ``win``, of power
        ``top``; ``afters``: the trick's tally state's row of ``afters_of``)."""
        if place < len(seats) - 1:
            return self._follow(place + 1, seats, led, row, best, top, win, live, afters, alpha, beta)
        if self.partition:
            self._won(win, _trick_cards(live, self.hands))
        after, over, known = afters[best]
        return known if over else self.trick(best, after, known, alpha, beta)

    def kind_of(self, state: TallyState) -> int:
        """The tally state's class (``Rules.kind``), as the table keys it."""
        kind = self.kinds.get(state)
        if kind is None:
            kind = self.kinds[state] = self.rules.kind(state, self.hakem, self.team, self.shift)
        return kind

    def trick(self, leader: int, state: TallyState, kind: int, alpha: int, beta: int) -> int:
        """The value of the position at a trick's start, ``leader`` to lead, within the window (``kind``:
        the tally state's class, ``kind_of``). With ``partition``, the cards its bounds read are added to
        ``read``."""
        rules, hands, team, classes = self.rules, self.hands, self.team, self.classes
        exact = (*hands, leader, kind)
        found = self.keys.get(exact)
        if found is None:
            code, shape = classes.canon(hands)
            found = _kept(self.keys, exact, ((code, leader, kind), shape))
        key, shape = found
        outer, self.read = self.read, 0
        runs, self.merged = self.merged, 0
        live = 0
        for hand in hands:
            live |= hand
        entry = self.table.get(key)
        if entry is None:
            if self.partition:
                taken = self._parted(key, shape, live, alpha, beta)
                if taken is not None:
                    value, read = taken
                    self.read, self.merged = outer | read, runs
                    return value
            low, high = rules.bounds(state, self.hakem, team)
            low, high, first = low >> self.shift, high >> self.shift, -1
            if low < high:
                low, high = self._sure(leader, state, low, high)
            if low < high:
                low, high = self._owed(state, low, high)
            counts = classes.top_counts(self.read, live) if self.read and self.partition else ()
            self.table[key] = (low, high, -1, counts, live, self.read)
        else:
            low, high, first, counts, seen, read = entry
            if counts:
                self.read = read if seen == live else classes.tops(counts, live)
        if low >= beta or high <= alpha or low == high:
            self.read |= outer
            self.merged = runs
            return low if low >= beta or low == high else high
        window_low, window_high = max(alpha, low), min(beta, high)
        value, best = self._lead(leader, state, live, window_low, window_high, first)
        if value <= window_low:
            high = min(high, value)
        elif value >= window_high:
            low = max(low, value)
        else:
            low = high = value
        if self.merged and self.read:
            self.read = classes.settled(self.read, self.merged, hands, live)
        self.merged = runs
        counts = classes.top_counts(self.read, live) if self.read and self.partition else ()
        self.table[key] = (low, high, best, counts, live, self.read)
        if self.partition:
            bucket = self.parts.setdefault((leader, kind, shape), {})
            part = bucket.get(counts)
            if part is None:
                part = bucket[counts] = (classes.owners_mask(counts), {})
            owners_bits, entries = part
            owners = key[0] & owners_bits  # type: ignore[operator]
            known = entries.get(owners)
            entries[owners] = (low, high) if known is None else (max(known[0], low), min(known[1], high))
        self.read |= outer  # (the cards read stand for their upward closure: no need to close them here)
        return value

    def _parted(self, key: tuple[object, ...], shape: tuple[int, ...], live: int, alpha: int,
                beta: int) -> tuple[int, int] | None:
        """The partition entry of this position's leader, tally class and shape and its owners of the top
        cards read whose bounds decide the window, the counts read taken in the order first found: the
        value, and the cards read; else ``None``."""
        bucket = self.parts.get((key[1], key[2], shape))
        if bucket is None:
            return None
        code: int = key[0]  # type: ignore[assignment]
        for counts, (owners, entries) in bucket.items():
            found = entries.get(code & owners)
            if found is None:
                continue
            low, high = found
            if low >= beta or high <= alpha or low == high:
                return (low if low >= beta or low == high else high), self.classes.tops(counts, live)
        return None

    def _sure(self, leader: int, state: TallyState, low: int, high: int) -> tuple[int, int]:
        """The bounds narrowed by the leader's sure tricks: the top cards of a suit that no other seat
        can beat, cashed one after another before anything else (``low`` for the leader's side if it
        maximises, ``high`` if it minimises)."""
        sure, read = self._sure_run(leader)
        if not sure:
            return low, high
        rules, hakem = self.rules, self.hakem
        for _ in range(sure):
            state, over = rules.after(state, leader, hakem)
            if over:
                least = most = rules.value(state, hakem, self.team)
                break
        else:
            least, most = rules.bounds(state, hakem, self.team)
        if rules.team_of[leader] == self.team:
            narrowed = max(low, least >> self.shift), high
        else:
            narrowed = low, min(high, most >> self.shift)
        if narrowed != (low, high):
            self.read |= read
        return narrowed

    def _owed(self, state: TallyState, low: int, high: int) -> tuple[int, int]:
        """The bounds narrowed by the tricks each team is sure of by the hand's end (``owed_tricks``)."""
        owed, read = self._owed_run()
        if not any(owed):
            return low, high
        least, most = self.rules.bounds_owed(state, self.hakem, self.team, owed)
        narrowed = max(low, least >> self.shift), min(high, most >> self.shift)
        if narrowed != (low, high):
            self.read |= read
        return narrowed

    def owed_tricks(self) -> tuple[int, ...]:
        """Per team, how many of the tricks left it wins by the hand's end whatever anyone plays: each
        card that no rival's card can beat (``CardClasses.threats``) wins the trick it is played to, one
        seat's such cards each a trick of their own (a partner's may fall to the same trick, so the team
        is owed its best seat's count)."""
        return self._owed_run()[0]

    def _owed_run(self) -> tuple[tuple[int, ...], int]:
        """``owed_tricks``, and the cards it read: the cards counted, with the live cards that could
        beat them (held by their side)."""
        classes, hands, team_of = self.classes, self.hands, self.rules.team_of
        read = classes.owed_cards
        key = tuple([hand & read for hand in hands])
        found = self.owed.get(key)
        if found is not None:
            return found
        masters, threats = classes.masters, classes.threats
        teams = [0] * self.rules.teams
        for seat, hand in enumerate(hands):
            teams[team_of[seat]] |= hand
        live = 0
        for held in teams:
            live |= held
        owed = [0] * len(teams)
        read = 0
        for seat, hand in enumerate(hands):
            mine = hand & masters
            if not mine:
                continue
            team = team_of[seat]
            rivals = live & ~teams[team]
            count = 0
            while mine:
                low = mine & -mine
                reach = threats[low.bit_length() - 1]
                if not reach & rivals:
                    count += 1
                    read |= low | reach & live
                mine ^= low
            owed[team] = max(owed[team], count)
        return _kept(self.owed, key, (tuple(owed), read))

    def sure_tricks(self, leader: int) -> int:
        """How many tricks in a row the leader takes by leading its top cards (``_sure_run``)."""
        return self._sure_run(leader)[0]

    def _sure_run(self, leader: int) -> tuple[int, int]:
        """How many tricks in a row the leader takes by leading its top cards suit by suit: in each
        suit that is one class, its run of the suit's top live cards, each seat that may beat one from
        outside the suit (a trump) holding it to that seat's cards of the suit. A partner free to play
        low (``Rules.partners``) counts so too unless it holds a card for each of those tricks that
        cannot beat them from outside: else it may have to trump its partner's winner and take the
        lead. With the cards it read: in each such suit, its run and the card below it."""
        classes, hands, rules = self.classes, self.hands, self.rules
        if not classes.exact:
            return 0, 0
        hand = hands[leader]
        live = 0
        for other in hands:
            live |= other
        total = strict = cashed = read = 0
        for index, mask in enumerate(classes.class_masks):
            mine = hand & mask
            if not mine or not classes.alone[index]:
                continue
            if classes.ascending[index]:  # (its cards above every other live card of the class)
                others = live & mask & ~mine
                run = (mine >> others.bit_length()).bit_count()
                read |= 1 << others.bit_length() - 1 if others else mine & -mine
            else:
                run = 0
                for card in reversed(classes.order[index]):
                    if live >> card & 1:
                        read |= 1 << card  # (the run's cards, down to the first card not the leader's)
                        if not mine >> card & 1:
                            break
                        run += 1
            if not run:
                continue
            suit_mask, ruffers = classes.suit_mask[classes.class_suits[index]], classes.ruffers[index]
            for seat in rules.rivals[leader]:
                held = hands[seat]
                if held & ruffers:
                    run = min(run, (held & suit_mask).bit_count())
            total += run
            if run:
                cashed |= ruffers
            for seat in rules.partners[leader]:
                held = hands[seat]
                if held & ruffers:
                    run = min(run, (held & suit_mask).bit_count())
            strict += run
        for seat in rules.partners[leader]:
            if (hands[seat] & ~cashed).bit_count() < total:
                return strict, read
        return total, read

    def afters_of(self, state: TallyState) -> Afters:
        """Per seat as the trick's winner: the tally state after it (``Rules.after``), whether the hand is
        then over, and its value for the search if so, else its class (``kind_of``) (``afters``)."""
        found = self.afters.get(state)
        if found is None:
            rules, hakem, team, shift = self.rules, self.hakem, self.team, self.shift
            rows = []
            for winner in range(rules.players):
                after, over = rules.after(state, winner, hakem)
                known = rules.value(after, hakem, team) >> shift if over else self.kind_of(after)
                rows.append((after, over, known))
            found = self.afters[state] = tuple(rows)
        return found

    def _order_leads(self, leader: int, moves: list[int], live: int) -> list[int]:
        """Leads best-first: a suit's top card no one can trump, a low card to the partner's top card,
        other winners, then low cards; a suit an opponent can trump last."""
        classes, hands, team_of = self.classes, self.hands, self.rules.team_of
        above, order, class_of, rank = classes.above, classes.order, classes.class_of, classes.rank
        ascending = classes.ascending
        side = team_of[leader]
        scored = []
        facts: dict[int, tuple[bool, bool]] = {}  # per class: can an opponent trump it; its top the partner's
        for card in moves:
            index = class_of[card]
            found = facts.get(index)
            if found is None:
                suit_mask, ruffers = classes.suit_mask[classes.class_suits[index]], classes.ruffers[index]
                ruffed = partner_top = False
                top = -1
                if ascending[index]:  # (the class's top live card is its highest bit)
                    top = (live & classes.class_masks[index]).bit_length() - 1
                else:
                    for other in reversed(order[index]):
                        if live >> other & 1:
                            top = other
                            break
                for seat, held in enumerate(hands):
                    if seat == leader:
                        continue
                    if team_of[seat] != side:
                        if not held & suit_mask and held & ruffers:
                            ruffed = True
                    elif top >= 0 and held >> top & 1:
                        partner_top = True
                found = facts[index] = (ruffed, partner_top)
            ruffed, partner_top = found
            if ruffed:
                score = 0
            elif not above[card] & live:
                score = 3
            elif partner_top:
                score = 2
            else:
                score = 1
            scored.append(score << 12 | (63 - rank[card]) << 6 | card)  # (score, -rank, card) as one int
        scored.sort(reverse=True)
        return [key & 63 for key in scored]

    def _lead(self, leader: int, state: TallyState, live: int, alpha: int, beta: int,
              first: int) -> tuple[int, int]:
        """The best lead's value within the window, and that lead (``first``: try it first)."""
        if 0 < self.limit < self.nodes:
            raise NodeLimit
        classes, hands = self.classes, self.hands
        hand = hands[leader]
        moves, merged = classes.runs(hand, live)
        if merged and self.partition:  # (runs played as one: see settled)
            self.merged |= merged
        if len(moves) > 1:
            moves = self._order_leads(leader, moves, live)
            if first >= 0 and hand >> first & 1:
                first = classes.run_of(first, moves, live, hand)
                if first >= 0:
                    moves.remove(first)
                    moves.insert(0, first)
        seats = (leader, *self.rules.followers[leader])
        afters = self.afters_of(state)
        maximising = self.rules.team_of[leader] == self.team
        suit_of, trick_suit_of, power = classes.suit_of, classes.trick_suit_of, classes.power
        value, best = (-_INFINITY if maximising else _INFINITY), -1
        for card in moves:
            self.nodes += 1
            hands[leader] = hand ^ 1 << card
            row = power[trick_suit_of[card]]
            got = self._follow(1, seats, suit_of[card], row, leader, row[card], card, live, afters, alpha,
                               beta)
            hands[leader] = hand
            if maximising:
                if got > value:
                    value, best = got, card
                    if got > alpha:
                        alpha = got
                        if alpha >= beta:
                            break
            elif got < value:
                value, best = got, card
                if got < beta:
                    beta = got
                    if alpha >= beta:
                        break
        return value, best

    def _follow(self, place: int, seats: tuple[int, ...], led: int, row: tuple[int, ...], best: int, top: int,
                win: int, live: int, afters: Afters, alpha: int, beta: int) -> int:
        """The value of the trick's ``place``-th card (1 the first follow) on, within the window (``best``
        winning the trick so far with ``win``, of power ``top``; ``afters``: the trick's tally state's row
        of ``afters_of``)."""
        rules, classes, hands = self.rules, self.classes, self.hands
        seat = seats[place]
        hand = hands[seat]
        team_of = rules.team_of
        ours = team_of[seat] == team_of[best]
        last = place == len(seats) - 1
        suit = classes.suit_mask[led]
        legal = hand & suit
        if not legal:
            if rules.duty == 2 and self.partition:  # (the trumps that beat ``win``: its place is read)
                self._compared(hand & classes.suit_mask[classes.trump], win)
            legal = void_plays(rules.duty, classes, hand, row, top)
            suit = live  # (a void seat's moves span classes)
        elif rules.beats and legal & (legal - 1):  # the follow duty (tables.legal_plays, inlined)
            if self.partition:
                self._compared(legal, win)
            legal = beating(legal, row, top) or legal
        moves: Sequence[int]
        if legal & (legal - 1):  # a choice: its moves, ordered, found again
            key = (legal, live & suit, top, id(row), ours, last)
            found: tuple[Sequence[int], int] | None = self.follows.get(key)
            if found is None:
                moves, merged = classes.runs(legal, live)
                if len(moves) > 1:
                    moves = _order_follows(moves, row, top, ours, last)
                found = _kept(self.follows, key, (moves, merged))
            moves, merged = found
            if merged and self.partition:  # (runs played as one: see settled)
                self.merged |= merged
        else:
            moves = _ALONE[legal.bit_length() - 1]
        maximising = team_of[seat] == self.team
        value = -_INFINITY if maximising else _INFINITY
        played = _trick_cards(live, hands) if last and self.partition else -1  # (before this card: _won)
        for card in moves:
            self.nodes += 1
            hands[seat] = hand ^ 1 << card
            power = row[card]
            winner, high, taker = (seat, power, card) if power > top else (best, top, win)
            if last:
                if played >= 0:
                    self._won(taker, played | 1 << card)
                after, over, got = afters[winner]
                if not over:  # (got: the tally class after it)
                    got = self.trick(winner, after, got, alpha, beta)
            else:
                got = self._follow(place + 1, seats, led, row, winner, high, taker, live, afters, alpha, beta)
            hands[seat] = hand
            if maximising:
                if got > value:
                    value = got
                    if got > alpha:
                        alpha = got
                        if alpha >= beta:
                            break
            elif got < value:
                value = got
                if got < beta:
                    beta = got
                    if alpha >= beta:
                        break
        return value

    def _won(self, card: int, trick: int) -> None:
        """``card`` won the trick just played (``trick``: its cards): its place is read if another card
        of its class was played to it."""
        rivals = trick & self.classes.class_masks[self.classes.class_of[card]]
        if rivals & (rivals - 1):
            self.read |= 1 << card

    def _compared(self, cards: int, card: int) -> None:
        """A duty picked which of ``cards`` beat ``card``: its place is read if some are of its class."""
        if cards & self.classes.class_masks[self.classes.class_of[card]]:
            self.read |= 1 << card


def _trick_cards(live: int, hands: list[int]) -> int:
    """The cards played to the trick so far: the ``live`` cards at its start that no hand holds now."""
    for hand in hands:
        live &= ~hand
    return live


def _kept(memo: dict[K, V], key: K, value: V) -> V:
    """``value`` remembered under ``key`` in one of the search's memos by exact cards, which starts
    again empty once it holds ``_KEYS`` entries."""
    if len(memo) >= _KEYS:
        memo.clear()
    memo[key] = value
    return value


def _order_follows(moves: Sequence[int], row: tuple[int, ...], top: int, ours: bool,
                   last: bool) -> Sequence[int]:
    """Follows best-first: with the side already winning, low cards; else a card that beats the trick
    (the lowest such when last to play, the highest before), then low cards."""
    if ours:
        return moves[::-1]
    beating = [card for card in moves if row[card] > top]
    if not beating:
        return moves[::-1]
    rest = [card for card in moves if row[card] <= top]
    beating.sort(key=row.__getitem__, reverse=not last)
    rest.reverse()
    return beating + rest
