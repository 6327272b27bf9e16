"""The random-play kernel: hands played to their end with uniformly random legal actions.

``playout`` drives a hand through its moments; ``tricks`` is the one card loop; ``plan``
is what the loop reads of a composed ruleset. Nothing here knows a variant: the plan
comes from the engine's tables, and where a hook must see the hand the loop hands the
state back to its own steps (``hokm._hand.kernel_io``).
"""
