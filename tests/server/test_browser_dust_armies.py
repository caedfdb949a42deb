"""Dust Warfare's army lists in the lobby (issue 13), in real headless Chromium: the form offers the
starter lists ("as in the box") and the shipped army file by name, and a file field for an army
file and one for a scenario file; an army file chosen there is sent as text in `uploads`, never a
path, and the table it makes fields the Punisher and its Twin 155 mm (DW-WPN-01)."""

from __future__ import annotations

from typing import Any

from tests.server.browser_helpers import open_page
from tests.server.conftest import ServerProcess
from tests.server.test_browser import browser
from warroom.games.dust_warfare.content import shipped_armies

__all__ = ["browser"]

PUNISHER = '"Punisher" heavy walker'


def _dust_form(browser: Any, server: ServerProcess) -> Any:
    page = open_page(browser)
    page.goto(server.base + "/")
    page.click('.game-card[data-game="dust_warfare"]')
    page.locator("#opt-armies").wait_for()
    return page


def _made(server: ServerProcess, page: Any) -> dict[str, Any]:
    """The table the form just made, as the API shows it to a spectator."""
    link = page.locator("#created .link-row input").first
    link.wait_for()
    table_id = link.input_value().split("/t/")[1].split("#")[0]
    doc: dict[str, Any] = server.get(f"/api/tables/{table_id}")
    return doc


def _names(doc: dict[str, Any]) -> list[str]:
    return [unit["name"] for unit in doc["view"]["units"]]


def test_the_lobby_offers_the_army_lists_and_plays_the_one_chosen_by_name(browser: Any, serve: Any) -> None:
    server: ServerProcess = serve(ai_delay_ms=0)
    page = _dust_form(browser, server)
    labels = page.locator("#opt-armies option").all_inner_texts()
    assert labels == ["as in the box", "special"]
    assert page.locator("#opt-armies-file").count() == 1
    assert page.locator("#opt-scenario_file-file").count() == 1
    page.select_option("#opt-scenario", '"front_lines"')
    page.select_option("#opt-armies", '"special"')
    page.click("#create button[type=submit]")
    doc = _made(server, page)
    assert doc["table"]["options"]["armies"] == "special" and PUNISHER in _names(doc)


def test_an_army_file_chosen_in_the_lobby_is_uploaded_as_text(browser: Any, serve: Any) -> None:
    server: ServerProcess = serve(ai_delay_ms=0)
    path = shipped_armies()["special"]
    page = _dust_form(browser, server)
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.post_data or "") if r.url.endswith("/api/tables") else None)
    page.select_option("#opt-scenario", '"front_lines"')
    page.set_input_files("#opt-armies-file", str(path))
    page.click("#create button[type=submit]")
    doc = _made(server, page)
    assert doc["table"]["options"]["armies"].startswith("upload:") and PUNISHER in _names(doc)
    assert any('"armies":' in body and "allied_transport" in body for body in sent)
    assert not any(str(path) in body for body in sent)  # the file's text, never where it lay
