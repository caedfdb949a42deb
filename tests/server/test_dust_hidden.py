"""Night Encounter's hidden units through the web table's API (dust_warfare.md DW-NE-02, DW-NE-14,
§4.2): two tables with the same seed and moves whose secret marker deals differ (markers dealt
in unit order at one, reversed at the other) send every seat and a spectator exactly the same
websocket updates and HTTP snapshots while the markers stay hidden; after a reveal the unit is
named to everyone."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.test_api import SERVER_MESSAGE
from warroom.games.dust_warfare.rules import night

PLIES = 70  # terrain, the roll, the markers, the first turn's muster and activations


def receive(ws: Any) -> dict[str, Any]:
    while True:
        doc: dict[str, Any] = ws.receive_json()
        SERVER_MESSAGE.validate_python(doc)
        if doc["type"] == "update":
            return doc
        assert doc["type"] == "ack", doc


def _table(client: TestClient) -> tuple[str, list[str]]:
    body = {
        "game": "dust_warfare",
        "options": {"scenario": "night_encounter"},
        "seats": ["human", "human"],
        "seed": 9,
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    doc = response.json()
    return doc["id"], [seat["token"] for seat in doc["seats"]]


def _hide_or_first(legal: list[dict[str, Any]]) -> str:
    texts = [o["text"] for o in legal]
    return "hide" if "hide" in texts else texts[0]


def _play(client: TestClient, reveal_at: int | None = None) -> dict[str, Any]:
    """Everything seat 0, seat 1 and a spectator receive over PLIES moves (every marker kept
    hidden; with `reveal_at`, the first marker offered after that ply is revealed)."""
    tid, tokens = _table(client)
    seen: dict[str, Any] = {"table": tid, "ws": [], "http": [], "revealed": None}
    with (
        client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[0]}") as ws0,
        client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[1]}") as ws1,
        client.websocket_connect(f"/api/tables/{tid}/ws") as watcher,
    ):
        for ws in (ws0, ws1, watcher):
            ws.receive_json()  # the welcome state
        for ply in range(PLIES):
            snap = client.get(f"/api/tables/{tid}").json()
            if snap["finished"]:
                break
            seat = snap["current_player"]
            mine = client.get(f"/api/tables/{tid}", params={"token": tokens[seat]}).json()
            texts = [o["text"] for o in mine["legal"]]
            action = _hide_or_first(mine["legal"])
            if (
                reveal_at is not None
                and ply >= reveal_at
                and "reveal" in texts
                and mine["view"]["decision"]["marker"]
            ):
                action, reveal_at = "reveal", None
                seen["revealed"] = mine["view"]["decision"]["marker"]
            response = client.post(
                f"/api/tables/{tid}/actions", json={"token": tokens[seat], "action": action}
            )
            assert response.status_code == 200, response.text
            seen["ws"].append([receive(ws) for ws in (ws0, ws1, watcher)])
            seen["http"].append(
                [client.get(f"/api/tables/{tid}", params={"token": t}).json() for t in tokens]
                + [client.get(f"/api/tables/{tid}").json()]
            )
    return seen


def _without_ids(doc: Any, table_id: str) -> str:
    return repr(doc).replace(table_id, "<table>")


@pytest.fixture
def reversed_deal(monkeypatch: pytest.MonkeyPatch) -> Any:
    def use(order: str) -> None:
        def deal(st: Any, units: list[int]) -> list[int]:
            for _ in range(len(units) - 1):  # draw as the real deal does: the dice after are the same
                st.rng.below(2)
            return list(units) if order == "forward" else list(reversed(units))

        monkeypatch.setattr(night, "deal", deal)

    return use


def test_s42_no_seat_nor_spectator_can_tell_two_different_deals_apart(
    client: TestClient, reversed_deal: Any
) -> None:
    """DW-NE-02, §4.2: identical messages and snapshots for every seat and a spectator, so
    nothing sent depends on which unit stands behind which marker."""
    reversed_deal("forward")
    forward = _play(client)
    reversed_deal("reversed")
    backward = _play(client)
    assert len(forward["ws"]) == len(backward["ws"]) > 40
    for what in ("ws", "http"):
        for a, b in zip(forward[what], backward[what], strict=True):
            assert _without_ids(a, forward["table"]) == _without_ids(b, backward["table"])
    last = forward["http"][-1][2]["view"]
    assert last["phase"] in ("command", "units") and all(m["unit"] is None for m in last["markers"])
    assert any(o["text"].startswith("marker ") for h in forward["http"] for s in h[:2] for o in s["legal"])


def test_ne_14_a_revealed_marker_names_its_unit_to_everyone(client: TestClient) -> None:
    """DW-BTL-09 / DW-NE-08: once revealed, every seat and the spectator see which unit it was."""
    seen = _play(client, reveal_at=45)
    marker = seen["revealed"]
    assert marker is not None
    final = seen["ws"][-1]
    for update in final:
        markers = {m["id"]: m for m in update["view"]["markers"]}
        assert markers[marker]["revealed"] and markers[marker]["unit"] is not None
    assert any(
        e["kind"] == "reveal" and e["data"]["marker"] == marker
        for batch in seen["ws"]
        for u in batch[2:]
        for e in u["events"]
    )
