# cython: wraparound=True, boundscheck=True
# The lines of a PokerStars hand after its seats (the posts, the streets and
# their decisions, the showdown, the results and the summary), read into the
# hand's ParsedHand: the loop that holdem.formats.pokerstars runs over every
# line, compiled, since a hand has thirty of them.  GGPoker, which prints
# PokerStars' lines, reads its own through action, decision and summary_line.
# Compiler directives are set in setup.py, but for the negative indices and
# the bounds checks that the words of a line need.

import re
from decimal import Decimal

from holdem.formats.parsing import (
    LINE_TOO_LONG,
    Act,
    HandProblem,
    Post,
    PostKind,
    parse_amount,
    parse_hand_cards,
    read_summary_seat,
    read_total_pot,
)

__all__ = [
    "CARDS", "COLLECTED", "DEALT", "INFORMATION", "RETURNED", "STREETS", "action", "decision", "read_lines",
    "summary_line",
]

CARDS = re.compile(r"\[([^\]]*)\]")
_BOARD_WORDS = {"FIRST": 0, "SECOND": 1, "THIRD": 2}
STREETS = {"HOLE CARDS": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
COLLECTED = re.compile(r"(.*) collected (\S+) from (?:main pot|side pot(?:-\d+)?|pot)$")
RETURNED = re.compile(r"Uncalled bet \((\S+)\) returned to (.*)$")
_CASH_OUT = re.compile(r"(.*) cashed out the hand for (\S+)(?: \| Cash Out Fee (\S+))?$")
_BOUNTY = re.compile(r"(.*?) wins (?:the )?(\S+) (?:bounty )?for (?:eliminating|splitting the elimination of) ")
DEALT = re.compile(r"Dealt to (.*?) \[([^\]]*)\](?: \[([^\]]*)\])?$")
# Lines that say something of a player but nothing of the hand's chips or cards.
INFORMATION = re.compile(
    r".*(?: said, \".*\"| is sitting out| sits out| has timed out.*| is disconnected| is connected| has returned"
    r"| joins the table.*| leaves the table| will be allowed to play after the button| was removed from the table.*"
    r"| finished the tournament.*| wins the tournament.*| wins an entry to .*| re-buys and receives .*"
    r"| takes the add-on and receives .*| has \d+ seconds left to act| is feeling .*| seconds left to act"
    r"| has requested TIME| was moved to .*| is moved to .*| wins a .* ticket.*)$"
)
cdef frozenset _PLAYER_INFORMATION = frozenset(
    {"sits out", "is sitting out", "doesn't show hand", "is disconnected", "is connected", "has returned", "timed out"}
)
cdef dict _POSTS = {
    ("small", "blind"): PostKind.SMALL_BLIND,
    ("big", "blind"): PostKind.BIG_BLIND,
    ("the", "ante"): PostKind.ANTE,
    ("straddle",): PostKind.STRADDLE,
}
cdef tuple _LIVE_AND_DEAD = ("small", "&", "big", "blinds")
cdef tuple _RUN_ENDS = ("FLOP", "TURN", "RIVER", "SHOW DOWN")
cdef list _ALL_IN = ["and", "is", "all-in"]
cdef object _ZERO = Decimal(0)
cdef object _match_collected = COLLECTED.match, _match_returned = RETURNED.match, _match_dealt = DEALT.match
cdef object _match_cash_out = _CASH_OUT.match, _match_bounty = _BOUNTY.match, _match_information = INFORMATION.match


def read_lines(parsed, list lines, Py_ssize_t position, Py_ssize_t number, set names, set dealt_in):
    """Read ``lines[position:]`` (the first at line number ``number``) into ``parsed``: the decisions
    and posts, the cards dealt and shown, the results and the summary; return whether the hand
    reached its summary, whether it was cancelled, the uncalled bets returned and the boards by run.

    :raises HandProblem: for a line that is none of a PokerStars hand's.
    """
    cdef int street = 0
    cdef bint in_summary = False, cancelled = False
    cdef dict returned = {}, boards = {}
    cdef dict collected = parsed.collected
    cdef list streets = parsed.streets
    cdef str text, marker, name
    cdef Py_ssize_t index, end
    cdef tuple act
    for index in range(position, len(lines)):
        text = lines[index]
        if text.startswith("*** "):
            end = text.find(" ***", 4)
            marker = text[4:end] if end >= 0 else ""
            if marker == "SUMMARY":
                in_summary = True
            elif marker in STREETS:
                street = STREETS[marker]
                while len(streets) <= street:
                    streets.append([])
            elif not marker.endswith(_RUN_ENDS):  # the runs of the board: their cards are in the summary's boards
                raise HandProblem(f"an unknown section: {text[:80]!r}", number)
        elif in_summary:
            summary_line(parsed, text, number, boards)
        elif (act := action(text, names)) is not None:
            decision(parsed, act[0], act[1], act[2], street, number, dealt_in)
        elif " collected " in text and (found := _match_collected(text)) and found[1] in names:
            name = found[1]
            collected[name] = collected.get(name, _ZERO) + parse_amount(found[2])
        elif text.startswith("Uncalled bet (") and (found := _match_returned(text)) and found[2] in names:
            name = found[2]
            returned[name] = returned.get(name, _ZERO) + parse_amount(found[1])
        elif text.startswith("Dealt to ") and (found := _match_dealt(text)) and found[1] in names:
            cards = found[3] or found[2]
            if cards:
                if parsed.hero is None:
                    parsed.hero = found[1]
                parsed.holes[found[1]] = parse_hand_cards(cards)
            dealt_in.add(found[1])
        elif text == "Hand cancelled":
            cancelled = True
        elif (found := _match_cash_out(text)) and found[1] in names:
            parsed.cash_outs[found[1]] = parse_amount(found[2])
            if found[3]:
                parsed.cash_out_fees[found[1]] = parse_amount(found[3])
        elif (found := _match_bounty(text)) is not None:
            parsed.bounties[found[1]] = parsed.bounties.get(found[1], _ZERO) + parse_amount(found[2])
        elif text == LINE_TOO_LONG:
            raise HandProblem("a line of the hand is too long to be read", number)
        elif text and not _match_information(text):
            raise HandProblem(f"a line that is none of a PokerStars hand's: {text[:80]!r}", number)
        number += 1
    return in_summary, cancelled, returned, boards


cpdef tuple action(str text, set names):
    """The player, verb and remaining words of a decision or post line (``NAME: verb ...``), or ``None``."""
    cdef Py_ssize_t at = text.find(": ")
    cdef str name
    cdef list words
    while at >= 0:
        name = text[:at]
        if name in names:
            words = text[at + 2 :].split(" ")
            return name, words[0], words
        at = text.find(": ", at + 1)
    return None


cpdef decision(parsed, str name, str verb, list words, int street, Py_ssize_t number, set dealt_in):
    """A player's decision, post, show or muck (``words``: what follows ``NAME: ``, ``verb`` first) into ``parsed``."""
    cdef Py_ssize_t size
    cdef list acts
    if words[-1] == "all-in" and words[-3:] == _ALL_IN:
        words = words[:-3]
    size = len(words)
    acts = parsed.streets[street]
    if verb == "folds" and (size == 1 or words[1].startswith("[")):
        acts.append(Act(name, "fold", None, number))
        if size > 1:
            parsed.holes[name] = parse_hand_cards(" ".join(words[1:]).strip("[]"))
    elif verb == "checks" and size == 1:
        acts.append(Act(name, "check", None, number))
    elif verb == "calls" and size == 2:
        acts.append(Act(name, "call", parse_amount(words[1]), number))
    elif verb == "bets" and size == 2:
        acts.append(Act(name, "bet", parse_amount(words[1]), number))
    elif verb == "raises" and size == 4 and words[2] == "to":
        acts.append(Act(name, "raise_to", parse_amount(words[3]), number))
    elif verb == "posts" and street == 0:
        parsed.posts.append(_post(parsed, name, words, number))
    elif verb == "shows" and size >= 2:
        cards = CARDS.match(" ".join(words[1:]))
        if cards is None:
            raise HandProblem(f"a show without cards: {name}", number)
        shown = parse_hand_cards(cards[1])
        if len(shown) == 2:
            parsed.shown[name] = shown
            parsed.holes[name] = shown
        return
    elif verb == "mucks" and size == 2 and words[1] == "hand":
        parsed.mucked.add(name)
        return
    elif " ".join(words) in _PLAYER_INFORMATION or verb == "Pays" or verb == "said,":
        return
    else:
        raise HandProblem(f"a decision that cannot be read: {name}: {' '.join(words)[:80]!r}", number)
    dealt_in.add(name)


cdef object _post(parsed, str name, list words, Py_ssize_t number):
    amount = parse_amount(words[-1])
    cdef tuple kind = tuple(words[1:-1])
    if kind == _LIVE_AND_DEAD:  # the big blind live, the small one dead
        live = min(amount, parsed.big_blind)
        return Post(name, PostKind.LIVE_AND_DEAD, live, amount - live, number)
    post = _POSTS.get(kind)
    if post is None:
        raise HandProblem(f"a post that cannot be read: {name}: {' '.join(words)[:80]!r}", number)
    return Post(name, post, amount, _ZERO, number)


cpdef summary_line(parsed, str text, Py_ssize_t number, dict boards):
    """A line of the summary: the total pot and rake, the boards of each run, the cards shown or mucked."""
    cdef str first
    if text.startswith("Total pot "):
        read_total_pot(parsed, text)
    elif text.startswith("Board ["):
        boards[0] = parse_hand_cards(text[7:-1])
    elif text.startswith("Seat "):
        read_summary_seat(parsed, text)
    elif text.endswith("]") and " Board [" in text:
        first = text.split(" ", 1)[0]
        if first in _BOARD_WORDS:
            boards[_BOARD_WORDS[first]] = parse_hand_cards(text[text.index("[") + 1 : -1])
