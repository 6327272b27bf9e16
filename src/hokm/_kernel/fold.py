"""A function with some of its locals folded to constants: the card loop made per plan.

The card loop (``hokm._kernel.tricks.play_tricks``) is one function for every ruleset. Many of
its tests read locals that, under a given plan, keep one value from the loop's entry to its end
(no legality hook, no card of another suit than printed, no announcement to remember). ``fold``
compiles a copy of a function in which chosen locals are constants and the branches they decide
are gone, as attrs writes only the ``__init__`` a class needs. The copy is exact:

- the statements before the function's first loop (its *preamble*) run unchanged; then a guard
  compares the folded locals with their constants (one tuple comparison, so ``0`` passes for
  ``False``: the function must not tell them apart by identity or type) and, on any difference,
  calls the original function from the start instead (so the preamble must change nothing
  outside itself);
- after the preamble, an assignment of a folded local's own constant to it is dropped; a local
  assigned anything else there, or not assigned in the preamble, is not folded; an assignment of
  a local to itself (``x = x``, as folding may leave it) is dropped too;
- ``a or b`` and ``a and b`` keep Python's values (``0 or b`` is ``b``, ``1 and b`` is ``b``), but
  an ``if`` reads its test for its truth alone (``if x or False`` is ``if x``).

Which locals to fold is the caller's choice, and the guard makes any choice safe: a poor one
only sends entries back to the original. The copy keeps the source's file name and line
numbers, so tracebacks and coverage point at the function as written. Pure Python only: a
function without Python source (the compiled build's) is returned as it is.
"""

from __future__ import annotations

import ast
import copy
import inspect
import operator
import textwrap
from collections.abc import Callable, Mapping
from types import FunctionType
from typing import Any, TypeVar

__all__ = ["fold"]

F = TypeVar("F", bound=Callable[..., Any])
Constant = bool | int | None

_ORIGINAL = "_unfolded"
"""The name by which the copy calls the original function."""
_COMPARE: dict[type[ast.cmpop], Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Is: operator.is_, ast.IsNot: operator.is_not}
_copies: dict[tuple[Callable[..., Any], tuple[tuple[str, Constant], ...]], Callable[..., Any]] = {}


def fold(function: F, constants: Mapping[str, Constant]) -> F:
    """``function`` with the locals of ``constants`` folded, those that can be (see the module's
    docstring); ``function`` itself where none can, or it has no Python source. Each copy is
    compiled once per function and constants."""
    key = (function, tuple(sorted(constants.items())))
    found = _copies.get(key)
    if found is None:
        found = _copies[key] = (_folded(function, dict(constants)) if isinstance(function, FunctionType)
                                else function)
    return found  # type: ignore[return-value]


def _folded(function: FunctionType, constants: dict[str, Constant]) -> Callable[..., Any]:
    try:
        lines, first = inspect.getsourcelines(function)
    except (OSError, TypeError):  # no source to fold
        return function
    definition = ast.parse(textwrap.dedent("".join(lines))).body[0]
    ast.increment_lineno(definition, first - 1)
    assert isinstance(definition, ast.FunctionDef)
    arguments = definition.args
    if arguments.posonlyargs or arguments.vararg or arguments.kwonlyargs or arguments.kwarg:
        return function  # (the guard passes plain positional arguments on)
    split = next(i for i, node in enumerate(definition.body) if isinstance(node, ast.While | ast.For))
    preamble, rest = definition.body[:split], definition.body[split:]
    assigned = {node.id for statement in preamble for node in ast.walk(statement)
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)}
    constants = {name: value for name, value in constants.items() if name in assigned}  # (read by the guard)
    while True:  # fold; give up each local something else is assigned to; again, until none is
        body = _statements([_Folder(constants).visit(copy.deepcopy(node)) for node in rest])
        dropper = _Dropper(constants)
        body = _statements([dropper.visit(node) for node in body])
        if not dropper.unfoldable:
            break
        for name in dropper.unfoldable:
            del constants[name]
    if not constants:
        return function
    names = sorted(constants)
    locals_, values = ", ".join(names), ", ".join(repr(constants[name]) for name in names)
    # The guard calls the original by its module's name for it where that is the original (so the
    # copy reads the module's globals as they are, patched or not), else by a name of its own.
    own = function.__globals__.get(function.__name__) is function
    scope = function.__globals__ if own else {**function.__globals__, _ORIGINAL: function}
    passed = ", ".join(argument.arg for argument in arguments.args)
    call = f"{function.__name__ if own else _ORIGINAL}({passed})"
    guard = ast.parse(f"if ({locals_},) != ({values},):\n    return {call}").body
    for node in guard:
        for part in ast.walk(node):
            ast.copy_location(part, preamble[-1] if preamble else definition)
    definition.body = [*preamble, *guard, *body]
    definition.decorator_list = []
    module = ast.fix_missing_locations(ast.Module(body=[definition], type_ignores=[]))
    namespace: dict[str, Any] = {}  # (the copy is defined here, not in the module)
    exec(compile(module, inspect.getsourcefile(function) or "<folded>", "exec"), scope, namespace)
    folded = namespace[definition.name]
    folded.__doc__ = function.__doc__
    folded.folded = dict(constants)  # what was folded, and the code it gave (for tests and readers)
    folded.folded_source = ast.unparse(definition)
    return folded  # type: ignore[no-any-return]


def _statements(nodes: list[Any]) -> list[ast.stmt]:
    """A statement list from a transformer's results (a node, a list spliced in, or ``None``)."""
    result: list[ast.stmt] = []
    for node in nodes:
        if isinstance(node, list):
            result.extend(node)
        elif node is not None:
            result.append(node)
    return result


