"""hokm's Hypothesis entry point, outside the ``hokm`` package so that loading it imports nothing.

Hypothesis runs every ``hypothesis`` entry point when it is imported, in every project where
hokm is installed. This hook does not import hokm: if hokm is already imported, it registers
hokm's types with ``st.from_type`` now; if not, ``import hokm`` registers them later, seeing
that Hypothesis is there (``hokm._hypothesis``). Either way the strategies module
(``hokm.testing.strategies``) is imported only when a registered type is first drawn.
"""

from __future__ import annotations

import sys


def _hypothesis_setup_hook() -> None:
    """Register hokm's types with Hypothesis if hokm is imported; else leave it to ``import hokm``."""
    if "hokm" in sys.modules:
        from hokm._hypothesis import register

        register()
