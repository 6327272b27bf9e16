"""A minimal hokm bot over stdio (protocol hokm-bot/1), standard library only.

hokm writes one JSON object per line to this program's stdin and reads one per
line from its stdout. The bot answers the handshake ("hello") and every request
("act"), and ignores the notices (match, hand, event). It plays the first legal
action, or with --random a random one (--seed N to repeat a game).

    hokm arena --agent "cmd:python examples/stdio-bot/bot.py" --agent random
"""

import argparse
import json
import random
import sys


def send(message):
    # One line per message; flush, or hokm waits for an answer still in our buffer.
    sys.stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", action="store_true", help="play a random legal action")
    parser.add_argument("--seed", type=int, default=None, help="seed of the random choices")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            # Any ruleset will do: the legal actions come with every request.
            send({"type": "hello", "protocol": "hokm-bot/1", "name": "example-bot", "variants": ["*"]})
        elif kind == "act":
            legal = message["legal_actions"]
            if args.random:
                send({"type": "action", "id": message["id"], "index": rng.randrange(len(legal))})
            else:
                send({"type": "action", "id": message["id"], "action": legal[0]})
        elif kind == "goodbye":
            break
        # "match", "hand", "event" and any notice a later protocol adds: nothing to do.


if __name__ == "__main__":
    sys.stdin.reconfigure(encoding="utf-8")
    sys.stdout.reconfigure(encoding="utf-8")
    main()
