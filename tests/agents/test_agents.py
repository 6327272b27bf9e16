"""Agents: the protocol, the registry, the random and heuristic bots, for every kind of decision."""

from __future__ import annotations

import collections
import itertools
import random
import warnings

import pytest

import hokm
from hokm import CallTrump, Card, PlayCard, PlayOn, Suit, cards
from hokm.agents import (
    Agent,
    BaseAgent,
    HeuristicAgent,
    RandomAgent,
    available_agents,
    get_agent,
    hand_observation,
    play_match,
)
from hokm.testing import BUNDLED_VARIANTS
from tests.agents.support import (
    AskForHearts,
    DeadHalf,
    FirstVoid,
    Zhinam,
    chi_square,
    chi_square_sf,
)
from tests.helpers import FaceDown, Lay, Reveal, play_cards

DECK = hokm.full_deck()
SUITS = {suit: [card for card in DECK if card.suit is suit] for suit in Suit}


def choose(state: hokm.HandState, agent: Agent | None = None) -> hokm.Action:
    seat = state.to_act
    assert seat is not None
    return (agent or HeuristicAgent()).act(state.observation(seat))


def rest_of_deck(*hands: str) -> list[list[Card]]:
    """Four 13-card hands: each given hand (text) completed from the cards nobody was given."""
    given = [list(cards(text)) for text in hands] + [[] for _ in range(4 - len(hands))]
    used = {card for hand in given for card in hand}
    spare = [card for card in DECK if card not in used]
    for hand in given:
        while len(hand) < 13:
            hand.append(spare.pop(0))
    return given


# The protocol ------------------------------------------------------------------------------


def test_an_agent_is_anything_with_act() -> None:
    class FirstLegal:
        def act(self, observation: hokm.HandObservation | hokm.MatchObservation) -> hokm.Action:
            return hand_observation(observation).legal_actions[0]

    assert isinstance(FirstLegal(), Agent) and isinstance(RandomAgent(), Agent)
    assert not isinstance(object(), Agent)
    match = play_match(hokm.Ruleset.compose(), [FirstLegal()] * 4, seed=3)
    assert match.is_over


def test_base_agent_hooks_do_nothing_and_act_must_be_written() -> None:
    agent = BaseAgent()
    match = hokm.Ruleset.compose().new_match(seed=1)
    agent.start_match(match.observation(0))
    agent.start_hand(match.observation(0).hand)
    agent.observe(object())
    agent.observe(("any", "event"))
    with pytest.raises(NotImplementedError, match="BaseAgent must implement act"):
        agent.act(match.observation(0))


def test_the_driver_calls_the_hooks_and_shows_each_agent_its_own_seat_only() -> None:
    class Recorder(RandomAgent):
        def __init__(self, seed: int) -> None:
            super().__init__(seed=seed)
            self.log: list[tuple[str, int]] = []

        def start_match(self, observation: hokm.MatchObservation) -> None:
            self.log.append(("match", observation.seat))

        def start_hand(self, observation: hokm.HandObservation) -> None:
            self.log.append(("hand", observation.seat))

        def act(self, observation: hokm.HandObservation | hokm.MatchObservation) -> hokm.Action:
            assert isinstance(observation, hokm.MatchObservation)
            self.log.append(("act", observation.seat))
            return super().act(observation)

    agents = [Recorder(seat) for seat in range(4)]
    match = play_match(hokm.Ruleset.compose(), agents, seed=5)
    for seat, agent in enumerate(agents):
        assert agent.log[0] == ("match", seat)
        assert {entry[1] for entry in agent.log} == {seat}
        assert sum(1 for kind, _ in agent.log if kind == "hand") == match.hand_number


def test_hand_observation_takes_either_view() -> None:
    match = hokm.Ruleset.compose().new_match(seed=1)
    view = match.observation(2)
    assert hand_observation(view) is view.hand and hand_observation(view.hand) is view.hand
    with pytest.raises(hokm.ArgumentTypeError, match="HandObservation or MatchObservation"):
        hand_observation(match)  # type: ignore[arg-type]


# The registry ------------------------------------------------------------------------------


