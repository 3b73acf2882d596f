"""Hand histories: PHH text parsed and replayed to the final stacks, hands per second, beside PokerKit.

Both libraries read the same texts, already in memory: the 30 real hands of
``tests/data/phh-sample`` and the 100 PHH documents of ``tests/data/random-hands``.
``holdem`` runs ``phh.loads`` (parse, replay, check ``finishing_stacks``);
PokerKit runs ``HandHistory.loads`` and steps through every state to the last.
The PokerKit benchmark records ``holdem_speedup`` (holdem's hands per second
over PokerKit's) when both run in the same job.
"""

import json
import warnings
from pathlib import Path

import pytest

from holdem.formats import phh

DATA = Path(__file__).parent.parent / "tests" / "data"
TEXTS = [path.read_text() for path in sorted((DATA / "phh-sample" / "data").rglob("*.phh"))] + [
    json.loads(line)["phh"]
    for path in sorted((DATA / "random-hands").glob("*.jsonl"))
    for line in path.read_text().splitlines()
    if line
]
HANDS_PER_SECOND: dict[str, float] = {}


def replay_holdem():
    for text in TEXTS:
        phh.loads(text)


def replay_pokerkit(pokerkit):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for text in TEXTS:
            for _ in pokerkit.HandHistory.loads(text):
                pass


def measure(benchmark, name, run, *extra, rounds):
    benchmark.pedantic(run, args=extra, rounds=rounds, iterations=1, warmup_rounds=1)
    rate = len(TEXTS) / benchmark.stats.stats.mean
    HANDS_PER_SECOND[name] = rate
    benchmark.extra_info["hands_per_round"] = len(TEXTS)
    benchmark.extra_info["hands_per_second"] = round(rate)


@pytest.mark.benchmark(group="PHH parse and replay")
def test_holdem_phh_replay(benchmark):
    measure(benchmark, "holdem", replay_holdem, rounds=20)


@pytest.mark.benchmark(group="PHH parse and replay")
def test_pokerkit_phh_replay(benchmark):
    pokerkit = pytest.importorskip("pokerkit")
    measure(benchmark, "pokerkit", replay_pokerkit, pokerkit, rounds=3)
    if "holdem" in HANDS_PER_SECOND:
        benchmark.extra_info["holdem_speedup"] = round(HANDS_PER_SECOND["holdem"] / HANDS_PER_SECOND["pokerkit"], 1)
