"""The opt-in compiled build: ``HOKM_MYPYC=1 pip install .`` compiles hokm's hot modules with mypyc.

Without the variable this hook does nothing and the wheel is pure Python, the default and the
fallback. With it, the engine, the hand state, the random-play kernel and their helpers are
compiled to C extension modules next to their sources in the wheel (the ``.py`` files stay, so
tracebacks and ``inspect`` still find them), and the wheel is tagged for this interpreter and
platform. ``hokm --version`` says which build is installed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ENVIRONMENT_VARIABLE = "HOKM_MYPYC"
COMPILED_PACKAGES = ("_compose", "_hand", "_kernel")
"""The private packages compiled: the composed engine's tables, the hand and its steps, the kernel."""

_SETUP = """
from setuptools import setup
from mypyc.build import mypycify

setup(name="hokm-compiled-modules",
      ext_modules=mypycify({files!r}, opt_level="3", strict_dunder_typing=False))
"""


def compiled_build_wanted() -> bool:
    """Whether the environment asks for the compiled build."""
    return os.environ.get(ENVIRONMENT_VARIABLE, "").strip().lower() in {"1", "true", "yes", "on"}


class MypycBuildHook(BuildHookInterface):
    """Compile the hot modules with mypyc when ``HOKM_MYPYC`` is set."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        if not compiled_build_wanted():
            return []
        # mypyc type-checks the modules it compiles, so the runtime dependencies must be there too.
        return ["mypy>=1.10", "setuptools>=69", *self.metadata.core.dependencies]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or not compiled_build_wanted():
            return
        source = Path(self.root) / "src"
        files = sorted(path.relative_to(source).as_posix() for package in COMPILED_PACKAGES
                       for path in (source / "hokm" / package).glob("*.py"))
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
