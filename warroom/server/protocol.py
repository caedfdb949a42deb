"""The websocket protocol: every message a client sends and the server sends back, as types.

    client -> server   {"type": "act", "action", "ply"?, "id"?}   a move for a seat the token holds
                       (the action "undo" or "undo N" takes back its own last decisions)
                       {"type": "ping", "id"?}
    server -> client   {"type": "state", <position>, "table", "log", "catalog"}   on (re)connect
                       {"type": "update", <position>, "events"}   after every move
                       {"type": "ack", "id", "ply", "action"}     the move is committed
                       {"type": "pong", "id"}
                       {"type": "error", "code", "message", "id"} a refusal (see ServiceError)

where <position> is "you", "viewer", "ply", "current_player", "waiting" (the seats that may act
now), "finished", "returns", "view", "legal": the viewing seat's own options when it may act,
each {"text", "label", "verb", "parts": [{"role", "kind", "value"}], "consequence"?}, and "undo":
how many of its own decisions the viewing seat may take back now (warroom.core.undo). Incoming
text is validated against these models (a malformed message gets an `error` reply, never an
exception); outgoing messages are built as these models, so what warroom/web's
JavaScript reads is checked here, and encoded once by pydantic's serialiser (compact, UTF-8,
keys in field order), whoever receives them.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, NotRequired

from pydantic import BaseModel, Field, JsonValue, TypeAdapter, ValidationError
from typing_extensions import TypedDict  # pydantic needs this one before Python 3.12

from warroom.core.game import JSON
from warroom.server.schemas import Strict

MAX_MESSAGE = 4096  # bytes of one websocket message


class ServiceError(Exception):
    """A refusal with a stable code, an HTTP status and a sentence for a person: over HTTP the
    body `{"error": {"code", "message"}}`, over the websocket an `ErrorMessage`."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status

    def to_message(self, reply_to: JsonValue = None) -> ErrorMessage:
        return ErrorMessage(code=self.code, message=self.message, id=reply_to)


# -- client to server ------------------------------------------------------------------------------


class ActMessage(Strict):
    type: Literal["act"]
    action: str  # its length is the move's business (ServiceError "too_large")
    ply: int | None = None  # the ply the client saw; a stale one is refused
    id: int | str | None = None  # echoed in the reply


class PingMessage(BaseModel):  # anything else in a ping is ignored
    type: Literal["ping"]
    id: JsonValue = None


ClientMessage = Annotated[ActMessage | PingMessage, Field(discriminator="type")]
_CLIENT_MESSAGE: TypeAdapter[ActMessage | PingMessage] = TypeAdapter(ClientMessage)
_KINDS = "'act' or 'ping'"


def read_message(raw: str | bytes | None) -> ActMessage | PingMessage:
    """A client's websocket message, validated; a ServiceError says what is wrong with it."""
    if raw is None or isinstance(raw, bytes):
        raise ServiceError("malformed", "send JSON text messages")
    if len(raw.encode("utf-8")) > MAX_MESSAGE:
        raise ServiceError("too_large", f"a message is at most {MAX_MESSAGE} bytes", 413)
    try:
        return _CLIENT_MESSAGE.validate_json(raw)
    except ValidationError as exc:
        raise ServiceError("malformed", _what_is_wrong(exc)) from None


def _what_is_wrong(exc: ValidationError) -> str:
    first = exc.errors()[0]
    if first["type"] in ("json_invalid", "dict_type"):
        return "a message must be a JSON object"
    if first["type"] in ("union_tag_invalid", "union_tag_not_found"):
        kind = first["input"].get("type")
        return f"unknown message type {kind!r}; expected {_KINDS}"
    kind, *where = first["loc"]  # a model's error: its location starts with the message type
    return f"bad {kind!r} message: {'.'.join(str(part) for part in where)}: {first['msg']}"


def reply_to(raw: str | bytes | None) -> JsonValue:
    """The `id` of a message that could not be read as one of ours, if it has a plain one (a number,
    or text that can be sent back), for the error reply; anything else (nesting too deep for the
    parser, a lone surrogate) is not echoed."""
    if not isinstance(raw, str) or len(raw) > MAX_MESSAGE:
        return None
    try:
        doc = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    found = doc.get("id") if isinstance(doc, dict) else None
    if isinstance(found, bool) or not isinstance(found, int | str):
        return None
    if isinstance(found, str):
        try:
            found.encode("utf-8")
        except UnicodeEncodeError:
            return None
    return found


