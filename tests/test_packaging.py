"""What the release builds and CI run on (issue 25, items 9 and 10): the wheel matrix, the Pythons
tested, the files whose change builds the wheels.  The wheel round trip itself is .ci/wheel."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"
pytestmark = pytest.mark.skipif(not WORKFLOWS.exists(), reason="not a checkout (an sdist or an installed wheel)")
yaml = pytest.importorskip("yaml")

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

PYTHONS = ["3.10", "3.11", "3.12", "3.13", "3.14"]


def workflow(name: str) -> dict:
    return yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))


def matches(pattern: str, path: str) -> bool:
    """Whether a workflow ``paths`` filter matches ``path``: ``**`` any characters, ``*`` any but ``/``."""
    regex = "".join(
        ".*" if part == "**" else "[^/]*" if part == "*" else re.escape(part) for part in re.split(r"(\*\*|\*)", pattern)
    )
    return re.fullmatch(regex, path) is not None


def test_a_change_to_any_file_a_build_reads_builds_the_wheels():
    # Its paths listed src/holdem/_core.* only: a change to _hand.pyx, _vector.pyx, _toml.pyx or a .pxd built none.
    triggers = workflow("wheels.yml")[True]  # YAML reads the key "on" as True
    paths = triggers["pull_request"]["paths"]
    sources = [
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "src").rglob("*")
        if path.suffix in {".pyx", ".pxd", ".pxi", ".h"}
    ]
    assert {"src/holdem/_hand.pyx", "src/holdem/_core.pxd", "src/holdem/formats/_toml.pyx"} <= set(sources)
    # benchmarks/workloads.py: the profile of the build's profile-guided optimisation (setup.py)
    for path in [*sources, "setup.py", "pyproject.toml", "MANIFEST.in", "benchmarks/workloads.py"]:
        assert any(matches(pattern, path) for pattern in paths), path
    assert not any(matches(pattern, "src/holdem/table.py") for pattern in paths)


def test_the_wheels_cover_todays_pythons_and_platforms():
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["cibuildwheel"]
    builds = settings["build"].split()
    assert builds == [f"cp{version.replace('.', '')}-*" for version in PYTHONS] + ["cp314t-*"]
    runners = workflow("wheels.yml")["jobs"]["wheels"]["strategy"]["matrix"]["os"]
    # Linux x86_64 and aarch64 (manylinux and musllinux both), macOS Intel and Apple silicon, Windows.
    assert {"ubuntu-latest", "ubuntu-24.04-arm", "macos-15-intel", "macos-15", "windows-latest"} == set(runners)
    assert "musllinux" not in settings["skip"].replace("musllinux_i686", "")


def test_the_tests_run_on_every_supported_python():
    matrix = workflow("tests.yml")["jobs"]["test"]["strategy"]["matrix"]
    assert matrix["python"] == PYTHONS


def test_the_extensions_are_declared_free_threading_compatible():
    # Without the directive, importing a module turns the GIL back on in a free-threaded Python.
    assert re.search(r'"freethreading_compatible":\s*True', (ROOT / "setup.py").read_text(encoding="utf-8"))


def test_ci_runs_the_wheel_round_trip_after_the_tests_and_before_the_gate():
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    steps = [line for line in lines if line.startswith(("python -m pytest", "bash .ci/wheel", "python benchmarks/"))]
    assert steps == ["python -m pytest", "bash .ci/wheel", "python benchmarks/gate.py check"]
