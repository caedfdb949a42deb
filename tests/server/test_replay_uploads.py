"""A replay file downloaded from a table set up with uploaded content carries the texts (its
`uploads:` line, warroom.core.replay) and replays offline with `warroom replay`, each text read
by the game's own reader (warroom.core.content); content the reader refuses, or a file whose
options mark an upload it does not carry, is refused naming the file, the line and the option."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tests.server.test_api import as_json, snapshot, wait_for
from tests.server.test_security import created
from warroom.cli import app
from warroom.core import CorruptDataError
from warroom.core.content import UPLOAD_PREFIX, upload_digest
from warroom.core.replay import Replay
from warroom.games.dust_warfare.content import shipped_armies

M44 = Path(__file__).resolve().parent.parent / "memoir44" / "m44" / "bridge_span3.m44"
SPECIAL = shipped_armies()["special"].read_text(encoding="utf-8")
runner = CliRunner()


def downloaded(client: TestClient, body: dict[str, Any], tmp_path: Path) -> tuple[dict[str, Any], Path]:
    """An AI-only table played to its end, and its replay file saved as the browser downloads it."""
    table = created(client, {**body, "seats": ["random", "random"]})
    final = wait_for(lambda: (doc := snapshot(client, table["id"]))["finished"] and doc, timeout=120)
    response = client.get(f"/api/tables/{table['id']}/replay")
    assert response.status_code == 200, response.text
    path = tmp_path / "game.replay"
    path.write_bytes(response.content)
    return final, path


def replays_offline(path: Path, final: dict[str, Any]) -> str:
    """`warroom replay FILE` plays the file to the table's final position; its output."""
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    state = Replay.load(path).play(str(path))
    assert state.is_terminal() and as_json(state.view(None)) == final["view"]
    assert state.game.render(state, None) in result.output and "final returns" in result.output
    return result.output


def test_an_uploaded_m44_scenario_travels_in_the_replay_file_and_replays_offline(
    client: TestClient, tmp_path: Path
) -> None:
    text = M44.read_text(encoding="utf-8")
    body = {"game": "memoir44", "options": {"max_turns": 4}, "uploads": {"scenario": text}}
    final, path = downloaded(client, body, tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    header = lines[: lines.index("---")]
    # one readable header line, the text's newlines escaped in its JSON
    assert [line for line in header if line.startswith("uploads: ")] == [
        f"uploads: {json.dumps({'scenario': text}, sort_keys=True)}"
    ]
    record = Replay.load(path)
    assert record.uploads == {"scenario": text}
    assert record.options["scenario"] == UPLOAD_PREFIX + upload_digest(text)
    output = replays_offline(path, final)
    assert "uploaded content read from the file: scenario" in output
    assert final["catalog"]["scenario"]["name"] == Replay.load(path).game().catalog()["scenario"]["name"]


def test_an_uploaded_dust_army_file_travels_in_the_replay_file_and_replays_offline(
    client: TestClient, tmp_path: Path
) -> None:
    body = {"game": "dust_warfare", "options": {"scenario": "front_lines"}, "uploads": {"armies": SPECIAL}}
    final, path = downloaded(client, body, tmp_path)
    assert Replay.load(path).uploads == {"armies": SPECIAL}
    assert "uploaded content read from the file: armies" in replays_offline(path, final)


def test_a_table_without_uploads_writes_no_uploads_line_and_still_replays(
    client: TestClient, tmp_path: Path
) -> None:
    final, path = downloaded(client, {"game": "memoir44", "options": {"max_turns": 4}}, tmp_path)
    assert not any(line.startswith("uploads:") for line in path.read_text().splitlines())
    assert "uploaded content" not in replays_offline(path, final)


def m44_replay(text: str) -> Replay:
    """An unplayed Memoir '44 replay whose scenario option marks `text` as its upload."""
    options = {"scenario": UPLOAD_PREFIX + upload_digest(text), "max_turns": 4}
    return Replay("memoir44", options, 3, uploads={"scenario": text})


def test_an_upload_the_reader_refuses_names_the_file_line_and_option(tmp_path: Path) -> None:
    path = tmp_path / "broken.replay"
    path.write_text(m44_replay('{"version": 1}').dumps(), encoding="utf-8")  # no board in the .m44
    with pytest.raises(CorruptDataError) as refused:
        Replay.load(path).play(str(path))
    message = str(refused.value)
    assert message.startswith(f"{path}:6: uploads: option 'scenario': the uploaded scenario is refused")
    assert "upload.m44: missing" in message
    result = runner.invoke(app, ["replay", str(path)])  # the command line says it, no traceback
    assert result.exit_code == 1 and "option 'scenario'" in result.output


def test_a_text_the_options_do_not_mark_is_refused() -> None:
    record = m44_replay(M44.read_text(encoding="utf-8"))
    record.uploads["scenario"] += "\n"  # edited after the table marked it
    with pytest.raises(
        CorruptDataError, match=r"game.replay:6: uploads: the text for option 'scenario' is not"
    ):
        Replay.loads(record.dumps(), "game.replay").play("game.replay")


def test_a_file_that_lost_its_uploads_line_says_what_is_missing() -> None:
    text = m44_replay(M44.read_text(encoding="utf-8")).dumps()
    without = "\n".join(line for line in text.splitlines() if not line.startswith("uploads:"))
    with pytest.raises(CorruptDataError, match=r"option 'scenario' is uploaded content \(upload:[0-9a-f]+\)"):
        Replay.loads(without, "old.replay").play("old.replay")
