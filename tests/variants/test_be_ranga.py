"""Be-ranga: no trump call; the first card played by a seat that cannot follow fixes trump.

RULES.md 1.5.7 (and 1.5.1 rules 8-9); SCENARIOS S80 (all parts, both values of
``fixing_card_is_trump``) and S46 (its trick-1 part, alone and under ``double-sar``).

S46's pick-up timing (``first_pickup``) is applied by ``double-sar`` (RULES 1.5.4, collection
rule 4(b)) and tested through real play in tests/variants/test_double_sar.py. What be-ranga
owns of ``first_pickup`` is its validation, tested below.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hokm
from hokm import Card, HandState, Ruleset, Suit, cards
from hokm.testing import check_hand_state, check_hidden_information, check_variant
from hokm_variants.be_ranga import FIRST_PICKUPS, BeRanga

OPTIONS = (True, False)  # fixing_card_is_trump


def be_ranga(fixing_card_is_trump: bool = True, *others: str,
             **options: Mapping[str, object]) -> Ruleset:
    return Ruleset.compose("be-ranga", *others, options={
        "be-ranga": {"fixing_card_is_trump": fixing_card_is_trump}, **options})


def play(hand: HandState, line: str) -> HandState:
    for card in cards(line):
        hand = hand.play(card)
    return hand


def lowest(hand: HandState) -> Card:
    return min(hand.legal_plays(), key=lambda card: card.sort_key)


# S80: seat 0 (Hakem) leads; seat 3 deals. Seat 2 is the first seat void (in clubs, trick 2).
S80 = [cards("A♠ K♣ A♣ Q♣ J♣ 10♣ 9♣ 8♣ 2♥ 2♦ 3♦ 4♦ 5♦"),
       cards("5♠ 6♣ 2♣ 3♣ 4♣ 5♣ 7♣ 8♦ 9♦ 10♦ J♦ Q♦ K♦"),
       cards("9♠ 3♥ 10♠ A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥"),
       cards("2♠ 7♦ A♦ 6♦ 4♥ 3♠ 4♠ 6♠ 7♠ 8♠ J♠ Q♠ K♠")]
TRICK_1 = "A♠ 5♠ 9♠ 2♠"
TRICK_2 = "K♣ 6♣ 3♥ 7♦"
# Seven tricks to team A from here, under each option (voids ruff with hearts from trick 3).
REST = {
    True: "10♠ K♠ 2♥ 8♦  A♣ 2♣ 5♥ 3♠  A♥ 4♥ 2♦ 9♦  K♥ 4♠ 3♦ 10♦  Q♥ 6♠ 4♦ J♦",
    False: "A♣ 2♣ 5♥ 3♠  10♠ K♠ 2♥ 8♦  Q♣ 3♣ 6♥ 4♠  A♥ 4♥ 2♦ 9♦  K♥ 6♠ 3♦ 10♦",
}
# Seat 1 holds every heart: team B takes the first seven tricks under either option.
HAKEM_KOT = [cards("2♠ 3♠ 4♠ 5♠ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦"),
             [card for card in hokm.full_deck() if card.suit is Suit.HEARTS],
             cards("6♠ 7♠ 8♠ 9♠ J♦ Q♦ K♦ A♦ 2♣ 3♣ 4♣ 5♣ 6♣"),
             cards("10♠ J♠ Q♠ K♠ A♠ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣")]
# Everybody can follow the seven leads A♠ K♠ A♥ K♥ A♦ K♦ A♣ of seat 0: nobody is ever void.
NO_VOID = [cards("A♠ K♠ A♥ K♥ A♦ K♦ A♣ Q♠ Q♥ Q♦ K♣ Q♣ J♣"),
           cards("J♠ 10♠ 9♠ J♥ 10♥ 9♥ J♦ 10♦ 9♦ 10♣ 9♣ 8♣ 8♠"),
           cards("7♠ 6♠ 5♠ 8♥ 7♥ 6♥ 8♦ 7♦ 6♦ 7♣ 6♣ 5♣ 5♥"),
           cards("4♠ 3♠ 2♠ 4♥ 3♥ 2♥ 5♦ 4♦ 3♦ 2♦ 4♣ 3♣ 2♣")]
NO_VOID_LEADS = "A♠ K♠ A♥ K♥ A♦ K♦ A♣"


# S80 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("fixing", OPTIONS)
def test_s80_no_call_the_hakem_leads_at_once(fixing: bool) -> None:
    hand = be_ranga(fixing).new_hand(S80, hakem=0)
    assert hand.phase is hokm.Phase.PLAY and hand.trump is None
    assert hand.to_act == 0 and hand.hakem == 0 and hand.dealer == 3
    assert all(isinstance(action, hokm.PlayCard) for action in hand.legal_actions())
    assert hand.legal_plays() == frozenset(S80[0])
    with pytest.raises(hokm.InvalidDealError, match="nobody calls trump"):
        be_ranga(fixing).new_hand(S80, hakem=0, trump=Suit.HEARTS)


@pytest.mark.parametrize("fixing", OPTIONS)
def test_s80_trick_1_is_won_without_a_trump(fixing: bool) -> None:
    hand = play(be_ranga(fixing).new_hand(S80, hakem=0), TRICK_1)
    assert hand.winners == (0,) and hand.to_act == 0
    assert hand.trump is None and hand.tricks[0].trump is None
    assert hand.observation(1).trump is None


@pytest.mark.parametrize(("fixing", "winner"), [(True, 2), (False, 0)])
def test_s80_trick_2_the_first_void_card_fixes_hearts(fixing: bool, winner: int) -> None:
    hand = play(be_ranga(fixing).new_hand(S80, hakem=0), TRICK_1 + " K♣ 6♣ 3♥")
    assert hand.trump is Suit.HEARTS  # fixed by seat 2's 3♥, under both options
    hand = hand.play(Card.parse("7♦"))  # seat 3, void in clubs as well: a plain discard
    assert hand.trump is Suit.HEARTS and hand.winners == (0, winner)
    trick = hand.tricks[1]
    assert trick.winner == winner
    if fixing:  # hearts are trumps from the fixing card (position 2, play 6) on
        assert (trick.trump, trick.first_trump, hand.trump_from) == (Suit.HEARTS, 2, 6)
    else:  # no card of the fixing trick is a trump: they count from play 8 (trick 3)
        assert (trick.trump, hand.trump_from) == (None, 8)
    assert all(hand.observation(seat).trump is Suit.HEARTS for seat in range(4))


@pytest.mark.parametrize("fixing", OPTIONS)
def test_s80_from_trick_3_a_void_seat_trumps_with_a_heart(fixing: bool) -> None:
    hand = play(be_ranga(fixing).new_hand(S80, hakem=0), f"{TRICK_1} {TRICK_2}")
    if fixing:  # seat 2 leads the 10♠; seat 0, void in spades, ruffs with the 2♥ over the K♠
        hand = play(hand, "10♠ K♠ 2♥ 8♦")
        assert hand.winners[-1] == 0
    else:  # seat 0 leads the A♣; seat 2, void in clubs, ruffs with the 5♥
        hand = play(hand, "A♣ 2♣ 5♥ 3♠")
        assert hand.winners[-1] == 2
    assert hand.tricks[-1].trump is Suit.HEARTS and hand.tricks[-1].first_trump == 0


@pytest.mark.parametrize("fixing", OPTIONS)
def test_s80_a_sweep_by_the_hakems_team_is_a_kot(fixing: bool) -> None:
    hand = play(be_ranga(fixing).new_hand(S80, hakem=0), f"{TRICK_1} {TRICK_2} {REST[fixing]}")
    assert hand.is_over and hand.tricks_played == 7
    assert hand.winners == ((0, 2, 0, 2, 2, 2, 2) if fixing else (0, 0, 2, 0, 2, 2, 2))
    result = hand.result()
    assert (result.winner, result.kot, result.label, result.points) == (0, True, "kot", 2)
    assert result.hakem == 0 and result.next_hakem == 0 and result.trump is Suit.HEARTS


def sweep_by_seat_1(rules: Ruleset, hakem: int = 0) -> HandState:
    """HAKEM_KOT, rotated so that ``hakem`` leads: seat ``hakem + 1`` holds every heart."""
    hands = [HAKEM_KOT[(seat - hakem) % 4] for seat in range(4)]
    hand = play(rules.new_hand(hands, hakem=hakem), "2♠ 2♥ 6♠ A♠")
    while not hand.is_over:
        hand = hand.play(max(hand.legal_plays(), key=lambda card: card.sort_key)
                         if hand.to_act == (hakem + 1) % 4 else lowest(hand))
    return hand


@pytest.mark.parametrize(("fixing", "first"), [(True, 1), (False, 3)])
def test_s80_a_sweep_against_the_hakem_is_a_hakem_kot(fixing: bool, first: int) -> None:
    hand = sweep_by_seat_1(be_ranga(fixing))
    # The 2♥ on the spade lead fixes hearts; with False the A♠ takes that trick.
    assert hand.trump is Suit.HEARTS and hand.winners == (first, *[1] * 6)
    result = hand.result()
    assert (result.winner, result.kot, result.label, result.points) == (1, True, "hakem-kot", 3)
    assert result.next_hakem == 1


@pytest.mark.parametrize("hakem", [1, 2, 3])
@pytest.mark.parametrize("fixing", OPTIONS)
def test_the_seat_after_the_dealer_is_the_hakem_for_scoring(fixing: bool, hakem: int) -> None:
    # S80 turned round the table: the seat after the dealer leads, and his team's sweep is a kot.
    rules = be_ranga(fixing)
    hands = [S80[(seat - hakem) % 4] for seat in range(4)]
    hand = play(rules.new_hand(hands, hakem=hakem), f"{TRICK_1} {TRICK_2} {REST[fixing]}")
    assert hand.dealer == (hakem - 1) % 4 and hand.tricks[0].plays[0][0] == hakem
    result = hand.result()
    assert (result.winner, result.label, result.points) == (hakem % 2, "kot", 2)
    # ... and the other team's sweep a Hakem-kot.
    result = sweep_by_seat_1(rules, hakem=hakem).result()
    assert (result.winner, result.label, result.points) == ((hakem + 1) % 2, "hakem-kot", 3)
    # The standard kot values stay options.
    values = be_ranga(fixing, standard={"kot_points": 4, "hakem_kot_points": 6})
    assert play(values.new_hand(hands, hakem=hakem),
                f"{TRICK_1} {TRICK_2} {REST[fixing]}").result().points == 4
    assert sweep_by_seat_1(values, hakem=hakem).result().points == 6


# Nobody void: the whole hand without trump --------------------------------------------------


@pytest.mark.parametrize("fixing", OPTIONS)
def test_nobody_void_the_hand_is_played_without_trump(fixing: bool) -> None:
    hand = be_ranga(fixing).new_hand(NO_VOID, hakem=0)
    for lead in cards(NO_VOID_LEADS):
        hand = hand.play(lead)
        while hand.current_trick.plays:
            hand = hand.play(lowest(hand))
        assert hand.trump is None
    assert hand.is_over and hand.winners == (0,) * 7
    assert all(trick.trump is None for trick in hand.tricks)
    result = hand.result()
    assert result.trump is None
    assert (result.winner, result.label, result.points) == (0, "kot", 2)


def test_a_full_hand_always_fixes_a_trump() -> None:
    # 13 cards of a suit cannot be shared equally by four seats: over 13 tricks someone is void.
    rules = be_ranga(True, standard={"play_all": True})
    hand = rules.new_hand(NO_VOID, hakem=0)
    while not hand.is_over:
        hand = hand.play(lowest(hand))
    assert hand.tricks_played == 13 and hand.result().trump is not None


# court-piece: the caller's side and the dealer's side ----------------------------------------


@pytest.mark.parametrize(("scoring", "goon", "court_value", "goon_value"),
                         [("courts", 1, 1, 1), ("courts", 3, 1, 3), ("points", 1, 3, 4)])
@pytest.mark.parametrize("fixing", OPTIONS)
def test_under_court_piece_the_seat_after_the_dealer_is_the_caller(
        fixing: bool, scoring: str, goon: int, court_value: int, goon_value: int) -> None:
    rules = be_ranga(fixing, "court-piece", **{"court-piece": {
        "decide": True, "scoring": scoring, "goon_court_value": goon}})
    stop = hokm.PlayOn(False)
    # The caller's side (seat 0, after dealer 3) takes the first seven without a trump: a court.
    hand = rules.new_hand(NO_VOID, hakem=0)
    for lead in cards(NO_VOID_LEADS):
        hand = hand.play(lead)
        while hand.current_trick.plays:
            hand = hand.play(lowest(hand))
    assert hand.pending_decision is not None
    result = hand.apply(stop).result()
    assert (result.winner, result.label, result.points, result.trump) == (0, "court", court_value, None)
    assert result.next_hakem == 2  # the caller's side won a court: the dealer's partner deals
    # The dealer's side takes the first seven: a goon court.
    hand = play(rules.new_hand(HAKEM_KOT, hakem=0), "2♠ 2♥ 6♠ A♠")
    while hand.pending_decision is None:
        hand = hand.play(max(hand.legal_plays(), key=lambda card: card.sort_key)
                         if hand.to_act == 1 else lowest(hand))
    result = hand.apply(stop).result()
    assert (result.winner, result.label, result.points) == (1, "goon-court", goon_value)
    assert result.next_hakem == 1  # the dealer's side won: the old caller deals


# S46 (trick 1; the pick-up timing belongs to double-sar) -------------------------------------

S46 = [cards("K♣ A♣ Q♣ J♣ A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠"),
       cards("4♣ 10♣ 8♣ 7♣ 5♠ 4♠ 3♠ 2♠ A♥ K♥ Q♥ J♥ 10♥"),
       cards("7♦ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥ A♦ K♦ Q♦ J♦"),
       cards("9♣ 6♣ 5♣ 3♣ 2♣ 10♦ 9♦ 8♦ 6♦ 5♦ 4♦ 3♦ 2♦")]


@pytest.mark.parametrize("others", [(), ("double-sar",)])
@pytest.mark.parametrize(("fixing", "winner"), [(True, 2), (False, 0)])
def test_s46_the_first_void_card_in_trick_1(fixing: bool, winner: int, others: tuple[str, ...]) -> None:
    hand = play(be_ranga(fixing, *others).new_hand(S46, hakem=0), "K♣ 4♣ 7♦")
    assert hand.trump is Suit.DIAMONDS
    hand = hand.play(Card.parse("9♣"))
    assert hand.trump is Suit.DIAMONDS and hand.winners == (winner,)
    if others:  # under both pick-up readings nothing is collected at trick 1
        assert hand.collectors == (None,) and hand.pile == 1


# obligatory-trump ---------------------------------------------------------------------------


@pytest.mark.parametrize("overtrump", [False, True])
@pytest.mark.parametrize("fixing", OPTIONS)
def test_obligatory_trump_binds_only_once_a_trump_counts(fixing: bool, overtrump: bool) -> None:
    rules = be_ranga(fixing, "obligatory-trump", **{"obligatory-trump": {"overtrump": overtrump}})
    hand = play(rules.new_hand(S80, hakem=0), f"{TRICK_1} K♣ 6♣")
    # Seat 2, the first void seat: no trump exists yet, so nothing binds him.
    assert hand.legal_plays() == frozenset(S80[2]) - {Card.parse("9♠")}
    hand = hand.play(Card.parse("3♥"))
    # Seat 3, void in clubs and holding the 4♥: a trump only if trumps count in this trick.
    seat_3 = frozenset(S80[3]) - {Card.parse("2♠")}
    assert hand.legal_plays() == ({Card.parse("4♥")} if fixing else seat_3)
    if not fixing:
        # From the next trick the duty holds: seat 0 leads the A♣, seat 2 must trump.
        hand = play(hand, "7♦ A♣ 2♣")
        assert all(card.suit is Suit.HEARTS for card in hand.legal_plays())


def test_with_overtrump_a_later_seat_must_beat_the_fixing_card() -> None:
    hands = [S80[0], S80[1], cards("9♠ 5♥ 10♠ A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 3♥"),
             cards("2♠ 7♦ A♦ 6♦ 4♥ 3♠ 4♠ 6♠ 7♠ 8♠ J♠ Q♠ K♠")]
    over = be_ranga(True, "obligatory-trump", **{"obligatory-trump": {"overtrump": True}})
    hand = play(over.new_hand(hands, hakem=0), f"{TRICK_1} K♣ 6♣ 5♥")
    assert hand.legal_plays() == {Card.parse("4♥")}  # cannot beat the 5♥: must still trump
    hand = play(over.new_hand(hands, hakem=0), f"{TRICK_1} K♣ 6♣ 3♥")
    assert hand.legal_plays() == {Card.parse("4♥")}
    assert play(hand, "4♥").winners[-1] == 3


# Deal and observations ------------------------------------------------------------------------


@pytest.mark.parametrize("packets", ["5-4-4", "5-3-3-2"])
def test_the_whole_deal_is_made_in_the_rulesets_packets_without_a_pause(packets: str) -> None:
    deck = list(hokm.full_deck())
    random.Random(packets).shuffle(deck)
    standard = Ruleset.compose(options={"standard": {"packets": packets}})
    rules = be_ranga(True, standard={"packets": packets})
    for hakem in range(4):
        hand, called = rules.deal(deck, hakem=hakem), standard.deal(deck, hakem=hakem)
        assert hand.hands == called.hands
        assert all(hand.dealt(seat) == called.dealt(seat) for seat in range(4))
        assert hand.phase is hokm.Phase.PLAY and hand.to_act == hakem
        assert len(called.observation(hakem).hand) == 5  # the standard deal pauses ...
        assert hand.observation(hakem).hand == hand.hand_of(hakem)  # ... be-ranga's does not
        assert all(len(hand.observation(seat).hand) == 13 for seat in range(4))


def test_a_match_starts_with_a_lead_and_records_trumpless_results() -> None:
    rules = be_ranga()
    match = rules.new_match(seed=3)
    assert match.hand.phase is hokm.Phase.PLAY
    assert all(isinstance(action, hokm.PlayCard) for action in match.legal_actions())


# Options ---------------------------------------------------------------------------------------


def test_defaults() -> None:
    plugin = BeRanga()
    assert (plugin.fixing_card_is_trump, plugin.first_pickup) == (True, "trick-3")
    assert FIRST_PICKUPS == ("trick-3", "after-fixing-trick")
    assert Ruleset.compose("be-ranga") == be_ranga(True)
    assert Ruleset.compose("be-ranga").hook_order("hokm_trump_rule") == ("be-ranga",)


@pytest.mark.parametrize("value", [1, 0, "True", None])
def test_bad_fixing_card_is_trump(value: object) -> None:
    with pytest.raises(hokm.InvalidOptionError, match=r"'be-ranga'.*fixing_card_is_trump"):
        Ruleset.compose("be-ranga", options={"be-ranga": {"fixing_card_is_trump": value}})


@pytest.mark.parametrize("value", ["trick-2", "after_fixing_trick", "not_before_trick_3", 3, None])
def test_bad_first_pickup(value: object) -> None:
    with pytest.raises(hokm.InvalidOptionError, match=r"'be-ranga'.*first_pickup"):
        Ruleset.compose("be-ranga", "double-sar", options={"be-ranga": {"first_pickup": value}})


def test_unknown_option() -> None:
    with pytest.raises(hokm.InvalidOptionError, match=r"'be-ranga' has no option 'trump'"):
        Ruleset.compose("be-ranga", options={"be-ranga": {"trump": "hearts"}})


AFTER_FIXING = {"be-ranga": {"first_pickup": "after-fixing-trick"}}


@pytest.mark.parametrize("others", [(), ("clockwise",), ("court-piece",), ("bavney", "obligatory-trump")])
def test_first_pickup_other_than_the_default_needs_double_sar(others: tuple[str, ...]) -> None:
    with pytest.raises(hokm.InvalidOptionError,
                       match=r"variant 'be-ranga', option 'first_pickup'.*needs 'double-sar'"):
        Ruleset.compose("be-ranga", *others, options=AFTER_FIXING)
    Ruleset.compose("be-ranga", *others, options={"be-ranga": {"first_pickup": "trick-3"}})


def test_first_pickup_is_accepted_with_double_sar_in_either_order() -> None:
    for names in (("be-ranga", "double-sar"), ("double-sar", "be-ranga"),
                  ("clockwise", "double-sar", "obligatory-trump", "be-ranga")):
        rules = Ruleset.compose(*names, options=AFTER_FIXING)
        assert rules.option_values["be-ranga"]["first_pickup"] == "after-fixing-trick"
        assert rules.hook_order("hokm_check_ruleset") == ("be-ranga",)


def test_the_composition_check_is_idle_with_the_default() -> None:
    assert Ruleset.compose("be-ranga").hook_order("hokm_check_ruleset") == ()
    assert BeRanga().inactive_hooks == {"hokm_check_ruleset"}
    assert BeRanga(first_pickup="after-fixing-trick").inactive_hooks == frozenset()


# Composition -------------------------------------------------------------------------------------

CONFLICTS = ("hidden-trump", "redeal", "satat", "troefcall", "two-player", "three-player")
PARTNERS = ("double-sar", "court-piece", "bavney", "clockwise", "obligatory-trump")


def test_declared_conflicts() -> None:
    info = BeRanga.info
    assert info.name == "be-ranga" and info.conflict_names == frozenset(CONFLICTS)
    assert all(info.conflict_reason(name) for name in CONFLICTS)
    assert "Court piece" in info.source


@pytest.mark.parametrize("other", sorted(set(CONFLICTS) & set(hokm.available_variants())))
def test_conflicts_are_refused_in_both_orders(other: str) -> None:
    for names in (("be-ranga", other), (other, "be-ranga")):
        with pytest.raises(hokm.VariantConflictError,
                           match=f"'be-ranga' cannot be combined with|'{other}' cannot be combined "
                                 "with 'be-ranga'"):
            Ruleset.compose(*names)


@pytest.mark.parametrize("other", PARTNERS)
def test_composes_with(other: str) -> None:
    rules = Ruleset.compose("be-ranga", other)
    rng = random.Random(other)
    hand = rules.deal(rng)
    assert hand.phase is hokm.Phase.PLAY and hand.trump is None
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_actions()))
    assert hand.result().hakem == hand.hakem


@pytest.mark.parametrize("fixing", OPTIONS)
def test_check_variant_alone_and_with_every_compatible_partner(fixing: bool) -> None:
    report = check_variant("be-ranga", matches=1, seed=f"be-ranga:{fixing}",
                           options={"fixing_card_is_trump": fixing})
    assert set(report.skipped) == set(CONFLICTS) & set(hokm.testing.BUNDLED_VARIANTS)
    assert set(report.rulesets) == {"standard + be-ranga",
                                    *(f"standard + {partner} + be-ranga" for partner in PARTNERS)}
    assert report.hands > len(report.rulesets)


# Properties: random play against an independent reference ---------------------------------------


def reference(plays: Sequence[tuple[int, Card]], players: int,
              fixing: bool) -> tuple[Suit | None, list[int], int | None]:
    """RULES 1.5.7 from the plays alone: the fixed trump, each complete trick's winner, and the
    play (index in ``plays``) from which cards of the trump suit count as trumps (None: no trump).
    """
    trump: Suit | None = None
    counts_from: int | None = None
    winners: list[int] = []
    for start in range(0, len(plays), players):
        trick = plays[start:start + players]
        led = trick[0][1].suit
        for offset, (_, card) in enumerate(trick):
            if trump is None and card.suit is not led:
                trump = card.suit  # the first card played off the led suit
                counts_from = start + offset if fixing else start + players
        if len(trick) < players:
            break

        # Which cards of this trick are trumps (rule 4): of the trump suit, played from counts_from.
        trumps = [card.suit is trump and counts_from is not None and start + position >= counts_from
                  for position, (_, card) in enumerate(trick)]
        best_seat, best = trick[0]
        best_is_trump = trumps[0]
        for offset, (seat, card) in enumerate(trick[1:], start=1):
            if trumps[offset]:
                if not best_is_trump or int(card.rank) > int(best.rank):
                    best_seat, best, best_is_trump = seat, card, True
            elif not best_is_trump and card.suit is led and int(card.rank) > int(best.rank):
                best_seat, best = seat, card
        winners.append(best_seat)
    return trump, winners, counts_from


PROPERTY_PARTNERS = ((), ("obligatory-trump",), ("double-sar",), ("court-piece",), ("bavney",),
                     ("clockwise", "obligatory-trump"), ("double-sar", "obligatory-trump"))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deck=st.permutations(hokm.full_deck()), hakem=st.integers(0, 3), fixing=st.booleans(),
       partners=st.sampled_from(PROPERTY_PARTNERS), rnd=st.randoms(use_true_random=False))
def test_random_play_matches_the_reference(deck: list[Card], hakem: int, fixing: bool,
                                           partners: tuple[str, ...], rnd: random.Random) -> None:
    rules = be_ranga(fixing, *partners)
    obligatory = "obligatory-trump" in partners
    start = hand = rules.deal(deck, hakem=hakem)
    dealt = [frozenset(hand.hand_of(seat)) for seat in range(4)]
    actions: list[hokm.Action] = []
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        if hand.pending_decision is None:
            trick = hand.current_trick.plays
            held = hand.hand_of(seat)
            follow = frozenset(card for card in held if trick and card.suit is trick[0][1].suit)
            expected = follow or held
            trump, _, counts_from = reference(hand.plays, 4, fixing)
            if obligatory and trick and not follow and counts_from is not None \
                    and counts_from <= len(hand.plays):
                trumps = frozenset(card for card in held if card.suit is trump)
                expected = trumps or held
            assert hand.legal_plays() == expected
        actions.append(rnd.choice(hand.legal_actions()))
        hand = hand.apply(actions[-1])
        trump, winners, _ = reference(hand.plays, 4, fixing)
        assert hand.trump is trump
        assert list(hand.winners) == winners
        # Conservation: every dealt card is held or played by its owner, once.
        for owner in range(4):
            played = {card for who, card in hand.plays if who == owner}
            assert hand.hand_of(owner) | played == dealt[owner]
            assert not hand.hand_of(owner) & played
    result = hand.result()
    assert result.trump is reference(hand.plays, 4, fixing)[0]
    assert result.hakem == hakem and sum(result.team_tricks) == hand.tricks_played
    check_hand_state(hand)
    if rnd.random() < 0.25:  # the slow part: nobody's view depends on cards he has not seen
        check_hidden_information(start, actions, swaps=2, seed=rnd.randrange(1000))


@settings(max_examples=30, deadline=None)
@given(deck=st.permutations(hokm.full_deck()), fixing=st.booleans(), rnd=st.randoms(use_true_random=False))
def test_under_double_sar_the_trump_is_always_fixed(deck: list[Card], fixing: bool,
                                                   rnd: random.Random) -> None:
    hand = be_ranga(fixing, "double-sar").deal(deck)
    while not hand.is_over:
        hand = hand.apply(rnd.choice(hand.legal_actions()))
    assert hand.tricks_played == 13 and hand.result().trump is not None
    assert sum(hand.team_tricks) == 13


@settings(max_examples=40, deadline=None)
@given(deal_seed=st.integers(0, 2**32), seed=st.integers(0, 2**32), fixing=st.booleans(),
       partners=st.sampled_from(PROPERTY_PARTNERS))
def test_playout_is_stepping_with_the_same_choices(deal_seed: int, seed: int, fixing: bool,
                                                   partners: tuple[str, ...]) -> None:
    hand = be_ranga(fixing, *partners).deal(random.Random(deal_seed))
    fast = hand.playout(random.Random(seed))
    rng = random.Random(seed)
    while not hand.is_over:
        options = hand.legal_actions()
        hand = hand.apply(options[int(rng.random() * len(options))])
    assert (fast.plays, fast.winners, fast.trump, fast.trump_from, fast.tricks) == (
        hand.plays, hand.winners, hand.trump, hand.trump_from, hand.tricks)
    assert fast.result() == hand.result()
