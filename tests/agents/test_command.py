"""External bots over stdio, end to end with real subprocesses: the example bot, served hokm agents,
and one misbehaving bot per failure, each an ``AgentFailedError`` with its reason, never a hang."""

from __future__ import annotations

import concurrent.futures
import io
import json
import multiprocessing
import pickle
import queue
import sys
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from hokm import events
from hokm.agents import (
    Agent,
    CommandAgent,
    HeuristicAgent,
    RandomAgent,
    agent_from_spec,
    hand_observation,
    play_match,
    serve_stdio,
)
from hokm.agents._bot_messages import PROTOCOL, Fault, act_message, dumps, read_action, reply_hello
from hokm.errors import AgentFailedError, ArgumentTypeError, GameStateError, InvalidArgumentError

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = [sys.executable, str(ROOT / "examples" / "stdio-bot" / "bot.py")]
SHORT = {"standard": {"target": 1}}
SCHEMA = json.loads((ROOT / "src" / "hokm" / "schemas" / "hokm-bot-1.json").read_text(encoding="utf-8"))
FROM_HOKM = jsonschema.Draft202012Validator({**SCHEMA, "anyOf": [{"$ref": "#/$defs/from_hokm"}]})
FROM_BOT = jsonschema.Draft202012Validator({**SCHEMA, "anyOf": [{"$ref": "#/$defs/from_bot"}]})


def served(agent: str, *, name: str | None = None) -> list[str]:
    """A command running the hokm agent the expression ``agent`` makes, through ``serve_stdio``."""
    program = f"from hokm.agents import *; serve_stdio({agent}, name={name!r})"
    return [sys.executable, "-c", program]


def drive(rules: hokm.Ruleset, agents: Sequence[Agent], seed: int) -> hokm.MatchState:
    """``play_match`` that also shows every agent its seat's share of the events, as the arena does."""
    match = rules.new_match(seed=seed)
    for seat, agent in enumerate(agents):
        agent.start_match(match.observation(seat))  # type: ignore[attr-defined]
    hand_number = 0
    while not match.is_over:
        if match.hand_number != hand_number:
            hand_number = match.hand_number
            for seat, agent in enumerate(agents):
                agent.start_hand(match.observation(seat).hand)  # type: ignore[attr-defined]
        to_act = match.to_act
        assert to_act is not None
        match, happened = match.apply_with_events(agents[to_act].act(match.observation(to_act)))
        for viewer, agent in enumerate(agents):
            for event in events.for_seat(happened, viewer):
                agent.observe(event)  # type: ignore[attr-defined]
    return match


class FirstLegal:
    """What the example bot does, in process."""

    def act(self, observation: hokm.HandObservation | hokm.MatchObservation) -> hokm.Action:
        return hand_observation(observation).legal_actions[0]


@pytest.fixture
def closing() -> Iterator[list[CommandAgent]]:
    """Agents made in a test, closed at its end whatever happens."""
    made: list[CommandAgent] = []
    yield made
    for agent in made:
        agent.close()


# The example bot and served agents play real matches ----------------------------------------------


def test_the_example_bot_plays_a_whole_match_at_every_seat(closing: list[CommandAgent]) -> None:
    first = CommandAgent(EXAMPLE)
    randoms = CommandAgent([*EXAMPLE, "--random", "--seed", "3"], time_limit=30)
    closing += [first, randoms]
    rules = hokm.Ruleset.compose()
    match = play_match(rules, [first, randoms, randoms, randoms], seed=11)
    assert match.is_over and match.winner is not None
    assert first.bot_name == randoms.bot_name == "example-bot"
    assert sorted(randoms._bots) == [1, 2, 3]  # one process per seat
    assert any(entry["seat"] == 0 for hand in match.to_record()["hands"] for entry in hand["actions"])
    processes = [bot.process for agent in (first, randoms) for bot in agent._bots.values()]
    first.close()
    randoms.close()
    assert not any(process.running for process in processes)
    assert first._bots == {} and first.bot_name is None


