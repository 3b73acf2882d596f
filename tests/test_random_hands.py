"""Replay the PokerKit-decided random hands of the shared data through the Hand API."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from holdem.cards import parse_cards
from holdem.hand import Hand
from holdem.rules import OddChip, Rules

DATA = Path(__file__).parent / "data" / "random-hands"
HANDS = [json.loads(line) for path in sorted(DATA.glob("*.jsonl")) for line in path.read_text().splitlines() if line]


def rules_for(record: dict) -> Rules:
    """The rules of a corpus hand (PHH conventions, PokerKit's odd-chip rule)."""
    small_blind, big_blind = record["blinds_or_straddles"][:2]
    antes = record["antes"]
    options = {
        "ante": max(antes),
        "big_blind_ante": record["ante_kind"] == "bb",
        "odd_chip": OddChip.POKERKIT,
        "straddles": tuple(record["blinds_or_straddles"][2:]) if any(record["blinds_or_straddles"][2:]) else (),
        "voluntary_straddles": False,
    }
    if record["variant"] == "FT":
        return Rules.fixed_limit(
            record["small_bet"], record["big_bet"], small_blind, big_blind, **options
        )
    return Rules.no_limit(small_blind, big_blind, min_bet=record["min_bet"], **options)


def replay(record: dict, rules: Rules) -> Hand:
    """Play a corpus hand's actions; dealing actions are checked against the hand's own cards."""
    count = record["player_count"]
    hand = Hand(rules, record["starting_stacks"], button=count - 1, deck=record["deck"])
    board: tuple[int, ...] = ()
    for line in record["actions"]:
        actor, verb, *rest = line.split()
        if actor == "d":
            cards = parse_cards(rest[-1])
            if verb == "dh":
                assert hand.hole_cards(int(rest[0][1:]) - 1) == cards, line
            else:
                board += cards
                assert hand.board[: len(board)] == board, line
            continue
        seat = int(actor[1:]) - 1
        if verb == "sm":
            continue
        assert hand.actor == seat, (line, hand)
        if verb == "f":
            hand.fold()
        elif verb == "cc":
            hand.check_or_call()
        else:
            assert verb == "cbr", line
            hand.raise_to(int(rest[0]))
    return hand


def test_corpus_is_there():
    assert len(HANDS) >= 100


@pytest.mark.parametrize("record", HANDS, ids=[record["id"] for record in HANDS])
def test_random_hand_finishing_stacks(record):
    hand = replay(record, rules_for(record))
    assert hand.is_over
    assert list(hand.stacks) == record["finishing_stacks"]
    assert list(hand.payoffs) == record["payoffs"]
    assert format_board(hand) == record["board"] or not record["features"]["showdown"]


def format_board(hand: Hand) -> str:
    from holdem.cards import format_cards

    return format_cards(hand.board)
