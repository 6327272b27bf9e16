"""A hand of play: ``HandState`` and the steps that change a fresh copy of it in place.

Only this package (and the random-play kernel, through ``hokm._hand.kernel_io``) reads
or writes a state's private slots; everything else uses ``HandState``'s public methods.
"""
