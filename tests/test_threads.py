"""Threads sharing holdem's module-level state: the thread pool, the lazily imported names and the
caches (issue 25, item 10).  Under the GIL here, with a tiny switch interval so that threads
interleave as often as they can; the same tests run without the GIL on a free-threaded Python
(3.14t), which the wheels are built for."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable
from typing import Any

import pytest

import holdem
from holdem import acpc, phh
from holdem.hand import Hand
from holdem.rules import Rules

THREADS = 8


def together(work: Callable[[int], Any], threads: int = THREADS) -> list[Any]:
    """Run ``work(index)`` on ``threads`` threads started at one moment; return the results (or raise the first error)."""
    start = threading.Barrier(threads)
    results: list[Any] = [None] * threads
    errors: list[BaseException] = []

    def run(index: int) -> None:
        start.wait()
        try:
            results[index] = work(index)
        except BaseException as error:  # noqa: BLE001  (handed to the test's thread)
            errors.append(error)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        workers = [threading.Thread(target=run, args=(index,)) for index in range(threads)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
    finally:
        sys.setswitchinterval(interval)
    if errors:
        raise errors[0]
    return results


def fresh_interpreter(code: str) -> str:
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_threads_that_first_ask_for_the_pool_at_once_share_one():
    output = fresh_interpreter(
        """
        import sys, threading
        from holdem import _core
        sys.setswitchinterval(1e-6)
        start = threading.Barrier(16)
        pools = []
        def run():
            start.wait()
            pools.append(_core._thread_pool())
        workers = [threading.Thread(target=run) for _ in range(16)]
        for worker in workers: worker.start()
        for worker in workers: worker.join()
        print(len(_core._THREAD_POOL), len({id(pool) for pool in pools}))
        """
    )
    assert output.split() == ["1", "1"]


def test_lazily_imported_names_are_the_same_objects_in_every_thread():
    output = fresh_interpreter(
        """
        import sys, threading
        import holdem
        sys.setswitchinterval(1e-6)
        names = sorted(holdem._LAZY_MODULE_OF)
        start = threading.Barrier(8)
        seen = []
        def run():
            start.wait()
            seen.append(tuple(id(getattr(holdem, name)) for name in names))
        workers = [threading.Thread(target=run) for _ in range(8)]
        for worker in workers: worker.start()
        for worker in workers: worker.join()
        print(len(seen), len(set(seen)))
        """
    )
    assert output.split() == ["8", "1"]


def test_equity_on_many_threads_gives_each_call_its_serial_result():
    # Shared: the pool, the cache of ranges read from text and each range's table of combos.
    calls = [
        (["AA,KK,QQ"] * 4, 7),  # drawn directly
        (["AKs,QQ+", "random"], 8),  # pairs of combos listed
        (["AsKs", "QQ", "JTs,99"], 9),  # rejection
    ]
    expected = [holdem.equity(players, samples=20_000, seed=seed, threads=2) for players, seed in calls]
    got = together(
        lambda index: [holdem.equity(players, samples=20_000, seed=seed, threads=2) for players, seed in calls]
    )
    assert all(result == expected for result in got)


def test_a_shared_range_builds_its_combo_table_once_for_everyone():
    shared = holdem.HandRange("22+, A2s+, KTo+")
    tables = together(lambda index: shared._weighted_combos())
    assert all(table == tables[0] for table in tables) and len(tables[0]) == len(shared.combos())


def test_evaluate_batch_on_many_threads_at_once():
    hands = holdem.Rng(3).sample_cards(300_000, 7)
    expected = holdem.evaluate_batch(hands)
    got = together(lambda index: holdem.evaluate_batch(hands, threads=4))
    assert all((ranks == expected).all() for ranks in got)


def test_game_definitions_and_histories_on_many_threads():
    # A GameDef's rules are found once (a cached property), PHH rules are cached by game.
    game = acpc.GameDef("nolimit", 2, 4, (100, 50), (2, 1, 1, 1), stacks=(20000, 20000))
    texts = [phh.dumps(Hand(Rules.no_limit(1, 2, ante=seed % 3), [100, 100, 100], seed=seed)) for seed in range(30)]

    def work(index: int) -> tuple[Any, ...]:
        return game.rules(), game.button, [phh.loads(text).hand.history for text in texts]

    results = together(work)
    assert all(result == results[0] for result in results)


@pytest.mark.skipif(not hasattr(sys, "_is_gil_enabled"), reason="Python before 3.13 has no free-threaded build")
def test_the_extensions_leave_the_gil_off_on_a_free_threaded_python():
    # Importing a module that does not declare itself free-threading compatible turns the GIL back on.
    output = fresh_interpreter(
        """
        import sys
        import holdem, holdem._hand, holdem._vector, holdem.formats._pokerstars, holdem.formats._histories
        import holdem.formats._times, holdem.formats._toml
        print(sys._is_gil_enabled())
        """
    )
    free_threaded = "free-threading" in sys.version
    assert output.split() == [str(not free_threaded)]
