"""The arena behind ``hokm.arena`` and ``hokm.ArenaResult``: scheduling duplicate deals over an
executor, playing a work unit's matches seat by seat, the statistics drawn from the played matches,
and the result that reports them; nothing here is public API.
"""
