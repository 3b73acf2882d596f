import argparse
import io
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import numpy
import pytest

import holdem
from holdem.agents import CallingStation, RandomBot, TightBot
from holdem.errors import AgentError, MatchError
from holdem.formats import phh
from holdem.match import CHUNK_HANDS, play_match
from holdem.cli import sim


def lineup(count=3):
    bots = [RandomBot(), CallingStation(), TightBot()]
    return {f"{bots[seat % 3].name}-{seat}": bots[seat % 3] for seat in range(count)}


def test_a_seed_gives_the_same_results_here_and_on_a_process_pool():
    hands = 2 * CHUNK_HANDS + 77
    serial = play_match(lineup(), hands, seed=42, workers=1)
    assert serial.agents == play_match(lineup(), hands, seed=42, workers=1).agents
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        pooled = play_match(lineup(), hands, seed=42, executor=pool)
    assert pooled.agents == serial.agents and pooled.seed == 42
    assert play_match(lineup(), hands, seed=43, workers=1).agents != serial.agents
    assert sum(agent.net for agent in serial.agents) == 0
    assert all(agent.hands == hands for agent in serial.agents)


@pytest.mark.filterwarnings("ignore::ResourceWarning", "ignore::DeprecationWarning", "ignore::UserWarning")
def test_a_seed_gives_the_same_results_on_a_dask_cluster(capsys):
    distributed = pytest.importorskip("dask.distributed")
    hands = CHUNK_HANDS + 120
    serial = play_match(lineup(), hands, seed=5, workers=1)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, dashboard_address=":0", silence_logs=logging.CRITICAL
    ) as cluster, distributed.Client(cluster) as client:
        clustered = play_match(lineup(), hands, seed=5, executor=client.get_executor())
        capsys.readouterr()
        parser = argparse.ArgumentParser(prog="holdem")
        sim.add_to(parser.add_subparsers())
        arguments = parser.parse_args(
            ["sim", "--hands", str(hands), "--players", "3", "--seed", "5", "--scheduler", cluster.scheduler_address]
        )
        arguments.run(arguments)
    assert clustered.agents == serial.agents
    table = capsys.readouterr().out
    for agent in serial.agents:
        assert f"{agent.name.split('-')[0]:<7}  {hands:>5}  {agent.net:>9}" in table


def hands_of(text):
    return list(phh.load_all(io.StringIO(text)))


def test_duplicate_deals_give_every_agent_every_seat_s_cards():
    out = io.StringIO()
    result = play_match(lineup(3), 3 * 40, seed=8, duplicate=True, workers=1, phh_file=out)
    histories = hands_of(out.getvalue())
    assert len(histories) == result.hands == 120
    for deal in range(40):
        group = histories[3 * deal : 3 * deal + 3]
        hands = [history.hand for history in group]
        assert len({hand.button for hand in hands}) == 1
        for seat in range(3):
            assert len({hand.hole_cards(seat) for hand in hands}) == 1
        boards = sorted((hand.board for hand in hands), key=len)
        assert all(board[: len(boards[0])] == boards[0] for board in boards)
        # The agents move one seat each time: PHH lists players from the seat left of the button.
        players = [history.fields["players"] for history in group]
        assert players[1] == players[0][-1:] + players[0][:-1]
        assert players[2] == players[1][-1:] + players[1][:-1]


def test_identical_random_bots_break_even_within_the_interval():
    bots = {"first": RandomBot(), "second": RandomBot()}
    for duplicate in (False, True):
        result = play_match(bots, 3000, seed=2024, duplicate=duplicate, workers=1)
        for agent in result.agents:
            low, high = agent.interval
            assert low < 0 < high
            assert agent.margin < 300


def test_a_winner_is_found_outside_the_interval():
    result = play_match({"tight": TightBot(), "random": RandomBot()}, 2000, seed=1, workers=1)
    tight, random = result.agents
    assert tight.interval[0] > 0 > random.interval[1]
    assert tight.bb_per_100 == pytest.approx(100 * tight.net / 2000 / 2)


def test_carried_stacks_carry_and_bust_players_buy_in_again():
    out = io.StringIO()
    result = play_match(
        {"random": RandomBot(), "station": CallingStation()}, 60, seed=4, stack=40, carry_stacks=True,
        workers=1, phh_file=out,
    )
    hands = [history.hand for history in hands_of(out.getvalue())]
    assert result.agents[0].net == -result.agents[1].net
    rebuys = 0
    for before, after in zip(hands, hands[1:]):
        # Seat i is always agent i: stacks carry over, or go back to 40 after a bust.
        for left, start in zip(before.stacks, after.starting_stacks):
            assert start == (left or 40)
            rebuys += not left
    assert rebuys > 0
    assert {hand.starting_stacks for hand in hands} != {(40, 40)}


def test_phh_output_lists_every_hand_with_the_names():
    out = io.StringIO()
    result = play_match(lineup(2), 50, seed=3, workers=1, phh_file=out)
    histories = hands_of(out.getvalue())
    assert len(histories) == 50
    net = {name: 0 for name in lineup(2)}
    for history in histories:
        hand = history.hand
        order = [(hand.button + 1 + step) % 2 for step in range(2)]
        for name, seat in zip(history.fields["players"], order):
            net[name] += hand.payoffs[seat]
    assert net == {agent.name: agent.net for agent in result.agents}


