"""The benchmark regression gate: instruction counts against a committed baseline.

Wall-clock times on a shared 2-core machine move by tens of percent from run
to run; the number of instructions a fixed workload executes does not.  The
gate runs each workload of ``workloads.py`` under cachegrind (valgrind), once
set up only and once set up and run, and takes the difference: the
instructions of the hot path alone.  It fails when a workload needs more than
``--tolerance`` (default 3%) above ``baseline.json``.

    python benchmarks/gate.py check            # compare, exit 1 on a regression
    python benchmarks/gate.py update           # measure and write the baseline

Counts depend on the compiler, Python and numpy, so the baseline belongs to
one platform (``baseline.json`` records it); update it with ``update`` when a
slowdown is intended or the platform changes, and commit it.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
BASELINE = HERE / "baseline.json"
WORKLOADS = HERE / "workloads.py"


def instructions(name: str, setup_only: bool) -> int:
    """Instructions executed by one run of a workload, counted by cachegrind."""
    command = [
        "valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
        sys.executable, str(WORKLOADS), name,
    ] + (["--setup-only"] if setup_only else [])
    # A fixed threshold for glibc's mmap of large blocks (in place of any tunables set): it otherwise
    # rises with the blocks freed, so that numpy's arrays came from the heap or from fresh pages
    # depending on the process's past.  Other C libraries ignore the variable.
    tunables = "glibc.malloc.mmap_threshold=131072"
    environment = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1", GLIBC_TUNABLES=tunables)
    result = subprocess.run(command, capture_output=True, text=True, env=environment)
    if result.returncode:
        raise RuntimeError(f"workload {name} failed:\n{result.stderr[-2000:]}")
    match = re.search(r"I\s+refs:\s+([\d,]+)", result.stderr)
    if match is None:
        raise RuntimeError(f"no instruction count in cachegrind's output for {name}")
    return int(match.group(1).replace(",", ""))


def measure(name: str) -> int:
    """The instructions of a workload's hot path: a full run minus its setup."""
    with ThreadPoolExecutor(2) as pool:
        full, setup = pool.map(lambda setup_only: instructions(name, setup_only), (False, True))
    return full - setup


def workload_names() -> list[str]:
    sys.path.insert(0, str(HERE))
    from workloads import WORKLOADS as table

    return list(table)


def platform_tag() -> str:
    return f"{platform.machine()} {platform.python_implementation()} {platform.python_version()}"


def compare(baseline: dict[str, int], measured: dict[str, int], tolerance: float) -> tuple[list[str], bool]:
    """A Markdown table of the counts, and whether every workload is within tolerance."""
    lines = ["| workload | baseline | measured | change |", "|---|---:|---:|---:|"]
    ok = True
    for name, count in measured.items():
        if name not in baseline:
            lines.append(f"| {name} | - | {count:,} | new |")
            continue
        change = count / baseline[name] - 1
        regressed = change > tolerance
        ok = ok and not regressed
        flag = " **slower**" if regressed else ""
        lines.append(f"| {name} | {baseline[name]:,} | {count:,} | {change:+.2%}{flag} |")
    return lines, ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["check", "update"])
    parser.add_argument("--baseline", type=Path, default=BASELINE)
    parser.add_argument("--tolerance", type=float, default=0.03)
    parser.add_argument("--only", nargs="*", help="measure only these workloads")
    arguments = parser.parse_args(argv)
    names = arguments.only or workload_names()
    measured = {name: measure(name) for name in names}
    if arguments.mode == "update":  # with --only, the other workloads keep their recorded counts
        known = arguments.only and arguments.baseline.exists()
        kept = json.loads(arguments.baseline.read_text())["instructions"] if known else {}
        arguments.baseline.write_text(
            json.dumps({"platform": platform_tag(), "instructions": {**kept, **measured}}, indent=2) + "\n"
        )
        print(f"wrote {arguments.baseline}")
        return 0
    recorded = json.loads(arguments.baseline.read_text())
    if recorded["platform"] != platform_tag():
        print(f"note: baseline from {recorded['platform']}, measured on {platform_tag()}")
    lines, ok = compare(recorded["instructions"], measured, arguments.tolerance)
    report = "\n".join(
        ["## Benchmark regression gate", "", *lines, "",
         f"Tolerance {arguments.tolerance:.0%}: {'passed' if ok else 'FAILED'}."]
    )
    print(report)
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        with open(summary, "a") as handle:
            handle.write(report + "\n")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
