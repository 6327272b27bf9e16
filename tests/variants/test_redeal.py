"""Redeal: the caller may throw in a weak hand (RULES.md 1.5.3; SCENARIOS S60, S66, S68).

Every case is played through the public API: hands dealt from fixed decks with
``Ruleset.deal`` / ``new_hand``, matches with ``new_match``, claims applied as actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from hokm import CallTrump, Card, MatchState, Phase, Rank, Ruleset, Suit, cards, full_deck
from hokm.testing import MatchChecker, RulesetMachine, check_variant
from hokm_variants.redeal import FIVE_CARD_RULES, RULES, ClaimRedeal, DeclineRedeal, Redeal, claimable

CLAIM, DECLINE = ClaimRedeal(), DeclineRedeal()
CALLS = tuple(CallTrump(suit) for suit in Suit)
PICTURES = {hokm.Rank.KING, hokm.Rank.QUEEN, hokm.Rank.JACK}
COURTS = {"court", "goon-court", "streak-court", "52-court"}


def redeal(*others: str, options: dict[str, dict[str, Any]] | None = None, **mine: Any) -> Ruleset:
    return Ruleset.compose(*others, "redeal", options={**(options or {}), "redeal": mine})


def deck_with(*parts: tuple[int, str]) -> list[Card]:
    """A 52-card deck with the given cards at the given positions, the rest in canonical order."""
    placed = {position + i: card for position, text in parts for i, card in enumerate(cards(text))}
    rest = iter(card for card in full_deck() if card not in placed.values())
    return [placed[i] if i in placed else next(rest) for i in range(52)]


def hakem_five(text: str) -> list[Card]:
    """A deck whose top five (the first packet of a Hakem dealt from it) are ``text``."""
    return deck_with((0, text))


def offered(hand: hokm.HandState) -> bool:
    return CLAIM in hand.legal_actions()


# S66: which first fives may be thrown in ---------------------------------------------------

S66 = [  # (the Hakem's first five, offered under no-honour-five, no-picture-five, below-ten-five)
    ("10♠ 9♥ 7♣ 4♦ 2♠", True, True, False),
    ("A♠ 9♥ 7♣ 4♦ 2♠", False, True, False),
    ("J♣ 9♥ 7♣ 4♦ 2♠", False, False, False),
    ("9♠ 8♥ 7♣ 4♦ 2♠", True, True, True),
]


@pytest.mark.parametrize(("five", "honour", "picture", "below_ten"), S66, ids=[row[0] for row in S66])
def test_s66_which_first_fives_may_be_thrown_in(five: str, honour: bool, picture: bool,
                                                below_ten: bool) -> None:
    deck = hakem_five(five)
    for rule, expected in (("no-honour-five", honour), ("no-picture-five", picture),
                           ("below-ten-five", below_ten)):
        hand = redeal(rule=rule).deal(deck, hakem=0)
        assert hand.dealer == 3 and hand.observation(0).hand == frozenset(cards(five))
        # One M1 choice: the four suits, and the claim as well when the five qualify.
        assert hand.legal_actions() == ((*CALLS, CLAIM) if expected else CALLS), rule
        assert claimable(cards(five), rule) is expected
    assert redeal().deal(deck).legal_actions() == redeal(rule="no-honour-five").deal(deck).legal_actions()
    # With no-picture-hand nothing is offered at the call (the claim comes after the deal: S68).
    assert redeal(rule="no-picture-hand").deal(deck, hakem=0).legal_actions() == CALLS


@pytest.mark.parametrize("rule", sorted(FIVE_CARD_RULES))
def test_s66_after_a_claim_the_five_are_shown_and_the_hand_is_annulled(rule: str) -> None:
    five = cards("9♠ 8♥ 7♣ 4♦ 2♠")
    hand = redeal(rule=rule).deal(hakem_five("9♠ 8♥ 7♣ 4♦ 2♠"), hakem=0)
    before = [hand.observation(seat) for seat in range(4)]
    assert all(not view.shown for view in before) and before[2].hand == frozenset()
    over = hand.apply(CLAIM)
    assert over.is_over and over.is_annulled and over.to_act is None and not over.plays
    assert over.trump is None and over.decisions == ((0, CLAIM),)
    for seat in range(4):
        view = over.observation(seat)
        assert view.shown == frozenset(five) and view.annulled and view.decisions == ((0, CLAIM),)
    with pytest.raises(hokm.GameStateError, match="annulled"):
        over.result()


def test_s66_seat_3_deals_again_to_hakem_0() -> None:
    deck = deck_with((0, "A♠ 9♥ 7♣ 4♦ 2♠"))  # the A♠ is the first Ace: seat 0 is Hakem
    match = redeal().new_match(deck=deck, seed=4)
    assert (match.hand.hakem, match.hand.dealer) == (0, 3) and not offered(match.hand)
    match = redeal(rule="no-picture-five").new_match(deck=deck, seed=4)
    again = match.apply(CLAIM)
    assert (again.hand.hakem, again.hand.dealer, again.hand.redeals) == (0, 3, 1)
    assert again.hand.phase is Phase.TRUMP and again.to_act == 0 and again.hand_number == 2
    assert again.hand.hands == again.ruleset.deal(again.deck_for(2), hakem=0).hands  # a fresh deal


@pytest.mark.parametrize("rule", RULES)
def test_s66_the_partner_is_never_offered_a_claim(rule: str) -> None:
    # Seat 2 holds nothing above a 9 in his whole hand; seat 0's five and hand are full of pictures.
    weak = [card for card in full_deck() if card.rank <= hokm.Rank.NINE]
    partner = weak[:13]
    top = cards("A♠ K♥ Q♣ J♦ K♠")
    strong = [*top, *[card for card in full_deck() if card.rank >= hokm.Rank.TEN and card not in top][:8]]
    others = [card for card in full_deck() if card not in partner and card not in strong]
    hands = [strong, others[:13], partner, others[13:]]
    rules = redeal(rule=rule)
    for start in (rules.new_hand(hands, hakem=0), rules.new_hand(hands, hakem=2)):
        hand = start
        offers = claimable(hand.dealt(hand.hakem)[:5] if rule in FIVE_CARD_RULES
                           else hand.dealt(hand.hakem), rule)
        rng = random.Random(rule)
        seen: list[tuple[int | None, hokm.Action]] = []
        while not hand.is_over:
            seen.extend((hand.to_act, action) for action in hand.legal_actions()
                        if isinstance(action, ClaimRedeal | DeclineRedeal))
            for seat in range(4):
                view = hand.observation(seat).legal_actions
                assert seat == hand.to_act or not view
            action = rng.choice([a for a in hand.legal_actions() if a != CLAIM])
            hand = hand.apply(action)
        assert {seat for seat, _ in seen} == ({hand.hakem} if offers else set())
        assert offers is (hand.hakem == 2)  # only ever the caller's cards count


# S60: an annulled hand leaves the match untouched (court-piece + redeal) ----------------------

S60_RULES: dict[str, Any] = {"rule": "no-picture-five", "max_redeals": 2}


def s60_rules() -> Ruleset:
    return redeal("court-piece", **S60_RULES)


def s60_match(five: str) -> MatchState:
    """Court Piece's random first dealer is seat 3 (the seed picks it), caller seat 0 gets ``five``."""
    rules = s60_rules()
    deck = hakem_five(five)
    seed = next(seed for seed in range(100) if rules.new_match(deck=deck, seed=seed).hand.hakem == 0)
    match = rules.new_match(deck=deck, seed=seed)
    assert (match.hand.hakem, match.hand.dealer) == (0, 3)
    return match


