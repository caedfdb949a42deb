"""Dust Warfare's position notation: a hand-built position a reader can check against the
rulebook (rule tests, `warroom position dust_warfare FILE`).

    # EX-09, the Allied Command phase
    options heroes=false
    turn 1 phase command initiator 0 orders 2 3
    edges south north
    dice HB BB HHHB                      # scripted combat dice (H = 6, B = 1, or digits 1-6)
    secret SO-1 SO-3                     # Secret Mission: each seat's objective ("-": none)
    terrain T-WOOD 20,30 90              # a placed piece: kind, centre, rotation (DW-BTL-01)
    u0 : 24,8 22,8 26,8 24,6             # The Boss: one centre per miniature, unit data order
    u1 supp=2 react : 31,14.5 28,14.5 - 32.5,14.5 34,14.5   # "-" = destroyed
    u4 : 36,30/90                        # a vehicle: centre/facing
    u6 leader=-1 done : 36,21.5+1 ...    # "+d" = damage; leader=-1: Leaderless
    u9 reserve
    u3 aboard=4                           # embarked in u4 (DW-ABL-07)

Each unit line: `uN`, optional flags (`supp=K`, `react`, `done`, `leader=M`, `reserve`,
`pending`) and, after `:`, its miniatures. A unit not listed is destroyed (so a test names
only the forces it needs). The phase starts with the job that opens it: `deployment` (the
pending units of the seat `side`), `initiative`, `command` (the Initiating player's, or the
Responding player's with `side`), `units` (likewise) or `end`; the rest of the turn follows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.errors import CorruptDataError
from warroom.core.rng import ScriptedRng
from warroom.games.dust_warfare.state import DustState
from warroom.games.dust_warfare.words import Phase, Status

if TYPE_CHECKING:
    from warroom.games.dust_warfare.game import DustWarfareGame

FACES = {"H": 6, "B": 1}


def options_of(text: str) -> dict[str, Any]:
    """The `options name=value ...` line's game options (booleans as true/false)."""
    out: dict[str, Any] = {}
    for raw in text.splitlines():
        words = raw.split("#", 1)[0].split()
        if words and words[0] == "options":
            for word in words[1:]:
                name, _, value = word.partition("=")
                out[name] = {"true": True, "false": False}.get(value.lower(), value)
    return out


def _faces(words: list[str]) -> list[int]:
    out = []
    for word in words:
        for ch in word:
            if ch in FACES:
                out.append(FACES[ch])
            elif ch.isdigit() and 1 <= int(ch) <= 6:
                out.append(int(ch))
            else:
                raise CorruptDataError(f"dice: {ch!r} is not H, B or 1-6")
    return out


def _model(token: str) -> tuple[list[Any] | None, int]:
    if token == "-":
        return None, 0
    damage = 0
    if "+" in token:
        token, _, extra = token.partition("+")
        damage = int(extra)
    facing = None
    if "/" in token:
        token, _, f = token.partition("/")
        facing = float(f)
    x, y = (float(v) for v in token.split(","))
    return [x, y, facing], damage


def parse_position(game: DustWarfareGame, text: str, seed: int = 0) -> DustState:
    """A state from the notation (see the module docstring); CorruptDataError on bad text."""
    st = DustState(game)
    st.status = [Status.DESTROYED.value] * len(game.units)
    st.dead = [[True] * len(u.models) for u in game.units]
    script: list[int] = []
    side = -1
    try:
        for raw in text.splitlines():
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            words = line.split()
            head = words[0].rstrip(":")
            if head == "options":
                continue
            if head == "turn":
                pairs = dict(zip(words[::2], words[1::2], strict=False))
                st.turn = int(pairs["turn"])
                st.phase = Phase(pairs.get("phase", "units")).value
                st.initiator = int(pairs.get("initiator", 0))
                side = int(pairs.get("side", -1))
                if "orders" in words:
                    k = words.index("orders")
                    st.orders = [int(words[k + 1]), int(words[k + 2])]
            elif head == "edges":
                st.edges = [words[1], words[2]]
            elif head == "secret":
                st.secret = [None if w == "-" else w for w in words[1:3]]
            elif head == "terrain":
                x, y = (float(v) for v in words[2].split(","))
                st.terrain = [*st.terrain, [words[1], x, y, int(words[3]) if len(words) > 3 else 0]]
            elif head == "dice":
                script += _faces(words[1:])
            elif head.startswith("u"):
                _unit(st, line)
            else:
                raise CorruptDataError(f"unknown line {line!r}")
    except (ValueError, KeyError, IndexError) as exc:
        raise CorruptDataError(f"bad dust_warfare position: {exc}") from None
    st.rng = ScriptedRng(seed, script)
    if st.edges == [None, None]:
        st.edges = ["south", "north"]
    _schedule(st, side)
    st.run()
    return st


def _unit(st: DustState, line: str) -> None:
    spec, _, models = line.partition(":")
    words = spec.split()
    u = int(words[0][1:])
    unit = st.game.units[u]
    status = Status.TABLE
    for flag in words[1:]:
        name, _, value = flag.partition("=")
        if name == "supp":
            st.supp[u] = int(value)
        elif name == "react":
            st.reaction[u] = True
        elif name == "done":
            st.done[u] = True
        elif name == "leader":
            st.leader[u] = int(value)
        elif name in ("reserve", "pending"):
            status = Status(name)
        elif name == "aboard":  # embarked in vehicle uN (DW-ABL-07)
            st.aboard[u] = int(value)
            status = Status.EMBARKED
        else:
            raise CorruptDataError(f"u{u}: unknown flag {flag!r}")
    st.status[u] = status.value
    if status is not Status.TABLE:
        st.dead[u] = [False] * len(unit.models)
        return
    tokens = models.split()
    if len(tokens) != len(unit.models):
        raise CorruptDataError(f"u{u}: {len(tokens)} miniatures given, the unit has {len(unit.models)}")
    pos: list[list[Any] | None] = []
    dmg, dead = [], []
    for token in tokens:
        entry, damage = _model(token)
        pos.append(entry)
        dmg.append(damage)
        dead.append(entry is None)
    st.pos[u], st.dmg[u], st.dead[u] = pos, dmg, dead
    if all(dead):
        st.status[u] = Status.DESTROYED.value
    if st.leader[u] >= 0 and dead[st.leader[u]]:
        st.leader[u] = -1


def _schedule(st: DustState, side: int) -> None:
    phase = Phase(st.phase)
    first, second = st.initiator, 1 - st.initiator
    rest_of_units: list[list[Any]] = [["unit_phase", second], ["check"], ["end_phase"]]
    if phase is Phase.DEPLOYMENT:
        st.deployer = side if side >= 0 else 0
        st.first = st.deployer
        st.push(["deploy"])
    elif phase is Phase.INITIATIVE:
        st.push(["initiative"])
    elif phase is Phase.COMMAND:
        if side == second:
            st.push(["command", second], ["check"], ["unit_phase", first], ["check"], *rest_of_units)
        else:
            st.push(
                ["command", first],
                ["check"],
                ["command", second],
                ["check"],
                ["unit_phase", first],
                ["check"],
                *rest_of_units,
            )
    elif phase is Phase.UNITS:
        if side == second:
            st.push(["unit_phase", second], ["check"], ["end_phase"])
        else:
            st.push(["unit_phase", first], ["check"], *rest_of_units)
    elif phase is Phase.END:
        st.push(["end_phase"])
    else:
        raise CorruptDataError(
            f"a position starts in the deployment, initiative, command, units or end phase, not {phase}"
        )
