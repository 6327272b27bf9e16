"""The build hook: the C batch kernel by default, and the opt-in mypyc build.

The C kernel (``src/hokm/_kernel/_native.c``, CPython's headers only) is compiled for every
wheel, with setuptools, where a C compiler and Python's headers exist: ``pip install .`` and
``python -m build`` put ``hokm/_kernel/_native<EXT_SUFFIX>`` in a wheel tagged for this
interpreter and platform, and ``pip install -e .`` builds it next to its source, where the
editable install imports it. Where it cannot be compiled the build still succeeds, as pure
Python, and says why in one line; ``HOKM_NATIVE=0`` at build time leaves it out on purpose.
``HOKM_NATIVE_CFLAGS`` adds compiler flags (the sanitizer run of ``scripts/test``).

``HOKM_MYPYC=1 pip install .`` also compiles hokm's hot modules with mypyc: the engine, the hand
state, the random-play kernel and their helpers become C extension modules next to their
sources in the wheel (the ``.py`` files stay, so tracebacks and ``inspect`` still find them).
Without it those modules stay pure Python, the default and the fallback. ``hokm --version``
says which build and which batch kernel are installed.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ENVIRONMENT_VARIABLE = "HOKM_MYPYC"
COMPILED_PACKAGES = ("_compose", "_hand", "_kernel", "_solver")
"""The private packages compiled: the composed engine's tables, the hand and its steps, the kernel and
the solver."""
INTERPRETED_MODULES = ("hokm/_kernel/fold.py",)
"""Modules of those packages left interpreted: the card loop's folder rewrites Python source (the
compiled build runs the loop as compiled, so it has nothing to fold), and it subclasses
``ast.NodeTransformer``, which a mypyc class cannot."""

NATIVE_VARIABLE = "HOKM_NATIVE"
"""``0`` (or ``false``, ``no``, ``off``) at build time: no C kernel, a pure wheel."""
NATIVE_CFLAGS_VARIABLE = "HOKM_NATIVE_CFLAGS"
"""Extra compiler flags for the C kernel, space separated; they are passed to the linker too, so
``-fsanitize=...`` links its runtime."""
NATIVE_MODULE = "hokm._kernel._native"
NATIVE_SOURCE = Path("src", "hokm", "_kernel", "_native.c")
NATIVE_OPTIMISATION = "-O3"
"""Measured: -O3 plays about 3% more hands a second than -O2 here; -funroll-loops none."""

_SETUP = """
from setuptools import setup
from mypyc.build import mypycify

setup(name="hokm-compiled-modules",
      ext_modules=mypycify({files!r}, opt_level="3", strict_dunder_typing=False))
"""

# Run in an empty temporary directory: in the project root setuptools would read hokm's own
# pyproject.toml as its configuration.
_NATIVE_SETUP = """
from setuptools import Extension, setup

setup(name="hokm-native-kernel",
      ext_modules=[Extension({module!r}, [{source!r}], extra_compile_args={compile_args!r},
                             extra_link_args={link_args!r})])