def test_s60_the_claim_is_offered_with_the_suits_and_annuls_the_hand() -> None:
    match = s60_match("9♠ 8♥ 7♣ 4♦ 2♠")
    assert match.legal_actions() == (*CALLS, CLAIM)  # one M1 choice
    after = match.apply(CLAIM)
    annulled = after.last_hand
    assert annulled is not None and annulled.is_annulled and annulled.tricks_played == 0
    for seat in range(4):
        assert annulled.observation(seat).shown == frozenset(cards("9♠ 8♥ 7♣ 4♦ 2♠"))
    # The match is unchanged: courts 0 / 0, no result, the same dealer and caller; one redeal.
    assert after.scores == (0, 0) and after.results == () and not after.is_over
    assert (after.hand.dealer, after.hand.hakem, after.hand.redeals) == (3, 0, 1)
    # All 52 cards are reshuffled, and seat 3 deals again.
    assert after.deck_for(2) != match.deck_for(1) and sorted(after.deck_for(2), key=lambda c: c.index) \
        == list(full_deck())
    assert after.hand.hands == s60_rules().deal(after.deck_for(2), hakem=0).hands
    assert after.hand_number == 2 and after.observation(1).hand_number == 2


def test_s60_contrast_a_queen_means_no_claim() -> None:
    match = s60_match("Q♠ 8♥ 7♣ 4♦ 2♠")
    assert match.legal_actions() == CALLS
    with pytest.raises(hokm.IllegalActionError):
        match.apply(CLAIM)


