"""Composing a ruleset from variants, and the typed facade over the composed rules.

This is the only module that talks to pluggy: ``Ruleset.compose`` builds a
fresh plugin manager, registers the standard rules (every hook ``trylast``)
and then the variants in the order given, so a variant listed later is asked
first. The result is compiled once into tables and plain call chains.

>>> import hokm
>>> rules = hokm.Ruleset.compose()
>>> rules.variants, rules.players
((), 4)
>>> rules.team_of(2), rules.right_of(0), rules.left_of(0)
(0, 1, 3)
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

import attrs
import pluggy

from hokm._checks import check_int, check_seed, ordered, register_class
from hokm._compose.card_sets import frozen_cards
from hokm._compose.engine import Engine
from hokm._compose.hooks import Impl, contract_error, hook_facts, reraise, resolve_chain, spec_manager
from hokm._hand.dealing import deal_hand, seat_number, start_hand
from hokm._ruleset.standard import Standard
from hokm._ruleset.values import plugin_key, read_only
from hokm.cards import Card, Suit
from hokm.context import RulesetInfo, VariantInfo
from hokm.discovery import ENTRY_POINT_GROUP, available_variants, load_variant  # noqa: F401 (old home)
from hokm.errors import (
    ArgumentTypeError,
    DealTypeError,
    HokmError,
    InvalidDealError,
    InvalidNotationError,
    InvalidOptionError,
    NotationTypeError,
    OptionTypeError,
    PluginContractError,
    RulesetError,
    VariantConflictError,
    VariantOverlapWarning,
    _got,
    _shown,
)
from hokm.match import MatchState
from hokm.state import HandState
from hokm.table import Rotation, Seat, TableLayout, Team
from hokm.trick import Trick
from hokm.variant import Variant, check_plugin, option_values

if TYPE_CHECKING:
    from hokm.actions import Action
    from hokm.playouts import Playouts

__all__ = ["Ruleset"]

STANDARD = "standard"


def variant_info(plugin: object) -> VariantInfo:
    """The ``info`` a plugin declares, or an empty one."""
    info = getattr(plugin, "info", None)
    return info if isinstance(info, VariantInfo) else VariantInfo(summary="")


def checked_options(options: object) -> dict[str, dict[str, Any]]:
    """A copy of ``options`` if it is shaped ``{variant name: {option name: value}}``.

    Raises:
        OptionTypeError: ``options`` is not a mapping, a variant name or an option name is
            not a string, or a variant's options are not a mapping.
    """
    if options is None:
        return {}
    shape = "{variant name: {option: value}}, e.g. {'standard': {'target': 10}}"
    if not isinstance(options, Mapping):
        raise OptionTypeError(f"options must be a mapping {shape}, got {_got(options)}")
    checked: dict[str, dict[str, Any]] = {}
    for name, given in options.items():
        if not isinstance(name, str):
            raise OptionTypeError(f"options must be a mapping {shape}: the variant name "
                                  f"{_got(name)} is not a string")
        if not isinstance(given, Mapping):
            raise OptionTypeError(f"options[{_shown(name)}] must be a mapping of option names to "
                                  f"values, e.g. {{'target': 10}}, got {_got(given)}")
        for key in given:
            if not isinstance(key, str):
                raise OptionTypeError(f"options[{_shown(name)}]: option names are strings, got "
                                      f"{_got(key)}")
        checked[name] = dict(given)
    return checked


def _trump(trump: object) -> int:
    """The index of ``trump``, which must be a Suit."""
    if trump.__class__ is Suit:
        return trump.index
    hint = "; Suit.parse() reads text" if isinstance(trump, str) else ""
    raise NotationTypeError(f"trump must be a Suit such as Suit.HEARTS, got {_got(trump)}{hint}")


def _redeals(redeals: object) -> int:
    """``redeals`` if it is an int of at least 0 (deals annulled in a row before a hand)."""
    return check_int(redeals, "redeals", low=0, error=InvalidDealError, type_error=DealTypeError)


def _card(card: object, name: str = "card") -> Card:
    if card.__class__ is Card:
        return card
    hint = "; Card.parse() reads text" if isinstance(card, str) else ""
    raise NotationTypeError(f"{name} must be a Card, got {_got(card)}{hint}")


def _cards_arg(cards: object, name: str) -> Iterable[object]:
    """An iterable of cards, refusing text, mappings and non-iterables up front."""
    if isinstance(cards, str | bytes | bytearray | Mapping) or not isinstance(cards, Iterable):
        hint = "; hokm.cards() parses text" if isinstance(cards, str) else ""
        raise NotationTypeError(f"{name} must be an iterable of Cards, got {_got(cards)}{hint}")
    return cards


def _instantiate(name: str, factory: Any, options: Mapping[str, Any]) -> object:
    """Build a plugin from its class and options; option errors name variant and option."""
    if not isinstance(factory, type):
        if options:
            raise InvalidOptionError(f"variant {name!r} takes no options (got {_shown(sorted(options))})")
        return factory
    fields = ({field.alias for field in attrs.fields(factory) if field.init}
              if attrs.has(factory) else None)
    if fields is not None:
        for key in options:
            if key not in fields:
                raise InvalidOptionError(
                    f"variant {name!r} has no option {_shown(key)}"
                    + (f" (options: {', '.join(sorted(fields))})" if fields else " (it takes none)"))
    try:
        return factory(**options)
    except (TypeError, ValueError) as error:
        # attrs validators put the message first and the attribute second.
        message = error.args[0] if error.args else str(error)
        attribute = getattr(error.args[1], "name", None) if len(error.args) > 1 else None
        if attribute is None:
            attribute = next((key for key in options if key in str(message)), None)
        which = f"option {attribute!r}" if attribute else "options " + (", ".join(map(repr, options)) or "-")
        text = str(message)
        if len(text) > 200:  # a validator may echo a huge value back
            text = text[:197] + "..."
        raise InvalidOptionError(f"variant {name!r}, {which}: {text}") from error
    except HokmError:
        raise
    except Exception as error:  # the plugin's own constructor broke: name it
        cause = f"{type(error).__name__}: {error}"
        raise PluginContractError(f"variant {name!r} raised while being created: {cause}",
                                  plugin=name, cause=cause) from error


@attrs.frozen(eq=False)
class Ruleset:
    """A composed, frozen set of rules; build it with ``compose``.

    A ruleset is an immutable value, safe as a dictionary key or in a set. Two
    rulesets are equal (and hash alike) when they play the same game: the same
    variants in the same order, each plugin of the same class with the same
    ``option_values`` (defaults included, after the plugin's converters).
    So ``compose()`` equals ``compose(options={"standard": {"target": 7}})``
    (7 is the default), and ``packets="5-4-4"`` equals ``packets=(5, 4, 4)``.
    A plugin that is not an ``attrs`` class has no options hokm can read: it
    compares by identity (the same instance, or the same object an entry point
    loads).

    >>> Ruleset.compose(options={"standard": {"packets": "5-4-4"}}) == Ruleset.compose()
    True
    >>> Ruleset.compose("satat") == Ruleset.compose(
    ...     "satat", options={"satat": {"two_hearts_follows": "hearts"}})
    False
    """

    variants: tuple[str, ...]
    """The selected variant names, in the order given."""
    options: Mapping[str, Mapping[str, Any]] = attrs.field(converter=read_only)
    """The options given per variant name (``"standard"`` included), read-only.

    Only what was given, as given, frozen (lists read as tuples, sets as frozensets, dicts as
    read-only mappings); ``option_values`` has every option as the plugins hold it.
    """
    plugins: tuple[tuple[str, object], ...] = attrs.field(repr=False)
    """(name, plugin instance) in registration order, standard first."""
    _pm: pluggy.PluginManager = attrs.field(repr=False, alias="pm")
    _engine: Engine = attrs.field(repr=False, alias="engine")
    _key: tuple[Any, ...] = attrs.field(init=False, repr=False)
    _hash: int = attrs.field(init=False, repr=False)
    _values: Mapping[str, Mapping[str, Any]] | None = attrs.field(init=False, default=None, repr=False)

    def __attrs_post_init__(self) -> None:
        key = tuple((name, plugin_key(plugin)) for name, plugin in self.plugins)
        object.__setattr__(self, "_key", key)
        object.__setattr__(self, "_hash", hash(key))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Ruleset):
            return NotImplemented
        return self is other or (self._hash == other._hash and self._key == other._key)

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its ``spec``: unpickling recomposes it from the installed variants."""
        from hokm._ruleset.spec import spec_of

        return (Ruleset.from_spec, (spec_of(self),))

    @property
    def option_values(self) -> Mapping[str, Mapping[str, Any]]:
        """Every option of every plugin, standard first, as the plugin holds it (read-only).

        Defaults are included and each value is the one the plugin's converter made
        (``"5-4-4"`` reads ``(5, 4, 4)``); a plugin that is not an ``attrs`` class has
        none. These values, the plugins' classes and the variants' order decide equality.

        >>> rules = Ruleset.compose("satat", options={"standard": {"packets": "5-4-4"}})
        >>> rules.options
        {'standard': {'packets': '5-4-4'}}
        >>> rules.option_values["standard"]["packets"], rules.option_values["satat"]["two_hearts_follows"]
        ((5, 4, 4), 'trump')

        Computed once per ruleset (the plugins are frozen), so hooks may read it on every
        trick through ``HandView.options``.
        """
        values = self._values
        if values is None:
            values = read_only({name: option_values(plugin) for name, plugin in self.plugins})
            object.__setattr__(self, "_values", values)
        return values

    @property
    def spec(self) -> dict[str, Any]:
        """This ruleset as plain, JSON-ready data, for records and for ``from_spec``.

        The variants in order, ``standard`` first, each with every option and its
        value (defaults included; standard options a selected variant replaces are
        left out) and the distribution and version that provide it.

        Raises:
            RulesetError: a variant was passed as a plugin object, not installed.

        >>> rules = Ruleset.compose("satat", options={"standard": {"target": 10}})
        >>> spec = rules.spec
        >>> spec["format"], [entry["name"] for entry in spec["variants"]]
        ('hokm-ruleset/1', ['standard', 'satat'])
        >>> spec["variants"][0]["options"]["target"], spec["variants"][1]["options"]["first_trump_maker"]
        (10, 'ruleset')
        >>> Ruleset.from_spec(spec) == rules
        True
        """
        from hokm._ruleset.spec import ruleset_spec

        return ruleset_spec(self)

    @classmethod
    def from_spec(cls, spec: Mapping[str, Any], *, strict: bool = False) -> Ruleset:
        """The ruleset a ``spec`` describes; it equals the ruleset the spec was made from.

        A variant recorded with another distribution version than the one installed
        gives a ``hokm.SpecVersionWarning`` (``strict=True``: a ``RulesetError``).

        Raises:
            RulesetError: the spec is malformed or of an unknown format.
            UnknownVariantError: it names a variant that is not installed.
            InvalidOptionError: an option is unknown or has a bad value.
        """
        from hokm._ruleset.spec import spec_request

        variants, options = spec_request(spec, strict=strict)
        return cls.compose(*variants, options=options)

    # Composition --------------------------------------------------------------------

    @classmethod
    def compose(cls, *variants: str | Variant,
                options: Mapping[str, Mapping[str, Any]] | None = None) -> Ruleset:
        """Standard Hokm plus ``variants`` (entry-point names or plugin instances).

        Args:
            variants: variant names (``"satat"``) or plugin objects; a later one
                is asked before an earlier one where both answer the same hook.
            options: keyword options per variant name, ``"standard"`` included.

        Raises:
            UnknownVariantError: a name is not installed.
            DuplicateVariantError: two installed distributions register a name.
            VariantLoadError: a variant's import raised (the message names the variant, its
                entry point and distribution; the original error is the ``__cause__``).
            InvalidOptionError: an option is unknown or has a bad value, including a value
                the composed table refuses (``first_hakem`` a seat it lacks, ``packets`` that
                do not deal its whole deck).
            OptionTypeError: ``options`` is not shaped ``{variant: {option: value}}``.
            VariantConflictError: the variants declare a conflict or an unmet requirement.
            RulesetError: something given is not a plugin (a list, a class, an object with no
                hooks, a pluggy wrapper), or fails pluggy's validation (e.g. a misspelt hook).
        """
        options = checked_options(options)
        plugins: list[tuple[str, object]] = []
        standard = _instantiate(STANDARD, Standard, options.get(STANDARD, {}))
        plugins.append((STANDARD, standard))
        used_options = {STANDARD}
        for variant in variants:
            if isinstance(variant, str):
                factory = load_variant(variant)
                name = variant
                plugin = _instantiate(name, factory, options.get(name, {}))
                check_plugin(plugin)
                used_options.add(name)
            else:
                check_plugin(variant)
                plugin = variant
                name = variant_info(plugin).name or _kebab(type(plugin).__name__)
                if name in options:
                    raise InvalidOptionError(
                        f"options for {name!r} were given, but the variant was passed as an "
                        "instance: set its options on the instance instead")
            if any(existing == name for existing, _ in plugins):
                raise RulesetError(f"variant {name!r} is selected twice")
            plugins.append((name, plugin))
        unused = set(options) - used_options
        if unused:
            raise InvalidOptionError(
                f"options given for {', '.join(sorted(map(_shown, unused)))}, which "
                f"{'is' if len(unused) == 1 else 'are'} not selected")
        names = tuple(name for name, _ in plugins[1:])
        _check_declarations(plugins)
        _check_replaced_options(plugins, options.get(STANDARD, {}))
        pm = _plugin_manager(plugins)
        info = RulesetInfo(names, {name: option_values(plugin) for name, plugin in plugins})
        impl = None
        try:  # every plugin may veto, with a RulesetError; anything else it raises is a crash
            for impl in resolve_chain(pm, "hokm_check_ruleset", standard):
                impl.call(info)
        except Exception as error:
            reraise(impl, error)
        try:
            engine = Engine(pm, cast(Standard, standard), names, info)
        except (PluginContractError, RulesetError):
            _warn_overlaps(pm, standard, None)
            raise
        except Exception as error:
            _warn_overlaps(pm, standard, None)
            raise RulesetError(f"composing {names or ('standard',)} failed: {error}") from error
        _warn_overlaps(pm, standard, engine)
        return cls(names, options, tuple(plugins), pm=pm, engine=engine)

    # Facts about the table --------------------------------------------------------------

    @property
    def layout(self) -> TableLayout:
        """Seats and teams."""
        return self._engine.layout

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._engine.players

    @property
    def rotation(self) -> Rotation:
        """Which way play passes physically."""
        return self._engine.table.rotation

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards in play, in canonical order."""
        return self._engine.table.deck

    @property
    def hand_size(self) -> int:
        """Cards per hand once dealt (= tricks per hand)."""
        return self._engine.hand_size

    def team_of(self, seat: int) -> Team:
        """The team of ``seat``."""
        return self.layout.team_of(seat)

    def left_of(self, seat: int) -> Seat:
        """The seat physically on the left of ``seat`` under this ruleset's rotation."""
        return self.rotation.left_of(self.layout.check_seat(seat), self.players)

    def right_of(self, seat: int) -> Seat:
        """The seat physically on the right of ``seat`` under this ruleset's rotation."""
        return self.rotation.right_of(self.layout.check_seat(seat), self.players)

    def dealer_for(self, hakem: int) -> Seat:
        """The dealer when ``hakem`` is Hakem: always the seat before him."""
        return self.layout.previous_seat(self.layout.check_seat(hakem, "hakem"))

    # Rules questions -------------------------------------------------------------------

    def effective_suit(self, card: Card, trump: Suit) -> Suit:
        """The suit ``card`` counts as when ``trump`` is trump."""
        return self._engine.cards.suit_objects[_trump(trump)][_card(card).index]

    def trick_suit(self, card: Card, trump: Suit) -> Suit:
        """The suit ``card`` competes in when a trick is decided."""
        return self._engine.cards.trick_suit_objects[_trump(trump)][_card(card).index]

    def card_rank(self, card: Card, trump: Suit) -> int:
        """The strength of ``card`` within its effective suit."""
        return self._engine.cards.rank_of[_trump(trump)][_card(card).index]

    def first_hakem(self, face_up: Sequence[Card], first_seat: int = 0, *,
                    seed: int | str = 0) -> Seat:
        """The first Hakem from face-up cards dealt one a seat from ``first_seat``.

        ``new_match`` asks the same question of the match's own face-up cards.
        ``seed`` feeds the rules that pick at random (``first_hakem="random"``,
        Court Piece's first dealer) as a match's seed would.

        Raises:
            InvalidDealError: ``face_up`` holds a card twice or one not in the deck, or
                runs out before the rule has its answer (no Ace for the first-Ace deal).
            DealTypeError: ``face_up`` is not a list or tuple of Cards.
            InvalidSeatError: ``first_seat`` is not a seat (``NotationTypeError``: not an int).

        >>> from hokm import cards
        >>> Ruleset.compose().first_hakem(cards("K♣ 7♦ A♥ 2♠"), first_seat=0)
        2
        """
        from hokm._seeding import rng_for

        face_up = self._face_up(face_up)
        first_seat = self.layout.check_seat(first_seat, "first_seat")
        check_seed(seed, optional=False, error=InvalidDealError, type_error=DealTypeError)
        return self._engine.scoring.first_hakem(face_up, first_seat, rng_for(seed, "first-hakem"))

    def seating(self, face_up: Sequence[Card], first_seat: int = 0, *, hakem: int | None = None,
                seed: int | str = 0) -> tuple[int, ...]:
        """Who sits where after the face-up deal: ``result[seat]`` is the player (by original seat).

        The partner of ``first_hakem``: the same face-up cards from the same
        ``first_seat``. With the standard option ``partners="second-ace"`` the deal goes on
        after the Ace that made the Hakem, skipping him, to a second Ace; its receiver
        changes places with the player opposite the Hakem. Otherwise everyone keeps his
        seat. ``MatchState.seating`` is this answer for the match's own cards.

        Args:
            face_up: the cards dealt face up, one a seat in play order from ``first_seat``.
            first_seat: the seat that receives the first card.
            hakem: the first Hakem; ``None`` (the default) means the one these cards make,
                ``first_hakem(face_up, first_seat, seed=seed)``.
            seed: as for ``first_hakem``, when ``hakem`` is ``None``.

        Raises:
            InvalidDealError: as for ``first_hakem``; also when the cards hold no second Ace
                that the seating needs.
            DealTypeError: ``face_up`` is not a list or tuple of Cards.
            InvalidSeatError: ``first_seat`` or ``hakem`` is not a seat
                (``NotationTypeError``: not an int).

        >>> from hokm import cards
        >>> rules = Ruleset.compose(options={"standard": {"partners": "second-ace"}})
        >>> face_up = cards("K♣ 7♦ A♥ 2♠ 9♥ A♣")  # A♥ to seat 2: Hakem; A♣ to seat 1
        >>> rules.first_hakem(face_up), rules.seating(face_up)  # player 1 moves opposite seat 2
        (2, (1, 0, 2, 3))
        >>> Ruleset.compose().seating(face_up)  # partners="seating": nobody moves
        (0, 1, 2, 3)
        """
        face_up = self._face_up(face_up)
        first_seat = self.layout.check_seat(first_seat, "first_seat")
        if hakem is None:
            from hokm._seeding import rng_for

            check_seed(seed, optional=False, error=InvalidDealError, type_error=DealTypeError)
            hakem = self._engine.scoring.first_hakem(face_up, first_seat, rng_for(seed, "first-hakem"))
        else:
            hakem = self.layout.check_seat(hakem, "hakem")
        return self._engine.scoring.seating(face_up, first_seat, hakem)

    def _face_up(self, face_up: object) -> list[Card]:
        """Face-up cards: a list or tuple of distinct Cards of this ruleset's deck."""
        cards = ordered(face_up, "face_up", "Cards dealt face up, one a seat", DealTypeError)
        seen = 0
        for card in cards:
            if card.__class__ is not Card:
                raise DealTypeError(f"face_up must hold Cards, got {_got(card)}")
            if not self._engine.deck_mask >> card.index & 1:
                raise InvalidDealError(f"face_up holds {card}, which is not in this ruleset's deck")
            if seen >> card.index & 1:
                raise InvalidDealError(f"face_up holds {card} twice")
            seen |= 1 << card.index
        return list(cards)

    def trick_winner(self, plays: Iterable[tuple[int, Card]], trump: Suit) -> Seat:
        """The winner of a complete trick given as ``(seat, card)`` pairs in play order.

        >>> from hokm import Card, Suit
        >>> Ruleset.compose().trick_winner(
        ...     [(0, Card.parse("Q♠")), (1, Card.parse("2♥")), (2, Card.parse("A♠")),
        ...      (3, Card.parse("3♥"))], trump=Suit.HEARTS)
        3
        """
        trump_index = _trump(trump)
        packed = self._packed_trick(plays, complete=True)
        return Seat(self._engine.ends.trick_winner(packed, trump_index, 1))

    def legal_plays(self, hand: Iterable[Card], trick: Iterable[tuple[int, Card]] = (), *,
                    trump: Suit, seat: int | None = None) -> frozenset[Card]:
        """The cards of ``hand`` that may be played to ``trick`` (follow suit, then variants).

        ``seat`` defaults to the seat after the trick's last player (seat 0 on a lead).

        >>> from hokm import Suit, cards
        >>> sorted(map(str, Ruleset.compose().legal_plays(
        ...     cards("7♠ K♥ 3♣"), trick=[(0, cards("A♠")[0])], trump=Suit.HEARTS)))
        ['7♠']
        """
        trump_index = _trump(trump)
        hand_mask = 0
        for card in _cards_arg(hand, "hand"):
            hand_mask |= 1 << _card(card, "every card of hand").index
        packed = self._packed_trick(trick, complete=False)
        if seat is None:
            seat = ((packed[-1] >> 6) + 1) % self.players if packed else 0
        else:
            seat = self.layout.check_seat(seat)
            if packed and seat != ((packed[-1] >> 6) + 1) % self.players:
                raise InvalidNotationError(
                    f"seat={seat} is not next to play: seat {packed[-1] >> 6} played last, so seat "
                    f"{((packed[-1] >> 6) + 1) % self.players} plays next")
        for play in packed:
            if hand_mask >> (play & 63) & 1:
                raise InvalidNotationError(f"{Card.from_index(play & 63)} is both in hand and "
                                           "already played to the trick")
        return frozen_cards(self._engine.legality.legal_mask(hand_mask, packed, seat, trump_index, 1, None))

    def _packed_trick(self, plays: Iterable[tuple[int, Card]], *, complete: bool) -> list[int]:
        """``(seat, card)`` pairs in play order, each seat after the one before, as packed ints."""
        if isinstance(plays, str | bytes | bytearray | Mapping) or not isinstance(plays, Iterable):
            raise NotationTypeError(f"the trick must be an iterable of (seat, Card) pairs in play "
                                    f"order, e.g. [(0, Card.parse('A♠'))], got {_got(plays)}")
        packed: list[int] = []
        for play in plays:
            if len(packed) == self.players:  # refused without reading the rest
                raise InvalidNotationError(f"a trick has at most {self.players} plays, got more")
            if not isinstance(play, tuple | list) or len(play) != 2:
                raise NotationTypeError(f"each play of a trick must be a (seat, Card) pair, got "
                                        f"{_got(play)}")
            given_seat, card = play
            seat = self.layout.check_seat(given_seat, "the seat of a play")
            card = _card(card, "the card of a play")
            if packed and seat != ((packed[-1] >> 6) + 1) % self.players:
                raise InvalidNotationError(
                    f"the trick's plays must follow play order: seat {seat} after seat "
                    f"{packed[-1] >> 6} (seat {((packed[-1] >> 6) + 1) % self.players} plays next)")
            if any(p & 63 == card.index for p in packed):
                raise InvalidNotationError(f"a trick cannot hold the same card twice ({card})")
            if not self._engine.deck_mask >> card.index & 1:
                raise InvalidNotationError(f"{card} is not in this ruleset's deck")
            packed.append(seat << 6 | card.index)
        if complete and len(packed) != self.players:
            raise InvalidNotationError(
                f"a complete trick has {self.players} plays, got {len(packed)}")
        return packed

    def trick(self, plays: Iterable[tuple[int, Card]], trump: Suit) -> Trick:
        """A ``Trick`` value that compares cards by this ruleset's effective suits and ranks."""
        trump_index = _trump(trump)
        packed = self._packed_trick(plays, complete=False)
        return self._engine.cards.trick_value(packed, trump_index, 1)

    # Hands and matches ---------------------------------------------------------------

    def new_hand(self, hands: Sequence[Iterable[Card]], *, hakem: int = 0,
                 trump: Suit | None = None, redeals: int = 0) -> HandState:
        """A hand from explicit hands (one per seat).

        With ``trump`` the hand starts at the first lead; without, at the trump
        call, where the Hakem has seen the first cards of ``hands[hakem]`` (his
        first packet) in the order given. ``redeals`` is ``HandState.redeals``:
        the deals to this Hakem annulled in a row before this one (a match
        counts them; give it to set up a hand a redeal limit applies to).

        Raises:
            InvalidDealError: wrong number of hands or cards, duplicates, cards not in the deck,
                ``hakem`` is not a seat, or ``redeals`` is negative.
            DealTypeError: ``hands`` is not a list or tuple of hands (each an iterable of
                Cards), ``hakem`` or ``redeals`` is not an int or ``trump`` is not a Suit.
        """
        hands = ordered(hands, "hands", "hands, one per seat", DealTypeError)
        return start_hand(self, hands, hakem, trump, _redeals(redeals))

    def deal(self, deck: Sequence[Card] | random.Random, *, hakem: int = 0,
             redeals: int = 0) -> HandState:
        """Deal by the deal pattern; the hand starts at the trump call.

        Args:
            deck: the deck order (top card first), or a ``random.Random`` to
                shuffle a fresh deck with (hokm's own shuffle over ``random()``,
                so a seeded generator deals the same on every Python version).
            hakem: the Hakem; packets go round in play order starting with him.
            redeals: ``HandState.redeals``, the deals to this Hakem annulled in a row
                before this one (as ``new_hand``).

        Raises:
            InvalidDealError: ``deck`` is not an order of this ruleset's deck, ``hakem``
                is not a seat, or ``redeals`` is negative.
            DealTypeError: ``deck`` is neither a list or tuple of Cards nor a ``random.Random``,
                or ``hakem`` or ``redeals`` is not an int.

        >>> import random
        >>> hand = Ruleset.compose().deal(random.Random(7), hakem=2)
        >>> hand.to_act, len(hand.observation(2).hand)
        (2, 5)
        """
        if not isinstance(deck, random.Random):
            deck = ordered(deck, "deck", "Cards, top card first (or a random.Random)", DealTypeError)
        if redeals.__class__ is not int or redeals < 0:  # the usual 0 skips the call
            redeals = _redeals(redeals)
        return deal_hand(self, deck, hakem, redeals)

    def playouts(self, count: int, *, seed: int | str, hakem: int | None = None,
                 plays: bool = False) -> Playouts:
        """Deal and play ``count`` random hands and return their outcomes as compact columns.

        Each hand is ``deal(rng, hakem=...)`` then ``playout(rng)`` on the batch's generator,
        seeded from ``seed`` (``hokm.playouts`` writes it down), so a seed gives the same batch on
        every machine. ``hakem``: every hand's Hakem (``None``: drawn at random for each hand).
        ``plays=True`` keeps every hand's plays (``Playouts.plays``); ``Playouts.hand(i)`` plays
        hand ``i`` again as a ``HandState``.

        >>> batch = Ruleset.compose().playouts(1000, seed=3, hakem=0)
        >>> len(batch), 0.5 < batch.win_rate(0) < 0.7  # the Hakem's team wins more often
        (1000, True)

        Raises:
            InvalidArgumentError: ``count`` is negative or above ``hokm.playouts.MAX_BATCH``,
                ``hakem`` is not a seat, ``plays=True`` at a table of more than four seats, or
                the batch's columns would need more memory than the machine has
                (``ArgumentTypeError``: a value of the wrong type).
        """
        from hokm._kernel.batch import FreshDeals, check_batch, play_batch, play_native
        from hokm._kernel.native_plan import native_plan_of
        from hokm._seeding import rng_for

        check_batch(self, count, seed, plays)
        assert isinstance(seed, int | str)  # (checked)
        if hakem is not None:
            hakem = self.layout.check_seat(hakem, "hakem")
        if self.native:
            return play_native(self, seed, count, hakem, plays, native_plan_of(self._engine), "playouts")[0]
        rng = rng_for(seed, "playouts")
        return play_batch(self, seed, count, rng, FreshDeals(self, hakem), plays)

    @property
    def native(self) -> bool:
        """Whether this ruleset's batches (``playouts``, ``HandState.rollouts``) run in the C
        kernel: it is built and not switched off (``HOKM_NATIVE=0``), and the ruleset's hands
        run on its tables (``native_reasons`` is empty). Either way a batch is the same, hand
        for hand.

        >>> Ruleset.compose("troefcall").native  # its decisions read the hand
        False
        """
        return not self.native_reasons

    @property
    def native_reasons(self) -> tuple[str, ...]:
        """Why this ruleset's batches run in the pure twin rather than the C kernel (empty: they
        run in the C kernel): the kernel is not built or is switched off, or a rule must be asked
        with the hand during play, each reason naming the hook and where it is asked.

        >>> Ruleset.compose("redeal").native_reasons[-1]  # the throw-in is offered at the call
        'a trump call beyond the classic one'
        """
        from hokm._kernel.native import NATIVE, kernel_name
        from hokm._kernel.native_plan import native_plan_of

        story = native_plan_of(self._engine).story
        return story if NATIVE is not None else (f"the C kernel is not in use: {kernel_name()}", *story)

    def new_match(self, *, seed: int | str | None = None, deck: Sequence[Card] | None = None,
                  first_seat: int = 0) -> MatchState:
        """A match, seeded for reproducibility.

        A match is a pure function of its seed (or its first ``deck``), ``first_seat`` and the
        actions taken: the same seed deals the same cards, hand after hand, on any machine and
        Python version.

        The first roles (the first Hakem by the first Ace, the ``second-ace`` seating, or a
        variant's own procedure such as Satat's high-card draw) come from cards dealt face up
        one a seat in play order, starting with ``first_seat``. They are the match's own cards
        (``MatchState.first_hakem_draw``):

        - with ``deck``, that deck itself, top card first, so a given deck reproduces the
          roles as well as the first deal (the face-up cards go back and the pack is dealt
          in the order given);
        - with a seed only, a shuffle of the deck drawn from the seed's own face-up stream,
          the same as before ``first_seat`` existed: seeded matches do not change.

        Rules that pick at random (``first_hakem="random"``, Court Piece's first dealer)
        draw from the seed in both cases.

        Args:
            seed: any int or str; the same seed gives the same match everywhere.
                ``None`` (the default) draws a fresh, unpredictable 128-bit seed from
                the operating system's randomness, as ``secrets`` does, and
                records it as ``match.seed``; ``new_match(seed=match.seed)`` replays it.
            deck: the first hand's deck order (later hands are shuffled from the seed); its
                cards, top first, are also the face-up cards of the first roles.
            first_seat: the seat that receives the first face-up card (``MatchState.first_seat``).

        Raises:
            InvalidDealError: ``deck`` is not an order of this ruleset's deck, ``first_seat``
                is not a seat, or the seed is an int of more than 8,192 bits.
            DealTypeError: ``seed`` is neither an int nor a str, ``deck`` is not a list or
                tuple of Cards, or ``first_seat`` is not an int.

        Warning:
            Whoever knows the seed knows every card of every hand to come. A game
            server must leave ``seed`` as ``None`` (or pass its own value from
            ``secrets``, never a counter, a time, a table id or ``random``)
            and must not show ``match.seed`` to any player before the match is over;
            see [Run a game server](../how-to/run-a-game-server.md). Fixed seeds are for
            tests, replays and simulations.

        >>> rules = Ruleset.compose()
        >>> match = rules.new_match()  # a fresh seed from the OS
        >>> rules.new_match(seed=match.seed).hand.hands == match.hand.hands
        True

        A given deck decides the first Hakem too: here the first Ace is the third card,
        dealt face up to seat 3 + 2 = 1.

        >>> from hokm import cards, full_deck
        >>> top = cards("K♣ 7♦ A♥")
        >>> deck = [*top, *(card for card in full_deck() if card not in top)]
        >>> match = rules.new_match(deck=deck, first_seat=3)
        >>> match.hand.hakem, match.first_seat, match.first_hakem_draw[:3] == tuple(top)
        (1, 3, True)
        """
        check_seed(seed, error=InvalidDealError, type_error=DealTypeError)
        if deck is not None:
            deck = ordered(deck, "deck", "Cards, top card first (or None)", DealTypeError)
        first_seat = seat_number(self, first_seat, "first_seat")
        return MatchState.start(self, seed=seed, deck=deck, first_seat=first_seat)

    # Introspection --------------------------------------------------------------------

    def hook_order(self, hook: str) -> tuple[str, ...]:
        """Plugin names implementing ``hook``, in the order they are asked.

        >>> Ruleset.compose().hook_order("hokm_trick_winner")
        ('standard',)
        """
        if not isinstance(hook, str):
            raise ArgumentTypeError(f"hook must be a hook name such as 'hokm_trick_winner', got "
                                    f"{_got(hook)}")
        if hook not in hook_facts():
            raise RulesetError(f"{_shown(hook)} is not a hokm hook")
        return tuple(impl.plugin for impl in resolve_chain(self._pm, hook, self.plugins[0][1]))

    def declared_actions(self) -> tuple[tuple[str, tuple[Action, ...]], ...]:
        """Every action each plugin declares it can offer (``hokm_action_space``), by plugin.

        Standard first, then the variants in the order listed; the stock draw's own actions
        (keep, reject, the discards) are declared under ``"standard"`` when the deal is a
        ``StockDraw``. ``hokm.encoding.ActionSpace`` numbers them.

        >>> [(name, len(actions)) for name, actions in Ruleset.compose("satat").declared_actions()]
        [('standard', 56), ('satat', 0)]

        Raises:
            PluginContractError: a plugin answered something that is not a sequence of actions.
        """
        from hokm.actions import DISCARD, DRAW_CHOICES, Action
        from hokm.context import StockDraw

        standard = self.plugins[0][1]
        answers: dict[str, tuple[Action, ...]] = {name: () for name, _ in self.plugins}
        impl = None
        try:
            for impl in resolve_chain(self._pm, "hokm_action_space", standard):
                answer = impl.call()
                if answer is None:
                    continue
                if isinstance(answer, str | bytes) or not isinstance(answer, Sequence) or not all(
                        isinstance(action, Action) for action in answer):
                    raise contract_error(impl, "hokm_action_space",
                                         f"returned {_shown(answer)}, not a sequence of Actions")
                answers[impl.plugin] = tuple(answer)
        except PluginContractError:
            raise
        except Exception as error:
            reraise(impl, error)
        pattern = self._engine.table.pattern
        if isinstance(pattern, StockDraw):
            stock: tuple[Action, ...] = DRAW_CHOICES + (DISCARD if pattern.discards else ())
            answers[STANDARD] = answers[STANDARD] + stock
        return tuple((name, answers[name]) for name, _ in self.plugins)

    def describe(self) -> str:
        """A one-line description: ``standard + satat + obligatory-trump``."""
        return " + ".join((STANDARD, *self.variants))


register_class(Ruleset)


def _kebab(name: str) -> str:
    out = []
    for i, char in enumerate(name):
        if char.isupper() and i:
            out.append("-")
        out.append(char.lower())
    return "".join(out)


def _check_declarations(plugins: list[tuple[str, object]]) -> None:
    """Declared conflicts (either side) and requirements, before anything is registered."""
    names = {name for name, _ in plugins}
    for name, plugin in plugins:
        info = variant_info(plugin)
        for other in sorted(info.conflict_names & names):
            reason = info.conflict_reason(other) or f"{name} declares a conflict with {other}"
            raise VariantConflictError(f"{name!r} cannot be combined with {other!r}: {reason}")
        for required in sorted(info.requires - names):
            raise VariantConflictError(f"{name!r} requires {required!r}, which is not selected")


def _check_replaced_options(plugins: list[tuple[str, object]], given: Mapping[str, Any]) -> None:
    """Refuse a standard option that a selected variant replaces: it would be silently ignored."""
    for name, plugin in plugins[1:]:
        for option, reason in sorted(variant_info(plugin).replaced_options().items()):
            if option in given:
                raise InvalidOptionError(
                    f"variant {name!r} replaces standard option {option!r}"
                    + (f" ({reason})" if reason else "")
                    + f": leave 'standard.{option}' out when {name!r} is selected")


def _plugin_manager(plugins: list[tuple[str, object]]) -> pluggy.PluginManager:
    pm = spec_manager()
    try:
        for name, plugin in plugins:
            pm.register(plugin, name=name)
        pm.check_pending()
    except pluggy.PluginValidationError as error:
        who = next((name for name, plugin in plugins if plugin is error.plugin), repr(error.plugin))
        detail = str(error).replace(repr(error.plugin), repr(who))
        raise RulesetError(f"plugin {who!r} is not a valid hokm plugin: {detail}") from error
    except ValueError as error:
        raise RulesetError(str(error)) from error
    return pm


_DECLARATIONS: dict[str, Callable[[Engine], tuple[object, ...]]] = {
    "hokm_table_layout": lambda engine: (),
    "hokm_rotation": lambda engine: (engine.layout,),
    "hokm_trump_rule": lambda engine: (),
}
"""Hooks that declare a fact of the table once, with the arguments the engine asked them with."""


def _declared_alike(chain: Sequence[Impl], engine: Engine | None) -> bool:
    """Whether every implementation in ``chain`` of a declaration hook gives the same answer.

    Two variants declaring the same fact (both say "clockwise") do not overlap: whichever is
    asked first, the answer is the same. Any doubt (a crash, no engine) counts as different.
    """
    arguments = _DECLARATIONS.get(chain[0].hook)
    if arguments is None or engine is None:
        return False
    try:
        args = arguments(engine)
        first = chain[0].call(*args)
        return first is not None and all(impl.call(*args) == first for impl in chain[1:])
    except Exception:
        return False


_OWN_ACTIONS = frozenset({"hokm_decision_effect"})
"""First-result hooks each variant answers only for its own action types (``None`` for the rest):
several implementations shadow nothing, so composing them is no overlap."""


def _warn_overlaps(pm: pluggy.PluginManager, standard: object, engine: Engine | None) -> None:
    """Warn when two selected variants answer the same first-result hook (differently, for a
    declaration such as ``hokm_rotation``: two variants may both declare the same rotation)."""
    for hook, facts in hook_facts().items():
        if not facts.first_result or hook in _OWN_ACTIONS:
            continue  # collect-all hooks combine every answer: no overlap to speak of
        chain = [impl for impl in resolve_chain(pm, hook, standard) if not impl.standard]
        if len({impl.plugin for impl in chain}) > 1 and not _declared_alike(chain, engine):
            names = sorted({impl.plugin for impl in chain})
            who = " and ".join(names) if len(names) == 2 else ", ".join(names[:-1]) + " and " + names[-1]
            order = ", then ".join(dict.fromkeys(impl.plugin for impl in chain))
            warnings.warn(
                f"{who} {'both' if len(names) == 2 else 'all'} implement {hook}; "
                f"they are asked in this order: {order}",
                VariantOverlapWarning, stacklevel=3)