def test_the_first_legal_example_bot_plays_as_the_same_player_in_process(closing: list[CommandAgent]) -> None:
    bot = CommandAgent(EXAMPLE)
    closing.append(bot)
    rules = hokm.Ruleset.compose(options=SHORT)
    over_stdio = play_match(rules, [bot] * 4, seed=5)
    in_process = play_match(rules, [FirstLegal()] * 4, seed=5)
    assert over_stdio.to_record() == in_process.to_record()


@pytest.mark.parametrize("variants", [(), ("two-player",), ("hidden-trump",), ("satat", "double-sar"),
                                      ("bavney",)])
def test_served_agents_play_over_stdio_as_they_play_in_process(
        variants: tuple[str, ...], closing: list[CommandAgent]) -> None:
    rules = hokm.Ruleset.compose(*variants, options=SHORT)
    players = rules.players
    makers = ["HeuristicAgent()", "RandomAgent(seed=7)"]
    over_stdio = [CommandAgent(served(makers[seat % 2]), time_limit=30) for seat in range(players)]
    closing += over_stdio
    in_process: list[Agent] = [HeuristicAgent() if seat % 2 == 0 else RandomAgent(seed=7)
                               for seat in range(players)]
    # every decision kind of the ruleset (trump call, keep/reject, hidden trump, play on) crosses the pipe
    assert drive(rules, over_stdio, 3).to_record() == drive(rules, in_process, 3).to_record()
    assert over_stdio[0].bot_name == "HeuristicAgent"


def test_one_agent_at_every_seat_runs_one_process_per_seat_and_restarts_for_new_rules(
        closing: list[CommandAgent]) -> None:
    bot = CommandAgent(EXAMPLE)
    closing.append(bot)
    play_match(hokm.Ruleset.compose(options=SHORT), [bot] * 4, seed=1)
    before = {seat: b.process.pid for seat, b in bot._bots.items()}
    play_match(hokm.Ruleset.compose(options=SHORT), [bot] * 4, seed=2)  # equal rules: same processes
    assert {seat: b.process.pid for seat, b in bot._bots.items()} == before
    play_match(hokm.Ruleset.compose("two-player", options=SHORT), [bot] * 2, seed=3)
    assert all(bot._bots[seat].process.pid != before[seat] for seat in (0, 1))
    assert bot._bots[2].process.pid == before[2]


LOGGER = """\
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        log = open(f"{sys.argv[1]}-{message['seat']}.jsonl", "w", encoding="utf-8")
        print(json.dumps({"type": "hello", "protocol": "hokm-bot/1", "name": "log", "variants": ["*"]}),
              flush=True)
    elif message["type"] == "act":
        print(json.dumps({"type": "action", "id": message["id"], "index": 0}), flush=True)
    log.write(line)
    log.flush()
"""


def test_each_process_hears_its_session_in_order_and_only_its_own_seat_s_secrets(
        tmp_path: Path, closing: list[CommandAgent]) -> None:
    script = tmp_path / "logger.py"
    script.write_text(LOGGER, encoding="utf-8")
    teams = [CommandAgent([sys.executable, str(script), str(tmp_path / f"team{team}")]) for team in (0, 1)]
    closing += teams
    rules = hokm.Ruleset.compose(options=SHORT)
    match = drive(rules, [teams[0], teams[1], teams[0], teams[1]], seed=6)  # one agent per team
    assert match.is_over
    for team in teams:
        team.close()
    for seat in range(4):
        log = tmp_path / f"team{seat % 2}-{seat}.jsonl"
        received = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
        for message in received:
            FROM_HOKM.validate(message)
        kinds = [message["type"] for message in received]
        assert kinds[:3] == ["hello", "match", "hand"] and kinds[-1] == "goodbye" and "act" in kinds
        assert received[0]["seat"] == seat and received[0]["ruleset"] == rules.spec
        assert all(message["seat"] == seat for message in received if "seat" in message)
        requests = [message["id"] for message in received if message["type"] == "act"]
        assert requests == list(range(1, len(requests) + 1))
        seen = [message["event"] for message in received if message["type"] == "event"]
        assert {"hand-over", "match-over", "card-played", "trump-called"} <= {e["event"] for e in seen}
        # the partner plays in the same agent, yet its cards are never sent to this process
        dealt = {event["seat"] for event in seen if event["event"] == "cards-dealt"}
        assert dealt == {seat}


