"""Player names chosen in the lobby (issue 16): cleaned, bounded, only for a person's seat, stored
with the table (a restarted server still has them) and sent in the table's header."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from warroom.server.app import create_app
from warroom.server.names import MAX_NAME, clean_name, player_names
from warroom.server.protocol import ServiceError

SIEGE = {"game": "siege", "options": {"players": 3}, "seed": 7, "ai_delay_ms": 0}


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Anna", "Anna"),
        ("  Anna   Maria\t", "Anna Maria"),
        ("An\u202ena", "Anna"),  # a right-to-left override is dropped, not shown
        ("Bo\x00b\x1b[31m", "Bob[31m"),  # control characters go
        ("Zoe\u0301", "Zoé"),  # NFC: one character, as typed
        ("<img src=x onerror=f()>", "<img src=x onerror=f()>"),  # text, kept as text
        ("", None),
        ("\u200b \n", None),
        (None, None),
    ],
)
def test_a_name_is_cleaned_before_anyone_reads_it(raw: str | None, shown: str | None) -> None:
    assert clean_name(raw) == shown


def test_a_name_is_bounded_and_only_for_a_persons_seat() -> None:
    assert clean_name("x" * MAX_NAME) == "x" * MAX_NAME
    with pytest.raises(ServiceError, match="at most"):
        clean_name("x" * (MAX_NAME + 1))
    assert player_names(["Anna"], ["human", "heuristic"]) == ["Anna", None]
    assert player_names([None, " "], ["human", "heuristic"]) == [None, None]
    with pytest.raises(ServiceError, match="AI"):
        player_names([None, "Bot"], ["human", "heuristic"])
    with pytest.raises(ServiceError, match="3 names"):
        player_names(["a", "b", "c"], ["human", "human"])


def header_seats(client: TestClient, table_id: str, token: str | None = None) -> list[dict[str, object]]:
    with client.websocket_connect(f"/api/tables/{table_id}/ws" + (f"?token={token}" if token else "")) as ws:
        seats: list[dict[str, object]] = ws.receive_json()["table"]["seats"]
        return seats


def test_names_are_stored_with_the_table_and_sent_to_every_seat(tmp_path: Path) -> None:
    db = str(tmp_path / "names.sqlite3")
    body = {**SIEGE, "seats": ["human", "human", "heuristic"], "names": [" Anna ", "Bo\u202eb"]}
    with TestClient(create_app(db, ai_delay_ms=0)) as client:
        created = client.post("/api/tables", json=body)
        assert created.status_code == 201, created.text
        table = created.json()
        expected = [
            {"seat": 0, "kind": "human", "name": "Anna"},
            {"seat": 1, "kind": "human", "name": "Bob"},
            {"seat": 2, "kind": "heuristic"},
        ]
        assert header_seats(client, table["id"], table["seats"][0]["token"]) == expected
        assert header_seats(client, table["id"]) == expected  # a spectator too
    with TestClient(create_app(db, ai_delay_ms=0)) as again:  # a new server over the same database
        assert header_seats(again, table["id"]) == expected
        frame = again.get(f"/api/tables/{table['id']}/frames/0").json()
        assert frame["table"]["seats"] == expected  # the replay names them too


@pytest.mark.parametrize(
    ("names", "words"),
    [
        ([None, None, "Robot"], "AI"),
        (["x" * (MAX_NAME + 1)], "at most"),
        (["a", "b", "c", "d"], "4 names"),
    ],
)
def test_bad_names_are_refused_and_no_table_is_made(
    client: TestClient, names: list[str | None], words: str
) -> None:
    before = len(client.get("/api/tables").json())
    reply = client.post(
        "/api/tables", json={**SIEGE, "seats": ["human", "human", "heuristic"], "names": names}
    )
    assert reply.status_code == 400, reply.text
    assert reply.json()["error"]["code"] == "bad_names" and words in reply.json()["error"]["message"]
    assert len(client.get("/api/tables").json()) == before


def test_a_table_without_names_has_none(client: TestClient) -> None:
    table = client.post("/api/tables", json={**SIEGE, "seats": ["human", "heuristic", "heuristic"]}).json()
    assert all("name" not in seat for seat in header_seats(client, table["id"]))
