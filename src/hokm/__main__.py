"""``python -m hokm``: the same as the ``hokm`` command."""

from __future__ import annotations

import sys

from hokm.cli import main

if __name__ == "__main__":
    sys.exit(main())
