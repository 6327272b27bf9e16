"""A ruleset's rules as the double-dummy search reads them: trick ends by tally, cards by class.

The solver plays the rulesets the C kernel plays (``NativePlan.story`` empty): every card
is picked by the tables, every trick end by the tables, and the rules that end a hand, play
on and score read only the hand's tally. So a position is its hands, the trick so far and
a *tally state*; and everything the search asks of the rules is a lookup, kept here:

- ``Rules.after(state, winner)``: the tally state after a trick that ``winner`` won (the
  opening run, who collects by the capture table, the pile), and whether the hand is over
  (the completion rule, the stop, play-on), each worked out once;
- ``Rules.value(state, team)``: a finished hand's value for a team (``encode``);
- ``Rules.bounds(state, team)``: the least and the most a team can end with from a tally
  state whoever wins the tricks left (the search cuts where no card can change its window);
  ``Rules.bounds_owed`` the same where each team is sure of some of those tricks;
- ``Rules.under(trump)``: the card tables under a trump (``CardClasses``).

Nothing here names a variant: the tables are the rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from hokm._compose.cards import beating
from hokm._compose.trick_end import NOBODY
from hokm._kernel.native_plan import native_plan_of
from hokm._kernel.plan import plan_of

if TYPE_CHECKING:
    from hokm._compose.engine import Engine

__all__ = ["POINTS", "CardClasses", "Rules", "TallyState", "cards_in", "decode", "encode", "legal_plays",
           "rules_of", "void_plays"]

TallyState = tuple[tuple[int, ...], int, int, int, int, int, int]
"""Where a hand's tally stands at a trick's start: tricks per team, tricks done, opening team (-1:
none yet) and its run, the pile left in the centre, the last trick's winner (-1: none) and whether
it collected."""

POINTS = 8
"""The shift from a value (``encode``) to its points: a search for points alone reads ``value >> POINTS``."""
_MARGIN = 128


def encode(points: int, margin: int) -> int:
    """A finished hand's value as one int, ordered by points, then trick margin."""
    return points << POINTS | (margin + _MARGIN)


def decode(value: int) -> tuple[int, int]:
    """``encode``'s points and margin back from the int."""
    return value >> POINTS, (value & 0xFF) - _MARGIN


OWNER_BITS = 3
"""The bits a ``canon`` code gives a card's owner (its seat + 1: up to seven seats)."""


