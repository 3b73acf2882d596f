"""Build the Cython core; the project's metadata lives in pyproject.toml.

With GCC 10 or later the extensions are built with profile-guided optimisation:
once instrumented, then again with the counts of their branches and calls
that the benchmark gate's workloads (``benchmarks/workloads.py all``) gave on
the first build, so that the compiler lays out the hot paths together and the
cold ones apart, and inlines and unrolls where the counts say it pays (see
benchmarks/README.md for what it gains; code no workload runs, ``_aivat``'s
among it, is optimised without counts).  ``HOLDEM_PGO=0`` builds once,
without: a quicker build for development, and the one for a cross-compiler,
whose extensions cannot run where they are built.  An up-to-date build is not
rebuilt when only ``HOLDEM_PGO`` changes: add ``--force``.  On Linux, with
GCC or Clang 6 or later, the extensions call Python's C API without PLT stubs
(``-fno-plt``).
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import ExecError
from setuptools.modified import newer_group

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


def major_version(macros, name):
    """The version a compiler's ``macros`` give in the macro ``name`` (``__GNUC__``, ``__clang_major__``); 0 for
    none."""
    found = re.search(rf"#define {name} (\d+)", macros)
    return int(found[1]) if found else 0


def takes_no_plt(macros):
    """Whether the compiler of ``macros`` takes ``-fno-plt``: GCC 6 or Clang 6 and later."""
    return major_version(macros, "__clang_major__" if "__clang__" in macros else "__GNUC__") >= 6


class ProfiledBuild(build_ext):
    """``build_ext``, twice with GCC 10 or later: instrumented, then optimised with the profile of the
    workloads (see the module's docstring)."""

    def build_extensions(self):
        original = {ext.name: (ext.extra_compile_args, ext.extra_link_args) for ext in self.extensions}
        try:
            self.build_all(self.compiler_macros())
        finally:  # each extension's own arguments back, for another build in this process
            for ext in self.extensions:
                ext.extra_compile_args, ext.extra_link_args = original[ext.name]

    def build_all(self, macros):
        """Build the extensions with the options the compiler of ``macros`` takes (see ``compiler_macros``)."""
        if sys.platform.startswith("linux") and takes_no_plt(macros):
            # Python's C API called through the global offset table at once, not through a stub a call: the
            # hand-history readers make hundreds a hand.
            for ext in self.extensions:
                ext.extra_compile_args = [*ext.extra_compile_args, "-fno-plt"]
        if not self.use_pgo(macros):
            super().build_extensions()
            return
        profile = Path(self.build_temp, "profile").resolve()
        shutil.rmtree(profile, ignore_errors=True)
        base = {ext.name: (list(ext.extra_compile_args), list(ext.extra_link_args)) for ext in self.extensions}
        generate = [f"-fprofile-generate={profile}", "-fprofile-update=prefer-atomic"]
        try:
            self.build_with(base, generate, generate)
            self.train(profile)
            self.build_with(base, [f"-fprofile-use={profile}", "-fprofile-partial-training", "-Wno-missing-profile"], [])
        except BaseException:  # no instrumented extension left behind for a later build to take as up to date
            for ext in self.extensions:
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            raise

    def compiler_macros(self):
        """The C compiler's own macros (``-dM -E``) when some extension is out of date and the compiler takes
        Unix options; ``""`` otherwise."""
        stale = self.force or any(
            newer_group(ext.sources + ext.depends, self.get_ext_fullpath(ext.name), missing="newer")
            for ext in self.extensions
        )
        if not stale or self.compiler.compiler_type != "unix":
            return ""
        command = [*self.compiler.compiler_so, "-dM", "-E", "-x", "c", os.devnull]
        try:
            return subprocess.run(command, capture_output=True, text=True).stdout
        except OSError:  # no compiler: the build says so
            return ""

    def use_pgo(self, macros):
        """Whether to build with profile-guided optimisation: the compiler's ``macros`` those of GCC 10 or later
        (not Clang, which defines ``__GNUC__`` too), ``HOLDEM_PGO`` not ``0`` and the workloads at hand."""
        if os.environ.get("HOLDEM_PGO") == "0" or "__clang__" in macros or major_version(macros, "__GNUC__") < 10:
            return False
        if not WORKLOADS.exists():
            print("holdem: benchmarks/workloads.py is missing: building without profile-guided optimisation")
            return False
        return True

    def build_with(self, base, compile_args, link_args):
        """Build every extension anew with ``compile_args`` and ``link_args`` after its own."""
        for ext in self.extensions:
            ext.extra_compile_args = base[ext.name][0] + compile_args
            ext.extra_link_args = base[ext.name][1] + link_args
        self.force = True
        super().build_extensions()

    def train(self, profile):
        """Run every workload once on the instrumented extensions, in a copy of the package, writing ``profile``."""
        tree = Path(self.build_temp, "profiled").resolve()
        shutil.rmtree(tree, ignore_errors=True)
        leave_out = shutil.ignore_patterns("*.so", "*.pyd", "*.c", "__pycache__")
        shutil.copytree(HERE / "src" / "holdem", tree / "holdem", ignore=leave_out)
        for ext in self.extensions:
            built = Path(self.get_ext_fullpath(ext.name))
            shutil.copy2(built, tree.joinpath(*ext.name.split(".")[:-1], built.name))
        # The copy first, then the build environment's own path (pip's isolated build finds numpy through it)
        path = os.pathsep.join(filter(None, [str(tree), os.environ.get("PYTHONPATH")]))
        environment = dict(os.environ, PYTHONPATH=path, PYTHONHASHSEED="0")
        result = subprocess.run(
            [sys.executable, str(WORKLOADS), "all"], capture_output=True, text=True, env=environment, cwd=tree
        )
        if result.returncode:
            raise ExecError(
                f"the workloads of the profile-guided optimisation failed with exit status {result.returncode} "
                f"(HOLDEM_PGO=0 builds without it):\n{result.stderr[-3000:]}"
            )
        if not any(profile.rglob("*.gcda")):
            raise ExecError(f"the workloads of the profile-guided optimisation wrote no profile in {profile}")


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
