import importlib
import sys

import pytest


@pytest.mark.parametrize("missing", ["gymnasium", "pettingzoo"])
def test_a_missing_extra_says_what_to_install(monkeypatch, missing):
    monkeypatch.delitem(sys.modules, "holdem.rl", raising=False)
    monkeypatch.setitem(sys.modules, missing, None)  # as if it were not installed
    with pytest.raises(ModuleNotFoundError, match=rf"holdem.rl needs {missing}: pip install 'holdem-engine\[rl\]'"):
        importlib.import_module("holdem.rl")
