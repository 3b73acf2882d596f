import io
import random

import pytest

import holdem
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem import ActionKind, IllegalActionError, InvalidHistoryError, Rules, phh
from holdem.table import BuyInError, Deal, SeatError, Table, TableError
from holdem.seating import Debt


def table_of(stacks, rule="dead", seats=None, **options):
    table = Table(Rules.no_limit(1, 2), seats=seats or len(stacks), button_rule=rule, seed=0, **options)
    for seat, (name, stack) in enumerate(zip("ABCDEFGHIJ", stacks)):
        if stack:
            table.join(name, seat, stack)
    return table


def play_passively(table):
    while table.hand is not None:
        table.act(table.actor, "check" if table.hand.legal_actions().check else "call")


def fold_around(table):
    while table.hand is not None:
        table.act(table.actor, "fold" if table.hand.legal_actions().fold else "check")


def blind_posters(table_hand, kind=ActionKind.POST_BLIND):
    """The table seats that posted a blind (or a dead blind), with the amounts (a seat's posts added up)."""
    posted = {}
    for action in table_hand.hand.history:
        if action.kind is kind:
            seat = table_hand.deal.seats[action.seat]
            posted[seat] = posted.get(seat, 0) + action.amount
    return posted


def snapshot(table):
    hand = table.hand
    return (
        table.players(),
        table.stacks(),
        table.results(),
        len(table.hands),
        None if hand is None else hand.history,
    )


def test_button_moves_one_seat_clockwise_skipping_empty_seats():
    table = table_of([100, 0, 100, 0, 100], seats=6)
    buttons = []
    for _ in range(4):
        table.start_hand()
        buttons.append(table.button)
        fold_around(table)
    assert buttons == [0, 2, 4, 0]


def test_stacks_carry_from_hand_to_hand():
    table = table_of([100, 100, 100])
    table.start_hand()
    play_passively(table)
    after_first = table.stacks()
    hand = table.start_hand()
    assert hand.starting_stacks == tuple(after_first.values())
    assert sum(after_first.values()) == 300


def test_dead_button_after_the_big_blind_busts():
    table = table_of([100, 100, 2, 100])
    table.start_hand()
    assert table.hands[-1].deal == Deal(0, 1, 2, (0, 1, 2, 3))
    play_passively(table)
    assert table.stacks()["C"] == 0

    # The big blind moves on to D; C's seat would post the small blind: dead.
    table.start_hand()
    assert table.hands[-1].deal == Deal(1, None, 3, (0, 1, 3))
    assert blind_posters(table.hands[-1]) == {3: 2}
    assert table.actor == "A"
    table.act("A", "call"), table.act("B", "call"), table.act("D", "check")
    order = []  # after the flop the big blind acts first, the button last
    while table.hand.street == 1:
        order.append(table.actor)
        table.act(table.actor, "check")
    assert order == ["D", "A", "B"]
    fold_around(table)

    # Next, the button falls on C's empty seat: a dead button.
    table.start_hand()
    second = table.hands[-1]
    assert second.deal == Deal(2, 3, 0, (0, 1, 3))
    assert blind_posters(second) == {3: 1, 0: 2}
    assert second.hand.button == second.deal.seats.index(1)  # B, right of the dead button, acts last
    fold_around(table)

    table.start_hand()
    assert table.hands[-1].deal == Deal(3, 0, 1, (0, 1, 3))


def test_moving_button_after_the_big_blind_busts():
    table = table_of([100, 100, 2, 100], rule="moving")
    table.start_hand()
    play_passively(table)
    table.start_hand()
    assert table.hands[-1].deal == Deal(1, 3, 0, (0, 1, 3))
    assert blind_posters(table.hands[-1]) == {3: 1, 0: 2}


def test_dead_button_after_the_small_blind_leaves():
    table = table_of([100, 100, 100, 100])
    table.start_hand()
    fold_around(table)
    table.leave("B")
    table.start_hand()
    assert table.hands[-1].deal == Deal(1, 2, 3, (0, 2, 3))
    assert table.hands[-1].hand.button == 0


@pytest.mark.parametrize("rule", ["dead", "moving"])
@pytest.mark.parametrize("leaving", ["A", "C"])
def test_heads_up_transition_the_button_posts_the_small_blind(rule, leaving):
    table = table_of([100, 100, 100], rule=rule)
    table.start_hand()
    fold_around(table)
    posted_big_blind = {name for name, seat in (("B", 1), ("C", 2)) if blind_posters(table.hands[-1])[seat] == 2}
    table.leave(leaving)
    for _ in range(4):
        table.start_hand()
        table_hand = table.hands[-1]
        deal = table_hand.deal
        assert len(deal.seats) == 2
        assert deal.small_blind == deal.button
        assert blind_posters(table_hand) == {deal.button: 1, deal.big_blind: 2}
        assert table.actor == table.players()[deal.button]  # the button acts first preflop
        big_blind = table.players()[deal.big_blind]
        assert big_blind not in posted_big_blind  # no one posts the big blind twice in a row
        posted_big_blind = {big_blind}
        fold_around(table)


