"""Tests of the house rule: exact outcomes, then hokm's property-testing kit (needs the package installed)."""

from __future__ import annotations

from hokm_house_rule import SevenOfDiamonds
from hypothesis import settings

import hokm
from hokm import Card, Suit, cards
from hokm.testing import RulesetMachine, check_variant

TRUMP_ACE = [(0, Card.parse("A♠")), (1, Card.parse("7♦")), (2, Card.parse("2♠")), (3, Card.parse("K♠"))]


def test_the_seven_of_diamonds_beats_the_ace_of_trumps() -> None:
    rules = hokm.Ruleset.compose("seven-of-diamonds")
    assert rules.trick_winner(TRUMP_ACE, trump=Suit.SPADES) == 1
    assert hokm.Ruleset.compose().trick_winner(TRUMP_ACE, trump=Suit.SPADES) == 0


def test_without_the_seven_the_usual_winner() -> None:
    rules = hokm.Ruleset.compose(SevenOfDiamonds())
    plays = [(0, Card.parse("8♦")), (1, Card.parse("A♦")), (2, Card.parse("2♠")), (3, Card.parse("K♦"))]
    assert rules.trick_winner(plays, trump=Suit.SPADES) == 2


def test_it_still_follows_suit_as_a_diamond() -> None:
    rules = hokm.Ruleset.compose("seven-of-diamonds")
    legal = rules.legal_plays(cards("7♦ 3♣ 9♣"), [(0, Card.parse("K♣"))], trump=Suit.SPADES)
    assert legal == frozenset(cards("3♣ 9♣"))


def test_conforms_alone_and_with_every_bundled_variant() -> None:
    report = check_variant("seven-of-diamonds", matches=1)
    assert report.rulesets[0] == "standard + seven-of-diamonds"


class HouseRuleMachine(RulesetMachine):
    variants = ("seven-of-diamonds",)


TestHouseRule = HouseRuleMachine.TestCase
# Keep the kit's defaults (no explain phase, one failure reported) and only make the run smaller.
TestHouseRule.settings = settings(TestHouseRule.settings, max_examples=10, stateful_step_count=10)
