"""The rules of the seed texts, each cited by file and sentence, with its right case and its wrong one.

The texts: ``000`` (a Texas Hold'em guide), ``002`` (limit Texas Hold'em) and
``004`` (Texas Hold'em rules, with the card-room procedures).
"""

from __future__ import annotations

import argparse
import io

import pytest

from holdem.actions import Action, ActionKind, IllegalActionError
from holdem.agents import ask_straddles, play_hand
from holdem.cards import Deck, format_cards, parse_cards
from holdem.errors import (
    DuplicateCardError,
    InvalidHandError,
    InvalidHistoryError,
    InvalidRulesError,
    TableError,
    TournamentError,
)
from holdem.cli.play import add_to
from holdem.formats import phh
from holdem.hand import Hand
from holdem.match import play_match
from holdem.rules import Rules, Structure
from holdem.table import Table
from holdem.tournament import BlindSchedule, Level, Tournament
from holdem.views import position_names

NL = Rules.no_limit(1, 2)


def kinds(hand: Hand) -> list[str]:
    return [action.kind.value for action in hand.history]


# --- 000: «los jugadores ya abren sus cartas de mano y el crupier revela gradualmente
# --- todas las cartas comunitarias» -------------------------------------------------------


def test_000_all_in_hands_are_shown_before_the_rest_of_the_board():
    hand = Hand(NL, [50, 50, 50], hole_cards=["AsAd", "KcKd", "7h2c"])
    hand.fold()  # seat 2
    hand.all_in()  # seat 0
    hand.call()  # seat 1: no more betting, the board is not dealt yet
    assert hand.cards_needed == 3 and not hand.is_over
    # Right: both hands are face up now; wrong: waiting for the board to show them.
    assert hand.shown_cards() == {0: parse_cards("AsAd"), 1: parse_cards("KcKd")}
    assert hand.view(2).shown == hand.shown_cards()
    assert hand.view(2).history[-1].kind is ActionKind.SHOW
    for cards in ("2d7s9c", "Jh", "3s"):
        hand.deal_board(cards)
    history = kinds(hand)
    assert history.index("show") < history.index("deal-board")
    assert hand.is_over and hand.stacks == (100, 0, 50)


def test_000_a_hand_still_able_to_bet_is_not_shown():
    hand = Hand(NL, [50, 200, 200], hole_cards=["AsAd", "KcKd", "7h2c"])
    hand.fold()
    hand.all_in()
    hand.call()  # seat 1 covers seat 0 and has chips behind, but no one is left to bet against
    assert hand.shown_cards().keys() == {0, 1}
    hand = Hand(NL, [50, 200, 200], hole_cards=["AsAd", "KcKd", "7h2c"])
    hand.raise_to(50)  # seat 2
    hand.call()  # seat 0, all in
    hand.call()  # seat 1: seats 1 and 2 can still bet after the flop
    assert hand.shown_cards() == {} and hand.cards_needed == 3


def test_000_manual_showdown_waits_for_the_hands_before_the_run_out():
    hand = Hand(NL, [50, 50], hole_cards=["AsAd", "KcKd"], manual_showdown=True)
    hand.all_in()
    hand.call()
    assert hand.showdown_seats == (1, 0) and hand.cards_needed == 0
    hand.show(1)
    hand.muck(0)
    assert hand.cards_needed == 3  # the board comes after the hands
    for cards in ("2d7s9c", "Jh", "3s"):
        hand.deal_board(cards)
    assert hand.is_over and hand.stacks == (0, 100)
    again = Hand.replay(NL, [50, 50], hand.history, manual_showdown=True)
    assert again.history == hand.history


# --- 004: «Un straddle es una ciega voluntaria antes del reparto»: a zero is no straddle ---------


def test_004_a_zero_straddle_is_no_straddle():
    rules = Rules.no_limit(1, 2, straddles=(0,))
    assert rules == NL
    hand = Hand(rules, [100, 100, 100], seed=1)
    # Right: the button (seat 2) acts first and the big blind last; wrong: the small blind first.
    assert hand.actor == 2
    hand.call(), hand.call()
    assert hand.actor == 1 and hand.legal_actions().check
    hand.check()
    again = phh.loads(phh.dumps(hand)).hand
    assert again.rules == rules and again.history == hand.history


# --- 004: «debe "postear" las ciegas y antes perdidos para reincorporarse de inmediato, o puede
# --- esperar a que le llegue la BB» ------------------------------------------------------------


def fold_around(table: Table) -> None:
    while table.hand is not None:
        table.act(table.actor, "fold" if table.hand.legal_actions().fold else "check")


def table_with_antes() -> Table:
    table = Table(Rules.no_limit(1, 2, ante=1), seats=4, seed=0)
    for seat, name in enumerate("ABCD"):
        table.join(name, seat, 100)
    table.start_hand()
    fold_around(table)
    table.sit_out("D")
    for _ in range(5):  # D misses five hands, both blinds among them
        table.start_hand()
        fold_around(table)
    assert table.missed_blinds("D") == (True, True)
    return table


def test_004_a_returning_player_posts_the_missed_blinds_and_antes():
    table = table_with_antes()
    table.come_back("D", post=True)
    # Right: the big blind live, the small blind and every missed ante dead (five at 1 each);
    # wrong: no antes, or only some of them.
    assert table.next_deal().posts == {3: (2, 1 + 5)}
    table.start_hand()
    hand = table.hand
    dead = [action.amount for action in hand.history if action.kind is ActionKind.POST_DEAD]
    assert dead == [6] and sum(hand.stacks) + hand.pot_total + sum(hand.bets) == 400
    fold_around(table)
    table.start_hand()
    assert table.hands[-1].deal.posts == {}  # paid once