def test_bundled_agents_are_registered_by_name() -> None:
    assert available_agents() == {"heuristic": "hokm.agents:HeuristicAgent",
                                  "pimc": "hokm.agents:PimcAgent",
                                  "random": "hokm.agents:RandomAgent"}
    assert isinstance(get_agent("random", seed=2), RandomAgent)
    assert isinstance(get_agent("heuristic"), HeuristicAgent)


def test_unknown_names_and_bad_parameters_are_clear_errors() -> None:
    with pytest.raises(hokm.UnknownAgentError, match=r"no agent named 'pimc-9000' is installed \(available: "
                                                     r"heuristic, pimc, random\)") as info:
        get_agent("pimc-9000")
    assert isinstance(info.value, LookupError)
    with pytest.raises(hokm.InvalidArgumentError, match=r"agent 'random' has no parameter 'speed' "
                                                        r"\(it takes: seed\)"):
        get_agent("random", speed=3)
    with pytest.raises(hokm.InvalidArgumentError, match=r"agent 'heuristic' has no parameter 'seed' "
                                                        r"\(it takes: no parameters\)"):
        get_agent("heuristic", seed=3)
    with pytest.raises(hokm.ArgumentTypeError, match="seed="):
        get_agent("random", seed=1.5)
    with pytest.raises(hokm.ArgumentTypeError, match="an agent name must be a str"):
        get_agent(None)  # type: ignore[arg-type]


# The random agent --------------------------------------------------------------------------


def test_the_random_agent_is_seeded_and_uniform() -> None:
    state = hokm.Ruleset.compose().deal(random.Random(2)).apply(CallTrump(Suit.HEARTS))
    view = state.observation(state.hakem)
    first = [RandomAgent(seed="x").act(view) for _ in range(3)]
    assert len(set(first)) == 1  # a new agent with the same seed makes the same choice
    agent = RandomAgent(seed=4)
    counts = collections.Counter(agent.act(view) for _ in range(13 * 300))
    assert set(counts) == set(view.legal_actions)
    assert chi_square_sf(chi_square(list(counts.values())), 12) > 1e-4
    assert repr(agent) == "RandomAgent(seed=4)"


def test_an_agent_asked_out_of_turn_says_so() -> None:
    state = hokm.Ruleset.compose().deal(random.Random(2))
    for agent in (RandomAgent(), HeuristicAgent()):
        with pytest.raises(hokm.GameStateError, match="seat 1 has no legal action: it is not its turn"):
            agent.act(state.observation(1))


# The heuristic: trump call and draw --------------------------------------------------------


def test_it_calls_trump_by_length_and_honours() -> None:
    rules = hokm.Ruleset.compose()
    for five, suit in (("A♥ K♥ 5♥ 2♠ 3♠", Suit.HEARTS), ("2♦ 3♦ 4♦ A♣ K♣", Suit.DIAMONDS),
                       ("A♠ 2♦ K♣ Q♣ 5♥", Suit.CLUBS)):
        deck = list(cards(five)) + [card for card in DECK if card not in cards(five)]
        assert choose(rules.deal(deck, hakem=0)) == CallTrump(suit)


def test_it_keeps_good_draws_and_rejects_poor_ones() -> None:
    rules = hokm.Ruleset.compose("two-player")
    # Trump clubs; the stock's top card is the 11th of the deck.
    five = cards("A♣ K♣ Q♣ 2♦ 3♦")
    for top, keep in (("4♣", True), ("A♥", True), ("10♦", True), ("3♥", False)):
        deck = [*five, *cards("4♠ 5♠ 6♠ 7♠ 8♠"), Card.parse(top)]
        deck += [card for card in DECK if card not in deck]
        state = rules.deal(deck, hakem=0).apply(CallTrump(Suit.CLUBS))
        assert state.observation(0).offered == Card.parse(top)
        assert choose(state) == hokm.DrawCard(keep=keep), top


SMALL_DECK = cards("A♣ K♣ Q♣ 2♦ 3♦ 4♠ 5♠ 6♠ 7♠ 8♠ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 5♦ 9♣")


