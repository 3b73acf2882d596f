import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

# The atheris targets run on their own (python tests/fuzz/atheris_targets.py ...), with
# atheris installed; the suite's fuzz targets are the hypothesis ones.
collect_ignore = ["fuzz/atheris_targets.py"]
