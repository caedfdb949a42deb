"""A scenario file brought to the lobby (issues 16 and 17), in real headless Chromium: a `.m44`
file of the Days of Wonder editor chosen in the Memoir '44 form's file field is sent as text in
the request's `uploads` (never a path), imported like `warroom scenario import`, and played; a
broken file is refused with the importer's reason and no table is made."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.browser_helpers import open_page
from tests.server.conftest import ServerProcess
from tests.server.test_browser import SNAP, browser
from warroom.games.memoir44.game import Memoir44Game
from warroom.games.memoir44.scenario import parse_text

__all__ = ["browser"]

M44 = Path(__file__).resolve().parent.parent / "memoir44" / "m44"


def _memoir44_form(browser: Any, server: ServerProcess) -> Any:
    page = open_page(browser)
    page.goto(server.base + "/")
    page.click('.game-card[data-game="memoir44"]')
    page.locator("#opt-scenario-file").wait_for()
    return page


def test_a_m44_file_chosen_in_the_lobby_makes_a_table_that_plays_it(browser: Any, serve: Any) -> None:
    server: ServerProcess = serve(ai_delay_ms=0)
    fixture = M44 / "bridge_span3.m44"
    expected = parse_text(Memoir44Game.import_scenario(str(fixture))[0], fixture.name).name
    page = _memoir44_form(browser, server)
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.post_data or "") if r.url.endswith("/api/tables") else None)
    page.set_input_files("#opt-scenario-file", str(fixture))
    page.click("#create button[type=submit]")
    link = page.locator("#created .link-row input").first
    link.wait_for()
    assert any('"uploads": {"scenario": "{' in body or '"uploads":{"scenario":"{' in body for body in sent)
    assert not any(str(M44) in body for body in sent)  # the file's text, never where it lay
    page.goto(link.input_value())
    page.wait_for_function(f"() => {SNAP} && {SNAP}.legal.length > 0")
    table_id = page.evaluate(f"{SNAP}.table.id")
    assert server.get(f"/api/tables/{table_id}")["catalog"]["scenario"]["name"] == expected


def test_a_broken_file_is_refused_in_words_and_no_table_is_made(
    browser: Any, serve: Any, tmp_path: Path
) -> None:
    server: ServerProcess = serve(ai_delay_ms=0)
    broken = tmp_path / "broken.m44"
    broken.write_text('{"board": ')
    page = _memoir44_form(browser, server)
    page.set_input_files("#opt-scenario-file", str(broken))
    page.click("#create button[type=submit]")
    page.wait_for_function("() => document.body.innerText.includes('not a readable .m44')")
    assert server.get("/api/tables") == []