def _streak(match: MatchState, team: int) -> int:
    count = 0
    for result in reversed(match.results):
        if result.winner != team or result.label in COURTS:
            break
        count += 1
    return count


def _play_hand(match: MatchState, rng: random.Random) -> MatchState:
    """Play the current hand to its end at random, never claiming."""
    number = match.hand_number
    while match.hand_number == number and not match.is_over:
        match = match.apply(rng.choice([action for action in match.legal_actions() if action != CLAIM]))
    return match


def _find(rules: Ruleset, wanted: Callable[[MatchState], bool]) -> MatchState:
    """The first state (over seeds, hand by hand, at a trump call) where ``wanted`` holds."""
    for seed in range(10_000):
        match, rng = rules.new_match(seed=seed), random.Random(seed)
        while not match.is_over:
            if wanted(match):
                return match
            match = _play_hand(match, rng)
    raise AssertionError("no such match found")  # pragma: no cover


@pytest.mark.parametrize("streak", [3, 6])
def test_s60_the_streak_of_the_side_that_won_the_last_deals_stays(streak: int) -> None:
    # B (seats 1, 3) has won the last deals; B's caller may throw in his five. Court Piece's
    # dealer always comes from the side that lost, so after a win by B the caller is on B:
    # S60's seats (caller 0 on A, dealer 3 on B, after three wins by B) cannot arise in play, so
    # the seats are exact in the tests above (hand 1) and the streak is exact here.
    match = _find(s60_rules(), lambda m: _streak(m, 1) == streak and CLAIM in m.legal_actions())
    caller, dealer, number = match.hand.hakem, match.hand.dealer, match.hand_number
    assert match.layout.team_of(caller) == 1 and match.scores == (0, 0)
    after = match.apply(CLAIM)
    assert after.results == match.results and after.scores == match.scores == (0, 0)
    assert _streak(after, 1) == streak
    assert (after.hand.hakem, after.hand.dealer, after.hand.redeals) == (caller, dealer, 1)
    assert after.hand_number == number + 1
    if streak < 6:
        return
    # The annulled hand neither won nor lost: B's next win is its seventh in a row, a court.
    for seed in range(200):
        done = _play_hand(after, random.Random(seed))
        if done.results[-1].winner == 1:
            break
    assert done.results[-1].label == "streak-court" and done.scores == (0, 1) and done.winner == 1


# The limit: max_redeals, and the count restarting after a played hand -----------------------


@pytest.mark.parametrize(("max_redeals", "offered_at"), [(2, {0, 1}), (1, {0}), (3, {0, 1, 2}),
                                                         (None, {0, 1, 2, 3, 10})])
def test_max_redeals_through_the_deal(max_redeals: int | None, offered_at: set[int]) -> None:
    deck = hakem_five("9♠ 8♥ 7♣ 4♦ 2♠")
    rules = redeal(max_redeals=max_redeals)
    for redeals in range(11):
        assert offered(rules.deal(deck, hakem=1, redeals=redeals)) is (redeals in offered_at
                                                                        or max_redeals is None)
    # The same limit for the claim on the whole hand.
    hand = redeal(rule="no-picture-hand", max_redeals=max_redeals)
    plain = [card for card in full_deck() if card.rank not in PICTURES]
    rest = [card for card in full_deck() if card not in plain[:13]]
    for redeals in range(4):
        state = hand.new_hand([plain[:13], rest[:13], rest[13:26], rest[26:]], redeals=redeals)
        state = state.apply(CallTrump(Suit.SPADES))
        assert (state.pending_decision is not None) is (redeals in offered_at or max_redeals is None)


@pytest.mark.parametrize("options", [{"rule": "no-honour-five"}, {"rule": "below-ten-five", "max_redeals": 1},
                                     {"rule": "no-picture-five", "max_redeals": None}])
