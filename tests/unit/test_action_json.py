"""Actions from JSON and from text: ``to_dict`` / ``from_dict``, ``Action.parse``, ``parse_action`` (#32)."""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest

import hokm
from hokm import (
    Action,
    CallTrump,
    Card,
    Discard,
    DrawCard,
    HiddenAction,
    PlayCard,
    PlayOn,
    Suit,
    parse_action,
)
from hokm.actions import _TAGGED

# Rulesets that between them offer every bundled action (seeds found by playing at random).
OFFERING: list[tuple[tuple[str, ...], dict[str, dict[str, Any]] | None, int]] = [
    ((), None, 4),
    (("hidden-trump",), None, 4),
    (("hidden-trump",), {"hidden-trump": {"indicator": "blind"}}, 2),
    (("satat",), {"satat": {"last_four": True}}, 2),
    (("two-player",), {"two-player": {"mode": "zhinam"}}, 2),
    (("bavney",), {"bavney": {"decide": True}}, 25),
    (("redeal",), {"redeal": {"rule": "no-picture-hand"}}, 10),
    (("troefcall",), None, 10),
]


@functools.cache
def positions() -> list[tuple[Any, tuple[Action, ...]]]:
    """(match state, its legal actions) along random matches of every ruleset above."""
    found = []
    for names, options, seeds in OFFERING:
        rules = hokm.Ruleset.compose(*names, options=options)
        for seed in range(seeds):
            match, rng = rules.new_match(seed=seed), random.Random(seed)
            for _ in range(300):
                if match.is_over:
                    break
                legal = tuple(match.legal_actions())
                found.append((match, legal))
                match = match.apply(rng.choice(legal))
    return found


def every_action() -> dict[str, Action]:
    """An instance of every action class, legal somewhere or taken by itself (a blind indicator)."""
    actions: dict[str, Action] = {"hidden": HiddenAction()}
    for match, legal in positions():
        for action in (*legal, *(action for _, action in match.hand.decisions)):
            actions.setdefault(action.tag, action)
    return actions


def bundled_tags() -> set[str]:
    """The tags of hokm's own action classes and the bundled variants' (tests define more)."""
    return {tag for tag, cls in _TAGGED.items() if cls.__module__.split(".")[0] in ("hokm", "hokm_variants")}


def test_every_bundled_action_round_trips_through_its_dict_and_json() -> None:
    actions = every_action()
    assert set(actions) == bundled_tags()  # every bundled action class is covered
    for action in actions.values():
        data = action.to_dict()
        assert data["act"] == action.tag and "seat" not in data
        assert Action.from_dict(data) == action
        assert Action.from_dict(json.loads(json.dumps(data, ensure_ascii=False))) == action
        assert type(action).from_dict(data) == action


def test_parse_action_reads_every_legal_action_in_every_form() -> None:
    checked = 0
    for number, (match, legal) in enumerate(positions()):
        if number % 4 and all(isinstance(action, PlayCard) for action in legal):
            continue  # every decision, and a card play in four
        for action in legal:
            seat = match.to_act
            assert parse_action(action.to_dict(), match) is not None
            assert parse_action(action.to_dict(), match) == action
            assert parse_action({"seat": seat, **action.to_dict()}, match) == action
            assert parse_action(str(action), match) == action  # the printed form, whatever the variant
            assert parse_action(action, match) == action
            assert parse_action(action.to_dict(), match.hand) == action
            assert parse_action(action.to_dict(), match.observation(seat)) == action
            checked += 1
    assert checked > 500


def test_the_core_actions_read_back_from_their_text() -> None:
    for action in (PlayCard(Card.parse("10♥")), CallTrump(Suit.CLUBS), DrawCard(True), DrawCard(False),
                   Discard(Card.parse("Q♦")), PlayOn(True), PlayOn(False)):
        assert Action.parse(str(action)) == action


@pytest.mark.parametrize(("text", "action"), [
    ("A♠", PlayCard(Card.parse("A♠"))),
    ("as", PlayCard(Card.parse("A♠"))),
    ("  Play   10h ", PlayCard(Card.parse("10♥"))),
    ("play T♥", PlayCard(Card.parse("10♥"))),
    ("call hearts", CallTrump(Suit.HEARTS)),
    ("CALL c", CallTrump(Suit.CLUBS)),
    ("discard 2s", Discard(Card.parse("2♠"))),
    ("keep", DrawCard(True)),
    ("Reject", DrawCard(False)),
    ("play on", PlayOn(True)),
    ("stop", PlayOn(False)),
    ("draw keep=false", DrawCard(False)),
    ("play-on true", PlayOn(True)),
    ("hidden", HiddenAction()),
])
def test_action_parse_reads_what_people_type(text: str, action: Action) -> None:
    assert Action.parse(text) == action