class LastChoice(hokm.Variant):
    """An 18-card two-player deal: 5 each, then four turns; the last drawer sees both cards."""

    info = hokm.VariantInfo(name="last-choice", summary="tests only")

    @hokm.hookimpl
    def hokm_deck(self) -> tuple[Card, ...]:
        return SMALL_DECK

    @hokm.hookimpl
    def hokm_deal_pattern(self) -> hokm.StockDraw:
        return hokm.StockDraw(first_packet=5, hand_size=7, last_choice=True)


def test_it_keeps_the_better_of_two_cards_it_sees() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", hokm.VariantOverlapWarning)
        rules = hokm.Ruleset.compose("two-player", LastChoice())
    state = rules.deal(SMALL_DECK, hakem=0).apply(CallTrump(Suit.CLUBS))
    for _ in range(3):  # 2♥, 4♥ and 6♥ kept
        state = state.apply(hokm.DrawCard(keep=True))
    view = state.observation(1)
    assert (view.offered, view.offered_next) == (Card.parse("5♦"), Card.parse("9♣"))
    assert choose(state) == hokm.DrawCard(keep=False)  # the trump 9♣ beats the 5♦


def test_it_discards_the_lowest_of_its_shortest_plain_suit() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", hokm.VariantOverlapWarning)
        rules = hokm.Ruleset.compose("two-player", Zhinam())
    deck = [*cards("A♣ 9♥ K♥ 4♦ 7♦"), *cards("4♠ 5♠ 6♠ 7♠ 8♠")]
    deck += [card for card in DECK if card not in deck]
    state = rules.deal(deck, hakem=0).apply(CallTrump(Suit.CLUBS))
    assert choose(state) == hokm.Discard(Card.parse("4♦"))  # diamonds and hearts: 2 each, 4♦ lowest


# The heuristic: trick play -------------------------------------------------------------------


def test_it_does_not_over_take_a_partner_who_is_winning() -> None:
    hands = rest_of_deck("A♥ 2♣", "2♥ 3♣", "K♥ 3♥ 4♣", "5♣")
    state = play_cards(hokm.Ruleset.compose().new_hand(hands, hakem=0, trump=Suit.SPADES), "A♥ 2♥")
    assert choose(state) == PlayCard(Card.parse("3♥"))


def test_it_wins_cheaply_when_it_plays_last() -> None:
    hands = rest_of_deck("5♥ 2♣", "2♥ 3♣", "9♥ 4♣", "10♥ K♥ A♥")
    state = play_cards(hokm.Ruleset.compose().new_hand(hands, hakem=0, trump=Suit.SPADES), "5♥ 2♥ 9♥")
    assert choose(state) == PlayCard(Card.parse("10♥"))


def test_it_plays_low_second_hand_with_a_partner_to_come() -> None:
    hands = rest_of_deck("5♥ 2♣", "2♥ Q♥ 3♣", "9♥ 4♣", "10♥ A♥")
    state = play_cards(hokm.Ruleset.compose().new_hand(hands, hakem=0, trump=Suit.SPADES), "5♥")
    assert choose(state) == PlayCard(Card.parse("2♥"))  # the Q♥ is not sure to win: keep it


def test_it_wins_with_a_sure_card_when_it_has_one() -> None:
    hands = rest_of_deck("5♥ 2♣", "2♥ A♥ 3♣", "9♥ 4♣", "10♥ K♥")
    state = play_cards(hokm.Ruleset.compose().new_hand(hands, hakem=0, trump=Suit.SPADES), "5♥")
    assert choose(state) == PlayCard(Card.parse("A♥"))  # nobody can beat the A♥ but a trump


