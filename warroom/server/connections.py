"""Connections that say nothing, or say it too slowly, are closed (issue 17): uvicorn times out an
idle keep-alive connection only after a response, so a client that connects and sends nothing,
or trickles a request's head one byte at a time, would hold its connection (and a file
descriptor) forever. `GuardedHttp` gives every request's head a deadline: from the connection (or
the start of the request) to the end of its headers, at most `HEAD_TIMEOUT` seconds.

(Bodies have their own limit and stall timeout, security.LimitBody; a websocket that stops
answering pings is closed by uvicorn, `warroom serve --idle-timeout`.)
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

HEAD_TIMEOUT = 10.0  # seconds


class GuardedHttp(HttpToolsProtocol):
    """uvicorn's httptools protocol with a deadline on each request's head (see the module)."""

    head_timeout = HEAD_TIMEOUT
    _head_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._head_deadline is None:
            self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._head_deadline = self.loop.call_later(self.head_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._head_deadline is not None:
            self._head_deadline.cancel()
            self._head_deadline = None

    def _too_slow(self) -> None:
        self._head_deadline = None
        if not self.transport.is_closing():
            self.transport.close()


def guarded(head_timeout: float) -> type[GuardedHttp]:
    """`GuardedHttp` with its own deadline (uvicorn takes a protocol class)."""
    return type("GuardedHttp", (GuardedHttp,), {"head_timeout": head_timeout})