def test_missed_blinds_when_sitting_out_across_the_blinds():
    table = table_of([100, 100, 100, 100, 100])
    table.start_hand()  # button A, blinds B and C
    fold_around(table)
    table.sit_out("E")
    table.start_hand()  # button B, blinds C and D
    fold_around(table)
    assert table.missed_blinds("E") == (False, False)
    table.start_hand()  # the big blind passes E's seat to A
    assert table.hands[-1].deal == Deal(2, 3, 0, (0, 1, 2, 3))
    assert table.missed_blinds("E") == (False, True)
    fold_around(table)
    table.start_hand()  # and then the small blind
    assert table.missed_blinds("E") == (True, True)
    fold_around(table)

    table.come_back("E")
    assert table.is_waiting("E")
    dealt = []
    while True:
        table.start_hand()
        deal = table.hands[-1].deal
        dealt.append(4 in deal.seats)
        fold_around(table)
        if deal.big_blind == 4:
            break
    assert dealt == [False, False, True]  # E waits for the big blind, then posts it
    assert blind_posters(table.hands[-1])[4] == 2
    assert table.missed_blinds("E") == (False, False) and not table.is_waiting("E")


def sit_out_across_the_blinds(table, name):
    table.sit_out(name)
    while table.missed_blinds(name) != (True, True):
        table.start_hand()
        fold_around(table)


def test_coming_back_posting_the_missed_blinds_plays_at_once():
    table = table_of([100, 100, 100, 100, 100])
    table.start_hand()
    fold_around(table)
    sit_out_across_the_blinds(table, "E")
    table.come_back("E", post=True)
    assert not table.is_waiting("E")
    deal = table.next_deal()
    assert 4 in deal.seats and deal.posts == {4: (2, 1)} and 4 not in (deal.small_blind, deal.big_blind)
    table.start_hand()
    table_hand = table.hands[-1]
    assert blind_posters(table_hand)[4] == 2 and blind_posters(table_hand, ActionKind.POST_DEAD) == {4: 1}
    assert table.missed_blinds("E") == (False, False)
    hand = table.hand
    assert hand.pot_total == 1 and hand.bets[table_hand.deal.seats.index(4)] == 2
    play_passively(table)
    assert sum(table.stacks().values()) == 500
    table.start_hand()
    assert table.hands[-1].deal.posts == {}  # paid once


@pytest.mark.parametrize(
    "small, big, posts",
    [("dead", "live", (2, 1)), ("none", "live", (2, 0)), ("live", "dead", (1, 2)), ("none", "none", None)],
)
def test_what_a_returning_player_owes_is_configurable(small, big, posts):
    table = table_of([100] * 5, missed_small_blind=small, missed_big_blind=big)
    table.start_hand()
    fold_around(table)
    sit_out_across_the_blinds(table, "E")
    table.come_back("E", post=True)
    deal = table.next_deal()
    assert 4 in deal.seats and deal.posts.get(4) == posts


def test_a_new_player_posts_the_big_blind_to_play_at_once():
    table = table_of([100, 0, 100, 0, 100], seats=5)
    table.start_hand()  # button 0, blinds 2 and 4
    fold_around(table)
    table.join("Z", 1, 100, post=True)
    assert not table.is_waiting("Z")
    table.start_hand()  # button 2, blinds 4 and 0: Z posts between the big blind and the button
    table_hand = table.hands[-1]
    assert table_hand.deal == Deal(2, 4, 0, (0, 1, 2, 4), {1: (2, 0)})
    assert blind_posters(table_hand) == {4: 1, 0: 2, 1: 2}
    assert table.actor == "Z" and table.hand.legal_actions().check  # first to act, the post already in
    fold_around(table)
    table.start_hand()
    assert table.hands[-1].deal == Deal(4, 0, 1, (0, 1, 2, 4))


def test_a_poster_in_a_blind_posts_only_that_blind():
    table = table_of([100, 100, 100, 100], rule="moving")
    table.start_hand()  # button A, blinds B and C
    fold_around(table)
    table.leave("D")
    table.join("Z", 3, 100, post=True)  # the big blind reaches seat 3 next
    deal = table.next_deal()
    assert deal == Deal(1, 2, 3, (0, 1, 2, 3))
    table.start_hand()
    assert blind_posters(table.hands[-1]) == {2: 1, 3: 2}


def test_sitting_out_without_missing_a_blind_plays_at_once():
    table = table_of([100, 100, 100, 100])
    table.start_hand()  # button A, blinds B and C, D under the gun
    fold_around(table)
    table.sit_out("A")
    table.start_hand()  # button B, blinds C and D: A is not passed by a blind
    fold_around(table)
    table.come_back("A")
    assert not table.is_waiting("A")
    table.start_hand()
    assert table.hands[-1].deal == Deal(2, 3, 0, (0, 1, 2, 3))


def test_new_player_waits_for_the_big_blind():
    table = table_of([100, 0, 100, 0, 100], seats=5)
    table.start_hand()  # button 0, blinds 2 and 4
    fold_around(table)
    table.join("Z", 1, 100)
    assert table.is_waiting("Z")
    table.start_hand()  # button 2, blinds 4 and 0: Z sits between button and blinds
    assert 1 not in table.hands[-1].deal.seats
    fold_around(table)
    table.start_hand()
    assert table.hands[-1].deal == Deal(4, 0, 1, (0, 1, 2, 4))


