"""Suit-isomorphic indexing and hand-strength features, beside Waugh's C indexer.

The reference, kdub0/hand-isomorphism (Waugh, "A Fast and Optimal Hand
Isomorphism Algorithm", 2013), is not part of holdem: point
``HAND_ISOMORPHISM_SRC`` at a checkout of it and these benchmarks build it,
with a small harness that calls ``hand_index_last`` once per hand, into a
temporary folder (``gcc -O3``); without it they are skipped.  Both index the
same million random seven-card hands on the river, in one call from Python.
"""

import ctypes
import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

import holdem
from holdem import isomorphism
from holdem.isomorphism import HandIndexer, feature_table, hand_features

ROWS = 1_000_000

# Calls the reference once per hand, as a user's loop in C would.
HARNESS = r"""
#include <stdlib.h>
#include "hand_index.h"

void *make_indexer(int rounds, const unsigned char *cards_per_round) {
    hand_indexer_t *indexer = malloc(sizeof(hand_indexer_t));
    if (indexer == NULL || !hand_indexer_init(rounds, cards_per_round, indexer)) {
        free(indexer);
        return NULL;
    }
    return indexer;
}

void index_rows(const void *indexer, const unsigned char *cards, long rows, int width, unsigned long long *out) {
    for (long row = 0; row < rows; row++)
        out[row] = hand_index_last((const hand_indexer_t *)indexer, cards + row * width);
}
"""


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """Waugh's indexer built from ``HAND_ISOMORPHISM_SRC``, as a ctypes library."""
    source = os.environ.get("HAND_ISOMORPHISM_SRC")
    compiler = shutil.which("gcc") or shutil.which("cc")
    if not source or not (Path(source) / "src" / "hand_index.c").exists() or compiler is None:
        pytest.skip("set HAND_ISOMORPHISM_SRC to a checkout of kdub0/hand-isomorphism (and have gcc) to compare")
    folder = tmp_path_factory.mktemp("hand-isomorphism")
    (folder / "harness.c").write_text(HARNESS)
    library = folder / "libreference.so"
    sources = [str(Path(source) / "src" / name) for name in ("hand_index.c", "deck.c")]
    subprocess.run(
        [compiler, "-O3", "-std=c99", "-fPIC", "-shared", f"-I{Path(source) / 'src'}", *sources,
         str(folder / "harness.c"), "-o", str(library)],
        check=True, capture_output=True,
    )  # fmt: skip
    loaded = ctypes.CDLL(str(library))
    loaded.make_indexer.restype = ctypes.c_void_p
    loaded.index_rows.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_long, ctypes.c_int, ctypes.c_void_p]
    return loaded


@pytest.fixture(scope="module")
def river_hands():
    return holdem.Rng(31).sample_cards(ROWS, 7)


LAYOUTS = {"2, 5": ((2, 5), False), "2, 3, 1, 1": ((2, 3, 1, 1), True)}


@pytest.mark.benchmark(group="index 1,000,000 river hands")
@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_holdem_index_batch(benchmark, river_hands, layout):
    rounds, recall = LAYOUTS[layout]
    indexer = HandIndexer(rounds, perfect_recall=recall)
    benchmark(indexer.index_batch, river_hands)
    benchmark.extra_info["hands_per_second"] = ROWS / benchmark.stats.stats.median


@pytest.mark.benchmark(group="index 1,000,000 river hands")
@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_reference_per_hand(benchmark, reference, river_hands, layout):
    rounds, recall = LAYOUTS[layout]
    counts = (ctypes.c_ubyte * len(rounds))(*rounds)
    indexer = reference.make_indexer(len(rounds), counts)
    out = np.empty(ROWS, dtype=np.uint64)
    cards = river_hands.ctypes.data

    benchmark(reference.index_rows, indexer, cards, ROWS, 7, out.ctypes.data)
    benchmark.extra_info["hands_per_second"] = ROWS / benchmark.stats.stats.median
    # The two indexers number the classes differently but must make the same classes.
    ours = HandIndexer(rounds, perfect_recall=recall).index_batch(river_hands)
    pairs = np.unique(np.stack([out.astype(np.int64), ours], axis=1), axis=0)
    assert len(pairs) == len(np.unique(out)) == len(np.unique(ours))


@pytest.mark.benchmark(group="index 1,000,000 river hands")
def test_holdem_index_hand_batch_every_street(benchmark, river_hands):
    benchmark(HandIndexer(perfect_recall=True).index_hand_batch, river_hands)


@pytest.mark.benchmark(group="unindex 1,000,000 river indices")
def test_holdem_unindex_batch(benchmark):
    indexer = HandIndexer(perfect_recall=True)
    indices = np.random.default_rng(1).integers(0, indexer.size(3), ROWS)
    benchmark(indexer.unindex_batch, 3, indices)


@pytest.mark.benchmark(group="hand features, 10 bins")
@pytest.mark.parametrize("street, hands", [(1, 20), (2, 200), (3, 2000)])
def test_holdem_hand_features(benchmark, street, hands):
    cards = holdem.Rng(street).sample_cards(hands, 4 + street)
    benchmark.pedantic(hand_features, (cards,), rounds=3)
    benchmark.extra_info["hands_per_second"] = hands / benchmark.stats.stats.median


@pytest.mark.benchmark(group="feature tables, 10 bins, 2 threads")
@pytest.mark.parametrize("street", [0, 1])
def test_holdem_feature_table(benchmark, street):
    def build():
        isomorphism._PREFLOP.clear()  # the preflop sums are kept once made: time making them
        return feature_table(street, threads=2, progress=False)

    benchmark.pedantic(build, rounds=1)