def test_it_trumps_in_when_void_and_the_trick_matters() -> None:
    hearts = "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"
    rules = hokm.Ruleset.compose()
    # Seat 1 holds no heart: an honour led by the opponent is worth a trump, a low one is not.
    hands = [list(cards("K♥ 2♥ 3♥ 4♥ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦")),
             list(cards("3♠ 9♠ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ 2♦ 3♦")),
             list(cards("5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ A♥ 4♦ A♦ J♣ Q♣")),
             [card for card in DECK if card not in cards(hearts)
              and card not in cards("3♠ 9♠ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ "
                                    "J♦ Q♦ K♦ A♦ J♣ Q♣")]]
    state = play_cards(rules.new_hand(hands, hakem=0, trump=Suit.SPADES), "K♥")
    assert choose(state) == PlayCard(Card.parse("3♠"))  # the cheapest trump
    state = play_cards(rules.new_hand(hands, hakem=0, trump=Suit.SPADES), "2♥")
    assert choose(state) == PlayCard(Card.parse("2♦"))  # a low lead, partner to come: discard


def test_it_leads_a_sure_winner_then_low_from_its_longest_suit() -> None:
    rules = hokm.Ruleset.compose()
    winner = rest_of_deck("A♦ 2♥ 3♥ 4♥ 5♥ 6♥ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣")
    assert choose(rules.new_hand(winner, hakem=0, trump=Suit.SPADES)) == PlayCard(Card.parse("A♦"))
    none = rest_of_deck("2♦ 2♥ 3♥ 4♥ 5♥ 6♥ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣")
    assert choose(rules.new_hand(none, hakem=0, trump=Suit.SPADES)) == PlayCard(Card.parse("2♣"))


def test_it_knows_satats_two_of_hearts_is_the_top_trump() -> None:
    rules = hokm.Ruleset.compose("satat")
    # Clubs trump. Seat 3 is void in diamonds and holds low clubs and the 2♥, the top trump.
    hands = [cards("K♦ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠"),
             cards("4♦ 2♦ 3♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ A♦ A♠ 4♣"),
             cards("5♦ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"),
             cards("2♥ 3♣ 2♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣")]
    state = play_cards(rules.new_hand(hands, hakem=0, trump=Suit.CLUBS), "K♦ 4♦ 5♦")
    assert choose(state) == PlayCard(Card.parse("2♣"))  # the cheapest trump wins: keep the 2♥
    hands = [hands[0], cards("4♦ 2♦ 3♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ A♦ A♠"),
             cards("A♣ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"),
             cards("2♥ 3♣ 2♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣")]
    state = play_cards(rules.new_hand(hands, hakem=0, trump=Suit.CLUBS), "K♦ 4♦ A♣")
    assert choose(state) == PlayCard(Card.parse("2♥"))  # only the 2♥ beats the A♣


# Trump clubs. Trick 1 goes to seat 0, trick 2 to seat 3: under Double Sar both stay in the centre.
SAR_HANDS = [cards("A♠ Q♦ 2♣ 9♣ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠"),
             cards("2♠ K♦ 2♥ 3♥ 4♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥"),
             cards("3♠ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ A♥ 3♣"),
             cards("4♠ A♦ 5♥ 4♣ 5♣ 6♣ 7♣ 8♣ 10♣ J♣ Q♣ K♣ A♣")]


@pytest.mark.parametrize(("variants", "card"), [((), "5♠"), (("double-sar",), "9♣")])
def test_it_values_a_big_double_sar_pile(variants: tuple[str, ...], card: str) -> None:
    # Seat 0, void in hearts, plays second to a low heart with its partner to come: it keeps its
    # trumps for a trick of one, and trumps high for the three of the Double Sar centre.
    rules = hokm.Ruleset.compose(*variants)
    state = play_cards(rules.new_hand(SAR_HANDS, hakem=0, trump=Suit.CLUBS), "A♠ 2♠ 3♠ 4♠ Q♦ K♦ 2♦ A♦ 5♥")
    assert state.to_act == 0 and state.pile == (2 if variants else 0)
    assert choose(state) == PlayCard(Card.parse(card))


