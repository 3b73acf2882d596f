"""Site hand histories: PokerStars text parsed, replayed and checked, hands per second, beside PokerKit and pokerdf.

The text is the PokerStars fixtures of ``tests/data/histories/pokerstars``
that replay (cash, Zoom, home games, tournaments, side pots, runs of the
board, posts out of position, 2008 files...), repeated with new hand numbers
to ``HANDS`` hands, in memory.  ``holdem`` runs ``read_histories`` (split,
parse, scale to chips, replay through the engine, check against the
summary).  PokerKit 0.7.7 runs ``PokerStarsParser`` on the same text and
steps through every state of each hand it returns; the hands it cannot read
(it warns and drops them) or replay are counted as ``unread``.  pokerdf, when
installed, reads the same text into its frame.  The peers' benchmarks record
``holdem_speedup`` when holdem ran in the same job.

``test_memory_is_flat`` reads generated files of two sizes in fresh processes
and records each one's peak memory.
"""

import io
import re
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path

import pytest

from holdem.formats.histories import read_histories

STARS = Path(__file__).parent.parent / "tests" / "data" / "histories" / "pokerstars"
HANDS = 2_000
FILES = ("cash.txt", "home.txt", "old_2008.txt", "tournament.txt", "encoding_utf8_bom.txt")
_SPLIT = re.compile(r"\n\s*\n(?=PokerStars )")


def corpus(hands: int) -> str:
    """``hands`` hands of the fixtures that replay, each with a hand number of its own."""
    texts = []
    for name in FILES:
        text = (STARS / name).read_text(encoding="utf-8-sig")
        texts.extend(part.strip() for part in _SPLIT.split(text) if part.strip())
    return "\n\n\n".join(
        re.sub(r"#\d+:", f"#{9_000_000_000 + number}:", texts[number % len(texts)], count=1) for number in range(hands)
    ) + "\n"


TEXT = corpus(HANDS)
RESULTS: dict[str, float] = {}


def read_holdem(text):
    reader = read_histories(io.StringIO(text))
    count = sum(1 for _ in reader)
    assert count == HANDS, reader.problems[:3]
    return count


def read_pokerkit(text, pokerkit):
    read = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for history in pokerkit.notation.PokerStarsParser()(text):
            try:
                for _ in history:
                    pass
            except (ValueError, KeyError, IndexError):
                continue
            read += 1
    return read


def measure(benchmark, name, run, *extra, rounds):
    read = benchmark.pedantic(run, args=(TEXT, *extra), rounds=rounds, iterations=1, warmup_rounds=1)
    if benchmark.disabled:
        return
    rate = HANDS / benchmark.stats.stats.median
    RESULTS[name] = rate
    benchmark.extra_info["hands_per_round"] = HANDS
    benchmark.extra_info["hands_per_second"] = round(rate)
    benchmark.extra_info["unread"] = HANDS - read
    if name != "holdem" and "holdem" in RESULTS:
        benchmark.extra_info["holdem_speedup"] = round(RESULTS["holdem"] / rate, 1)


@pytest.mark.benchmark(group="PokerStars parse, replay and check")
def test_holdem_pokerstars(benchmark):
    measure(benchmark, "holdem", read_holdem, rounds=15)


@pytest.mark.benchmark(group="PokerStars parse, replay and check")
def test_pokerkit_pokerstars(benchmark):
    pokerkit = pytest.importorskip("pokerkit")
    measure(benchmark, "pokerkit", read_pokerkit, pokerkit, rounds=1)


@pytest.mark.benchmark(group="PokerStars parse, replay and check")
def test_pokerdf_pokerstars(benchmark):
    """pokerdf parses (it does not replay) a tournament file at a time; here each hand as its own text, so that
    one it cannot read is counted and the others still are."""
    pytest.importorskip("pokerdf")
    from pokerdf.core.read_and_convert import apply_regex

    hands = ["PokerStars " + part for part in TEXT.split("PokerStars ") if part.strip()]

    def run(text):
        read = 0
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for hand in hands:
                try:
                    read += len(apply_regex(hand)) > 0
                except Exception:  # noqa: BLE001  (whatever the peer raises, the hand is unread)
                    pass
        return read

    measure(benchmark, "pokerdf", run, rounds=1)


PEAK = """
import resource, sys
from holdem.formats.histories import read_histories
reader = read_histories(sys.argv[1])
count = sum(1 for _ in reader)
try:  # this process's own high-water mark (ru_maxrss keeps the forking parent's)
    with open("/proc/self/status") as status:
        peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
except OSError:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(count, peak)
"""


@pytest.mark.benchmark(group="PokerStars memory")
def test_memory_is_flat(benchmark, tmp_path):
    """The peak memory of reading a file of 2,000 hands and one of 20,000: the same, whatever the size."""
    peaks = {}
    for hands in (2_000, 20_000):
        path = tmp_path / f"{hands}.txt"
        path.write_text(corpus(hands))
        done = subprocess.run([sys.executable, "-c", PEAK, str(path)], capture_output=True, text=True, check=True)
        count, peak = map(int, done.stdout.split())
        assert count == hands
        peaks[hands] = (path.stat().st_size, peak)
    benchmark.pedantic(lambda: None, rounds=1)
    for hands, (size, peak) in peaks.items():
        benchmark.extra_info[f"file_mb_{hands}"] = round(size / 1e6, 1)
        benchmark.extra_info[f"peak_rss_mb_{hands}"] = round(peak / 1e3, 1)  # kilobytes
    assert peaks[20_000][1] < 1.2 * peaks[2_000][1]