def _same(node: ast.expr, value: Constant) -> bool:
    """Whether ``node`` is the constant ``value`` itself (``True`` is not ``1`` here)."""
    return isinstance(node, ast.Constant) and node.value.__class__ is value.__class__ and node.value == value


class _Folder(ast.NodeTransformer):
    """Reads of the folded locals become constants; what they decide is worked out."""

    def __init__(self, constants: Mapping[str, Constant]) -> None:
        self.constants = constants

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if isinstance(node.ctx, ast.Load) and node.id in self.constants:
            return ast.copy_location(ast.Constant(self.constants[node.id]), node)
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.expr:
        self.generic_visit(node)
        stops = isinstance(node.op, ast.Or)  # a truthy value stops an ``or``, a falsy one an ``and``
        values: list[ast.expr] = []
        for position, value in enumerate(node.values):
            last = position == len(node.values) - 1
            if isinstance(value, ast.Constant):
                if bool(value.value) is stops:
                    values.append(value)
                    break
                if not last:
                    continue  # (an ``or``'s falsy, an ``and``'s truthy operand: the next one decides)
            values.append(value)
        if len(values) == 1:
            return values[0]
        node.values = values
        return node

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.expr:
        self.generic_visit(node)
        if isinstance(node.op, ast.Not) and isinstance(node.operand, ast.Constant):
            return ast.copy_location(ast.Constant(not node.operand.value), node)
        return node

    def visit_Compare(self, node: ast.Compare) -> ast.expr:
        self.generic_visit(node)
        operands = [node.left, *node.comparators]
        if len(node.ops) == 1 and all(isinstance(part, ast.Constant) for part in operands):
            left, right = (part.value for part in operands)  # type: ignore[attr-defined]
            return ast.copy_location(ast.Constant(_COMPARE[type(node.ops[0])](left, right)), node)
        return node

    def visit_IfExp(self, node: ast.IfExp) -> ast.expr:
        self.generic_visit(node)
        if isinstance(node.test, ast.Constant):
            return node.body if node.test.value else node.orelse
        return node

    def visit_If(self, node: ast.If) -> ast.stmt | list[ast.stmt]:
        node.test = _truth(self.visit(node.test))
        node.body = _statements([self.visit(part) for part in node.body]) or [_pass(node)]
        node.orelse = _statements([self.visit(part) for part in node.orelse])
        if isinstance(node.test, ast.Constant):
            return node.body if node.test.value else node.orelse
        return node

    def generic_visit(self, node: ast.AST) -> ast.AST:
        for field in ("body", "orelse", "finalbody"):  # statement lists: keep them non-empty
            statements = getattr(node, field, None)
            if isinstance(statements, list) and statements and isinstance(statements[0], ast.stmt):
                setattr(node, field, _statements([self.visit(part) for part in statements])
                        or ([] if field != "body" else [_pass(node)]))
        for field, value in ast.iter_fields(node):
            if field in ("body", "orelse", "finalbody") and isinstance(value, list):
                continue
            if isinstance(value, ast.AST):
                setattr(node, field, self.visit(value))
            elif isinstance(value, list):
                setattr(node, field, [self.visit(part) if isinstance(part, ast.AST) else part
                                      for part in value])
        return node


class _Dropper(ast.NodeTransformer):
    """Drops the assignments of a folded local's own constant, and of a local to itself; notes the
    folded locals assigned anything else."""

    def __init__(self, constants: Mapping[str, Constant]) -> None:
        self.constants = constants
        self.unfoldable: set[str] = set()

    def visit_Assign(self, node: ast.Assign) -> ast.stmt | None:
        targets: list[ast.expr] = []
        for target in node.targets:
            kept = target
            if (isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple) and len(node.targets) == 1
                    and len(target.elts) == len(node.value.elts)):
                pairs = [(part, value) for part, value in zip(target.elts, node.value.elts, strict=True)
                         if not (isinstance(part, ast.Name) and (_itself(part, value) or (
                             part.id in self.constants and _same(value, self.constants[part.id]))))]
                if not pairs:
                    return None
                target.elts = [part for part, _ in pairs]
                node.value.elts = [value for _, value in pairs]
                if len(pairs) == 1:
                    kept, node.value = pairs[0]
            elif isinstance(target, ast.Name) and (_itself(target, node.value) or (
                    target.id in self.constants and _same(node.value, self.constants[target.id]))):
                continue
            targets.append(kept)
        if not targets:
            return None
        node.targets = targets
        self.generic_visit(node)
        return node

    def visit_Name(self, node: ast.Name) -> ast.Name:
        if not isinstance(node.ctx, ast.Load) and node.id in self.constants:
            self.unfoldable.add(node.id)
        return node

    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        if getattr(node, "body", None) == []:  # every statement of a branch dropped: it still needs one
            node.body = [_pass(node)]  # type: ignore[attr-defined]
        return node


def _itself(target: ast.Name, value: ast.expr) -> bool:
    """Whether assigning ``value`` to ``target`` is ``x = x`` (folding ``x = False or x`` leaves it)."""
    return isinstance(value, ast.Name) and value.id == target.id


def _truth(test: ast.expr) -> ast.expr:
    """A test read for its truth alone: an ``or``'s last falsy constant, an ``and``'s last truthy one,
    dropped (``x or False`` is as true as ``x``, where its value would be ``False`` for a falsy ``x``)."""
    if isinstance(test, ast.BoolOp) and len(test.values) > 1:
        last = test.values[-1]
        if isinstance(last, ast.Constant) and bool(last.value) is not isinstance(test.op, ast.Or):
            test.values = test.values[:-1]
            return test.values[0] if len(test.values) == 1 else test
    return test


def _pass(node: ast.AST) -> ast.stmt:
    return ast.copy_location(ast.Pass(), node)
