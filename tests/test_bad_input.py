"""Constructors check every argument when the object is made; icm, generators and decks answer
in bounded time."""

from __future__ import annotations

import math

import numpy
import pytest

from holdem._core import Deck, Rng
from holdem.agents import CallingStation
from holdem.errors import (
    DeckError,
    HoldemError,
    InvalidArrayError,
    InvalidHandError,
    RebuyError,
    RngError,
    TableError,
    TournamentError,
)
from holdem.hand import Hand
from holdem.match import play_match
from holdem.session import play_table
from holdem.rules import Rules
from holdem.table import Table
from holdem.views import position_names
from holdem.tournament import (
    ICM_EXACT_WORK,
    BlindSchedule,
    Level,
    RebuyPolicy,
    Tournament,
    _exact_icm,
    _sampled_icm,
    draw_button,
    draw_seats,
    icm,
)
from holdem.vector import VectorGame

SCHEDULE = BlindSchedule([Level(10, 20)], hands_per_level=10)
NAMES = ["ann", "bob", "cy"]


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: Tournament(NAMES, 1000, SCHEDULE, buy_in=-10), TournamentError),
        (lambda: Tournament(NAMES, 1000, SCHEDULE, buy_in="x"), TypeError),
        (lambda: Tournament(NAMES, 1000, SCHEDULE, buy_in=2.5), TypeError),
        (lambda: Tournament(NAMES, 1.5, SCHEDULE), TypeError),
        (lambda: Tournament(NAMES, 1000, SCHEDULE, payouts=[70, "x"]), TypeError),
        (lambda: Tournament(NAMES, 1000, SCHEDULE, payouts=5), TypeError),
        (lambda: Tournament(NAMES, 1000, SCHEDULE, payouts=[0, 1]), TournamentError),
        (lambda: Tournament(NAMES, 1000, SCHEDULE, rebuys=5), TypeError),
        (lambda: Tournament(NAMES, 1000, "schedule"), TypeError),
        (lambda: Tournament([[1], [2]], 1000, SCHEDULE), TypeError),
        (lambda: Tournament(NAMES, 1000, SCHEDULE, clock="x"), TypeError),
        (lambda: BlindSchedule([Level(10, 20)], hands_per_level=1.5), TypeError),
        (lambda: BlindSchedule([Level(10, 20)], hands_per_level="x"), TypeError),
        (lambda: BlindSchedule([Level(10, 20)], seconds_per_level=math.nan), TournamentError),
        (lambda: BlindSchedule([Level(10, "20")], seconds_per_level=60), TypeError),
        (lambda: BlindSchedule(5, hands_per_level=1), TypeError),
        (lambda: RebuyPolicy(1.5), TypeError),
        (lambda: RebuyPolicy(1, threshold=-1), RebuyError),
        (lambda: RebuyPolicy(1, chips=0), RebuyError),
        (lambda: RebuyPolicy("x"), TypeError),
        (lambda: Table(Rules.no_limit(1, 2), end_time="x"), TypeError),
        (lambda: Table(Rules.no_limit(1, 2), end_time=math.nan), TableError),
        (lambda: Table(Rules.no_limit(1, 2), fee_period="x"), TypeError),
        (lambda: Table(Rules.no_limit(1, 2), fee_period=math.inf), TableError),
        (lambda: Table(Rules.no_limit(1, 2), max_hands=1.5), TypeError),
        (lambda: Table(Rules.no_limit(1, 2), time_fee=2**61), TableError),
        (lambda: Table(Rules.no_limit(1, 2), seats=True), TypeError),
        (lambda: Table(Rules.no_limit(1, 2), clock=5), TypeError),
        (lambda: SCHEDULE.rules(5, Rules.no_limit(1, 2)), TournamentError),
        (lambda: SCHEDULE.rules(-1, Rules.no_limit(1, 2)), TournamentError),
        (lambda: SCHEDULE.rules(0.0, Rules.no_limit(1, 2)), TypeError),
        (lambda: draw_seats(["a", "b"], 5), TypeError),
        (lambda: draw_seats([1, 2], Rng(1)), TypeError),
        (lambda: draw_seats("abc", Rng(1)), TypeError),
        (lambda: draw_button("abc", Rng(1)), TypeError),
        (lambda: draw_button(["a", "b"], None), TypeError),
        (lambda: Tournament("abc", 1000, SCHEDULE), TypeError),
    ],
)
def test_bad_arguments_are_refused_when_the_object_is_made(make, error):
    with pytest.raises(error) as raised:
        make()
    assert isinstance(raised.value, (HoldemError, TypeError))