def test_the_count_restarts_after_a_played_hand(options: dict[str, Any]) -> None:
    rules = redeal("court-piece", **options)
    limit = options.get("max_redeals", 2)
    counts: list[int] = []
    for seed in range(25):
        match, rng = rules.new_match(seed=seed), random.Random(seed)
        while not match.is_over and match.hand_number < 40:
            hand = match.hand
            counts.append(hand.redeals)
            weak = claimable(hand.dealt(hand.hakem)[:5], options["rule"])
            assert offered(hand) is (weak and (limit is None or hand.redeals < limit))
            if offered(hand):  # always claim: annulled hands in a row up to the limit
                after = match.apply(CLAIM)
                assert after.hand.redeals == hand.redeals + 1 and after.hand.hakem == hand.hakem
                assert after.scores == match.scores and after.results == match.results
            else:
                after = _play_hand(match, rng)
                if not after.is_over:
                    assert after.hand.redeals == 0  # a played hand restarts the count
                    assert after.hand.hakem == after.results[-1].next_hakem
            match = after
    assert max(counts) == (limit if limit is not None else max(counts)) and counts.count(0) < len(counts)


# S68: no picture in the whole hand (standard + redeal(rule="no-picture-hand")) ---------------

S68 = "A♠ A♥ 10♣ 9♣ 8♦ 7♦ 6♥ 5♠ 4♣ 3♦ 2♥ 10♥ 9♠"


def s68_deck(hand: str = S68) -> list[Card]:
    """Seat 0 (the first Ace, so the Hakem) is dealt ``hand`` in packets 5-4-4 from the top."""
    held = cards(hand)
    return deck_with((0, " ".join(map(str, held[:5]))), (20, " ".join(map(str, held[5:9]))),
                     (36, " ".join(map(str, held[9:]))))


def test_s68_the_claim_on_the_whole_hand() -> None:
    rules = redeal(rule="no-picture-hand")
    hand = rules.deal(s68_deck(), hakem=0)
    assert hand.hand_of(0) == frozenset(cards(S68)) and hand.legal_actions() == CALLS
    called = hand.apply(CallTrump(Suit.SPADES))
    # After the 13th card, before the first lead: seat 0 alone, claim or keep.
    assert called.pending_decision is not None and called.to_act == 0 and not called.plays
    assert called.legal_actions() == (CLAIM, DECLINE)
    assert [called.observation(seat).legal_actions for seat in (1, 2, 3)] == [(), (), ()]
    over = called.apply(CLAIM)
    assert over.is_annulled and not over.plays
    assert all(over.observation(seat).shown == frozenset(cards(S68)) for seat in range(4))
    # In a match: nobody scores; seat 3 deals again; seat 0 gets a new five and names trump afresh.
    match = rules.new_match(deck=s68_deck(), seed=8).apply(CallTrump(Suit.SPADES))
    again = match.apply(CLAIM)
    assert again.scores == (0, 0) and again.results == ()
    assert (again.hand.hakem, again.hand.dealer, again.hand.phase) == (0, 3, Phase.TRUMP)
    assert again.hand.trump is None and again.legal_actions()[:4] == CALLS  # the ♠ call lapsed


def test_s68_a_jack_means_no_claim() -> None:
    rules = redeal(rule="no-picture-hand")
    hand = rules.deal(s68_deck(S68.replace("9♠", "J♦")), hakem=0).apply(CallTrump(Suit.SPADES))
    assert hand.pending_decision is None and hand.to_act == 0 and len(hand.legal_actions()) == 13


def test_s68_declining_is_secret() -> None:
    # The other seats must not learn that seat 0 was offered the claim: his hand has no picture.
    rules, plain = redeal(rule="no-picture-hand"), Ruleset.compose()
    kept = rules.deal(s68_deck(), hakem=0).apply(CallTrump(Suit.SPADES)).apply(DECLINE)
    same = plain.deal(s68_deck(), hakem=0).apply(CallTrump(Suit.SPADES))
    assert kept.decisions == ((0, DECLINE),) and kept.to_act == 0
    assert kept.legal_actions() == same.legal_actions()
    for seat in (1, 2, 3):
        assert kept.observation(seat) == same.observation(seat)
    assert kept.observation(0).decisions == kept.decisions
    # Never offered again in the hand.
    card = sorted(kept.legal_plays(), key=lambda c: c.sort_key)[0]
    assert kept.apply(hokm.PlayCard(card)).pending_decision is None