class CardClasses:
    """The cards under one trump as the search sees them.

    A card's *class* is its effective suit with its trick suit: cards of a class follow
    alike and compete alike, their ranks alone telling them apart. Where every trick's
    winner depends only on classes and the order within them (``exact``), two positions
    whose classes' live cards have the same owners in the same order play alike: the
    transposition table keys them together, and touching cards of one hand are one move.
    """

    __slots__ = (
        "_canon",
        "_groups",
        "above",
        "alone",
        "ascending",
        "cheap",
        "class_masks",
        "class_of",
        "class_suits",
        "exact",
        "field",
        "masters",
        "native",
        "order",
        "owed_cards",
        "power",
        "rank",
        "ruffers",
        "suit_mask",
        "suit_of",
        "threats",
        "trick_suit_of",
        "trump",
    )

    def __init__(self, engine: Engine, trump: int) -> None:
        plan = plan_of(engine)
        self.trump = trump
        self.suit_of: tuple[int, ...] = plan.suit_of[trump]
        self.trick_suit_of: tuple[int, ...] = plan.trick_suit_of[trump]
        self.suit_mask: tuple[int, ...] = tuple(plan.suit_masks[trump][:4])
        self.power: tuple[tuple[int, ...], ...] = plan.powers[trump]
        """Per led trick suit, each card's power: the highest wins (``hokm._compose.cards``)."""
        rank_of = engine.cards.rank_of[trump]
        classes: dict[tuple[int, int], list[int]] = {}
        for card in range(52):
            classes.setdefault((self.suit_of[card], self.trick_suit_of[card]), []).append(card)
        self.order: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(cards, key=lambda card: (rank_of[card], card)))
            for _, cards in sorted(classes.items()))
        """Each class's cards, lowest first."""
        self.class_masks: tuple[int, ...] = tuple(sum(1 << card for card in cards) for cards in self.order)
        class_of, rank = [0] * 52, [0] * 52
        for index, cards in enumerate(self.order):
            for place, card in enumerate(cards):
                class_of[card], rank[card] = index, place
        self.class_of: tuple[int, ...] = tuple(class_of)
        self.rank: tuple[int, ...] = tuple(rank)
        """Per card, its class and its place in it (0 the lowest)."""
        above = [0] * 52
        for cards in self.order:
            for place, card in enumerate(cards):
                for higher in cards[place + 1:]:
                    above[card] |= 1 << higher
        self.above: tuple[int, ...] = tuple(above)
        """Per card, the cards of its class ranked above it."""
        self.exact = _exact(self.order, self.power)
        self.class_suits: tuple[int, ...] = tuple(self.suit_of[cards[0]] for cards in self.order)
        self.alone: tuple[bool, ...] = tuple(self.class_suits.count(suit) == 1 for suit in self.class_suits)
        """Per class, whether it is the only class of its effective suit (its cards are the suit's)."""
        self.ascending: tuple[bool, ...] = tuple(list(cards) == sorted(cards) for cards in self.order)
        """Per class, whether its order is its cards' index order (a rank is then a bit's place)."""
        self.ruffers: tuple[int, ...] = tuple(
            sum(1 << card for card in range(52) if self.suit_of[card] != self.suit_of[cards[0]]
                and self.power[self.trick_suit_of[cards[0]]][card] > min(
                    self.power[self.trick_suit_of[cards[0]]][own] for own in cards))
            for cards in self.order)
        """Per class, the cards of other suits that may beat one of its cards led (the trumps)."""
        trumps = 0
        for mask in self.ruffers:
            trumps |= mask
        self.cheap: tuple[int, ...] = tuple((trumps >> card & 1) << 12 | rank[card] << 6 | card
                                            for card in range(52))
        """Per card, how dear it is to give up (the least first): cards that may beat another suit's lead
        (the trumps) after the rest, then by place in the class, then by index (``hokm._solver.playouts``)."""
        self.threats: tuple[int, ...] = _threats(self.power)
        """Per card, the other cards that may beat it (or tie with it) in some trick, whatever suit is led."""
        everything = (1 << 52) - 1
        self.masters = sum(1 << card for card in range(52) if self.threats[card] != everything ^ 1 << card)
        """The cards that beat some card whatever suit is led (the trumps): the only cards that can be out
        of every rival card's reach (``Search.owed_tricks``)."""
        owed_cards = self.masters
        for card in range(52):
            if self.masters >> card & 1:
                owed_cards |= self.threats[card]
        self.owed_cards = owed_cards
        """The masters and every card that may beat one: all that ``Search.owed_tricks`` reads of a hand."""
        self._groups: dict[tuple[int, int, int], tuple[tuple[int, ...], int]] = {}
        self._canon: dict[tuple[int, ...], tuple[int, int]] = {}
        self.field = OWNER_BITS * max(len(cards) for cards in self.order)
        """The bits of a ``canon`` code that each class's owners take."""
        self.native: tuple[int, int, bytes, bytes, bytes, bytes, bytes] = (
            trump, int(self.exact), bytes(len(cards) for cards in self.order),
            bytes(card for cards in self.order for card in cards),
            b"".join(mask.to_bytes(8, "little") for mask in self.ruffers), bytes(self.alone),
            b"".join(mask.to_bytes(8, "little") for mask in self.threats))
        """The tables as the C search takes them (``_native.c``'s ``load_classes``): the trump, ``exact``,
        each class's size, the classes' cards in ``order``, ``ruffers`` (8 bytes each), ``alone`` and
        ``threats`` (8 bytes a card)."""

    def standing(self, seats: tuple[int, ...], trick: list[int]) -> tuple[int, tuple[int, ...], int, int]:
        """A trick begun (``trick`` the cards played by ``seats`` in order): its led suit, the power row
        that decides it, the seat winning it so far and that card's power."""
        first = trick[0]
        row = self.power[self.trick_suit_of[first]]
        best, top = seats[0], row[first]
        for at, card in enumerate(trick[1:], 1):
            if row[card] > top:
                best, top = seats[at], row[card]
        return self.suit_of[first], row, best, top

    def moves(self, cards: int, live: int) -> list[int]:
        """One card of each run of ``cards`` that touch among the ``live`` cards (those in hands and
        in the trick), highest class first, highest run first within a class; each is the run's
        lowest card. Without ``exact`` every card is its own run."""
        return self.runs(cards, live)[0]

    def runs(self, cards: int, live: int) -> tuple[list[int], int]:
        """``moves``, and the lowest card of each of those runs of several cards, as a mask: their
        ranks among the live cards decide that they play alike (``settled``; 0 without ``exact``)."""
        moves: list[int] = []
        if not self.exact:
            while cards:
                low = cards & -cards
                moves.append(low.bit_length() - 1)
                cards ^= low
            moves.reverse()
            return moves, 0
        groups, class_masks = self._groups, self.class_masks
        merged = 0
        top = self.class_of[cards.bit_length() - 1]
        # A follow's cards lie in one class (the usual): only that class is looked at.
        for index in (top,) if not cards & ~class_masks[top] else range(len(class_masks)):
            mask = class_masks[index]
            mine = cards & mask
            if mine:
                key = (index, live & mask, mine)
                found = groups.get(key)
                if found is None:
                    found = groups[key] = _runs(self.order[index], live & mask, mine)
                moves.extend(found[0])
                merged |= found[1]
        return moves, merged

    def run_of(self, card: int, moves: Iterable[int], live: int, mine: int) -> int:
        """The move of ``moves`` (``mine``'s runs among the ``live`` cards) standing for ``card``: the
        lowest card of its run, or -1."""
        above = self.above
        for move in moves:
            # the run named by ``move`` holds ``card`` if only ``mine`` lies between them
            if move == card or (self.exact and above[move] >> card & 1
                                and not above[move] & ~above[card] & live & ~mine):
                return move
        return -1

    def canon(self, hands: list[int]) -> tuple[object, tuple[int, ...]]:
        """The hands as a key that positions playing alike share: the owners of each class's live cards
        in order as one int (``exact``: ``_owners``' code of each class in a field of ``OWNER_BITS`` bits a
        card of the largest class, the first class lowest), else the hands themselves. And their shape:
        per class, how many of its cards each hand holds (5 bits a seat), what two positions must share
        for a partition entry of one to stand for the other (``Search.trick``; empty without ``exact``)."""
        if not self.exact:
            return tuple(hands), ()
        known, field = self._canon, self.field
        code = at = 0
        shape: list[int] = []
        four = len(hands) == 4
        if four:  # (four seats unpacked: the search's most asked key, half the cost of the general form)
            first, second, third, fourth = hands
        for index, mask in enumerate(self.class_masks):
            parts = (first & mask, second & mask, third & mask, fourth & mask) if four else tuple(
                [hand & mask for hand in hands])
            found = known.get(parts)
            if found is None:
                counts = 0
                for part in parts:
                    counts = counts << 5 | part.bit_count()
                found = known[parts] = (_owners(self.order[index], parts), counts)
            code |= found[0] << at
            at += field
            shape.append(found[1])
        return code, tuple(shape)

    def owners_mask(self, counts: tuple[int, ...]) -> int:
        """The bits of a ``canon`` code that name the owners of each class's top ``counts`` live cards."""
        mask = at = 0
        for count in counts:
            mask |= ((1 << OWNER_BITS * count) - 1) << at
            at += self.field
        return mask

    def top_counts(self, cards: int, live: int) -> tuple[int, ...]:
        """Per class, how many of its ``live`` cards lie at or above the lowest of ``cards`` in it (0:
        none of ``cards`` in the class): ``cards`` closed upward, as counts of top cards."""
        counts = []
        for index, mask in enumerate(self.class_masks):
            mine = cards & mask
            if not mine:
                counts.append(0)
            elif self.ascending[index]:  # (a rank is a bit's place)
                low = mine & -mine
                counts.append((live & mask & ~(low - 1)).bit_count())
            else:
                count = found = 0
                for card in reversed(self.order[index]):
                    if live >> card & 1:
                        count += 1
                        if mine >> card & 1:
                            found = count
                counts.append(found)
        return tuple(counts)

    def settled(self, read: int, merged: int, hands: list[int], live: int) -> int:
        """``read`` with the lowest card of each run of ``merged`` (the lowest cards of runs played as one
        move) whose top lies in ``read``'s upward closure but whose lowest does not: such a run plays as
        one move only where its cards touch, which the closure must then keep."""
        rank = self.rank
        for index, mask in enumerate(self.class_masks):
            lows = merged & mask
            mine = read & mask
            if not lows or not mine:
                continue
            if self.ascending[index]:  # (a rank is a bit's place: the same walk by masks)
                floor, held = mine & -mine, live & mask
                while lows:
                    low = 1 << lows.bit_length() - 1  # (the highest first)
                    lows ^= low
                    if low >= floor:
                        continue
                    owner = 0
                    for hand in hands:
                        if hand & low:
                            owner = hand
                    above = held & ((floor << 1) - 1) & ~((low << 1) - 1)  # (the live cards up to the floor)
                    if not above & ~owner:  # its run reaches the floor: its lowest card joins
                        read |= low
                        floor = low
                continue
            order = self.order[index]
            floor = min(rank[card] for card in cards_in(mine))  # (the closure's lowest place)
            for low in sorted(cards_in(lows), key=rank.__getitem__, reverse=True):
                if rank[low] >= floor:
                    continue
                owner = 0
                for hand in hands:
                    if hand >> low & 1:
                        owner = hand
                top = rank[low]
                for card in order[top + 1:]:
                    if live >> card & 1:
                        if not owner >> card & 1:
                            break
                        top = rank[card]
                if top >= floor:  # (it straddles the closure's floor: its lowest card joins)
                    read |= 1 << low
                    floor = rank[low]
        return read

    def tops(self, counts: tuple[int, ...], live: int) -> int:
        """The mask of each class's top ``counts`` ``live`` cards (``top_counts``' inverse)."""
        cards = 0
        for index, count in enumerate(counts):
            if not count:
                continue
            held = live & self.class_masks[index]
            if self.ascending[index]:  # (a rank is a bit's place: the highest bits, taken or kept)
                dropped = held.bit_count() - count
                if dropped < count:
                    for _ in range(dropped):
                        held &= held - 1
                    cards |= held
                else:
                    for _ in range(count):
                        high = 1 << held.bit_length() - 1
                        cards |= high
                        held ^= high
                continue
            left = count
            for card in reversed(self.order[index]):
                if held >> card & 1:
                    cards |= 1 << card
                    left -= 1
                    if not left:
                        break
        return cards


