"""Exact uniform sampling of the deals one seat's observation cannot tell apart.

The observation's public knowledge (``hokm._knowledge``) says which cards are
unseen, how many of them each *place* holds (another seat's hand, a seat's
face-down cards, the two-player stock, the rest out of play), and which cards
each seat's plays prove are not in its hand. Only hands carry such
exclusions, so the unseen cards fall into *classes*: the cards that the same
set of hands may hold. The other places take any card, so they form one
*pool*, split among them uniformly at the end.

Counting the deals is then a small dynamic programme: class by class, hand by
hand, how many of the class's remaining cards go to that hand (``C(r, k)``
ways to pick them), over the hands' remaining capacities; the class's last
cards go to the pool. Sampling walks the same programme choosing each ``k``
with probability proportional to the number of deals below it, then picks
which cards uniformly (a shuffle of the class). Every consistent deal is
therefore drawn with the same probability, exactly: the weights are exact
integers and ``random.Random.randrange`` draws exactly uniform integers. No
step rejects a draw, so sampling never stalls, whatever the constraints.
"""

from __future__ import annotations

import bisect
import math
import random
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, overload

import attrs

from hokm._checks import check_int
from hokm._compose.card_sets import frozen_cards
from hokm._compose.masks import indices_of
from hokm.cards import Card
from hokm.errors import ArgumentTypeError, InvalidArgumentError, _got
from hokm.observation import HandObservation, MatchObservation

if TYPE_CHECKING:
    from hokm._knowledge import Knowledge

__all__ = ["Deal", "count_deals", "sample_deals"]

_CARDS: tuple[Card, ...] = tuple(Card.from_index(index) for index in range(52))
_BITS: tuple[int, ...] = tuple((i + 1).bit_length() for i in range(64))
"""Random bits for a uniform index in ``0 .. i`` (Fisher-Yates' ``j``)."""


@attrs.frozen
class Deal(Sequence[frozenset[Card]]):
    """One complete deal consistent with an observation: a sequence of per-seat hands.

    ``deal[seat]`` (and ``tuple(deal)``, ``len(deal)``) are the hands, in seat order;
    the other attributes place the rest of the cards that are not played.

    Attributes:
        hands: each seat's hand *now* (cards already played are in the observation's
            tricks). The observer's hand is its own; during the trump call, the cards
            the observer has not seen yet are sampled like everyone else's.
        set_aside: each seat's cards laid apart from its hand (the observer's own as it
            knows them, plus any it has not seen, e.g. a blind indicator).
        stock: the two-player stock, top card first (the cards the observer is being
            offered stay on top); empty for other deals.
        out: the rest of the unseen cards: out of play (two-player rejected and burned
            draw cards, the other seat's discards are in ``set_aside``) or never dealt.
    """

    hands: tuple[frozenset[Card], ...]
    set_aside: tuple[frozenset[Card], ...]
    stock: tuple[Card, ...] = ()
    out: frozenset[Card] = frozenset()

    @overload
    def __getitem__(self, seat: int) -> frozenset[Card]: ...
    @overload
    def __getitem__(self, seat: slice) -> tuple[frozenset[Card], ...]: ...

    def __getitem__(self, seat: int | slice) -> frozenset[Card] | tuple[frozenset[Card], ...]:
        return self.hands[seat]

    def __len__(self) -> int:
        return len(self.hands)

    def __iter__(self) -> Iterator[frozenset[Card]]:
        return iter(self.hands)