def test_a_pickled_agent_carries_its_command_and_plays_in_a_worker_process(
        closing: list[CommandAgent]) -> None:
    bot = CommandAgent(EXAMPLE, time_limit=20, startup_time=30, name="first")
    closing.append(bot)
    play_match(hokm.Ruleset.compose(options=SHORT), [bot] * 4, seed=1)  # started: still pickles
    copy = pickle.loads(pickle.dumps(bot))
    assert (copy.command, copy.time_limit, copy.startup_time, copy.name) == (tuple(EXAMPLE), 20, 30, "first")
    assert copy._bots == {}
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        record = pool.submit(_play_short, bot).result(timeout=120)
    assert record == play_match(hokm.Ruleset.compose(options=SHORT), [FirstLegal()] * 4, seed=4).to_record()


def _play_short(agent: CommandAgent) -> dict[str, Any]:
    with agent:
        return play_match(hokm.Ruleset.compose(options=SHORT), [agent] * 4, seed=4).to_record()


# Bad bots: one per failure ------------------------------------------------------------------------

PRELUDE = """\
import json, sys, time
def send(message):
    sys.stdout.write(json.dumps(message, ensure_ascii=False) + "\\n")
    sys.stdout.flush()
requests = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        {hello}
    elif message["type"] == "act":
        requests += 1
        legal, id = message["legal_actions"], message["id"]
        {act}
"""
HELLO = 'send({"type": "hello", "protocol": "hokm-bot/1", "name": "bad", "variants": ["*"]})'
FIRST = 'send({"type": "action", "id": id, "action": legal[0]})'
ALL_CARDS = '[r + s for s in "♠♥♦♣" for r in ["2","3","4","5","6","7","8","9","10","J","Q","K","A"]]'

BAD_BOTS = {
    # name: (hello, act, reason, what the message says)
    "garbage": (HELLO, 'print("I play the ace of spades", flush=True)', "malformed", "not JSON"),
    "not an object": (HELLO, "send([1, 2])", "malformed", "not an object"),
    "illegal card": (HELLO, 'send({"type": "action", "id": id, "action": {"act": "play", "card": '
                            f'next(c for c in {ALL_CARDS} if {{"act": "play", "card": c}} not in legal)}}}})',
                     "illegal", "not legal here"),
    "index out of range": (HELLO, 'send({"type": "action", "id": id, "index": len(legal)})', "illegal",
                           "legal actions"),
    "unreadable action": (HELLO, 'send({"type": "action", "id": id, "action": {"act": "dance"}})',
                          "malformed", "unknown action 'dance'"),
    "wrong id": (HELLO, 'send({"type": "action", "id": id + 1, "action": legal[0]})', "malformed",
                 "a reply with id"),
    "no choice": (HELLO, 'send({"type": "action", "id": id})', "malformed", "neither 'action' nor 'index'"),
    "slow": (HELLO, "time.sleep(30)", "timeout", "no answer within 0.3 s"),
    "exits mid-match": (HELLO, 'print("out of memory, sort of", file=sys.stderr, flush=True); sys.exit(3) '
                               f"if requests == 3 else {FIRST}", "crash", "exited with code 3"),
    "reports an error": (HELLO, 'send({"type": "error", "message": "cannot think"})', "error",
                         "cannot think"),
    "wrong protocol": ('send({"type": "hello", "protocol": "hokm-bot/0", "name": "old", "variants": ["*"]})',
                       FIRST, "malformed", "hokm-bot/0"),
    "no hello": ('send({"type": "action", "id": 1, "index": 0})', FIRST, "malformed", "hello answer"),
    "slow start": ("time.sleep(30)", FIRST, "timeout", "answer to hello"),
    "dies at hello": ("sys.exit(0)", FIRST, "crash", "exited with code 0"),
    "standard only": ('send({"type": "hello", "protocol": "hokm-bot/1", "name": "plain", '
                      '"variants": ["standard"]})', FIRST, "error", "does not play 'satat'"),
}


