"""Check the installed house rule with hokm's testing kit.

Run it after ``pip install ./examples/hokm-house-rule``.

Exits with status 1 and the failure's message (invariant, variants, seed, actions) if anything breaks.
"""

from __future__ import annotations

import sys

import hokm
from hokm.testing import check_variant

if "seven-of-diamonds" not in hokm.available_variants():
    sys.exit("seven-of-diamonds is not installed: pip install ./examples/hokm-house-rule")
print(hokm.Ruleset.compose("seven-of-diamonds", "satat").describe())  # composed by its entry-point name
report = check_variant("seven-of-diamonds", matches=3, seed=0)  # alone and with every bundled variant
print(report.summary())
