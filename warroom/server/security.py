"""What the server holds to against a client that does not play fair (issue 17), in one place a
reviewer can read; tests/server/test_security.py checks each item through the HTTP and websocket
API, and docs/security.md says what is promised.

- `LimitBody`: a request body is limited by what is read, not what is declared: a chunked body
  (no Content-Length) is counted as it arrives and refused with 413 past the route's limit; a
  body that stalls between two reads past `BODY_READ_TIMEOUT` is refused with 408 (a half-open
  upload does not hold a request open forever).
- `SecurityHeaders`: every HTTP answer carries a Content-Security-Policy (same-origin scripts,
  styles, images and sockets; no framing), X-Frame-Options, X-Content-Type-Options and a
  Referrer-Policy (a seat's link carries its token in the fragment, never sent, but a table's
  id is in the path).
- Game options never open a server path on a client's word: content.py.
- Websocket messages that are not ours get an error reply and the connection keeps working:
  protocol.read_message, and the route in app.py.
- What one client may cost (AI tables, strong levels, memory for idle tables): limits.py.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import re
from collections.abc import Mapping

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from warroom.server.schemas import MAX_UPLOAD, MAX_UPLOADS

MAX_BODY = 16 * 1024  # bytes of a request body, on every route but those below
# creating a table may carry uploaded content: up to MAX_UPLOADS files of MAX_UPLOAD characters,
# JSON-escaped at 3 bytes a character (a Memoir '44 scenario, a WoT Rush card set, or Dust
# Warfare's army file and scenario together)
LARGER_BODIES: Mapping[tuple[str, str], int] = {("POST", "/api/tables"): MAX_UPLOADS * 3 * MAX_UPLOAD}
BODY_READ_TIMEOUT = 20.0  # seconds between two pieces of a request body

# The web table loads only its own modules, styles and the data: URL of its icon, and talks to
# its own origin (fetch and websocket); nothing frames it.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


def docs_csp(html: str) -> str:
    """The policy of /api/docs: Swagger UI's assets are the package's own (app.py); its page
    starts it with one inline script (FastAPI's), allowed by its hash alone; Swagger UI sets
    inline styles on its elements."""
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"
        for script in re.findall(r"<script>(.*?)</script>", html, flags=re.DOTALL)
    )
    return (
        f"default-src 'self'; script-src 'self' {hashes}; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    )


HEADERS = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


def error_response(
    code: str, message: str, status: int, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    """The one error body every refusal has: `{"error": {"code", "message"}}`."""
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status, headers=headers)


def body_limit(scope: Scope) -> int:
    return LARGER_BODIES.get((scope.get("method", ""), scope.get("path", "")), MAX_BODY)


class LimitBody:
    """Refuse a body that is too large, whether declared (Content-Length, before anything is read)
    or streamed (counted as it is read), and one that stalls. Plain ASGI: `@app.middleware("http")`
    would run every request in a task group of its own."""

    def __init__(self, app: ASGIApp, read_timeout: float = BODY_READ_TIMEOUT) -> None:
        self.app = app
        self.read_timeout = read_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = body_limit(scope)
        length = Headers(scope=scope).get("content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await error_response("too_large", f"a request body is at most {limit} bytes", 413)(
                scope, receive, send
            )
            return
        seen, done = 0, False

        async def counted() -> Message:
            nonlocal seen, done
            if done:  # the body is read: later reads wait for a disconnect, untimed
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), self.read_timeout)
            except TimeoutError:
                raise HTTPException(408, "the request body stalled") from None
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise HTTPException(413, f"a request body is at most {limit} bytes")
                done = not message.get("more_body", False)
            return message

        await self.app(scope, counted, send)


class SecurityHeaders:
    """The headers every HTTP answer carries (see the module docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                extra = {"content-security-policy": CSP, **HEADERS}
                headers += [(k.encode(), v.encode()) for k, v in extra.items() if k.encode() not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)
