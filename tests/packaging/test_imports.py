"""The module graph: no import cycles inside the package, and a cheap ``import hokm``."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "hokm"


def runtime_imports() -> dict[str, set[str]]:
    """Each module's top-level imports of hokm modules (``if TYPE_CHECKING`` blocks excluded).

    The package itself (``hokm/__init__``, the facade every submodule import passes
    through) is left out; ``from hokm import hookspecs`` counts as ``hokm.hookspecs``.
    """
    graph: dict[str, set[str]] = {}
    for path in SRC.rglob("*.py"):
        name = ".".join(("hokm", *path.relative_to(SRC).with_suffix("").parts)).removesuffix(".__init__")
        deps: set[str] = set()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ImportFrom) and node.module == "hokm":
                deps |= {f"hokm.{alias.name}" for alias in node.names
                         if (SRC / f"{alias.name}.py").exists() or (SRC / alias.name).is_dir()}
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("hokm."):
                deps.add(node.module)
            elif isinstance(node, ast.Import):
                deps |= {alias.name for alias in node.names if alias.name.split(".")[0] == "hokm"}
        if name != "hokm":
            graph[name] = deps
    return graph


def test_no_module_imports_itself_back() -> None:
    graph = runtime_imports()
    cycles = []

    def visit(module: str, path: list[str]) -> None:
        for dep in sorted(graph.get(module, ())):
            if dep in path:
                cycles.append(" -> ".join([*path[path.index(dep):], dep]))
            elif dep in graph:
                visit(dep, [*path, dep])

    for module in sorted(graph):
        visit(module, [module])
    assert not cycles, "import cycles:\n" + "\n".join(sorted(set(cycles)))


def test_import_hokm_leaves_the_engine_and_installed_metadata_for_later() -> None:
    code = ("import sys, hokm; heavy = ['pluggy', 'importlib.metadata', 'hokm.rules', 'hokm._engine', "
            "'numpy', 'hypothesis', 'json', 'hokm.records', 'hokm.agents', 'hokm._knowledge', 'hokm.play', "
            "'textual', 'hokm.encoding', 'hokm.adapters', 'pettingzoo', 'gymnasium', 'pyspiel', "
            "'open_spiel', 'hokm._arena', 'hokm._arena.play', 'hokm._arena.result', 'dask', 'distributed']; "
            "print(','.join(m for m in heavy if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""
    code = "import hokm; hokm.Ruleset.compose('satat'); print(hokm.simulate.__module__)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "hokm.simulate"


def test_import_hokm_loads_only_the_vocabulary_of_cards_actions_seats_and_errors() -> None:
    code = "import sys, hokm; print(' '.join(sorted(m for m in sys.modules if m.startswith('hokm'))))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["hokm", "hokm.actions", "hokm.cards", "hokm.errors", "hokm.table"]


def test_every_public_name_resolves_from_its_own_module() -> None:
    import hokm

    lazy = hokm._LAZY  # the facade's private table
    eager = {name for name in hokm.__all__ if name in vars(hokm)} - set(lazy)
    assert set(lazy) | eager == set(hokm.__all__)
    for name in hokm.__all__:
        value = getattr(hokm, name)
        assert getattr(value, "__module__", None) is not None, name
        assert name in dir(hokm)
        if name in lazy:  # the module the table names defines it, or re-exports it unchanged
            module = __import__(lazy[name], fromlist=[name])
            assert getattr(module, name) is value, name


def test_hokm_simulate_stays_the_function_when_its_module_is_imported_first() -> None:
    code = ("import hokm.simulate; from hokm.simulate import SimulationReport; import hokm; "
            "print(callable(hokm.simulate), hokm.simulate.__module__, "
            "hokm.SimulationReport is SimulationReport)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "hokm.simulate", "True"]


def test_import_hokm_agents_leaves_the_engine_and_installed_metadata_for_later() -> None:
    """Bots import ``hokm.agents`` for every game they play: it stays as light as the values it reads."""
    code = ("import sys, hokm.agents; heavy = ['pluggy', 'importlib.metadata', 'hokm.rules', "
            "'hokm._engine', 'hypothesis']; print(','.join(m for m in heavy if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""