def test_three_player_claims_on_all_17_cards() -> None:
    rules = redeal("three-player", rule="no-picture-hand")
    plain = [card for card in rules.deck if card.rank not in PICTURES]
    pictures = [card for card in rules.deck if card.rank in PICTURES]
    others = [card for card in rules.deck if card not in plain[:17]]
    hand = rules.new_hand([plain[:17], others[:17], others[17:]], hakem=0).apply(CallTrump(Suit.CLUBS))
    assert hand.legal_actions() == (CLAIM, DECLINE)
    assert hand.apply(CLAIM).observation(1).shown == frozenset(plain[:17])
    # A single picture among the 17, in the last packet, is enough to refuse the claim.
    held = [*plain[:16], pictures[0]]
    rest = [card for card in rules.deck if card not in held]
    hand = rules.new_hand([held, rest[:17], rest[17:]], hakem=0).apply(CallTrump(Suit.CLUBS))
    assert hand.pending_decision is None


# Two players: "no-picture-hand" only in mode="dead-half" ------------------------------------


def test_two_player_refuses_the_whole_hand_rule() -> None:
    with pytest.raises(hokm.InvalidOptionError,
                       match=r"variant 'redeal', option 'rule': 'no-picture-hand'.*mode='dead-half'"):
        redeal("two-player", rule="no-picture-hand")
    with pytest.raises(hokm.InvalidOptionError, match="'no-picture-hand'"):
        Ruleset.compose("redeal", "two-player", options={"redeal": {"rule": "no-picture-hand"}})
    for rule in FIVE_CARD_RULES:  # the five-card rules: the first five are dealt
        rules = redeal("two-player", rule=rule)
        hand = rules.deal(hakem_five("9♠ 8♥ 7♣ 4♦ 2♠"), hakem=0)
        over = hand.apply(CLAIM)
        assert over.is_annulled and over.observation(1).shown == frozenset(cards("9♠ 8♥ 7♣ 4♦ 2♠"))
        assert over.stock_left == hand.stock_left  # annulled before the draw


TWO_PLAYER_MODES = "mode" in {field.name for field in attrs.fields(
    __import__("hokm_variants.two_player", fromlist=["TwoPlayer"]).TwoPlayer)}


@pytest.mark.skipif(not TWO_PLAYER_MODES, reason="two-player has no option 'mode' yet (RULES 1.5.5, "
                                                  "added in parallel): enable once it has")
def test_two_player_dead_half_allows_the_whole_hand_rule() -> None:
    rules = redeal("two-player", options={"two-player": {"mode": "dead-half"}}, rule="no-picture-hand")
    for mode in ("keep-reject", "zhinam", "fifty-card"):
        with pytest.raises(hokm.InvalidOptionError, match="mode='dead-half'"):
            redeal("two-player", options={"two-player": {"mode": mode}}, rule="no-picture-hand")
    plain = [card for card in full_deck() if card.rank not in PICTURES]
    # RULES 1.5.5: the Hakem gets d0-d4, d10-13, d18-21; the other player d5-d9, d14-17, d22-25.
    held = plain[:13]
    deck = deck_with((0, " ".join(map(str, held[:5]))), (10, " ".join(map(str, held[5:9]))),
                     (18, " ".join(map(str, held[9:]))))
    hand = rules.deal(deck, hakem=0).apply(CallTrump(Suit.SPADES))
    assert hand.legal_actions() == (CLAIM, DECLINE)
    assert hand.apply(CLAIM).observation(1).shown == frozenset(held)


# Options, conflicts, hooks ------------------------------------------------------------------


def test_defaults() -> None:
    plugin = dict(Ruleset.compose("redeal").plugins)["redeal"]
    assert isinstance(plugin, Redeal) and (plugin.rule, plugin.max_redeals) == ("no-honour-five", 2)
    assert RULES[0] == "no-honour-five" and set(RULES) == FIVE_CARD_RULES | {"no-picture-hand"}


@pytest.mark.parametrize("value", ["no-honour", "No-Picture-Hand", None, 5, ("no-picture-five",)])
def test_bad_rule(value: object) -> None:
    with pytest.raises(hokm.InvalidOptionError, match=r"variant 'redeal', option 'rule'"):
        redeal(rule=value)


