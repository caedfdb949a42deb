"""Plain graph helpers over small integer graphs (the 78 stations, the 6 zones): breadth-first
distances, 0-1 costs and connectivity. The loader checks the board with them (content.py) and the
board precomputes its tables with them (board.py); neither knows anything of Metro 2033's rules."""

from __future__ import annotations

from collections import deque
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
    start: int, size: int, edges: Callable[[int], Iterable[tuple[int, int]]], allowed: Collection[int]
) -> tuple[int, ...]:
    """Cheapest path cost from `start` to every node 0..size-1 where `edges(u)` yields (v, cost)
    with cost 0 or 1 (a 0-1 breadth-first search); paths stay inside `allowed`; UNREACHABLE for
    nodes that cannot be reached (or `start` itself outside `allowed`)."""
    cost = [UNREACHABLE] * size
    if start not in allowed:
        return tuple(cost)
    cost[start] = 0
    todo: deque[int] = deque([start])
    while todo:
        u = todo.popleft()
        for v, step in edges(u):
            if v in allowed and cost[u] + step < cost[v]:
                cost[v] = cost[u] + step
                if step == 0:
                    todo.appendleft(v)
                else:
                    todo.append(v)
    return tuple(cost)