def test_players_joining_before_the_first_hand_play_at_once():
    table = Table(Rules.no_limit(1, 2), seats=3, seed=0)
    table.join("A", 0, 50)
    table.join("B", 2, 50)
    table.place_button(2)
    table.start_hand()
    assert table.hands[-1].deal == Deal(2, 2, 0, (0, 2))


def test_heads_up_with_everyone_else_waiting_deals_everyone_in():
    table = table_of([100, 100, 100])
    table.start_hand()
    fold_around(table)
    table.sit_out("A")
    table.sit_out("B")
    with pytest.raises(TableError, match="1 player"):
        table.start_hand()
    table.come_back("A")
    table.come_back("B")
    table.start_hand()
    assert table.hands[-1].deal.seats == (0, 1, 2)


def test_session_ends_after_a_hand_count():
    table = table_of([100, 100], max_hands=2)
    for _ in range(2):
        table.start_hand()
        fold_around(table)
    assert table.is_over
    with pytest.raises(TableError, match="session is over"):
        table.start_hand()


def test_session_ends_at_a_set_time_and_time_fees_are_charged_per_period():
    now = [0.0]
    table = table_of([100, 100, 100], end_time=3600, time_fee=3, fee_period=1800, clock=lambda: now[0])
    table.start_hand()
    fold_around(table)
    assert table.fees == 9
    now[0] = 1000
    table.start_hand()
    fold_around(table)
    assert table.fees == 9
    now[0] = 1800
    table.start_hand()
    fold_around(table)
    assert table.fees == 18
    assert sum(table.stacks().values()) == 300 - 18
    now[0] = 3600
    assert table.is_over
    with pytest.raises(TableError):
        table.start_hand()


def test_rake_per_pot_and_session_results():
    table = Table(Rules.no_limit(5, 10, rake=0.1, rake_cap=5), seats=3, min_buy_in=50, max_buy_in=200, seed=3)
    for seat, name in enumerate("ABC"):
        table.join(name, seat, 100)
    table.start_hand()
    play_passively(table)
    table.start_hand()
    fold_around(table)
    assert table.rake == table.hands[0].hand.rake > 0
    results = table.results()
    assert sum(result.net for result in results.values()) == -table.rake
    assert all(result.hands_played == 2 for result in results.values())
    # Calling preflop counts as voluntary; posting a blind and checking does not.
    first = table.hands[0]
    callers = {first.names[action.seat] for action in first.hand.history if action.kind is ActionKind.CALL}
    assert {name for name, result in results.items() if result.vpip.count} == callers
    chips = table.leave("A")
    assert table.results()["A"].cashed_out == chips
    assert table.results()["A"].net == chips - 100


def test_rebuys_and_top_ups_within_the_limits():
    table = table_of([100, 100], min_buy_in=50, max_buy_in=200)
    table.add_chips("A", 100)
    assert table.stacks()["A"] == 200
    for amount in (1, 0, -5):
        with pytest.raises(BuyInError):
            table.add_chips("A", amount)
    with pytest.raises(TypeError, match="buy-in"):
        table.add_chips("A", 2.5)
    table.leave("B")
    table.join("B", 1, 50)
    assert table.results()["B"].bought_in == 150


def test_blinds_and_antes_come_from_the_rules_of_each_hand():
    table = table_of([100, 100, 100])
    table.rules = Rules.no_limit(5, 10, ante=1)
    hand = table.start_hand()
    with pytest.raises(TableError, match="between hands"):
        table.rules = Rules.no_limit(1, 2)
    assert hand.rules.big_blind == 10
    assert sum(action.amount for action in hand.history if action.kind is ActionKind.POST_ANTE) == 3


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize("buy_in, error", [(39, BuyInError), (201, BuyInError), (0, BuyInError), (-1, BuyInError),
                                           (50.0, TypeError), ("100", TypeError), (True, TypeError)])
def test_buy_in_outside_the_limits_changes_nothing(buy_in, error):
    table = table_of([100, 100], seats=3, min_buy_in=40, max_buy_in=200)
    before = snapshot(table)
    with pytest.raises(error, match="buy-in"):
        table.join("Z", 2, buy_in)
    assert snapshot(table) == before
    assert "Z" not in table.results()


def test_bad_seats_and_names_change_nothing():
    table = table_of([100, 100], seats=3)
    before = snapshot(table)
    with pytest.raises(SeatError, match="taken by 'A'"):
        table.join("Z", 0, 100)
    with pytest.raises(SeatError, match="seats are 0 to 2"):
        table.join("Z", 3, 100)
    with pytest.raises(SeatError, match="already seated"):
        table.join("A", 2, 100)
    with pytest.raises(SeatError):
        table.join("", 2, 100)
    with pytest.raises(SeatError, match="no player named"):
        table.leave("Z")
    assert snapshot(table) == before


