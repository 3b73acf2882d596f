import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).parent.parent / "docs"


@pytest.mark.slow
@pytest.mark.parametrize("builder", ["html", "doctest"])
def test_the_documentation_builds_without_warnings_and_its_examples_pass(builder, tmp_path):
    pytest.importorskip("sphinx")
    pytest.importorskip("furo")
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", builder, str(DOCS), str(tmp_path)],
        capture_output=True, text=True,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
