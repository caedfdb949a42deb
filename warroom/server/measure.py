"""Pre-measurement over HTTP (Dust Warfare DW-GEO-03: either player may measure any distance at
any time): the edge-to-edge distance, line of sight and, given a weapon, range and arc between
two things on a table, from the game's own side-effect-free query (`state.measure`).

GET /api/tables/{id}/measure?a=&b=&weapon=
GET /api/tables/{id}/check?action=&token=


`a` and `b` each name a unit (`u3`), one miniature of it (`u3.1`) or a point (`x,y` in the
table's inches). Positions are public on a measured table, so no seat token is needed and a
spectator may measure too. The route is game-agnostic: a table whose game has no measured table
(its states have no `measure`) answers 422 `not_measurable`, like a unit that is not there.
Inputs are bounded and checked before the game sees them; every refusal is the one JSON error
body.

`check` asks, for the seat that decides now (its token), whether an action would be legal and how
the game words it (`describe_action`), without playing it: a board that builds an exact proposal
(a dragged unit) says why a drop is refused before sending it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import FastAPI, Query
from pydantic import BaseModel

from warroom.server import schemas
from warroom.server.openapi import refusals
from warroom.server.protocol import ServiceError
from warroom.server.service import TableService
from warroom.server.turns import deciding_seats

NUMBER = r"-?\d{1,4}(?:\.\d{1,3})?"
THING = re.compile(rf"^(?:u(?P<unit>\d{{1,3}})(?:\.(?P<model>\d{{1,2}}))?|(?P<x>{NUMBER}),(?P<y>{NUMBER}))$")
WEAPON = re.compile(r"^[A-Za-z0-9-]{1,16}$")
MAX_COORD = 1000.0  # inches; no table is larger (DW-GEO-01 scenarios override 72" x 48" only)
WEAPON_HELP = "a weapon id (W-A01): its range and arc too"
UNMEASURABLE = "nothing to measure: no measured table, or no such unit or weapon on it"
MAX_ACTION = 400  # characters of an action text to check (a proposal names every miniature)
THING_HELP = "a unit `u3`, a miniature `u3.1`, or a point `x,y` in inches"


class MeasureOut(BaseModel):
    """A pre-measurement's answer (DW-GEO-03): distance in inches (edge to edge, DW-GEO-05), line
    of sight (DW-GEO-10/14), and with a weapon whether it is in range (DW-GEO-15) and in arc
    (DW-GEO-08)."""

    a: str
    b: str
    weapon: str | None = None
    distance: float
    line_of_sight: bool
    in_range: bool | None = None
    in_arc: bool | None = None


def parse_thing(text: str, name: str) -> str | list[float]:
    """A unit or miniature reference as the game reads it, or a point [x, y]; ServiceError 400
    naming the parameter otherwise."""
    match = THING.match(text.strip())
    if match is None:
        raise ServiceError("malformed", f"{name}: expected {THING_HELP}, got {text[:40]!r}", 400)
    if match["unit"] is not None:
        return text.strip()
    x, y = float(match["x"]), float(match["y"])
    if not (math.isfinite(x) and math.isfinite(y)) or max(abs(x), abs(y)) > MAX_COORD:
        raise ServiceError("malformed", f"{name}: a point within {MAX_COORD:g} inches", 400)
    return [x, y]


def measure(state: Any, a: str, b: str, weapon: str | None) -> MeasureOut:
    """Ask the state's own query; what it cannot measure (no such unit, a unit off the table, an
    unknown weapon) is a 422 with its reason."""
    query = getattr(state, "measure", None)
    if not callable(query):
        raise ServiceError("not_measurable", "this game has no measured table to measure on", 422)
    if weapon is not None and not WEAPON.match(weapon):
        raise ServiceError("malformed", "weapon: a weapon id such as W-A01", 400)
    first, second = parse_thing(a, "a"), parse_thing(b, "b")
    try:
        result = query(first, second, weapon)
    except (ValueError, KeyError, IndexError, AssertionError) as exc:
        raise ServiceError("unmeasurable", f"cannot measure that: {exc}", 422) from None
    return MeasureOut(
        a=a.strip(),
        b=b.strip(),
        weapon=weapon,
        distance=round(float(result.distance), 3),
        line_of_sight=bool(result.line_of_sight),
        in_range=result.in_range,
        in_arc=result.in_arc,
    )


class CheckOut(BaseModel):
    """Whether an action would be legal now for the seat that decides, and the game's words for
    it (for a refused exact proposal, why; Dust Warfare's `describe_action`)."""

    action: str
    legal: bool
    words: str


def check(game: Any, state: Any, seats: frozenset[int], text: str) -> CheckOut:
    """Parse `text` as the game does (a listed option's text or a parametric action), without
    applying it; only a seat that decides now may ask (the options are its alone)."""
    deciding = deciding_seats(state)
    if not deciding:
        raise ServiceError("game_over", "the game is over; no action is legal", 409)
    if not seats & set(deciding):
        raise ServiceError("not_your_turn", "only the seat that decides now may check its options", 409)
    wanted = " ".join(text.split()).lower()
    action = next((a for a in state.legal_actions() if a.text.lower() == wanted), None)
    if action is None:
        action = game.read_action(text)
    if action is None:
        return CheckOut(action=text, legal=False, words="not an action of this game")
    return CheckOut(
        action=action.text, legal=bool(state.is_legal(action)), words=game.describe_action(state, action)
    )


def install(app: FastAPI, svc: Callable[[], TableService]) -> None:
    """Add the route to the app (called from app.py)."""

    @app.get(
        "/api/tables/{table_id}/measure",
        responses={
            **refusals(400, 404, 409),
            422: {
                "model": schemas.ErrorOut,
                "description": "nothing to measure there (no such unit on the table)",
            },
        },
    )
    async def measure_route(
        table_id: str,
        a: Annotated[str, Query(max_length=40, description=THING_HELP)],
        b: Annotated[str, Query(max_length=40, description=THING_HELP)],
        weapon: Annotated[
            str | None, Query(max_length=16, description="a weapon id: range and arc too")
        ] = None,
    ) -> MeasureOut:
        live = await svc().table(table_id)
        return measure(live.state, a, b, weapon)

    @app.get("/api/tables/{table_id}/check", responses=refusals(400, 403, 404, 409))
    async def check_route(
        table_id: str,
        action: Annotated[str, Query(min_length=1, max_length=MAX_ACTION, description="an action's text")],
        token: Annotated[str | None, Query(max_length=200)] = None,
    ) -> CheckOut:
        live = await svc().table(table_id)
        seats = await svc().seats(live, token)
        if not seats:
            raise ServiceError("spectator", "spectators cannot act; open a seat's invite link to play", 403)
        return check(live.game, live.state, seats, action)