def test_acting_for_a_sitting_out_player_or_out_of_turn_changes_nothing():
    table = table_of([100, 100, 100])
    table.sit_out("C")
    table.start_hand()
    before = snapshot(table)
    with pytest.raises(IllegalActionError, match="'C' is sitting out"):
        table.act("C", "fold")
    not_to_act = next(name for name in ("A", "B") if name != table.actor)
    with pytest.raises(IllegalActionError, match="may not act now"):
        table.act(not_to_act, "call")
    with pytest.raises(IllegalActionError):
        table.act(table.actor, "raise", 10_000)
    with pytest.raises(SeatError):
        table.act("Z", "fold")
    assert snapshot(table) == before


def test_chips_change_only_between_hands():
    table = table_of([100, 100, 100], max_buy_in=500)
    table.sit_out("C")
    table.start_hand()
    before = snapshot(table)
    for operation in (table.leave, table.sit_out, lambda name: table.add_chips(name, 10)):
        with pytest.raises(TableError, match="only between hands"):
            operation("A")
    with pytest.raises(TableError, match="in progress"):
        table.start_hand()
    assert snapshot(table) == before
    table.add_chips("C", 10)  # not in the hand: fine
    assert table.stacks()["C"] == 110


def test_bad_table_settings():
    rules = Rules.no_limit(1, 2)
    with pytest.raises(TableError):
        Table(rules, seats=11)
    with pytest.raises(TableError):
        Table(rules, min_buy_in=300, max_buy_in=200)
    with pytest.raises(TableError):
        Table(rules, button_rule="floating")
    with pytest.raises(TableError):
        Table(rules, time_fee=5, fee_period=0)
    with pytest.raises(TableError, match="missed_small_blind 'half': use 'live' or 'dead' or 'none'"):
        Table(rules, missed_small_blind="half")


# ------------------------------------------------------------ long runs


def check_deal(table, table_hand, previous_big_blind):
    deal, hand = table_hand.deal, table_hand.hand
    seats, count = deal.seats, table.seat_count
    assert 2 <= len(seats) == hand.player_count and deal.big_blind in seats
    rules = hand.rules

    def blind(seat, nominal):
        start = hand.starting_stacks[seats.index(seat)]
        return min(nominal, start - min(rules.ante, start))

    expected = {deal.big_blind: blind(deal.big_blind, rules.big_blind)}
    if deal.small_blind is not None:
        expected[deal.small_blind] = blind(deal.small_blind, rules.small_blind)
    for position, amount in enumerate(hand.straddles):  # declared straddles, after the big blind
        seat = seats[(seats.index(deal.big_blind) + 1 + position) % len(seats)]
        if amount:
            expected[seat] = blind(seat, amount)
    expected_dead = {}
    for seat, (live, dead) in deal.posts.items():
        # A new player owes the big blind (live), a returning one may owe the small blind and every
        # ante missed too (dead); in the small blind the seat's blind is made up to a big blind, and
        # the big blind (or a straddle) posts nothing more.
        assert seat not in expected or seat == deal.small_blind
        own = rules.small_blind if seat == deal.small_blind else 0
        assert live in (0, rules.big_blind - own) and (dead or live)
        assert 0 <= dead <= rules.small_blind + rules.ante * len(table.hands)
        start = hand.starting_stacks[seats.index(seat)]
        expected[seat] = blind(seat, own + live)
        expected_dead[seat] = min(dead, start - min(rules.ante, start) - expected[seat])
    assert blind_posters(table_hand) == {seat: amount for seat, amount in expected.items() if amount}
    dead_posters = blind_posters(table_hand, ActionKind.POST_DEAD)
    assert dead_posters == {seat: amount for seat, amount in expected_dead.items() if amount}
    if len(seats) == 2:
        assert deal.small_blind == deal.button in seats
        assert seats[hand.button] == deal.button
        return
    assert deal.button != deal.big_blind
    # Clockwise from the button: the small blind (when not dead), then the big blind, nobody between.
    def distance(seat):
        return (seat - deal.button) % count

    between = [seat for seat in seats if 0 < distance(seat) < distance(deal.big_blind)]
    assert between == ([] if deal.small_blind is None else [deal.small_blind])
    if table.button_rule == "dead" and previous_big_blind is not None:
        # The big blind moves to the next player dealt in: it skips no one.
        skipped = [seat for seat in seats if 0 < (seat - previous_big_blind) % count < (deal.big_blind - previous_big_blind) % count]
        assert skipped == []


