import ast
import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

import holdem

LAZY_MODULES = (
    "holdem.agents",
    "holdem.formats.acpc",
    "holdem.formats.phh",
    "holdem.match",
    "holdem.table",
    "holdem.tournament",
    "holdem.vector",
    "numpy",
)


def test_import_leaves_rarely_used_modules_unloaded():
    # A fresh interpreter: this one has loaded everything already.
    code = f"import sys, holdem; print(*[m for m in {LAZY_MODULES!r} if m in sys.modules])"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.split() == []


def test_every_public_name_is_listed_by_dir():
    assert set(holdem.__all__) <= set(dir(holdem))


def test_every_lazily_loaded_name_is_public():
    assert set(holdem._LAZY_MODULE_OF) <= set(holdem.__all__)


@pytest.mark.parametrize(
    ("name", "module"),
    [
        ("Table", "holdem.table"),
        ("play_match", "holdem.match"),
        ("GameDef", "holdem.formats.acpc"),
        ("RandomBot", "holdem.agents"),
        ("icm", "holdem.tournament"),
        ("VectorGame", "holdem.vector"),
    ],
)
def test_lazy_names_are_the_objects_of_their_modules(name, module):
    assert getattr(holdem, name) is getattr(importlib.import_module(module), name)


def test_lazy_format_modules_are_the_submodules():
    from holdem import acpc, phh

    assert acpc is sys.modules["holdem.formats.acpc"]
    assert phh is sys.modules["holdem.formats.phh"]


def test_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="module 'holdem' has no attribute 'Nothing'"):
        getattr(holdem, "Nothing")


def imports_of(path: Path, module: str, modules: set[str]) -> set[str]:
    """The holdem modules that ``module`` (at ``path``) imports when it runs, at its top or inside its
    functions (not those imported only for type checkers)."""

    def target(base: str, name: str) -> str | None:
        return f"{base}.{name}" if f"{base}.{name}" in modules else base if base in modules else None

    found = set()
    if path.suffix == ".pyx":  # Cython: not Python's syntax, but its imports are lines of their own
        for line in path.read_text().splitlines():
            if match := re.match(r"\s*from\s+(holdem[\w.]*)\s+import\s+(.+)", line):
                found |= {target(match[1], name.split()[0]) for name in match[2].strip("()").split(",") if name.strip()}
            elif match := re.match(r"\s*import\s+(holdem[\w.]*)", line):
                found.add(target(match[1], ""))
        return found - {None, module}
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    nodes = list(ast.iter_child_nodes(ast.parse(path.read_text())))
    while nodes:
        node = nodes.pop()
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            nodes += node.orelse
            continue
        nodes += ast.iter_child_nodes(node)
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in modules}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join([*parts[: len(parts) + 1 - node.level], *filter(None, [base])])
            if base.split(".")[0] == "holdem":
                found |= {target(base, alias.name) for alias in node.names}
    return found - {None, module}


def import_circles(root: Path) -> list[list[str]]:
    """Each circle of imports among the modules of the package at ``root``, as the modules along it."""
    paths = {}
    for path in [*root.rglob("*.py"), *root.rglob("*.pyx")]:
        parts = path.relative_to(root.parent).with_suffix("").parts
        paths[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph = {module: sorted(imports_of(path, module, set(paths))) for module, path in paths.items()}
    circles, done = [], set()

    def walk(module: str, trail: list[str]) -> None:
        if module in trail:
            circles.append(trail[trail.index(module) :] + [module])
        elif module not in done:
            for imported in graph[module]:
                walk(imported, [*trail, module])
            done.add(module)

    for module in sorted(graph):
        walk(module, [])
    return circles


def test_the_import_circle_finder_sees_imports_inside_functions(tmp_path):
    package = tmp_path / "holdem"
    (package / "formats").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "formats" / "__init__.py").write_text("")
    (package / "formats" / "reader.py").write_text("def load():\n    from holdem.formats import site\n")
    (package / "formats" / "site.py").write_text("from .reader import load\n")
    (package / "typed.py").write_text("import typing\nif typing.TYPE_CHECKING:\n    from holdem import core\n")
    (package / "core.pyx").write_text("from holdem._core cimport x\ndef f():\n    from holdem.typed import g\n")
    assert import_circles(package) == [["holdem.formats.reader", "holdem.formats.site", "holdem.formats.reader"]]


def test_no_import_circle():
    # The site readers import one way (the framework the sites share, then each site, then the
    # reader that imports them all), and the play loop checks its table without importing it.
    assert import_circles(Path(holdem.__file__).parent) == []
