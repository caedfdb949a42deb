"""Dust Warfare's army lists and custom scenarios over the API (issue 13, issue 17's rule that a
client never names a server file): `armies` takes a shipped army file by name ("" = the starter
lists, "special" = data/armies-special.toml) or the text of one uploaded; `scenario_file` takes
an uploaded scenario (DW-CAMP-05); both at once. Uploads are read by the command line's checks
(DW-SET-01/02, DW-FB-01), refused with the entry and field named and nothing stored, and stored
with the table so it rebuilds from the database alone. So a web table fields Artillery (the
Punisher's Twin 155 mm, DW-WPN-01)."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from tests.server.test_api import error_of, snapshot
from tests.server.test_security import created
from warroom.games.dust_warfare.content import shipped_armies
from warroom.games.dust_warfare.scenario import SCENARIOS
from warroom.server.app import create_app

SPECIAL = shipped_armies()["special"].read_text(encoding="utf-8")
FRONT_LINES = (SCENARIOS / "front-lines.toml").read_text(encoding="utf-8")
SEATS = ["human", "human"]


def _body(options: dict[str, Any] | None = None, uploads: dict[str, str] | None = None) -> dict[str, Any]:
    return {"game": "dust_warfare", "options": options or {}, "uploads": uploads or {}, "seats": SEATS}


def _artillery(doc: dict[str, Any]) -> list[str]:
    """The names of the view's units that carry a weapon the catalogue calls Twin 155 mm."""
    weapons = doc["catalog"]["weapons"]
    return [
        unit["name"]
        for unit in doc["view"]["units"]
        if any("Twin 155" in weapons[w]["name"] for model in unit["models"] for w in model["weapons"])
    ]


def test_the_lobby_offers_the_shipped_army_files_and_uploads_for_both_dust_options(
    client: TestClient,
) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    options = {o["name"]: o for o in games["dust_warfare"]["options"]}
    assert (options["armies"]["choices"], options["armies"]["upload"]) == (["", "special"], True)
    assert (options["scenario_file"]["choices"], options["scenario_file"]["upload"]) == ([""], True)


def test_a_shipped_army_file_by_name_fields_the_punisher_and_its_artillery(client: TestClient) -> None:
    table = created(client, _body({"scenario": "front_lines", "armies": "special"}))
    doc = snapshot(client, table["id"])
    assert doc["table"]["options"]["armies"] == "special"
    assert _artillery(doc) == ['"Punisher" heavy walker']
    starter = snapshot(client, created(client, _body({"scenario": "front_lines"}))["id"])
    assert _artillery(starter) == []  # the starter lists as in the box carry no Artillery


def test_the_uploaded_text_of_that_file_fields_the_same_armies(client: TestClient) -> None:
    named = snapshot(client, created(client, _body({"scenario": "front_lines", "armies": "special"}))["id"])
    table = created(client, _body({"scenario": "front_lines"}, {"armies": SPECIAL}))
    doc = snapshot(client, table["id"])
    assert doc["table"]["options"]["armies"].startswith("upload:")
    assert _artillery(doc) == ['"Punisher" heavy walker']
    assert doc["catalog"] == named["catalog"]


