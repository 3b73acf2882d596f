"""AIVAT: what a heads-up match costs with it, beside the same match without it, and the hands it saves.

The match is heads-up no-limit 1/2 with 100 big blinds, the reference
``RandomBot`` (a known policy: its decisions are corrected) against the
``CallingStation`` (a certain one); also ``TightBot`` against the station
(both certain: only the chance events are corrected), and the random bot with
a zero value function (the replay and the policies alone, no value).  Each
AIVAT entry records ``cost`` (its time over the plain match's) and
``hands_saved``: the plain interval's width over AIVAT's, squared, the factor
by which AIVAT cuts the hands needed for an interval of a given width.
Target: at most 3x the plain match.  No other Python library implements
AIVAT, so there is no peer.
"""

import pytest

from holdem.agents import CallingStation, RandomBot, TightBot
from holdem.aivat import ZeroValue
from holdem.match import play_match

HANDS = 2000
_PLAIN_SECONDS: dict[str, float] = {}


def measured(benchmark, bots, **options):
    """Time the match, and record its rate, its cost over the plain match and the hands AIVAT saves."""
    key = "-".join(type(bot).__name__ for bot in bots)
    results = []

    def run():
        results.append(play_match(list(bots), HANDS, seed=11, workers=1, progress=False, **options))

    benchmark.pedantic(run, rounds=3, iterations=1, warmup_rounds=1)
    mean = benchmark.stats.stats.mean
    benchmark.extra_info["hands_per_second"] = round(HANDS / mean)
    if not options:
        _PLAIN_SECONDS[key] = mean
        return
    if key in _PLAIN_SECONDS:
        benchmark.extra_info["cost"] = round(mean / _PLAIN_SECONDS[key], 2)
    agent = results[-1].agents[0]
    benchmark.extra_info["hands_saved"] = round((agent.margin / agent.aivat_margin) ** 2, 2)


@pytest.mark.benchmark(group="heads-up match: random bot against the station")
def test_plain_random_against_station(benchmark):
    measured(benchmark, (RandomBot(), CallingStation()))


@pytest.mark.benchmark(group="heads-up match: random bot against the station")
def test_aivat_random_against_station(benchmark):
    measured(benchmark, (RandomBot(), CallingStation()), aivat=True)


@pytest.mark.benchmark(group="heads-up match: random bot against the station")
def test_aivat_zero_value_random_against_station(benchmark):
    measured(benchmark, (RandomBot(), CallingStation()), aivat=True, value=ZeroValue())


@pytest.mark.benchmark(group="heads-up match: tight bot against the station")
def test_plain_tight_against_station(benchmark):
    measured(benchmark, (TightBot(), CallingStation()))


@pytest.mark.benchmark(group="heads-up match: tight bot against the station")
def test_aivat_tight_against_station(benchmark):
    measured(benchmark, (TightBot(), CallingStation()), aivat=True)