def test_004_or_waits_for_the_big_blind_and_owes_nothing():
    table = table_with_antes()
    table.come_back("D")
    assert table.is_waiting("D")
    while 3 not in table.next_deal().seats:
        table.start_hand()
        fold_around(table)
    assert table.next_deal().big_blind == 3 and table.next_deal().posts == {}


def back_as_the_big_blind_reaches(table: Table, name: str, post: bool) -> int:
    """Deal hands while ``name`` sits out until the big blind reaches them; bring them back; return the hands missed."""
    missed = 0
    while True:
        table.come_back(name, post=post)
        if table.next_deal().big_blind == table.seat_of(name):
            return missed
        table.sit_out(name)
        table.start_hand()
        fold_around(table)
        missed += 1


@pytest.mark.parametrize("post", [True, False])
def test_004_posting_in_the_big_blind_costs_no_more_than_waiting_for_it(post):
    table = table_with_antes()
    for _ in range(5):  # ten hands away in all
        table.start_hand()
        fold_around(table)
    assert back_as_the_big_blind_reaches(table, "D", post) >= 0
    # Right: in the big blind D posts it and the hand's ante, as a player who waited does;
    # wrong: the missed antes on top when posting.
    assert table.next_deal().posts == {}
    hand = table.start_hand()
    assert hand.starting_stacks[3] - hand.stacks[3] == 2 + 1


def test_004_every_missed_ante_is_owed_however_long_the_absence():
    """Found by an audit: a player away for three hands of ante 1 who came back posting paid two antes."""
    table = table_with_antes()
    for _ in range(30):
        table.start_hand()
        fold_around(table)
    table.come_back("D", post=True)
    # Right: the 35 antes missed, dead; wrong: a big blind's worth of them (2).
    assert table.next_deal().posts == {3: (2, 1 + 35)}


def test_a_cap_on_the_missed_antes_is_an_option_off_by_default():
    table = Table(Rules.no_limit(1, 2, ante=1), seats=4, seed=0, missed_antes_cap=2)
    for seat, name in enumerate("ABCD"):
        table.join(name, seat, 100)
    table.start_hand()
    fold_around(table)
    table.sit_out("D")
    for _ in range(5):
        table.start_hand()
        fold_around(table)
    table.come_back("D", post=True)
    assert table.next_deal().posts == {3: (2, 1 + 2)}
    with pytest.raises(TableError, match="missed_antes_cap"):
        Table(NL, missed_antes_cap=-1)


def test_004_with_a_moving_button_a_missed_big_blind_is_posted_in_the_small_blind_seat():
    """Found by an audit: back in the small-blind seat, the player posted only the small blind and
    the missed big blind was forgiven."""
    table = Table(NL, seats=5, seed=0, button_rule="moving")
    for seat, name in enumerate("ABCDE"):
        table.join(name, seat, 100)
    table.start_hand()  # button A, blinds B and C
    fold_around(table)
    table.sit_out("E")
    table.start_hand()  # button B, blinds C and D
    fold_around(table)
    table.start_hand()  # button C, the small blind D, the big blind passes E to A
    fold_around(table)
    assert table.missed_blinds("E") == (False, True)
    table.come_back("E", post=True)
    deal = table.next_deal()
    assert (deal.button, deal.small_blind, deal.big_blind) == (3, 4, 0)
    # Right: E's small blind made up to the big blind owed (live); wrong: the small blind alone.
    assert deal.posts == {4: (1, 0)}
    hand = table.start_hand()
    seat = table.hands[-1].deal.seats.index(4)
    assert hand.bets[seat] == 2 and table.missed_blinds("E") == (False, False)
    assert hand.starting_stacks[seat] - hand.stacks[seat] == 2


# --- showdown order: 000 «comenzando por el jugador que subió por última vez ("showdown"). Si
# --- nadie subió, el primer jugador a la izquierda del crupier revela sus cartas»; 004 «Muestra
# --- primero quien realizó la última acción agresiva en el river. Si no hubo apuesta en el
# --- river, suele revelar primero el primer jugador activo a la izquierda del botón»; 002 «el
# --- jugador posicionado a la derecha del botón deberá ser el primero» ------------------------


def shows(hand: Hand) -> list[int]:
    return [action.seat for action in hand.history if action.kind in (ActionKind.SHOW, ActionKind.MUCK)]


def checked_down(rules: Rules) -> Hand:
    hand = Hand(rules, [100] * 4, hole_cards=["2c3d", "4h5s", "KcKd", "AsAd"], board="7c8d9hJsQs")
    while not hand.is_over:
        hand.check_or_call()
    return hand


def test_000_004_no_bet_on_the_river_the_first_seat_left_of_the_button_shows_first():
    # Button seat 3; right: seats 0, 1, 2, 3 in turn (0 and 1 show as they cannot be beaten yet).
    assert shows(checked_down(NL)) == [0, 1, 2, 3]


def test_000_004_the_last_aggressor_on_the_river_shows_first():
    hand = Hand(NL, [100] * 4, hole_cards=["2c3d", "4h5s", "KcKd", "AsAd"], board="7c8d9hJsQs")
    while hand.street < 3:
        hand.check_or_call()
    hand.check(), hand.check(), hand.raise_to(10)  # seat 2 bets
    hand.call(), hand.call(), hand.call()
    assert shows(hand)[0] == 2 and shows(hand)[1:] == [3, 0, 1]


