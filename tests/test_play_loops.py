"""What a bot sees (rules, pots, table seats) and the play loops of tables and tournaments."""

import numpy as np
import pytest

import holdem
from holdem import (
    BlindSchedule,
    CallingStation,
    Hand,
    InvalidHandError,
    Level,
    RandomBot,
    Rules,
    Table,
    TableError,
    TightBot,
    Tournament,
    TournamentError,
)

NL = Rules.no_limit(1, 2)


class Recorder:
    """Plays like ``agent``; keeps every view it is shown, its reset streams and its end_hand calls."""

    def __init__(self, agent):
        self.agent = agent
        self.views = []
        self.ends = []
        self.resets = 0

    def reset(self, rng):
        self.resets += 1
        reset = getattr(self.agent, "reset", None)
        if reset is not None:
            reset(rng)

    def act(self, view):
        self.views.append(view)
        return self.agent.act(view)

    def end_hand(self, view):
        self.ends.append(view)


def test_a_view_has_the_rules_and_plain_pot_fields():
    hand = Hand(Rules.no_limit(5, 10, ante=1), [500, 500, 500], seed=3)
    view = hand.view(2)
    assert view.rules is hand.rules and view.rules.big_blind == 10
    assert (view.pot_total, sum(view.bets), view.pot) == (3, 15, 18)
    hand.raise_to(30), hand.call(), hand.call()
    view = hand.view(0)
    assert (view.pot_total, view.bets, view.pot) == (93, (0, 0, 0), 93) and view.table_seat == 0
    while not hand.is_over:
        hand.check_or_call()
    assert hand.view(1).rules is hand.rules and hand.view(1).table_seat == 1


def test_views_show_the_table_seats_given_to_the_hand():
    hand = Hand(NL, [100, 100, 100], seed=1, table_seats=[2, 5, 9])
    assert [hand.view(seat).table_seat for seat in range(3)] == [2, 5, 9]
    assert hand.copy().view(1).table_seat == 5
    for seats in ([0, 1], [1, 1, 2], [-1, 0, 1]):
        with pytest.raises(InvalidHandError, match="table_seats"):
            Hand(NL, [100, 100, 100], seed=1, table_seats=seats)
    with pytest.raises(TypeError, match="table seat"):
        Hand(NL, [100, 100, 100], seed=1, table_seats=[0, 1.0, 2])


def seated_table(seed=1, **options):
    table = Table(NL, seats=9, seed=seed, **options)
    for name, seat in (("ann", 1), ("bob", 4), ("cy", 7)):
        table.join(name, seat, 200)
    return table


def histories(table):
    return [(played.names, played.hand.history) for played in table.hands]


def test_table_play_is_reproducible_from_the_table_seed_and_the_play_seed():
    def bots():
        return {"ann": RandomBot(), "bob": RandomBot(), "cy": TightBot()}

    first, second = seated_table(), seated_table()
    assert first.play(bots(), hands=30) == second.play(bots(), hands=30) == []
    assert histories(first) == histories(second) and len(first.hands) == 30
    seeded = [seated_table(), seated_table(), seated_table()]
    for table, seed in zip(seeded, (5, 5, 6)):
        table.play(bots(), hands=30, seed=seed)
    assert histories(seeded[0]) == histories(seeded[1]) != histories(seeded[2])
    assert sum(first.stacks().values()) == 600


def test_table_play_shows_each_agent_its_own_table_seat_and_calls_the_hooks():
    table = seated_table()
    agents = {name: Recorder(RandomBot()) for name in ("ann", "bob", "cy")}
    table.play(agents, hands=12)
    for name, agent in agents.items():
        assert agent.resets == 1 and len(agent.ends) == 12
        assert agent.views and all(view.table_seat == table.seat_of(name) for view in agent.views + agent.ends)
        assert all(view.rules is NL and view.actor == view.seat for view in agent.views)


def test_table_play_stops_at_the_session_end_or_when_one_player_is_left():
    table = seated_table(max_hands=7)
    table.play({"ann": CallingStation(), "bob": CallingStation(), "cy": CallingStation()})
    assert len(table.hands) == 7 and table.is_over
    table = Table(NL, seats=2, seed=4)
    table.join("ann", 0, 20), table.join("bob", 1, 20)
    table.play({"ann": RandomBot(seed=1), "bob": RandomBot(seed=2)})
    assert sorted(table.stacks().values()) == [0, 40]