def test_failing_agents_stop_the_match_or_are_counted():
    def broken(view):
        raise RuntimeError("bug")

    with pytest.raises(AgentError, match="agent 'broken' at seat"):
        play_match({"broken": broken, "station": CallingStation()}, 10, seed=1, workers=1)
    result = play_match({"broken": broken, "station": CallingStation()}, 10, seed=1, workers=1, fold_on_error=True)
    assert result.agents[0].faults == len(result.faults) >= 10 and result.agents[1].faults == 0
    assert {fault.hand for fault in result.faults} == set(range(10))


def test_bad_matches():
    with pytest.raises(MatchError, match="1 agents"):
        play_match({"alone": CallingStation()}, 10)
    with pytest.raises(MatchError, match="multiple of 3"):
        play_match(lineup(3), 10, duplicate=True)
    with pytest.raises(MatchError, match="positive integer"):
        play_match(lineup(2), 0)
    with pytest.raises(MatchError, match="do not carry stacks"):
        play_match(lineup(2), 10, duplicate=True, carry_stacks=True)
    with pytest.raises(MatchError, match="workers 0"):
        play_match(lineup(2), 2 * CHUNK_HANDS, workers=0)
    with pytest.raises(TypeError, match="hands 10.0: use an integer"):
        play_match(lineup(2), 10.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="hands True"):
        play_match(lineup(2), True)


def test_counts_of_any_integer_type():
    result = play_match(lineup(2), numpy.int64(20), seed=1, workers=numpy.int32(1))
    assert result.hands == 20 and type(result.hands) is int
    assert result.agents == play_match(lineup(2), 20, seed=1, workers=1).agents


def test_progress_bar_only_when_asked_or_on_a_terminal(capsys):
    play_match(lineup(2), 20, seed=1, workers=1)
    assert "20/20" not in capsys.readouterr().err  # stderr is no terminal here
    play_match(lineup(2), 20, seed=1, workers=1, progress=True)
    assert "20/20" in capsys.readouterr().err


def test_the_seed_is_drawn_and_kept():
    first = play_match(lineup(2), 30, workers=1)
    assert play_match(lineup(2), 30, seed=first.seed, workers=1).agents == first.agents
    assert first.hands_per_second > 0


def test_unpicklable_agents_play_here_with_a_warning():
    def local_station(view):
        return "call"

    hands = CHUNK_HANDS + 10
    for caller in (lambda view: "call", local_station):
        agents = {"caller": caller, "tight": TightBot()}
        with pytest.warns(holdem.SerialMatchWarning, match="'caller' does not pickle.*workers=1") as caught:
            pooled = play_match(agents, hands, seed=7, workers=2)
        assert caught[0].filename == __file__
        assert pooled.agents == play_match(agents, hands, seed=7, workers=1).agents


def test_an_executor_that_cannot_send_the_agents_says_what_to_do():
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        with pytest.raises(MatchError, match="'caller' does not pickle.*workers=1"):
            play_match({"caller": lambda view: "call", "tight": TightBot()}, CHUNK_HANDS + 10, seed=7, executor=pool)


SCRIPT_AGENT = """
import multiprocessing, warnings
from concurrent.futures import ProcessPoolExecutor
import holdem
from holdem.errors import MatchError

class Caller:
    def act(self, view):
        return "call"

agents = {"caller": Caller(), "tight": holdem.TightBot()}
multiprocessing.set_start_method("spawn")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    pooled = holdem.play_match(agents, %d, seed=7, workers=2)
print([type(warning.message).__name__ + ": " + str(warning.message) for warning in caught])
print(pooled.agents == holdem.play_match(agents, %d, seed=7, workers=1).agents)
with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
    try:
        holdem.play_match(agents, %d, seed=7, executor=pool)
    except MatchError as error:
        print("MatchError:", error)
"""


@pytest.mark.parametrize("how", [["-"], ["-c"]])
def test_agents_of_a_main_without_a_file_play_here_under_spawn(how):
    import subprocess
    import sys

    script = SCRIPT_AGENT % ((CHUNK_HANDS + 10,) * 3)
    command = [sys.executable, *how, *([script] if how == ["-c"] else [])]
    run = subprocess.run(command, input=script if how == ["-"] else None, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    warned, same, refused = run.stdout.splitlines()
    assert "SerialMatchWarning: agent 'caller' is defined in a __main__ that is no file" in warned
    assert "'spawn' worker processes cannot import: the match plays in this process" in warned
    assert same == "True"
    assert refused.startswith("MatchError: agent 'caller' is defined in a __main__") and "workers=1" in refused


class ExitsInAWorker:
    """Calls, but ends the process it plays in when that is not the one that made it."""

    def __init__(self):
        import os

        self.parent = os.getpid()

    def act(self, view):
        import os

        if os.getpid() != self.parent:
            os._exit(3)
        return "call"


def test_a_broken_process_pool_is_a_match_error():
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        with pytest.raises(MatchError, match="the process pool broke .*workers=1"):
            play_match({"exits": ExitsInAWorker(), "tight": TightBot()}, CHUNK_HANDS + 10, seed=7, executor=pool)