def test_it_plays_on_with_control_and_stops_without() -> None:
    rules = hokm.Ruleset.compose("bavney", options={"bavney": {"decide": True}})
    state = rules.new_hand([SUITS[Suit.SPADES], SUITS[Suit.HEARTS], SUITS[Suit.DIAMONDS],
                            SUITS[Suit.CLUBS]], hakem=0, trump=Suit.SPADES)
    while state.pending_decision is None:
        state = state.play(min(state.legal_plays(), key=lambda card: card.index))
    assert state.legal_actions() == (PlayOn(True), PlayOn(False))
    assert choose(state) == PlayOn(True)  # every spade left is his: a sure sweep
    weak = [cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥"),
            cards("8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣"),
            SUITS[Suit.DIAMONDS],
            cards("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣")]
    state = rules.new_hand(weak, hakem=0, trump=Suit.SPADES)
    while state.pending_decision is None:  # seat 0 cashes its spades; the others play low
        pick = max if state.to_act == 0 else min
        state = state.play(pick(state.legal_plays(), key=lambda card: (card.rank, card.index)))
    assert state.to_act == 0 and state.team_tricks == (7, 0)
    assert choose(state) == PlayOn(False)  # the opponents still hold the top hearts


def test_a_trump_call_that_names_a_card_lays_the_lowest_of_the_suit_it_would_call() -> None:
    rules = hokm.Ruleset.compose(FaceDown())
    hands = rest_of_deck("K♥ 2♠ 9♥ A♣ 4♥")
    state = rules.new_hand(hands, hakem=0)
    assert set(state.legal_actions()) == {Lay(card) for card in cards("K♥ 2♠ 9♥ A♣ 4♥")}
    assert choose(state) == Lay(Card.parse("4♥"))  # hearts, its longest suit: the lowest heart


def test_a_yes_or_no_question_it_does_not_know_is_answered_no() -> None:
    rules = hokm.Ruleset.compose("troefcall")
    match = rules.new_match(seed=2)
    bots: list[Agent] = [HeuristicAgent(), RandomAgent(seed=1)] * 2
    asked = 0
    while not match.is_over and asked < 5:
        seat = match.to_act
        assert seat is not None
        legal = match.legal_actions()
        if any(type(action).__name__ == "Capitulate" for action in legal) and seat % 2 == 0:
            answer = bots[seat].act(match.observation(seat))
            assert type(answer).__name__ == "Capitulate" and not answer.concede  # type: ignore[attr-defined]
            asked += 1
        match = match.apply(bots[seat].act(match.observation(seat)))
    assert asked


def test_unknown_decisions_get_the_first_legal_action_and_announcements_are_declined() -> None:
    rules = hokm.Ruleset.compose(FaceDown())
    deck = hokm.full_deck()
    state = rules.new_hand([deck[0:13], deck[13:26], deck[26:39], deck[39:52]], hakem=0)
    state = state.apply(Lay(deck[0]))
    assert Reveal() in state.legal_actions()
    assert isinstance(choose(state), PlayCard)  # the reveal it does not know: declined

    class Offer(hokm.Variant):
        info = hokm.VariantInfo(name="offer", summary="tests only")

        @hokm.hookimpl
        def hokm_pending_decision(self, hand: hokm.HandView) -> hokm.Decision | None:
            if hand.tricks_played == 1 and not hand.decisions:
                return hokm.Decision(hand.winners[-1], (Reveal(), Lay(deck[5])), reason="tests")
            return None

    state = hokm.Ruleset.compose(Offer()).new_hand([deck[0:13], deck[13:26], deck[26:39], deck[39:52]],
                                                   hakem=0, trump=Suit.SPADES)
    for _ in range(4):
        state = state.apply(choose(state))
    assert state.pending_decision is not None
    assert choose(state) == Reveal()


# Every variant, every decision ---------------------------------------------------------------


def _rulesets() -> list[tuple[str, hokm.Ruleset]]:
    found = [("standard", hokm.Ruleset.compose())]
    names = list(BUNDLED_VARIANTS)
    for size in (1, 2):
        for combo in itertools.combinations(names, size):
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", hokm.VariantOverlapWarning)
                    found.append(("+".join(combo), hokm.Ruleset.compose(*combo)))
            except hokm.VariantConflictError:
                continue
    decide = {"bavney": {"decide": True}}
    found.append(("bavney-decide", hokm.Ruleset.compose("bavney", options=decide)))
    found.append(("court-piece-decide", hokm.Ruleset.compose(
        "court-piece", options={"court-piece": {"decide": True}})))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", hokm.VariantOverlapWarning)
        for plugin in (FaceDown(), FirstVoid(), AskForHearts()):
            found.append((type(plugin).__name__, hokm.Ruleset.compose(plugin)))
        found.append(("zhinam-like", hokm.Ruleset.compose("two-player", Zhinam())))
        found.append(("dead-half-like", hokm.Ruleset.compose("two-player", DeadHalf())))
    return found


