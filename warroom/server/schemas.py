"""Request and response shapes of the HTTP API (kept apart from stored records, see store.py)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

MAX_ACTION_TEXT = 200
MAX_UPLOAD = 64 * 1024  # characters of one uploaded file (server/content.py)
MAX_UPLOADS = 2  # uploaded files a table may carry (Dust Warfare: an army file and a scenario)
MAX_TOKEN = 100


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class OptionOut(BaseModel):
    name: str
    default: Any
    help: str
    choices: list[Any] | None
    type: str  # "int" | "str" | "bool" | ...
    upload: bool = Field(False, description="a file's text may be given for it in 'uploads'")


class GameOut(BaseModel):
    id: str
    title: str
    description: str
    min_players: int
    max_players: int
    cooperative: bool
    hidden_information: bool
    options: list[OptionOut]
    agents: list[str]


class CreateTable(Strict):
    game: str = Field(max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    uploads: dict[str, str] = Field(
        default_factory=dict,
        max_length=MAX_UPLOADS,
        description="uploaded content by option name, the file's text: Memoir '44 scenario, WoT Rush cards, "
        "Dust Warfare armies and scenario_file (both at once if wanted)",
    )
    seats: list[str] = Field(min_length=1, max_length=16, description="'human' or an agent name per seat")
    names: list[Annotated[str, Field(max_length=100)] | None] = Field(
        default_factory=list,
        max_length=16,
        description="a person's name per seat (null: none), shown at the table; at most 24 characters once "
        "cleaned (names.py); a name for an AI's seat is refused",
    )
    hotseat: bool = Field(False, description="all human seats play from one device")
    ai_delay_ms: int | None = Field(None, ge=0, le=60_000, description="pause before each AI move")
    seed: int | None = Field(
        None,
        ge=0,
        lt=2**62,
        description="leave out: the server draws it and commits to it; a chosen seed is shown to every seat",
    )


class SeatOut(BaseModel):
    seat: int
    kind: str
    token: str | None = None
    link: str | None = None


class CreatedTable(BaseModel):
    id: str
    seats: list[SeatOut]
    spectator_link: str
    device_token: str | None = None
    device_link: str | None = None


# "incompatible": its log no longer replays (typically started under another version of its game)
# "damaged": its stored row cannot be read at all (not JSON, a seed that is not a number)
TableStatus = Literal["running", "finished", "incompatible", "damaged"]


class TableSummary(BaseModel):
    id: str
    game: str
    title: str
    seats: list[str]
    hotseat: bool
    ply: int
    status: TableStatus
    current_player: int
    returns: list[float] | None
    created_at: float
    spectator_link: str
    engine_version: str | None = Field(None, description="the warroom version the table was started under")
    game_version: str | None = Field(None, description="the game's version the table was started under")
    reason: str | None = Field(None, description="why an incompatible table cannot be resumed")
    seed_chosen_by_creator: bool = Field(
        False, description="the creator chose the seed, and so may know every hidden card"
    )


class ActRequest(Strict):
    token: str = Field(max_length=MAX_TOKEN)
    action: str = Field(
        max_length=MAX_ACTION_TEXT,
        description="an option's text; 'undo' or 'undo N' takes back your own last decisions where allowed",
    )
    ply: int | None = Field(None, ge=0, description="the ply the client saw; a stale one is refused")


class ActResult(BaseModel):
    ply: int
    action: str


class ErrorBody(BaseModel):
    code: str
    message: str


class ErrorOut(BaseModel):
    error: ErrorBody
