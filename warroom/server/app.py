"""The HTTP and websocket routes: thin shells over `TableService` (see service.py; the websocket's
messages are typed in protocol.py).

GET  /api/games                          the lobby's catalogue: games, options, agents
GET  /api/tables                         recent tables
POST /api/tables                         create a table -> seat tokens and links
GET  /api/tables/{id}?token=             a seat's (or a spectator's) snapshot and log
POST /api/tables/{id}/actions            {token, action, ply?}
GET  /api/tables/{id}/frames/{ply}       the step-by-step replay (?catalog=false: without it)
GET  /api/tables/{id}/replay             the replay file (once the game is over)
WS   /api/tables/{id}/ws?token=          live updates; send {"type": "act", "action", "ply", "id"}
GET  /, /t/{id}, /replay/{id}            the browser client (warroom/web)
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Annotated

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import BaseRoute, Match
from starlette.types import Scope
from swagger_ui_bundle import swagger_ui_path  # type: ignore[import-untyped]  # no stubs: one path

from warroom.core.game import JSON
from warroom.server import measure, openapi, schemas
from warroom.server.limits import Limits
from warroom.server.live import LiveTable, Subscriber
from warroom.server.openapi import refusals
from warroom.server.protocol import ServiceError, encode
from warroom.server.security import BODY_READ_TIMEOUT, LimitBody, SecurityHeaders, docs_csp, error_response
from warroom.server.service import TableService
from warroom.server.store import SqlStore

log = logging.getLogger("warroom.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
DOCS_ASSETS = "/api/docs/assets"
# the web table's icon (index.html), for the docs page too: nothing is loaded from elsewhere
ICON = (
    "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E"
    "%3Ccircle cx='8' cy='8' r='7' fill='%23c9a227'/%3E%3C/svg%3E"
)
HTTP_CODES = {
    400: "malformed",
    404: "not_found",
    405: "method_not_allowed",
    408: "timeout",
    413: "too_large",
}


def allowed_methods(app: FastAPI, scope: Scope) -> list[str]:
    """Every method some route serves at this request's path."""
    methods: set[str] = set()
    for route in app.router.routes:
        if isinstance(route, BaseRoute) and route.matches(scope)[0] is not Match.NONE:
            methods |= getattr(route, "methods", None) or set()
    return sorted(methods)


def create_app(
    db: str,
    ai_delay_ms: int = 700,
    body_read_timeout: float = BODY_READ_TIMEOUT,
    limits: Limits | None = None,
) -> FastAPI:
    """The whole web app over a database URL (or SQLite file path)."""
    service_box: list[TableService] = []

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        service = TableService(SqlStore(db), ai_delay_ms=ai_delay_ms, limits=limits)
        await service.start()
        # What exists now (modules, the app, resumed tables' games) lives as long as the process:
        # out of the collector's generations, full collections stay short (see configured_game).
        gc.collect()
        gc.freeze()
        # Moves make next to no cyclic garbage (connections and HTTP requests do, a little), so
        # the youngest generation is collected every 10,000 net allocations rather than 700:
        # pauses of a few milliseconds every few seconds under load, not one every few moves.
        gc.set_threshold(10_000, 10, 10)
        service_box.append(service)
        _app.state.service = service
        try:
            yield
        finally:
            await service.stop()

    # /api/docs is served by _docs_routes: Swagger UI from the package, not a CDN
    app = FastAPI(
        title="warroom", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url="/api/openapi.json"
    )

    def svc() -> TableService:
        return service_box[0]

    @app.exception_handler(ServiceError)
    async def _service_error(_request: Request, exc: ServiceError) -> JSONResponse:
        return error_response(exc.code, exc.message, exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # the framework's own refusals (a body that is not JSON, an unknown path or method) in
        # the one error shape every client reads
        code = HTTP_CODES.get(exc.status_code, "http_error")
        headers = exc.headers
        if exc.status_code == 405:  # Starlette names only the first route's methods for the path
            headers = {"Allow": ", ".join(allowed_methods(app, request.scope))}
        return error_response(code, str(exc.detail), exc.status_code, headers)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(part) for part in first["loc"])
        return error_response("malformed", f"{where}: {first['msg']}", 400)

    @app.exception_handler(Exception)
    async def _internal(_request: Request, _exc: Exception) -> JSONResponse:
        # a fault of the server's (logged by the framework): the JSON body, never plain text, and
        # nothing of the exception's text, which may quote stored data
        return error_response("internal", "the server could not answer this request", 500)

    app.add_middleware(LimitBody, read_timeout=body_read_timeout)
    app.add_middleware(SecurityHeaders)  # outermost: every answer, refusals included
    _api_routes(app, svc)
    measure.install(app, svc)  # pre-measurement on measured tables (measure.py)
    _web_routes(app)
    _docs_routes(app)
    openapi.install(app)
    return app


