"""Hand histories: PHH text parsed and replayed to the final stacks, hands per second, beside PokerKit.

Both libraries read the same texts, already in memory, in two sets: the 30
real hands of ``tests/data/phh-sample`` and the 100 PHH documents of
``tests/data/random-hands``.  ``holdem`` runs ``phh.loads`` (parse, replay,
check ``finishing_stacks``); PokerKit runs ``HandHistory.loads`` and steps
through every state to the last.  The PokerKit benchmarks record
``holdem_speedup`` (holdem's hands per second over PokerKit's on the same
set) when both run in the same job.
"""

import json
import warnings
from pathlib import Path

import pytest

from holdem.formats import phh

DATA = Path(__file__).parent.parent / "tests" / "data"
SETS = {
    "sample": [path.read_text() for path in sorted((DATA / "phh-sample" / "data").rglob("*.phh"))],
    "random": [
        json.loads(line)["phh"]
        for path in sorted((DATA / "random-hands").glob("*.jsonl"))
        for line in path.read_text().splitlines()
        if line
    ],
}
HANDS_PER_SECOND: dict[tuple[str, str], float] = {}


def replay_holdem(texts):
    for text in texts:
        phh.loads(text)


def replay_pokerkit(texts, pokerkit):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for text in texts:
            for _ in pokerkit.HandHistory.loads(text):
                pass


def measure(benchmark, name, texts, run, *extra, rounds):
    benchmark.pedantic(run, args=(texts, *extra), rounds=rounds, iterations=1, warmup_rounds=1)
    if benchmark.disabled:
        return
    rate = len(texts) / benchmark.stats.stats.median
    HANDS_PER_SECOND[name] = rate
    benchmark.extra_info["hands_per_round"] = len(texts)
    benchmark.extra_info["hands_per_second"] = round(rate)


@pytest.mark.parametrize("corpus", SETS)
@pytest.mark.benchmark(group="PHH parse and replay")
def test_holdem_phh_replay(benchmark, corpus):
    measure(benchmark, ("holdem", corpus), SETS[corpus], replay_holdem, rounds=20)


@pytest.mark.parametrize("corpus", SETS)
@pytest.mark.benchmark(group="PHH parse and replay")
def test_pokerkit_phh_replay(benchmark, corpus):
    pokerkit = pytest.importorskip("pokerkit")
    measure(benchmark, ("pokerkit", corpus), SETS[corpus], replay_pokerkit, pokerkit, rounds=3)
    if ("holdem", corpus) in HANDS_PER_SECOND and ("pokerkit", corpus) in HANDS_PER_SECOND:
        speedup = HANDS_PER_SECOND["holdem", corpus] / HANDS_PER_SECOND["pokerkit", corpus]
        benchmark.extra_info["holdem_speedup"] = round(speedup, 1)
