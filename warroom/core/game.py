"""The engine contract every game implements and everything else speaks (see DESIGN.md).

A game declares its shape once (`GameInfo`: players, options, agents, length bound), and its
`State` implements a handful of `_hooks`. The edge cases every game shares live here, once:
a finished game, an illegal or unparsable action, a bad option, a corrupt save.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

import numpy as np
from mypy_extensions import mypyc_attr
from numpy.typing import NDArray

from warroom.core.actions import Action as Action  # noqa: PLC0414  (re-exported: the contract names it)
from warroom.core.errors import CorruptDataError, IllegalActionError, OptionError
from warroom.core.rng import Rng

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One game option: its name, default and the values it accepts."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None

    def validate(self, value: Any) -> Any:
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise OptionError(f"option {self.name}={value!r} is not valid; choose one of: {allowed}")
        if self.choices is None and type(value) is not type(self.default):
            kind = type(self.default).__name__
            raise OptionError(f"option {self.name}={value!r} must be a {kind}")
        return value

    def parse(self, text: str) -> Any:
        """Read a value typed on a command line (`k=v`) into the option's type."""
        kind = type(self.default)
        try:
            if kind is bool:
                low = text.strip().lower()
                if low not in {"true", "false", "yes", "no", "1", "0", "on", "off"}:
                    raise ValueError(text)
                return self.validate(low in {"true", "yes", "1", "on"})
            return self.validate(kind(text))
        except ValueError as exc:
            if isinstance(exc, OptionError):
                raise
            raise OptionError(f"option {self.name}={text!r} must be a {kind.__name__}") from None


@dataclass(frozen=True)
class GameInfo:
    """Everything the registry, CLI, server and RL wrappers need to know before a game starts."""

    id: str
    title: str
    min_players: int
    max_players: int
    cooperative: bool
    hidden_information: bool
    chance: bool
    max_decisions: int  # no game of any option set lasts longer; the random checker enforces it
    min_return: float
    max_return: float
    options: tuple[OptionSpec, ...]
    description: str = ""
    rule_prefix: str = ""
    # The version of the game's rules and save format: raised whenever a change could make an
    # old game's action log replay differently, so a stored table from before is reported.
    version: str = "1"

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        valid = ", ".join(spec.name for spec in self.options)
        raise OptionError(f"{self.id} has no option {name!r}; valid options: {valid}")


# What a rule hands `TurnState.say` as an event's text: the text itself, or a **lazy text**
# `(template, *parts)` formatted only when the text is read (`words`), as `logging` formats its
# messages: a playout that never reads its events pays for a tuple, not for the words.
Said = str | tuple[Any, ...]
_NO_DATA: JSON = {}  # the shared default of an event without data (events never mutate their data)


def words(said: Said) -> str:
    """The text `said` stands for: a str as it is; a lazy text `(template, *parts)` formatted
    now, `template.format(*parts)` for a str template, `template(*parts)` for a callable one
    (words that take more than a format: a unit found on a board snapshot, a roll in words)."""
    if isinstance(said, str):
        return said
    template = said[0]
    if isinstance(template, str):
        return template.format(*said[1:])
    return str(template(*said[1:]))