def cards_in(mask: int) -> list[int]:
    """The cards of a mask, lowest index first."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def legal_plays(rules: Rules, classes: CardClasses, hand: int, led: int, row: tuple[int, ...],
                top: int) -> int:
    """The cards a seat holding ``hand`` may play to a trick led in ``led`` whose best card has power
    ``top`` in ``row``: the led suit's (under the follow duty, those that beat ``top`` where it holds
    one), else ``void_plays``. (The search inlines it on its hot path.)"""
    legal = hand & classes.suit_mask[led]
    if not legal:
        return void_plays(rules.duty, classes, hand, row, top)
    if rules.beats and legal & (legal - 1):
        return beating(legal, row, top) or legal
    return legal


def void_plays(duty: int, classes: CardClasses, hand: int, row: tuple[int, ...], top: int) -> int:
    """The cards a seat that cannot follow may play (``duty`` as ``Rules.duty``): a trump under a
    duty (one that beats the best card, ``top`` in ``row``, under overtrump, where it holds one),
    else any."""
    if duty and (trumps := hand & classes.suit_mask[classes.trump]):
        return beating(trumps, row, top) or trumps if duty == 2 else trumps
    return hand


def _threats(power: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Per card, the other cards whose power reaches its own in some row of ``power``."""
    threats = [0] * 52
    for row in power:
        reach = 0  # (the cards at or above the level, strongest level first)
        for level in sorted(set(row), reverse=True):
            tier = [card for card in range(52) if row[card] == level]
            reach |= sum(1 << card for card in tier)
            for card in tier:
                threats[card] |= reach
    return tuple(threat & ~(1 << card) for card, threat in enumerate(threats))