def test_table_play_refuses_what_it_cannot_play():
    table = seated_table()
    before = table.stacks()
    for agents, hands in (({"ann": TightBot(), "bob": TightBot()}, 1),
                          (dict.fromkeys(["ann", "bob", "cy", "dan"], CallingStation()), 1),
                          ({"ann": TightBot(), "bob": TightBot(), "cy": TightBot()}, -1)):  # fmt: skip
        with pytest.raises(TableError):
            table.play(agents, hands=hands)
    for hands in (1.0, "3", True):
        with pytest.raises(TypeError, match="hands"):
            table.play({"ann": TightBot(), "bob": TightBot(), "cy": TightBot()}, hands=hands)
    table.play({"ann": TightBot(), "bob": TightBot(), "cy": TightBot()}, hands=np.int64(0))
    table.start_hand()
    with pytest.raises(TableError, match="in progress"):
        table.play({"ann": TightBot(), "bob": TightBot(), "cy": TightBot()}, hands=1)
    assert len(table.hands) == 1 and sum(table.stacks().values()) == sum(before.values())


def test_table_play_folds_faults_with_the_hand_number():
    table = seated_table()

    def broken(view):
        raise RuntimeError("bug")

    faults = table.play({"ann": broken, "bob": CallingStation(), "cy": CallingStation()}, hands=3, fold_on_error=True)
    assert faults and {fault.agent for fault in faults} == {"ann"} and {fault.hand for fault in faults} <= {1, 2, 3}
    with pytest.raises(holdem.AgentError, match="agent 'ann'"):
        table.play({"ann": broken, "bob": CallingStation(), "cy": CallingStation()}, hands=3)


def tournament(seed=3):
    schedule = BlindSchedule([Level(10, 20), Level(25, 50), Level(50, 100, ante=10)], hands_per_level=8)
    return Tournament(["ann", "bob", "cy", "dan"], 1000, schedule, payouts=[60, 40], seed=seed)


def test_tournament_play_plays_it_out_and_bots_see_the_blinds_rise():
    agents = {name: Recorder(RandomBot()) for name in ("ann", "bob", "cy", "dan")}
    played = tournament()
    assert played.play(agents) == [] and played.is_over
    assert sorted(played.places.values())[0] == 1 and len(played.places) == 4
    blinds = {view.rules.big_blind for agent in agents.values() for view in agent.views}
    assert blinds >= {20, 50} and blinds <= {20, 50, 100}
    again = tournament()
    again.play({name: RandomBot() for name in agents})
    assert again.places == played.places and len(again.table.hands) == len(played.table.hands)


def test_tournament_play_a_few_hands_then_the_actor_by_name():
    played = tournament()
    played.play({name: CallingStation() for name in ("ann", "bob", "cy", "dan")}, hands=5)
    assert len(played.table.hands) == 5 and played.actor is None
    hand = played.start_hand()
    assert played.actor == played.table.actor == played.table.hands[-1].names[hand.actor]
    with pytest.raises(TournamentError, match="in progress"):
        played.play({name: CallingStation() for name in ("ann", "bob", "cy", "dan")})
    with pytest.raises(TournamentError, match="one for each player"):
        tournament().play({"ann": CallingStation()})


def always_fold(view):
    return "fold" if view.legal_actions.fold else "check"


def test_table_errors_and_faults_name_table_seats():
    table = seated_table()  # ann at seat 1, bob at 4, cy at 7
    table.start_hand()
    actor = table.actor
    seat = {"ann": 1, "bob": 4, "cy": 7}[actor]
    with pytest.raises(holdem.IllegalActionError, match=rf"^'{actor}': seat {seat} may not check facing a bet of 2"):
        table.act(actor, "check")
    with pytest.raises(holdem.IllegalActionError, match=rf"^'{actor}': seat {seat}: unknown decision 'shove'"):
        table.act(actor, "shove")
    faults = seated_table().play(
        {"ann": lambda view: "check", "bob": CallingStation(), "cy": CallingStation()}, hands=3, fold_on_error=True
    )
    assert faults and {fault.seat for fault in faults} == {1}
    assert all(fault.message.startswith("agent 'ann' at seat 1 chose 'check': seat 1 may not") for fault in faults)
    table = seated_table()
    with pytest.raises(holdem.AgentError, match=r"agent 'ann' at seat 1 chose 'check': seat 1 may not check"):
        table.play({"ann": lambda view: "check", "bob": CallingStation(), "cy": CallingStation()}, hands=3)


