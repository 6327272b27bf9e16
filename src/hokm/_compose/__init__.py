"""Composing a ruleset: its hooks read once through pluggy, into tables and plain call chains.

``Ruleset.compose()`` builds one ``hokm._compose.engine.Engine`` from the plugins. A hook
implementation that takes no argument is asked once; one that takes only small fixed-range
values is tabulated; one that takes the hand becomes a call chain, asked per event inside
its window. Nothing here knows a variant: the engine reads what the signatures declare. What a
legality hook reads of those tables on a turn, ``PlayContext``, is defined here too (``play_context``),
among the compiled modules.
"""
