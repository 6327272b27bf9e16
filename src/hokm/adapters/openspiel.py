"""Hokm as an OpenSpiel game: ``python_hokm``, one hand per game, every variant.

Importing this module registers the game with OpenSpiel, so that
``pyspiel.load_game("python_hokm(variants=satat)")`` works; it needs the ``openspiel``
extra (``pip install "hokm[openspiel]"``). See [OpenSpiel](../adapters/openspiel.md).

One game is one hand: the deal, one chance node per card dealt (top card first, as
``Ruleset.deal`` reads a deck order), then the trump call, the two-player draw, trick play
and every variant's decisions as player actions, whose ids are the shared encoding's.
A terminal state's returns are the hand's points: each seat of the winning team gets
``+points``, each other seat ``-points / (teams - 1)``, so they sum to zero; an annulled
hand (a redeal) returns zero to everyone. A state serialises as its action history: the
Python part OpenSpiel adds says only "replay the history" (a few dozen bytes, the same for
every state), and a deserialised state is rebuilt by replaying it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hokm.adapters import require_extra

pyspiel: Any = require_extra("pyspiel", extra="openspiel")
np: Any = require_extra("numpy", extra="openspiel")

from hokm.actions import Action, PlayCard  # noqa: E402  (after the extra is known to be there)
from hokm.adapters import _openspiel_params as params_  # noqa: E402
from hokm.adapters._openspiel_resample import relabel_action, resampled_history  # noqa: E402
from hokm.cards import Card  # noqa: E402
from hokm.encoding import ActionSpace, ObservationEncoder  # noqa: E402
from hokm.errors import InvalidArgumentError, _shown  # noqa: E402
from hokm.observation import HandObservation  # noqa: E402
from hokm.outcomes import Phase  # noqa: E402
from hokm.rules import Ruleset  # noqa: E402
from hokm.state import HandState  # noqa: E402

__all__ = ["GAME_TYPE", "SHORT_NAME", "HokmGame", "HokmObserver", "HokmState", "load_game"]

SHORT_NAME = "python_hokm"
"""The name the game is registered under: ``pyspiel.load_game("python_hokm")``."""

_PARAMETERS: dict[str, Any] = {"variants": "", "options": "", "hakem": 0}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Hokm (hokm library)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMETERS,
)
"""The registered ``pyspiel.GameType``: sequential, explicit chance, imperfect information, zero-sum."""


class _Views(dict[int, "HandObservation"]):
    """Each seat's observation of the current hand, kept until the next action; a clone starts empty."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Views:
        return _Views()


class _Pending:
    """What a deserialised state's Python part is until first used: "replay the history"."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_pending, ())


_PENDING = _Pending()


def _pending() -> _Pending:
    """Unpickling a serialised state's Python part: the one ``_PENDING`` (nothing else is in it)."""
    return _PENDING


class _Core:
    """The Python side of a state: the deal so far, the hand, each seat's memory of its decisions.

    OpenSpiel copies it when a state is cloned and pickles it when a state is serialised; it
    pickles as ``_PENDING`` (the state is rebuilt from its action history, which OpenSpiel
    serialises itself), so a serialised state is its history and nothing more.
    """

    __slots__ = ("dealt", "hand", "memory", "packet", "shared", "taken", "views")

    def __init__(self, shared: _Shared) -> None:
        self.shared = shared
        self.dealt: list[int] = []
        self.hand: HandState | None = None
        self.taken: list[int] = []  # the action ids after the deal
        self.memory: list[list[str]] = [[] for _ in range(shared.players)]
        self.packet: list[int] = [0] * shared.players
        self.views = _Views()

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        copy = _Core.__new__(_Core)
        copy.shared, copy.hand, copy.views = self.shared, self.hand, _Views()  # hands are immutable
        copy.dealt, copy.taken, copy.packet = list(self.dealt), list(self.taken), list(self.packet)
        copy.memory = [list(seen) for seen in self.memory]
        return copy

    def __reduce__(self) -> tuple[Any, ...]:
        return (_pending, ())


class _Shared:
    """What every state of one game shares (deep copies of a state keep pointing at it)."""

    __slots__ = ("deck", "encoder", "hakem", "players", "ruleset", "space", "steps", "teams", "winning")

    def __init__(self, ruleset: Ruleset, hakem: int) -> None:
        self.ruleset = ruleset
        self.hakem = hakem
        self.space = ActionSpace(ruleset)
        self.encoder = ObservationEncoder(ruleset, actions=self.space)
        self.deck: tuple[Card, ...] = tuple(ruleset.deck)
        self.steps = params_.chance_steps(ruleset, hakem)
        self.players = ruleset.players
        self.teams = tuple(int(ruleset.team_of(seat)) for seat in range(self.players))
        self.winning = max(self.teams) + 1

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