# -- server to client ------------------------------------------------------------------------------


class SeatKind(TypedDict):
    seat: int
    kind: str  # "human" or an agent name
    name: NotRequired[str]  # the person's chosen name (names.py), where they gave one


class Deal(TypedDict):
    """Who chose the table's seed, the server's commitment to it, and (once the game is over) the
    seed itself, to check against the commitment (seeds.py)."""

    chosen_by_creator: bool
    commitment: str  # sha256 hex of "warroom-deal:<seed>"
    # the seed in decimal digits: 62 bits do not survive a JavaScript number (I-JSON, RFC 7493)
    revealed: str | None


class TableHeader(Strict):
    """The table's static header, sent once per connection (with the state), never with updates."""

    id: str
    game: str
    title: str
    options: dict[str, Any]
    seats: list[SeatKind]
    hotseat: bool
    ai_delay_ms: int
    deal: Deal


# The parts repeated inside a message are typed dicts, not models: pydantic checks them as
# strictly, and building and encoding them is several times cheaper (a move's messages are the
# server's hot path; see moves.py).


class OptionPart(TypedDict):
    """One part of an option: its role in the action ("card", "from", "target" ...), its kind
    (warroom.core.actions.PartKind: "card", "hex", "sector", "token" ...) and its value."""

    role: str
    kind: str
    value: Any


class LegalOption(TypedDict):
    """One legal option of the seat it is sent to, structured (`Game.option_details`): a display
    reads its verb and parts, never its text."""

    text: str  # what to send back in an `act`
    label: str  # the option in words
    verb: str
    parts: list[OptionPart]
    consequence: NotRequired[JSON]  # what it will do, where the game knows it (a battle's dice)


class LogEntry(TypedDict):
    """One engine event a viewer may see, with the ply and seat that made it."""

    ply: int
    seat: int
    kind: str
    text: str
    data: JSON


class Position(TypedDict):
    """What a move changes, as one client sees it: the fields the state and update messages share."""

    you: list[int]  # the seats the client's token holds
    viewer: int | None  # whose eyes it sees through (None: a spectator)
    ply: int
    current_player: int  # -1 once the game is over
    waiting: list[int]  # the seats that may act now (several during a secret simultaneous choice)
    finished: bool
    returns: list[float] | None
    view: JSON  # the state's view for `viewer`, nothing else about the game
    legal: list[LegalOption]  # the viewer's own options, only when it is one of `waiting`
    undo: int  # how many of its own decisions the viewer may take back now (0: none)


class _PositionMessage(Strict):
    """The fields of `Position`, first in the state and update messages (`type` is theirs)."""

    type: str
    you: list[int]
    viewer: int | None
    ply: int
    current_player: int
    waiting: list[int]
    finished: bool
    returns: list[float] | None
    view: JSON
    legal: list[LegalOption]
    undo: int = 0


class StateMessage(_PositionMessage):
    """The whole table as one client sees it: on connect, and as the HTTP snapshot."""

    type: Literal["state"] = "state"
    table: TableHeader
    log: list[LogEntry]  # the most recent entries it may see
    catalog: JSON  # the game's static public content


class UpdateMessage(_PositionMessage):
    """What a move changed, for one perspective (one text shared by every client seeing it)."""

    type: Literal["update"] = "update"
    events: list[LogEntry]  # the move's events the viewer may see


class AckMessage(Strict):
    type: Literal["ack"] = "ack"
    id: int | str | None
    ply: int  # the table's ply after the move
    action: str  # the move as stored


class PongMessage(Strict):
    type: Literal["pong"] = "pong"
    id: JsonValue


class ErrorMessage(Strict):
    type: Literal["error"] = "error"
    code: str
    message: str
    id: JsonValue = None  # the refused message's, if it had one


ServerMessage = StateMessage | UpdateMessage | AckMessage | PongMessage | ErrorMessage


def encode(message: ServerMessage) -> str:
    """A message as the JSON text sent on the wire (encoded once, whoever receives it)."""
    return message.model_dump_json()