@pytest.mark.parametrize("case", sorted(BAD_BOTS))
def test_a_bad_bot_fails_with_its_reason_and_is_killed(case: str, tmp_path: Path,
                                                       closing: list[CommandAgent]) -> None:
    hello, act, reason, what = BAD_BOTS[case]
    script = tmp_path / "bot.py"
    script.write_text(PRELUDE.format(hello=hello, act=act), encoding="utf-8")
    # short limits only where the bot must overrun them: a loaded machine never turns a bad answer late
    bot = CommandAgent([sys.executable, str(script)], time_limit=0.3 if case == "slow" else 30,
                       startup_time=0.3 if case == "slow start" else 30)
    closing.append(bot)
    honest = RandomAgent(seed=2)
    rules = hokm.Ruleset.compose("satat", options=SHORT)
    with pytest.raises(AgentFailedError) as caught:
        play_match(rules, [bot, honest, honest, honest], seed=1)
    error = caught.value
    assert (error.reason, error.seat, error.agent) == (reason, 0, bot.name)
    assert what in str(error)
    assert bot._bots == {}  # killed and forgotten: the next message starts a fresh process
    if case == "exits mid-match":
        assert "out of memory, sort of" in str(error)  # the last stderr lines are quoted
    if case == "illegal card":  # the answer quoted as the bot wrote it, JSON like the legal ones (#32)
        assert 'the action {"act": "play", "card": ' in str(error) and "{'act'" not in str(error)
    assert pickle.loads(pickle.dumps(error)).reason == reason


def test_a_command_that_does_not_exist_is_a_crash_naming_it(tmp_path: Path) -> None:
    missing = str(tmp_path / "no-such-bot")
    bot = CommandAgent([missing, "--fast"])
    match = hokm.Ruleset.compose().new_match(seed=1)
    assert match.to_act is not None
    with pytest.raises(AgentFailedError) as caught:
        bot.act(match.observation(match.to_act))
    assert caught.value.reason == "crash" and missing in str(caught.value)
    assert caught.value.agent == f"cmd:{missing} --fast"


def test_a_bot_that_never_reads_its_input_times_out_instead_of_blocking_hokm(
        tmp_path: Path, closing: list[CommandAgent]) -> None:
    hello = json.dumps({"type": "hello", "protocol": PROTOCOL, "name": "deaf", "variants": ["*"]})
    script = tmp_path / "deaf.py"
    script.write_text(f"import time\nprint({hello!r}, flush=True)\ntime.sleep(60)\n", encoding="utf-8")
    bot = CommandAgent([sys.executable, str(script)], time_limit=0.3)
    closing.append(bot)
    match = hokm.Ruleset.compose().new_match(seed=1)
    seat = match.to_act
    assert seat is not None
    bot.start_match(match.observation(seat))
    for _ in range(300):  # far more than a pipe buffer holds: hokm's writes never block
        bot.start_hand(match.observation(seat).hand)
    with pytest.raises(AgentFailedError) as caught:
        bot.act(match.observation(seat))
    assert caught.value.reason == "timeout"


NOISY = """\
import json, sys, time
def send(message):
    sys.stdout.write(json.dumps(message) + "\\n")
    sys.stdout.flush()
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        send({{"type": "hello", "protocol": "hokm-bot/1", "name": "noisy", "variants": ["*"]}})
    elif message["type"] == "act":
        {act}
        send({{"type": "action", "id": message["id"], "index": 0}})
"""


