"""The server under attack and under faults (issue 17), each item through the HTTP and websocket
API: what an outsider with no token may try, and what a damaged database or a failing disk must
not stop. What is promised is in docs/security.md; the checks live in warroom/server/security.py
(headers, body limits), content.py (options never name a server path) and limits.py (what one
client may cost)."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import os
import re
import select
import socket
import sqlite3
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

import warroom
from tests.server.conftest import ServerProcess
from tests.server.test_api import error_of, snapshot, wait_for
from warroom.core.replay import Replay
from warroom.games.memoir44.scenario import SCENARIO_DIR
from warroom.server import content
from warroom.server.app import create_app
from warroom.server.content import CACHE_SIZE
from warroom.server.limits import FairScheduler, Limits
from warroom.server.security import LARGER_BODIES

SECRETS_TOML = '[aws]\nkey = "AKIA-not-a-real-key"\n[database]\npassword = "hunter2"\n'


def created(client: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    doc: dict[str, Any] = response.json()
    return doc


# -- 1. options never open a server path on a client's word -----------------------------------------


@pytest.fixture
def secrets_file(tmp_path: Path) -> Path:
    path = tmp_path / "secrets.toml"
    path.write_text(SECRETS_TOML)
    return path


def test_no_option_names_a_server_path_and_no_refusal_probes_the_disk(
    client: TestClient, secrets_file: Path, tmp_path: Path
) -> None:
    """`/dev/zero`, a secrets file, a directory, a missing file, a relative name that happens to
    exist: all refused alike, before anything is opened, and the refusal repeats nothing of the
    value or of any file's content."""
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)  # opening it would block the server until a writer came
    paths = [
        "/dev/zero",
        str(secrets_file),
        str(tmp_path),
        str(tmp_path / "missing.toml"),
        str(fifo),
        "warroom",
    ]
    messages = set()
    for game_id, option in (("wot_rush", "cards"), ("memoir44", "scenario")):
        for path in paths:
            body = {"game": game_id, "seats": ["human", "human"], "options": {option: path}}
            status, code, message = error_of(client.post("/api/tables", json=body))
            assert (status, code) == (400, "bad_options"), message
            assert path not in message and "aws" not in message and "hunter2" not in message
            messages.add(message)
        assert len(messages) == 1 + (game_id == "memoir44"), messages  # one message per option
    assert client.get("/api/tables").json() == []  # nothing was created


def test_a_free_text_option_of_any_game_accepts_only_its_default_over_the_api(client: TestClient) -> None:
    """The lobby lists the values a client may pick: the shipped scenarios by name, the shipped
    card set ("" ), and every other free-text option's default alone."""
    games = {game["id"]: game for game in client.get("/api/games").json()}
    choices = {option["name"]: option["choices"] for option in games["memoir44"]["options"]}
    assert choices["scenario"] == sorted(path.stem for path in SCENARIO_DIR.glob("*.toml"))
    assert {o["name"]: o["choices"] for o in games["wot_rush"]["options"]}["cards"] == [""]
    for game in games.values():
        for option in game["options"]:
            if option["type"] == "str":
                assert option["choices"], (game["id"], option["name"])
    # a shipped scenario by name plays
    table = created(
        client, {"game": "memoir44", "options": {"scenario": "vercors"}, "seats": ["human", "random"]}
    )
    assert snapshot(client, table["id"])["catalog"]["scenario"]["id"] == "vercors"


