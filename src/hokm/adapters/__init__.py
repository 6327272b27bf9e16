"""Adapters to the game-AI frameworks; each module needs its own extra and is imported on its own.

``import hokm`` never imports this package, nor any framework: import the adapter you need
(``hokm.adapters.openspiel`` needs ``pip install "hokm[openspiel]"``).
"""
