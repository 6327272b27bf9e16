"""One hand of Hokm as an immutable state: ``apply`` returns the next state.

The old state stays valid, so states serve as history, search-tree nodes and
fixtures. See ``hokm.HandState``; the implementation lives in ``hokm._hand``.

>>> import hokm
>>> from hokm import Card, Suit, cards
>>> rules = hokm.Ruleset.compose()
>>> deck = hokm.full_deck()
>>> hand = rules.new_hand([deck[0:13], deck[13:26], deck[26:39], deck[39:52]],
...                      hakem=0, trump=Suit.HEARTS)
>>> hand.to_act, sorted(map(str, hand.legal_plays()))[:3]
(0, ['10♠', '2♠', '3♠'])
>>> after = hand.play(Card.parse("A♠"))
>>> after.to_act, hand.to_act
(1, 0)
"""

from __future__ import annotations

from hokm._hand.state import HandState

__all__ = ["HandState"]
