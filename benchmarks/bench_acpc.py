"""The ACPC dealer: hands per second with holdem's own clients, each in a process of its own.

The dealer deals the reference dealer's cards on a port a seat, as
``holdem acpc-dealer MATCHNAME GAMEDEF HANDS SEED ...`` does; the clients are
``holdem acpc-client`` processes playing :class:`~holdem.agents.RandomBot`,
started and seated before the timing.  Two-player no-limit and three-player
limit, the reference's standard games.  Target: within 1.5x of the ACPC
reference dealer's wall time with its example players (measured by hand, as
the reference is not part of this repository).
"""

import subprocess
import sys

import pytest

from holdem.formats.acpc import GameDef
from holdem.formats.acpc_net import Dealer

NOLIMIT_2P = GameDef("nolimit", 2, 4, (100, 50), (2, 1, 1, 1), stacks=(20000, 20000))
LIMIT_3P = GameDef("limit", 3, 4, (5, 10, 0), (3, 1, 1, 1), raise_sizes=(10, 10, 20, 20), max_raises=(3, 4, 4, 4))
CLIENT = "from holdem.agents import RandomBot; from holdem.formats.acpc_net import play_client; " \
         "play_client('127.0.0.1', {port}, RandomBot(seed={port}), timeout=30)"  # fmt: skip


def seated_dealer(game, hands):
    dealer = Dealer(game, hands, 1, ports=[0] * game.players, cards="reference", timeout=30, connect_timeout=30)
    clients = [subprocess.Popen([sys.executable, "-c", CLIENT.format(port=port)]) for _, port in dealer.addresses]
    dealer.seat_players()
    return (dealer, clients), {}


def match_of(benchmark, game, hands):
    def play(dealer, clients):
        dealer.run()
        for client in clients:
            client.wait(30)

    benchmark.extra_info["hands_per_round"] = hands
    benchmark.pedantic(play, setup=lambda: seated_dealer(game, hands), rounds=3, iterations=1)
    benchmark.extra_info["hands_per_second"] = round(hands / benchmark.stats.stats.mean)


@pytest.mark.benchmark(group="ACPC dealer with holdem clients")
def test_dealer_nolimit_2p(benchmark):
    match_of(benchmark, NOLIMIT_2P, 1000)


@pytest.mark.benchmark(group="ACPC dealer with holdem clients")
def test_dealer_limit_3p(benchmark):
    match_of(benchmark, LIMIT_3P, 500)