def _game_info(shared: _Shared) -> Any:
    points = float(params_.max_points(shared.ruleset))
    others = shared.winning - 1
    decisions = 3 * len(shared.deck) + 16  # every play, draw and discard, and a few more decisions
    return pyspiel.GameInfo(
        num_distinct_actions=shared.space.size,
        max_chance_outcomes=52,
        num_players=shared.players,
        min_utility=-points / others,
        max_utility=points,
        utility_sum=0.0,
        max_game_length=shared.steps + decisions,
    )


def _hakem(value: object, players: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise InvalidArgumentError(f"hakem={_shown(value)} is not a seat: seats are 0..{players - 1}")
    return value


class HokmGame(pyspiel.Game):  # type: ignore[misc]
    """One hand of Hokm under the ruleset its parameters name.

    Parameters (all optional, OpenSpiel game-string values):

    - ``variants``: variant names joined with ``+`` (``"satat+obligatory-trump"``); ``""``
      (the default) is standard Hokm.
    - ``options``: ``variant.key:value`` items joined with ``;``
      (``"standard.kot_points:3;double-sar.ace_rule:True"``); values are Python literals or
      plain words.
    - ``hakem``: the Hakem's seat (default 0): he calls trump and leads the first trick.

    Raises:
        UnknownVariantError, InvalidOptionError, VariantConflictError: as ``Ruleset.compose``.
        InvalidArgumentError: ``hakem`` is not a seat of the table, or a parameter is malformed.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**_PARAMETERS, **(params or {})}
        unknown = set(given) - set(_PARAMETERS)
        if unknown:
            raise InvalidArgumentError(f"unknown python_hokm parameter(s) {sorted(unknown)}: "
                                       f"the parameters are {sorted(_PARAMETERS)}")
        ruleset = params_.ruleset_of(given["variants"], given["options"])
        self._shared = _Shared(ruleset, _hakem(given["hakem"], ruleset.players))
        super().__init__(GAME_TYPE, _game_info(self._shared), given)

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset the game's parameters compose."""
        return self._shared.ruleset

    def new_initial_state(self) -> HokmState:
        """The hand before its first card is dealt (a chance node)."""
        return HokmState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> HokmObserver:
        """An observer of tensors and strings (information state when ``perfect_recall``)."""
        return HokmObserver(self._shared, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
                            params)


class HokmState(pyspiel.State):  # type: ignore[misc]
    """A state of the hand: dealing (chance), deciding (a seat) or over (terminal).

    ``hand`` is the ``hokm.HandState`` once the deal is complete (``None`` while dealing).
    """

    def __init__(self, game: HokmGame) -> None:
        super().__init__(game)
        self._s: _Core | _Pending = _Core(game._shared)

    def _core(self) -> _Core:
        """The Python side of the state, rebuilt from the action history after a deserialisation."""
        core = self._s
        if isinstance(core, _Pending):
            replayed: HokmState = self.get_game().new_initial_state()
            for action in self.history():
                replayed.apply_action(action)
            core = self._s = replayed._core()
        return core

    @property
    def hand(self) -> HandState | None:
        """The hokm hand state (omniscient: never show it to a player), ``None`` while dealing."""
        return self._core().hand

    # The OpenSpiel API ---------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, ``pyspiel.PlayerId.CHANCE`` while dealing, ``TERMINAL`` once over."""
        core = self._core()
        hand = core.hand
        if hand is None:
            return int(pyspiel.PlayerId.CHANCE)
        to_act = hand.to_act
        return int(pyspiel.PlayerId.TERMINAL) if to_act is None else int(to_act)

    def _legal_actions(self, player: int) -> list[int]:
        core = self._core()
        hand = core.hand
        if hand is None or hand.to_act != player:
            return []
        return sorted(map(core.shared.space.id_of, hand.legal_actions()))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not dealt yet, each equally likely: the next card of the deck."""
        core = self._core()
        dealt = set(core.dealt)
        left = [card.index for card in core.shared.deck if card.index not in dealt]
        chance = 1.0 / len(left)
        return [(index, chance) for index in sorted(left)]

    def _apply_action(self, action: int) -> None:
        core = self._core()
        hand = core.hand
        shared = core.shared
        if hand is None:
            core.dealt.append(action)
            if len(core.dealt) == shared.steps:
                core.hand = shared.ruleset.deal(self._order(), hakem=shared.hakem)
            return
        taken = shared.space.action_of(action)
        if taken.__class__ is not PlayCard:
            self._remember(hand, taken)
        core.hand = hand.apply(taken)
        core.taken.append(action)
        core.views = _Views()

    def _order(self) -> list[Card]:
        """The deck order dealt: the cards dealt by chance, then any never-dealt cards in deck order."""
        core = self._core()
        dealt = set(core.dealt)
        return [Card.from_index(index) for index in core.dealt] + [
            card for card in core.shared.deck if card.index not in dealt]

    def _remember(self, hand: HandState, action: Action) -> None:
        """What the deciding seat saw when it took a decision (its information state keeps it)."""
        core = self._core()
        seat = int(hand.to_act)  # type: ignore[arg-type]
        view = hand.observation(seat)
        seen = ""
        if view.phase is Phase.TRUMP:
            seen = " holding " + _cards(view.hand)
            core.packet[seat] = sum(1 << card.index for card in view.hand)
        if view.offered is not None:
            seen += f" offered {view.offered}"
        if view.offered_next is not None:
            seen += f" then {view.offered_next}"
        core.memory[seat].append(f"{action}{seen}")

    def _view_of(self, hand: HandState, player: int) -> HandObservation:
        """``hand.observation(player)``, kept until the next action (strings and tensors share it)."""
        core = self._core()
        view = core.views.get(player)
        if view is None:
            view = core.views[player] = hand.observation(player)
        return view

    def _action_to_string(self, player: int, action: int) -> str:
        core = self._core()
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Card.from_index(action)}"
        return str(core.shared.space.action_of(action))

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        core = self._core()
        hand = core.hand
        return hand is not None and hand.is_over

    def returns(self) -> list[float]:
        """Per seat: ``+points`` for the winning team, ``-points / (teams - 1)`` for the others.

        Zero before the end and for an annulled hand (a redeal).
        """
        core = self._core()
        shared = core.shared
        hand = core.hand
        if hand is None or not hand.is_over or hand.is_annulled:
            return [0.0] * shared.players
        result = hand.result()
        points = float(result.points)
        loss = -points / (shared.winning - 1)
        return [points if team == result.winner else loss for team in shared.teams]

    def __str__(self) -> str:
        core = self._core()
        hand = core.hand
        if hand is None:
            return f"dealing: {len(core.dealt)} of {core.shared.steps} cards dealt"
        hands = " | ".join(f"{seat}: {_cards(cards)}" for seat, cards in enumerate(hand.hands))
        plays = " ".join(f"{seat}:{card}" for seat, card in hand.plays)
        return f"{hand!r}\nhands {hands}\nplays {plays}"

    # Strings the observer writes (no pyspiel call: the observer reads them) ------------------

    def _view(self, player: int, perfect_recall: bool) -> str:
        core = self._core()
        hand = core.hand
        if hand is None:
            return f"p{player} dealing {len(core.dealt)}/{core.shared.steps}"
        view = self._view_of(hand, player)
        trump = view.trump.value if view.trump is not None else "-"
        parts = [f"p{player} {view.phase.value} hakem {view.hakem} trump {trump} "
                 f"to_act {'-' if view.to_act is None else view.to_act}",
                 "hand " + _cards(view.hand),
                 "trick " + " ".join(f"{seat}:{card}" for seat, card in view.current_trick),
                 "tricks " + " ".join(map(str, view.team_tricks))
                 + (f" pile {view.pile}" if view.pile else "")]
        if perfect_recall:
            parts.append("history " + " / ".join(
                " ".join(f"{seat}:{card}" for seat, card in trick.plays) + f" >{trick.winner}"
                for trick in view.tricks))
            parts.append("memory " + " / ".join(core.memory[player]))
        else:
            parts.append("played " + _cards(card for trick in view.tricks for card in trick.cards))
        if view.decisions:
            parts.append("decisions " + " ".join(
                f"{seat}:{action}@{at}" for (seat, action), at in zip(view.decisions, view.decisions_at,
                                                                      strict=True)))
        for name, cards in (("seen", view.seen), ("aside", view.set_aside), ("shown", view.shown)):
            if cards:
                parts.append(f"{name} " + _cards(cards))
        if view.offered is not None:
            parts.append(f"offered {view.offered}" + (f" {view.offered_next}" if view.offered_next else ""))
        if view.stock_left:
            parts.append(f"stock {view.stock_left}")
        if view.annulled:
            parts.append("annulled")
        return "\n".join(part.rstrip() for part in parts)

    # Search support ----------------------------------------------------------------------

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> HokmState:
        """A state ``player_id`` cannot tell from this one, drawn uniformly (for IS-MCTS).

        The hidden cards are placed by ``hokm.agents.sample_deals`` (exact, uniform over the
        deals consistent with the seat's observation); the random source is seeded from
        one draw of ``probability_sampler``. The new state has the same public history and
        the same information state for ``player_id``.

        Raises:
            InvalidArgumentError: ``player_id`` is not a seat.
            pyspiel.SpielError: called while the cards are being dealt.
        """
        core = self._core()
        shared = core.shared
        player = _hakem(player_id, shared.players)
        game = self.get_game()
        hand = core.hand
        if hand is None:
            raise pyspiel.SpielError("resample_from_infostate: the cards are still being dealt")
        rng = random.Random(int(probability_sampler() * 2.0 ** 53))
        deck, relabel = resampled_history(hand, self._order(), player, rng)
        state: HokmState = game.new_initial_state()
        for card in deck[:shared.steps]:
            state.apply_action(card.index)
        space = shared.space
        for action in core.taken:
            state.apply_action(space.id_of(relabel_action(space.action_of(action), relabel)))
        return state


class HokmObserver:
    """OpenSpiel's observer interface: ``tensor``, ``dict``, ``set_from`` and ``string_from``.

    The observation tensor is the shared encoding's vector (``hokm.encoding.ObservationEncoder``,
    one ``dict`` entry per section). With ``iig_obs_type.perfect_recall`` (the information
    state) two sections follow: ``play_order`` (per card, ``k / 52`` if it was the ``k``-th
    card played, else 0; with the encoding's cards-played-by-seat it fixes the whole play
    history) and ``called_holding`` (the Hakem's first packet, the cards he held when he
    called trump). The information state string carries everything the seat saw, in order;
    the observation string shows the hand, the trick in progress and the cards played.
    """

    def __init__(self, shared: _Shared, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise InvalidArgumentError(f"python_hokm observers take no parameters, got {_shown(params)}")
        self._shared = shared
        self._perfect_recall = bool(iig_obs_type.perfect_recall)
        encoder = shared.encoder
        size = encoder.size + (2 * 52 if self._perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self._encoded = self.tensor[:encoder.size]
        self.dict = {section.name: self.tensor[section.start:section.stop] for section in encoder.sections()}
        if self._perfect_recall:
            self.dict["play_order"] = self.tensor[encoder.size:encoder.size + 52]
            self.dict["called_holding"] = self.tensor[encoder.size + 52:]

    def set_from(self, state: HokmState, player: int) -> None:
        """Write ``player``'s view of ``state`` into ``tensor``."""
        core = state._core()
        hand = core.hand
        if hand is None:
            self.tensor.fill(0.0)
            return
        view = state._view_of(hand, player)
        self._shared.encoder.encode_into(view, self._encoded)
        if self._perfect_recall:
            start = self._shared.encoder.size
            recall = self.tensor[start:]
            recall.fill(0.0)
            plays = [card for trick in view.tricks for _, card in trick.plays]
            plays.extend(card for _, card in view.current_trick)
            for number, card in enumerate(plays, 1):
                recall[card.index] = number / 52.0
            packet = core.packet[player]
            for index in range(52):
                if packet >> index & 1:
                    recall[52 + index] = 1.0

    def string_from(self, state: HokmState, player: int) -> str:
        """``player``'s view of ``state`` as text."""
        return state._view(player, self._perfect_recall)


def _cards(cards: Any) -> str:
    return " ".join(str(card) for card in sorted(cards, key=lambda card: card.index))


def load_game(variants: str = "", options: str = "", hakem: int = 0) -> HokmGame:
    """``pyspiel.load_game("python_hokm", {...})`` with typed arguments (see ``HokmGame``)."""
    game: HokmGame = pyspiel.load_game(SHORT_NAME, {"variants": variants, "options": options, "hakem": hakem})
    return game


pyspiel.register_game(GAME_TYPE, HokmGame)
