"""Plain graph helpers over small integer graphs (the 78 stations, the 6 zones): breadth-first
distances, 0-1 costs and connectivity. The loader checks the board with them (content.py) and the
board precomputes its tables with them (board.py); neither knows anything of Metro 2033's rules."""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable
from typing import TypeVar

N = TypeVar("N", bound=Hashable)
UNREACHABLE = 1_000  # a cost no speed reaches, so `cost <= speed` needs no special case


def reachable(start: N, neighbours: Callable[[N], Iterable[N]], allowed: Collection[N]) -> set[N]:
    """Every node of `allowed` connected to `start` (itself included) through nodes of `allowed`."""
    seen = {start}
    todo = [start]
    while todo:
        for nxt in neighbours(todo.pop()):
            if nxt in allowed and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def is_connected(nodes: Collection[N], neighbours: Callable[[N], Iterable[N]]) -> bool:
    """True if `nodes` (possibly empty) form one connected piece using only themselves."""
    if not nodes:
        return True
    return len(reachable(next(iter(nodes)), neighbours, nodes)) == len(nodes)


def components(nodes: Iterable[N], neighbours: Callable[[N], Iterable[N]]) -> list[set[N]]:
    """The connected pieces of the graph `neighbours` restricted to `nodes`, in first-seen order."""
    nodes = list(nodes)
    allowed = set(nodes)
    out: list[set[N]] = []
    done: set[N] = set()
    for node in nodes:
        if node not in done:
            piece = reachable(node, neighbours, allowed)
            done |= piece
            out.append(piece)
    return out


def costs_from(
    start: int, size: int, edges: tuple[tuple[tuple[int, int], ...], ...], allowed: frozenset[int]
) -> tuple[int, ...]:
    """Cheapest path cost from `start` to every node 0..size-1 where `edges[u]` lists (v, cost)
    with cost 0 or 1 (a 0-1 breadth-first search, layer by layer); paths stay inside `allowed`;
    UNREACHABLE for nodes that cannot be reached (or `start` itself outside `allowed`).

    Speed (issue 15): the edges are the board's tuples and `allowed` a frozenset, read as such
    (compiled, typed reads; it was a callable and a deque, each a generic call), and a layer is a
    list that zero-cost edges extend. A node queued for cost d + 1 and reached at cost d later
    in layer d is skipped when its stale entry comes up (its cost no longer d + 1)."""
    cost = [UNREACHABLE] * size
    if start not in allowed:
        return tuple(cost)
    cost[start] = 0
    layer = [start]
    d = 0
    while layer:
        later: list[int] = []
        i = 0
        while i < len(layer):
            u = layer[i]
            i += 1
            if cost[u] != d:
                continue
            for v, step in edges[u]:
                if v in allowed and d + step < cost[v]:
                    cost[v] = d + step
                    if step == 0:
                        layer.append(v)
                    else:
                        later.append(v)
        layer = later
        d += 1
    return tuple(cost)
