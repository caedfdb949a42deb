"""Tables survive restarts and kills, on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from typing import Any

import pytest
from websockets.sync.client import connect

import warroom
from tests.server.conftest import ServerProcess
from warroom.server import schemas
from warroom.server.service import ServiceError, TableService
from warroom.server.store import ActionRecord, PlyTakenError, SqlStore, TableRecord


def record(table_id: str = "t1") -> TableRecord:
    return TableRecord(table_id, "siege", {"players": 2}, 2**61 + 5, ["human", "heuristic"], False, 0, 1e9)


def test_store_keeps_header_tokens_and_an_append_only_log(any_db: str) -> None:
    store = SqlStore(any_db)
    store.create_table(record(), {"secret": [0]})
    assert store.get_table("t1") == record() and store.get_table("t2") is None
    assert store.seats_for_token("t1", "secret") == [0]
    assert store.seats_for_token("t1", "guess") is None and store.seats_for_token("t2", "secret") is None
    store.append_action("t1", ActionRecord(0, 1, "arrange PPSSST"))
    store.append_action("t1", ActionRecord(1, 0, "pass"))
    with pytest.raises(PlyTakenError):
        store.append_action("t1", ActionRecord(1, 0, "swap red_tank"))  # the (table, ply) constraint
    assert [a.text for a in store.actions("t1")] == ["arrange PPSSST", "pass"]
    assert [t.id for t in store.unfinished_tables()] == ["t1"]
    store.finish("t1", [1.0, 1.0])
    assert store.unfinished_tables() == [] and store.get_table("t1").returns == [1.0, 1.0]  # type: ignore[union-attr]
    store.close()


def test_two_stores_racing_for_one_ply_only_one_wins(any_db: str) -> None:
    """Like two server processes on one database: the constraint, not a lock, decides."""
    first, second = SqlStore(any_db), SqlStore(any_db)
    first.create_table(record(), {})
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def write(store: SqlStore, text: str) -> None:
        barrier.wait()
        try:
            store.append_action("t1", ActionRecord(0, 1, text))
            outcomes.append("ok")
        except PlyTakenError:
            outcomes.append("taken")

    threads = [threading.Thread(target=write, args=(s, t)) for s, t in ((first, "a"), (second, "b"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["ok", "taken"]
    assert len(first.actions("t1")) == 1
    first.close()
    second.close()


def test_a_restarted_service_resumes_every_table_exactly(any_db: str) -> None:
    async def scenario() -> None:
        service = TableService(SqlStore(any_db), ai_delay_ms=0)
        await service.start()
        req = schemas.CreateTable(game="siege", options={"players": 2}, seats=["human", "human"], seed=3)
        created = await service.create_table(req)
        tokens = [s.token or "" for s in created.seats]
        live = await service.table(created.id)
        for _ in range(12):
            player = live.state.current_player()
            await service.act(created.id, tokens[player], live.state.legal_actions()[-1].text, None)
        with pytest.raises(ServiceError) as refused:
            await service.act(created.id, tokens[1 - live.state.current_player()], "pass", None)
        assert refused.value.code == "not_your_turn"
        before = live.state.serialize()
        await service.stop()
        again = TableService(SqlStore(any_db), ai_delay_ms=0)
        await again.start()
        resumed = await again.table(created.id)
        assert resumed.state.serialize() == before and len(resumed.plies) == 12
        player = resumed.state.current_player()
        result = await again.act(created.id, tokens[player], resumed.state.legal_actions()[0].text, 12)
        assert result.ply == 13
        await again.stop()

    asyncio.run(scenario())


def test_concurrent_moves_on_one_table_apply_exactly_one(any_db: str) -> None:
    async def scenario() -> None:
        service = TableService(SqlStore(any_db), ai_delay_ms=0)
        await service.start()
        req = schemas.CreateTable(
            game="siege", options={"players": 2}, seats=["human", "human"], hotseat=True
        )
        created = await service.create_table(req)
        live = await service.table(created.id)
        for _ in range(8):
            options = [a.text for a in live.state.legal_actions()]
            ply = len(live.plies)
            results = await asyncio.gather(
                *(service.act(created.id, created.device_token or "", text, ply) for text in options[:2] * 2),
                return_exceptions=True,
            )
            applied = [r for r in results if isinstance(r, schemas.ActResult)]
            refused = [r for r in results if isinstance(r, ServiceError)]
            assert len(applied) == 1 and all(r.code == "stale" for r in refused), results
            assert len(live.plies) == ply + 1
        await service.stop()

    asyncio.run(scenario())


def _watch(server: ServerProcess, table_id: str, seen: list[int], stop: threading.Event) -> None:
    """Record every ply a spectator is told about (told only after it was committed)."""
    url = server.base.replace("http", "ws") + f"/api/tables/{table_id}/ws"
    try:
        with connect(url) as ws:
            while not stop.is_set():
                try:
                    doc = json.loads(ws.recv(timeout=0.2))
                except TimeoutError:
                    continue
                seen.append(int(doc.get("ply", 0)))
    except Exception:
        return


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_killing_the_server_loses_no_acknowledged_move(
    backend: str, serve: Any, db_path: str, request: pytest.FixtureRequest
) -> None:
    db = db_path if backend == "sqlite" else request.getfixturevalue("pg_db")
    server = serve(db, ai_delay_ms=5)
    created = server.post(
        "/api/tables",
        {
            "game": "siege",
            "options": {"players": 3},
            "seats": ["human", "heuristic", "heuristic"],
            "seed": 21,
        },
    )
    tid, token = created["id"], created["seats"][0]["token"]
    robots = server.post(
        "/api/tables",
        {"game": "siege", "options": {"players": 4}, "seats": ["random"] * 4, "seed": 5, "ai_delay_ms": 20},
    )
    acked = 0
    seen: list[int] = []
    stop = threading.Event()
    watcher = threading.Thread(target=_watch, args=(server, robots["id"], seen, stop))
    watcher.start()
    deadline = time.monotonic() + 20
    while acked < 10 and time.monotonic() < deadline:
        snap = server.get(f"/api/tables/{tid}?token={token}")
        if snap["legal"]:
            status, doc = server.request(
                "POST",
                f"/api/tables/{tid}/actions",
                {"token": token, "action": snap["legal"][0]["text"], "ply": snap["ply"]},
            )
            assert status == 200, doc
            acked = doc["ply"]
        else:
            time.sleep(0.01)
    time.sleep(0.3)
    server.kill()  # SIGKILL mid-game: the AI-only table is busy playing right now
    stop.set()
    watcher.join(5)
    assert seen, "the spectator saw no move before the kill"
    again = serve(db, ai_delay_ms=100000)
    human_table = again.get(f"/api/tables/{tid}?token={token}")
    assert human_table["ply"] >= acked
    robot_table = again.get(f"/api/tables/{robots['id']}")
    assert robot_table["ply"] >= max(seen)  # every move a client was told about survived
    assert not robot_table["finished"], "the kill should hit a game in progress"
    # the resumed position is the exact replay of the stored log, and the AI seats play on
    replay = warroom.load("siege", players=4).new_initial_state(5)
    frame = again.get(f"/api/tables/{robots['id']}/frames/{robot_table['ply']}")
    assert frame["view"] == robot_table["view"] and replay.view(None)["players"] == 4
    deadline = time.monotonic() + 10
    while again.get(f"/api/tables/{robots['id']}")["ply"] == robot_table["ply"]:
        assert time.monotonic() < deadline, "the AI seats did not resume"
        time.sleep(0.05)
