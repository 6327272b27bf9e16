"""``hokm play``: a table in the terminal, you at one seat and bots at the others.

The app (``hokm.play.app``) needs Textual, the ``hokm[play]`` extra. The rest of
this package does not: ``TableModel`` drives a match with agents and keeps what
the table shows, ``parse_card_text`` reads a typed card leniently and
``action_label`` names a decision for people. ``import hokm`` does not import
this package, and importing it does not import Textual.
"""

from __future__ import annotations

from hokm.play.model import HandReview, TableModel
from hokm.play.saving import default_save_path, save_dir
from hokm.play.text import action_label, parse_card_text, seat_positions, sorted_hand

__all__ = [
    "HandReview",
    "TableModel",
    "action_label",
    "default_save_path",
    "parse_card_text",
    "save_dir",
    "seat_positions",
    "sorted_hand",
]
