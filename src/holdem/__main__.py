"""``python -m holdem``: the ``holdem`` command."""

import sys

from holdem.cli import main

sys.exit(main())
