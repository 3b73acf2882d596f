"""Straddles named by position whatever the number of players (issue 25, item 4): a button straddle,
``Rules(button_straddle=...)``, and the UTG straddle, ``Rules(straddles=(4,))``.

Seed 004: «Un straddle es una ciega voluntaria antes del reparto, normalmente 2× la BB y suele
venir del jugador UTG.  Algunas salas permiten straddle del botón o "Mississippi straddle" con
órdenes de acción distintos», and «Si hay straddle voluntario (ver abajo), la acción suele empezar
a la izquierda del straddle».  A button straddle is checked against the same straddle written by
position for that one table size (``(0, 0, 0, 4)`` at six), the form that was there before.
"""

from __future__ import annotations

import random

import numpy
import pytest

from holdem import Hand, InvalidHandError, InvalidRulesError, Rules, phh
from holdem.formats.acpc import GameDef
from holdem.agents import CallingStation, ask_straddles
from holdem.schedule import Level
from holdem.table import Table, TableError
from holdem.vector import VectorGame

COUNTS = range(2, 11)
BUTTON = Rules.no_limit(1, 2, button_straddle=4)
FORCED_BUTTON = Rules.no_limit(1, 2, button_straddle=4, voluntary_straddles=False)


def by_position(count, amount=4):
    """The button straddle as the positional tuple of a table of ``count`` players (none heads-up)."""
    return () if count == 2 else (0,) * (count - 3) + (amount,)


def play_randomly(hand, seed):
    """Play ``hand`` to its end with random legal decisions from ``seed``."""
    rng = random.Random(seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        choice = rng.random()
        if legal.min_raise_to is not None and choice < 0.3:
            hand.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to))
        elif legal.check:
            hand.check()
        elif choice < 0.8:
            hand.call()
        else:
            hand.fold()
    return hand


@pytest.mark.parametrize("count", COUNTS)
def test_the_button_straddle_is_the_buttons_at_every_table_size(count):
    # Right: the button's position (the last after the big blind), and none heads-up where the button is the
    # small blind; wrong: the sixth-seat position of (0, 0, 0, 4), which is the button only at six players.
    assert BUTTON.straddles_at(count) == by_position(count)


@pytest.mark.parametrize("count", COUNTS)
def test_a_forced_button_straddle_acts_last_and_the_action_starts_left_of_it(count):
    hand = Hand(FORCED_BUTTON, [100] * count, seed=3)  # the button is the last seat
    if count == 2:  # heads-up: no straddle seat, the button posts the small blind and acts first
        assert hand.straddles == () and hand.bets == (2, 1) and hand.actor == 1
        return
    assert hand.straddles == by_position(count)
    assert hand.bets == (1, 2) + (0,) * (count - 3) + (4,)
    assert hand.actor == 0  # «la acción suele empezar a la izquierda del straddle»: the small blind
    assert hand.legal_actions().min_raise_to == 8  # the straddle is the last full bet
    for _ in range(count - 1):
        hand.call()
    legal = hand.legal_actions()
    assert legal.seat == count - 1 and legal.check and legal.min_raise_to == 8  # the button acts last


@pytest.mark.parametrize("count", COUNTS)
def test_a_button_straddle_plays_as_the_same_straddle_by_position(count):
    positional = Rules.no_limit(1, 2, straddles=by_position(count), voluntary_straddles=False)
    for seed in range(20):
        named = play_randomly(Hand(FORCED_BUTTON, [60] * count, button=seed % count, seed=seed), seed)
        plain = play_randomly(Hand(positional, [60] * count, button=seed % count, seed=seed), seed)
        assert named.history == plain.history and named.payoffs == plain.payoffs


@pytest.mark.parametrize("count", COUNTS)
def test_a_voluntary_button_straddle_is_posted_only_when_chosen(count):
    assert Hand(BUTTON, [100] * count, seed=1).straddles == ()
    chosen = Hand(BUTTON, [100] * count, seed=1, straddles=by_position(count))
    assert chosen.straddles == by_position(count)
    if count > 3:  # the straddle belongs to the button: 4 in the UTG position is refused
        with pytest.raises(InvalidHandError, match=f"at {count} players"):
            Hand(BUTTON, [100] * count, seed=1, straddles=(4,))


def test_with_a_utg_straddle_too_the_button_reraises_it():
    rules = Rules.no_limit(1, 2, straddles=(4,), button_straddle=8, voluntary_straddles=False)
    assert [rules.straddles_at(count) for count in (2, 3, 4, 6)] == [(), (8,), (4, 8), (4, 0, 0, 8)]
    hand = Hand(rules, [100] * 6, seed=1)
    assert hand.bets == (1, 2, 4, 0, 0, 8) and hand.actor == 0 and hand.legal_actions().min_raise_to == 16


