"""Sphinx configuration of the holdem documentation: ``sphinx-build -W docs docs/_build/html``."""

import holdem

project = "holdem"
author = "The holdem developers"
copyright = "The holdem developers"
release = holdem.__version__
version = holdem.__version__

extensions = ["sphinx.ext.autodoc", "sphinx.ext.doctest", "sphinx.ext.viewcode"]

html_theme = "furo"
html_title = f"holdem {release}"
exclude_patterns = ["_build"]

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_mock_imports = ["pettingzoo", "gymnasium"]

# The examples of these pages run with `sphinx-build -b doctest`; the docstrings' examples run under pytest.
doctest_test_doctest_blocks = ""
doctest_global_setup = "import holdem"
