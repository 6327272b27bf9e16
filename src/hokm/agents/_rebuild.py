"""A sampled deal made into a whole hand: the state a search agent plays out.

``sample_deals`` says where the unseen cards lie *now*. A search agent needs a
``HandState`` in that position, so this module rebuilds one: each seat's hand
as it was dealt is its sampled hand plus the cards it has played, and the
observation's public history (its decisions, placed among the plays by
``decisions_at``, and its plays in order) is replayed on it through the
ruleset's own ``apply``. The rules therefore check every step: a rebuild that
does not reach the observed position is refused (``None``), never guessed.

Two starts are tried: the deal at its trump call, replaying the call itself
(every classic deal), and, where the hand had a phase before its first lead
that explicit hands cannot replay (the two-player stock), the hands at the
first lead with the trump in force. A position neither reaches (a decision kept
hidden, a card laid aside before the trump is in force, a draw from the stock)
is left to the caller.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from hokm.actions import Action, HiddenAction, PlayCard
from hokm.agents._sampling import Deal
from hokm.cards import Card
from hokm.errors import HokmError, IllegalActionError
from hokm.observation import HandObservation
from hokm.outcomes import Phase

if TYPE_CHECKING:
    from hokm.state import HandState

__all__ = ["Replay", "history", "rebuild"]


def history(view: HandObservation) -> tuple[Action, ...] | None:
    """The public actions of ``view``'s hand in the order taken, or ``None`` if one is hidden."""
    plays = [PlayCard(card) for trick in view.tricks for _, card in trick.plays]
    plays += [PlayCard(card) for _, card in view.current_trick]
    actions: list[Action] = []
    taken = 0
    for (_, decision), at in zip(view.decisions, view.decisions_at, strict=True):
        if isinstance(decision, HiddenAction):
            return None
        actions += plays[taken:at]
        taken = max(taken, at)
        actions.append(decision)
    actions += plays[taken:]
    return tuple(actions)


def _played_by(view: HandObservation) -> list[set[Card]]:
    played: list[set[Card]] = [set() for _ in view.hand_sizes]
    for trick in view.tricks:
        for seat, card in trick.plays:
            played[seat].add(card)
    for seat, card in view.current_trick:
        played[seat].add(card)
    return played


def _dealt_hands(view: HandObservation, deal: Deal, played: list[set[Card]]) -> list[list[Card]]:
    """Each seat's hand as dealt (``played``: each seat's cards played, ``_played_by``), the observer's
    first packet first."""
    hands = [sorted(deal.hands[seat] | played[seat], key=_index) for seat in range(len(played))]
    if view.phase is Phase.TRUMP and view.seat == view.hakem:  # he has seen his first packet
        seen = sorted(view.hand, key=_index)
        hands[view.seat] = seen + [card for card in hands[view.seat] if card not in view.hand]
    return hands


def _position(view: HandObservation) -> tuple[object, ...]:
    """What decides the rest of the hand: the trump and since when, the tricks, turn and choices.

    A rebuild started at the first lead has no earlier decisions, so these are compared,
    not the whole observation.
    """
    return (view.phase, view.trump, view.trump_from, view.tricks, view.current_trick, view.team_tricks,
            view.pile, view.hand, view.hand_sizes, view.to_act, view.legal_actions, view.annulled)


def _index(card: Card) -> int:
    return card.index


def _unshown(state: HandState, observer: int, action: Action) -> HandState:
    """``state`` after the secret answers the observer never saw, where ``action`` waits on them.

    A secret decision (declining an offer only its seat knew of) is missing from the
    observation, and it is the only kind missing: where another seat's pending decision
    stands between the history and its next action, that seat took the secret option.
    """
    while (pending := state.pending_decision) is not None and pending.seat != observer \
            and action not in state.legal_actions():
        secret = next((option for option in pending.options if option.secret), None)
        if secret is None:
            return state  # not a secret offer: the replay fails on the action, as it must
        state = state.apply(secret)
    return state


def _starts(view: HandObservation, hands: Sequence[Sequence[Card]], actions: tuple[Action, ...],
            deal: Deal) -> list[tuple[Callable[[], HandState], tuple[Action, ...]]]:
    """Where a replay may start: the deal at its trump call, then the hands at the first lead (first
    of the two where nothing public happened before the first lead: the history then holds no call
    to replay from the deal, which the first start would try in vain)."""
    rules = view.ruleset
    assert rules is not None  # checked by rebuild
    starts: list[tuple[Callable[[], HandState], tuple[Action, ...]]] = []
    if not any(deal.set_aside) and not deal.stock:  # else the trump call and the draws cannot replay
        starts.append((lambda: rules.new_hand(hands, hakem=view.hakem), actions))
    trump = view.trump
    if trump is not None:  # only the plays, and the decisions among them, are replayed
        first = next((i for i, action in enumerate(actions) if isinstance(action, PlayCard)),
                     len(actions))
        # The decisions before the first play were taken at the trump call, or at the first lead once
        # the trump is known (a claim offered then): the later ones are replayed, each split tried.
        at_lead = [(lambda: rules.new_hand(hands, hakem=view.hakem, trump=trump), actions[split:])
                   for split in range(first, -1, -1)]
        starts = at_lead + starts if first == 0 else starts + at_lead
    return starts


class Replay:
    """What every rebuild of one observation shares, worked out once for all its sampled deals: its
    public history (``history``), each seat's cards played and the position to reach (``_position``)."""

    __slots__ = ("actions", "played", "position", "view")

    def __init__(self, view: HandObservation) -> None:
        self.view = view
        self.actions = history(view)
        self.played = _played_by(view)
        self.position = _position(view)


def rebuild(view: HandObservation, deal: Deal, replay: Replay | None = None) -> HandState | None:
    """The hand in ``view``'s position with ``deal``'s hidden cards, or ``None`` if it cannot be rebuilt.

    The result is checked: every seat holds exactly its sampled hand, and ``view.seat``
    sees the same position of play (``_position``) as in ``view``. ``replay``: ``Replay(view)``,
    made once where many deals of one view are rebuilt.
    """
    if view.ruleset is None or view.to_act != view.seat:
        return None
    if replay is None or replay.view is not view:
        replay = Replay(view)
    actions = replay.actions
    if actions is None:
        return None
    hands = _dealt_hands(view, deal, replay.played)
    for start, steps in _starts(view, hands, actions, deal):
        try:
            state = start()
            try:
                state = state.apply_all(steps)  # (the usual: every action legal where it comes)
            except IllegalActionError:  # a secret answer may stand between two actions (_unshown)
                for action in steps:
                    state = _unshown(state, view.seat, action).apply(action)
        except HokmError:  # not a start this ruleset allows, or the history does not replay
            continue
        if state.hands == deal.hands and _position(state.observation(view.seat)) == replay.position:
            return state
    return None
