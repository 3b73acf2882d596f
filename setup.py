"""Build the Cython core; the project's metadata lives in pyproject.toml."""

import sys

from Cython.Build import cythonize
from setuptools import Extension, setup

# -O3 lets the C compiler unroll the fixed-width batch loops and inline the
# evaluator into them.  No -march=native: wheels must run on any CPU of their
# platform.
extra_compile_args = ["/O2"] if sys.platform == "win32" else ["-O3"]

core = Extension(
    "holdem._core",
    ["src/holdem/_core.pyx"],
    depends=["src/holdem/_batch_simd.h", "src/holdem/_equity.pxi"],
    extra_compile_args=extra_compile_args,
)
hand = Extension(
    "holdem._hand",
    ["src/holdem/_hand.pyx"],
    depends=["src/holdem/_core.pxd", "src/holdem/_engine.pxd", "src/holdem/_engine.pxi", "src/holdem/_hand.pxd"],
    extra_compile_args=extra_compile_args,
)
isomorphism = Extension(
    "holdem._isomorphism",
    ["src/holdem/_isomorphism.pyx"],
    depends=["src/holdem/_core.pxd"],
    extra_compile_args=extra_compile_args,
)
toml = Extension(
    "holdem.formats._toml",
    ["src/holdem/formats/_toml.pyx"],
    extra_compile_args=extra_compile_args,
)
pokerstars = Extension(
    "holdem.formats._pokerstars",
    ["src/holdem/formats/_pokerstars.pyx"],
    depends=[
        "src/holdem/formats/_kept.pxd", "src/holdem/formats/_slots.pxd", "src/holdem/formats/_text.pxd",
        "src/holdem/formats/_times.pxd",
    ],
    extra_compile_args=extra_compile_args,
)
times = Extension(
    "holdem.formats._times",
    ["src/holdem/formats/_times.pyx"],
    extra_compile_args=extra_compile_args,
)
histories = Extension(
    "holdem.formats._histories",
    ["src/holdem/formats/_histories.pyx"],
    depends=[
        "src/holdem/formats/_kept.pxd", "src/holdem/formats/_slots.pxd", "src/holdem/formats/_text.pxd",
        "src/holdem/_hand.pxd", "src/holdem/_engine.pxd",
    ],
    extra_compile_args=extra_compile_args,
)
vector = Extension(
    "holdem._vector",
    ["src/holdem/_vector.pyx"],
    depends=["src/holdem/_core.pxd", "src/holdem/_engine.pxd", "src/holdem/_engine.pxi"],
    extra_compile_args=extra_compile_args,
)
aivat = Extension(
    "holdem._aivat",
    ["src/holdem/_aivat.pyx"],
    depends=["src/holdem/_core.pxd"],
    extra_compile_args=extra_compile_args,
)

setup(
    ext_modules=cythonize(
        [core, hand, isomorphism, toml, times, pokerstars, histories, vector, aivat],
        compiler_directives={
            "language_level": 3,
            # Every index in the hot loops is computed from checked sizes, so
            # bounds and negative-index checks would only cost time.
            "boundscheck": False,
            "wraparound": False,
            # Memoryviews are always assigned before use.
            "initializedcheck": False,
            # C division: no Python zero-division check or floor adjustment in
            # the hash and sampling arithmetic, where operands are never zero
            # or negative.
            "cdivision": True,
            # Signatures in docstrings, for help() and the type stubs.
            "embedsignature": True,
            # The modules run without the GIL on free-threaded Python (3.13t,
            # 3.14t): their module-level state is read-only, guarded, or
            # caches in plain dicts or lists whose entries are stored and read
            # whole (each dict or list operation is atomic).
            "freethreading_compatible": True,
        },
    ),
)
