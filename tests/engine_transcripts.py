"""Random hands under random rules and options, written down step by step.

``transcript(number)`` plays hand ``number`` (its rules, stacks, options and
decisions drawn from ``random.Random(number)``), calling what a user may call,
legal or not, and returns every state, view, error and message after every
step as text.  ``tests/data/engine_transcripts.txt`` holds the digests of the
transcripts the engine gave before it was rebuilt over one copy of the rules;
``test_engine_transcripts.py`` checks the engine still gives them.  Run this
module to write that file again (only when a change of behaviour is meant).
"""

from __future__ import annotations

import hashlib
import random
import sys
from fractions import Fraction
from pathlib import Path

from holdem.errors import HoldemError
from holdem.hand import Hand
from holdem.rules import OddChip, Reopening, Rules, ShowdownOrder

HANDS = 3000
DIGESTS = Path(__file__).parent / "data" / "engine_transcripts.txt"


def random_rules(rng: random.Random, players: int) -> Rules:
    small_blind = rng.randint(1, 4)
    big_blind = small_blind * rng.choice((1, 2, 2, 3))
    options: dict[str, object] = {
        "ante": rng.choice((0, 0, 0, 1, small_blind)),
        "odd_chip": rng.choice(list(OddChip)),
        "reopening": rng.choice(list(Reopening)),
        "showdown_order": rng.choice(list(ShowdownOrder)),
        "fold_without_bet": rng.random() < 0.2,
        "all_hands_show": rng.random() < 0.2,
    }
    options["big_blind_ante"] = bool(options["ante"]) and rng.random() < 0.4
    if rng.random() < 0.3:
        options["straddles"] = tuple(
            rng.choice((0, 2 * big_blind * 2**position)) for position in range(rng.randint(1, 3))
        )
        options["voluntary_straddles"] = rng.random() < 0.5
    if rng.random() < 0.25:
        options["runouts"] = rng.randint(2, 3)
        options["runs_by_agreement"] = rng.random() < 0.4
    if rng.random() < 0.3:
        options["rake"] = rng.choice((Fraction(1, 20), Fraction(1, 10), Fraction(3, 100)))
        options["rake_cap"] = rng.choice((None, 1, 3, 50))
        options["no_flop_no_drop"] = rng.random() < 0.5
    kind = rng.choice(("no_limit", "pot_limit", "fixed_limit"))
    if kind == "fixed_limit":
        options["max_bets"] = rng.choice((None, 2, 3, 4))
        options["blind_counts_as_bet"] = rng.random() < 0.7
        options["uncapped_heads_up"] = rng.random() < 0.4
        return Rules.fixed_limit(big_blind, 2 * big_blind, small_blind, big_blind, **options)  # type: ignore[arg-type]
    if rng.random() < 0.2:
        options["min_bet"] = big_blind * rng.randint(1, 3)
    return getattr(Rules, kind)(small_blind, big_blind, **options)  # type: ignore[no-any-return]


def new_hand(rng: random.Random, out: list[str]) -> Hand | None:
    players = rng.randint(2, 10)
    rules = random_rules(rng, players)
    scale = rng.choice((3, 10, 60))
    stacks = [rng.randint(1, scale * rules.big_blind) for _ in range(players)]
    options: dict[str, object] = {"button": rng.randrange(players)}
    if rng.random() < 0.1:
        options["dead_small_blind"] = True
    if rng.random() < 0.1:
        options["posts"] = {rng.randrange(players): (rng.randint(0, 4), rng.randint(0, 2))}
    if rng.random() < 0.1:
        options["manual_showdown"] = True
    if rules.straddles and rules.voluntary_straddles and rng.random() < 0.7:
        options["straddles"] = tuple(rng.choice((0, amount)) for amount in rules.straddles)
    source = rng.random()
    if source < 0.15:
        deck = list(range(52))
        rng.shuffle(deck)
        holes = [(deck[2 * seat], deck[2 * seat + 1]) for seat in range(players)]
        options["hole_cards"] = [None if rng.random() < 0.1 else pair for pair in holes]
        options["board"] = tuple(deck[2 * players : 2 * players + rng.choice((0, 3, 4, 5))])
        out.append(f"known {deck}")
    else:
        options["seed"] = rng.randrange(2**64)
    out.append(f"rules {rules!r} stacks {stacks} options {options}")
    try:
        return Hand(rules, stacks, **options)  # type: ignore[arg-type]
    except (HoldemError, TypeError) as error:
        out.append(f"refused {type(error).__name__}: {error}")
        return None


