"""What the table's panels say, as plain text with Textual markup; computed from a ``TableModel``.

Kept apart from the widgets so it is tested without Textual.
"""

from __future__ import annotations

from hokm.cards import Card, Suit
from hokm.play.model import HandReview, TableModel
from hokm.play.text import sorted_hand

__all__ = ["centre_text", "info_lines", "review_text", "seat_label", "suit_text"]

_RED = (Suit.HEARTS, Suit.DIAMONDS)


def suit_text(suit: Suit | None) -> str:
    """A suit as markup (red ♥ and ♦), or ``"not called"``."""
    if suit is None:
        return "not called"
    return f"[bold red]{suit}[/]" if suit in _RED else f"[bold]{suit}[/]"


def _cards(cards: list[Card]) -> str:
    return " ".join(f"[red]{card}[/]" if card.suit in _RED else str(card) for card in cards)


def seat_label(model: TableModel, seat: int) -> str:
    """``"Right (1)"``, reversed for the seat to act, then a line ``"Hakem"`` for the Hakem (else blank)."""
    hand = model.hand
    label = f"{model.name(seat)} ({seat})"
    if seat == hand.to_act and model.review is None and not model.is_over:
        label = f"[reverse]{label}[/]"
    return label + ("\n[b]Hakem[/]" if seat == hand.hakem else "\n")


def info_lines(model: TableModel) -> str:
    """The two lines of the info bar."""
    match = model.observation
    hand = match.hand
    layout = model.match.layout
    teams = range(layout.team_count)
    hakem = f"{model.name(hand.hakem)} (seat {hand.hakem})"
    first = f"Hand {match.hand_number}  ·  Trump {suit_text(hand.trump)}  ·  Hakem: {hakem}"
    if model.practice:
        first += "  ·  [b]practice[/]"
    scores = ", ".join(f"{model.team_name(t)} {match.scores[t]}" for t in teams)
    tricks = ", ".join(f"{model.team_name(t)} {hand.team_tricks[t]}" for t in teams)
    second = f"Score: {scores}  ·  Tricks: {tricks}"
    if hand.pile or any(name == "double-sar" for name, _ in model.match.ruleset.plugins):
        second += f"  ·  Pile: {hand.pile}"
    if hand.stock_left:
        second += f"  ·  Stock: {hand.stock_left}"
    return f"{first}\n{second}"


def centre_text(model: TableModel) -> str:
    """The middle of the table: whose turn, the last trick's winner, or the match result."""
    hand = model.hand
    if model.is_over:
        winner = model.match.winner
        return "[b]Match over[/]" if winner is None else f"[b]Match over[/]\n{model.team_name(winner)} won"
    if not hand.current_trick and hand.tricks and hand.tricks[-1].winner is not None:
        last = hand.tricks[-1]
        assert last.winner is not None
        won = f"{model.name(last.winner)} won\ntrick {len(hand.tricks)}"
        return f"{won}\n[b]your turn[/]" if model.your_turn else won
    if hand.to_act is None:
        return ""
    if model.your_turn:
        return "[b]your turn[/]"
    return f"{model.name(hand.to_act)} to act"


def review_text(model: TableModel, review: HandReview) -> str:
    """The review of a finished hand: the result, then every seat's cards as dealt."""
    lines = [f"[b]Hand {review.number} is over[/]"]
    result = review.result
    if result is None:
        lines.append("The hand was annulled and is dealt again.")
    else:
        kinds = {"win": "", "kot": " — kot!", "hakem-kot": " — Hakem kot!"}
        kind = kinds.get(result.label, f" ({result.label})")
        points = f"{result.points} point{'s' if result.points != 1 else ''}"
        lines.append(f"{model.team_name(result.winner)} won {points}{kind}")
        tricks = ", ".join(f"{model.team_name(t)} {n}" for t, n in enumerate(result.team_tricks))
        lines.append(f"Trump {suit_text(result.trump)}  ·  tricks: {tricks}  ·  "
                     f"next Hakem: {model.name(result.next_hakem)}")
    lines.append("")
    lines.append("Hands as dealt:")
    for seat, dealt in enumerate(review.dealt):
        lines.append(f"  {model.name(seat) + f' ({seat})':<12} {_cards(sorted_hand(dealt))}")
    scores = ", ".join(f"{model.team_name(t)} {s}" for t, s in enumerate(model.match.scores))
    lines.append("")
    lines.append(f"Score: {scores}")
    if model.is_over:
        lines.append("[b]The match is over.[/]")
    lines.append("[dim]Enter: continue[/]")
    return "\n".join(lines)