class _Counts:
    """The counting programme of one observation's unseen cards (built once, kept on its knowledge)."""

    __slots__ = ("_choices", "_memo", "caps", "classes", "fill", "fixed_aside", "fixed_hands", "know",
                 "pool_aside", "pool_caps", "pool_shuffled", "seats", "slots", "total")

    def __init__(self, know: Knowledge) -> None:
        self.know = know
        if min(know.hand_caps) < 0 or min(know.aside_caps) < 0 or know.stock_cap < 0 or know.rest_cap < 0:
            raise InvalidArgumentError(_inconsistent(know, "it places more cards than it leaves unseen"))
        seats = tuple(seat for seat in range(know.players) if know.hand_caps[seat] > 0)
        self.seats = seats
        self.caps = tuple(know.hand_caps[seat] for seat in seats)
        by_allowed: dict[int, list[int]] = {}
        excluded = [know.excluded[seat] for seat in seats]
        for card in indices_of(know.unseen):
            allowed = 0
            for slot, mask in enumerate(excluded):
                if not mask >> card & 1:
                    allowed |= 1 << slot
            by_allowed.setdefault(allowed, []).append(card)
        classes = sorted(by_allowed.items())  # a fixed order: the same observation, the same draws
        self.classes: tuple[tuple[int, ...], ...] = tuple(tuple(cards) for _, cards in classes)
        self.slots: tuple[tuple[int, ...], ...] = tuple(
            tuple(slot for slot in range(len(seats)) if allowed >> slot & 1) for allowed, _ in classes)
        # fill[c][slot]: cards of classes c.. that ``slot`` may take; fill[c][-1]: all cards of c..
        fill = [[0] * (len(seats) + 1) for _ in range(len(classes) + 1)]
        for c in range(len(classes) - 1, -1, -1):
            fill[c] = list(fill[c + 1])
            for slot in self.slots[c]:
                fill[c][slot] += len(self.classes[c])
            fill[c][-1] += len(self.classes[c])
        self.fill = fill
        self.pool_caps = (*know.aside_caps, know.stock_cap, know.rest_cap)
        # Shuffle the pool only when it is split between places, or the stock's order is drawn.
        self.pool_shuffled = sum(1 for cap in self.pool_caps if cap) + (know.stock_cap > 1) > 1
        self.pool_aside = any(know.aside_caps)
        self.fixed_hands = tuple(map(frozen_cards, know.held))
        self.fixed_aside = tuple(map(frozen_cards, know.held_aside))
        self._memo: dict[tuple[int, int, int, tuple[int, ...]], int] = {}
        self._choices: dict[tuple[int, int, int, tuple[int, ...]], tuple[list[int], list[int]]] = {}
        if not classes:
            self.total = 0 if any(self.caps) else 1
        else:
            self.total = self._count(0, 0, len(self.classes[0]), self.caps)

    def _count(self, c: int, j: int, left: int, caps: tuple[int, ...]) -> int:
        """Ways to place ``left`` cards of class ``c`` from its slot ``j`` on, and every later class."""
        key = (c, j, left, caps)
        found = self._memo.get(key)
        if found is not None:
            return found
        slots = self.slots[c]
        after = self.fill[c + 1]
        if sum(caps) > left + after[-1] or any(
                cap > (left if slot in slots[j:] else 0) + after[slot] for slot, cap in enumerate(caps)):
            value = 0  # some hand can no longer be filled
        elif j == len(slots):  # the class's last cards go to the pool
            if c + 1 == len(self.classes):
                value = 0 if any(caps) else 1
            else:
                value = self._count(c + 1, 0, len(self.classes[c + 1]), caps)
        else:
            slot = slots[j]
            value = 0
            for k in range(min(left, caps[slot]) + 1):
                below = self._count(c, j + 1, left - k, _less(caps, slot, k))
                if below:
                    value += math.comb(left, k) * below
        self._memo[key] = value
        return value

    def _choose(self, c: int, j: int, left: int, caps: tuple[int, ...],
                getrandbits: Callable[[int], int]) -> int:
        """How many of the ``left`` cards slot ``j`` of class ``c`` takes, drawn by the deals below."""
        key = (c, j, left, caps)
        table = self._choices.get(key)
        if table is None:
            slot = self.slots[c][j]
            counts: list[int] = []
            totals: list[int] = []
            running = 0
            for k in range(min(left, caps[slot]) + 1):
                below = self._count(c, j + 1, left - k, _less(caps, slot, k))
                if below:
                    running += math.comb(left, k) * below
                    counts.append(k)
                    totals.append(running)
            table = self._choices[key] = (counts, totals)
        counts, totals = table
        if len(counts) == 1:
            return counts[0]
        return counts[bisect.bisect_right(totals, _below(totals[-1], getrandbits))]

    def draw(self, rng: random.Random) -> Deal:
        getrandbits = rng.getrandbits
        caps = self.caps
        hands = [0] * len(caps)
        pool: list[int] = []
        for c, cards in enumerate(self.classes):
            left = len(cards)
            taken: list[tuple[int, int]] = []
            for j, slot in enumerate(self.slots[c]):
                if not left:
                    break
                k = self._choose(c, j, left, caps, getrandbits)
                if k:
                    taken.append((slot, k))
                    caps = _less(caps, slot, k)
                    left -= k
            order: Sequence[int] = cards
            if taken and (left or len(taken) > 1):
                order = _shuffled(cards, getrandbits)  # which cards: every subset equally likely
            position = 0
            for slot, k in taken:
                mask = 0
                for card in order[position:position + k]:
                    mask |= 1 << card
                hands[slot] |= mask
                position += k
            if position < len(order):
                pool.extend(order[position:])
        return self._deal(hands, pool, getrandbits)

    def _deal(self, sampled: list[int], pool: list[int], getrandbits: Callable[[int], int]) -> Deal:
        know = self.know
        hands = list(self.fixed_hands)
        for slot, seat in enumerate(self.seats):
            hands[seat] = frozen_cards(know.held[seat] | sampled[slot])
        if not pool:
            return Deal(tuple(hands), self.fixed_aside, know.stock_known)
        caps = self.pool_caps
        if self.pool_shuffled:
            pool = _shuffled(pool, getrandbits)  # which pooled card goes where (and the stock's order)
        aside = self.fixed_aside
        position = 0
        if self.pool_aside:
            masks = list(know.held_aside)
            for seat in range(know.players):
                cap = caps[seat]
                for card in pool[position:position + cap]:
                    masks[seat] |= 1 << card
                position += cap
            aside = tuple(map(frozen_cards, masks))
        stock = know.stock_known + tuple(_CARDS[card] for card in pool[position:position + caps[-2]])
        rest = 0
        for card in pool[position + caps[-2]:]:
            rest |= 1 << card
        return Deal(tuple(hands), aside, stock, frozen_cards(rest))

    def deals(self) -> int:
        """Every ``Deal`` value the sampler can return: the hands' ways times the pool's ways."""
        caps = self.pool_caps
        pool = sum(caps)
        ways = math.factorial(pool)
        for cap in caps[:-2] + caps[-1:]:  # the stock's order counts; the others are sets
            ways //= math.factorial(cap)
        return self.total * ways