def test_uploaded_content_is_validated_like_a_file_stored_and_rebuilt(db_path: str) -> None:
    """A scenario uploaded as text: parsed by the command line's reader, stored with the table,
    and rebuilt from the database alone after a restart. A bad upload is refused with the
    reader's reason; an oversized one with 413."""
    text = (SCENARIO_DIR / "vercors.toml").read_text().replace('name = "', 'name = "Uploaded ', 1)
    body = {"game": "memoir44", "uploads": {"scenario": text}, "seats": ["human", "human"]}
    with TestClient(create_app(db_path, ai_delay_ms=0)) as client:
        table = created(client, body)
        first = snapshot(client, table["id"])
        assert first["catalog"]["scenario"]["name"].startswith("Uploaded ")
        assert first["table"]["options"]["scenario"].startswith("upload:")
        token = table["seats"][first["current_player"]]["token"]
        action = snapshot(client, table["id"], token)["legal"][0]["text"]
        assert client.post(
            f"/api/tables/{table['id']}/actions", json={"token": token, "action": action}
        ).is_success
        bad = {**body, "uploads": {"scenario": "[units]\nnot toml at all ="}}
        status, code, message = error_of(client.post("/api/tables", json=bad))
        assert (status, code) == (400, "bad_options") and "upload" in message
        both = {**body, "options": {"scenario": "vercors"}}
        assert error_of(client.post("/api/tables", json=both))[:2] == (400, "bad_options")
        elsewhere = {"game": "siege", "uploads": {"mode": "x"}, "seats": ["human"] * 4}
        assert error_of(client.post("/api/tables", json=elsewhere))[:2] == (400, "bad_options")
        huge = {**body, "uploads": {"scenario": "#" * 70_000}}
        assert error_of(client.post("/api/tables", json=huge))[:2] == (413, "too_large")
    with TestClient(create_app(db_path, ai_delay_ms=0)) as client:  # a restart: from the database
        again = snapshot(client, table["id"])
        assert again["ply"] == 1 and again["catalog"] == first["catalog"]


def test_an_uploaded_card_set_plays_and_the_command_line_still_takes_paths(
    client: TestClient, tmp_path: Path
) -> None:
    cards = (
        "[rules]\nhand_size = 4\nreserve_size = 4\nbases_per_player = 3\nbase_sets = 5\n"
        "base_medals = 3\nachievement_medals = 5\n"
    )
    path = tmp_path / "cards.toml"
    path.write_text(cards)
    reference = warroom.load("wot_rush", cards=str(path))  # the command line's way: a path
    table = created(client, {"game": "wot_rush", "uploads": {"cards": cards}, "seats": ["human", "random"]})
    assert snapshot(client, table["id"])["catalog"] == reference.catalog()


# -- 2. bodies, websocket messages, timeouts ---------------------------------------------------------