def _runs(order: tuple[int, ...], live: int, mine: int) -> tuple[tuple[int, ...], int]:
    """The lowest card of each run of ``mine`` in ``order`` among the ``live`` cards, highest first; and
    the lowest card of each run of several cards, as a mask."""
    runs: list[int] = []
    inside = 0  # (the cards of the run so far)
    merged = 0
    for card in order:
        bit = 1 << card
        if not live & bit:
            continue
        if mine & bit:
            if not inside:
                runs.append(card)
            inside += 1
            if inside == 2:
                merged |= 1 << runs[-1]
        else:
            inside = 0
    runs.reverse()
    return tuple(runs), merged


def _owners(order: tuple[int, ...], parts: tuple[int, ...]) -> int:
    """The owners of the cards in ``order`` held by ``parts`` (a hand each), as one int: seat + 1 per
    card in ``OWNER_BITS`` bits, the last card's lowest (so the low bits name the top cards' owners)."""
    code = 0
    for card in order:
        bit = 1 << card
        for seat, part in enumerate(parts):
            if part & bit:
                code = code << OWNER_BITS | seat + 1
                break
    return code


def _exact(order: tuple[tuple[int, ...], ...], power: tuple[tuple[int, ...], ...]) -> bool:
    """Whether every comparison of two cards' powers depends only on their classes and, within a
    class, on their order: then the owners of each class's cards in order decide the play."""
    for row in power:
        for cards in order:
            values = [row[card] for card in cards]
            if len(set(values)) not in (1, len(values)) or values != sorted(values):
                return False
        for first, cards in enumerate(order):
            for other in order[first + 1:]:
                signs = {(row[a] > row[b]) - (row[a] < row[b]) for a in cards for b in other}
                if len(signs) > 1:
                    return False
    return True


