import contextlib
import random
from fractions import Fraction

import pytest

from holdem import Rng
from holdem.cards import CARD_NAMES
from holdem.tournament import (
    BlindSchedule,
    Level,
    RebuyError,
    RebuyPolicy,
    Tournament,
    TournamentError,
    draw_button,
    draw_seats,
    icm,
)

SCHEDULE = BlindSchedule([Level(10, 20), Level(20, 40), Level(50, 100, ante=10)], hands_per_level=5)


def fold_around(tournament):
    while tournament.table.hand is not None:
        tournament.act(tournament.table.actor, "check" if tournament.table.hand.legal_actions().check else "fold")


def shove_around(tournament):
    while tournament.table.hand is not None:
        legal = tournament.table.hand.legal_actions()
        if legal.max_raise_to is not None:
            tournament.act(tournament.table.actor, "raise", legal.max_raise_to)
        else:
            tournament.act(tournament.table.actor, "call")


def test_seat_draw_gives_ascending_cards_consecutive_seats_clockwise():
    names = [f"p{number}" for number in range(7)]
    draws = draw_seats(names, Rng(5), first_seat=4, seat_count=9)
    assert [draw.name for draw in draws] == names
    by_card = sorted(draws, key=lambda draw: (draw.card // 4 + 1) % 13)  # ace low
    assert [draw.card for draw in by_card] == [51, 3, 7, 11, 15, 19, 23]  # A, 2 ... 7 of spades
    assert [draw.seat for draw in by_card] == [4, 5, 6, 7, 8, 0, 1]
    assert draws == draw_seats(names, Rng(5), first_seat=4, seat_count=9)
    assert draws != draw_seats(names, Rng(6), first_seat=4, seat_count=9)


def test_high_card_draw_places_the_first_button():
    names = ["ann", "bob", "cy", "dee"]
    winner, cards = draw_button(names, Rng(8))
    assert len(set(cards.values())) == 4
    assert cards[winner] == max(cards.values())
    tournament = Tournament(names, 500, SCHEDULE, seed=8)
    button_winner, _ = tournament.button_draw
    assert tournament.table.next_deal().button == tournament.table.seat_of(button_winner)
    assert {draw.name: draw.seat for draw in tournament.draws} == {
        name: tournament.table.seat_of(name) for name in names
    }


def test_equal_starting_stacks_and_the_first_level():
    tournament = Tournament(["a", "b", "c"], 1500, SCHEDULE, seed=1)
    assert set(tournament.table.stacks().values()) == {1500}
    hand = tournament.start_hand()
    assert (hand.rules.small_blind, hand.rules.big_blind) == (10, 20)


def test_levels_by_hands_apply_from_the_next_hand():
    tournament = Tournament(["a", "b", "c"], 10_000, SCHEDULE, seed=1)
    big_blinds = []
    for _ in range(11):
        big_blinds.append(tournament.start_hand().rules.big_blind)
        fold_around(tournament)
    assert big_blinds == [20] * 5 + [40] * 5 + [100]


def test_a_level_change_during_a_hand_waits_for_the_next_hand():
    now = [0.0]
    schedule = BlindSchedule([Level(10, 20), Level(20, 40)], seconds_per_level=600)
    tournament = Tournament(["a", "b", "c"], 1000, schedule, seed=2, clock=lambda: now[0])
    hand = tournament.start_hand()
    now[0] = 601.0  # the level changes while the hand is played
    assert tournament.level == 1
    tournament.act(tournament.table.actor, "call")
    assert hand.rules.big_blind == 20 and tournament.table.hand is hand
    fold_around(tournament)
    assert tournament.start_hand().rules.big_blind == 40


def test_rebuy_limits():
    policy = RebuyPolicy(until_level=1, threshold=0, max_rebuys=1)
    tournament = Tournament(["a", "b"], 100, SCHEDULE, rebuys=policy, buy_in=10, seed=4)
    with pytest.raises(RebuyError, match="rebuys are allowed at 0 or fewer"):
        tournament.rebuy("a")
    tournament.start_hand()
    shove_around(tournament)
    busted = next(name for name, stack in tournament.table.stacks().items() if stack == 0)
    assert not tournament.places  # still in: may rebuy before the next hand
    tournament.rebuy(busted)
    assert tournament.table.stacks()[busted] == 100
    assert tournament.prize_pool == 30
    with pytest.raises(RebuyError, match="rebuy"):
        tournament.rebuy(busted)
    with pytest.raises(RebuyError, match="not playing"):
        tournament.rebuy("zed")
    for _ in range(5):
        tournament.start_hand()
        fold_around(tournament)
    assert tournament.level == 1
    with pytest.raises(RebuyError, match="period ended"):
        tournament.rebuy(busted)


def test_a_busted_player_who_does_not_rebuy_is_out_at_the_next_hand():
    tournament = Tournament(["a", "b", "c"], 100, SCHEDULE, rebuys=RebuyPolicy(until_level=3), seed=6)
    tournament.start_hand()
    fold_around(tournament)
    tournament.start_hand()
    shove_around(tournament)
    busted = [name for name, stack in tournament.table.stacks().items() if stack == 0]
    assert busted and not tournament.places
    with pytest.raises(TournamentError, match="over") if len(busted) == 2 else contextlib.nullcontext():
        tournament.start_hand()
    assert set(busted) <= set(tournament.places)


def test_two_players_busting_in_the_same_hand_finish_by_starting_stack():
    tournament = Tournament(["A", "B", "C"], 100, SCHEDULE, buy_in=10, payouts=[60, 30, 10], seed=6)
    tournament.start_hand()
    fold_around(tournament)  # the big blind wins the blinds: stacks now differ
    tournament.start_hand()
    last = tournament.table.hands[-1]
    starting = dict(zip(last.names, last.hand.starting_stacks))
    shove_around(tournament)
    assert tournament.is_over
    order = sorted(tournament.places, key=tournament.places.get)
    assert [tournament.places[name] for name in order] == [1, 2, 3]
    assert starting[order[1]] > starting[order[2]]  # both busted in the last hand
    assert tournament.prizes() == {order[0]: 18, order[1]: 9, order[2]: 3}
    with pytest.raises(TournamentError, match="over"):
        tournament.start_hand()


def test_equal_starting_stacks_share_a_place_and_its_prizes():
    for seed in range(50):
        tournament = Tournament(["A", "B", "C"], 100, SCHEDULE, buy_in=10, payouts=[60, 30, 10], seed=seed)
        tournament.start_hand()
        shove_around(tournament)
        if tournament.is_over:
            break
    places = tournament.places
    assert sorted(places.values()) == [1, 2, 2]
    prizes = tournament.prizes()
    assert sorted(prizes.values()) == [Fraction(6), Fraction(6), Fraction(18)]


def test_icm_against_hand_computed_values():
    # Malmuth-Harville by hand: stacks 5/10, 3/10, 2/10 of the chips.
    first = [Fraction(5, 10), Fraction(3, 10), Fraction(2, 10)]
    second = [
        Fraction(3, 10) * Fraction(5, 7) + Fraction(2, 10) * Fraction(5, 8),
        Fraction(5, 10) * Fraction(3, 5) + Fraction(2, 10) * Fraction(3, 8),
        Fraction(5, 10) * Fraction(2, 5) + Fraction(3, 10) * Fraction(2, 7),
    ]
    third = [1 - a - b for a, b in zip(first, second)]
    expected = [50 * a + 30 * b + 20 * c for a, b, c in zip(first, second, third)]
    assert icm([5000, 3000, 2000], [50, 30, 20]) == pytest.approx([float(value) for value in expected])
    assert expected[0] == Fraction(1075, 28)


def test_icm_properties():
    assert icm([1000, 1000, 1000], [50, 30, 20]) == pytest.approx([100 / 3] * 3)
    assert icm([100], [70, 30]) == [70.0]
    assert icm([300, 100], [100]) == pytest.approx([75, 25])
    equities = icm([4000, 2500, 2500, 1000], [50, 30, 20])
    assert sum(equities) == pytest.approx(100)
    assert equities[1] == pytest.approx(equities[2])
    assert equities[0] < 40  # below the chip share: ICM pulls big stacks toward the average


def test_tournament_icm_splits_the_remaining_prizes():
    tournament = Tournament(["a", "b", "c", "d"], 1000, SCHEDULE, buy_in=25, payouts=[50, 30, 20], seed=3)
    equities = tournament.icm()
    assert set(equities) == {"a", "b", "c", "d"}
    assert equities["a"] == pytest.approx(25)


def test_bad_input():
    with pytest.raises(TournamentError):
        BlindSchedule([], hands_per_level=5)
    with pytest.raises(TournamentError):
        BlindSchedule([Level(10, 20)], hands_per_level=5, seconds_per_level=60)
    with pytest.raises(TournamentError):
        BlindSchedule([Level(10, 20)])
    with pytest.raises(TournamentError):
        BlindSchedule([Level(10, 20)], hands_per_level=0)
    with pytest.raises(TournamentError):
        Tournament(["a"], 100, SCHEDULE)
    with pytest.raises(TournamentError):
        Tournament(["a", "a"], 100, SCHEDULE)
    with pytest.raises(TournamentError):
        Tournament(["a", "b"], 0, SCHEDULE)
    with pytest.raises(TournamentError):
        Tournament(["a", "b"], 100, SCHEDULE, payouts=[])
    with pytest.raises(TournamentError):
        icm([100, -1], [1])
    with pytest.raises(TournamentError):
        draw_seats(["a", "b"], Rng(1), first_seat=10)


@pytest.mark.parametrize("seed", range(12))
def test_random_tournaments_run_to_one_winner_with_chips_conserved(seed):
    chooser = random.Random(seed)
    count = chooser.randint(2, 9)
    policy = RebuyPolicy(until_level=2, threshold=chooser.choice([0, 50]), max_rebuys=2, chips=80)
    tournament = Tournament(
        [f"p{number}" for number in range(count)], 100, SCHEDULE, rebuys=policy,
        payouts=[5, 3, 2], button_rule=chooser.choice(["dead", "moving"]), seed=seed,
    )
    rebuys = 0
    while not tournament.is_over:
        for name, stack in tournament.table.stacks().items():
            if stack <= policy.threshold and chooser.random() < 0.5:
                try:
                    tournament.rebuy(name)
                    rebuys += 1
                except RebuyError:
                    pass
        try:
            tournament.start_hand()
        except TournamentError:
            break
        while tournament.table.hand is not None:
            legal = tournament.table.hand.legal_actions()
            kind = chooser.choice(legal.kinds)
            amount = legal.max_raise_to if kind in ("bet", "raise") else None
            tournament.act(tournament.table.actor, kind, amount)
        assert sum(tournament.table.stacks().values()) == 100 * count + 80 * rebuys
    assert tournament.is_over
    places = tournament.places
    assert len(places) == count and list(places.values())[0] == 1
    assert sum(tournament.prizes().values()) == tournament.prize_pool


def test_the_seat_draw_command_takes_the_table_and_the_seat_of_the_lowest_card(capsys):
    from holdem.cli import main

    assert main(["seat-draw", "ann", "bob", "cy", "--seed", "4", "--seats", "6", "--first-seat", "5"]) in (0, None)
    lines = capsys.readouterr().out.splitlines()
    seats = {line.split()[2]: int(line.rsplit(" ", 1)[1]) for line in lines[:3]}
    assert seats == {"As:": 5, "2s:": 6, "3s:": 1}  # clockwise from seat 5 of 6, numbered from 1
    # the command counts seats from 1, the API from 0: the same draw
    draws = draw_seats(["ann", "bob", "cy"], Rng(4).spawn(2)[0], first_seat=4, seat_count=6)
    assert {CARD_NAMES[draw.card] + ":": draw.seat + 1 for draw in draws} == seats
    for argv, message in ((["--first-seat", "7", "--seats", "6"], "--first-seat 7: the seats are 1 to 6"),
                          (["--first-seat", "0"], "give a whole number of 1 or more"),
                          (["--seats", "11"], "a table seats 2 to 10")):  # fmt: skip
        try:
            status = main(["seat-draw", "ann", "bob", *argv])
        except SystemExit as exit:  # argparse refuses its own
            status = exit.code
        assert status == 2 and message in capsys.readouterr().err


def test_a_level_the_rules_cannot_be_played_at_is_refused_when_the_table_is_made():
    from holdem import InvalidRulesError, Rules, Table

    schedule = BlindSchedule([Level(1, 2), Level(1, 1)], hands_per_level=1)
    # Right: refused now; wrong: accepted, and the second hand refused (a straddle of 3 at a big blind of 1
    # scales to 1, not above the big blind).
    with pytest.raises(InvalidRulesError, match="straddle"):
        Table(Rules.no_limit(1, 2, straddles=(3,)), schedule=schedule)
    with pytest.raises(InvalidRulesError):
        Level(3, 2)
    with pytest.raises(TypeError):
        Level(1, 2.0)


def test_a_tournament_holds_at_most_the_chips_a_hand_deals_and_a_rebuy_past_them_is_a_rebuy_error():
    with pytest.raises(TournamentError, match="2\\*\\*60"):
        Tournament(["a", "b", "c"], 2**59, SCHEDULE)
    tournament = Tournament(["a", "b"], 2**59, SCHEDULE, rebuys=RebuyPolicy(until_level=2, threshold=2**59), seed=1)
    before = tournament.table.stacks(), tournament.prize_pool
    with pytest.raises(RebuyError, match="2\\*\\*60"):
        tournament.rebuy("a")
    assert (tournament.table.stacks(), tournament.prize_pool) == before