@pytest.mark.parametrize("value", [0, -1, True, False, 1.5, "2"])
def test_bad_max_redeals(value: object) -> None:
    with pytest.raises(hokm.InvalidOptionError, match=r"variant 'redeal', option 'max_redeals'"):
        redeal(max_redeals=value)


def test_unknown_option() -> None:
    with pytest.raises(hokm.InvalidOptionError, match=r"'redeal' has no option 'limit'"):
        redeal(limit=3)


@attrs.frozen(eq=False)
class BeRanga(hokm.Variant):
    """A stand-in carrying only the name of a RULES 1.5 variant not shipped yet."""

    info = hokm.VariantInfo(name="be-ranga", summary="stand-in")


@attrs.frozen(eq=False)
class Troefcall(hokm.Variant):
    """A stand-in carrying only the name of a RULES 1.5 variant not shipped yet."""

    info = hokm.VariantInfo(name="troefcall", summary="stand-in")


@pytest.mark.parametrize(("other", "reason"), [(BeRanga(), "no trump call"),
                                               (Troefcall(), "its own redeal")])
def test_conflicts_from_rules(other: hokm.Variant, reason: str) -> None:
    assert reason in Redeal.info.conflict_reason(other.info.name)
    for order in (("redeal", other), (other, "redeal")):
        with pytest.raises(hokm.VariantConflictError, match=reason):
            Ruleset.compose(*order)


def test_idle_hooks_follow_the_rule() -> None:
    five, whole = redeal(), redeal(rule="no-picture-hand")
    assert five.hook_order("hokm_call_alternatives") == ("redeal",)
    assert five.hook_order("hokm_pending_decision") == five.hook_order("hokm_check_ruleset") == ()
    assert whole.hook_order("hokm_call_alternatives") == ()
    assert whole.hook_order("hokm_pending_decision") == whole.hook_order("hokm_check_ruleset") == ("redeal",)
    assert whole._engine.classic and not five._engine.classic  # the classic kernel stays in use


def test_info() -> None:
    assert Redeal.info.name == "redeal" and Redeal.info.conflict_names == {"be-ranga", "troefcall"}
    assert "pagat.com/whist/satat.html" in Redeal.info.source


# Conformance and properties -----------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"rule": "no-picture-five", "max_redeals": None},
                                     {"rule": "below-ten-five", "max_redeals": 1},
                                     {"rule": "no-picture-hand"}])
def test_check_variant(options: dict[str, Any]) -> None:
    report = check_variant("redeal", options=options, matches=1 if options.get("max_redeals") else 2,
                           seed=3)
    assert report.rulesets[0] == "standard + redeal"
    expected = {"be-ranga", "troefcall"}  # declared conflicts (RULES 1.5.3)
    if options.get("rule") == "no-picture-hand":
        expected.add("two-player")
    assert set(report.skipped) == expected


PARTNERS = [(), ("clockwise",), ("obligatory-trump",), ("satat",), ("bavney",), ("double-sar",),
            ("court-piece",), ("three-player",), ("two-player",)]


@pytest.mark.parametrize("partners", PARTNERS, ids=lambda p: "+".join(p) or "alone")
@pytest.mark.parametrize("rule", RULES)
def test_claiming_whenever_offered_keeps_every_invariant(partners: tuple[str, ...], rule: str) -> None:
    # The random policy of check_variant seldom claims; this one always does (within the limit),
    # under the kit's checks (cards, scores, annulled hands, no leak).
    if rule == "no-picture-hand" and partners == ("two-player",):
        return  # refused (tested above)
    rules = redeal(*partners, rule=rule)
    annulled = 0
    for seed in range(4):
        checker = MatchChecker(rules.new_match(seed=seed), leak_swaps=2)
        rng = random.Random(seed)
        while not checker.match.is_over and checker.match.hand_number <= 12:
            legal = checker.match.legal_actions()
            action = CLAIM if CLAIM in legal else rng.choice(legal)
            annulled += action == CLAIM
            checker.apply(action)
        checker.finish()
    assert annulled > 0 or rule == "no-picture-hand"


class RedealMachine(RulesetMachine):
    variants = ("redeal",)


class WholeHandMachine(RulesetMachine):
    variants = ("court-piece", "redeal")
    variant_options: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "redeal": {"rule": "no-picture-hand", "max_redeals": 1}}


