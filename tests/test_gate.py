"""The benchmark regression gate holds on unchanged code and fails on a slowdown."""

import json
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import gate  # noqa: E402
from workloads import WORKLOADS  # noqa: E402

pytestmark = pytest.mark.skipif(shutil.which("valgrind") is None, reason="the gate needs valgrind")

WORKLOAD = "evaluate_batch"


@pytest.fixture(scope="module")
def baseline(tmp_path_factory):
    path = tmp_path_factory.mktemp("gate") / "baseline.json"
    path.write_text(json.dumps({"platform": gate.platform_tag(), "instructions": {"other": 1}}))
    assert gate.main(["update", "--only", WORKLOAD, "--baseline", str(path)]) == 0
    return path


def test_an_update_of_one_workload_keeps_the_others(baseline):
    assert json.loads(baseline.read_text())["instructions"]["other"] == 1


def test_unchanged_code_passes_twice(baseline, capsys):
    assert gate.main(["check", "--only", WORKLOAD, "--baseline", str(baseline)]) == 0
    assert gate.main(["check", "--only", WORKLOAD, "--baseline", str(baseline)]) == 0
    assert "passed" in capsys.readouterr().out


def test_counts_are_stable_well_within_the_tolerance(baseline):
    recorded = json.loads(baseline.read_text())["instructions"][WORKLOAD]
    assert abs(gate.measure(WORKLOAD) / recorded - 1) < 0.01


def test_an_injected_slowdown_fails(baseline, monkeypatch, capsys):
    monkeypatch.setenv("HOLDEM_GATE_SLOWDOWN", f"{WORKLOAD}:0.1")
    assert gate.main(["check", "--only", WORKLOAD, "--baseline", str(baseline)]) == 1
    out = capsys.readouterr().out
    assert "**slower**" in out and "FAILED" in out


def test_a_workload_missing_from_the_baseline_is_new_and_passes():
    lines, ok = gate.compare({"deal": 1_000}, {"deal": 1_010, "vector_steps": 5_000}, 0.03)
    assert ok
    assert "| vector_steps | - | 5,000 | new |" in lines


@pytest.mark.parametrize("name", gate.workload_names())
def test_every_workload_runs(name):
    WORKLOADS[name](1.0)()


def test_the_committed_baseline_covers_every_workload():
    recorded = json.loads(gate.BASELINE.read_text())
    assert set(recorded["instructions"]) == set(gate.workload_names())