class Rules:
    """A ruleset's trick ends and scores by tally state, each worked out once (see the module)."""

    __slots__ = ("_after", "_bounds", "_classes", "_kinds", "_signatures", "_values", "beats", "capture",
                 "duty", "engine", "followers", "nothing_owed", "partners", "players", "rivals", "stop_at",
                 "team_of", "teams", "tricks")

    def __init__(self, engine: Engine) -> None:
        plan = plan_of(engine)
        self.engine = engine
        self.players = plan.players
        self.teams = engine.team_count
        self.team_of: tuple[int, ...] = tuple(engine.teams)
        self.tricks = engine.hand_size
        self.stop_at = min(plan.stop_at, self.tricks + 1)
        self.duty = 2 if plan.overtrump else int(plan.duty)
        """What a seat that cannot follow must play: 0 anything, 1 a trump, 2 a trump beating the best."""
        self.beats = plan.beats
        """Whether a seat that follows must beat the best card where it can (``FollowDuty.BEAT``)."""
        self.capture = None if plan.capture_identity else plan.captures
        self.followers: tuple[tuple[int, ...], ...] = tuple(
            tuple(seat for seat, _ in rest) for rest in plan.followers)
        self.rivals: tuple[tuple[int, ...], ...] = tuple(
            tuple(seat for seat in range(self.players) if seat != leader and (
                self.duty or self.capture is not None or self.team_of[seat] != self.team_of[leader]))
            for leader in range(self.players))
        """Per leader, the seats that may beat its sure tricks from outside the suit: the other sides,
        and its partners too where they may have to trump (a void duty, or a hand of trumps alone)
        and the capture table reads which seat won (the leader's side then cannot choose its winner)."""
        self.partners: tuple[tuple[int, ...], ...] = tuple(
            tuple(seat for seat in range(self.players) if seat != leader and seat not in self.rivals[leader])
            for leader in range(self.players))
        """Per leader, its partners free to play low under its sure tricks (``Search.sure_tricks``)."""
        self._classes: dict[int, CardClasses] = {}
        self._after: dict[tuple[TallyState, int, int], tuple[TallyState, bool]] = {}
        self._values: dict[tuple[TallyState, int, int], int] = {}
        self._bounds: dict[tuple[TallyState, int, int, tuple[int, ...]], tuple[int, int]] = {}
        self._kinds: dict[tuple[TallyState, int, int, int], int] = {}
        self._signatures: dict[tuple[tuple[int, int], ...], int] = {}
        self.nothing_owed: tuple[int, ...] = (0,) * self.teams

    def under(self, trump: int) -> CardClasses:
        """The card tables under ``trump`` (0-3), built on first use."""
        found = self._classes.get(trump)
        if found is None:
            found = self._classes[trump] = CardClasses(self.engine, trump)
        return found

    def after(self, state: TallyState, winner: int, hakem: int) -> tuple[TallyState, bool]:
        """The tally state after a trick ``winner`` won, and whether the hand is then over."""
        key = (state, winner, hakem)
        found = self._after.get(key)
        if found is None:
            found = self._after[key] = self._trick_end(state, winner, hakem)
        return found

    def _trick_end(self, state: TallyState, winner: int, hakem: int) -> tuple[TallyState, bool]:
        tally, done, opening, run, pile, previous, collected = state
        done += 1
        team = self.team_of[winner]
        if run == done - 1 and (done == 1 or opening == team):
            opening, run = team, done
        collector = winner
        if self.capture is not None:
            flags = 2 * collected + 1 if done > 1 else 0  # (the trump is in force from the first card)
            collector = self.capture[winner][previous if done > 1 else -1][flags][done]
        counts = list(tally)
        if collector == NOBODY:
            pile, collected = pile + 1, 0
        else:
            counts[self.team_of[collector]] += pile + 1
            pile, collected = 0, 1
        after = (tuple(counts), done, opening, run, pile, winner, collected)
        return after, done == self.tricks or self._over(after, hakem)

    def _over(self, state: TallyState, hakem: int) -> bool:
        """Whether the hand is over after a trick that left cards (``TrickEnd.hand_over``'s rule)."""
        ends, plan = self.engine.ends, plan_of(self.engine)
        key = _key(state, hakem)
        if plan.complete_hooks:
            assert ends.complete_answers is not None  # (a rule that reads the hand is not solvable)
            over = ends.complete_answers(key)
            if over is not None:
                return bool(over)
        stop = max(state[0]) >= self.stop_at
        if stop and plan.play_on:
            assert ends.play_on_answers is not None
            stop = not ends.play_on_answers(key)
        return stop

    def kind(self, state: TallyState, hakem: int, team: int, shift: int) -> int:
        """The class of ``state`` for a search of ``team``'s values shifted right by ``shift``: tally states
        from which every run of trick winners ends the hand at the same value share one. The search's
        table keys positions by it, so a position reached by another road (another opening run, the
        last trick won by another seat of a side where no rule reads which) is found again."""
        key = (state, hakem, team, shift)
        found = self._kinds.get(key)
        if found is None:
            parts = []
            for winner in range(self.players):
                after, over = self.after(state, winner, hakem)
                parts.append((1, self.value(after, hakem, team) >> shift) if over
                             else (0, self.kind(after, hakem, team, shift)))
            found = self._kinds[key] = self._signatures.setdefault(tuple(parts), len(self._signatures))
        return found

    def value(self, state: TallyState, hakem: int, team: int) -> int:
        """A finished hand's value for ``team`` (``encode``): its points (negative where another team
        won, 0 where the hand scores for nobody), then its trick margin."""
        key = (state, hakem, team)
        found = self._values.get(key)
        if found is None:
            score = self.engine.scoring.hand_score(None, None, _key(state, hakem))
            tally = state[0]
            points = 0 if score.winner < 0 else score.points if score.winner == team else -score.points
            found = self._values[key] = encode(points, 2 * tally[team] - sum(tally))
        return found

    def bounds(self, state: TallyState, hakem: int, team: int) -> tuple[int, int]:
        """The least and the most value ``team`` can end with from ``state``, whoever wins the tricks
        left (each seat in turn as each trick's winner)."""
        return self.bounds_owed(state, hakem, team, self.nothing_owed)

    def bounds_owed(self, state: TallyState, hakem: int, team: int, owed: tuple[int, ...]) -> tuple[int, int]:
        """``bounds`` where each team ``t`` is owed ``owed[t]`` of the tricks left: it wins them by the
        hand's end were every card played (``Search.owed_tricks``). A hand that stops earlier may end
        anywhere the tricks still to come could pay what is owed."""
        key = (state, hakem, team, owed)
        found = self._bounds.get(key)
        if found is None:
            left = self.tricks - state[1] - 1
            low, high = 1 << 40, -(1 << 40)
            for winner in range(self.players):
                side = self.team_of[winner]
                rest = (*owed[:side], owed[side] - 1, *owed[side + 1:]) if owed[side] else owed
                if sum(rest) > left:
                    continue
                after, over = self.after(state, winner, hakem)
                if over:
                    least = most = self.value(after, hakem, team)
                else:
                    least, most = self.bounds_owed(after, hakem, team, rest)
                low, high = min(low, least), max(high, most)
            found = self._bounds[key] = (low, high)
        return found


def _key(state: TallyState, hakem: int) -> tuple[int, tuple[int, ...], int, int, int]:
    """The tally state as the rules' tally key (``hokm._compose.tally.TallyKey``)."""
    tally, done, opening, run, _pile, _previous, _collected = state
    return hakem, tally, done, opening if run else -1, run


def reasons_of(engine: Engine) -> tuple[str, ...]:
    """Why the solver cannot play the engine's hands from its tables (empty: it can)."""
    return native_plan_of(engine).story


def rules_of(engine: Engine) -> Rules:
    """The engine's solver rules, built on first use and kept on its kernel plan."""
    plan = plan_of(engine)
    found = plan.solver
    if found is None:
        found = Rules(engine)
        plan.solver = found
    assert isinstance(found, Rules)
    return found