def _answer_while_sending(
    port: int, head: bytes, pieces: Iterator[bytes], pause: float = 0.0
) -> tuple[str, int]:
    """Send a request's head, then its body piece by piece until the server answers; the answer
    and how many pieces went out before it."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(head)
        sent = 0
        for piece in pieces:
            readable, _, _ = select.select([sock], [], [], pause)
            if readable:
                break
            try:
                sock.sendall(piece)
            except OSError:
                break
            sent += 1
        answer = b""
        while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
            more = sock.recv(65536)
            if not more:
                break
            answer += more
    return answer.decode(), sent


def test_a_chunked_body_is_limited_by_what_is_read_not_what_is_declared(serve: type[ServerProcess]) -> None:
    """No Content-Length: the body is counted as it arrives and refused with the JSON 413 once
    past the limit, long before the 100 MiB the client would send."""
    server = serve()
    head = (
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    chunk = b"%x\r\n%s\r\n" % (64 * 1024, b" " * 64 * 1024)
    answer, sent = _answer_while_sending(server.port, head, iter([chunk] * 1600), pause=0.01)
    assert sent < 100, sent
    assert answer.startswith("HTTP/1.1 413"), answer[:200]
    assert json.loads(answer.split("\r\n\r\n", 1)[1])["error"]["code"] == "too_large"


def test_a_chunked_body_in_process(client: TestClient) -> None:
    limit = LARGER_BODIES[("POST", "/api/tables")]

    def body() -> Iterator[bytes]:
        for _ in range(limit // 1024 + 1):
            yield b" " * 1024

    response = client.post("/api/tables", content=body(), headers={"Content-Type": "application/json"})
    assert error_of(response)[:2] == (413, "too_large")
    small = (b" " * 1024 for _ in range(17))  # the other routes: 16 KiB
    response = client.post(
        "/api/tables/abc/actions", content=small, headers={"Content-Type": "application/json"}
    )
    assert error_of(response)[:2] == (413, "too_large")


def test_a_stalled_body_is_timed_out(serve: type[ServerProcess]) -> None:
    """A body that stops arriving (a half-open upload) is answered with the JSON 408."""
    server = serve(extra=["--body-timeout", "0.5"])
    head = (
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n"
    )
    answer, sent = _answer_while_sending(server.port, head, iter([b'{"game": ']), pause=0.0)
    assert sent == 1
    started = time.monotonic()
    assert answer.startswith("HTTP/1.1 408"), answer[:200]
    assert json.loads(answer.split("\r\n\r\n", 1)[1])["error"]["code"] == "timeout"
    assert time.monotonic() - started < 10


def _closed_after(sock: socket.socket, send: bytes = b"", trickle: bytes = b"") -> float:
    """Seconds until the server closes `sock` (after sending `send`, then `trickle` a byte every
    0.2 s), reading whatever it sends meanwhile. A close is an end of stream or a reset: a server
    that closes a connection with unread bytes from the client in its buffer resets it (RST), which
    the client reads as ConnectionResetError (seen once in CI, session 17)."""
    started = time.monotonic()
    sock.sendall(send)
    sock.settimeout(0.2)
    for byte in trickle:
        try:
            if sock.recv(65536) == b"":
                return time.monotonic() - started
        except TimeoutError:
            pass
        except ConnectionResetError:
            return time.monotonic() - started
        try:
            sock.sendall(bytes([byte]))
        except OSError:
            return time.monotonic() - started
    sock.settimeout(15)
    try:
        while sock.recv(65536):
            pass
    except ConnectionResetError:
        pass
    return time.monotonic() - started


def test_idle_slow_and_half_open_connections_are_closed(serve: type[ServerProcess]) -> None:
    """With `--idle-timeout 1`: a connection that sends nothing, one that trickles a request's
    head a byte at a time, and a websocket that never answers the server's pings are closed
    within seconds (each would otherwise hold its connection forever)."""
    server = serve(extra=["--idle-timeout", "1"])
    table = server.post(
        "/api/tables", {"game": "siege", "options": {"players": 2}, "seats": ["human", "human"]}
    )
    with socket.create_connection(("127.0.0.1", server.port)) as idle:
        assert _closed_after(idle) < 5
    with socket.create_connection(("127.0.0.1", server.port)) as slow:
        head = b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Padding: " + b"a" * 200
        assert _closed_after(slow, trickle=head) < 5
    key = base64.b64encode(os.urandom(16))
    upgrade = (
        b"GET /api/tables/%s/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (table["id"].encode(), key)
    )
    with socket.create_connection(("127.0.0.1", server.port)) as half_open:
        assert _closed_after(half_open, send=upgrade) < 8
    assert server.get("/api/games")  # and the server serves on


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("[" * 4000, "malformed"),
        ('{"type": "act", "action": "\\ud800", "id": "\\ud800"}', "malformed"),
        ('{"type": "ping", "id": "\\udfff"}', "malformed"),
        ('{"type": "act", "action": "x", "id": ' + "[" * 900 + "]" * 900 + "}", "malformed"),
        ("x" * 5000, "too_large"),
        ('{"type": "act", "action": "' + "y" * 4000 + '"}', "too_large"),
    ],
)
def test_a_bad_websocket_message_gets_the_json_error_and_the_connection_keeps_working(
    client: TestClient, raw: str, code: str
) -> None:
    table = created(client, {"game": "siege", "options": {"players": 2}, "seats": ["human", "human"]})
    token = table["seats"][0]["token"]
    with client.websocket_connect(f"/api/tables/{table['id']}/ws?token={token}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_text(raw)
        reply = ws.receive_json()
        assert reply["type"] == "error" and reply["code"] == code, reply
        ws.send_bytes(b"\xff\xfe")
        assert ws.receive_json()["code"] == "malformed"
        ws.send_text(json.dumps({"type": "ping", "id": 7}))
        assert ws.receive_json() == {"type": "pong", "id": 7}


# -- 3. faults ---------------------------------------------------------------------------------------


def _corrupt(db_path: str, table_id: str, column: str, value: Any) -> None:
    with sqlite3.connect(db_path) as conn:
        conn.execute(f"UPDATE warroom_tables SET {column} = ? WHERE id = ?", (value, table_id))


@pytest.mark.parametrize(
    ("column", "value", "status"),
    [
        ("options", "{not json", "damaged"),
        ("seats", "[1, 2", "damaged"),
        ("seed", "twelve", "damaged"),
        ("game", "chess", "incompatible"),
    ],
)
def test_one_damaged_row_stops_neither_startup_nor_the_lobby_nor_other_tables(
    db_path: str, column: str, value: Any, status: str
) -> None:
    body = {"game": "siege", "options": {"players": 2}, "seats": ["human", "random"]}
    with TestClient(create_app(db_path, ai_delay_ms=0)) as client:
        bad, good = created(client, body), created(client, body)
    _corrupt(db_path, bad["id"], column, value)
    with TestClient(create_app(db_path, ai_delay_ms=0), raise_server_exceptions=False) as client:
        lobby = {row["id"]: row for row in client.get("/api/tables").json()}
        assert lobby[bad["id"]]["status"] == status and lobby[bad["id"]]["reason"]
        assert value not in lobby[bad["id"]]["reason"] or column == "game"
        for path in ("", "/frames/0", "/replay"):
            response = client.get(f"/api/tables/{bad['id']}{path}")
            assert error_of(response)[:2] == (409, status), response.text
        with client.websocket_connect(f"/api/tables/{bad['id']}/ws") as ws:
            assert ws.receive_json()["code"] == status
        token = good["seats"][0]["token"]
        wait_for(lambda: snapshot(client, good["id"], token)["legal"])
        action = snapshot(client, good["id"], token)["legal"][0]["text"]
        move = {"token": token, "action": action}
        assert client.post(f"/api/tables/{good['id']}/actions", json=move).status_code == 200


@pytest.mark.parametrize("fault", ["illegal", "gap"])
def test_a_log_with_an_illegal_move_or_a_gap_is_reported_in_json_on_every_route(
    db_path: str, fault: str
) -> None:
    body = {"game": "siege", "options": {"players": 2}, "seats": ["human", "human"], "seed": 3}
    with TestClient(create_app(db_path, ai_delay_ms=0)) as client:
        table, other = created(client, body), created(client, body)
        for _ in range(3):
            doc = snapshot(client, table["id"])
            token = table["seats"][doc["current_player"]]["token"]
            action = snapshot(client, table["id"], token)["legal"][0]["text"]
            client.post(f"/api/tables/{table['id']}/actions", json={"token": token, "action": action})
    with sqlite3.connect(db_path) as conn:
        if fault == "illegal":
            sql = "UPDATE warroom_actions SET text = 'launch the missiles' WHERE table_id = ? AND ply = 1"
            conn.execute(sql, (table["id"],))
        else:
            conn.execute("DELETE FROM warroom_actions WHERE table_id = ? AND ply = 1", (table["id"],))
    with TestClient(create_app(db_path, ai_delay_ms=0), raise_server_exceptions=False) as client:
        for path in ("", "/frames/1", "/replay"):
            assert error_of(client.get(f"/api/tables/{table['id']}{path}"))[:2] == (409, "incompatible")
        move = {"token": table["seats"][0]["token"], "action": "pass"}
        assert error_of(client.post(f"/api/tables/{table['id']}/actions", json=move))[:2] == (
            409,
            "incompatible",
        )
        assert {row["id"]: row["status"] for row in client.get("/api/tables").json()}[
            table["id"]
        ] == "incompatible"
        assert snapshot(client, other["id"])["ply"] == 0


class FlakyWrites:
    """The store's action log refusing writes while `failing` is set, as a full disk would."""

    def __init__(self, store: Any) -> None:
        self.append = store.append_action
        self.failing = threading.Event()
        self.refused = 0

    def __call__(self, *args: Any) -> None:
        if self.failing.is_set():
            self.refused += 1
            raise OperationalError("INSERT", {}, Exception("database or disk is full"))
        self.append(*args)


