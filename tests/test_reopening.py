"""Whether a short all-in raise reopens the betting: the seeds' rule, ACPC's and PokerKit's.

Seed 004: «Si un jugador va all-in por menos que una subida completa, por lo
general no reabre la acción para quienes ya actuaron, salvo que las reglas
locales indiquen lo contrario.»
"""

from __future__ import annotations

import pytest

from holdem.actions import IllegalActionError
from holdem.formats.acpc import GameDef
from holdem.hand import Hand
from holdem.rules import Reopening, Rules


def short_all_in_preflop(reopening: Reopening, all_in: int) -> Hand:
    """10/20, stacks 1000/1000/1000/25: UTG calls 20, the button is all in, both blinds call."""
    hand = Hand(Rules.no_limit(10, 20, reopening=reopening), [1000, 1000, 1000, all_in], 3, seed=1)
    hand.call()
    hand.raise_to(all_in)
    hand.call()
    hand.call()
    assert hand.actor == 2
    return hand


@pytest.mark.parametrize("all_in", [25, 30, 39])
def test_seeds_short_all_in_preflop_does_not_reopen_for_the_caller(all_in: int) -> None:
    hand = short_all_in_preflop(Reopening.SEEDS, all_in)
    legal = hand.legal_actions()
    assert legal.call == all_in - 20 and legal.min_raise_to is None
    with pytest.raises(IllegalActionError, match="short all-in did not reopen"):
        hand.raise_to(100)
    hand.call()
    assert hand.street == 1


def test_seeds_full_all_in_preflop_reopens() -> None:
    hand = short_all_in_preflop(Reopening.SEEDS, 40)
    assert hand.legal_actions().min_raise_to == 60


def test_seeds_short_all_in_over_a_straddle_does_not_reopen() -> None:
    # 1/2 with a UTG straddle of 4: the straddle is the last full bet.
    hand = Hand(Rules.no_limit(1, 2, straddles=(4,), voluntary_straddles=False), [100, 100, 100, 100, 6], 4, seed=1)
    hand.call()
    hand.raise_to(6)
    hand.call()
    hand.call()
    assert hand.legal_actions().min_raise_to == 10  # the straddle has not acted yet
    hand.call()
    assert hand.actor == 3 and hand.legal_actions().min_raise_to is None


@pytest.mark.parametrize(("reopening", "min_raise_to"), [(Reopening.ACPC, 40), (Reopening.POKERKIT, 45)])
def test_other_rules_reopen_preflop(reopening: Reopening, min_raise_to: int) -> None:
    # ACPC: the next raise-to is the larger of the minimum before (40) and 25 + 5;
    # PokerKit: the all-in is the first raise of the round, a full one (25 + 20).
    hand = short_all_in_preflop(reopening, 25)
    assert hand.legal_actions().min_raise_to == min_raise_to
    hand.raise_to(min_raise_to)


def test_acpc_measures_the_next_raise_from_a_short_all_in() -> None:
    # After the flop: a bet of 100, a raise to 300 (by 200), a short all-in to 400.
    rules = Rules.no_limit(50, 100, reopening=Reopening.ACPC)
    hand = Hand(rules, [500, 5000, 5000], 0, seed=1)
    hand.call(), hand.call(), hand.check()
    hand.raise_to(100), hand.raise_to(300), hand.raise_to(400)
    # The player who bet 100 may raise again; the least raise-to is max(300 + 200, 400 + 100).
    assert hand.actor == 1 and hand.legal_actions().min_raise_to == 500
    seeds = Hand(Rules.no_limit(50, 100), [500, 5000, 5000], 0, seed=1)
    seeds.call(), seeds.call(), seeds.check()
    seeds.raise_to(100), seeds.raise_to(300), seeds.raise_to(400)
    assert seeds.actor == 1 and seeds.legal_actions().min_raise_to == 600
    seeds.call()
    assert seeds.actor == 2 and seeds.legal_actions().min_raise_to is None


@pytest.mark.parametrize(
    ("stack", "seeds", "acpc", "pokerkit"),
    [(10, True, True, False), (9, False, True, False)],  # all in for half a bet (2 of 4), for less (1)
)
def test_fixed_limit_short_all_in(stack: int, seeds: bool, acpc: bool, pokerkit: bool) -> None:
    # Seeds (card rooms): an all-in of at least half a bet is a full raise; PokerKit: only a full one.
    for reopening, may_raise in [(Reopening.SEEDS, seeds), (Reopening.ACPC, acpc), (Reopening.POKERKIT, pokerkit)]:
        hand = Hand(Rules.fixed_limit(4, 8, reopening=reopening), [100, 100, stack], 2, seed=5)
        hand.call(), hand.call(), hand.check()
        hand.check(), hand.raise_to(4), hand.raise_to(stack - 4), hand.call()
        assert hand.actor == 1 and (hand.legal_actions().min_raise_to is not None) is may_raise, reopening


def test_games_from_acpc_definitions_use_acpc_reopening() -> None:
    game = GameDef("nolimit", 3, 4, (50, 100, 0), (3, 1, 1, 1), stacks=(20000, 2000, 20000))
    assert game.rules().reopening is Reopening.ACPC
    assert GameDef.from_rules(Rules.no_limit(50, 100), 3, [20000, 2000, 20000]) == game


def test_reopening_is_checked() -> None:
    assert Rules.no_limit(1, 2, reopening="acpc").reopening is Reopening.ACPC
    with pytest.raises(ValueError, match="reopening 'card-room': use one of 'seeds', 'acpc', 'pokerkit'"):
        Rules.no_limit(1, 2, reopening="card-room")


@pytest.mark.parametrize(
    ("reopening", "bounds"), [(Reopening.ACPC, (2300, 3000)), (Reopening.SEEDS, None), (Reopening.POKERKIT, None)]
)
def test_acpc_allows_a_raise_while_another_player_has_chips_behind(reopening: Reopening, bounds: object) -> None:
    # The reference game.c: a raise is valid while two players can still act, whatever they
    # can call.  Stacks 500/1200/3000: the small blind has chips behind after an all-in to 1200.
    hand = Hand(Rules.no_limit(50, 100, reopening=reopening), [500, 1200, 3000], 2, seed=1)
    hand.call(), hand.call(), hand.raise_to(1200)
    legal = hand.legal_actions()
    assert legal.seat == 2 and (legal.min_raise_to, legal.max_raise_to) == (bounds or (None, None))
    if bounds is None:
        with pytest.raises(IllegalActionError, match="no other player still in can put in more than the current bet"):
            hand.raise_to(2300)
        return
    hand.raise_to(2300)
    assert hand.legal_actions().call == 400 and hand.legal_actions().min_raise_to is None
    hand.call()
    assert hand.is_over or hand.actor is None