def _first_request(tmp_path: Path, act: str, time_limit: float, closing: list[CommandAgent],
                   notices: int = 0) -> tuple[CommandAgent, Any]:
    """A bot doing ``act`` before its answer, asked for the first decision of a match."""
    script = tmp_path / "noisy.py"
    script.write_text(NOISY.format(act=act), encoding="utf-8")
    bot = CommandAgent([sys.executable, str(script)], time_limit=time_limit, startup_time=30)
    closing.append(bot)
    match = hokm.Ruleset.compose().new_match(seed=1)
    seat = match.to_act
    assert seat is not None
    bot.start_match(match.observation(seat))  # started and greeted outside the time limit
    for _ in range(notices):
        bot.start_hand(match.observation(seat).hand)
    return bot, match.observation(seat)


@pytest.mark.parametrize("log", ["(('x' * 99 + chr(10)) * 84000)", "('x' * (8 << 20))"],
                         ids=["lines", "one-line"])
def test_a_bot_that_logs_megabytes_to_stderr_answers_within_its_time(
        tmp_path: Path, closing: list[CommandAgent], log: str) -> None:
    """hokm drains stderr in chunks as it comes: 8 MiB of logging does not cost the bot its clock (#32)."""
    bot, seen = _first_request(tmp_path, f"sys.stderr.write{log}; sys.stderr.flush()", 2.0, closing)
    action = bot.act(seen)
    assert action in seen.hand.legal_actions
    tail = bot._bots[seen.seat].process.stderr_tail()
    assert tail and all(len(line) <= 1000 for line in tail)  # a bounded tail, whatever the bot wrote


def test_a_line_over_a_mebibyte_is_malformed_at_once(tmp_path: Path, closing: list[CommandAgent]) -> None:
    """Refused as soon as it is too long: not read to its end, nor reported as a timeout (#32)."""
    act = "sys.stdout.write('x' * (4 << 20)); sys.stdout.flush(); time.sleep(60)"
    bot, seen = _first_request(tmp_path, act, 2.0, closing)
    with pytest.raises(AgentFailedError) as caught:
        bot.act(seen)
    assert caught.value.reason == "malformed" and "a line longer than 1,048,576 bytes" in str(caught.value)


class _Pipe:
    """A bot's stdout as the reader thread sees it: ``chunks``, then a wait until ``done`` is set."""

    def __init__(self, chunks: list[bytes]) -> None:
        self.chunks = chunks
        self.sizes: list[int] = []
        self.done = threading.Event()

    def read(self, size: int) -> bytes:
        self.sizes.append(size)
        if self.chunks:
            return self.chunks.pop(0)
        self.done.wait(10)
        return b""


def test_the_reader_takes_chunks_and_reports_a_long_line_before_it_ends() -> None:
    from hokm.agents import _bot_process

    reader = object.__new__(_bot_process.BotProcess)
    reader._lines = queue.Queue()
    answer = b'{"type": "action", "id": 1, "index": 0}\n'
    pipe = _Pipe([answer[:10], answer[10:] + b"x" * 40_000, *[b"x" * 65_536] * 17, b"tail\n", answer])
    thread = threading.Thread(target=reader._read, args=(pipe,), daemon=True)
    thread.start()
    assert reader._lines.get(timeout=5)[0] == answer  # a line in two reads is whole
    assert reader._lines.get(timeout=5)[0] is _bot_process._LONG  # while the bot still writes
    assert not pipe.done.is_set()
    assert reader._lines.get(timeout=5)[0] == answer  # the rest of the long line is skipped
    pipe.done.set()
    assert reader._lines.get(timeout=5)[0] == b""
    thread.join(5)
    assert set(pipe.sizes) == {_bot_process.CHUNK}  # never a byte at a time


