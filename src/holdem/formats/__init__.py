"""Hand history formats: :mod:`holdem.formats.phh` (Poker Hand History) and readable hand logs."""