def state(hand: Hand) -> str:
    views = [hand.view(seat) for seat in range(hand.player_count)]
    return repr((
        hand.actor, hand.legal_actions(), hand.street, hand.boards, hand.stacks, hand.bets, hand.pot_total,
        hand.pots, hand.statuses, hand.is_over, hand.payoffs, hand.rake, hand.showdown_seats, hand.runs_pending,
        hand.cards_needed, hand.history, hand.shown_cards(), views, hand.positions, hand.is_void,
    ))  # fmt: skip


def step(rng: random.Random, hand: Hand, out: list[str]) -> None:
    legal = hand.legal_actions()
    choice = rng.random()
    try:
        if hand.showdown_seats and choice < 0.8:
            seat = rng.choice(hand.showdown_seats)
            out.append(repr(hand.show(seat) if rng.random() < 0.6 else hand.muck(seat)))
        elif hand.runs_pending and choice < 0.8:
            out.append(repr(hand.agree_runs(rng.choice(hand.runs_pending), rng.randint(1, hand.rules.runouts))))
        elif hand.cards_needed and choice < 0.8:
            used = set(hand.board).union(*map(hand.hole_cards, range(hand.player_count)), *hand.boards)
            free = [card for card in range(52) if card not in used]
            out.append(repr(hand.deal_board(rng.sample(free, hand.cards_needed))))
        elif choice < 0.03:
            out.append(repr(hand.misdeal()))
        elif choice < 0.06:
            seat = rng.randrange(hand.player_count)
            pair = hand.hole_cards(seat)
            out.append(repr(hand.replace_exposed(seat, pair[0] if pair else 0, rng.randrange(52))))
        elif choice < 0.1:
            out.append(repr(hand.fold()))
        elif choice < 0.15:
            out.append(repr(hand.check()))
        elif choice < 0.2:
            out.append(repr(hand.call()))
        elif choice < 0.25:
            out.append(repr(hand.all_in()))
        elif choice < 0.3:
            out.append(repr(hand.act(rng.choice(("fold", "check", "call", "raise", "bet 4", "r20", "all-in")))))
        elif choice < 0.35:
            out.append(repr(hand.raise_to(rng.randint(0, 300))))
        elif choice < 0.4 and hand.is_over:
            out.append(repr(hand.show(rng.randrange(hand.player_count))))
        elif legal is not None and legal.min_raise_to is not None and choice < 0.6:
            out.append(repr(hand.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to))))  # type: ignore[arg-type]
        elif legal is not None and legal.fold and choice < 0.7:
            out.append(repr(hand.fold()))
        else:
            out.append(repr(hand.check_or_call()))
    except HoldemError as error:
        out.append(f"error {type(error).__name__}: {error}")


def transcript(number: int) -> str:
    rng = random.Random(number)
    out: list[str] = []
    hand = new_hand(rng, out)
    if hand is None:
        return "\n".join(out)
    for _ in range(200):
        out.append(state(hand))
        if hand.is_over and rng.random() < 0.7:
            break
        step(rng, hand, out)
    copy = hand.copy()
    out.append(repr((copy.history == hand.history, copy.stacks == hand.stacks)))
    return "\n".join(out)


# Rules fields added since the recording, at their defaults: left out of the text so the digests still compare.
NEWER_DEFAULTS = ("button_straddle=0, ", ", call_full_big_blind=False")


def digest(number: int) -> str:
    text = transcript(number)
    for field in NEWER_DEFAULTS:
        text = text.replace(field, "")
    return hashlib.sha256(text.encode()).hexdigest()[:16]


if __name__ == "__main__":
    if len(sys.argv) > 1:
        print(transcript(int(sys.argv[1])))
    else:
        DIGESTS.write_text("".join(f"{digest(number)}\n" for number in range(HANDS)))