def test_action_parse_reads_a_variants_actions_by_tag() -> None:
    import hokm_variants.satat
    import hokm_variants.troefcall

    assert Action.parse("satat/last-four 3") == hokm_variants.satat.LastFour(3)
    assert Action.parse("satat/last-four position=2") == hokm_variants.satat.LastFour(2)
    assert Action.parse("troefcall/capitulate yes") == hokm_variants.troefcall.Capitulate(True)


@pytest.mark.parametrize(("text", "error", "fragment"), [
    ("", hokm.InvalidNotationError, "'' is not an action: it is empty"),
    ("fly away", hokm.InvalidNotationError, "'fly away' is not an action: write a card"),
    ("zz", hokm.InvalidNotationError, "'zz' is neither an action ('play A♠', 'call ♥', 'keep', ...)"),
    ("call x", hokm.InvalidNotationError, "'call x' is not an action: 'x' is not a suit"),
    ("play 1h", hokm.InvalidNotationError, "'1' is not a rank"),
    ("nobody/ask", hokm.InvalidNotationError, "no loaded variant defines the action 'nobody/ask'"),
    ("draw maybe", hokm.InvalidNotationError, "'maybe' is not true or false"),
    ("draw colour=red", hokm.InvalidNotationError, "'colour=red' is not a field of 'draw' (its fields:"),
    ("x" * 10_000, hokm.InvalidNotationError, "far too long"),
    (None, hokm.NotationTypeError, "Action.parse() takes a string"),
    (5, hokm.NotationTypeError, "got 5 (an int)"),
])
def test_action_parse_refuses_what_is_not_an_action(text: Any, error: type[Exception],
                                                   fragment: str) -> None:
    with pytest.raises(error) as caught:
        Action.parse(text)
    assert type(caught.value) is error
    assert fragment in str(caught.value) and len(str(caught.value)) < 300


@pytest.mark.parametrize(("data", "error", "fragment", "path"), [
    ({"act": "fly"}, hokm.RecordError, "unknown action 'fly'", "$.act"),
    ({"card": "A♠"}, hokm.RecordError, "'act' must name an action, got None", "$.act"),
    ({"act": "play"}, hokm.RecordError, "action 'play' needs 'card'", "$"),
    ({"act": "play", "card": "1X"}, hokm.RecordError, "expected a card", "$.card"),
    ({"act": "play", "card": "A♠", "colour": 1}, hokm.RecordError, "unknown key 'colour' for action 'play'",
     "$"),
    ({"act": "call", "suit": "H"}, hokm.RecordError, "expected a suit symbol", "$.suit"),
    ({"act": "draw", "keep": 1}, hokm.RecordError, "expected true or false, got 1", "$.keep"),
    ({"seat": 0, "act": "play", "card": "A♠"}, hokm.RecordError, "an action's JSON has no 'seat'",
     "$.seat"),
])
def test_from_dict_refuses_what_is_not_an_action(data: dict[str, Any], error: type[Exception], fragment: str,
                                                path: str) -> None:
    with pytest.raises(error) as caught:
        Action.from_dict(data)
    assert fragment in str(caught.value) and len(str(caught.value)) < 300
    assert caught.value.path == path  # type: ignore[attr-defined]


@pytest.mark.parametrize("data", [None, "play A♠", ["play", "A♠"], 5])
def test_from_dict_of_something_not_a_mapping_is_a_type_error(data: Any) -> None:
    with pytest.raises(hokm.ArgumentTypeError, match="takes a mapping"):
        Action.from_dict(data)


def test_from_dict_on_a_subclass_wants_that_class() -> None:
    with pytest.raises(hokm.RecordError, match="expected a PlayCard action, got 'call'"):
        PlayCard.from_dict({"act": "call", "suit": "♥"})


HAND = hokm.Ruleset.compose().deal(hokm.full_deck(), hakem=0)
PLAYING = HAND.apply(CallTrump(Suit.SPADES))