def test_the_time_limit_starts_once_the_request_is_written(tmp_path: Path,
                                                           closing: list[CommandAgent]) -> None:
    """Time hokm spends getting the request to a bot busy with earlier notices is not the bot's (#32)."""
    hello = json.dumps({"type": "hello", "protocol": PROTOCOL, "name": "late reader", "variants": ["*"]})
    script = tmp_path / "late.py"
    script.write_text(
        "import json, sys, time\n"
        f"sys.stdin.readline()\nprint({hello!r}, flush=True)\n"
        "time.sleep(0.7)  # busy: hokm's notices fill the pipe and wait\n"
        "for line in sys.stdin:\n"
        "    message = json.loads(line)\n"
        "    if message['type'] == 'act':\n"
        "        time.sleep(0.7)  # its own thinking: within the limit\n"
        "        print(json.dumps({'type': 'action', 'id': message['id'], 'index': 0}), flush=True)\n",
        encoding="utf-8")
    bot = CommandAgent([sys.executable, str(script)], time_limit=1.2)
    closing.append(bot)
    match = hokm.Ruleset.compose().new_match(seed=1)
    seat = match.to_act
    assert seat is not None
    bot.start_match(match.observation(seat))
    for _ in range(300):  # more than a pipe buffer holds: the request waits behind them (1.4 s in all)
        bot.start_hand(match.observation(seat).hand)
    assert bot.act(match.observation(seat)) in match.legal_actions()


def test_close_ends_a_bot_that_ignores_goodbye(tmp_path: Path) -> None:
    hello = json.dumps({"type": "hello", "protocol": PROTOCOL, "name": "stubborn", "variants": ["*"]})
    script = tmp_path / "stubborn.py"
    script.write_text(f"import sys, time\nsys.stdin.readline()\nprint({hello!r}, flush=True)\n"
                      "for line in sys.stdin:\n    pass\ntime.sleep(60)\n", encoding="utf-8")
    bot = CommandAgent([sys.executable, str(script)])
    match = hokm.Ruleset.compose().new_match(seed=1)
    bot.start_match(match.observation(1))
    process = bot._bots[1].process
    states = [process.running]
    bot.close()  # goodbye, a second to exit, then killed
    states.append(process.running)
    assert states == [True, False] and bot._bots == {}
    bot.close()  # again: nothing to do


# Arguments and the message codec ------------------------------------------------------------------


def test_bad_arguments_are_refused_with_specific_errors() -> None:
    with pytest.raises(ArgumentTypeError, match="sequence of strings"):
        CommandAgent("python bot.py")
    with pytest.raises(InvalidArgumentError, match="empty"):
        CommandAgent([])
    with pytest.raises(InvalidArgumentError, match="positive"):
        CommandAgent(EXAMPLE, time_limit=0)
    with pytest.raises(ArgumentTypeError, match="seconds"):
        CommandAgent(EXAMPLE, startup_time="1")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="env"):
        CommandAgent(EXAMPLE, env={"A": 1})  # type: ignore[dict-item]
    match = hokm.Ruleset.compose().new_match(seed=1)
    idle = next(seat for seat in range(4) if seat != match.to_act)
    with pytest.raises(GameStateError, match="not its turn"):
        CommandAgent(EXAMPLE).act(match.observation(idle))


def test_agent_from_spec_splits_a_command_line() -> None:
    agent = agent_from_spec("cmd:python 'my bot.py' --fast", time_limit=2)
    assert isinstance(agent, CommandAgent)
    assert agent.command == ("python", "my bot.py", "--fast") and agent.time_limit == 2.0
    assert agent.name == "cmd:python 'my bot.py' --fast"


def _states() -> st.SearchStrategy[hokm.MatchState]:
    variants = st.sampled_from([(), ("two-player",), ("hidden-trump",), ("bavney",), ("satat",)])

    def walk(choice: tuple[tuple[str, ...], int, list[int]]) -> hokm.MatchState:
        names, seed, picks = choice
        match = hokm.Ruleset.compose(*names).new_match(seed=seed)
        for pick in picks:
            if match.is_over:
                break
            legal = match.legal_actions()
            match = match.apply(legal[pick % len(legal)])
        return match

    return st.tuples(variants, st.integers(0, 1000), st.lists(st.integers(0, 50), max_size=40)).map(walk)