def test_ai_seats_recover_by_themselves_after_a_temporary_write_failure(db_path: str) -> None:
    with TestClient(create_app(db_path, ai_delay_ms=0)) as client:
        service = client.app.state.service  # type: ignore[attr-defined]
        store = service.workers.store
        flaky = FlakyWrites(store)
        store.append_action = flaky
        flaky.failing.set()
        ai = created(client, {"game": "siege", "options": {"players": 2}, "seats": ["random", "random"]})
        people = created(client, {"game": "siege", "options": {"players": 2}, "seats": ["human", "human"]})
        wait_for(lambda: flaky.refused >= 2)
        token = people["seats"][snapshot(client, people["id"])["current_player"]]["token"]
        action = snapshot(client, people["id"], token)["legal"][0]["text"]
        move = {"token": token, "action": action}
        assert error_of(client.post(f"/api/tables/{people['id']}/actions", json=move))[:2] == (
            503,
            "unavailable",
        )
        assert snapshot(client, ai["id"])["ply"] == 0
        flaky.failing.clear()  # the disk is freed
        wait_for(lambda: snapshot(client, ai["id"])["ply"] >= 5, timeout=30)
        assert client.post(f"/api/tables/{people['id']}/actions", json=move).status_code == 200


def test_a_game_whose_end_could_not_be_recorded_is_marked_finished_when_next_loaded(db_path: str) -> None:
    with TestClient(create_app(db_path, ai_delay_ms=0)) as client:
        store = client.app.state.service.workers.store  # type: ignore[attr-defined]

        def refuse(*_args: Any) -> None:
            raise OperationalError("UPDATE", {}, Exception("database is locked"))

        store.finish = refuse
        table = created(client, {"game": "wot_rush", "seats": ["random", "random"]})
        wait_for(lambda: snapshot(client, table["id"])["finished"], timeout=60)
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT finished FROM warroom_tables").fetchone() == (0,)
    with TestClient(create_app(db_path, ai_delay_ms=0)) as client:
        assert {row["id"]: row["status"] for row in client.get("/api/tables").json()}[
            table["id"]
        ] == "finished"
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT finished FROM warroom_tables").fetchone() == (1,)