TestRedeal = RedealMachine.TestCase
TestRedeal.settings = settings(TestRedeal.settings, max_examples=25)
TestWholeHand = WholeHandMachine.TestCase
TestWholeHand.settings = settings(TestWholeHand.settings, max_examples=25)


@settings(max_examples=80, deadline=None)
@given(deck=st.permutations(full_deck()), hakem=st.integers(0, 3), rule=st.sampled_from(RULES),
       redeals=st.integers(0, 3), max_redeals=st.sampled_from([1, 2, None]),
       rnd=st.randoms(use_true_random=False))
def test_only_the_caller_is_offered_and_only_when_the_rule_says(
        deck: list[Card], hakem: int, rule: str, redeals: int, max_redeals: int | None,
        rnd: random.Random) -> None:
    rules = redeal(rule=rule, max_redeals=max_redeals)
    hand = rules.deal(deck, hakem=hakem, redeals=redeals)
    within = max_redeals is None or redeals < max_redeals
    five, whole = hand.dealt(hakem)[:5], hand.dealt(hakem)
    assert five == tuple(deck[:5]) and set(whole) == hand.hand_of(hakem) and len(whole) == 13
    at_call = rule in FIVE_CARD_RULES and within and claimable(five, rule)
    on_hand = rule == "no-picture-hand" and within and claimable(whole, rule)
    while not hand.is_over:
        legal = hand.legal_actions()
        if hand.phase is Phase.TRUMP:
            assert legal == ((*CALLS, CLAIM) if at_call else CALLS)
        elif hand.pending_decision is not None:
            assert on_hand and not hand.plays and hand.to_act == hakem and legal == (CLAIM, DECLINE)
        else:
            assert not any(isinstance(action, ClaimRedeal | DeclineRedeal) for action in legal)
            assert hand.plays or not on_hand or hand.decisions[-1] == (hakem, DECLINE)
        for seat in range(4):
            if seat != hand.to_act:
                assert not hand.observation(seat).legal_actions
        hand = hand.apply(rnd.choice(legal))
        assert sum(len(held) for held in hand.hands) + len(hand.plays) == 52
    if hand.is_annulled:
        shown = frozenset(five if rule in FIVE_CARD_RULES else whole)
        assert all(hand.observation(seat).shown == shown for seat in range(4))
        assert hand.decisions[-1] == (hakem, CLAIM) and (at_call or on_hand)
    else:
        assert not hand.shown
        for seat in range(4):
            if seat != hakem:
                assert all(action != DECLINE for _, action in hand.observation(seat).decisions)


@settings(max_examples=40, deadline=None)
@given(deck=st.permutations(full_deck()), rnd=st.randoms(use_true_random=False))
def test_a_declined_whole_hand_claim_leaves_no_trace_for_the_others(deck: list[Card],
                                                                     rnd: random.Random) -> None:
    # Seat 0 is dealt no picture card: after declining, every other seat sees what it would see
    # in the same hand without the variant, at every step.
    plain = [card for card in deck if card.rank not in PICTURES][:13]
    rest = [card for card in deck if card not in plain]
    hands: Sequence[list[Card]] = [plain, rest[:13], rest[13:26], rest[26:]]
    kept = redeal(rule="no-picture-hand").new_hand(hands).apply(CallTrump(Suit.HEARTS)).apply(DECLINE)
    same = Ruleset.compose().new_hand(hands).apply(CallTrump(Suit.HEARTS))
    while not same.is_over:
        for seat in (1, 2, 3):
            assert kept.observation(seat) == same.observation(seat)
        assert kept.legal_actions() == same.legal_actions()
        action = rnd.choice(same.legal_actions())
        kept, same = kept.apply(action), same.apply(action)
    assert kept.result() == same.result()