@mypyc_attr(native_class=False)  # compiled, a tuple subclass can only be an ordinary class
class Event(tuple):  # type: ignore[type-arg]
    """Something that happened, in plain words, for logs and animations: `(kind, text, data,
    visible_to)`, read by name.

    `visible_to` is None when every seat and spectators may see it, else the seats that may.
    `text` reads the words; what the rule said is kept as it was handed (`Said`: a str, or a
    lazy text formatted at each read, so its parts are values that never change, not the
    state). Equal, hashed, printed and pickled as its words. A tuple built with
    `tuple.__new__` because games emit several per decision on the hot path (`TurnState.say`).
    """

    __slots__ = ()

    def __new__(
        cls, kind: str, text: Said, data: JSON = _NO_DATA, visible_to: frozenset[int] | None = None
    ) -> Event:
        return tuple.__new__(cls, (kind, text, data, visible_to))

    @property
    def kind(self) -> str:
        return str(self[0])

    @property
    def text(self) -> str:
        return words(self[1])

    @property
    def data(self) -> JSON:
        data: JSON = self[2]
        return data

    @property
    def visible_to(self) -> frozenset[int] | None:
        seats: frozenset[int] | None = self[3]
        return seats

    def is_visible_to(self, player: int | None) -> bool:
        seats: frozenset[int] | None = self[3]
        return seats is None or (player is not None and player in seats)

    def to_json(self) -> JSON:
        return {"kind": self[0], "text": words(self[1]), "data": self[2]}

    def _said(self) -> tuple[str, str, JSON, frozenset[int] | None]:
        return (self[0], words(self[1]), self[2], self[3])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Event):
            return self._said() == other._said()
        if isinstance(other, tuple):  # a plain tuple compares with the words, as a NamedTuple did
            return self._said() == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        return not self == other if isinstance(other, tuple) else NotImplemented

    def __hash__(self) -> int:
        return hash(self._said())

    def __repr__(self) -> str:
        kind, text, data, seats = self._said()
        return f"Event(kind={kind!r}, text={text!r}, data={data!r}, visible_to={seats!r})"

    def __reduce__(self) -> tuple[type[Event], tuple[str, str, JSON, frozenset[int] | None]]:
        return (Event, self._said())  # a copy or pickle carries the words, not the template


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended, the same type for every game.

    `returns` has one number per seat (in the game's `min_return .. max_return`), `winners` the
    seats that won (empty for a draw or a shared loss), `text` the ending in plain words."""

    returns: tuple[float, ...]
    winners: tuple[int, ...] = ()
    text: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"returns": list(self.returns), "winners": list(self.winners), "text": self.text}


def events_for(events: Sequence[Event], player: int | None) -> list[Event]:
    """The events a seat (or a spectator, None) may see."""
    return [event for event in events if event.is_visible_to(player)]


S = TypeVar("S", bound="State")


@mypyc_attr(allow_interpreted_subclasses=True)  # every game's Game is interpreted or its own
class Game(ABC, Generic[S]):
    """A configured game: options fixed, ready to start states. Subclasses set `info`."""

    info: ClassVar[GameInfo]

    def __init__(self, **options: Any) -> None:
        values = {spec.name: spec.default for spec in self.info.options}
        for name, value in options.items():
            values[name] = self.info.option(name).validate(value)
        self.options: JSON = values
        # What is derived from this configured game and kept with it (the server's per-action
        # documents, a game's name tables), by its user's key: it lives and dies with the game.
        # Not a WeakKeyDictionary keyed by the game: on the compiled build `Game` is a native
        # class, whose instances mypyc frees without clearing their weak references
        # (mypyc/mypyc#1102), so the garbage collector crashed once such a game was freed
        self.memo: dict[str, Any] = {}
        self.check_options()

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    def check_options(self) -> None:
        """Reject option combinations that are individually valid but not together."""

    @abstractmethod
    def new_initial_state(self, seed: int = 0) -> S: ...

    @abstractmethod
    def state_from_json(self, data: JSON) -> S:
        """Rebuild a state from `State._to_json`; raise KeyError/TypeError/ValueError if malformed."""

    def deserialize(self, text: str) -> S:
        """The inverse of `State.serialize`; a corrupt save raises CorruptDataError, never half-loads."""
        try:
            doc = json.loads(text)
            if not isinstance(doc, dict):
                raise CorruptDataError("a saved state must be a JSON object")
            if doc.get("game") != self.info.id:
                raise CorruptDataError(f"save is for game {doc.get('game')!r}, not {self.info.id!r}")
            if doc.get("options") != self.options:
                raise CorruptDataError(f"save options {doc.get('options')} differ from {self.options}")
            state = self.state_from_json(doc["state"])
        except CorruptDataError:
            raise
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
            raise CorruptDataError(f"corrupt {self.info.id} save: {type(exc).__name__}: {exc}") from None
        state.check_integrity()
        return state

    def parse_action(self, state: State, text: str) -> Action:
        """The legal action whose text is `text` (surrounding blanks and case ignored)."""
        wanted = " ".join(text.split()).lower()
        for action in state.legal_actions():
            if action.text.lower() == wanted:
                return action
        parametric = None if state.is_terminal() else self.read_action(text)
        if parametric is not None and state.is_legal(parametric):
            return parametric
        if state.is_terminal():
            raise IllegalActionError("the game is over; no action is legal")
        sample = ", ".join(a.text for a in state.legal_actions()[:8])
        raise IllegalActionError(
            f"{text!r} is not a legal action now (player {state.current_player()}); "
            f"legal: {sample}{' ...' if len(state.legal_actions()) > 8 else ''}"
        )

    def consequence(self, state: S, action: Action) -> JSON | None:
        """What taking `action` now would do, where the game knows it before any die is rolled
        (e.g. the dice a battle will roll, the target it hits), as JSON for displays; None when
        there is nothing to say (the default). Must reveal nothing the deciding seat may not see."""
        return None

    def option_details(self, state: S) -> list[JSON]:
        """Every legal option of `state` with its parts and, where known, its consequence: what
        a display or API client reads instead of parsing action text."""
        details = []
        for action in state.legal_actions():
            doc = action.to_json()
            consequence = self.consequence(state, action)
            if consequence is not None:
                doc["consequence"] = consequence
            details.append(doc)
        return details

    def read_action(self, text: str) -> Action | None:
        """For games with parametric actions: the action a text names (e.g. `place 12.5 30`),
        legal or not, or None if the text names none. Listed actions need nothing here."""
        return None

    def agents(self) -> dict[str, Callable[[int], Any]]:
        """Game-specific agents by name (each called with a seed); generic ones live in warroom.agents."""
        return {}

    def render(self, state: S, player: int | None) -> str:
        """A plain-text picture of what `player` sees (terminal play). Games override."""
        return json.dumps(state.view(player), indent=1)

    def describe_action(self, state: S, action: Action) -> str:
        """A longer human wording of an action in this state (terminal menus). Games may override."""
        return action.text

    def evaluate(self, state: S) -> list[float] | None:
        """Optional, for search: an estimate of every seat's final return from `state` (in
        `info.min_return .. info.max_return`), or None when the game has no evaluation (the
        default). Search agents cut their playouts short and score the position with it."""
        return None

    def summary(self, state: S) -> JSON:
        """Game-specific figures of a finished game for simulation reports (JSON-able numbers)."""
        return {}

    def catalog(self) -> JSON:
        """Public facts of this configured game that never change while it is played, for
        displays: printed names and texts of cards and pieces, the static board of a scenario.
        Sent once per table instead of with every view; it must hold nothing hidden."""
        return {}

    # -- the public position notation -------------------------------------------------
    @classmethod
    def from_position(cls, text: str, seed: int = 0) -> State:
        """A position written in the game's text notation (its options first, then the zones,
        one statement a line; each game's `position` module documents it, the README shows one
        example per game). `seed` draws whatever the text leaves unsaid (shuffled piles, dice
        not scripted). A malformed text raises CorruptDataError naming the line."""
        raise OptionError(f"{cls.info.id} has no position notation")

    # -- scenarios, for games that have them (a `scenario` option) ----------------------------
    @classmethod
    def scenarios(cls) -> list[str]:
        """Names of the scenarios shipped with the game (empty for games without scenarios)."""
        return []

    @classmethod
    def import_scenario(cls, path: str) -> tuple[str, list[str]]:
        """Convert a foreign scenario file into the game's own format: (text, warnings).
        Malformed or unsupported content raises CorruptDataError naming what is wrong."""
        raise OptionError(f"{cls.info.id} has no scenario files to import")

    # -- fixed-size encodings for learning environments (warroom.envs) ----------------------
    @abstractmethod
    def all_actions(self) -> Sequence[Action]:
        """Every distinct action this configured game can ever offer; `all_actions()[a.index] is a`
        for every legal action `a`, so the list is a fixed discrete action space."""

    def listed_proxy(self, state: S, action: Action) -> Action | None:
        """The listed option (one of `state.legal_actions()`) that stands for `action`, a legal
        action the game accepts but does not list (a parametric action, index -1, outside the
        fixed space `all_actions`: exact coordinates), or None where the game has no such option.
        Where the listed options come in stages, the current stage's option toward it. A learning
        environment's discrete space holds only listed actions; this shows a game's own agent that
        plays unlisted ones in that space (behaviour cloning, examples/behaviour_cloning.py)."""
        return None

    def observation_size(self) -> int:
        """Length of `observe`'s vector."""
        raise NotImplementedError(f"{self.info.id} has no numeric observation encoding yet")

    def observe(self, view: JSON, player: int | None) -> list[float]:
        """A fixed-length numeric encoding of `view = state.view(player)`. It reads only the view,
        so it cannot leak what the player may not see; each game documents its layout."""
        raise NotImplementedError(f"{self.info.id} has no numeric observation encoding yet")

    def observation_bounds(self) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        """Per element of `observe`'s vector, the least and the greatest value it can take in this
        configured game, (low, high); the default is unbounded. A game that declares bounds holds
        to them (the environment tests check every observation of random games)."""
        size = self.observation_size()
        return np.full(size, -np.inf, np.float32), np.full(size, np.inf, np.float32)

    def observe_into(self, state: S, player: int | None, out: NDArray[np.float32]) -> None:
        """Write `observe(state.view(player), player)` into `out`, a preallocated float32 array of
        `observation_size()` (what the research environments call on every step). The default goes
        through the view; a game overrides it to write straight from the state at engine speed,
        holding to the same values (tested against `observe`), so it shows no more than the view."""
        out[:] = self.observe(state.view(player), player)


