"""Import time and peak memory, beside the other Python poker libraries.

Each round imports one module in a fresh interpreter, with bytecode cached as
on a user's machine (a first run warms the cache), and times the import
inside that interpreter, so that the interpreter's own start is left out
(``sys``, already loaded, shows what is left).  ``extra_info`` holds the
median import time of the rounds and the peak memory of the last.
"""

import os
import statistics
import subprocess
import sys
from importlib.util import find_spec

import pytest

ROUNDS = 10


@pytest.mark.benchmark(group="import, fresh process")
@pytest.mark.parametrize("module", ["sys", "holdem", "phevaluator", "eval7", "pkrbot", "pokerfast", "treys", "pokerkit"])
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_import(benchmark, module):
    if find_spec(module) is None:
        pytest.skip(f"{module} is not installed")
    # Peak memory from /proc (VmHWM): ru_maxrss would carry over the forking parent's peak.
    code = (
        f"import time; start = time.perf_counter(); import {module}; "
        f"{module}.__name__; seconds = time.perf_counter() - start; "
        "peak = [line.split()[1] for line in open('/proc/self/status') if line.startswith('VmHWM')][0]; "
        "print(seconds, peak)"
    )
    environment = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    measured = []

    def run():
        result = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=environment
        )
        seconds, peak_kib = result.stdout.split()
        measured.append((float(seconds), int(peak_kib)))

    run()
    measured.clear()
    benchmark.pedantic(run, rounds=ROUNDS)
    benchmark.extra_info["import_seconds"] = statistics.median(seconds for seconds, _ in measured)
    benchmark.extra_info["peak_rss_mib"] = measured[-1][1] / 1024