def play_session(table, chooser, hands, names):
    """Play ``hands`` hands with random arrivals, departures, sitting out, rebuys and actions;
    and, as the table's options allow, straddles, misdeals, actions out of turn and runs agreed."""
    played = 0
    previous_big_blind = None
    for _ in range(hands * 3):
        if played == hands:
            break
        seated = table.players()
        roll = chooser.random()
        free = [seat for seat in range(table.seat_count) if seat not in seated]
        if roll < 0.08 and free:
            buy_in = chooser.randint(table.min_buy_in, table.max_buy_in)
            table.join(next(names), chooser.choice(free), buy_in, post=chooser.random() < 0.5)
        elif roll < 0.13 and seated:
            table.leave(chooser.choice(list(seated.values())))
        elif roll < 0.18 and seated:
            table.sit_out(chooser.choice(list(seated.values())))
        elif roll < 0.4:
            for name in seated.values():
                table.come_back(name, post=chooser.random() < 0.3)
        for name, stack in table.stacks().items():
            if stack < table.min_buy_in and chooser.random() < 0.3:
                table.add_chips(name, table.min_buy_in)
        if table.rules.voluntary_straddles and len(table.players()) >= 2:
            for name in chooser.sample(list(table.players().values()), 2):
                try:
                    table.straddle(name)
                except TableError:
                    pass
        try:
            deal = table.next_deal()
        except TableError:
            continue
        table.start_hand()
        assert table.hands[-1].deal == deal
        check_deal(table, table.hands[-1], previous_big_blind)
        previous_big_blind = deal.big_blind
        if table.hand is not None and chooser.random() < 0.05:
            stacks = table.stacks()
            assert table.misdeal().is_void and table.stacks() == stacks
            previous_big_blind = None
            continue
        played += 1
        while table.hand is not None:
            hand = table.hand
            for name in hand.runs_pending and [table.hands[-1].names[seat] for seat in hand.runs_pending]:
                table.agree_runs(name, chooser.randint(1, table.rules.runouts))
            if table.hand is None:
                break
            others = [name for name in table.players().values() if name != table.actor]
            length = len(hand.history)
            other = chooser.choice(others)
            if table.out_of_turn == "held" and other in table.hands[-1].names:
                try:
                    assert table.act(other, chooser.choice(["fold", "check", "call"])) is None
                    assert other in table.held
                except IllegalActionError:
                    assert other not in table.held  # folded or all in: nothing to hold
            else:
                with pytest.raises(IllegalActionError):
                    table.act(other, "call")
            assert len(hand.history) == length
            legal = hand.legal_actions()
            kind = chooser.choice(legal.kinds)
            amount = None
            if kind in (ActionKind.BET, ActionKind.RAISE):
                amount = chooser.choice([legal.min_raise_to, legal.max_raise_to])
            seat = hand.actor
            action = table.act(table.actor, kind, amount)
            assert action.seat == seat
        held = sum(table.stacks().values()) + sum(result.cashed_out for result in table.results().values())
        assert held == table.bought_in - table.rake - table.fees
    return played


def names_from(start=0):
    number = start
    while True:
        yield f"player{number}"
        number += 1


@pytest.mark.parametrize("rule", ["dead", "moving"])
def test_long_session_conserves_chips_and_keeps_the_button_and_blinds_legal(rule):
    table = Table(
        Rules.no_limit(1, 2, rake=0.05, rake_cap=4), seats=9, min_buy_in=40, max_buy_in=200,
        button_rule=rule, seed=11,
    )
    names = names_from()
    for seat in range(0, 9, 2):
        table.join(next(names), seat, 100)
    assert play_session(table, random.Random(rule), 2000, names) == 2000


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    rule=st.sampled_from(["dead", "moving"]),
    seats=st.integers(2, 10),
    players=st.integers(2, 10),
)
def test_random_sessions(seed, rule, seats, players):
    options = random.Random(seed)
    rules = Rules.no_limit(
        1, 2, ante=seed % 2, straddles=(4, 8), voluntary_straddles=True, runouts=options.randint(1, 3),
        runs_by_agreement=options.random() < 0.5,
    )  # fmt: skip
    table = Table(
        rules if options.random() < 0.5 else Rules.no_limit(1, 2, ante=seed % 2), seats=seats, min_buy_in=20,
        max_buy_in=100, button_rule=rule, seed=seed, out_of_turn=options.choice(["refused", "held"]),
        button_after_misdeal=options.choice(["moves", "stays"]),
    )  # fmt: skip
    names = names_from()
    for seat in range(min(seats, players)):
        table.join(next(names), seat, 20 + seed % 81)
    play_session(table, random.Random(seed), 80, names)


def test_a_session_exports_as_phh_and_reads_back_to_the_same_hands():
    table = Table(Rules.no_limit(1, 2), seats=6, min_buy_in=40, max_buy_in=200, seed=5)
    for seat, name in enumerate(["ann", "bob", "cy", "dee"]):
        table.join(name, seat, 100)
    rng = random.Random(5)
    for _ in range(40):
        table.start_hand()
        while table.hand is not None and not table.hand.is_over:
            legal = table.hand.legal_actions()
            kind = rng.choice([kind.value for kind in legal.kinds])
            amount = legal.min_raise_to if kind in ("bet", "raise") else None
            table.act(table.actor, kind, amount)
    out = io.StringIO()
    table.write_phh(out)
    histories = list(phh.load_all(io.StringIO(out.getvalue())))
    assert [history.fields["hand"] for history in histories] == [played.number for played in table.hands]
    assert [history.hand.stacks for history in histories] == [played.hand.stacks for played in table.hands]


def test_hands_with_posts_export_as_phh_and_read_back():
    # Issue 25, item 6: write_phh refused dead posts, though the README says any hand is written.
    table = table_of([100, 0, 100, 0, 100], seats=5)
    table.start_hand()
    fold_around(table)
    table.join("Z", 1, 100, post=True)
    table.start_hand()
    fold_around(table)
    assert table.hands[-1].hand.posts
    out = io.StringIO()
    table.write_phh(out)
    histories = list(phh.load_all(io.StringIO(out.getvalue())))
    assert [history.hand.posts for history in histories] == [played.hand.posts for played in table.hands]
    assert [history.hand.stacks for history in histories] == [played.hand.stacks for played in table.hands]


