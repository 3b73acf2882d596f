import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


@pytest.mark.slow
def test_the_package_and_the_readme_examples_pass_mypy_strict(tmp_path):
    pytest.importorskip("mypy")
    # The files and options are pyproject.toml's [tool.mypy]: --strict on the package, tests/readme_examples.py and examples/.
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path)], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_readme_examples_script_runs():
    result = subprocess.run([sys.executable, str(ROOT / "tests" / "readme_examples.py")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@pytest.mark.slow
def test_a_user_type_checking_the_installed_package_sees_no_error(tmp_path):
    # Issue 25, item 8: from a folder without the project's settings, as a user runs it (the wheel
    # round trip in .ci/wheel runs it on the installed wheel too).
    pytest.importorskip("mypy")
    command = [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"), "-p", "holdem"]
    result = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