def test_002_option_the_first_seat_right_of_the_button_shows_first():
    hand = checked_down(Rules.no_limit(1, 2, showdown_order="right-of-button", all_hands_show=True))
    # Right: seat 2 (right of the button, seat 3), then clockwise; wrong: seat 0 first.
    assert shows(hand) == [2, 3, 0, 1]


# --- 000: «No tiene que revelar sus cartas de mano, pero puede hacerlo si quiere» -----------------


def test_000_a_winner_without_showdown_may_show_and_everyone_sees():
    hand = Hand(NL, [100, 100, 100], hole_cards=["AsAd", "KcKd", "7h2c"])
    hand.raise_to(6)  # seat 2
    hand.fold(), hand.fold()
    assert hand.is_over and hand.shown_cards() == {}  # right: not shown unless it wants to
    with pytest.raises(IllegalActionError):
        hand.show(0)  # wrong: a loser who folded
    assert hand.show(2) == Action(ActionKind.SHOW, 2, 0, parse_cards("7h2c"))
    assert hand.view(0).shown == {2: parse_cards("7h2c")}
    with pytest.raises(IllegalActionError, match="already"):
        hand.show(2)
    again = phh.loads(phh.dumps(hand)).hand
    assert again.history == hand.history


def test_000_a_table_winner_may_show_after_the_hand():
    table = Table(NL, seats=3, seed=0)
    for seat, name in enumerate("ABC"):
        table.join(name, seat, 100)
    table.start_hand()
    winner = table.actor
    table.act(winner, "raise", 6)
    fold_around(table)
    with pytest.raises(IllegalActionError):
        table.show(next(name for name in "ABC" if name != winner))
    shown = table.show(winner)
    assert table.hands[-1].hand.view(0).shown == {shown.seat: shown.cards}


# --- 004: «En mesa completa "10-max" escucharás Under the Gun (UTG), UTG2, UTG3, Middle Position
# --- (MP), Lowjack (LJ), Hijack (HJ) y Cutoff (CO)… En heads-up, el botón publica la ciega
# --- pequeña»; «Preflop habla primero UTG; postflop, habla primero la SB» -----------------------


def test_004_ten_max_position_names():
    hand = Hand(NL, [100] * 10, seed=1)
    assert hand.positions == ("SB", "BB", "UTG", "UTG2", "UTG3", "MP", "LJ", "HJ", "CO", "BTN")