def test_a_refused_start_hand_changes_nothing():
    clock = [0.0]
    table = Table(Rules.no_limit(1, 2), seats=4, time_fee=1, fee_period=10.0, clock=lambda: clock[0], seed=0)
    table.join("A", 0, 100)
    table.join("B", 1, 100)
    table.join("C", 2, 100)
    first = table.start_hand()
    fold_around(table)
    table.sit_out("B")
    table.sit_out("C")
    clock[0] = 100.0  # time fees are due
    before = (table.button, table.fees, snapshot(table), table.missed_blinds("B"), table.missed_blinds("C"))
    with pytest.raises(TableError, match="1 player"):
        table.start_hand()
    # Right: no fee taken, the button not moved, no blind missed; wrong: any of them.
    assert (table.button, table.fees, snapshot(table), table.missed_blinds("B"), table.missed_blinds("C")) == before
    assert first.is_over
    table.come_back("B")
    table.start_hand()
    assert table.fees == 3 + 30 and table.button != before[0]  # ten periods more for the three seated


def test_the_chips_at_a_table_stay_within_what_a_hand_deals():
    """Found by a fuzz campaign: add_chips took a stack the table could never deal, and the refusal came
    later, from start_hand, after some hands of play(hands=N) were played."""
    from holdem.agents import CallingStation

    table = Table(Rules.no_limit(1, 2), seats=4, seed=0)
    table.join("A", 0, 2**59)
    table.join("B", 1, 2**59 - 10)
    before = snapshot(table)
    # Right: refused at once, changing nothing; wrong: taken, and start_hand refusing every deal after.
    with pytest.raises(BuyInError, match="2\\*\\*60"):
        table.add_chips("B", 11)
    with pytest.raises(BuyInError, match="2\\*\\*60"):
        table.join("C", 2, 2**59)
    assert snapshot(table) == before
    table.add_chips("B", 10)
    assert table.play({"A": CallingStation(), "B": CallingStation()}, hands=3) == [] and len(table.hands) == 3


def test_forced_straddles_the_table_has_no_seats_for_are_skipped():
    table = table_of([100, 100, 100])
    table.rules = Rules.no_limit(1, 2, straddles=(4, 8), voluntary_straddles=False)
    assert table.start_hand().bets == (4, 1, 2)  # the button straddles; the second straddle needs a fourth seat
    fold_around(table)
    table.leave("C")
    assert sorted(table.start_hand().bets) == [1, 2]  # heads-up: no straddle at all


class FailingStraddler:
    """Folds or checks; its straddle hook fails."""

    def straddle(self, seat, amount):
        raise RuntimeError("no idea")

    def act(self, view):
        return "check" if view.legal_actions.check else "fold"


def test_a_failing_straddle_hook_is_a_fault_under_fold_on_error():
    from holdem.agents import AgentError, CallingStation, Fault

    def seated() -> Table:
        table = Table(Rules.no_limit(1, 2, straddles=(4,)), seats=4, seed=0)
        for seat, name in enumerate(["ann", "bob", "cy", "dee"]):
            table.join(name, seat, 100)
        return table

    agents = {"ann": CallingStation(), "bob": CallingStation(), "cy": CallingStation(), "dee": FailingStraddler()}
    table = seated()
    faults = table.play(agents, hands=1, fold_on_error=True)
    # Right: a fault naming the player, and the hand played without the straddle; wrong: AgentError.
    assert faults == [Fault(1, "dee", 3, faults[0].message)] and "'dee'" in faults[0].message
    assert table.hands[0].hand.straddles == ()
    with pytest.raises(AgentError, match="agent 'dee' at seat 3 raised RuntimeError"):
        seated().play(agents, hands=1)


def test_a_tournament_plays_as_a_table_does_and_records_straddle_faults():
    from holdem.agents import CallingStation
    from holdem.tournament import BlindSchedule, Level, Tournament

    schedule = BlindSchedule([Level(10, 20)], hands_per_level=10)
    tournament = Tournament(["ann", "bob", "cy"], 500, schedule, seed=3)
    tournament.table.rules = Rules.no_limit(10, 20, straddles=(40,))
    agents = {"ann": FailingStraddler(), "bob": FailingStraddler(), "cy": CallingStation()}
    faults = tournament.play(agents, hands=3, fold_on_error=True)
    assert len(tournament.table.hands) == 3 and faults and {fault.agent for fault in faults} <= {"ann", "bob"}


def test_a_straddle_declared_returns_what_the_next_level_posts():
    from holdem.tournament import BlindSchedule, Level

    schedule = BlindSchedule([Level(1, 2), Level(5, 10)], hands_per_level=1)
    table = Table(Rules.no_limit(1, 2, straddles=(4,)), seats=4, seed=0, schedule=schedule)
    for seat, name in enumerate("ABCD"):
        table.join(name, seat, 1000)
    table.start_hand()
    while table.hand is not None:
        table.act(table.actor, "fold")
    straddler = next(name for name in "ABCD" if table.seat_of(name) == (table.next_deal().big_blind + 1) % 4)
    # Right: the straddle of the level the hand is dealt at; wrong: the last hand's 4.
    assert table.straddle(straddler) == 20
    assert 20 in table.start_hand().bets