def test_parse_action_refuses_an_action_that_is_not_legal_with_what_is() -> None:
    with pytest.raises(hokm.IllegalActionError) as caught:
        parse_action({"act": "play", "card": "A♠"}, HAND)
    error = caught.value
    assert type(error) is hokm.IllegalActionError
    assert str(error) == "illegal action play A♠ by seat 0 (legal: call ♠, call ♥, call ♦, call ♣)"
    assert error.action == PlayCard(Card.parse("A♠")) and error.seat == 0
    assert error.legal == tuple(HAND.legal_actions())


def test_parse_action_names_the_rule_that_refuses_a_card_in_trick_play() -> None:
    led = PLAYING.play(Card.parse("2♠"))  # seat 1 holds spades and A♥, not A♣
    assert led.to_act == 1 and Card.parse("A♥") in led.hand_of(1)
    for data in ("A♥", "play A♥", {"seat": 1, "act": "play", "card": "A♥"}):
        with pytest.raises(hokm.IllegalPlayError) as caught:
            parse_action(data, led)
        assert caught.value.reason == "must follow ♠" and caught.value.seat == 1
        assert str(caught.value) == "illegal play A♥ by seat 1: must follow ♠ (legal: J♠, 10♠, 9♠, 8♠, 7♠)"
    with pytest.raises(hokm.IllegalPlayError) as missing:
        parse_action("A♣", hokm.Ruleset.compose().new_match(seed=1).apply(CallTrump(Suit.SPADES)))
    assert missing.value.reason is not None and missing.value.reason.endswith("does not hold A♣")
    # An observation has no rules to ask: its refusal lists the legal actions.
    with pytest.raises(hokm.IllegalActionError) as listed:
        parse_action("A♥", led.observation(1))
    assert type(listed.value) is hokm.IllegalActionError and "(legal: play 7♠" in str(listed.value)


def test_parse_action_refuses_a_seat_that_is_not_to_act() -> None:
    card = PLAYING.legal_actions()[0]
    with pytest.raises(hokm.IllegalActionError, match=f"seat 2 acts \\({card}\\), but seat 0 is to act"):
        parse_action({"seat": 2, **card.to_dict()}, PLAYING)
    with pytest.raises(hokm.RecordError, match="expected a seat number, got '0'"):
        parse_action({"seat": "0", **card.to_dict()}, PLAYING)


def test_parse_action_for_an_observation_is_its_seats_own() -> None:
    other = PLAYING.observation(1)
    with pytest.raises(hokm.IllegalActionError, match="seat 1 has no action to take now"):
        parse_action(PLAYING.legal_actions()[0], other)


def test_parse_action_names_a_legal_action_by_its_card_or_suit_alone() -> None:
    rules = hokm.Ruleset.compose("two-player", options={"two-player": {"mode": "zhinam"}})
    match = rules.new_match(seed=1)
    while not isinstance(match.legal_actions()[0], Discard):
        match = match.apply(match.legal_actions()[0])
    discard = match.legal_actions()[0]
    assert isinstance(discard, Discard)
    assert parse_action(str(discard.card), match) == discard  # "A♠" names the discard, not a play
    assert parse_action("hearts", HAND) == CallTrump(Suit.HEARTS)


def test_parse_action_says_what_is_legal_when_the_text_is_no_action() -> None:
    with pytest.raises(hokm.InvalidNotationError, match="legal now: call ♠, call ♥, call ♦, call ♣"):
        parse_action("trumps please", HAND)


@pytest.mark.parametrize(("data", "state", "fragment"), [
    (5, HAND, "parse_action() takes an action's JSON data (a dict), its text or an Action, got 5"),
    (None, HAND, "got None"),
    ({"act": "call", "suit": "♠"}, None, "state must be a HandState, a MatchState or an observation"),
    ({"act": "call", "suit": "♠"}, "state", "got 'state' (a str)"),
])
def test_parse_action_refuses_wrong_types(data: Any, state: Any, fragment: str) -> None:
    with pytest.raises(hokm.ArgumentTypeError) as caught:
        parse_action(data, state)
    assert fragment in str(caught.value)


def test_parse_action_after_the_hand_says_nobody_is_to_act() -> None:
    over = PLAYING.playout(random.Random(3))
    with pytest.raises(hokm.IllegalActionError, match="nobody is to act"):
        parse_action("A♠", over)
