"""Past one machine (issue 17): two `warroom serve` processes on one PostgreSQL, with clients on
both. Every move reaches the watchers of both processes, a table's AI seats are driven by one
process only, and a process killed with SIGKILL loses no acknowledged move: the other takes over
its AI seats and the game plays on."""

from __future__ import annotations

import json
import threading
from typing import Any

import psycopg
import pytest

from tests.server.conftest import ServerProcess
from tests.server.test_api import wait_for

pytest.importorskip("websockets")
from websockets.sync.client import connect


def watch(server: ServerProcess, table_id: str, seen: list[int], stop: threading.Event) -> threading.Thread:
    """A spectator on `server`: the ply of every update it receives, in order."""

    def run() -> None:
        url = f"ws://127.0.0.1:{server.port}/api/tables/{table_id}/ws"
        with connect(url, open_timeout=10) as ws:
            while not stop.is_set():
                try:
                    doc = json.loads(ws.recv(timeout=0.2))
                except TimeoutError:
                    continue
                except Exception:
                    return
                if doc["type"] in ("state", "update"):
                    seen.append(doc["ply"])

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def stored_plies(db: str, table_id: str) -> list[int]:
    with psycopg.connect(db) as conn:
        rows = conn.execute("SELECT ply FROM warroom_actions WHERE table_id = %s ORDER BY ply", (table_id,))
        return [row[0] for row in rows]


def play_human_moves(servers: list[ServerProcess], table_id: str, token: str, moves: int) -> int:
    """Make `moves` moves for the human seat, each through the next server in turn, waiting each
    time until that server's copy offers the seat a move (the AI seats' replies have reached it).
    The table's ply at the end."""
    made = 0
    doc: dict[str, Any] = {}
    while made < moves:
        server = servers[made % len(servers)]

        def my_turn(server: ServerProcess = server) -> dict[str, Any] | None:
            nonlocal doc
            doc = server.get(f"/api/tables/{table_id}?token={token}")
            return doc if doc["legal"] or doc["finished"] else None

        wait_for(my_turn)
        if doc["finished"]:
            break
        status, answer = server.request(
            "POST",
            f"/api/tables/{table_id}/actions",
            {"token": token, "action": doc["legal"][0]["text"], "ply": doc["ply"]},
        )
        if status == 409 and answer["error"]["code"] in ("stale", "conflict"):
            continue  # an AI move from the other process came in between: look again
        assert status == 200, answer
        made += 1
    return int(doc["ply"])


def drivers(servers: list[ServerProcess], table_id: str) -> list[ServerProcess]:
    return [s for s in servers if f"table {table_id}: driving its AI seats" in s.output()]


def test_two_processes_on_one_postgresql_share_every_table(serve: type[ServerProcess], pg_db: str) -> None:
    a = serve(pg_db)
    b = serve(pg_db)
    body = {"game": "siege", "options": {"players": 2}, "seats": ["human", "random"], "seed": 5}
    created = a.post("/api/tables", body)
    table_id, token = created["id"], created["seats"][0]["token"]
    seen_a: list[int] = []
    seen_b: list[int] = []
    stop = threading.Event()
    watchers = [watch(a, table_id, seen_a, stop), watch(b, table_id, seen_b, stop)]
    try:
        wait_for(lambda: seen_a and seen_b)
        ply = play_human_moves([a, b], table_id, token, moves=6)
        wait_for(lambda: seen_a[-1] >= ply and seen_b[-1] >= ply)
        # every move reached both processes' watchers, once each and in order
        for seen in (seen_a, seen_b):
            assert seen[1:] == list(range(seen[0] + 1, seen[-1] + 1)), seen
        # the AI seat was driven by one process only, and each ply is stored once, in order
        (driver,) = wait_for(lambda: drivers([a, b], table_id))
        assert stored_plies(pg_db, table_id) == list(range(len(stored_plies(pg_db, table_id))))
        # the driving process dies: no acknowledged move is lost, the other takes over the AI seat
        survivor = b if driver is a else a
        before = stored_plies(pg_db, table_id)
        driver.kill()
        assert stored_plies(pg_db, table_id)[: len(before)] == before
        ply = play_human_moves([survivor], table_id, token, moves=3)
        assert drivers([survivor], table_id)
        wait_for(
            lambda: (
                survivor.get(f"/api/tables/{table_id}")["ply"] == len(stored_plies(pg_db, table_id)) >= ply
            )
        )
    finally:
        stop.set()
        for thread in watchers:
            thread.join(5)


def test_a_table_created_on_one_process_is_played_from_the_other(
    serve: type[ServerProcess], pg_db: str
) -> None:
    a = serve(pg_db)
    b = serve(pg_db)
    created = a.post("/api/tables", {"game": "siege", "options": {"players": 2}, "seats": ["human", "human"]})
    table_id = created["id"]
    first = b.get(f"/api/tables/{table_id}")["current_player"]
    token = created["seats"][first]["token"]
    legal = b.get(f"/api/tables/{table_id}?token={token}")["legal"]
    assert (
        b.request("POST", f"/api/tables/{table_id}/actions", {"token": token, "action": legal[0]["text"]})[0]
        == 200
    )
    wait_for(lambda: a.get(f"/api/tables/{table_id}")["ply"] == 1)  # a's copy heard of it
    assert {row["id"] for row in b.get("/api/tables")} == {row["id"] for row in a.get("/api/tables")}