@pytest.mark.parametrize("count", range(3, 11))
def test_a_utg_straddle_is_the_seat_after_the_big_blind_at_every_table_size(count):
    hand = Hand(Rules.no_limit(1, 2, straddles=(4,), voluntary_straddles=False), [100] * count, seed=1)
    assert hand.bets[2] == 4 and hand.actor == 3 % count


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"button_straddle": 2}, "button straddle 2 is not above the forced bets before it \\(2\\)"),
        ({"straddles": (4, 8), "button_straddle": 8}, "button straddle 8 is not above the forced bets before it"),
        ({"button_straddle": -4}, "button_straddle"),
    ],
)
def test_a_button_straddle_that_does_not_raise_every_other_is_refused(options, message):
    with pytest.raises(InvalidRulesError, match=message):
        Rules.no_limit(1, 2, **options)


@pytest.mark.parametrize("value", [4.0, True, "4", None])
def test_a_button_straddle_is_an_integer_of_chips(value):
    with pytest.raises(TypeError):
        Rules.no_limit(1, 2, button_straddle=value)


@pytest.mark.parametrize("count", [1, 11, 2.0, "6"])
def test_straddles_at_takes_a_count_of_two_to_ten_players(count):
    with pytest.raises((InvalidRulesError, TypeError)):
        BUTTON.straddles_at(count)
    assert BUTTON.straddles_at(numpy.int64(6)) == (0, 0, 0, 4)


def table_of(rules, count):
    table = Table(rules, seats=count, seed=1)
    for seat, name in enumerate("ABCDEFGHIJ"[:count]):
        table.join(name, seat, 100)
    return table


@pytest.mark.parametrize("count", COUNTS)
def test_at_a_table_the_button_is_offered_the_straddle_and_posts_it(count):
    table = table_of(BUTTON, count)
    button = table.next_deal().button
    name = "ABCDEFGHIJ"[button]
    if count == 2:
        assert table.straddle_offers() == {}
        with pytest.raises(TableError, match="not in a straddle position"):
            table.straddle(name)
        return
    assert table.straddle_offers() == {name: 4}
    assert table.straddle(name) == 4
    hand = table.start_hand()
    assert hand.bets[button] == 4 and hand.straddles == by_position(count)
    assert table.actor == "ABCDEFGHIJ"[(button + 1) % count]  # left of the straddle


@pytest.mark.parametrize("count", COUNTS)
def test_a_forced_button_straddle_at_a_table_follows_the_button(count):
    table = table_of(FORCED_BUTTON, count)
    for _ in range(3):
        button = table.next_deal().button
        hand = table.start_hand()
        assert hand.straddles == by_position(count)
        if count > 2:
            assert hand.bets[button] == 4
        while table.actor is not None:
            table.act(table.actor, "check" if hand.legal_actions().check else "fold")


class Straddler(CallingStation):
    """Calls down and straddles whenever asked, recording the seats it was asked at."""

    def __init__(self, asked):
        self.asked = asked

    def straddle(self, seat, amount):
        self.asked.append((seat, amount))
        return True


@pytest.mark.parametrize("count", COUNTS)
def test_an_agents_straddle_hook_is_asked_at_the_button(count):
    asked = []
    agents = [Straddler(asked) for _ in range(count)]
    assert ask_straddles(agents, BUTTON, button=0) == by_position(count)
    assert asked == ([] if count == 2 else [(0, 4)])
    table = table_of(BUTTON, count)
    names = "ABCDEFGHIJ"[:count]
    asked.clear()
    button = table.next_deal().button
    assert table.play({name: Straddler(asked) for name in names}, hands=1) == []
    assert table.hands[0].hand.straddles == by_position(count)
    assert asked == ([] if count == 2 else [(button, 4)])


@pytest.mark.parametrize("count", COUNTS)
def test_a_vector_game_posts_a_forced_button_straddle_as_hand_does(count):
    game = VectorGame(FORCED_BUTTON, count, 4, stack=50, seed=count)
    expected = Hand(FORCED_BUTTON, [50] * count, button=count - 1, seed=0).bets
    bets = game.observe().bets
    assert [tuple(row) for row in bets.tolist()] == [expected] * 4


def test_a_vector_game_refuses_a_voluntary_button_straddle():
    with pytest.raises(InvalidRulesError, match="voluntary straddles"):
        VectorGame(BUTTON, 6, 2, stack=50)


@pytest.mark.parametrize("count", COUNTS)
def test_phh_writes_a_button_straddle_as_blinds_or_straddles(count):
    hand = play_randomly(Hand(FORCED_BUTTON, [60] * count, seed=count), count)
    text = phh.dumps(hand)
    blinds = [1, 2, *by_position(count)]
    assert f"blinds_or_straddles = {blinds + [0] * (count - len(blinds))}" in text
    again = phh.loads(text).hand
    assert again.history == hand.history and again.straddles == hand.straddles


def test_an_acpc_game_definition_states_the_button_straddle():
    game = GameDef.from_rules(Rules.fixed_limit(2, 4, button_straddle=4, voluntary_straddles=False), 4)
    assert game.blinds == (1, 2, 0, 4) and game.first_players[0] == 1  # the small blind, left of the button


def test_a_blind_level_scales_the_button_straddle():
    assert Level(5, 10).rules(BUTTON).button_straddle == 20