def _less(caps: tuple[int, ...], slot: int, k: int) -> tuple[int, ...]:
    """``caps`` with ``k`` fewer at ``slot``."""
    return (*caps[:slot], caps[slot] - k, *caps[slot + 1:])


def _below(n: int, getrandbits: Callable[[int], int]) -> int:
    """A uniform integer in ``0 .. n - 1``, exactly (rejection on ``n.bit_length()`` random bits).

    The same draw ``random.Random.randrange(n)`` makes, inlined; it never stalls, since
    each try succeeds with probability above one half.
    """
    bits = n.bit_length()
    value = getrandbits(bits)
    while value >= n:
        value = getrandbits(bits)
    return value


def _shuffled(cards: Sequence[int], getrandbits: Callable[[int], int]) -> list[int]:
    """A uniformly random permutation of ``cards`` (Fisher-Yates with exact ``_below`` draws)."""
    order = list(cards)
    for i in range(len(order) - 1, 0, -1):
        bits = _BITS[i]
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        order[i], order[j] = order[j], order[i]
    return order


def _inconsistent(know: Knowledge, why: str) -> str:
    return (f"no deal is consistent with seat {know.seat}'s observation: {why} (an observation "
            "built by hand, or a legality rule that is not of the 'if you hold one, play one' form)")


def _counts(observation: object, name: str = "observation") -> _Counts:
    if isinstance(observation, MatchObservation):
        observation = observation.hand
    if not isinstance(observation, HandObservation):
        raise ArgumentTypeError(f"{name} must be a HandObservation or MatchObservation (from "
                                f"state.observation(seat)), got {_got(observation)}")
    know = observation._knowledge
    counts = know.sampler
    if counts is None:
        counts = know.sampler = _Counts(know)
    assert isinstance(counts, _Counts)
    if not counts.total:
        raise InvalidArgumentError(_inconsistent(know, "its plays rule out every way to fill the hands"))
    return counts


