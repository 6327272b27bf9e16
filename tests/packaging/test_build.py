"""Which build is installed, that an expected compiled build really is compiled, and which batch
kernel runs: the C kernel where it is built, the pure twin where it is not or ``HOKM_NATIVE=0``."""

from __future__ import annotations

import importlib
import os
import pkgutil
import subprocess
import sys

import pytest

import hokm
from hokm._build import build_name, is_compiled, kernel_name, native_kernel_built
from hokm._kernel import native
from hokm.cli import version_text


def test_the_build_is_read_from_the_hot_modules() -> None:
    state = importlib.import_module("hokm._hand.state")
    assert is_compiled() == (not str(state.__file__).endswith(".py"))
    assert build_name() == ("compiled (mypyc)" if is_compiled() else "pure Python")


@pytest.mark.skipif(not os.environ.get("HOKM_EXPECT_COMPILED"), reason="only in the compiled CI run")
def test_the_compiled_build_compiles_every_hot_module() -> None:
    names = [module.name for package in ("_compose", "_hand", "_kernel", "_solver")
             for module in pkgutil.iter_modules(importlib.import_module(f"hokm.{package}").__path__,
                                                f"hokm.{package}.")]
    assert len(names) >= 22  # the engine's parts, the hand and its steps, the kernel, the solver
    for name in names:
        module = importlib.import_module(name)
        interpreted = name == "hokm._kernel.fold"  # (it rewrites source: hatch_build.INTERPRETED_MODULES)
        assert str(module.__file__).endswith(".py") == interpreted, f"{name} compiled: {not interpreted}?"


def _kernel_in_a_new_process(**environment: str) -> list[str]:
    """What a fresh interpreter with ``HOKM_NATIVE`` as given (unset if not given) reports: whether
    ``NATIVE`` is loaded, ``kernel_name()``, and the first line of ``hokm --version``."""
    env = {name: value for name, value in os.environ.items() if name != native.ENVIRONMENT_VARIABLE}
    code = ("from hokm._kernel import native; from hokm.cli import version_text\n"
            "print(native.NATIVE is not None); print(native.kernel_name())\n"
            "print(version_text().splitlines()[0])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={**env, **environment})
    return done.stdout.splitlines()


def test_the_c_kernel_runs_wherever_it_is_built() -> None:
    loaded, name, version_line = _kernel_in_a_new_process()
    if native_kernel_built():
        assert (loaded, name) == ("True", "native (C)")
    else:
        assert (loaded, name) == ("False", "pure Python (the C kernel is not built)")
    assert version_line.endswith(f"; batch kernel: {name}")


@pytest.mark.parametrize("value", ["0", "off"])
def test_hokm_native_0_switches_the_c_kernel_off(value: str) -> None:
    loaded, name, version_line = _kernel_in_a_new_process(HOKM_NATIVE=value)
    assert (loaded, name) == ("False", "pure Python (HOKM_NATIVE=0)")
    assert version_line.endswith("; batch kernel: pure Python (HOKM_NATIVE=0)")


def test_this_process_reports_the_kernel_it_runs() -> None:
    assert kernel_name() == native.kernel_name()
    assert (native.NATIVE is not None) == (kernel_name() == "native (C)")
    if native.NATIVE is not None:
        assert native_kernel_built() and native.NATIVE.__name__ == "hokm._kernel._native"
    assert version_text().splitlines()[0].endswith(f"; batch kernel: {kernel_name()}")


@pytest.mark.skipif(not os.environ.get("HOKM_EXPECT_NATIVE"),
                    reason="only where scripts/test built the C kernel (a C compiler is there)")
def test_the_expected_c_kernel_is_built_and_in_use() -> None:
    assert native_kernel_built(), "hokm._kernel._native is not installed: see the build's warning"
    assert native.NATIVE is not None, native.kernel_name()
    assert not str(native.NATIVE.__file__).endswith(".py")


def test_hokm_native_0_plays_every_batch_in_the_pure_twin_and_the_same_batch() -> None:
    code = ("import hokm\nrules = hokm.Ruleset.compose()\nprint(rules.native)\n"
            "print(rules.native_reasons[:1])\nprint(list(rules.playouts(300, seed=4, plays=True).plays))")
    env = {name: value for name, value in os.environ.items() if name != native.ENVIRONMENT_VARIABLE}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={**env, "HOKM_NATIVE": "0"})
    is_native, reasons, plays = done.stdout.splitlines()
    assert is_native == "False"
    assert reasons == "('the C kernel is not in use: pure Python (HOKM_NATIVE=0)',)"
    here = hokm.Ruleset.compose().playouts(300, seed=4, plays=True)  # (the C kernel, where built)
    assert plays == str(list(here.plays or b""))