def test_an_action_out_of_turn_from_a_player_with_no_decision_left_is_refused():
    table = Table(Rules.no_limit(1, 2), seats=4, seed=1, out_of_turn="held")
    for seat, name in enumerate("ABCD"):
        table.join(name, seat, 100)
    table.start_hand()
    table.act("D", "call"), table.act("A", "call")
    assert table.actor == "B"
    # Right: D has called the bet and acts again only after a raise, which would void it: refused;
    # wrong: held. The big blind, still to speak, may act early.
    with pytest.raises(IllegalActionError, match="no decision left"):
        table.act("D", "check")
    assert table.held == {} and table.act("C", "check") is None and table.held == {"C": ("check", None)}


def test_a_straddle_hook_failing_without_fold_on_error_declares_no_straddle():
    from holdem.agents import AgentError, CallingStation

    class Straddler(CallingStation):
        def straddle(self, seat, amount):
            return True

    table = Table(Rules.no_limit(1, 2, straddles=(4, 8)), seats=4, seed=0)
    for seat, name in enumerate("ABCD"):
        table.join(name, seat, 100)
    # D, after the big blind, says yes; then A, the next straddle position, fails.
    agents = {"A": FailingStraddler(), "B": CallingStation(), "C": CallingStation(), "D": Straddler()}
    with pytest.raises(AgentError):
        table.play(agents, hands=1)
    # Right: the refused play leaves no straddle declared; wrong: D's yes kept for the next deal.
    assert table.start_hand().straddles == ()


def test_a_play_an_agent_voids_keeps_no_straddle_it_asked_for():
    """Found by a fuzz campaign: a refused Table.play kept the straddle an agent declared for the deal it
    voided, and a later hand posted it.  A refused call changes nothing, at the table too."""
    from holdem.agents import AgentError, CallingStation

    class Straddler(CallingStation):
        def straddle(self, seat, amount):
            return True

    def fails(view):
        raise RuntimeError("bug")

    table = Table(Rules.no_limit(1, 2, straddles=(4,)), seats=4, seed=0)
    for seat, name in enumerate("ABCD"):
        table.join(name, seat, 100)
    before = snapshot(table), table.next_deal()
    with pytest.raises(AgentError):
        table.play({"A": fails, "B": CallingStation(), "C": CallingStation(), "D": Straddler()}, hands=3)
    # Right: D's straddle went with the voided deal; wrong: kept, and posted by the next hand.
    assert (snapshot(table), table.next_deal()) == before
    assert table.start_hand().straddles == ()


def table_state(table):
    """Everything a call at the table could change."""
    try:
        deal = table.next_deal()
    except TableError as error:
        deal = str(error)
    seated = table.players().values()
    return (
        snapshot(table), table.button, table.fees, table.rake, table.held, deal, sorted(table._straddling),
        table.straddle_offers(), [table.misdeals],
        [(table.is_waiting(name), table.missed_blinds(name)) for name in seated],
    )  # fmt: skip


NAMES = ["ann", "bob", "cy", "dee", "eve"]
AWKWARD = st.sampled_from([None, -1, 0, 1.0, True, "2", 2**61, "ann", 7])