@mypyc_attr(allow_interpreted_subclasses=True)  # TurnState and every game's state derive from it
class State(ABC):
    """One position. Games implement the `_hooks`; the public methods add the shared checks."""

    __slots__ = ("_legal", "game")

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self._legal: list[Action] | None = None

    # -- the contract -----------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat that must decide now (0..n-1), or -1 once the game is over."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """One number per seat; all zeros while the game runs."""

    @abstractmethod
    def view(self, player: int | None) -> JSON:
        """Exactly what `player` may see (None: a spectator), as JSON-able data."""

    def outcome(self) -> Outcome | None:
        """How the game ended (None while it runs): the one outcome type of every game. The
        default reads `returns()`: the seats with the best return won, unless all are equal."""
        if not self.is_terminal():
            return None
        returns = tuple(self.returns())
        best = max(returns)
        winners = () if min(returns) == best else tuple(i for i, r in enumerate(returns) if r == best)
        return Outcome(returns, winners)

    def is_legal(self, action: Action) -> bool:
        """Whether `action` may be applied now. For listed actions this is membership in
        `legal_actions()`; a game with parametric actions (exact coordinates) also accepts ones
        outside the list that pass its legality predicate."""
        return action in self.legal_actions()

    def sample_legal(self, rng: Rng) -> Action:
        """One legal action drawn at random, for playouts; games where listing is expensive
        draw it directly. Raises IllegalActionError once the game is over."""
        legal = self.legal_actions()
        if not legal:
            raise IllegalActionError("the game is over; no action is legal")
        return rng.choice(legal)

    def legal_actions(self) -> list[Action]:
        """The current player's options, never empty while the game runs, empty after it."""
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.is_terminal() else self._legal_actions()
        return legal

    def apply_action(self, action: Action | str) -> list[Event]:
        """Apply a legal action (or its text) and return what happened.

        An illegal action raises IllegalActionError and leaves the state untouched: legality is
        checked against the full option list before any rule code runs.
        """
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        # Membership first: the usual call passes a listed action, and a text is never in the list
        # (no action equals a str), so the type test runs only off the hot path.
        if action not in legal:
            if isinstance(action, str):
                action = self.game.parse_action(self, action)
            elif self.is_terminal():  # a finished game has no legal action
                raise IllegalActionError("the game is over; no action is legal")
            elif not self.is_legal(action):  # a parametric action outside the listed sample
                raise IllegalActionError(
                    f"{action} is not a legal action now (player {self.current_player()})"
                )
        self._legal = None
        return self._apply(action)

    def serialize(self) -> str:
        """The full state, RNG included, as text: `game.deserialize` gives an identical state."""
        doc = {"game": self.game.info.id, "options": self.game.options, "state": self._to_json()}
        return json.dumps(doc, separators=(",", ":"), sort_keys=True)

    def clone(self: S) -> S:
        copy = self._clone()
        return copy

    def resample_hidden(self: S, player: int | None, rng: Rng) -> S:
        """A new state consistent with all `player` has seen, with everything hidden re-drawn."""
        return self._resample_hidden(player, rng)

    def check_integrity(self) -> None:
        """Raise CorruptDataError if the state breaks an invariant (used on load and by checkers)."""
        return  # a game without invariants beyond its types has nothing to check

    # -- saving and loading plain attributes (for the hooks below) ---------------------
    def _save_fields(self, names: Sequence[str]) -> JSON:
        """The named attributes as they are (plain data), the state's Rng as its state number."""
        doc: JSON = {name: getattr(self, name) for name in names}
        if "rng" in doc:
            doc["rng"] = doc["rng"].state
        return doc

    def _load_fields(self, doc: JSON, names: Sequence[str]) -> None:
        """The named attributes from a saved document, every one required (a save missing one is
        corrupt: KeyError naming them, which deserialize reports); `rng` rebuilt from its number."""
        missing = [name for name in names if name not in doc]
        if missing:
            raise KeyError(f"missing fields {missing}")
        for name in names:
            setattr(self, name, Rng(int(doc[name])) if name == "rng" else doc[name])

    # -- hooks for games -------------------------------------------------------------
    @abstractmethod
    def _legal_actions(self) -> list[Action]: ...

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]: ...

    @abstractmethod
    def _to_json(self) -> JSON: ...

    @abstractmethod
    def _clone(self: S) -> S: ...

    @abstractmethod
    def _resample_hidden(self: S, player: int | None, rng: Rng) -> S: ...

    def __str__(self) -> str:
        return self.game.render(self, None)
