"""Version-stamped tables: each table records the engine's and its game's version; one whose log no
longer replays is reported (logged, listed as incompatible, refused with a 409), never silently
dropped, and the other tables play on."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

import warroom
from warroom.core.registry import game_class
from warroom.server.app import create_app
from warroom.server.store import ActionRecord, SqlStore, TableRecord, normalize_url
from warroom.server.tables import game_version

OLD = "0.0.1-old"
NOW = warroom.__version__


def siege_version() -> str:
    """What the server stamps: the game's own version where it declares one, else the engine's."""
    declared = getattr(game_class("siege").info, "version", None)
    return str(declared) if declared else NOW


def old_table(table_id: str) -> tuple[TableRecord, list[ActionRecord]]:
    """A Siege table started under an older version: its first move is still legal, its second
    one (as that version wrote it) is not any more."""
    state = warroom.load("siege", players=2).new_initial_state(5)
    first, first_seat = state.legal_actions()[0].text, state.current_player()
    state.apply_action(first)
    record = TableRecord(
        table_id, "siege", {"players": 2}, 5, ["human", "heuristic"], False, 0, 1e9,
        engine_version=OLD, game_version=OLD,
    )  # fmt: skip
    actions = [
        ActionRecord(0, first_seat, first),
        ActionRecord(1, state.current_player(), "launch the nukes"),
    ]
    return record, actions


def store_table(db: str, record: TableRecord, actions: list[ActionRecord], finished: bool = False) -> None:
    store = SqlStore(db)
    try:
        store.create_table(record, {f"token-{record.id}": [0]})
        for action in actions:
            store.append_action(record.id, action)
        if finished:
            store.finish(record.id, [1.0, 0.0])
    finally:
        store.close()


def refusal(response: Any) -> tuple[int, str, str]:
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}, body
    return response.status_code, body["error"]["code"], body["error"]["message"]


def test_a_new_table_is_stamped_with_the_engine_and_its_games_version(
    client: TestClient, db_path: str
) -> None:
    body = {"game": "siege", "options": {"players": 2}, "seats": ["human", "human"]}
    created = client.post("/api/tables", json=body).json()
    assert game_version("siege") == siege_version()
    listed = next(t for t in client.get("/api/tables").json() if t["id"] == created["id"])
    assert (listed["engine_version"], listed["game_version"]) == (NOW, siege_version())
    assert listed["status"] == "running" and listed["reason"] is None
    store = SqlStore(db_path)
    stored = store.get_table(created["id"])
    store.close()
    assert stored is not None and (stored.engine_version, stored.game_version) == (NOW, siege_version())


def test_a_table_whose_log_no_longer_replays_is_reported_and_refused_while_others_play_on(
    db_path: str, caplog: pytest.LogCaptureFixture
) -> None:
    # a running server with a good table, one move in
    with TestClient(create_app(db_path, ai_delay_ms=0)) as client:
        body = {"game": "siege", "options": {"players": 2}, "seats": ["human", "human"], "seed": 3}
        good = client.post("/api/tables", json=body).json()
        tokens = [seat["token"] for seat in good["seats"]]
        snap = client.get(f"/api/tables/{good['id']}", params={"token": tokens[0]}).json()
        player = snap["current_player"]
        legal = client.get(f"/api/tables/{good['id']}", params={"token": tokens[player]}).json()["legal"]
        act = {"token": tokens[player], "action": legal[0]["text"]}
        assert client.post(f"/api/tables/{good['id']}/actions", json=act).status_code == 200
    # written by an older version: one running table, one finished
    store_table(db_path, *old_table("old-running"))
    store_table(db_path, *old_table("old-finished"), finished=True)

    with (
        caplog.at_level(logging.INFO, logger="warroom.server"),
        TestClient(create_app(db_path, ai_delay_ms=0)) as client,
    ):
        # reported at start, with its id and both versions (the finished one is not loaded yet)
        reports = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert len(reports) == 1, reports
        assert "old-running" in reports[0] and OLD in reports[0] and siege_version() in reports[0]
        assert NOW in reports[0] and "launch the nukes" in reports[0]

        # listed in the lobby as incompatible, with the reason
        lobby = {t["id"]: t for t in client.get("/api/tables").json()}
        broken = lobby["old-running"]
        assert broken["status"] == "incompatible" and broken["ply"] == 2 and broken["current_player"] == -1
        assert (broken["engine_version"], broken["game_version"]) == (OLD, OLD)
        assert OLD in broken["reason"] and siege_version() in broken["reason"]
        assert "move 2 ('launch the nukes') is refused" in broken["reason"]
        assert lobby[good["id"]]["status"] == "running" and lobby[good["id"]]["reason"] is None
        assert lobby["old-finished"]["status"] == "finished"  # not opened yet

        # opening it: a clear 409 on every route, and on the websocket
        status, code, message = refusal(client.get("/api/tables/old-running"))
        assert (status, code) == (409, "incompatible")
        assert (
            f"siege {OLD} (warroom {OLD})" in message
            and f"siege {siege_version()} (warroom {NOW})" in message
        )
        assert "cannot be resumed" in message
        routes = [
            client.get("/api/tables/old-running", params={"token": "token-old-running"}),
            client.post(
                "/api/tables/old-running/actions", json={"token": "token-old-running", "action": "pass"}
            ),
            client.get("/api/tables/old-running/frames/0"),
            client.get("/api/tables/old-running/replay"),
        ]
        assert [refusal(r)[:2] for r in routes] == [(409, "incompatible")] * 4
        with client.websocket_connect("/api/tables/old-running/ws") as ws:
            reply = ws.receive_json()
            assert (reply["type"], reply["code"], reply["message"]) == ("error", "incompatible", message)

        # a finished table is found out when it is opened, then listed too
        assert refusal(client.get("/api/tables/old-finished"))[:2] == (409, "incompatible")
        assert any("old-finished" in r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR)
        lobby = {t["id"]: t for t in client.get("/api/tables").json()}
        assert lobby["old-finished"]["status"] == "incompatible"

        # the good table beside them resumed where it was and plays on
        resumed = client.get(f"/api/tables/{good['id']}", params={"token": tokens[0]}).json()
        assert resumed["ply"] == 1
        player = resumed["current_player"]
        legal = client.get(f"/api/tables/{good['id']}", params={"token": tokens[player]}).json()["legal"]
        act = {"token": tokens[player], "action": legal[0]["text"], "ply": 1}
        response = client.post(f"/api/tables/{good['id']}/actions", json=act)
        assert response.status_code == 200 and response.json()["ply"] == 2


def test_an_old_table_that_still_replays_resumes_under_the_new_version(db_path: str) -> None:
    record, actions = old_table("old-but-fine")
    store_table(db_path, record, actions[:1])
    with TestClient(create_app(db_path, ai_delay_ms=0)) as client:
        snap = client.get("/api/tables/old-but-fine", params={"token": "token-old-but-fine"})
        assert snap.status_code == 200 and snap.json()["ply"] >= 1  # the AI seat plays on
        listed = next(t for t in client.get("/api/tables").json() if t["id"] == "old-but-fine")
        assert listed["status"] == "running" and listed["game_version"] == OLD


# the header as the first release stored it, before tables were stamped with versions
OLD_SCHEMA = """CREATE TABLE warroom_tables (
    id VARCHAR(32) PRIMARY KEY, game VARCHAR(64) NOT NULL, options TEXT NOT NULL, seed BIGINT NOT NULL,
    seats TEXT NOT NULL, hotseat BOOLEAN NOT NULL, ai_delay_ms INTEGER NOT NULL,
    created_at FLOAT NOT NULL, finished BOOLEAN NOT NULL, returns JSON)"""


def test_a_database_from_before_version_stamps_opens_and_its_tables_play_on(any_db: str) -> None:
    engine = create_engine(normalize_url(any_db))
    with engine.begin() as conn:
        conn.execute(text(OLD_SCHEMA))
        conn.execute(
            text(
                "INSERT INTO warroom_tables VALUES ('pre', 'siege', '{\"players\": 2}', 9, "
                '\'["human", "human"]\', false, 0, 1e9, false, NULL)'
            )
        )
    engine.dispose()
    first, second = SqlStore(any_db), SqlStore(any_db)  # the second finds nothing left to add
    stored = first.get_table("pre")
    assert stored is not None and (stored.engine_version, stored.game_version) == (None, None)
    first.close()
    second.close()
    with TestClient(create_app(any_db, ai_delay_ms=0)) as client:
        snap = client.get("/api/tables/pre")
        assert snap.status_code == 200 and snap.json()["ply"] == 0
        listed = next(t for t in client.get("/api/tables").json() if t["id"] == "pre")
        assert listed["status"] == "running" and listed["engine_version"] is None
        body = {"game": "siege", "options": {"players": 2}, "seats": ["human", "human"]}
        assert client.post("/api/tables", json=body).status_code == 201