def test_numpy_integers_are_integers():
    tournament = Tournament(
        NAMES, numpy.int64(1000), SCHEDULE, buy_in=numpy.int32(5), payouts=[numpy.int8(7), 3], seats=numpy.int64(3)
    )
    assert tournament.prize_pool == 15 and type(tournament.prize_pool) is int
    table = Table(Rules.no_limit(1, 2), seats=numpy.uint8(6), max_hands=numpy.int16(3))
    assert (table.seat_count, table.max_hands) == (6, 3)
    assert BlindSchedule([Level(10, 20)], hands_per_level=numpy.int64(3)).hands_per_level == 3
    assert RebuyPolicy(numpy.int64(2), chips=numpy.int64(500)).chips == 500


@pytest.mark.parametrize(
    ("stacks", "payouts", "error"),
    [
        ([100, -1], [1], TournamentError),
        ([100, 2**61], [1], TournamentError),
        ([100, 1.5], [1], TypeError),
        ([100, "x"], [1], TypeError),
        ([100, 100], [math.nan], TournamentError),
        ([100, 100], [math.inf], TournamentError),
        ([100, 100], [1e308, 1e308], TournamentError),
        ([100, 100], [-1], TournamentError),
        ([100] * 1001, [1], TournamentError),
    ],
)
def test_icm_refuses_bad_input(stacks, payouts, error):
    with pytest.raises(error):
        icm(stacks, payouts)


@pytest.mark.parametrize("count", [12, 14, 15])
def test_sampled_icm_agrees_with_the_exact_values(count):
    stacks = [1000 + 317 * player * player for player in range(count)]
    prizes = [100 / (place + 1) for place in range(count)]
    exact = _exact_icm(stacks, prizes)
    sampled = _sampled_icm(stacks, prizes)
    assert sum(sampled) == pytest.approx(sum(prizes))
    bound = 3 * prizes[0] / (2 * math.sqrt(20_000))  # three standard errors at most
    assert max(abs(a - b) for a, b in zip(exact, sampled)) < bound
    assert icm(stacks, prizes) == pytest.approx(exact, rel=1e-12)  # still exact at this size


def test_icm_samples_beyond_the_exact_limit_and_repeats():
    stacks = [1000 + 13 * player for player in range(100)]
    prizes = [100 / (place + 1) for place in range(100)]
    assert len(stacks) * 2 ** len(stacks) > ICM_EXACT_WORK
    equities = icm(stacks, prizes)
    assert equities == icm(stacks, prizes) and sum(equities) == pytest.approx(sum(prizes))
    assert equities[-1] > equities[0]  # the biggest stack is worth the most
    assert icm(stacks, [50, 30]) == pytest.approx(_exact_icm(stacks, [50, 30]), rel=1e-12)  # two places: exact


def test_icm_of_empty_stacks():
    assert icm([], [50, 30]) == []
    assert icm([0, 0], [3, 1]) == [2.0, 2.0]
    assert icm([100, 0, 0], [50, 30, 20]) == pytest.approx([50, 25, 25])


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: Rng(1).below(0), RngError),
        (lambda: Rng(1).below(2**70), RngError),
        (lambda: Rng(1).below(1.5), TypeError),
        (lambda: Rng(1).spawn(2**70), RngError),
        (lambda: Rng(1).spawn(-1), RngError),
        (lambda: Rng(1).sample_cards(2**62, 7), RngError),
        (lambda: Rng(1).sample_cards(10, 2**40), DeckError),
        (lambda: Rng(1).sample_cards(1.5, 7), TypeError),
        (lambda: Deck(1).deal(2**70), DeckError),
        (lambda: Deck(1).deal(1.5), TypeError),
    ],
)
def test_generators_and_decks_refuse_bad_counts(call, error):
    with pytest.raises(error):
        call()


