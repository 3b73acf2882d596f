"""PokerStars hand histories (2005 to today): cash, Zoom, home games and tournaments.

Each hand's text is read straight into the form of a hand that
:mod:`holdem.formats.histories` replays and checks (:func:`parse` gives it as a
:class:`~holdem.formats.histories.ParsedHand`); read them with
:func:`holdem.read_histories`.  The lines a hand may hold: the header (``PokerStars
Hand #``, ``PokerStars Game #`` before 2009, ``PokerStars Zoom Hand #``,
``PokerStars Home Game Hand #``; a table of mixed games prints the game with
the stakes, ``(Hold'em No Limit, $0.10/$0.25 USD)``; ``6+ Hold'em`` and
``Split Hold'em`` are not Texas hold'em, and a table whose stakes name a
``Cap`` on each player's bets is a game holdem does not play), the table and
its button, the seats, the posts (``posts small & big blinds`` is a live big
blind and a dead small one; a small blind posted out of position is dead;
in fixed limit the small blind is about half the small bet, rounded down,
as posted), the streets and their decisions (``and is all-in``; ``folds
[CARDS]`` when a folding player shows their cards, or one of them, which
says nothing of the hand; ``Betting is capped`` once a fixed-limit street
has its most bets), ``Uncalled bet (...) returned`` (absent before 2009:
the collected amounts leave it out), the showdown, ``collected ... from
side pot-2``, runs of the board (``FIRST FLOP``, ``SECOND Board``),
bounties, cash-outs (kept apart from the pot results), chat, and the
comings and goings of players (one sitting out whose posts put them all in
is still shown folding, a fold read as their muck at the showdown).
``Hand cancelled`` hands are skipped.  A hand cut short where another
hand's first line starts inside one of its lines (two files joined) is
reported as cut short there.

Rooms on PokerStars' software write the same hands under their own title,
each read as a site of its own: ``Full Tilt Hand #`` and ``Full Tilt Rush
Hand #`` (Full Tilt from 2016; its earlier format is
:mod:`holdem.formats.fulltilt`'s), ``Run It Once Poker Hand #``,
``PokerMaster Hand #`` and ``PokerBros Hand #``.  Run It Once prints ``Table
ID 'NAME' 6-Max``, the time without seconds (not read: its hands have no
time), the owner's seat with ``[hero]`` after it, ``*** SHOWDOWN ***``, a show
there without the colon after the name (``NAME shows [CARDS] for ...``), no
uncalled bet when the big blind takes the blinds (its excess is in the
collected amount and the total pot), and ``STP added: AMOUNT`` where the room
adds money to the pot (Splash the Pot), a game holdem does not play.
PokerMaster's amounts may be yuan (``¥2``, ``CNY``), and it prints a straddle
as a big blind above the table's.  A player all in by their posts while
sitting out who is shown folding, in a hand that ends before the flop, lost
their chips without a showdown (Full Tilt's): a problem.

>>> header = "PokerStars Hand #7: Tournament #9, $1+$0.10 USD Hold'em No Limit - Level I (10/20) - 2024/01/02 3:04:05 ET"
>>> hand = parse([header, "Table '9 1' 9-max Seat #1 is the button",
...               "Seat 1: Ann (1500 in chips)", "Seat 2: Bob (1500 in chips)",
...               "Ann: posts small blind 10", "Bob: posts big blind 20", "*** HOLE CARDS ***", "Ann: folds",
...               "Uncalled bet (10) returned to Bob", "Bob collected 20 from pot", "*** SUMMARY ***",
...               "Total pot 20 | Rake 0"], 1)
>>> hand.tournament, hand.small_blind, hand.big_blind, hand.currency, [act.verb for act in hand.streets[0]]
('9', Decimal('10'), Decimal('20'), None, ['fold'])
"""

from __future__ import annotations

import functools

from holdem.formats._pokerstars import TITLES, parse, read
from holdem.formats.parsing import Site, register

__all__ = ["ROOMS", "SITE", "parse"]

SITE_NAME = TITLES[0][0]

ROOMS = tuple(
    register(Site(name, tuple(f"{title}{kind} #" for kind in kinds), functools.partial(read, site=name), spans=True))
    for name, title, kinds in TITLES[1:]
)
"""The readers of the rooms on PokerStars' software, registered with :mod:`holdem.formats.histories`."""
SITE = register(Site(SITE_NAME, (TITLES[0][1],), read, spans=True))  # after the rooms': the first tried
"""The PokerStars reader, registered with :mod:`holdem.formats.histories`."""
