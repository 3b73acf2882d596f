import pytest

import holdem
from holdem.agents import (
    REFERENCE_BOTS,
    CallingStation,
    EquityBot,
    RandomBot,
    TightBot,
    agent_name,
    play_hand,
    pot_raise_to,
)
from holdem.errors import AgentError, InvalidHandError

NO_LIMIT = holdem.Rules.no_limit(1, 2)


class Spy:
    """Plays like ``agent`` and checks every view against the hand's own, and that no hidden card shows."""

    def __init__(self, agent, hand_of):
        self.agent = agent
        self.hand_of = hand_of
        self.views = 0

    def check(self, view):
        hand = self.hand_of()
        assert view == hand.view(view.seat)
        others = {card for seat in range(hand.player_count) if seat != view.seat for card in hand.hole_cards(seat)}
        shown = {card for cards in view.shown.values() for card in cards}
        visible = {card for action in view.history for card in action.cards} | set(view.hole_cards)
        assert visible & others <= shown
        self.views += 1

    def act(self, view):
        self.check(view)
        return self.agent.act(view)

    def end_hand(self, view):
        self.check(view)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_agents_see_exactly_their_view_and_never_hidden_cards(players):
    hands = {"now": None}
    spies = [Spy(RandomBot(seed=seat), lambda: hands["now"]) for seat in range(players)]
    rng = holdem.Rng(players)
    for number in range(1500 // players):
        hands["now"] = hand = holdem.Hand(NO_LIMIT, [200] * players, number % players, seed=rng.random_raw())
        assert play_hand(hand, spies) == []
        assert hand.is_over and sum(hand.payoffs) == 0
    assert sum(spy.views for spy in spies) > 3000


RULES = [NO_LIMIT, holdem.Rules.pot_limit(1, 2), holdem.Rules.fixed_limit(2, 4), holdem.Rules.no_limit(5, 10, ante=1)]


@pytest.mark.parametrize("rules", RULES)
def test_reference_bots_play_only_legal_actions(rules):
    bots = [make() for make in REFERENCE_BOTS.values()] + [RandomBot(seed=1), TightBot()]
    rng = holdem.Rng(11)
    for number in range(30):
        stacks = [20 + rng.below(400) for _ in bots]
        hand = holdem.Hand(rules, stacks, number % len(bots), seed=rng.random_raw())
        assert play_hand(hand, bots) == []
        assert hand.is_over


def all_in(view):
    legal = view.legal_actions
    return ("raise", legal.max_raise_to) if legal.min_raise_to is not None else "call"


def test_all_in_against_calling_station_by_hand():
    hand = holdem.Hand(NO_LIMIT, [100, 60], hole_cards=["AsAd", "KcKd"], board="2c7h9sJdQh")
    play_hand(hand, [all_in, CallingStation()])
    assert hand.payoffs == (60, -60)
    hand = holdem.Hand(NO_LIMIT, [100, 60], hole_cards=["AsAd", "KcKd"], board="2c7hKsJdQh")
    play_hand(hand, [all_in, CallingStation()])
    assert hand.payoffs == (-60, 60)
    hand = holdem.Hand(NO_LIMIT, [100, 100], hole_cards=["AsKd", "AcKh"], board="2c7h9sJdQh")
    play_hand(hand, [CallingStation(), all_in])
    assert hand.payoffs == (0, 0)


def test_all_in_against_calling_station_over_many_hands():
    rng = holdem.Rng(5)
    for number in range(300):
        hand = holdem.Hand(NO_LIMIT, [100, 100], number % 2, seed=rng.random_raw())
        play_hand(hand, [all_in, CallingStation()])
        ranks = [holdem.evaluate(hand.hole_cards(seat) + hand.board) for seat in (0, 1)]
        expected = 100 if ranks[0] > ranks[1] else -100 if ranks[0] < ranks[1] else 0
        assert hand.payoffs == (expected, -expected)


def test_an_illegal_action_names_the_agent_and_the_action():
    def stubborn(view):
        return ("raise", 1)

    hand = holdem.Hand(NO_LIMIT, [100, 100], seed=1)
    with pytest.raises(AgentError, match=r"agent 'stubborn' at seat 1 chose \('raise', 1\): .*from 4 to 100"):
        play_hand(hand, [CallingStation(), stubborn])
    assert not hand.is_over and hand.actor == 1
    with pytest.raises(AgentError, match=r"agent 'bob' at seat 1 chose 'shove': seat 1: unknown decision 'shove'.*legal: fold, call 1"):
        play_hand(hand, [CallingStation(), lambda view: "shove"], names=["ann", "bob"])


def test_an_exception_names_the_agent_and_keeps_the_cause():
    def broken(view):
        raise KeyError("oops")

    with pytest.raises(AgentError, match="agent 'broken' at seat 1 raised KeyError: 'oops'") as caught:
        play_hand(holdem.Hand(NO_LIMIT, [100, 100], seed=1), [CallingStation(), broken])
    assert isinstance(caught.value.__cause__, KeyError)


def test_faults_fold_or_check_and_are_recorded():
    def broken(view):
        raise RuntimeError("bug")

    hand = holdem.Hand(NO_LIMIT, [100, 100], seed=1)
    faults = play_hand(hand, [CallingStation(), broken], fold_on_error=True, number=7)
    assert [(fault.hand, fault.agent, fault.seat) for fault in faults] == [(7, "broken", 1)]
    assert "RuntimeError: bug" in faults[0].message
    assert hand.payoffs == (1, -1)
    # Facing no bet, a fault checks: the broken big blind checks every street.
    hand = holdem.Hand(NO_LIMIT, [100, 100], seed=1)
    faults = play_hand(hand, [broken, CallingStation()], fold_on_error=True)
    assert len(faults) == 4 and hand.is_over and hand.street == holdem.Street.RIVER


def test_end_hand_failures_are_agent_errors():
    class Sulky(CallingStation):
        def end_hand(self, view):
            raise ValueError("lost")

    with pytest.raises(AgentError, match="agent 'station' at seat 0 raised ValueError at the end of the hand"):
        play_hand(holdem.Hand(NO_LIMIT, [100, 100], seed=1), [Sulky(), CallingStation()])


def test_one_agent_per_seat():
    with pytest.raises(InvalidHandError, match="1 agents for a hand of 2 players"):
        play_hand(holdem.Hand(NO_LIMIT, [100, 100], seed=1), [CallingStation()])


def test_names_and_sizes():
    assert agent_name(TightBot()) == "tight" and agent_name(all_in) == "all_in"
    assert agent_name(CallingStation().act) == "act"
    hand = holdem.Hand(NO_LIMIT, [100, 100, 100], seed=1)
    hand.raise_to(6)
    view = hand.view(0)
    # Pot after calling: 6 + 1 + 2 + 5 to call = 14; a pot raise is to 6 + 14.
    assert pot_raise_to(view) == 20 and pot_raise_to(view, 0) == 10
    hand.fold(), hand.fold()
    with pytest.raises(AgentError, match="may not bet or raise"):
        pot_raise_to(hand.view(0))


def test_bots_are_reproducible_from_their_streams():
    def decisions(bot):
        bot.reset(holdem.Rng(3))
        rng = holdem.Rng(4)
        return [bot.act(holdem.Hand(NO_LIMIT, [100, 100, 100], seed=rng.random_raw()).view(2)) for _ in range(50)]

    assert decisions(RandomBot()) == decisions(RandomBot(seed=99))
    assert decisions(EquityBot(samples=200)) == decisions(EquityBot(samples=200))