@pytest.mark.parametrize(("name", "rules"), _rulesets(), ids=[name for name, _ in _rulesets()])
def test_both_bots_play_whole_matches_under_every_ruleset(name: str, rules: hokm.Ruleset) -> None:
    players = rules.players
    for seed in range(2):
        agents: list[Agent] = [HeuristicAgent() if seat % 2 == seed % 2 else RandomAgent(seed=seat)
                               for seat in range(players)]
        match = play_match(rules, agents, seed=seed)
        assert match.is_over


def test_the_heuristic_beats_the_random_bot() -> None:
    rules = hokm.Ruleset.compose()
    wins = 0
    for seed in range(30):
        heuristic, random_bot = HeuristicAgent(), RandomAgent(seed=seed)
        agents: list[Agent] = [heuristic, random_bot] * 2 if seed % 2 else [random_bot, heuristic] * 2
        match = play_match(rules, agents, seed=seed // 2)  # each deal sequence with the seats swapped
        wins += match.winner == (0 if seed % 2 else 1)
    assert wins >= 27


def test_agent_from_spec_takes_installed_names_and_refuses_an_empty_command() -> None:
    from hokm.agents import agent_from_spec

    made = agent_from_spec("random", seed=4)
    assert isinstance(made, RandomAgent) and repr(made) == "RandomAgent(seed=4)"
    with pytest.raises(hokm.InvalidArgumentError, match="names no command"):
        agent_from_spec("cmd:   ")
    with pytest.raises(hokm.UnknownAgentError, match="no agent named 'nobody'"):
        agent_from_spec("nobody")
    with pytest.raises(hokm.ArgumentTypeError, match="agent spec must be a str"):
        agent_from_spec(3)  # type: ignore[arg-type]


def test_agent_from_spec_reads_parameters_after_the_name() -> None:
    from hokm.agents import PimcAgent, agent_from_spec

    made = agent_from_spec("pimc: samples=12 ,time_budget=0.25,endgame=0,playouts=3", seed=2)
    assert isinstance(made, PimcAgent)
    assert (made.samples, made.playouts, made.endgame, made.time_budget, made.seed) == (12, 3, 0, 0.25, 2)
    own = agent_from_spec("pimc:seed=9,time_budget=none", seed=2)  # the spec's own seed wins
    named = agent_from_spec("pimc:seed=north", seed=2)
    assert isinstance(own, PimcAgent) and isinstance(named, PimcAgent)
    assert (own.seed, own.time_budget, named.seed) == (9, None, "north")
    with pytest.raises(hokm.InvalidArgumentError, match="parameters are written NAME:KEY=VALUE"):
        agent_from_spec("pimc:fast")
    with pytest.raises(hokm.InvalidArgumentError, match="parameters are written"):
        agent_from_spec("pimc:=3")
    with pytest.raises(hokm.InvalidArgumentError, match="has no parameter 'speed'"):
        agent_from_spec("pimc:speed=3")
    with pytest.raises(hokm.InvalidArgumentError, match="samples must be an int from 1"):
        agent_from_spec("pimc:samples=0")


def test_an_agent_failure_says_who_where_and_why_and_pickles() -> None:
    import pickle

    error = hokm.AgentFailedError("seat 2 answered K♠, not legal", agent="cmd:bot", seat=2, reason="illegal")
    again = pickle.loads(pickle.dumps(error))
    assert (again.agent, again.seat, again.reason, str(again)) == ("cmd:bot", 2, "illegal", str(error))
    with pytest.raises(ValueError, match="reason must be one of"):
        hokm.AgentFailedError("x", agent="a", seat=0, reason="bored")
