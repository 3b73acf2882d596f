"""Build the Cython core; the project's metadata lives in pyproject.toml.

With GCC 10 or later the extensions are built with profile-guided optimisation:
once instrumented, then again with the counts of their branches and calls
that the benchmark gate's workloads (``benchmarks/workloads.py all``) gave on
the first build: the compiler lays out the hot paths together and the cold
ones apart, and inlines and unrolls where the counts say it pays (see
benchmarks/README.md for what it gains).  ``HOLDEM_PGO=0`` builds once,
without: a quicker build for development.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
WORKLOADS = HERE / "benchmarks" / "workloads.py"

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



class ProfiledBuild(build_ext):
    """``build_ext``, twice with GCC 10 or later: instrumented, then optimised with the profile of the
    workloads (see the module's docstring)."""

    def build_extensions(self):
        if not self.profiled():
            super().build_extensions()
            return
        base = {ext.name: (list(ext.extra_compile_args), list(ext.extra_link_args)) for ext in self.extensions}
        with tempfile.TemporaryDirectory() as work:
            profile = Path(work, "profile")
            generate = [f"-fprofile-generate={profile}", "-fprofile-update=prefer-atomic"]
            self.build_with(base, generate, generate)
            self.train(Path(work, "tree"), profile)
            self.build_with(base, [f"-fprofile-use={profile}", "-fprofile-partial-training", "-Wno-missing-profile"], [])

    def profiled(self):
        """Whether to build with profile-guided optimisation: GCC 10 or later, the workloads at hand, not
        turned off, and some extension out of date."""
        if os.environ.get("HOLDEM_PGO", "1") == "0" or self.compiler.compiler_type != "unix":
            return False
        if not WORKLOADS.exists():
            print("holdem: benchmarks/workloads.py is missing: building without profile-guided optimisation")
            return False
        compiler = self.compiler.compiler_so[0]
        version = subprocess.run([compiler, "--version"], capture_output=True, text=True).stdout
        major = re.match(r"\d+", subprocess.run([compiler, "-dumpfullversion"], capture_output=True, text=True).stdout)
        if "clang" in version.lower() or major is None or int(major[0]) < 10:
            return False
        return self.force or any(
            self.out_of_date(ext.sources + list(ext.depends), self.get_ext_fullpath(ext.name))
            for ext in self.extensions
        )

    @staticmethod
    def out_of_date(sources, target):
        return not os.path.exists(target) or any(os.path.getmtime(source) > os.path.getmtime(target) for source in sources)

    def build_with(self, base, compile_args, link_args):
        for ext in self.extensions:
            ext.extra_compile_args = base[ext.name][0] + compile_args
            ext.extra_link_args = base[ext.name][1] + link_args
        self.force = True
        super().build_extensions()

    def train(self, tree, profile):
        """Run every workload once on the instrumented extensions, in a copy of the package in ``tree``."""
        package = HERE / "src" / "holdem"
        shutil.copytree(package, tree / "holdem", ignore=shutil.ignore_patterns("*.so", "*.pyd", "*.c", "__pycache__"))
        for ext in self.extensions:
            built = Path(self.get_ext_fullpath(ext.name))
            shutil.copy2(built, tree.joinpath(*ext.name.split(".")[:-1], built.name))
        # The tree first, then the build environment's own path (pip's isolated build finds numpy through it)
        path = os.pathsep.join(filter(None, [str(tree), os.environ.get("PYTHONPATH")]))
        environment = dict(os.environ, PYTHONPATH=path, PYTHONHASHSEED="0")
        result = subprocess.run(
            [sys.executable, str(WORKLOADS), "all"], capture_output=True, text=True, env=environment, cwd=tree
        )
        if result.returncode or not any(profile.rglob("*.gcda")):
            raise RuntimeError(
                "the workloads of the profile-guided build failed (HOLDEM_PGO=0 builds without it):\n"
                + result.stderr[-3000:]
            )


setup(
    cmdclass={"build_ext": ProfiledBuild},
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