@settings(max_examples=40, deadline=None)
@given(match=_states())
def test_every_legal_action_reads_back_by_its_json_and_by_its_index(match: hokm.MatchState) -> None:
    if match.is_over:
        return
    seat = match.to_act
    assert seat is not None
    request = act_message(9, match.observation(seat), 1.0)
    on_the_wire = json.loads(dumps(request))
    FROM_HOKM.validate(on_the_wire)
    legal = match.legal_actions()
    assert len(on_the_wire["legal_actions"]) == len(legal)
    for index, (action, written) in enumerate(zip(legal, on_the_wire["legal_actions"], strict=True)):
        FROM_BOT.validate({"type": "action", "id": 9, "action": written, "index": index})
        assert read_action({"type": "action", "id": 9, "action": written}, 9, legal, seat) == action
        assert read_action({"type": "action", "id": 9, "index": index}, 9, legal, seat) == action
        assert read_action({"type": "action", "id": 9, "index": index, "action": written}, 9, legal,
                           seat) == action


def test_replies_that_are_not_a_choice_are_faults() -> None:
    match = hokm.Ruleset.compose().new_match(seed=1)
    legal = match.legal_actions()
    seat = match.to_act
    assert seat is not None and len(legal) > 1
    first = {"act": legal[0].tag, "suit": legal[0].suit.value}  # type: ignore[attr-defined]
    cases = [({"type": "action", "id": 1, "index": True}, "malformed"),
             ({"type": "action", "id": 1, "index": 1, "action": first}, "malformed"),  # they disagree
             ({"type": "action", "id": "1", "index": 0}, "malformed"),
             ({"type": "action", "id": 1, "action": "A♠"}, "malformed"),
             ({"type": "action", "id": 1, "action": {"act": "play", "card": "A♠"}}, "illegal"),
             ({"type": "action", "id": 1, "index": -1}, "illegal"),
             ({"type": "hello", "id": 1}, "malformed")]
    for reply, reason in cases:
        with pytest.raises(Fault) as caught:
            read_action(reply, 1, legal, seat)
        assert caught.value.reason == reason, reply


# serve_stdio in process ---------------------------------------------------------------------------


