"""Which build is installed, and that an expected compiled build really is compiled."""

from __future__ import annotations

import importlib
import os
import pkgutil

import pytest

from hokm._build import build_name, is_compiled


def test_the_build_is_read_from_the_hot_modules() -> None:
    state = importlib.import_module("hokm._hand.state")
    assert is_compiled() == (not str(state.__file__).endswith(".py"))
    assert build_name() == ("compiled (mypyc)" if is_compiled() else "pure Python")


@pytest.mark.skipif(not os.environ.get("HOKM_EXPECT_COMPILED"), reason="only in the compiled CI run")
def test_the_compiled_build_compiles_every_hot_module() -> None:
    names = [module.name for package in ("_compose", "_hand", "_kernel")
             for module in pkgutil.iter_modules(importlib.import_module(f"hokm.{package}").__path__,
                                                f"hokm.{package}.")]
    assert len(names) >= 20  # the engine's parts, the hand and its steps, the kernel
    for name in names:
        module = importlib.import_module(name)
        assert not str(module.__file__).endswith(".py"), f"{name} is not compiled"