@st.composite
def table_calls(draw, table):
    """A call at ``table`` and its arguments, well-formed more often than not."""
    name = draw(st.one_of(st.sampled_from(NAMES), st.sampled_from(NAMES), st.sampled_from(NAMES), AWKWARD))
    kind = draw(st.sampled_from(["join", "join", "leave", "sit_out", "come_back", "add_chips", "start_hand",
                                 "start_hand", "act", "act", "act", "act", "act", "act", "straddle", "misdeal",
                                 "agree_runs", "show", "place_button"]))  # fmt: skip
    seat = draw(st.one_of(st.integers(0, 5), st.integers(0, 5), AWKWARD))
    if kind == "join":
        return table.join, (name, seat, draw(st.one_of(st.sampled_from([20, 60, 100]), AWKWARD))), {
            "post": draw(st.booleans())
        }
    if kind == "add_chips":
        return table.add_chips, (name, draw(st.one_of(st.sampled_from([5, 40]), AWKWARD))), {}
    if kind == "come_back":
        return table.come_back, (name,), {"post": draw(st.booleans())}
    if kind == "act":
        hand = table.hand
        if hand is None or hand.actor is None or draw(st.integers(0, 4)) == 0:
            return table.act, (name, draw(st.sampled_from(["fold", "check", "call", "dance", 3])), None), {}
        legal = hand.legal_actions()
        kind = draw(st.sampled_from([*legal.kinds, "all-in"]))
        sizes = [None] if legal.min_raise_to is None else [legal.min_raise_to, legal.max_raise_to, None]
        return table.act, (draw(st.sampled_from([table.actor, table.actor, name])), kind,
                           draw(st.one_of(st.sampled_from(sizes), AWKWARD))), {}  # fmt: skip
    if kind == "agree_runs":
        pending = [] if table.hand is None else [table.hands[-1].names[seat] for seat in table.hand.runs_pending]
        runs = draw(st.one_of(st.integers(1, 3), AWKWARD))
        return table.agree_runs, (draw(st.sampled_from([*pending, name])), runs), {}
    if kind in ("start_hand", "misdeal"):
        return getattr(table, kind), (), {}
    if kind == "place_button":
        return table.place_button, (seat,), {}
    return getattr(table, kind), (name,), {}


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.data())
def test_a_refused_table_call_changes_nothing_and_chips_are_conserved(seed, data):
    options = random.Random(seed)
    rules = Rules.no_limit(1, 2, ante=options.choice([0, 1]), straddles=options.choice([(), (4,)]),
                           runouts=2, runs_by_agreement=options.random() < 0.5)  # fmt: skip
    table = Table(
        rules, seats=6, min_buy_in=20, max_buy_in=120, seed=seed, button_rule=options.choice(["dead", "moving"]),
        out_of_turn=options.choice(["refused", "held"]), time_fee=options.choice([0, 1]), clock=lambda: 0.0,
        missed_antes_cap=options.choice([None, 3]),
    )  # fmt: skip
    for seat, name in enumerate(NAMES[: options.randint(2, 4)]):
        table.join(name, seat, 60)
    for _ in range(80):
        method, arguments, keywords = data.draw(table_calls(table))
        before = table_state(table)
        try:
            method(*arguments, **keywords)
        except (holdem.HoldemError, TypeError):
            assert table_state(table) == before, f"the refused {method.__name__}{arguments} changed the table"
        hand = table.hand  # its players' stacks at the table are those it started with, until it is over
        assert hand is None or sum(hand.stacks) + sum(hand.bets) + hand.pot_total == sum(hand.starting_stacks)
        cashed = sum(result.cashed_out for result in table.results().values())
        assert sum(table.stacks().values()) + cashed == table.bought_in - table.rake - table.fees


def test_session_vpip_is_the_vpip_of_summarize():
    """One VPIP (issue: the table counted hands dealt and any call, summarize preflop decisions and calls
    that cost chips): a session's results agree with summarize over its hands, walks included."""
    from holdem.agents import CallingStation, RandomBot, TightBot
    from holdem.stats import summarize

    table = Table(Rules.no_limit(1, 2, ante=1), seats=4, seed=5)
    agents = {"ann": RandomBot(), "bob": TightBot(), "cy": CallingStation(), "dee": TightBot()}
    for seat, name in enumerate(agents):
        table.join(name, seat, 200)
    table.play(agents, hands=60)
    results, stats = table.results(), summarize(table.hands)
    assert {name: result.vpip for name, result in results.items()} == {name: stats[name].vpip for name in results}
    assert {name: result.hands_played for name, result in results.items()} == {
        name: stats[name].hands for name in results
    }
    assert any(result.vpip.opportunities < result.hands_played for result in results.values())  # a walk


def test_a_player_owing_only_antes_posts_them_or_waits_for_the_big_blind():
    """Issue: missed_blinds said (False, False) while the player waited an orbit for missed antes."""
    table = Table(Rules.no_limit(1, 2, ante=1), seats=5, seed=0)
    for seat, name in enumerate("ABCDE"):
        table.join(name, seat, 100)
    table.start_hand()  # button A
    fold_around(table)
    table.sit_out("A")
    table.start_hand()  # button B, blinds C and D: A misses the ante only
    fold_around(table)
    assert table.missed_blinds("A") == (False, False)
    assert table.owed("A") == Debt(big_blind=False, small_blind=False, antes=1)
    table.come_back("A")
    assert table.is_waiting("A") and 0 not in table.next_deal().seats
    table.come_back("A", post=True)
    deal = table.next_deal()
    assert 0 in deal.seats and deal.posts == {0: (0, 1)}
    table.start_hand()
    assert blind_posters(table.hands[-1], ActionKind.POST_DEAD) == {0: 1}
    assert table.owed("A") == Debt()


def test_a_missed_big_blind_owes_its_big_blind_ante():
    table = Table(Rules.no_limit(1, 2, ante=2, big_blind_ante=True), seats=5, seed=0)
    for seat, name in enumerate("ABCDE"):
        table.join(name, seat, 100)
    table.start_hand()
    fold_around(table)
    table.sit_out("E")
    table.start_hand()  # the big blind at D: E misses nothing
    fold_around(table)
    assert table.owed("E") == Debt()
    table.start_hand()  # the big blind passes E's seat, and its ante
    fold_around(table)
    assert table.owed("E") == Debt(big_blind=True, small_blind=False, antes=2)
    table.start_hand()  # the small blind passes too: no ante with it
    fold_around(table)
    assert table.owed("E") == Debt(big_blind=True, small_blind=True, antes=2)
    table.come_back("E", post=True)
    deal = table.next_deal()
    assert deal.posts == {4: (2, 3)}  # the big blind live; the small blind and the ante dead
    table.start_hand()
    assert blind_posters(table.hands[-1], ActionKind.POST_DEAD) == {4: 3}
    play_passively(table)
    assert sum(table.stacks().values()) == 500