def test_a_server_fault_answers_with_the_json_error_body(
    db_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(create_app(db_path, ai_delay_ms=0), raise_server_exceptions=False) as client:
        service = client.app.state.service  # type: ignore[attr-defined]

        async def broken(*_args: Any) -> Any:
            raise RuntimeError("secret internals: /etc/shadow")

        monkeypatch.setattr(service, "lobby", broken)
        response = client.get("/api/tables")
        assert error_of(response) == (500, "internal", "the server could not answer this request")
        assert response.headers["content-type"] == "application/json"


# -- 4. what one client may cost ---------------------------------------------------------------------


def as_client(app: Any) -> Any:
    """The app, with the request's client address taken from the test's X-Test-Client header (in
    process every request comes from one address)."""

    async def wrapped(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            for name, value in scope["headers"]:
                if name == b"x-test-client":
                    scope = {**scope, "client": (value.decode(), 4000)}
        await app(scope, receive, send)

    return wrapped


def post_as(client: TestClient, who: str, body: dict[str, Any]) -> Any:
    return client.post("/api/tables", json=body, headers={"X-Test-Client": who})


def test_tables_of_ai_seats_alone_are_capped_per_client_and_per_server(db_path: str) -> None:
    limits = Limits(ai_tables=3, ai_tables_per_client=2)
    app = as_client(create_app(db_path, ai_delay_ms=60_000, limits=limits))  # AI seats that keep playing
    alone = {"game": "siege", "options": {"players": 2}, "seats": ["random", "random"]}
    with TestClient(app) as client:
        assert post_as(client, "one", alone).status_code == 201
        assert post_as(client, "one", alone).status_code == 201
        status, code, message = error_of(post_as(client, "one", alone))
        assert (status, code) == (429, "ai_limit") and "one client" in message
        for seats in (["human", "random"], ["human", "human"]):  # a person's tables are not capped
            assert post_as(client, "one", {**alone, "seats": seats}).status_code == 201
        assert post_as(client, "two", alone).status_code == 201  # the server's third
        status, code, message = error_of(post_as(client, "two", alone))
        assert (status, code) == (429, "ai_limit") and "server" in message


def test_tables_with_a_strong_level_are_capped_per_client_and_per_server(db_path: str) -> None:
    limits = Limits(strong_tables=2, strong_tables_per_client=1)
    app = as_client(create_app(db_path, ai_delay_ms=60_000, limits=limits))
    strong = {"game": "siege", "options": {"players": 2}, "seats": ["human", "mcts"]}
    with TestClient(app) as client:
        assert post_as(client, "one", strong).status_code == 201
        assert error_of(post_as(client, "one", strong))[:2] == (429, "ai_limit")
        light = {**strong, "seats": ["human", "mcts-fast"]}  # a light level is not strong
        assert post_as(client, "one", light).status_code == 201
        assert post_as(client, "two", strong).status_code == 201
        status, code, message = error_of(post_as(client, "three", strong))
        assert (status, code) == (429, "ai_limit") and "server" in message


def test_the_ai_scheduler_serves_the_client_with_the_least_ai_time_first() -> None:
    """A client with one table's move waiting is served before the second of a client that has
    queued many (each job a stand-in for one AI move)."""
    order: list[str] = []

    def think(name: str) -> str:
        time.sleep(0.02)
        order.append(name)
        return name

    async def scenario() -> list[str]:
        with ThreadPoolExecutor(1) as pool:
            scheduler = FairScheduler(pool, slots=1)
            hog = [asyncio.create_task(scheduler.run("hog", think, f"hog{i}")) for i in range(8)]
            await asyncio.sleep(0.05)  # the hog has run a move or two and has six queued
            honest = asyncio.create_task(scheduler.run("honest", think, "honest"))
            results = await asyncio.gather(*hog, honest)
            return list(results)

    results = asyncio.run(scenario())
    assert results[-1] == "honest"
    assert order.index("honest") <= 4, order  # not behind the hog's whole queue


def test_an_agents_failure_reaches_the_caller_through_the_scheduler() -> None:
    def fail() -> None:
        raise ValueError("boom")

    async def scenario() -> None:
        with ThreadPoolExecutor(1) as pool, pytest.raises(ValueError, match="boom"):
            await FairScheduler(pool, 1).run("x", fail)

    asyncio.run(scenario())


def test_idle_and_finished_tables_are_released_from_memory_and_reload_on_demand(db_path: str) -> None:
    limits = Limits(idle_seconds=0.2, sweep_seconds=0.05)
    with TestClient(create_app(db_path, ai_delay_ms=0, limits=limits)) as client:
        live = client.app.state.service.tables.live  # type: ignore[attr-defined]
        people = created(client, {"game": "siege", "options": {"players": 2}, "seats": ["human", "human"]})
        finished = created(
            client, {"game": "siege", "options": {"players": 2}, "seats": ["random", "random"]}
        )
        watched = created(client, {"game": "siege", "options": {"players": 2}, "seats": ["human", "human"]})
        with client.websocket_connect(f"/api/tables/{watched['id']}/ws") as ws:
            assert ws.receive_json()["type"] == "state"
            wait_for(lambda: people["id"] not in live and finished["id"] not in live)
            assert watched["id"] in live  # someone is watching it
        assert snapshot(client, finished["id"])["finished"]  # loaded again from the store
        assert snapshot(client, people["id"])["ply"] == 0
        wait_for(lambda: not live, timeout=5)


def test_the_cache_of_configured_games_is_bounded(client: TestClient) -> None:
    for turns in range(10, 10 + CACHE_SIZE + 6):
        body = {"game": "memoir44", "options": {"max_turns": turns}, "seats": ["human", "human"]}
        created(client, body)
    assert len(content._cache) <= CACHE_SIZE


# -- 5. seeds ------------------------------------------------------------------------------------------


def test_by_default_the_server_draws_the_seed_commits_to_it_and_reveals_it_at_the_end(
    client: TestClient,
) -> None:
    people = created(client, {"game": "wot_rush", "seats": ["human", "human"]})
    deals = []
    for seat in people["seats"]:
        with client.websocket_connect(f"/api/tables/{people['id']}/ws?token={seat['token']}") as ws:
            deals.append(ws.receive_json()["table"]["deal"])
    assert deals[0] == deals[1] == snapshot(client, people["id"])["table"]["deal"]
    assert deals[0]["chosen_by_creator"] is False and deals[0]["revealed"] is None
    assert re.fullmatch("[0-9a-f]{64}", deals[0]["commitment"])
    assert client.get(f"/api/tables/{people['id']}/replay").status_code == 403  # hidden while it runs
    # a game played to its end: the seed is revealed, matches the commitment and the replay file
    ai = created(client, {"game": "wot_rush", "seats": ["random", "random"]})
    start = snapshot(client, ai["id"])["table"]["deal"]
    end = wait_for(
        lambda: (doc := snapshot(client, ai["id"]))["finished"] and doc["table"]["deal"], timeout=60
    )
    seed = end["revealed"]  # decimal digits: a JavaScript number would round 62 bits
    assert isinstance(seed, str) and seed.isdigit() and end["commitment"] == start["commitment"]
    assert hashlib.sha256(f"warroom-deal:{seed}".encode()).hexdigest() == start["commitment"]
    replay = client.get(f"/api/tables/{ai['id']}/replay").text
    assert Replay.loads(replay).seed == int(seed)


def test_a_seed_the_creator_chose_is_shown_to_every_seat_before_the_first_move(client: TestClient) -> None:
    table = created(client, {"game": "wot_rush", "seats": ["human", "human"], "seed": 12345})
    other = table["seats"][1]["token"]
    with client.websocket_connect(f"/api/tables/{table['id']}/ws?token={other}") as ws:
        first = ws.receive_json()
    assert first["ply"] == 0 and first["table"]["deal"]["chosen_by_creator"] is True
    assert first["table"]["deal"]["revealed"] is None  # not repeated to the other seats
    lobby = {row["id"]: row for row in client.get("/api/tables").json()}
    assert lobby[table["id"]]["seed_chosen_by_creator"] is True


# -- 6. headers, and the API docs offline -----------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/", "/t/abc", "/static/app.js", "/api/games", "/api/tables/nope", "/api/docs"]
)
def test_every_answer_carries_the_security_headers(client: TestClient, path: str) -> None:
    headers = client.get(path).headers
    csp = headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp and "object-src 'none'" in csp
    assert "unsafe-inline" not in csp.split("script-src", 1)[1].split(";", 1)[0]  # no inline script runs
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"


def test_the_api_docs_load_swagger_ui_from_the_package_alone(client: TestClient) -> None:
    page = client.get("/api/docs")
    assert page.status_code == 200
    sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sources and all(s.startswith(("/api/docs/assets/", "data:")) for s in sources), sources
    elsewhere = re.sub(r'"data:[^"]*"', "", page.text)
    assert "cdn" not in elsewhere and "http://" not in elsewhere and "https://" not in elsewhere
    for source in sources:
        if source.startswith("/"):
            asset = client.get(source)
            assert asset.status_code == 200 and len(asset.content) > 10_000
    # its one inline script is allowed by its hash, and nothing else inline
    (script,) = re.findall(r"<script>(.*?)</script>", page.text, flags=re.DOTALL)
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert f"'sha256-{digest}'" in page.headers["content-security-policy"]