@overload
def sample_deals(observation: HandObservation | MatchObservation, n: int, *,
                 rng: random.Random) -> tuple[Deal, ...]: ...


@overload
def sample_deals(observation: HandObservation | MatchObservation, rng: random.Random, n: int,
                 /) -> tuple[Deal, ...]: ...  # the order before 0.2 (deprecated)


def sample_deals(observation: HandObservation | MatchObservation, n: int | random.Random, *old: int,
                 rng: random.Random | None = None) -> tuple[Deal, ...]:
    """``n`` complete deals drawn uniformly from those ``observation`` cannot tell apart.

    Called ``sample_deals(observation, n, rng=rng)``: ``n`` before the random source, as
    ``random.sample(population, k)`` has it. The former order, ``sample_deals(observation,
    rng, n)``, still works and warns (``DeprecationWarning``).

    Every deal agrees with everything the observing seat knows: its own hand and
    set-aside cards, the cards played, seen and shown (a shown card stays in the
    hand that holds it), each seat's hand size and set-aside count, the two-player
    stock's size and the card it is being offered, and what each seat's plays
    prove (its voids by the effective suits of the time, and its duties:
    must-trump, must-overtrump, a variant's announcement). Each such deal is
    equally likely, exactly, and drawing never stalls: see
    [Bots and hidden hands](../explanation/agents.md#sampling-hidden-hands).

    The sampler reads the observation alone, so it cannot leak a card the seat has
    not seen: two true deals with the same observation give the same samples for
    the same ``rng`` state.

    >>> import random, hokm
    >>> from hokm.agents import sample_deals
    >>> hand = hokm.Ruleset.compose().deal(random.Random(7)).apply(hokm.CallTrump(hokm.Suit.SPADES))
    >>> view = hand.observation(1)
    >>> deals = sample_deals(view, 3, rng=random.Random(0))
    >>> [len(cards) for cards in deals[0]], deals[0][1] == view.hand
    ([13, 13, 13, 13], True)

    Args:
        observation: a seat's ``HandObservation`` (or ``MatchObservation``: its hand).
        n: how many deals (0 or more).
        rng: the random source (a ``random.Random``), by keyword; the samples depend on it
            alone.

    Returns:
        ``n`` ``Deal`` values (with repetition: small endgames have few deals).

    Raises:
        ArgumentTypeError: ``observation`` or ``rng`` has the wrong type (or ``rng`` is not
            given), ``n`` is not an int.
        InvalidArgumentError: ``n`` is negative, or no deal is consistent with the
            observation (one built by hand).
    """
    if old or isinstance(n, random.Random):
        if len(old) != 1 or rng is not None:
            given = f"{2 + len(old)} positional arguments" + (" and rng" if rng is not None else "")
            raise ArgumentTypeError(f"sample_deals() is called sample_deals(observation, n, rng=rng), "
                                    f"got {given}")
        warnings.warn("sample_deals(observation, rng, n) is deprecated: call sample_deals(observation, n, "
                      "rng=rng)", DeprecationWarning, stacklevel=2)
        rng, n = n, old[0]  # type: ignore[assignment]
    if not isinstance(rng, random.Random):
        raise ArgumentTypeError(f"rng must be a random.Random such as random.Random(seed), got {_got(rng)}")
    check_int(n, "n", low=0)
    counts = _counts(observation)
    return tuple(counts.draw(rng) for _ in range(n))


def count_deals(observation: HandObservation | MatchObservation) -> int:
    """How many distinct deals ``sample_deals`` chooses among for ``observation``.

    >>> import math, random, hokm
    >>> from hokm.agents import count_deals
    >>> hand = hokm.Ruleset.compose().deal(random.Random(7)).apply(hokm.CallTrump(hokm.Suit.SPADES))
    >>> count_deals(hand.observation(0)) == math.factorial(39) // math.factorial(13) ** 3
    True

    Raises:
        ArgumentTypeError: ``observation`` is not an observation.
        InvalidArgumentError: no deal is consistent with it.
    """
    return _counts(observation).deals()
