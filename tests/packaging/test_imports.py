"""The module graph: no import cycles inside the package, and a cheap ``import hokm``."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "hokm"


def module_name(path: Path) -> str:
    """``src/hokm/_io/codec.py`` -> ``hokm._io.codec``; a package's ``__init__`` is the package."""
    return ".".join(("hokm", *path.relative_to(SRC).with_suffix("").parts)).removesuffix(".__init__")


def is_module(name: str) -> bool:
    """Whether ``name`` (``hokm.x.y``) is a module or a package of the source tree."""
    path = SRC.joinpath(*name.split(".")[1:])
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def imported_modules(node: ast.stmt) -> set[str]:
    """The hokm modules an import statement names: ``from hokm._io import codec`` names
    ``hokm._io`` and ``hokm._io.codec``; ``from hokm import hookspecs`` counts as ``hokm.hookspecs``
    (the package itself, the facade every submodule import passes through, is left out)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name.split(".")[0] == "hokm"}
    if not isinstance(node, ast.ImportFrom) or not node.module or node.module.split(".")[0] != "hokm":
        return set()
    assert node.level == 0, "hokm's own imports are absolute"
    names = {f"{node.module}.{alias.name}" for alias in node.names}
    return ({node.module} - {"hokm"}) | {name for name in names if is_module(name)}


def _type_only(tree: ast.Module) -> set[int]:
    """The ids of the statements under ``if TYPE_CHECKING:`` (imports a type checker alone runs)."""
    return {id(node) for block in ast.walk(tree) if isinstance(block, ast.If)
            and "TYPE_CHECKING" in ast.unparse(block.test) for node in ast.walk(block)}


def runtime_imports(*, deferred: bool = False) -> dict[str, set[str]]:
    """Each module's imports of hokm modules that run: its top-level ones, and with ``deferred``
    also those inside functions (``if TYPE_CHECKING`` blocks excluded either way)."""
    graph: dict[str, set[str]] = {}
    for path in SRC.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = _type_only(tree)
        statements = ([node for node in ast.walk(tree) if isinstance(node, ast.stmt)] if deferred
                      else tree.body)
        deps: set[str] = set()
        for node in statements:
            if id(node) not in typing_only:
                deps |= imported_modules(node)
        if module_name(path) != "hokm":
            graph[module_name(path)] = deps
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The graph's strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for dep in sorted(graph[module] & graph.keys()):
            if dep not in index:
                visit(dep)
                low[module] = min(low[module], low[dep])
            elif dep in stack:
                low[module] = min(low[module], index[dep])
        if low[module] == index[module]:
            component: list[str] = []
            while not component or component[-1] != module:
                component.append(stack.pop())
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_no_module_imports_itself_back() -> None:
    """No circle among the imports that run, those inside functions included: a module reaches
    what sits above it only through a protocol placed below (``acting_at``, ``replayed``,
    ``register_class``), never by importing it when called."""
    assert circles(runtime_imports()) == []
    assert circles(runtime_imports(deferred=True)) == []


def test_the_circle_check_sees_a_circle_through_a_function() -> None:
    graph = runtime_imports(deferred=True)
    graph["hokm.actions"] = graph["hokm.actions"] | {"hokm.match"}  # as parse_action once did
    assert any({"hokm.actions", "hokm.match"} <= set(circle) for circle in circles(graph))


def test_the_graph_sees_the_private_packages_and_their_modules() -> None:
    graph = runtime_imports()
    packages = {"hokm._io", "hokm._io.codec", "hokm._arena.run", "hokm._cli.common", "hokm.play.command"}
    assert packages <= set(graph)
    assert {"hokm._arena.play", "hokm._arena.result", "hokm._arena.stats"} <= graph["hokm._arena.run"]
    assert {"hokm._cli.arena", "hokm._cli.common", "hokm._cli.records"} <= graph["hokm.cli"]


def test_only_the_entry_point_imports_the_command_line() -> None:
    """``hokm.cli`` imports its commands; no command (nor anything else) imports it back, not
    even inside a function: what they share lives in ``hokm._cli.common``."""
    importers = sorted(module_name(path) for path in SRC.rglob("*.py")
                       if any("hokm.cli" in imported_modules(node)
                              for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                              if isinstance(node, ast.stmt)))
    assert importers == ["hokm.__main__"]


def test_import_hokm_leaves_the_engine_and_installed_metadata_for_later() -> None:
    code = ("import sys, hokm; heavy = ['pluggy', 'importlib.metadata', 'hokm.rules', 'hokm._compose', "
            "'hokm._kernel', 'hokm._hand', 'numpy', 'hypothesis', 'json', 'hokm.records', 'hokm.agents', "
            "'hokm._knowledge', 'hokm.play', "
            "'textual', 'hokm.encoding', 'hokm.adapters', 'pettingzoo', 'gymnasium', 'pyspiel', "
            "'open_spiel', 'hokm._arena', 'hokm._io', 'hokm._cli', 'dask', 'distributed']; "
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
