"""Hook specifications: every rule of the game is answered by one of these hooks.

Plugin authors implement any subset with ``hokm.hookimpl``; an
implementation may accept only the arguments it uses (pluggy passes arguments
by name), and must never give its parameters defaults. The hooks reference of
the documentation has a table of them all.

**What an implementation takes decides how often it is asked.** Pluggy is
consulted only while a ruleset is composed; then:

* an implementation that takes **no arguments** is asked once, and its answer
  stands for the whole ruleset (``hokm_trump_rule()``, an argless
  ``hokm_void_duty()`` or ``hokm_hand_complete()``);
* one that takes only **small fixed-range values** (a card, the trump or ``None``
  for "no trump yet", the seat's role — leader, void, Hakem —, the trick number,
  an action, a seat, and the constants ``layout``, ``ruleset`` and ``tricks_total``)
  is asked for every value when the ruleset is composed, and never during play:
  its answers become a table (``hokm_effective_suit``, ``hokm_card_rank``, a
  ``hokm_turn_options`` that reads no hand, a ``hokm_trick_capture`` that reads
  only the winners);
* one that takes the **hand** (``hand``, ``ctx``, ``trick``, ``match``) is asked per
  event, and only inside the ``TurnWindow`` or ``PauseWindow`` the variant gives
  it in ``turn_windows``.

Each hook's docstring says which of these it allows. So a variant chooses its
speed by its signature, and a rule is written once, as a hook. In a first-result
chain a table answers first: where it answers, nothing after it is asked. A
variant whose rule needs the hand only under some options implements the hook
twice, once without the hand and once with it (pluggy's ``specname``); the engine
asks the one without the hand first.

A variant may give a seat a decision other than playing a card at four moments:
the trump call (M1), the deal complete, before the first lead (M2), the seat's own
turn, before its card (M3), and after a trick (M4).

Two kinds of hook:

* **first-result** hooks ask for *the* answer (the trick winner, the next
  Hakem). Plugins are asked in reverse order of listing (a variant listed later
  is asked first) and the standard rules answer last. Returning ``None`` means
  "no opinion": the next plugin is asked.
* **collect-all** hooks (``hokm_check_ruleset``, ``hokm_restrict_plays``,
  ``hokm_restrict_void_plays``, ``hokm_void_duty``, ``hokm_follow_duty``, ``hokm_call_alternatives``,
  ``hokm_turn_options``, ``hokm_action_space``) ask every plugin; restrictions are intersected
  (the strictest duty applies), so their order never matters.

A plugin whose options switch one of its rules off may list the hooks that
are then idle in an ``inactive_hooks`` attribute (a collection of hook names,
or of the method names of single implementations);
the composed rules skip them, so an idle rule costs nothing during play.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from hokm.actions import Action
    from hokm.cards import Card, Suit
    from hokm.context import (
        Capture,
        DealPattern,
        Decision,
        FollowDuty,
        HandScore,
        HandTally,
        HandView,
        Kot,
        MatchView,
        PlayContext,
        RulesetInfo,
        Trick,
        VoidDuty,
    )
    from hokm.decisions import Effect, TrumpRule
    from hokm.outcomes import MatchStatus
    from hokm.table import Rotation, Seat, TableLayout, Team

__all__ = [
    "hokm_action_space",
    "hokm_call_alternatives",
    "hokm_card_rank",
    "hokm_check_ruleset",
    "hokm_deal_pattern",
    "hokm_decision_effect",
    "hokm_deck",
    "hokm_effective_suit",
    "hokm_first_hakem",
    "hokm_follow_duty",
    "hokm_forced_effect",
    "hokm_hand_complete",
    "hokm_hand_score",
    "hokm_kot",
    "hokm_match_winner",
    "hokm_next_hakem",
    "hokm_pending_decision",
    "hokm_play_on",
    "hokm_restrict_plays",
    "hokm_restrict_void_plays",
    "hokm_rotation",
    "hokm_seating",
    "hokm_table_layout",
    "hokm_trick_capture",
    "hokm_trick_suit",
    "hokm_trick_winner",
    "hokm_trump_call",
    "hokm_trump_rule",
    "hokm_turn_options",
    "hokm_void_duty",
]

PROJECT = "hokm"
hookspec = pluggy.HookspecMarker(PROJECT)

# Composition ---------------------------------------------------------------


@hookspec
def hokm_check_ruleset(ruleset: RulesetInfo) -> None:
    """Veto a combination of variants.

    Called once while composing, for every plugin (collect-all). Declared
    ``VariantInfo.conflicts`` and ``requires`` are checked by the core before
    this hook; use it for conditions that depend on options.

    Args:
        ruleset: the selected variant names, in the order given, and every
            plugin's options (``ruleset.options["standard"]["partners"]``).

    Returns:
        Nothing; raise ``hokm.VariantConflictError`` to refuse, or
        ``hokm.InvalidOptionError`` naming the variant and option when it is an
        option value that cannot be honoured in this company.

    Default:
        The standard rules accept every combination.

    Implemented by:
        ``be-ranga`` (a ``first_pickup`` other than the default needs Double
        Sar composed); ``court-piece`` (refuses its option ``decide=True`` under
        Double Sar); ``redeal`` (option ``rule="no-picture-hand"``: refuses the
        two-player game except in its dead-half mode); ``satat`` (option
        ``first_trump_maker="high-card-draw"``: refuses the second-Ace seating,
        another standard ``first_hakem``, and Court Piece listed after it; option
        ``last_four=True``: refuses a deal with no last packet of four).
    """


# Table and deal --------------------------------------------------------------


@hookspec(firstresult=True)
def hokm_table_layout() -> TableLayout | None:
    """How many seats and which team each plays for.

    Called once while composing. Seats are always numbered in play order: a layout
    says only how many there are and who plays with whom (another number of players
    usually needs its own deck and deal pattern too).

    Returns:
        A ``hokm.TableLayout``, or ``None`` for no opinion.

    Default:
        ``TableLayout.standard(4)``: seats 0 and 2 against 1 and 3.

    Implemented by:
        ``two-player``, ``three-player``.
    """


@hookspec(firstresult=True)
def hokm_rotation(layout: TableLayout) -> Rotation | None:
    """Which way play passes physically (who sits on whose left and right).

    Called once while composing. Seat ``s + 1`` always plays after seat ``s``: the
    rotation only resolves rules stated in terms of left and right.

    Default:
        ``Rotation.COUNTERCLOCKWISE`` (pagat Hokm: play passes to the right).

    Implemented by:
        ``clockwise``, ``troefcall`` (composed together they declare the same rotation,
        which is no overlap).
    """


@hookspec(firstresult=True)
def hokm_deck(layout: TableLayout) -> Sequence[Card] | None:
    """The cards in play, in canonical order (shuffles start from this order).

    Called once while composing. Cards must be distinct.

    Default:
        The 52-card pack.

    Implemented by:
        ``three-player`` (one two removed: 51 cards), ``two-player`` (``mode="fifty-card"``:
        2♣ and 2♦ removed).
    """


@hookspec(firstresult=True)
def hokm_deal_pattern(layout: TableLayout, deck_size: int) -> DealPattern | None:
    """How the cards are dealt, and when the Hakem calls trump.

    Called once while composing. ``Packets(sizes)`` deals rounds of packets in play
    order from the Hakem and pauses after his first packet for the trump call; the
    sizes must use the deck exactly (sizes x players == deck size), unless
    ``undealt=True`` leaves the rest undealt. ``StockDraw`` deals a first packet each,
    then after the call the seats keep or reject cards drawn from a stock.

    Default:
        ``Packets(standard option packets)``, pagat's ``(5, 4, 4)``.

    Implemented by:
        ``three-player`` (5-4-4-4), ``two-player`` (``StockDraw``, with discards and the
        last choice by ``mode``; ``Packets((5, 4, 4), undealt=True)`` for ``mode="dead-half"``).
    """


@hookspec(firstresult=True)
def hokm_first_hakem(layout: TableLayout, face_up: Sequence[Card], first_seat: Seat,
                     rng: random.Random) -> Seat | None:
    """The first hand's Hakem.

    Called once at the start of a match.

    Args:
        layout: the table.
        face_up: the match's own cards, dealt face up one card a seat in play
            order starting with ``first_seat``: the deck given to ``new_match``
            (top first), or a shuffle from the seed. Take only as many as the rule
            needs, in order.
        first_seat: the seat that receives the first face-up card.
        rng: the match's seeded generator, for rules that pick at random.

    Default:
        The receiver of the first Ace (option ``first_hakem``: ``"first-ace"``,
        ``"random"`` or a fixed seat).

    Implemented by:
        ``court-piece`` (random first dealer), ``satat`` (option
        ``first_trump_maker="high-card-draw"``; listed after ``court-piece`` it is
        asked first, and replaces the random dealer), ``troefcall`` (the first Jack, or
        the seat after the high card).
    """


@hookspec(firstresult=True)
def hokm_seating(layout: TableLayout, face_up: Sequence[Card], first_seat: Seat,
                 hakem: Seat) -> tuple[int, ...] | None:
    """Who sits where: ``result[seat]`` is the player (by original seat) in ``seat``.

    Called once at the start of a match, after the first Hakem is known. The answer
    is a permutation of the seats; the match keeps it as ``MatchState.seating``, and
    play is always in terms of seats.

    Default:
        Everyone keeps his seat; with option ``partners="second-ace"`` the
        face-up deal goes on (skipping the Hakem) until a second Ace, and its
        receiver swaps places with the player opposite the Hakem.

    Implemented by:
        no bundled variant.
    """


# Trump and decisions ----------------------------------------------------------


@hookspec(firstresult=True)
def hokm_trump_rule() -> TrumpRule | None:
    """How a hand gets its trump, declared once.

    Asked once, when the ruleset is composed. ``TrumpRule.CALLED``: the Hakem names
    it. ``FIRST_VOID_CARD``: there is no call; the whole deal is made, the Hakem
    leads, and the first card a seat plays when it cannot follow suit fixes the trump
    (a trump in its own trick; from the next trick with ``FIRST_VOID_CARD_NEXT_TRICK``).
    The core applies it without a plugin call on the card path. Until then the hand is
    played without a trump: the highest card of the led suit wins, and rules about
    trumps have nothing to act on.

    Default:
        ``TrumpRule.CALLED``: the Hakem names trump from his first packet.

    Implemented by:
        ``be-ranga`` (``FIRST_VOID_CARD``, or ``FIRST_VOID_CARD_NEXT_TRICK`` with
        ``fixing_card_is_trump=False``).
    """


@hookspec(firstresult=True)
def hokm_trump_call(hand: HandView, card: Card) -> Sequence[Action] | None:
    """The choices that make trump at the trump call (M1).

    The caller has seen his first packet. He takes exactly one action of this
    answer and of every ``hokm_call_alternatives`` answer; a lone choice is taken at
    once, without asking him. A choice other than ``CallTrump`` is applied through
    ``hokm_decision_effect``; if its effect names no trump, the hand is played
    without one until an effect names it. Give an action class the other seats may
    not see ``private = True``.

    Three ways to answer, by what the implementation takes:

    * ``card`` (not ``hand``): the choices one card of the caller's first packet gives;
      asked for every card when the ruleset is composed. The call offers, for each card
      of his first packet in display order (``Card.sort_key``), that card's choices; an
      implementation that answers ``None`` for every card of a packet has no opinion.
    * nothing: the same choices at every call, asked once.
    * ``hand``: asked at every call.

    Default:
        The four ``CallTrump`` actions, one per suit.

    Implemented by:
        ``hidden-trump`` (by ``card``: a face-down indicator from the caller's first packet
        instead of a suit; with ``indicator="blind"``, argless: a lone choice, the card laid
        by a forced effect).
    """


@hookspec
def hokm_call_alternatives(hand: HandView) -> Sequence[Action] | None:
    """Choices offered at the trump call *instead of* making trump (collect-all).

    Every answer is added to the ``hokm_trump_call`` choices; the caller takes
    one action in all. Applied through ``hokm_decision_effect``. An implementation
    that takes no argument is asked once and offers the same choices at every call;
    one that takes ``hand`` is asked at every call.

    Default:
        None.

    Implemented by:
        ``redeal`` (a claim at the trump call, with its five-card rules),
        ``satat`` (with option ``last_four=True``: "last four, card k").
    """


@hookspec
def hokm_turn_options(hand: HandView, lead: bool, hakem: bool, void: bool, trump: Suit | None,
                      number: int) -> Sequence[Action] | None:
    """Announcements the seat to act may make on its own turn, before its card (M3).

    Collect-all. An announcement does not pass the turn: the same seat then plays a
    card, under whatever obligation the announcement created (the void duty and the
    legality hooks see it as ``announced``). A seat makes at most one announcement per
    turn, so nothing is offered after one, and nothing to a seat that can follow suit
    (only a leader or a seat holding no card of the led suit is asked). Applied through
    ``hokm_decision_effect``.

    An implementation that takes only ``lead``, ``hakem``, ``void``, ``trump`` and
    ``number`` is tabulated when the ruleset is composed and never called during play;
    one that takes ``hand`` is asked on every turn of its ``TurnWindow`` (every turn
    without one).

    An announcement offered inside a trick only to a seat void in the led suit tells
    the table so: give its class ``shows_void = True``, and the other seats'
    observations count that seat void in the led suit (``voids``, ``cannot_hold``).

    Args:
        hand: the hand.
        lead: the seat leads to the trick.
        hakem: the seat is the Hakem.
        void: (following) the seat holds no card of the led suit.
        trump: the hand's trump, or ``None`` while it has none.
        number: the number of the trick in progress, from 1.

    Default:
        None.

    Implemented by:
        ``hidden-trump`` (tabulated: the ask of a seat that cannot follow, the caller's
        reveal); ``troefcall`` (by ``hand``, on the caller's lead to the first trick: the
        no-picture claim).
    """


@hookspec(firstresult=True)
def hokm_decision_effect(hand: HandView, seat: Seat, action: Action, trump: Suit | None) -> Effect | None:
    """What a variant's action does to the hand, once ``seat`` has taken it.

    Asked for every action that is not a card play, a trump call or a stock
    draw, with ``hand`` as it was before the action. The core applies the
    answer (see ``hokm.Effect``) and records the action in ``hand.decisions``.
    A plugin that declares its actions (``hokm_action_space``) is asked only about
    actions of the classes it declares: answer for your own actions only. An
    implementation that takes only ``action``, ``trump`` (the hand's trump, or
    ``None`` while it has none) and ``seat`` is asked once per such value and its
    answer kept, so the engine applies such an effect without a call.

    The core refuses, as a ``PluginContractError``, an effect that would break the
    hand: setting aside a card the seat does not hold, naming a trump while one is
    in force, annulling a hand after its first card, playing an illegal card.

    Returns:
        An ``Effect``, or ``None``: the action is only recorded (for example a
        play-on answer that ``hokm_hand_complete`` reads later).

    Default:
        None.

    Implemented by:
        ``hidden-trump`` (by ``action``: the indicator laid aside; the ask and the reveal
        turn it up, ``Effect(turn_up=True)``);
        ``redeal`` (a claim annuls the hand and shows the claimed cards),
        ``satat`` (the "last four" card names trump and is shown),
        ``troefcall`` (the no-picture claim annuls the hand).
    """


@hookspec(firstresult=True)
def hokm_forced_effect(hand: HandView) -> Effect | None:
    """A consequence that happens by itself before the seat to act chooses.

    Not a decision: nobody is asked, and the effect is applied at once (a forced
    reveal, an automatic reveal, a blind indicator, an indicator shown when the
    hand is over). Asked, only when a variant implements it, at the trump call
    (unless its window says ``at_call=False``), at every turn of trick play (only
    on the turns of its ``TurnWindow``, if the variant gives one in ``turn_windows``)
    and once when the hand ends (``hand.to_act`` is then ``None``, and only ``show``
    may be answered; not where the hand has a trump and the window says
    ``until_trump``).

    Default:
        None.

    Implemented by:
        ``hidden-trump`` (the blind indicator at the call, the forced reveal of the caller's
        last card, the automatic reveal, the indicator shown at the end).
    """


@hookspec
def hokm_action_space() -> Sequence[Action] | None:
    """Every action this plugin can ever offer a seat, declared once (collect-all).

    Learning frameworks need a *fixed* action space: one id per action, the same
    for every state of a ruleset. ``hokm.encoding.ActionSpace`` builds it from
    these declarations: the standard rules' answer first, then each variant's in
    the order the variants were listed; an action declared twice keeps its first
    id. A variant that offers actions of its own (through ``hokm_trump_call``,
    ``hokm_call_alternatives``, ``hokm_turn_options`` or
    ``hokm_pending_decision``) declares each one here, including core actions
    such as ``PlayOn`` that it offers; it may leave out what its options switch
    off. An action a seat is offered but nobody declared cannot be encoded: the
    encoding raises ``hokm.UnknownActionError`` naming it.

    Returns:
        A sequence of ``Action`` values (hashable, equal when they mean the same
        choice), or ``None`` for none.

    Default:
        The 52 card plays in ``Card.index`` order and the four trump calls in suit
        order; when the ruleset deals by a ``StockDraw``, the core adds the stock
        draw (keep, reject) and, with discards, the 52 discards.

    Implemented by:
        ``bavney`` and ``court-piece`` (the play-on answers, with ``decide=True``),
        ``hidden-trump`` (the indicators, the ask and the reveal), ``redeal`` (the claim
        and the decline), ``satat`` (with ``last_four=True``: "last four, card k"),
        ``troefcall`` (the kap answers, capitulation and the no-picture claim).
    """


# Trick play -----------------------------------------------------------------


@hookspec(firstresult=True)
def hokm_effective_suit(card: Card, trump: Suit) -> Suit | None:
    """The suit ``card`` belongs to, for following suit (and, by default, for winning tricks).

    Tabulated while composing (52 cards x 4 trumps), so it must depend on its
    arguments only. With ``hokm_card_rank`` it is the cheap way to change which card
    beats which: legality, the trick winner and ``PlayContext.beats`` all read the
    tables, at no cost during play.

    Default:
        The printed suit.

    Implemented by:
        ``satat`` (the 2♥ belongs to the trump suit).
    """


@hookspec(firstresult=True)
def hokm_trick_suit(card: Card, trump: Suit) -> Suit | None:
    """The suit ``card`` competes in when a trick is decided, if not its effective suit.

    A card whose trick suit is the trump beats every card that is not a trump;
    otherwise it can win only in the led suit. Tabulated while composing.

    Default:
        No plugin answers by default: the card competes in its effective suit
        (``hokm_effective_suit``), the suit it follows as.

    Implemented by:
        ``satat`` with ``two_hearts_follows="hearts"`` (the 2♥ follows as a heart
        but wins as the top trump).
    """


@hookspec(firstresult=True)
def hokm_card_rank(card: Card, trump: Suit) -> int | None:
    """The strength of ``card`` within its effective suit; higher beats lower.

    Tabulated while composing, like ``hokm_effective_suit``. Only the order matters:
    ranks are compared between cards that compete in the same suit.

    Default:
        The printed rank, 2 (two) to 14 (Ace).

    Implemented by:
        ``satat`` (the 2♥ ranks above the Ace).
    """


@hookspec
def hokm_restrict_plays(ctx: PlayContext) -> Collection[Card] | None:
    """Restrict which cards the acting seat may play (collect-all).

    The core first applies the universal rule, follow suit if able (using
    effective suits); then every plugin that answers narrows the set further:
    answers are intersected with it, so listing order never matters. An empty
    intersection raises ``hokm.VariantConflictError``, so answer ``None``, not an
    empty set, where your rule cannot be met. Not called when following suit leaves
    a single card (a restriction could only keep it).

    It reads the hand, so it is asked on every turn (of its ``TurnWindow``, if the
    variant gives one). A rule about what a seat that cannot follow suit may play
    belongs in ``hokm_restrict_void_plays``, asked only then, and a duty to trump in
    ``hokm_void_duty``, which costs no call at all.

    Args:
        ctx: the acting seat, its hand, the trick so far, the trump, ``led``
            (``None`` on a lead) and ``announced``; ``cards_of``, ``holds`` and
            ``beats`` use effective suits and ranks.

    Returns:
        The cards allowed by this rule, or ``None`` for no restriction.

    Default:
        No restriction beyond following suit.

    Implemented by:
        no bundled variant (obligatory-trump and hidden-trump's duty are ``hokm_void_duty``).
    """


@hookspec
def hokm_restrict_void_plays(ctx: PlayContext) -> Collection[Card] | None:
    """Restrict what a seat that cannot follow the led suit may play (collect-all).

    Asked only when a trick has been led, the acting seat holds no card of the
    led (effective) suit and more than one card is playable, so a rule about
    ruffing and discarding costs nothing on the other plays. Answers are
    intersected with each other and with ``hokm_restrict_plays`` answers.

    Args:
        ctx: the acting seat's hand and the trick so far.

    Returns:
        The cards allowed by this rule, or ``None`` for no restriction.

    Default:
        No restriction: a void seat may play any card (pagat).

    Implemented by:
        no bundled variant (obligatory-trump declares a ``hokm_void_duty``).
    """


@hookspec
def hokm_void_duty(announced: Action | None) -> VoidDuty | None:
    """What a seat that does not follow suit must play, declared per announcement (collect-all).

    Asked for ``announced=None`` (a turn with no announcement) when the ruleset is
    composed, and once for each announcement a variant offers, when it is first made;
    the answers are kept. Every implementation answers and the strictest duty applies
    (``OVERTRUMP`` over ``TRUMP``), as restrictions are intersected, so listing order
    never matters. The engine applies the duty itself, with no plugin call during
    play: on every card of a seat holding no card of the led suit, and, on a turn
    where the seat made an announcement, on its lead too. Suits are effective suits
    (with ``satat`` the 2♥ counts as a trump). A rule that depends on the hand belongs
    in ``hokm_restrict_void_plays``.

    Args:
        announced: the announcement the seat made this turn (``hokm_turn_options``),
            or ``None``.

    Returns:
        ``VoidDuty.TRUMP`` (play a trump if you hold one), ``VoidDuty.OVERTRUMP``
        (beat the winning card with a trump if you can, else play any trump), or
        ``None``: no duty.

    Default:
        None: a void seat may play any card (pagat).

    Implemented by:
        ``obligatory-trump``, ``troefcall`` (option ``trumping``), ``hidden-trump``
        (having asked or revealed, play or lead a trump).
    """


@hookspec
def hokm_follow_duty() -> FollowDuty | None:
    """What a seat that follows suit must play, declared once (collect-all).

    The counterpart of ``hokm_void_duty`` for the seats that hold the led suit.
    Asked once, when the ruleset is composed; every implementation answers and the
    strictest duty applies. The engine applies it itself, from its power tables,
    with no plugin call during play: on every follow where the seat holds more than
    one card of the led (effective) suit. (It takes no announcement: nothing is
    offered to a seat that can follow.) A rule that depends on the hand or the trick
    number belongs in ``hokm_restrict_plays``.

    Returns:
        ``FollowDuty.BEAT`` (play a card of the led suit that beats the card
        winning the trick if you hold one, else any card of the led suit), or
        ``None``: no duty.

    Default:
        None: a seat that follows suit may play any card of the suit.

    Implemented by:
        no bundled variant (a house rule's: "must beat", as Callbreak plays).
    """


@hookspec(firstresult=True)
def hokm_trick_winner(trick: Trick) -> Seat | None:
    """The seat that wins a complete trick.

    Asked after every trick, while any plugin implements it. ``trick.winner`` is
    still ``None`` here; ``trick.default_winner()`` gives the standard answer. For a
    card that ranks higher or counts as another suit, use ``hokm_effective_suit``,
    ``hokm_trick_suit`` and ``hokm_card_rank`` instead: they are tabulated, and
    legality follows them. This hook is for rules about the trick as a whole.

    Default:
        The highest trump, else the highest card of the led suit
        (``hokm.Trick.default_winner``, using effective suits and ranks).

    Implemented by:
        no bundled variant (Satat changes ranks instead, which keeps the table fast path).
    """


@hookspec(firstresult=True)
def hokm_trick_capture(hand: HandView, trick: Trick, winner: Seat, number: int, previous: Seat | None,
                       previous_collected: bool, in_force: bool, tricks_total: int, layout: TableLayout,
                       ruleset: RulesetInfo) -> Capture | None:
    """Who collects the tricks in the centre after trick ``number``, won by ``winner``.

    Asked once per trick. An implementation that takes neither ``hand`` nor ``trick``
    is tabulated when the ruleset is composed (for every winner, previous winner,
    trick number and flag) and never called during play; one that takes either is
    asked only where the tables before it have no answer.

    Args:
        hand: the hand, listing this trick in ``winners`` but not yet in
            ``team_tricks``, ``collectors`` or ``pile``.
        trick: the complete trick with its winner set.
        winner: the trick's winner.
        number: the trick's number, from 1.
        previous: the previous trick's winner (``None`` for the first trick).
        previous_collected: whether somebody collected after the previous trick.
        in_force: whether the card that won the previous trick was played while the
            hand's trump was in force (``False`` for the first trick, and for every trick
            won before a trump existed or was revealed).
        tricks_total: the tricks in a full hand (constant).
        layout: the table (constant).
        ruleset: the composed variants and options (constant).

    Returns:
        ``Capture(seat)``: that seat collects every uncollected trick, this one
        included, for his team; ``Capture.NOBODY``: the trick stays in the centre
        (``hand.pile`` counts such tricks); or ``None`` for no opinion.

    Default:
        ``Capture(winner)``: the winner takes the trick for his team.

    Implemented by:
        ``double-sar`` (centre pile, two wins in a row collect: tabulated; its ace rules and
        be-ranga's ``"after-fixing-trick"`` read the hand, in a second implementation).
    """


@hookspec(firstresult=True)
def hokm_pending_decision(hand: HandView) -> Decision | None:
    """A decision that must be taken before play goes on (for example "play on?").

    Asked at every pause of the hand (only at the pauses of its ``PauseWindow``, if
    the variant gives one in ``turn_windows``): once the deal is complete, before
    the first lead (M2: a redeal claim on the whole hand), after every trick (M4:
    play on, concede) and after every decision, before ``hokm_hand_complete``. While
    a decision is pending, only its options are legal; the choice is recorded in
    ``hand.decisions``.

    Answer ``None`` once the decision is taken (look in ``hand.decisions``), or it is
    asked again: a hand that takes 1,000 decisions stops with a
    ``PluginContractError``. The options are distinct actions of the variant's own
    classes, never a card, a trump call or a stock draw; keep each options tuple in a
    constant, since the engine checks a tuple the first time it sees it. When being
    offered a decision tells something about the seat's cards, give the option that
    declines it ``secret = True``: the other seats then cannot tell a declined offer
    from none.

    Returns:
        ``Decision(seat, options, reason)``, or ``None``: nothing to decide now.

    Default:
        None.

    Implemented by:
        ``bavney`` and ``court-piece`` (each only with its option ``decide=True``),
        ``redeal`` (only with its option ``rule="no-picture-hand"``),
        ``troefcall`` (the kap offer; capitulation).
    """


@hookspec(firstresult=True)
def hokm_hand_complete(hand: HandView, tally: HandTally) -> bool | None:
    """Whether the hand is over.

    Called after every trick (and decision), or only after the tricks of its
    ``PauseWindow`` if the variant gives one in ``turn_windows`` (elsewhere the
    stop rule decides). A hand with no cards left is over whatever the answer.
    An implementation that takes no arguments can depend only on its plugin's
    options: it is asked once, when the ruleset is composed, and its answer
    stands for every trick (so a rule such as "never before the last trick"
    costs no call during play). One that takes the
    ``tally`` (the hand's tricks so far) and not the hand is asked once per
    distinct tally: the C kernel plays such rulesets (``Ruleset.native``).

    Default:
        Over as soon as a team holds 7 tricks (a majority of 13); with option
        ``play_all`` only when every trick is played.

    Implemented by:
        ``double-sar`` (never before the last trick), ``three-player`` (from the
        tally), ``troefcall`` (a capitulation ends the hand).
    """


@hookspec(firstresult=True)
def hokm_play_on(hand: HandView, tally: HandTally) -> bool | None:
    """Whether play goes on although the standard stop rule would end the hand now.

    Asked only at that moment: after a trick that gives a team the stop
    threshold (7 of 13 tricks), while tricks are left and no variant answered
    ``hokm_hand_complete``; never with option ``play_all``, which plays every
    trick anyway. A rule that only ever *extends* a hand belongs here rather
    than in ``hokm_hand_complete``: it costs nothing on the other tricks. An
    implementation that takes the ``tally`` and not the hand is asked once per
    distinct tally.

    Returns:
        ``True`` to play the next trick, ``False`` or ``None`` to stop.

    Default:
        None: the hand ends.

    Implemented by:
        ``bavney`` and ``court-piece`` (the sweeping team plays on: from the tally, or
        with the hand under their option ``decide=True``), ``troefcall`` (the baunie).
    """


# Scoring and succession ---------------------------------------------------------


@hookspec(firstresult=True)
def hokm_kot(hand: HandView, tally: HandTally) -> Kot | None:
    """Which team, if any, made this hand's kot (sweep).

    Called once when a hand is over, before ``hokm_hand_score``; the standard
    scoring gives a kot ``kot_points`` (Hakem's team) or ``hakem_kot_points``
    (opponents). An implementation that takes ``tally`` and not ``hand`` is asked
    once per distinct tally and its answer kept: no call per hand, and batches are
    scored without Python (``Ruleset.native``).

    Args:
        hand: the finished hand.
        tally: its Hakem, tricks per team, tricks played and opening run.

    Returns:
        ``Kot(team)``, ``Kot.NONE`` for "no kot in this variant's sense", or
        ``None`` for no opinion.

    Default:
        The team that won each of the first seven tricks (a majority of the hand).

    Implemented by:
        ``double-sar`` (all 13 collected), ``three-player`` (the first seven, others
        none), both from the tally. Court Piece's court, the first seven tricks, is the default.
    """


@hookspec(firstresult=True)
def hokm_hand_score(hand: HandView, match: MatchView | None, tally: HandTally,
                    kot: Team | None, ruleset: RulesetInfo) -> HandScore | None:
    """Who won the finished hand and what they score.

    Asked once a hand is over (``HandState.result()``, and by the match after each
    hand). An implementation that does not take ``hand`` is asked once per distinct
    tally and kot, and its answer kept: no call per hand, and batches are scored
    without Python (``Ruleset.native``). One that takes ``match`` is asked again for
    every hand of a match (a standalone hand has no match: ``None``).

    Args:
        hand: the finished hand.
        match: the match so far (earlier hands), or ``None`` for a standalone hand.
        tally: the hand's Hakem, tricks per team, tricks played and opening run.
        kot: the team that made the hand's kot (``hokm_kot``), or ``None``.
        ruleset: the composed variants and options (constant).

    Returns:
        ``HandScore(winner, points, kot, label)``: the winning team, its points,
        whether the hand counts as a sweep and a short name of the outcome
        (``"win"``, ``"kot"``, ...); or ``None``.

    Default:
        pagat: 7+ tricks 1 point; kot (Hakem's team takes the first 7) 2;
        Hakem-kot (opponents take the first 7) 3 (from the tally).

    Implemented by:
        ``bavney`` (from the tally, or with the hand under ``decide=True``),
        ``court-piece`` (from the tally, with the match for streaks), ``three-player``
        (from the tally), ``troefcall`` (with the hand).
    """


@hookspec(firstresult=True)
def hokm_next_hakem(hand: HandView, score: HandScore, match: MatchView | None) -> Seat | None:
    """The Hakem of the next hand (the dealer is always the seat before him).

    Asked once a hand is over, after ``hokm_hand_score``.

    Default:
        Hakem's team won: same Hakem; lost: the next seat (option
        ``succession="previous"``: the previous seat).

    Implemented by:
        ``court-piece``, ``three-player``, ``two-player``.
    """


@hookspec(firstresult=True)
def hokm_match_winner(match: MatchView) -> Team | MatchStatus | None:
    """The team that has won the match, or that nobody has won it yet.

    Called after every hand.

    Returns:
        A team: it has won. ``MatchStatus.GOES_ON``: nobody has won yet, decided
        here (a variant with its own target uses it, so the standard first-to-7
        rule is not asked). ``None``: no opinion; the next plugin decides.

    Default:
        The first team to reach ``target`` points (with ``sets=2``: the first
        to win two sets); if two teams reach it on one hand, the one with
        more points, and a tie plays another hand.

    Implemented by:
        ``court-piece``, ``troefcall`` (a set that may end drawn, or a target).
    """
