"""The variants that ship with hokm: one module each, found through the ``hokm.variants`` entry points.

Compose them by name; nothing needs importing, and importing this package imports no variant:

>>> import hokm
>>> sorted(name for name, target in hokm.available_variants().items()
...        if target.startswith("hokm_variants."))  # doctest: +NORMALIZE_WHITESPACE
['bavney', 'be-ranga', 'clockwise', 'court-piece', 'double-sar', 'hidden-trump', 'obligatory-trump',
 'redeal', 'satat', 'three-player', 'troefcall', 'two-player']

Each module (``hokm_variants.satat`` for ``satat``, and so on) imports only hokm's public API, so
it doubles as a template for a variant of your own; publish yours under a name of its own, such as
``hokm_must_beat``.
"""