@pytest.mark.parametrize("count", range(2, 11))
def test_004_position_names_at_every_player_count(count):
    hand = Hand(NL, [100] * count, button=count // 2, seed=1)
    names = hand.positions
    assert len(set(names)) == count and names[hand.button].startswith("BTN")
    posted = {action.seat: action.amount for action in hand.history if action.kind is ActionKind.POST_BLIND}
    if count == 2:
        # Right: the button posts the small blind; wrong: the other seat.
        assert names[hand.button] == "BTN/SB" and posted[hand.button] == 1
        assert names[1 - hand.button] == "BB"
    else:
        assert posted == {names.index("SB"): 1, names.index("BB"): 2}
    if count > 3:
        assert names[hand.actor] == "UTG"  # first to speak preflop
    assert hand.view(0).positions == names


def test_004_only_the_seeds_names_even_past_ten_positions():
    # Ten players and a dead small blind: eight seats between the big blind and the button, one
    # more than the text names. Right: a second middle position; wrong: an invented "UTG4".
    names = position_names(10, small_blind=False)
    assert names == ("BB", "UTG", "UTG2", "UTG3", "MP", "MP", "LJ", "HJ", "CO", "BTN")
    seed_names = {"SB", "BB", "UTG", "UTG2", "UTG3", "MP", "LJ", "HJ", "CO", "BTN", "BTN/SB"}
    for count in range(2, 11):
        for small_blind in (True, False):
            assert set(position_names(count, small_blind=small_blind)) <= seed_names


def test_004_six_max_has_fewer_early_positions():
    assert Hand(NL, [100] * 6, seed=1).positions == ("SB", "BB", "UTG", "HJ", "CO", "BTN")


def test_004_position_names_in_the_log():
    hand = Hand(NL, [100] * 3, hole_cards=["AsAd", "KcKd", "7h2c"])
    assert "Dealt to Player 1 (SB) [As Ad]" in hand.log() and "Dealt to Player 3 (BTN) [7h 2c]" in hand.log()


# --- 004: «Un straddle es una ciega voluntaria antes del reparto, normalmente 2× la BB y suele
# --- venir del jugador UTG. Algunas salas permiten straddle del botón o "Mississippi straddle"
# --- con órdenes de acción distintos» ----------------------------------------------------------

VOLUNTARY = Rules.no_limit(1, 2, straddles=(4,))  # straddles are voluntary by default


def test_004_a_voluntary_straddle_is_posted_only_when_chosen():
    declined = Hand(VOLUNTARY, [100] * 4, seed=1)
    # Right: no straddle unless the player chooses; wrong: forced on UTG every hand.
    assert declined.bets == (1, 2, 0, 0) and declined.actor == 2 and declined.straddles == ()
    straddled = Hand(VOLUNTARY, [100] * 4, seed=1, straddles=(4,))
    assert straddled.bets == (1, 2, 4, 0) and straddled.actor == 3
    assert straddled.legal_actions().min_raise_to == 8  # the straddle is the last full bet
    straddled.call(), straddled.call(), straddled.call()
    assert straddled.actor == 2 and straddled.legal_actions().check  # the straddler acts last


def test_004_a_straddle_the_house_does_not_allow_is_refused():
    with pytest.raises(InvalidHandError, match="what the rules allow"):
        Hand(VOLUNTARY, [100] * 4, seed=1, straddles=(6,))
    with pytest.raises(InvalidHandError, match="what the rules allow"):
        Hand(VOLUNTARY, [100] * 4, seed=1, straddles=(4, 8))
    with pytest.raises(InvalidHandError, match="force"):
        Hand(Rules.no_limit(1, 2, straddles=(4,), voluntary_straddles=False), [100] * 4, seed=1, straddles=(4,))
    with pytest.raises(TypeError):
        Hand(VOLUNTARY, [100] * 4, seed=1, straddles=(4.0,))


def test_004_a_button_straddle_moves_the_first_action():
    rules = Rules.no_limit(1, 2, straddles=(0, 0, 0, 4), voluntary_straddles=True)
    hand = Hand(rules, [100] * 6, seed=1, straddles=(0, 0, 0, 4))
    # Right: the button (seat 5) straddles and the small blind speaks first; wrong: UTG first.
    assert hand.bets[5] == 4 and hand.actor == 0 and hand.positions[5] == "BTN"


def test_004_a_straddle_position_the_table_lacks_is_skipped():
    heads_up = Hand(VOLUNTARY, [100, 100], seed=1, straddles=(4,))
    assert heads_up.straddles == () and sorted(heads_up.bets) == [1, 2]
    table = Table(VOLUNTARY, seats=2, seed=0)
    table.join("A", 0, 100)
    table.join("B", 1, 100)
    assert table.start_hand().straddles == ()  # wrong: an error for the missing seat


def test_004_at_a_table_a_player_declares_the_straddle_before_the_deal():
    table = Table(VOLUNTARY, seats=4, seed=0)
    for seat, name in enumerate("ABCD"):
        table.join(name, seat, 100)
    with pytest.raises(TableError, match="straddle position"):
        table.straddle("A")  # the button, not under the gun
    assert table.straddle("D") == 4
    assert table.start_hand().bets == (0, 1, 2, 4)
    fold_around(table)
    assert table.start_hand().straddles == ()  # declared for one hand only
    with pytest.raises(TableError, match="between hands"):
        table.straddle("A")
    forced = Table(Rules.no_limit(1, 2, straddles=(4,), voluntary_straddles=False), seats=4, seed=0)
    forced.join("A", 0, 100)
    with pytest.raises(TableError, match="force"):
        forced.straddle("A")
    none = Table(NL, seats=4, seed=0)
    none.join("A", 0, 100)
    with pytest.raises(TableError, match="no straddles"):
        none.straddle("A")


def test_004_an_agent_is_asked_whether_it_straddles():
    class Straddler:
        asked: list[tuple[int, int]] = []

        def straddle(self, seat, amount):
            self.asked.append((seat, amount))
            return True

        def act(self, view):
            return "check" if view.legal_actions.check else "fold"

    agents = [Straddler() for _ in range(4)]
    assert ask_straddles(agents, VOLUNTARY, button=0) == (4,)
    assert Straddler.asked == [(3, 4)]  # only the player under the gun is asked
    assert ask_straddles(agents, NL) is None
    result = play_match(agents, 4, rules=VOLUNTARY, seed=1, workers=1, progress=False, phh_file=io.StringIO())
    assert result.hands == 4 and len(Straddler.asked) == 5


# --- holdem play offers both decisions ----------------------------------------------------------


def play(argv: list[str], typed: str, monkeypatch) -> None:
    parser = argparse.ArgumentParser(prog="holdem")
    add_to(parser.add_subparsers())
    arguments = parser.parse_args(["play", *argv])
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    arguments.run(arguments)


def test_004_holdem_play_asks_you_to_straddle(monkeypatch, capsys):
    play(["--bots", "station", "--players", "3", "--hands", "1", "--seed", "3", "--straddle", "4"], "y\n" + "c\n" * 8,
         monkeypatch)  # fmt: skip
    out = capsys.readouterr().out
    assert "straddle 4 under the gun? [y/N]" in out and "you post 4" in out


def test_004_holdem_play_asks_you_how_many_runs(monkeypatch, capsys):
    play(["--bots", "station", "--hands", "1", "--seed", "3", "--runs", "2"], "a\n3\n2\n", monkeypatch)
    out = capsys.readouterr().out
    # The station bot does not agree: the board is run once.
    assert "type a number from 1 to 2" in out and "you ask for 2 run(s)" in out
    assert "the board is run once" in out and "you played 1 hand(s)" in out


# --- 004: «Algunas permiten "run it twice" cuando hay all-in si todos los implicados lo aceptan
# --- antes de repartir tableros adicionales; otras lo prohíben» --------------------------------

BY_AGREEMENT = Rules.no_limit(1, 2, runouts=3, runs_by_agreement=True)


def all_in_heads_up(rules: Rules = BY_AGREEMENT) -> Hand:
    hand = Hand(rules, [100, 100], seed=5)
    hand.all_in()
    hand.call()
    return hand


def test_004_the_board_is_run_twice_when_all_agree():
    hand = all_in_heads_up()
    assert hand.runs_pending == (0, 1) and hand.actor is None and hand.board == ()
    assert hand.shown_cards() == {}  # the agreement comes before the hands are turned up
    hand.agree_runs(0, 2)
    hand.agree_runs(1, 2)
    assert hand.is_over and hand.runs == 2 and len(hand.boards) == 2
    history = kinds(hand)
    assert history.index("runs") < history.index("show") < history.index("deal-board")
    assert Action(ActionKind.RUNS, None, 2) in hand.history
    assert [a for a in hand.view(1).history if a.kind is ActionKind.RUNS] == [
        Action(ActionKind.RUNS, 0, 2), Action(ActionKind.RUNS, 1, 2), Action(ActionKind.RUNS, None, 2)
    ]  # fmt: skip
    again = Hand.replay(BY_AGREEMENT, [100, 100], hand.history)
    assert again.history == hand.history and again.boards == hand.boards


def test_004_without_agreement_the_board_is_run_once():
    hand = all_in_heads_up()
    hand.agree_runs(0, 3)
    hand.agree_runs(1, 2)  # wrong: running it 2 or 3 times without everyone accepting
    assert hand.is_over and hand.runs == 1 and len(hand.boards) == 1
    hand = all_in_heads_up()
    hand.agree_runs(1, 1)
    hand.agree_runs(0, 2)
    assert len(hand.boards) == 1


def test_004_a_refused_agreement_changes_nothing():
    hand = all_in_heads_up()
    before = (hand.history, hand.runs_pending)
    for seat, runs in ((0, 4), (0, 0), (2, 2)):
        with pytest.raises(IllegalActionError):
            hand.agree_runs(seat, runs)
    with pytest.raises(TypeError):
        hand.agree_runs(0, 2.0)
    with pytest.raises(IllegalActionError, match="say how many runs"):
        hand.call()
    assert (hand.history, hand.runs_pending) == before
    hand.agree_runs(0, 2)
    with pytest.raises(IllegalActionError):
        hand.agree_runs(0, 2)  # said already


def test_004_agents_and_tables_agree_on_runs():
    class Twice:
        def act(self, view):
            return ("raise", view.legal_actions.max_raise_to) if view.legal_actions.min_raise_to else "call"

        def agree_runs(self, view, most):
            return 2

    hand = Hand(BY_AGREEMENT, [100, 100], seed=5)
    play_hand(hand, [Twice(), Twice()])
    assert hand.is_over and len(hand.boards) == 2
    hand = Hand(BY_AGREEMENT, [100, 100], seed=5)
    play_hand(hand, [Twice(), lambda view: "call"])  # no hook: one run asked for
    assert hand.is_over and len(hand.boards) == 1
    table = Table(BY_AGREEMENT, seats=2, seed=0)
    table.join("A", 0, 100)
    table.join("B", 1, 100)
    table.start_hand()
    table.act(table.actor, "raise", 100)
    table.act(table.actor, "call")
    table.agree_runs("A", 2)
    table.agree_runs("B", 2)
    assert table.hand is None and len(table.hands[-1].hand.boards) == 2 and sum(table.stacks().values()) == 200


# --- tournaments of every structure, big-blind antes in a level, and a cash table on a schedule:
# --- 000 «La apuesta mínima se puede aumentar en el transcurso de la noche de juego… Sin embargo,
# --- el aumento solo se aplica a la siguiente ronda de juego ("mano") y nunca se introduce dentro
# --- de una ronda de juego actual»; 004 «un único big blind ante (BBA) publicado por la BB» ------

SCHEDULE = BlindSchedule([Level(10, 20), Level(20, 40, ante=40, big_blind_ante=True)], hands_per_level=1)


@pytest.mark.parametrize(
    "rules, structure",
    [
        (Rules.fixed_limit(2, 4), Structure.FIXED_LIMIT),
        (Rules.pot_limit(1, 2), Structure.POT_LIMIT),
        (None, Structure.NO_LIMIT),
    ],
)
def test_tournaments_of_every_structure(rules, structure):
    tournament = Tournament(["a", "b", "c"], 1000, SCHEDULE, seed=1, rules=rules)
    hand = tournament.start_hand()
    assert hand.rules.structure is structure and hand.rules.big_blind == 20
    if structure is Structure.FIXED_LIMIT:
        assert (hand.rules.small_bet, hand.rules.big_bet) == (20, 40)
    while tournament.table.hand is not None:
        legal = hand.legal_actions()
        tournament.act(tournament.table.actor, "check" if legal.check else "fold")
    hand = tournament.start_hand()
    # The big-blind ante level: the big blind alone posts one ante.
    antes = [action for action in hand.history if action.kind is ActionKind.POST_ANTE]
    assert hand.rules.big_blind_ante and len(antes) == 1 and antes[0].amount == 40
    assert hand.rules.structure is structure


# --- 002: «Durante la primera ronda lo llamaremos «small bet» y corresponde al importe de la ciega
# --- pequeña»; «la «big bet», que corresponde al doble del importe de la small bet» ---------------


@pytest.mark.parametrize("small_bet, bets", [("small-blind", [(10, 20), (20, 40), (50, 100)]),
                                             ("big-blind", [(20, 40), (40, 80), (100, 200)])])
def test_002_a_limit_tournament_keeps_the_texts_bets_at_every_level(small_bet, bets):
    levels = [Level(10, 20), Level(20, 40), Level(50, 100, ante=10)]
    schedule = BlindSchedule(levels, hands_per_level=1, small_bet=small_bet)
    tournament = Tournament(["a", "b", "c"], 1000, schedule, seed=1, rules=Rules.fixed_limit(2, 4))
    played = []
    for _ in range(3):
        hand = tournament.start_hand()
        played.append((hand.rules.small_bet, hand.rules.big_bet))
        legal = hand.legal_actions()
        # Right (the text's option): raises of the small blind preflop; wrong: of the big blind.
        assert legal.min_raise_to == legal.current_bet + played[-1][0]
        fold_around(tournament.table)
    assert played == bets
    with pytest.raises(TournamentError, match="small_bet"):
        BlindSchedule(levels, hands_per_level=1, small_bet="ante")


# --- 000: «Determina a qué asiento se le debe asignar la tarjeta más baja. La siguiente carta superior
# --- se asigna al espacio a la izquierda y luego en el sentido de las agujas del reloj» -----------------


def test_000_a_tournament_says_which_seat_the_lowest_card_takes():
    names = ["ann", "bob", "cy", "dee"]
    tournament = Tournament(names, 1000, SCHEDULE, seed=5, seats=9, first_seat=7)
    by_card = sorted(tournament.draws, key=lambda draw: (draw.card // 4 + 1) % 13)  # ace low
    # Right: the ace of spades at seat 7, then clockwise; wrong: at seat 0.
    assert [draw.seat for draw in by_card] == [7, 8, 0, 1]
    assert {draw.name: draw.seat for draw in tournament.draws} == {
        name: seat for seat, name in tournament.table.players().items()
    }
    for first_seat, error in ((9, TournamentError), (-1, TournamentError), (1.0, TypeError), (True, TypeError)):
        with pytest.raises(error, match="first"):
            Tournament(names, 1000, SCHEDULE, seats=9, first_seat=first_seat)


def test_a_tournament_takes_its_tables_options():
    tournament = Tournament(
        ["ann", "bob", "cy"], 1000, SCHEDULE, seed=1, out_of_turn="held", button_after_misdeal="stays",
        missed_small_blind="live", missed_big_blind="dead", missed_antes_cap=5, button_rule="moving",
    )  # fmt: skip
    table = tournament.table
    options = (table.out_of_turn, table.button_after_misdeal, table.missed_small_blind, table.missed_big_blind,
               table.missed_antes_cap, table.button_rule)  # fmt: skip
    assert options == ("held", "stays", "live", "dead", 5, "moving")
    tournament.start_hand()
    waiting = next(name for name in table.hands[-1].names if name != table.actor)
    assert tournament.act(waiting, "fold") is None and waiting in table.held  # held out of turn
    with pytest.raises(TableError, match="out_of_turn"):
        Tournament(["ann", "bob"], 1000, SCHEDULE, out_of_turn="never")


def test_000_a_cash_table_raises_its_blinds_from_the_next_hand():
    now = [0.0]
    schedule = BlindSchedule([Level(1, 2), Level(2, 4)], seconds_per_level=600)
    table = Table(NL, seats=3, seed=0, clock=lambda: now[0], schedule=schedule)
    for seat, name in enumerate("ABC"):
        table.join(name, seat, 200)
    hand = table.start_hand()
    now[0] = 601.0  # the level changes during the hand
    assert hand.rules.big_blind == 2 and max(hand.bets) == 2  # right: the hand in progress keeps its blinds
    fold_around(table)
    assert table.level == 1
    assert table.start_hand().rules.big_blind == 4  # wrong would be staying at 2
    with pytest.raises(TableError, match="schedule"):
        Table(NL, schedule=[Level(1, 2)])


# --- 004: «Actuar fuera de turno puede ser vinculante si la acción no cambia de forma material;
# --- de lo contrario, suele anularse» ----------------------------------------------------------


def held_table(out_of_turn: str = "held") -> Table:
    table = Table(NL, seats=4, seed=1, out_of_turn=out_of_turn)
    for seat, name in enumerate("ABCD"):
        table.join(name, seat, 100)
    table.start_hand()  # button A, blinds B and C, D under the gun
    return table


def test_004_out_of_turn_binds_when_nothing_changed():
    table = held_table()
    assert table.act("A", "call") is None and table.held == {"A": ("call", None)}
    table.act("D", "fold")  # only a fold in between: A's call binds
    assert table.hand.history[-1] == Action(ActionKind.CALL, 0, 2) and table.actor == "B"
    assert table.held == {}


def test_004_out_of_turn_is_void_when_the_action_changed():
    table = held_table()
    table.act("A", "call")
    table.act("D", "raise", 6)  # a raise changes the action: A's call is void
    assert table.actor == "A" and table.held == {}
    assert table.hand.history[-1] == Action(ActionKind.RAISE, 3, 6)
    table.act("A", "fold")  # A decides again


def five_held_ahead() -> Table:
    """Five players, the button at D: B under the gun, then C, D, E (the small blind) and A (the big blind)."""
    table = Table(NL, seats=5, seed=1, out_of_turn="held")
    for seat, name in enumerate("ABCDE"):
        table.join(name, seat, 100)
    table.place_button(3)
    table.start_hand()
    assert table.actor == "B"
    assert table.act("A", "call") is None and table.act("D", "call") is None
    return table


@pytest.mark.parametrize("between", [("call", "call"), ("call", "fold"), ("fold", "call"), ("fold", "fold")])
def test_004_out_of_turn_stands_through_calls_and_folds(between):
    """Found by an audit: a call in between voided the held action; read «de forma material» as card
    rooms do, only a bet or a raise changes the action."""
    table = five_held_ahead()
    table.act("B", between[0])
    table.act("C", between[1])
    # Right: D's call binds as the turn reaches D; wrong: void, D to decide again.
    assert table.hand.history[-1] == Action(ActionKind.CALL, 3, 2) and table.actor == "E"
    table.act("E", "call")
    # A's call binds too: a check in the big blind, and the flop.
    assert table.hand.history[-2] == Action(ActionKind.CHECK, 0) and table.hand.street == 1 and table.held == {}


def test_004_out_of_turn_is_void_after_a_raise_before_it():
    table = five_held_ahead()
    table.act("B", "call")
    table.act("C", "raise", 6)
    # Right: the raise voids D's call and, when the turn reaches A, A's; wrong: either played.
    assert table.actor == "D" and table.held == {"A": ("call", None)}
    table.act("D", "fold"), table.act("E", "fold")
    assert table.actor == "A" and table.held == {}
    table.act("A", "fold")


def test_004_out_of_turn_is_refused_by_default():
    table = held_table("refused")
    before = table.hand.history
    with pytest.raises(IllegalActionError, match="may not act now"):
        table.act("A", "call")
    assert table.hand.history == before and table.held == {}
    table = held_table()
    with pytest.raises(IllegalActionError, match="unknown decision"):
        table.act("A", "dance")  # a refused hold changes nothing either
    assert table.held == {}
    with pytest.raises(TableError, match="out_of_turn"):
        Table(NL, out_of_turn="sometimes")


# --- 004: «Son misdeals comunes… El procedimiento típico es detener la mano y volver a repartir,
# --- moviendo el botón como correspondería. Exposiciones menores durante el reparto suelen
# --- corregirse al final del reparto inicial dando al jugador afectado una carta de reemplazo de
# --- la parte superior y usando la expuesta como burn» -------------------------------------------


def test_004_a_misdeal_before_any_action_voids_the_hand():
    hand = Hand(Rules.no_limit(1, 2, ante=1), [100, 100, 100], seed=1)
    hand.misdeal()
    # Right: every chip back; wrong: the blinds and antes lost.
    assert hand.is_over and hand.is_void and hand.stacks == (100, 100, 100) and hand.payoffs == (0, 0, 0)
    assert hand.history[-1] == Action(ActionKind.MISDEAL, None) and "*** MISDEAL ***" in hand.log()
    assert "Total pot 0" in hand.log()
    again = Hand.replay(hand.rules, [100, 100, 100], hand.history)
    assert again.history == hand.history and again.is_void


def test_004_a_misdeal_after_a_voluntary_action_is_refused():
    hand = Hand(NL, [100, 100, 100], seed=1)
    hand.call()
    before = hand.history
    with pytest.raises(IllegalActionError, match="before the first action"):
        hand.misdeal()
    assert hand.history == before and not hand.is_void


def test_004_an_exposed_card_is_replaced_from_the_top_and_burned():
    hand = Hand(NL, [100, 100, 100], seed=4)
    deck = Deck(4).deal(2 * 3 + 8)  # the same shuffle: holes, then the burn card on top
    exposed = hand.hole_cards(1)[0]
    action = hand.replace_exposed(1, format_cards([exposed]))
    # Right: the seat's new card is the top card and the exposed card is out; the flop is unchanged.
    assert hand.hole_cards(1) == (deck[6], hand.hole_cards(1)[1]) and action.cards == (exposed,)
    assert all(exposed in view_cards(hand.view(seat)) for seat in range(3))  # visible to all
    while hand.street == 0:
        hand.check_or_call()
    assert hand.board == tuple(deck[7:10]) and exposed not in hand.board
    again = Hand.replay(NL, [100, 100, 100], hand.history)
    assert again.history == hand.history
    with pytest.raises(IllegalActionError, match="before the first action"):
        hand.replace_exposed(0, format_cards(hand.hole_cards(0)[:1]))


def test_a_wrong_replacement_does_not_reveal_the_top_card():
    hand = Hand(NL, [100, 100, 100], seed=4)
    top = format_cards(Deck(4).deal(2 * 3 + 1)[6:])
    wrong = next(card for card in ("2c", "3c", "4c") if card != top and parse_cards(card)[0] not in hand.hole_cards(1))
    with pytest.raises(IllegalActionError) as refused:
        hand.replace_exposed(1, format_cards(hand.hole_cards(1)[:1]), wrong)
    # Right: the message names no hidden card; wrong: it gives away the top of the deck.
    assert top not in str(refused.value) and "top card" in str(refused.value)


def test_004_an_exposed_card_from_known_cards_needs_its_replacement():
    hand = Hand(NL, [100, 100], hole_cards=["AsAd", "KcKd"])
    with pytest.raises(IllegalActionError, match="replacement"):
        hand.replace_exposed(0, "As")
    with pytest.raises(DuplicateCardError):
        hand.replace_exposed(0, "As", "Kc")
    with pytest.raises(IllegalActionError, match="not one of seat 0"):
        hand.replace_exposed(0, "Qs", "2c")
    hand.replace_exposed(0, "As", "2c")
    with pytest.raises(IllegalActionError, match="misdeal"):
        hand.replace_exposed(1, "Kc", "3c")  # a second exposure: a misdeal
    hand.call(), hand.check()
    with pytest.raises(DuplicateCardError):
        hand.deal_board("As7h9s")  # the exposed card was burned


def view_cards(view) -> set[int]:
    return {card for action in view.history for card in action.cards}


@pytest.mark.parametrize("button, expected", [("moves", 1), ("stays", 0)])
def test_004_a_table_deals_again_after_a_misdeal_and_counts_nothing(button, expected):
    clock = [0.0]
    table = Table(NL, seats=3, seed=0, time_fee=1, clock=lambda: clock[0], button_after_misdeal=button)
    for seat, name in enumerate("ABC"):
        table.join(name, seat, 100)
    misdealt = table.start_hand()
    assert table.button == 0 and table.fees == 3
    table.misdeal()
    # Right: the chips and the fees back, no hand counted; the button as the house rule says.
    assert table.stacks() == {"A": 100, "B": 100, "C": 100} and table.fees == 0 and table.hands == ()
    assert table.misdeals[0].hand is misdealt and misdealt.is_void
    redeal = table.start_hand()
    assert table.button == expected and redeal.hole_cards(0) != misdealt.hole_cards(0)
    assert table.hands[-1].number == 1
    table.act(table.actor, "fold")
    with pytest.raises(IllegalActionError, match="before the first action"):
        table.misdeal()
    with pytest.raises(TableError, match="button_after_misdeal"):
        Table(NL, button_after_misdeal="left")


def four_seats_d_sitting_out() -> Table:
    table = Table(NL, seats=4, seed=0, min_buy_in=20, max_buy_in=200)
    for seat, name in enumerate("ABCD"):
        table.join(name, seat, 100)
    table.start_hand()
    fold_around(table)
    table.sit_out("D")
    table.start_hand()  # its big blind passes D
    return table


def test_004_a_misdeal_undoes_only_what_the_voided_hand_changed():
    table = four_seats_d_sitting_out()
    table.add_chips("D", 50)  # D, not dealt in, acts at the table during the hand
    table.come_back("D", post=True)
    table.misdeal()
    # Right: D's top-up and return stand; wrong: D's record put back as before the deal.
    assert table.stacks() == {"A": 100, "B": 99, "C": 101, "D": 150} and table.results()["D"].bought_in == 150
    assert 3 in table.next_deal().seats
    table = four_seats_d_sitting_out()
    chips = table.leave("D")
    table.misdeal()
    assert chips == 100 and table.results()["D"].cashed_out == 100 and table.results()["D"].stack == 0


def test_004_a_misdeal_gives_back_the_time_fee_of_a_player_not_dealt_in():
    clock = [0.0]
    table = Table(NL, seats=4, seed=0, max_buy_in=200, time_fee=1, fee_period=60, clock=lambda: clock[0])
    for seat, name in enumerate("ABCD"):
        table.join(name, seat, 100)
    table.start_hand()  # everyone pays the first period; D, under the gun, folds
    fold_around(table)
    table.sit_out("D")
    clock[0] = 60.0
    table.start_hand()  # every seated player pays a second period, D too
    table.add_chips("D", 50)
    table.misdeal()
    # Right: D's fee back and the top-up kept; wrong: either lost.
    assert table.stacks()["D"] == 149 and table.results()["D"].fees == 1 and table.fees == 4


def test_004_after_a_misdeal_the_moved_button_leaves_the_blinds_it_passed_owed():
    table = four_seats_d_sitting_out()
    table.misdeal()  # the button moves «como correspondería»: the voided big blind passed D
    table.start_hand()  # and now the small blind passes D
    # Right: both blinds owed; wrong: the big blind passed during the misdealt hand forgotten.
    assert table.missed_blinds("D") == (True, True)


def test_a_misdeal_is_not_written_as_a_played_hand():
    hand = Hand(NL, [100, 100], seed=1)
    hand.misdeal()
    with pytest.raises(InvalidHistoryError, match="misdeal"):
        phh.dumps(hand)


# --- 000: «Un máximo de 10 jugadores suelen jugar en una mesa al mismo tiempo»; 002: «Al Poker
# --- Texas Hold'em se juega con un máximo de 9 jugadores»: the table's seat count covers both ----


@pytest.mark.parametrize("seats", [9, 10])
def test_000_002_nine_or_ten_seats(seats):
    table = Table(NL, seats=seats, seed=0)
    for seat in range(seats):
        table.join(f"p{seat}", seat, 100)
    assert table.start_hand().player_count == seats
    with pytest.raises(TableError):
        table.join("one more", seats, 100)  # right: no seat past the table's count


def test_000_no_more_than_ten_players():
    with pytest.raises(TableError, match="2 to 10 seats"):
        Table(NL, seats=11)
    with pytest.raises(InvalidRulesError, match="2 to 10 players"):
        Hand(NL, [100] * 11, seed=1)


def test_004_table_play_asks_the_agents_to_straddle_and_to_agree_on_runs():
    class Eager:
        def straddle(self, seat, amount):
            return True

        def agree_runs(self, view, most):
            return most

        def act(self, view):
            legal = view.legal_actions
            return ("raise", legal.max_raise_to) if legal.min_raise_to is not None else "call"

    rules = Rules.no_limit(1, 2, straddles=(4,), voluntary_straddles=True, runouts=2, runs_by_agreement=True)
    table = Table(rules, seats=3, seed=2)
    for seat, name in enumerate("ABC"):
        table.join(name, seat, 100)
    table.play({name: Eager() for name in "ABC"}, hands=1)
    hand = table.hands[0].hand
    assert hand.straddles == (4,) and len(hand.boards) == 2


def test_new_calls_take_any_integer_type_and_refuse_others():
    numpy = pytest.importorskip("numpy")
    hand = all_in_heads_up()
    hand.agree_runs(numpy.int64(0), numpy.int64(2))
    with pytest.raises(TypeError):
        hand.agree_runs(True, 2)
    hand = Hand(NL, [100, 100], hole_cards=["AsAd", "KcKd"])
    with pytest.raises(TypeError):
        hand.replace_exposed(0.0, "As", "2c")
    assert hand.replace_exposed(numpy.int8(0), "As", "2c").seat == 0
    with pytest.raises(TypeError):
        Hand(VOLUNTARY, [100] * 4, seed=1, straddles=(True,))
