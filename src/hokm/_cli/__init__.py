"""The private parts of the ``hokm`` command: the arena and record commands, the options table
``hokm options`` prints, and the helpers every command shares (option parsing, argument types,
progress bars, worker pools, variant lookup). ``hokm.cli`` imports them and stays the entry point;
nothing here imports ``hokm.cli``.
"""