"""


def compiled_build_wanted() -> bool:
    """Whether the environment asks for the compiled build."""
    return os.environ.get(ENVIRONMENT_VARIABLE, "").strip().lower() in {"1", "true", "yes", "on"}


def native_build_wanted() -> bool:
    """Whether to try the C kernel: always, unless the environment turns it off."""
    return os.environ.get(NATIVE_VARIABLE, "").strip().lower() not in {"0", "false", "no", "off"}


class NativeKernelNotBuilt(Exception):
    """The C kernel could not be compiled here; the message is the short reason the build prints."""


def short_reason(output: str) -> str:
    """The cause of a failed compile in a few words, from setuptools' and the compiler's output."""
    if "No module named 'setuptools'" in output:
        return "setuptools is not installed"
    if re.search(r"Python\.h: No such file", output):
        return "Python's C headers are missing"
    # setuptools' words for a compiler that is not there, in older and in newer releases
    missing = (re.search(r"command '([^']+)' failed: No such file or directory", output)
               or re.search(r"\[Errno 2\] No such file or directory: '([^']+)'", output))
    if missing:
        return f"no C compiler: {missing.group(1)} not found"
    # the compiler's first error, without the source's directory
    errors = [re.sub(r"^\S*[/\\]", "", line.strip()) for line in output.splitlines()
              if re.search(r"\berror\b", line, re.IGNORECASE)]
    reason = errors[0] if errors else (output.strip().splitlines() or ["no output"])[-1]
    return reason if len(reason) <= 160 else reason[:157] + "..."


class CompiledBuildHook(BuildHookInterface):
    """Compile the C kernel unless ``HOKM_NATIVE=0``, and the hot modules when ``HOKM_MYPYC`` is set."""

    PLUGIN_NAME = "custom"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._scratch: list[Path] = []  # the C kernel's temporary build directories, removed in finalize

    def dependencies(self) -> list[str]:
        wanted = []
        if native_build_wanted():
            wanted.append("setuptools>=69")
        if compiled_build_wanted():
            # mypyc type-checks the modules it compiles, so the runtime dependencies must be there too.
            wanted += ["mypy>=1.10", "setuptools>=69", *self.metadata.core.dependencies]
        return list(dict.fromkeys(wanted))

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        self._native_kernel(version, build_data)
        if compiled_build_wanted():
            self._mypyc(build_data)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        for scratch in self._scratch:
            shutil.rmtree(scratch, ignore_errors=True)
        self._scratch.clear()

    # The C kernel ---------------------------------------------------------------------------------

    def _native_kernel(self, version: str, build_data: dict[str, Any]) -> None:
        """Put the C kernel in the wheel (or, for an editable install, next to its source).

        Never fails the build: without the kernel hokm plays its batches with the pure twin.
        """
        in_place = Path(self.root) / NATIVE_SOURCE.parent
        if version == "editable":
            # A kernel left from an earlier install would run against newer Python code (or
            # after HOKM_NATIVE=0): the editable tree has the kernel of this build or none.
            for stale in in_place.glob("_native.*"):
                if stale.suffix in {".so", ".pyd"}:
                    with contextlib.suppress(OSError):
                        stale.unlink()
        if not native_build_wanted():
            return
        try:
            built = self._compile_native_kernel()
            if version == "editable":
                # Copied under another name, then renamed: a running process keeps the file it mapped.
                partial = in_place / "_native.partial.so"  # ignored by git, and removed as stale
                shutil.copyfile(built, partial)
                os.replace(partial, in_place / built.name)
        except (NativeKernelNotBuilt, OSError, subprocess.SubprocessError) as failure:
            self.app.display_warning(f"hokm: the C kernel was not built ({failure}); "
                                     "batches use the pure-Python twin")
            return
        if version != "editable":
            build_data["force_include"][str(built)] = f"hokm/_kernel/{built.name}"
            build_data["pure_python"] = False
            build_data["infer_tag"] = True

    def _compile_native_kernel(self) -> Path:
        """Compile the C kernel in a temporary directory; the extension module built there."""
        source = Path(self.root) / NATIVE_SOURCE
        if not source.is_file():
            raise NativeKernelNotBuilt(f"{NATIVE_SOURCE.as_posix()} is missing")
        output = Path(tempfile.mkdtemp(prefix="hokm-native-"))
        self._scratch.append(output)
        extra_flags = os.environ.get(NATIVE_CFLAGS_VARIABLE, "").split()
        setup = output / "setup_native.py"
        setup.write_text(_NATIVE_SETUP.format(module=NATIVE_MODULE, source=str(source),
                                              compile_args=[NATIVE_OPTIMISATION, *extra_flags],
                                              link_args=extra_flags), encoding="utf-8")
        done = subprocess.run(
            [sys.executable, str(setup), "build_ext", "--build-lib", str(output / "lib"),
             "--build-temp", str(output / "tmp")],
            cwd=output, capture_output=True, text=True, errors="replace", check=False)
        log = f"{done.stdout}\n{done.stderr}"
        self.app.display_debug(f"hokm: compiling the C kernel:\n{log}")
        if done.returncode:
            raise NativeKernelNotBuilt(short_reason(log))
        built = [path for path in (output / "lib").rglob("_native.*") if path.suffix in {".so", ".pyd"}]
        if len(built) != 1:
            raise NativeKernelNotBuilt(f"setuptools built {len(built)} extension modules, expected one")
        return built[0]

    # The opt-in mypyc build -----------------------------------------------------------------------

    def _mypyc(self, build_data: dict[str, Any]) -> None:
        """Compile the hot modules with mypyc into the wheel; a failure fails the build (it was asked for)."""
        source = Path(self.root) / "src"
        files = sorted(path.relative_to(source).as_posix() for package in COMPILED_PACKAGES
                       for path in (source / "hokm" / package).glob("*.py")
                       if path.relative_to(source).as_posix() not in INTERPRETED_MODULES)
        output = Path(tempfile.mkdtemp(prefix="hokm-mypyc-"))
        setup = output / "setup_mypyc.py"
        setup.write_text(_SETUP.format(files=files), encoding="utf-8")
        done = subprocess.run(
            [sys.executable, str(setup), "build_ext", "--build-lib", str(output / "lib"),
             "--build-temp", str(output / "tmp")],
            cwd=source, capture_output=True, text=True, check=False,
            # mypy's cache and the C sources stay in the temporary directory, out of the source tree
            env={**os.environ, "MYPY_CACHE_DIR": str(output / "mypy_cache")})
        if done.returncode:
            raise RuntimeError(f"mypyc could not compile hokm ({ENVIRONMENT_VARIABLE} is set):\n"
                               f"{done.stdout}\n{done.stderr}")
        extensions = sorted((output / "lib").rglob("*.so")) + sorted((output / "lib").rglob("*.pyd"))
        if len(extensions) <= len(files) - 1:
            raise RuntimeError(f"mypyc produced {len(extensions)} extension modules, expected "
                               f"{len(files)} and a shared runtime")
        for extension in extensions:
            build_data["force_include"][str(extension)] = extension.relative_to(output / "lib").as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