@pytest.mark.parametrize("other", ["bavney", "court-piece"])
def test_with_another_decision_at_another_moment(other: str) -> None:
    # Both offer decisions (an overlap warning); the claim comes before the first lead, the
    # play-on offer after the seventh trick, each in its turn.
    with pytest.warns(hokm.VariantOverlapWarning, match="hokm_pending_decision"):
        rules = redeal(other, options={other: {"decide": True}}, rule="no-picture-hand")
    deck = full_deck()
    plain = [card for card in deck if card.rank not in PICTURES]
    suits = [[card for card in deck if card.suit is suit] for suit in Suit]
    hands = [plain[:13], *([card for card in deck if card not in plain[:13]][i::3] for i in range(3))]
    hand = rules.new_hand(hands, hakem=0).apply(CallTrump(Suit.SPADES))
    assert hand.legal_actions() == (CLAIM, DECLINE)
    hand = rules.new_hand(suits, hakem=0, trump=Suit.SPADES)  # seat 0 holds every spade
    assert len(hand.legal_actions()) == 13  # pictures in his hand: no claim, he leads
    while hand.pending_decision is None:
        hand = hand.play(min(hand.legal_plays(), key=lambda card: card.index))
    assert hand.tricks_played == 7 and hand.legal_actions() == (hokm.PlayOn(True), hokm.PlayOn(False))


@settings(max_examples=200)
@given(held=st.lists(st.sampled_from(hokm.full_deck()), min_size=0, max_size=13), rule=st.sampled_from(RULES))
def test_claimable_is_every_card_allowed_by_its_rank(held: list[hokm.Card], rule: str) -> None:
    # The rules by rank, as documented: no J, Q, K or A; no K, Q or J; nothing above 9.
    ranks = [card.rank for card in held]
    expected = {"no-honour-five": all(rank <= Rank.TEN for rank in ranks),
                "no-picture-five": not PICTURES.intersection(ranks),
                "below-ten-five": all(rank <= Rank.NINE for rank in ranks),
                "no-picture-hand": not PICTURES.intersection(ranks)}[rule]
    assert claimable(held, rule) is expected
    assert claimable(iter(held), rule) is claimable(held, rule)  # any iterable of cards


# With hidden-trump's blind indicator (RULES 1.5.2 rule 11) ----------------------------------------


BLIND_HIDDEN = {"hidden-trump": {"indicator": "blind"}}


@pytest.mark.parametrize(("five", "offered_there"), [
    ("K♠ 9♥ 7♣ 4♦ 2♠", True),   # the King is the blind indicator: the four the caller saw are low
    ("9♥ K♠ 7♣ 4♦ 2♠", False),  # a King the caller saw: no claim
    ("2♠ 9♥ 7♣ 4♦ 3♠", True),   # nothing high anywhere
])
def test_a_claim_under_the_blind_indicator_is_judged_on_the_cards_the_caller_saw(
        five: str, offered_there: bool) -> None:
    rules = redeal("hidden-trump", options=BLIND_HIDDEN, rule="no-picture-five")
    hand = rules.deal(hakem_five(five), hakem=0)
    blind = cards(five)[0]
    assert hand.set_aside_unseen(0) == {blind}  # the first card dealt lies face down, unseen
    assert offered(hand) is offered_there
    if offered_there:  # the claim shows what the caller saw, never the face-down card
        claimed = hand.apply(CLAIM)
        assert claimed.is_annulled and claimed.shown == frozenset(cards(five)[1:])


def test_the_offer_under_the_blind_indicator_does_not_depend_on_the_face_down_card() -> None:
    rules = redeal("hidden-trump", options=BLIND_HIDDEN, rule="no-picture-five")
    low_four = "9♥ 7♣ 4♦ 2♠"
    for blind in ("K♠", "3♠", "J♣", "A♥"):
        assert offered(rules.deal(hakem_five(f"{blind} {low_four}"), hakem=0)), blind


def test_a_whole_hand_claim_under_the_blind_indicator_leaves_out_the_face_down_card() -> None:
    rules = redeal("hidden-trump", options=BLIND_HIDDEN, rule="no-picture-hand")
    low = [card for card in full_deck() if card.rank not in PICTURES]
    picture = next(card for card in full_deck() if card.rank is Rank.KING)
    # Seat 0 is dealt the King first (the blind indicator), then twelve low cards.
    deck = deck_with((0, str(picture)), (1, " ".join(map(str, low[:4]))), (20, " ".join(map(str, low[4:8]))),
                     (36, " ".join(map(str, low[8:12]))))
    hand = rules.deal(deck, hakem=0)
    assert hand.set_aside_unseen(0) == {picture}
    assert all(card.rank not in PICTURES for card in hand.hand_of(0)) and len(hand.hand_of(0)) == 12
    assert hand.pending_decision is not None and CLAIM in hand.pending_decision.options
    assert picture not in hand.apply(CLAIM).shown