def test_generators_and_decks_take_numpy_integers():
    assert Rng(numpy.int64(5)).below(numpy.int64(52)) == Rng(5).below(52)
    assert Deck(1).deal(numpy.int64(2)) == Deck(1).deal(2)
    assert Rng(3).sample_cards(numpy.int64(4), numpy.uint8(7)).shape == (4, 7)


@pytest.mark.parametrize(
    "make",
    [
        lambda: Hand("nl", [100, 100]),
        lambda: Table("nl"),
        lambda: VectorGame("nl", players=2),
        lambda: play_match([CallingStation(), CallingStation()], 2, rules="nl", workers=1, progress=False),
        lambda: Tournament(NAMES, 1000, SCHEDULE, rules=5),
        lambda: Tournament(NAMES, 1000, SCHEDULE, rules="nl"),
        lambda: Level(1, 2).rules(5),
        lambda: SCHEDULE.rules(0, "nl"),
    ],
)
def test_every_entry_point_checks_its_rules_the_same_way(make):
    """One Rules check (issue: `play_match(rules="nl")` raised AttributeError): a wrong type is a TypeError."""
    with pytest.raises(TypeError, match="expected a Rules"):
        make()


@pytest.mark.parametrize("count", [0, 1, -1, 11, 2**63, 2**64, 10**7])
def test_position_names_take_two_to_ten_players(count):
    with pytest.raises(InvalidHandError, match="2 to 10 players"):
        position_names(count)


@pytest.mark.parametrize("count", [True, 2.0, "6"])
def test_position_names_take_an_integer(count):
    with pytest.raises(TypeError):
        position_names(count)


def test_position_names_take_numpy_integers():
    assert position_names(numpy.int8(3)) == ("SB", "BB", "BTN")


def test_a_ragged_list_of_decisions_is_refused():
    game = VectorGame(Rules.no_limit(1, 2), players=2, tables=3)
    before = game.observe()
    with pytest.raises(InvalidArrayError, match="one integer a table"):
        game.step([1, [1], 1])
    assert (game.observe().bets == before.bets).all()


def _two_player_table() -> Table:
    table = Table(Rules.no_limit(1, 2), seats=6, seed=1)
    table.join("ann", 0, 100)
    table.join("bob", 3, 100)
    return table


@pytest.mark.parametrize(
    "options",
    [
        {"fold_on_error": "no"},
        {"fold_on_error": 1},
        {"go_on": 5},
        {"after_hand": "later"},
        {"go_on": lambda: "no"},
        {"go_on": lambda: None},
    ],
)
def test_play_table_checks_its_options_and_callbacks(options):
    """Issue: fold_on_error="no" played as a flag, a go_on returning "no" as true, go_on=5 refused only when called."""
    table = _two_player_table()
    before = table.stacks(), table.button
    with pytest.raises(TypeError, match="fold_on_error|go_on|after_hand"):
        play_table(table, {"ann": CallingStation(), "bob": CallingStation()}, 3, seed=1, **options)
    assert (table.stacks(), table.button, table.hands) == (*before, ())


def test_play_table_refuses_what_is_not_a_table():
    with pytest.raises(TypeError, match="table: use a Table, got int"):
        play_table(5, {"ann": CallingStation(), "bob": CallingStation()})  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [1.5, True, "1"])
def test_a_seed_that_is_not_an_integer_is_a_type_error(seed):
    table = _two_player_table()
    with pytest.raises(TypeError, match="seed"):
        play_table(table, {"ann": CallingStation(), "bob": CallingStation()}, 3, seed=seed)
    assert table.hands == ()
