"""Artillery on a minefield marker in real headless Chromium (dust_warfare.md DW-WPN-01, DW-ATK-11,
DW-BTL-03): the Dust board draws Front Lines' minefield markers, highlights one the Punisher may
shell as a target with its dice, and a click on it, then on its chip, sends `shell m0`.

Only an army file fields Artillery, and the server takes no Dust army file over HTTP (it accepts
no path, and Dust has no upload: warroom/server/content.py), so no web table reaches this
position. The test therefore mounts the page's own renderer module, served by a real server, on
the position of tests/dust_warfare/test_shelling.py, and gives it exactly what a table page gives
it: the seat's view (`state.view`) and the legal options as the server words them
(`warroom.server.turns.options_for`, its texts made opaque as `OpaqueOptions` does, so the board
works from verbs, parts and consequences); a click's handle is matched against the options by
the renderer's `handles` as the table page's `onHandle` does, and the option the page would send
is played on the game. Screenshot: docs/screenshots/dust_warfare-shelling.png (the marker picked,
its two chips).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import warroom
from tests.dust_warfare.helpers import play, position
from tests.dust_warfare.test_offtable import HEAD, KOMMANDO
from tests.server.conftest import ServerProcess
from tests.server.test_browser import (
    browser,  # noqa: F401  (the module-scoped fixture)
    shot,
)
from tests.server.test_browser_dust import new_page
from warroom.server.turns import options_for

pytestmark = pytest.mark.skipif("dust_warfare" not in warroom.games(), reason="not registered")

POSITION = "\n".join(
    [HEAD, "turn 1 phase units initiator 0", "u0 : 50,4 52,4 48,4 54,4", "u2 : 20,10/90", KOMMANDO]
)
MINES = [[1, 20.0, 30.0, 2, False], [1, 20.0, 18.0, 1, True], [0, 60.0, 30.0, 2, False]]

# The table page's part, for this one board: what is clickable under the selection so far, and a
# click that leaves one option (and completes, by the renderer's word) records its text.
MOUNT = """async ({ view, legal }) => {
  const r = (await import("/static/renderers/dust_warfare.js")).default;
  const box = document.createElement("div");
  box.id = "board";
  box.style.cssText = "width: 1000px; height: 700px";
  document.body.replaceChildren(box);
  const dw = { sent: [], selection: [] };
  window.dw = dw;
  const board = r.board(box);
  const update = () => {
    const options = legal.filter((a) => dw.selection.every((h) => r.handles(a, view).includes(h)));
    const clickable = new Set(options.flatMap((a) => r.handles(a, view)));
    for (const h of dw.selection) clickable.delete(h);
    board.update(view, { viewer: 0, you: [0], currentPlayer: 0, myTurn: true, seats: [], clickable,
      selected: new Set(dw.selection), options, onHandle, act: (t) => dw.sent.push(t), tableId: null });
  };
  const onHandle = (h) => {
    const next = [...dw.selection, h];
    const options = legal.filter((a) => next.every((x) => r.handles(a, view).includes(x)));
    if (!options.length) return;
    if (options.length === 1 && r.completes(h, r.handles(options[0], view))) {
      dw.sent.push(options[0].text);
      return;
    }
    dw.selection = next;
    update();
  };
  update();
}"""


def test_wpn_01_a_minefield_marker_is_a_target_with_its_dice_and_a_click_shells_it(
    browser: Any,  # noqa: F811
    serve: Any,
) -> None:
    """DW-WPN-01, DW-ATK-11: every marker is drawn; the enemy marker in range is ringed with its
    dice (3, the howitzer's against V2) and its Density is nowhere on the page; clicking it offers
    Shell and Sustained shelling, and Shell sends the option that plays `shell m0`."""
    server: ServerProcess = serve(ai_delay_ms=0)
    st = position(POSITION)
    st.mines = [list(m) for m in MINES]
    play(st, "unit u2")
    legal = options_for(st.game, st, 0)
    opaque = [
        {**o, "text": f"#{i}", "label": f"#{i}: {o['label'].split(': ', 1)[-1]}"} for i, o in enumerate(legal)
    ]
    page = new_page(browser)
    page.goto(server.base + "/")
    # the lobby finishes building itself first: drawn over a lobby still loading, its own code
    # would find its elements gone ("Cannot read properties of null (reading 'append')", CI)
    page.wait_for_selector(".game-card")
    page.evaluate(MOUNT, {"view": st.view(0), "legal": json.loads(json.dumps(opaque))})
    page.wait_for_selector(".dw-board .minefield")
    assert page.locator(".dw-board .minefield").count() == 3
    assert page.locator(".dw-board .minefield.target").count() == 1  # m1 is within 12", m2 is ours
    target = page.locator('.dw-board .minefield[data-minefield="0"]')
    assert target.get_attribute("data-handle") == "mine:0"
    assert page.locator('.dw-board .dice-badge[data-dice="mine:0"]').text_content() == "3 dice"
    assert "Density" not in target.inner_html()  # face down: the Axis' secret
    assert "Density 2" in page.locator('.dw-board .minefield[data-minefield="2"] title').inner_html()  # ours
    assert "mine 1" in (
        page.locator('.dw-board .minefield[data-minefield="1"] text').text_content() or ""
    )  # face up
    target.click()
    chips = page.locator(".dw-board .do-chip")
    assert sorted(chips.all_text_contents()) == ["Shell", "Sustained shelling"]
    shot(page, "dust_warfare-shelling")
    page.locator('.dw-board .do-chip[data-handle="do:shell"]').click()
    sent = page.evaluate("window.dw.sent")
    assert len(sent) == 1
    chosen = legal[int(sent[0][1:])]
    assert chosen["text"] == "shell m0"
    events = play(st, chosen["text"])
    assert any(e.kind == "dice" and e.data.get("minefield") == 0 for e in events)
    assert not page.errors, page.errors
