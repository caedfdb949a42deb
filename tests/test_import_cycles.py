"""No import cycles among warroom's modules.

Every module under warroom/ is parsed with `ast`; each import of a `warroom.*` module counts, at
any depth (module level, inside functions and methods: an import moved into a function to dodge a
cycle is still the cycle), except inside an `if TYPE_CHECKING:` block, which never runs.
`from warroom.x import y` depends on `warroom.x.y` when that is a module, else on `warroom.x`; a
package is its `__init__` module. The parents a submodule import initialises on the way are not
counted: every package whose `__init__` re-exports its own submodules would be a "cycle" then.

Strongly connected components of more than one module (or a module importing itself) are cycles.
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterator
from pathlib import Path

# Cycles inside the games that are being taken apart (issue 11): each entry is exactly one
# strongly connected component found when this test was written. A cycle that is not (part of) an
# entry fails; when an entry is gone or shrinks, the test says so: shrink the list with it.
# (Empty since every game stands on the core's turn engine.)
KNOWN_GAME_CYCLES: list[frozenset[str]] = []

ROOT = Path(__file__).resolve().parents[1] / "warroom"
Graph = dict[str, set[str]]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_type_checking(test: ast.expr) -> bool:
    """`if TYPE_CHECKING:` or `if typing.TYPE_CHECKING:`."""
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def runtime_imports(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement under `node` that can run: `if TYPE_CHECKING:` bodies are skipped
    (their `else:` branch is not)."""
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node
        return
    if isinstance(node, ast.If) and is_type_checking(node.test):
        children: list[ast.AST] = list(node.orelse)
    else:
        children = list(ast.iter_child_nodes(node))
    for child in children:
        yield from runtime_imports(child)


def existing(name: str, known: set[str]) -> str:
    """`name` or, for a name that is no module (`import warroom.x.attr`), its nearest parent."""
    while name not in known and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def imported_modules(
    node: ast.Import | ast.ImportFrom, importer: str, is_package: bool, known: set[str]
) -> set[str]:
    """The warroom modules one import statement depends on."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:  # relative: from the importer's package, one level up per extra dot
            package = importer.split(".") if is_package else importer.split(".")[:-1]
            anchor = package[: len(package) - node.level + 1]
            base = ".".join([*anchor, base] if base else anchor)
        names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
    return {existing(name, known) for name in names if name.split(".")[0] == "warroom"}


def import_graph() -> Graph:
    files = {module_name(path): path for path in sorted(ROOT.rglob("*.py"))}
    known = set(files)
    graph: Graph = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        graph[name] = {
            target
            for node in runtime_imports(tree)
            for target in imported_modules(node, name, is_package, known)
        }
    return graph


def strongly_connected(graph: Graph) -> list[frozenset[str]]:
    """Tarjan's algorithm: the components of mutually reachable modules."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in sorted(graph.get(node, ())):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            components.append(frozenset(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components


def cycles(graph: Graph) -> list[frozenset[str]]:
    """Components of two or more modules, and modules that import themselves."""
    return sorted(
        (c for c in strongly_connected(graph) if len(c) > 1 or next(iter(c)) in graph[next(iter(c))]),
        key=sorted,
    )


def one_loop(graph: Graph, component: frozenset[str]) -> list[str]:
    """A shortest import path inside `component` from its first module back to itself."""
    start = min(component)
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for succ in sorted(graph[node] & component):
            if succ == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [*reversed(path), start]
            if succ not in came_from:
                came_from[succ] = node
                queue.append(succ)
    return [start, start]


def describe(graph: Graph, component: frozenset[str]) -> str:
    members = ", ".join(sorted(component))
    return f"  {' -> '.join(one_loop(graph, component))}\n    ({len(component)} modules: {members})"


def is_known(component: frozenset[str]) -> bool:
    return any(component <= known for known in KNOWN_GAME_CYCLES) and all(
        module.startswith("warroom.games.") for module in component
    )


def test_no_import_cycles() -> None:
    graph = import_graph()
    found = cycles(graph)
    new = [c for c in found if not is_known(c)]
    assert not new, "import cycles:\n" + "\n".join(describe(graph, c) for c in new)


def test_known_game_cycles_are_still_exactly_there() -> None:
    """The allow-list only shrinks: an entry that is gone or smaller must be updated."""
    found = set(cycles(import_graph()))
    stale = [known for known in KNOWN_GAME_CYCLES if known not in found]
    listing = "\n".join("  " + ", ".join(sorted(known)) for known in stale)
    assert not stale, f"KNOWN_GAME_CYCLES entries no longer found as such; remove or shrink them:\n{listing}"


def test_the_checker_sees_cycles() -> None:
    """A cycle hidden in a function is found; one behind TYPE_CHECKING is not."""
    source = {
        "warroom.a": "from warroom.b import thing\n",
        "warroom.b": "def f():\n    import warroom.a\n",
        "warroom.c": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from warroom.a import x\n",
        "warroom.d": "import warroom.d\n",
    }
    known = set(source)
    graph: Graph = {}
    for name, text in source.items():
        nodes = runtime_imports(ast.parse(text))
        graph[name] = {target for node in nodes for target in imported_modules(node, name, False, known)}
    assert graph["warroom.c"] == set()
    assert cycles(graph) == [frozenset({"warroom.a", "warroom.b"}), frozenset({"warroom.d"})]
    assert one_loop(graph, frozenset({"warroom.a", "warroom.b"})) == ["warroom.a", "warroom.b", "warroom.a"]


def test_nothing_inside_a_game_imports_its_facade() -> None:
    """A game's rules import the rules context (its state), never the `Game` facade: only the
    package's `__init__` (which exports it) may import `warroom.games.<id>.game` at run time."""
    graph = import_graph()
    offenders = sorted(
        f"{module} -> {target}"
        for module, targets in graph.items()
        for target in targets
        if target.startswith("warroom.games.")
        and target.endswith(".game")
        and module.startswith(target.removesuffix("game"))
        and module != target.removesuffix(".game")
    )
    assert offenders == []