def test_play_without_a_hand_count_stops_at_the_documented_limit():
    table = Table(NL, seats=2, seed=1)
    table.join("ann", 0, 100), table.join("bob", 1, 100)
    assert table.play({"ann": always_fold, "bob": always_fold}) == []
    assert len(table.hands) == holdem.table.PLAY_HANDS_LIMIT and not table.is_over
    schedule = BlindSchedule([Level(1, 2)], hands_per_level=10)
    tournament = Tournament(["ann", "bob", "cy"], 100, schedule, payouts=[100], seed=1)
    assert tournament.play(dict.fromkeys(["ann", "bob", "cy"], always_fold)) == []
    assert len(tournament.table.hands) == holdem.table.PLAY_HANDS_LIMIT and not tournament.is_over


@pytest.mark.parametrize(
    "agents",
    [[TightBot(), TightBot(), TightBot()], {"ann": None, "bob": TightBot(), "cy": TightBot()},
     {"ann": TightBot(), "bob": "call", "cy": TightBot()}],
)  # fmt: skip
def test_play_checks_the_agents_before_any_hand(agents):
    table = seated_table()
    with pytest.raises(TypeError, match="agent"):
        table.play(agents, hands=5)
    assert table.hands == () and table.stacks() == {"ann": 200, "bob": 200, "cy": 200}
    tournament = Tournament(["ann", "bob", "cy"], 100, BlindSchedule([Level(1, 2)], hands_per_level=10), seed=1)
    with pytest.raises(TypeError, match="agent"):
        tournament.play(agents, hands=5)
    assert tournament.table.hands == ()


def test_an_agent_failing_mid_hand_voids_the_hand_and_leaves_the_table_usable():
    def fails_on_the_flop(view):
        if view.board:
            raise RuntimeError("bug")
        return "call" if view.legal_actions.call else "check"

    table = seated_table()
    with pytest.raises(holdem.AgentError, match="raised RuntimeError"):
        table.play({"ann": fails_on_the_flop, "bob": CallingStation(), "cy": CallingStation()}, hands=5)
    assert table.hand is None and table.hands == () and table.stacks() == {"ann": 200, "bob": 200, "cy": 200}
    again = seated_table()
    table.play(dict.fromkeys(["ann", "bob", "cy"], CallingStation()), hands=3)
    again.play(dict.fromkeys(["ann", "bob", "cy"], CallingStation()), hands=3)
    assert [played.deal for played in table.hands] == [played.deal for played in again.hands]
    schedule = BlindSchedule([Level(1, 2)], hands_per_level=10)
    tournament = Tournament(["ann", "bob", "cy"], 100, schedule, payouts=[100], seed=1)
    with pytest.raises(holdem.AgentError):
        tournament.play({"ann": fails_on_the_flop, "bob": CallingStation(), "cy": CallingStation()})
    assert tournament.table.hand is None and sum(tournament.table.stacks().values()) == 300
    tournament.play(dict.fromkeys(["ann", "bob", "cy"], TightBot()), hands=2)


def test_play_table_is_the_one_loop_and_takes_a_session_of_your_own():
    from holdem.session import play_table

    table = seated_table()
    rebought = []

    def rebuy():  # after each hand, a player who busted buys in again
        for name, stack in table.stacks().items():
            if stack == 0:
                table.add_chips(name, 200)
                rebought.append(name)

    agents = {name: RandomBot() for name in ("ann", "bob", "cy")}
    faults = play_table(table, agents, hands=200, seed=3, go_on=lambda: len(rebought) < 3, after_hand=rebuy)
    assert faults == [] and len(rebought) == 3 and len(table.hands) < 200
    assert sum(table.stacks().values()) == 600 + 3 * 200
    # Table.play is the same loop: the same seeds, the same hands.
    first, second = seated_table(), seated_table()
    first.play({name: RandomBot() for name in agents}, hands=10, seed=3)
    play_table(second, {name: RandomBot() for name in agents}, hands=10, seed=3)
    assert histories(first) == histories(second)
    with pytest.raises(TableError, match="one for each seated player"):
        play_table(table, {"ann": RandomBot()})


def test_play_table_checks_its_table_without_reading_its_hands():
    """Issue: the check of the table read every property the loop uses (on Python 3.10 and 3.11 a
    runtime protocol's isinstance calls hasattr), copying all the hands played into a tuple a call."""
    from holdem.session import play_table

    reads = []

    class Counted(Table):
        @property
        def hands(self):
            reads.append(1)
            return super().hands

    table = Counted(NL, seats=9, seed=1)
    table.join("ann", 1, 200)
    table.join("bob", 4, 200)
    play_table(table, {"ann": CallingStation(), "bob": CallingStation()}, hands=2, seed=1)
    assert reads == [] and len(table._hands) == 2
