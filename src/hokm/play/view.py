"""What the table's panels say, as Textual markup computed from a ``TableModel``.

Kept apart from the widgets so it is tested without Textual. Every function takes a
``Painter`` (colours, ASCII suits); the default paints in colour with suit symbols.
"""

from __future__ import annotations

from hokm.cards import Suit
from hokm.outcomes import Phase
from hokm.play.model import HIDDEN_TRUMP, HandReview, HandRow, TableModel, counted
from hokm.play.paint import Painter, escape
from hokm.play.text import sorted_hand
from hokm.rules import Ruleset

__all__ = [
    "centre_text",
    "end_text",
    "info_lines",
    "review_text",
    "rules_summary",
    "seat_label",
    "suit_text",
    "trump_text",
]

_DEFAULT = Painter()
_KINDS = {"win": "", "kot": "kot", "hakem-kot": "Hakem kot"}


def suit_text(suit: Suit | None, painter: Painter = _DEFAULT) -> str:
    """A suit as markup in its colour, or ``"not called"``."""
    if suit is None:
        return "not called"
    return painter.suit(suit)


def trump_text(model: TableModel, painter: Painter = _DEFAULT) -> str:
    """The trump as your seat may know it, for the info bar.

    ``♣``; ``not called yet``; under ``hidden-trump`` before the reveal, the caller reads
    ``♣ (hidden, indicator 10♣)`` and everyone else ``hidden (face down)``; a trump revealed
    during the hand reads ``♣ (revealed)``.
    """
    hand = model.hand
    if hand.trump is not None:
        revealed = HIDDEN_TRUMP in model.match.ruleset.variants and hand.trump_from > 0
        shown = any(card.suit is hand.trump for card in hand.shown)
        return painter.suit(hand.trump) + (" (revealed)" if revealed or (shown and HIDDEN_TRUMP in
                                           model.match.ruleset.variants) else "")
    if hand.phase is Phase.TRUMP:
        return "not called yet"
    if model.hidden_trump:
        indicator = model.indicator
        if indicator is not None:
            return f"{painter.suit(indicator.suit)} (hidden, indicator {painter.card(indicator)})"
        if hand.hakem == model.seat:
            return "hidden (a blind indicator: you have not seen it)"
        return f"hidden (face down before {model.name(hand.hakem)})"
    return "none yet"


def seat_label(model: TableModel, seat: int, painter: Painter = _DEFAULT) -> str:
    """``"Right (1)"``, reversed for the seat to act (with ``▸`` before it, for screens without
    reverse video), then a line ``"Hakem"`` for the Hakem (else blank)."""
    hand = model.hand
    label = escape(f"{model.name(seat)} ({seat})")
    if seat == hand.to_act and model.review is None and not model.is_over:
        label = f"[reverse]▸ {label}[/]"
    return label + ("\n[b]Hakem[/]" if seat == hand.hakem else "\n")


def info_lines(model: TableModel, painter: Painter = _DEFAULT) -> str:
    """The two lines of the info bar."""
    match = model.observation
    hand = match.hand
    layout = model.match.layout
    teams = range(layout.team_count)
    hakem = f"{model.name(hand.hakem)} (seat {hand.hakem})"
    first = f"Hand {match.hand_number}  ·  Trump {trump_text(model, painter)}  ·  Hakem: {hakem}"
    if model.practice:
        first += "  ·  [b]practice[/]"
    scores = ", ".join(f"{model.team_name(t)} {match.scores[t]}" for t in teams)
    tricks = ", ".join(f"{model.team_name(t)} {hand.team_tricks[t]}" for t in teams)
    second = f"{'Courts' if model.unit == 'court' else 'Score'}: {scores}  ·  Tricks: {tricks}"
    if hand.pile or "double-sar" in model.match.ruleset.variants:
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


def _hand_trump(model: TableModel, review: HandReview, painter: Painter) -> str:
    """A finished hand's trump: called, revealed during the hand, or never revealed."""
    result = review.result
    trump = result.trump if result is not None else review.hand.trump
    if HIDDEN_TRUMP in model.match.ruleset.variants:
        indicator = review.indicator
        if indicator is not None and trump is None:
            return (f"{painter.suit(indicator.suit)} (hidden, never revealed: "
                    f"indicator {painter.card(indicator)})")
        if indicator is not None:
            return f"{painter.suit(indicator.suit)} (hidden, revealed: indicator {painter.card(indicator)})"
    return suit_text(trump, painter)


def _outcome(model: TableModel, points: int, label: str) -> str:
    """``"1 point"``, ``"2 points — kot!"``; in courts, ``"the deal, no court"`` or ``"1 court (court)"``."""
    kind = _KINDS.get(label, label)
    if model.unit == "court":
        if points == 0:
            return "the deal (no court: courts are scored only for sweeps and streaks)"
        return f"{counted(points, 'court')}" + (f" ({kind})" if kind else "")
    return counted(points, "point") + (f" — {kind}!" if kind else "")