def _conversation(agent: Agent, messages: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    out = io.BytesIO()
    serve_stdio(agent, name="t", stdin=io.BytesIO(b"".join(map(dumps, messages))), stdout=out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_serve_stdio_answers_hello_and_requests_and_stops_at_goodbye() -> None:
    rules = hokm.Ruleset.compose()
    match = rules.new_match(seed=4)
    seat = match.to_act
    assert seat is not None
    hello = {"type": "hello", "protocol": PROTOCOL, "seat": seat, "ruleset": rules.spec}
    replies = _conversation(RandomAgent(seed=1), [
        hello, {"type": "future-notice"}, act_message(1, match.observation(seat), 1.0),
        {"type": "goodbye"}, act_message(2, match.observation(seat), 1.0)])
    assert replies[0] == {"type": "hello", "protocol": PROTOCOL, "name": "t", "variants": ["*"]}
    assert [reply["type"] for reply in replies] == ["hello", "action"]  # nothing after goodbye
    assert read_action(replies[1], 1, match.legal_actions(), seat) in match.legal_actions()


def test_serve_stdio_reports_an_agent_that_raises_and_stops() -> None:
    rules = hokm.Ruleset.compose()
    match = rules.new_match(seed=4)
    seat = match.to_act
    assert seat is not None
    replies = _conversation(hokm.agents.BaseAgent(), [
        {"type": "hello", "protocol": PROTOCOL, "seat": seat, "ruleset": rules.spec},
        act_message(1, match.observation(seat), 1.0), act_message(2, match.observation(seat), 1.0)])
    assert [reply["type"] for reply in replies] == ["hello", "error"]
    assert "must implement act" in replies[1]["message"]
    wrong = _conversation(RandomAgent(), [{"type": "hello", "protocol": "hokm-bot/9", "ruleset": rules.spec}])
    assert wrong[0]["type"] == "error" and "hokm-bot/9" in wrong[0]["message"]


def test_serve_stdio_refuses_rules_it_cannot_build_here() -> None:
    spec = {"format": "hokm-ruleset/1", "variants": [{"name": "standard", "options": {}},
                                                      {"name": "no-such-variant", "options": {}}]}
    hello = {"type": "hello", "protocol": PROTOCOL, "seat": 0, "ruleset": spec}
    replies = _conversation(RandomAgent(), [hello])
    assert [reply["type"] for reply in replies] == ["error"]
    assert "no-such-variant" in replies[0]["message"]


CHATTY = """\
from hokm.agents import RandomAgent, serve_stdio

class Chatty(RandomAgent):
    def act(self, observation):
        print("thinking hard about", observation.hand.hand)
        return super().act(observation)

serve_stdio(Chatty(seed=1))
"""


def test_an_agent_s_prints_do_not_break_the_protocol(tmp_path: Path, closing: list[CommandAgent]) -> None:
    script = tmp_path / "chatty.py"
    script.write_text(CHATTY, encoding="utf-8")
    bot = CommandAgent([sys.executable, str(script)], time_limit=30)
    closing.append(bot)
    rules = hokm.Ruleset.compose(options=SHORT)
    in_process: list[Agent] = [RandomAgent(seed=1) for _ in range(4)]  # one process, one agent per seat
    piped = play_match(rules, [bot] * 4, seed=2)
    assert piped.to_record() == play_match(rules, in_process, seed=2).to_record()


def test_the_schema_is_valid_and_tells_the_directions_apart() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    whole = jsonschema.Draft202012Validator(SCHEMA)
    rules = hokm.Ruleset.compose("two-player")
    match = rules.new_match(seed=3)
    seat = match.to_act
    assert seat is not None
    request = json.loads(dumps(act_message(1, match.observation(seat), 2.0)))
    answer = reply_hello("x")
    later = {"type": "action", "id": 1, "index": 0, "thinking": "fields added later are fine"}
    for message, side in [(request, FROM_HOKM), (answer, FROM_BOT), (later, FROM_BOT),
                          ({"type": "error", "message": "no"}, FROM_BOT), ({"type": "goodbye"}, FROM_HOKM)]:
        side.validate(message)
        whole.validate(message)
    for bad in [{"type": "action", "id": 1}, {"type": "hello", "protocol": "hokm-bot/2", "name": "x",
                                              "variants": []},
                {"type": "action", "id": 1, "action": {"act": "play", "card": "1♠"}}, {"id": 1, "index": 0}]:
        assert not whole.is_valid(bad), bad


def test_the_example_bot_answers_in_the_schema(tmp_path: Path) -> None:
    import subprocess

    rules = hokm.Ruleset.compose()
    match = rules.new_match(seed=8)
    seat = match.to_act
    assert seat is not None
    talk = [{"type": "hello", "protocol": PROTOCOL, "seat": seat, "ruleset": rules.spec, "time_limit": 1.0,
             "startup_time": 1.0}, act_message(1, match.observation(seat), 1.0), {"type": "goodbye"}]
    for random_play in (False, True):
        done = subprocess.run([*EXAMPLE, *(["--random"] if random_play else [])],
                              input=b"".join(map(dumps, talk)), capture_output=True, timeout=60, check=True)
        replies = [json.loads(line) for line in done.stdout.decode().splitlines()]
        assert [reply["type"] for reply in replies] == ["hello", "action"]
        for reply in replies:
            FROM_BOT.validate(reply)
        assert read_action(replies[1], 1, match.legal_actions(), seat) in match.legal_actions()


def test_the_example_bot_is_standard_library_only() -> None:
    source = (ROOT / "examples" / "stdio-bot" / "bot.py").read_text(encoding="utf-8")
    imported = {line.split()[1].split(".")[0] for line in source.splitlines()
                if line.startswith(("import ", "from "))}
    imported |= {name.strip() for line in source.splitlines() if line.startswith("import ")
                 for name in line[len("import "):].split(",")}
    assert "hokm" not in imported and imported <= {"argparse", "json", "random", "sys"}