def _api_routes(app: FastAPI, svc: Callable[[], TableService]) -> None:
    @app.get("/api/games")
    async def list_games() -> list[schemas.GameOut]:
        return svc().games()

    @app.get("/api/tables")
    async def list_tables() -> list[schemas.TableSummary]:
        return await svc().lobby()

    @app.post("/api/tables", status_code=201, responses=refusals(400, 413, 429))
    async def create_table(req: schemas.CreateTable, request: Request) -> schemas.CreatedTable:
        # the client, for its share of the AI (limits.py): its address (behind a proxy, the
        # forwarded one: uvicorn's --forwarded-allow-ips)
        return await svc().create_table(req, request.client.host if request.client else "")

    @app.get("/api/tables/{table_id}", responses=refusals(400, 403, 404, 409))
    async def get_table(table_id: str, token: Annotated[str | None, Query(max_length=200)] = None) -> JSON:
        live = await svc().table(table_id)
        return svc().state_for(live, await svc().seats(live, token))

    @app.post("/api/tables/{table_id}/actions", responses=refusals(400, 403, 404, 409, 413, 422, 503))
    async def act(table_id: str, req: schemas.ActRequest) -> schemas.ActResult:
        return await svc().act(table_id, req.token, req.action, req.ply)

    @app.get("/api/tables/{table_id}/frames/{ply}", responses=refusals(400, 403, 404, 409))
    async def frame(
        table_id: str,
        ply: int,
        token: Annotated[str | None, Query(max_length=200)] = None,
        seat: int | None = None,
        catalog: Annotated[bool, Query(description="include the game's static catalog")] = True,
    ) -> JSON:
        return await svc().frame(table_id, token, ply, seat, catalog)

    @app.get(
        "/api/tables/{table_id}/replay", response_class=PlainTextResponse, responses=refusals(403, 404, 409)
    )
    async def replay(table_id: str) -> PlainTextResponse:
        text = await svc().replay_text(table_id)
        headers = {"Content-Disposition": f'attachment; filename="warroom-{table_id}.replay"'}
        return PlainTextResponse(text, headers=headers)

    @app.websocket("/api/tables/{table_id}/ws")
    async def table_socket(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        await websocket.accept()
        service = svc()
        try:
            live = await service.table(table_id)
            seats = await service.seats(live, token)
        except ServiceError as exc:
            await websocket.send_text(encode(exc.to_message()))
            await websocket.close(code=4000 + exc.status)
            return
        sub = service.subscribe(live, seats)
        sub.send(encode(service.welcome(live, sub)))
        writer = asyncio.create_task(_pump(websocket, sub))
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text") if message.get("text") is not None else message.get("bytes")
                sub.send(await _answer(service, live, sub, raw))
        except WebSocketDisconnect:
            pass
        finally:
            service.unsubscribe(live, sub)
            writer.cancel()


def _docs_routes(app: FastAPI) -> None:
    """The API's interactive docs: Swagger UI's assets from the installed package (they work
    offline, and nothing is fetched from elsewhere), its one inline script allowed by its hash."""
    page = get_swagger_ui_html(
        openapi_url=app.openapi_url or "/api/openapi.json",
        title="warroom API",
        swagger_js_url=f"{DOCS_ASSETS}/swagger-ui-bundle.js",
        swagger_css_url=f"{DOCS_ASSETS}/swagger-ui.css",
        swagger_favicon_url=ICON,
    )
    html = bytes(page.body).decode()
    headers = {"Content-Security-Policy": docs_csp(html), "Cache-Control": "no-cache"}

    @app.get("/api/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return HTMLResponse(html, headers=headers)

    app.mount(DOCS_ASSETS, StaticFiles(directory=swagger_ui_path), name="docs-assets")


def _web_routes(app: FastAPI) -> None:
    """The browser client: one page for every route, and its static modules."""
    index = WEB_DIR / "index.html"

    @app.get("/", include_in_schema=False)
    @app.get("/t/{table_id}", include_in_schema=False)
    @app.get("/replay/{table_id}", include_in_schema=False)
    async def page(table_id: str | None = None) -> FileResponse:
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")


async def _answer(service: TableService, live: LiveTable, sub: Subscriber, raw: str | bytes | None) -> str:
    """The encoded reply to one websocket message: whatever the message, an answer is sent and the
    connection keeps working (issue 17)."""
    try:
        return encode(await service.handle_message(live, sub, raw))
    except Exception:
        log.exception("table %s: a websocket message could not be answered", live.id)
        return encode(ServiceError("internal", "the server could not answer this message", 500).to_message())


async def _pump(websocket: WebSocket, sub: Subscriber) -> None:
    """Send a client its queued messages (already encoded, see protocol.encode) in order; None means
    hang up."""
    try:
        while True:
            message = await sub.queue.get()
            if message is None:
                await websocket.close()
                return
            await websocket.send_text(message)
    except (WebSocketDisconnect, RuntimeError):
        return
