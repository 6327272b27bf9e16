"""The card loop's trick ends beyond the plain one, and its write-back to the state.

The plain trick end (the winner by the tables takes the trick; the stop rule is one
comparison) stays inline in ``hokm._kernel.tricks``. Here: a winner a hook decides, who
collects under a capture rule (its table, else the hooks that read the hand), a trick
end where the hand may be over or a hook must see it (stepping's own pause), and the
write-back, which works out the collectors a capture table left to it.
"""

from __future__ import annotations

from hokm._compose.cards import NO_TRUMP
from hokm._compose.trick_end import NOBODY, UNANSWERED, capture_key, won_in_force
from hokm._hand import kernel_io
from hokm._kernel.loop import ENDED, GOES_ON, STEPPED, Loop, facts, first_trump

__all__ = ["collect", "flush", "trick_end", "winner_of", "write"]


def winner_of(loop: Loop, pile: int, best: int, done: int, trump: int, stop_at: int) -> tuple[int, int, bool]:
    """A trick whose winner a hook decides, or whose collector a capture rule does: the winner, the
    pile left in the centre, and whether the trick end may stop the hand."""
    plan, won, tally = loop.plan, loop.won, loop.tally
    if plan.winner_hook:
        start = len(loop.plays) - plan.players
        best = plan.engine.ends.trick_winner(loop.plays[start:], trump, done, first_trump(loop, start))
    won.append(best)
    if plan.capture_identity:
        team = plan.teams[best]
        tally[team] += 1
        return best, pile, tally[team] >= stop_at or plan.ends[done]
    pile, team = collect(loop, pile, best, done)
    return best, pile, plan.ends[done] or stop_at == 0 or (team >= 0 and tally[team] >= stop_at)


def collect(loop: Loop, pile: int, winner: int, done: int) -> tuple[int, int]:
    """Who collects after trick ``done`` (``won`` ends with it), into ``taken`` and the tallies: the
    capture table, else the hooks that read the hand, which see this trick's winner recorded and not
    yet who collected it. Returns the pile left in the centre and the collecting team (-1: nobody)."""
    plan, won, taken, tally = loop.plan, loop.won, loop.taken, loop.tally
    previous = collected = in_force = None
    if done > 1:
        winners, collectors = kernel_io.tricks_of(loop.state)
        previous = won[-2] if len(won) > 1 else winners[-1]
        collected = (taken[-1] if taken else collectors[-1]) is not None
        if plan.capture_in_force:
            trump, since = loop.trump, loop.since
            since = since if 0 <= trump < NO_TRUMP else 1 << 30
            in_force = won_in_force(loop.plays, winners + tuple(won), done - 1, plan.players, since)
    collector = plan.capture_table[capture_key(plan.players, plan.total, winner, previous, bool(collected),
                                               bool(in_force), done)]
    if collector == UNANSWERED:
        collector = _asked(loop, pile, winner, done)
    if collector == NOBODY:
        taken.append(None)
        return pile + 1, -1
    taken.append(collector)
    team = plan.teams[collector]
    tally[team] += pile + 1
    return 0, team


def _asked(loop: Loop, pile: int, winner: int, done: int) -> int:
    """The capture hooks that read the hand, asked on the state written back."""
    state, won = loop.state, loop.won
    start = len(loop.plays) - loop.plan.players
    won.pop()  # (written back without this trick, which the loop records with its collector)
    write(loop, pile, winner, len(loop.plays))
    won.append(winner)
    answer = kernel_io.ask_capture(state, facts(loop.plan, state, start)[1], done, winner,
                                   first_trump(loop, start))
    return NOBODY if answer is None else answer


def trick_end(loop: Loop, pile: int, last: int, done: int) -> int:
    """A trick end where the hand may be over or a hook must see it (``done`` tricks done): the
    loop's tricks written back (``last`` the seat that played the trick's last card), then stepping's
    own pause, a decision it offers answered as stepping answers it. Returns ``ENDED``, ``STEPPED``
    (the state went on by its own steps) or ``GOES_ON``."""
    plan, state = loop.plan, loop.state
    write(loop, pile, last, len(loop.plays))
    completes = plan.engine.ends.complete_pauses[done]  # (a hokm_hand_complete asked after this trick)
    if not plan.pauses[done] and (done == plan.total or not (plan.play_on or completes)):
        kernel_io.close(state)  # the cards ran out, or the stop rule ends it and nothing plays on
        return ENDED
    if kernel_io.pause(state, loop.rand, loop.tally):
        return GOES_ON
    return STEPPED  # the hand ended, or its steps moved it on (a trump, a forced card)


def write(loop: Loop, pile: int, seat: int, start: int) -> None:
    """Write the loop's locals back to the state (``hokm._hand.kernel_io.sync``; ``seat`` to act, the
    trick in progress from ``start``), the collectors a capture table left to now worked out first;
    ``won`` and ``taken`` are emptied for the tricks to come."""
    won, taken = loop.won, loop.taken
    if loop.plan.lazy_capture:  # (the loop keeps no pile of its own then)
        pile = flush(loop) if len(taken) < len(won) else kernel_io.tallies_of(loop.state)[1]
    kernel_io.sync(loop.state, loop.held, won, taken, loop.tally, pile, seat, start)
    won.clear()
    taken.clear()  # (the same list as won where the winner takes every trick)


def flush(loop: Loop) -> int:
    """Who collected each trick of ``won`` not yet in ``taken``, by the capture table, with the
    tallies from the state's; returns the pile left in the centre. (Whether a trick was won under
    the trump is the same worked out now as then: the trump appears once, at a play that stays.)"""
    plan, plays, won, taken, tally = loop.plan, loop.plays, loop.won, loop.taken, loop.tally
    captures, teams, players = plan.captures, plan.teams, plan.players
    team_tricks, pile = kernel_io.tallies_of(loop.state)
    tally[:] = team_tricks
    winners, collectors = kernel_io.tricks_of(loop.state)
    first = len(winners) + 1  # the number of won[0]'s trick
    done = first - 1 + len(taken)
    previous = won[len(taken) - 1] if taken else (winners[-1] if winners else -1)  # (-1: the row of none)
    flags = 2 if (taken[-1] if taken else collectors[-1] if collectors else None) is not None else 0
    # The number of the trick after the one the trump came in (past the hand: none yet): that trick's
    # previous one was won under the trump if its winning card came at or after it; every later one was.
    trump, since = loop.trump, loop.since
    partial = since // players + 2 if plan.capture_in_force and 0 <= trump < NO_TRUMP else 1 << 30
    last = done - pile  # the trick before the pile's first: a collector takes done - last tricks
    count = len(taken)
    taken += [None] * (len(won) - count)  # (a trick collected gets its collector below)
    for winner in won[count:]:
        done += 1
        collector = captures[winner][previous][flags + (done >= partial and (
            done > partial or _won_after(plays, (done - 1) * players, players, previous, since)))][done]
        previous = winner
        if collector == NOBODY:
            flags = 0
            continue
        taken[done - first] = collector
        tally[teams[collector]] += done - last
        flags, last = 2, done
    return done - last


def _won_after(plays: list[int], start: int, players: int, winner: int, since: int) -> bool:
    """Whether the card by which ``winner`` won the trick before the one beginning at ``start`` was
    played at or after play ``since`` (the trump came inside that trick)."""
    for position in range(start - players, start):
        if plays[position] >> 6 == winner:
            return position >= since
    return False