def review_text(model: TableModel, review: HandReview, painter: Painter = _DEFAULT) -> str:
    """The review of a finished hand: the result, then every seat's cards as dealt."""
    lines = [f"[b]Hand {review.number} is over[/]"]
    result = review.result
    if result is None:
        lines.append("The hand was annulled and is dealt again.")
    else:
        outcome = _outcome(model, result.points, result.label)
        lines.append(f"{escape(model.team_subject(result.winner))} won {outcome}")
        tricks = ", ".join(f"{model.team_name(t)} {n}" for t, n in enumerate(result.team_tricks))
        succession = ("" if model.is_over else f"  ·  next Hakem: {model.name(result.next_hakem)}")
        lines.append(f"Trump {_hand_trump(model, review, painter)}  ·  tricks: {tricks}{succession}")
    lines.append("")
    lines.append("Hands as dealt:")
    for seat, dealt in enumerate(review.dealt):
        lines.append(f"  {model.name(seat) + f' ({seat})':<12} {painter.cards(sorted_hand(dealt))}")
    lines.append("")
    lines.append(f"{'Courts' if model.unit == 'court' else 'Score'}: {escape(model.scores_text())}")
    if model.is_over:
        lines.append(f"[b]{escape(model.winner_words())}.[/]")
        lines.append("Enter: the end of the match")
    else:
        lines.append("Enter: continue")
    return "\n".join(lines)


def _row_trump(row: HandRow, painter: Painter) -> str:
    if row.trump is None:
        return "-"
    note = {"revealed": " (hidden, revealed)", "never revealed": " (hidden, never revealed)"}
    return painter.suit_text(row.trump) + note.get(row.trump_note, "")


def end_text(model: TableModel, painter: Painter = _DEFAULT) -> str:
    """The end of the match: the winner in words, a table of the hands, the kots and Hakem changes."""
    unit = "Courts" if model.unit == "court" else "Points"
    goal = target(model.match.ruleset)
    lines = [f"[b]{escape(model.winner_words())}[/], {unit.lower()} {escape(model.scores_text())} "
             f"(the match was {'' if goal.startswith('the most') else 'to '}{goal}).", ""]
    teams = range(model.match.layout.team_count)
    score_head = "-".join(model.team_name(t) for t in teams)
    lines.append(f"{'hand':>4}  {'Hakem':<8} {'trump':<26} {'tricks':<7} {'won by':<8} "
                 f"{unit.lower():<7} {score_head}")
    scores: tuple[int, ...] = (0,) * len(teams)
    kots: list[str] = []
    changes: list[str] = []
    for row in model.rows:
        result = row.result
        scores = row.scores or scores
        if result is None:
            lines.append(f"{row.number:>4}  {model.name(row.hakem):<8} {'-':<26} {'-':<7} "
                         f"{'annulled, dealt again':<16} {'-'.join(map(str, scores))}")
            continue
        tricks = "-".join(map(str, result.team_tricks))
        label = _KINDS.get(result.label, result.label)
        points = f"{result.points}" + (f" {label}" if label else "")
        lines.append(f"{row.number:>4}  {model.name(row.hakem):<8} {escape(_row_trump(row, painter)):<26} "
                     f"{tricks:<7} {escape(model.team_name(result.winner)):<8} {points:<7} "
                     f"{'-'.join(map(str, scores))}")
        if result.kot:
            kots.append(f"hand {row.number}: {label or 'kot'} by {model.team_name(result.winner)}")
        if row.next_hakem is not None and row.next_hakem != row.hakem:
            changes.append(f"after hand {row.number}: {model.name(row.hakem)} to "
                           f"{model.name(row.next_hakem)}")
    lines.append("")
    lines.append("Kots: " + ("; ".join(kots) if kots else "none"))
    lines.append("Hakem changes: " + ("; ".join(changes) if changes else "none: one Hakem all match"))
    return "\n".join(lines)


def target(ruleset: Ruleset) -> str:
    """What wins the match, from the ruleset's options: ``"7 points"``, ``"1 court"``, ..."""
    options = {variant["name"]: variant["options"] for variant in ruleset.spec["variants"]}
    piece = options.get("court-piece")
    if piece is not None:
        unit = "court" if piece.get("scoring", "courts") == "courts" else "point"
        goal = piece.get("target") or (1 if unit == "court" else 10)
        return counted(int(goal), unit)
    troef = options.get("troefcall")
    if troef is not None:
        if troef.get("match", "set") == "set":
            return f"the most points in a set of {troef.get('set_hands', 4)} hands"
        return counted(int(troef.get("target") or 0), "point")
    standard = dict(ruleset.plugins).get("standard")
    goal = getattr(standard, "target", 7)
    sets = getattr(standard, "sets", 1)
    text = counted(int(goal), "point")
    return text if sets == 1 else f"{text}, {sets} sets"


def rules_summary(ruleset: Ruleset) -> list[str]:
    """A short summary of a composed ruleset, for the help screen: what each part does and the
    options that differ from their defaults."""
    from hokm.rules import variant_info

    goal = target(ruleset)
    to = "" if goal.startswith("the most") else "to "
    lines = [f"{ruleset.describe()}: {ruleset.players} players, the match {to}{goal}."]
    defaults = {name: dict(Ruleset.compose(*([] if name == 'standard' else [name])).plugins)[name]
                for name, _ in ruleset.plugins}
    for name, plugin in ruleset.plugins:
        summary = variant_info(plugin).summary
        changed = []
        default = defaults[name]
        for field in getattr(type(plugin), "__attrs_attrs__", ()):
            value = getattr(plugin, field.name)
            if value != getattr(default, field.name, value):
                changed.append(f"{field.name}={value!r}")
        lines.append(f"  {name}: {summary}" + (f" [{', '.join(changed)}]" if changed else ""))
    return lines