def test_bad_army_lists_are_refused_naming_the_entry_and_field_and_nothing_is_stored(
    client: TestClient,
) -> None:
    before = client.get("/api/tables").json()
    front = {"scenario": "front_lines"}
    refused = [
        (_body(front, {"armies": "[[army]\nid = "}), "upload.toml"),  # not TOML
        (
            _body(front, {"armies": SPECIAL.replace('command = "U-A01"', 'command = "U-A99"')}),
            "upload.toml: [[army]] #1 (allied_transport), field platoon.0.command: unknown unit 'U-A99'",
        ),
        (
            _body(front, {"armies": SPECIAL.replace("ap = 147", "ap = 147\nlimit = 140")}),
            "[[army]] #1 (allied_transport), field limit: the list costs 147 AP, over its limit of 140",
        ),
        (  # over the scenario's points limit, with a scenario uploaded beside it
            _body(
                {},
                {
                    "armies": SPECIAL,
                    "scenario_file": FRONT_LINES.replace("points_limit = 150", "points_limit = 120"),
                },
            ),
            "army allied_transport costs 147 AP, over Front Lines's limit of 120 (DW-SET-02)",
        ),
        (_body({"armies": "special"}), "First Battle is played with the fixed starter lists (DW-FB-01)"),
        (_body({}, {"armies": SPECIAL}), "(DW-FB-01)"),  # First Battle, the default scenario
        (
            _body(front, {"armies": SPECIAL[: SPECIAL.index('[[army]]\nid = "axis_fixtures"')]}),
            "no axis [[army]] list",
        ),
    ]
    for body, reason in refused:
        status, code, message = error_of(client.post("/api/tables", json=body))
        assert (status, code) == (400, "bad_options") and reason in message, message
    # a path, even of the shipped file itself, is never opened on a client's word
    path = str(shipped_armies()["special"])
    status, code, message = error_of(client.post("/api/tables", json=_body({**front, "armies": path})))
    assert (status, code) == (400, "bad_options") and path not in message and "'special'" in message
    assert error_of(client.post("/api/tables", json=_body({"scenario_file": path})))[:2] == (
        400,
        "bad_options",
    )
    assert client.get("/api/tables").json() == before


def test_a_bad_uploaded_scenario_is_refused_naming_the_entry_and_field(client: TestClient) -> None:
    bad = FRONT_LINES.replace("points_limit = 150", "points_limit = 0")
    status, code, message = error_of(client.post("/api/tables", json=_body({}, {"scenario_file": bad})))
    assert (status, code) == (400, "bad_options"), message
    assert (
        "the uploaded scenario is refused: upload.toml: scenario front_lines, field points_limit" in message
    )
    assert client.get("/api/tables").json() == []


def test_an_army_and_a_scenario_uploaded_together_play_and_survive_a_restart(db_path: str) -> None:
    scenario = FRONT_LINES.replace('name = "Front Lines"', 'name = "Uploaded Lines"', 1)
    body = _body({}, {"armies": SPECIAL, "scenario_file": scenario})
    with TestClient(create_app(db_path, ai_delay_ms=0)) as client:
        table = created(client, body)
        first = snapshot(client, table["id"])
        assert first["catalog"]["scenario"]["name"] == "Uploaded Lines"
        assert _artillery(first) == ['"Punisher" heavy walker']
        token = table["seats"][first["current_player"]]["token"]
        action = snapshot(client, table["id"], token)["legal"][0]["text"]
        move = client.post(f"/api/tables/{table['id']}/actions", json={"token": token, "action": action})
        assert move.is_success, move.text
    with TestClient(create_app(db_path, ai_delay_ms=0)) as client:  # a restart: from the database
        again = snapshot(client, table["id"])
        assert again["ply"] == 1 and again["catalog"] == first["catalog"]
        assert _artillery(again) == ['"Punisher" heavy walker']


def test_two_uploads_of_the_largest_size_fit_the_create_table_body(client: TestClient) -> None:
    """Both Dust uploads at MAX_UPLOAD characters each, written as a browser's JSON.stringify sends
    them (UTF-8, two bytes a character here): the body limit holds two uploads, not one."""
    from warroom.server.content import MAX_UPLOAD

    def padded(text: str) -> str:
        return text + "\n# " + "é" * (MAX_UPLOAD - len(text) - 3)

    uploads = {"armies": padded(SPECIAL), "scenario_file": padded(FRONT_LINES)}
    raw = json.dumps(_body({}, uploads), ensure_ascii=False).encode("utf-8")
    assert len(raw) > 192 * 1024  # more than one upload's share
    response = client.post("/api/tables", content=raw, headers={"content-type": "application/json"})
    assert response.status_code == 201, response.text[:200]
    assert _artillery(snapshot(client, response.json()["id"])) == ['"Punisher" heavy walker']
