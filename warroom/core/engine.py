"""The one turn engine every game stands on: declared decision kinds, an agenda of jobs, forced
steps, secret simultaneous choices, and the end of the game.

A game declares its `Rules` once: each `DecisionKind` (how to list its options, whether a
proposed action is legal, what applying it does) and each agenda job by name. Its state derives
from `TurnState`, which then implements the contract for it:

* the **agenda** is a stack of small jobs (`["draw"]`, `["collide", "fort", 3, [17, 18]]` ...),
  plain JSON, run until one job asks a player for a `Decision`; so every rule can stop for a
  choice in the middle and resume, and a position saves as data;
* **forced steps**: a kind declared `forced=True` that leaves a single option is taken by the
  engine at once (this is the one place that says so); a caller sees the steps taken in
  `state.forced` (seat and action, since the last `apply_action`);
* **secret simultaneous choices** (`decide_together`, kinds declared `secret=True`): every
  named seat commits hidden, in any order, and the kind's `reveal` applies them together once
  all are in; before that nobody's view, events or options depend on another's commitment;
* **the end of the game**: `finish()` stops the agenda; `outcome()` is the one `Outcome`
  type every game reports, from which `returns()` derives.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, TypeVar

from mypy_extensions import mypyc_attr

from warroom.core.errors import IllegalActionError
from warroom.core.game import Event, Outcome, Said, State
from warroom.core.rng import Rng

if TYPE_CHECKING:
    from warroom.core.actions import Action
    from warroom.core.fields import Fields

S = TypeVar("S", bound="TurnState")
Job = list[Any]  # [name, *arguments]: plain JSON, never mutated once scheduled
MAX_SEATS = 8  # more seats than any game has: the interned plain decisions cover them all
JobFn = Callable[[S, Job], None]
# Final: compiled, a module constant is a C static, not a lookup in the module's dict per use
_new_event: Final = tuple.__new__
_new_decision: Final = tuple.__new__  # Decision(...) without its Python-level __new__ (once per decision)


@mypyc_attr(native_class=False)  # compiled, a list subclass can only be an ordinary class
class _Muted(list):  # type: ignore[type-arg]
    """The events of a muted state (`TurnState.mute`): a list that keeps nothing, one shared by
    every muted state, so a rule that appends to `state.events` itself is muted too."""

    __slots__ = ()

    def append(self, _event: Any) -> None:
        return

    def extend(self, _events: Iterable[Any]) -> None:
        return

    def insert(self, _index: Any, _event: Any) -> None:
        return

    def __iadd__(self, _events: Iterable[Any]) -> _Muted:  # type: ignore[misc]
        return self


MUTED: Final[list[Event]] = _Muted()


@mypyc_attr(native_class=False)  # likewise for a tuple subclass
class Decision(tuple):  # type: ignore[type-arg]
    """A pending decision `(kind, seat, *data)`: saved as that list, read by name.

    A tuple, so it is immutable (clones share it) and JSON writes it as the list it replaces."""

    __slots__ = ()

    def __new__(cls, kind: str, seat: int, *data: Any) -> Decision:
        return tuple.__new__(cls, (kind, seat, *data))

    @property
    def kind(self) -> str:
        return str(self[0])

    @property
    def seat(self) -> int:
        return int(self[1])

    @property
    def data(self) -> tuple[Any, ...]:
        return tuple(self[2:])

    @classmethod
    def load(cls, saved: Sequence[Any] | None) -> Decision | None:
        """From a save's list (the seat as an int: `current_player` returns it as stored)."""
        if saved is None:
            return None
        kind, seat, *data = saved
        return cls(str(kind), int(seat), *data)


# Plain classes, not dataclasses: compiled, they are native (the engine reads `kind.forced`,
# `kind.apply`, `rules.kinds` ... on every step as struct fields; mypyc 2.4 cannot build a native
# generic dataclass, 'the __dict__ of type objects is not writable', and as ordinary classes every
# such read was a generic attribute lookup: docs/speed.md, "Session 14"). Their fields are Final,
# so they stay as immutable as the frozen dataclass was (compiled: read-only attributes).
class DecisionKind(Generic[S]):
    """One kind of decision a game can ask for.

    `options(state)` lists the finite option set; `apply(state, action)` carries one out (the
    engine has already checked it is legal). `legal(state, action)`, when given, accepts actions
    outside that list (parametric ones: exact coordinates); without it legality is membership.
    `sample(state, rng)` draws one legal action cheaply for playouts where listing is expensive.
    `forced`: with a single option the engine takes it at once. `secret`: a simultaneous choice
    (see `TurnState.decide_together`); `reveal(state, {seat: action})` applies the commitments;
    `said(state, seat, action)`, when given, words a commitment as the game's log does: the text
    every seat reads (never the choice) and the text the committing seat alone reads.

    `on_decision` (built by `DecisionKind.of_decision`): `options(state, decision)` and
    `apply(state, action, decision)` receive the pending `Decision` (whose data carries what is
    being decided), and the engine clears `state.decision` before `apply`, so the rule either
    asks the next decision or leaves the agenda to continue. Opt-in: a game whose rules read the
    decision from the state keeps the two-argument form."""

    __slots__ = (
        "apply",
        "forced",
        "legal",
        "name",
        "on_decision",
        "options",
        "reveal",
        "said",
        "sample",
        "secret",
    )

    def __init__(  # noqa: PLR0917  (the dataclass's positional order, which the games call it by)
        self,
        name: str,
        options: Callable[..., list[Any]],  # (state) or, `on_decision`, (state, decision)
        apply: Callable[..., None],  # (state, action) or, `on_decision`, (state, action, decision)
        legal: Callable[[S, Action], bool] | None = None,
        sample: Callable[[S, Rng], Action] | None = None,
        forced: bool = False,
        secret: bool = False,
        reveal: Callable[[S, dict[int, Any]], None] | None = None,
        said: Callable[[S, int, Any], tuple[str, str]] | None = None,
        on_decision: bool = False,
    ) -> None:
        if secret and reveal is None:
            raise ValueError(f"secret decision {name!r} needs a reveal")
        self.name: Final = name
        self.options: Final = options
        self.apply: Final = apply
        self.legal: Final = legal
        self.sample: Final = sample
        self.forced: Final = forced
        self.secret: Final = secret
        self.reveal: Final = reveal
        self.said: Final = said
        self.on_decision: Final = on_decision

    def __repr__(self) -> str:
        flags = "".join(f", {flag}" for flag, on in (("forced", self.forced), ("secret", self.secret)) if on)
        return f"DecisionKind({self.name!r}{flags})"

    @classmethod
    def of_decision(
        cls,
        name: str,
        options: Callable[[S, Decision], list[Any]],
        apply: Callable[[S, Any, Decision], None],
        *,
        forced: bool = False,
        secret: bool = False,
        reveal: Callable[[S, dict[int, Any]], None] | None = None,
        said: Callable[[S, int, Any], tuple[str, str]] | None = None,
    ) -> DecisionKind[S]:
        """A kind whose `options` and `apply` receive the pending decision (`on_decision`): the
        engine passes it instead of the game wrapping each in a call that reads it (speed, issue
        12: one Python call fewer per listing and per action)."""
        return cls(name, options, apply, None, None, forced, secret, reveal, said, True)

    def listed(self, state: S, decision: Decision) -> list[Any]:
        """The options of `decision`, pending in `state`, whichever form the kind takes."""
        return self.options(state, decision) if self.on_decision else self.options(state)


class Rules(Generic[S]):
    """A game's decision kinds and agenda jobs, declared once (see the module docstring).

    `after_apply(state, kind)` runs after every applied action, before the agenda resumes (a
    place for per-action bookkeeping such as dropping caches)."""

    __slots__ = ("after_apply", "asked", "decisions", "jobs", "kinds")

    def __init__(
        self,
        decisions: Iterable[DecisionKind[S]],
        jobs: Mapping[str, Callable[[S, Job], None]] | None = None,
        after_apply: Callable[[S, DecisionKind[S]], None] | None = None,
    ) -> None:
        self.decisions: Final = decisions
        self.jobs: Final[Mapping[str, Callable[[S, Job], None]]] = {} if jobs is None else jobs
        self.after_apply: Final = after_apply
        kinds: dict[str, DecisionKind[S]] = {}
        for kind in decisions:
            if kind.name in kinds:
                raise ValueError(f"decision kind {kind.name!r} declared twice")
            kinds[kind.name] = kind
        self.kinds: Final = kinds
        # The plain decisions (a kind and a seat, nothing more: nearly all of them) are built once
        # and shared: a Decision is immutable, and building one per decision is measurable.
        self.asked: Final[dict[str, tuple[Decision, ...]]] = {
            name: tuple(Decision(name, seat) for seat in range(MAX_SEATS)) for name in kinds
        }

    def check(self, decision: Sequence[Any] | None, agenda: Iterable[Sequence[Any]]) -> None:
        """A saved decision and agenda name only declared kinds and jobs (else ValueError)."""
        if decision is not None and decision[0] not in self.kinds:
            raise ValueError(f"unknown decision kind {decision[0]!r}")
        for job in agenda:
            if not job or job[0] not in self.jobs:
                raise ValueError(f"unknown agenda job {list(job)!r}")


@mypyc_attr(allow_interpreted_subclasses=True)  # the games' states, interpreted or compiled
class TurnState(State):
    """A state driven by the engine: `decision`, `agenda` and the events of the current step.

    A game subclass sets `rules`, keeps `decision` and `agenda` among its declared fields, and
    implements `is_terminal`, `outcome`, `view` and hidden-information resampling."""

    __slots__ = ("agenda", "commits", "decision", "events", "forced")

    rules: ClassVar[Rules[Any]]
    fields: ClassVar[Fields]

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.decision: Decision | None = None
        self.agenda: list[Job] = []
        self.events: list[Event] = []
        self.forced: list[tuple[int, Action]] = []
        self.commits: dict[int, Action] = {}  # secret choices made so far (decide_together)

    # -- quiet playouts ---------------------------------------------------------------------
    def mute(self) -> None:
        """Keep no events from now on, in this state and the clones made from it: for playouts
        whose events nobody reads (a search's determinised worlds). The game is the same move
        for move (events never steer a rule); `apply_action` returns an empty list. The one
        place the quiet mode lives: the rules call `say` as always."""
        self.events = MUTED

    @property
    def muted(self) -> bool:
        return self.events is MUTED

    # -- what rules modules call ----------------------------------------------------------
    def say(self, _kind: str, _text: Said, _visible_to: frozenset[int] | None = None, /, **data: Any) -> None:
        """Record an event of kind `_kind` saying `_text` (to the seats `_visible_to`, None: to
        all), with `data`; nothing in a muted state.

        `_text` is the text, or a lazy text `(template, *parts)` (`warroom.core.game.words`):
        formatted only when someone reads `event.text`, so a playout that never reads its events
        never words them (speed, issue 15). Its parts must be values that never change (numbers,
        strings, tuples, a snapshot the game takes), never the state or a list a rule mutates:
        the text is read after later steps (a replay, a log), and it must read then as it would
        have at once. tuple.__new__ skips Event's Python-level constructor: events are the hot
        path's most frequent allocation. The positional names are unlike any data key:
        compiled by mypyc, a positional-only `kind` still clashes with a `kind=` in `data`
        (Siege's events carry one)."""
        events = self.events
        if events is not MUTED:
            events.append(_new_event(Event, (_kind, _text, data, _visible_to)))

    def push(self, *jobs: Job) -> None:
        """Schedule jobs to run in the order given (the agenda is a stack, its top the end)."""
        self.agenda.extend(reversed(jobs))

    def decide(self, kind: str, seat: int, *data: Any) -> None:
        """Ask `seat` for a decision of `kind`; its options are listed when first asked for."""
        self.decision = _new_decision(Decision, (kind, seat, *data)) if data else self.rules.asked[kind][seat]

    def offer(self, options: list[Any], kind: str, seat: int, *data: Any) -> None:
        """Ask with the options already listed (the caller needed them anyway): they become
        the position's cached legal actions, valid until the next action."""
        self.decision = _new_decision(Decision, (kind, seat, *data)) if data else self.rules.asked[kind][seat]
        self._legal = options

    def decide_together(self, kind: str, seats: Sequence[int], *data: Any) -> None:
        """A secret simultaneous choice: each of `seats` commits hidden; once all have, the
        kind's `reveal` applies the commitments together. `current_player()` is the first
        seat still to commit; any waiting seat may commit with `commit(seat, action)`."""
        if not self.rules.kinds[kind].secret:
            raise ValueError(f"decision kind {kind!r} is not declared secret")
        self.commits = {}
        self.decision = Decision(kind, seats[0], tuple(seats), *data)

    def finish(self) -> None:
        """End the game now: no decision, nothing left on the agenda (cleared in place, since
        the runner holds this very list)."""
        self.decision = None
        self.agenda.clear()

    # -- the contract, implemented once -----------------------------------------------------
    def current_player(self) -> int:
        decision = self.decision
        return -1 if decision is None else decision[1]

    def returns(self) -> list[float]:
        outcome = self.outcome()
        return [0.0] * self.game.num_players if outcome is None else list(outcome.returns)

    def _legal_actions(self) -> list[Action]:
        decision = self.decision
        assert decision is not None, "a running game always has a decision"
        kind = self.rules.kinds[decision[0]]
        return kind.options(self, decision) if kind.on_decision else kind.options(self)

    def is_legal(self, action: Action) -> bool:
        decision = self.decision
        if decision is None:
            return False
        kind = self.rules.kinds[decision[0]]
        if kind.legal is not None:
            return kind.legal(self, action)
        return action in self.legal_actions()

    def sample_legal(self, rng: Rng) -> Action:
        decision = self.decision
        if decision is None:
            raise IllegalActionError("the game is over; no action is legal")
        kind = self.rules.kinds[decision[0]]
        if kind.sample is not None:
            return kind.sample(self, rng)
        return rng.choice(self.legal_actions())

    def _apply(self, action: Action) -> list[Event]:
        """Apply a legal action, then run the agenda (as `run`, inlined, and `_take_forced` with
        it: the hot path of every game, speed issues 12 and 15) until a decision that is not
        forced, or a forced one with a choice, is pending, or the game ends."""
        events = self.events
        if events is not MUTED:
            events = self.events = []
        if self.forced:
            self.forced = []
        # `apply_action` let a legal action through, so a decision is pending: not asserted again
        decision: Decision = self.decision  # type: ignore[assignment]
        rules = self.rules
        kinds = rules.kinds
        kind = kinds[decision[0]]
        after = rules.after_apply
        if kind.secret:
            self._commit(kind, decision, action)
            after = None  # a commitment applies nothing until the reveal
        elif kind.on_decision:
            self.decision = None
            kind.apply(self, action, decision)
        else:
            kind.apply(self, action)
        if after is not None:
            after(self, kind)
        agenda, jobs = self.agenda, rules.jobs
        while True:
            pending = self.decision
            while pending is None:
                if not agenda:
                    if not self.is_terminal():
                        raise AssertionError(f"{self.game.info.id}: the agenda ran dry without a decision")
                    return events
                job = agenda.pop()
                jobs[job[0]](self, job)
                pending = self.decision
            kind = kinds[pending[0]]
            if not kind.forced:
                return events
            options = self._legal
            if options is None:
                options = kind.options(self, pending) if kind.on_decision else kind.options(self)
            if len(options) != 1:
                self._legal = options
                return events
            # the forced step, as `_take_forced` takes it (inlined: a Python call fewer a step)
            forced = options[0]
            self.forced.append((pending[1], forced))
            self._legal = None
            if kind.on_decision:
                self.decision = None
                kind.apply(self, forced, pending)
            else:
                kind.apply(self, forced)
            if rules.after_apply is not None:
                rules.after_apply(self, kind)

    def run(self) -> None:
        """Run agenda jobs until a decision is needed or the game ends, taking forced steps (a
        game starts with it; `_apply` runs the same loop inlined)."""
        agenda, jobs, kinds = self.agenda, self.rules.jobs, self.rules.kinds
        while True:
            while self.decision is None and agenda:
                job = agenda.pop()
                jobs[job[0]](self, job)
            decision = self.decision
            if decision is None:
                if not self.is_terminal():
                    raise AssertionError(f"{self.game.info.id}: the agenda ran dry without a decision")
                return
            kind = kinds[decision[0]]
            if not kind.forced:
                return
            options = self._legal
            if options is None:
                options = kind.options(self, decision) if kind.on_decision else kind.options(self)
            if len(options) != 1:
                self._legal = options
                return
            self._take_forced(kind, decision, options[0])

    def _take_forced(self, kind: DecisionKind[Any], decision: Decision, action: Action) -> None:
        self.forced.append((decision[1], action))
        self._legal = None
        if kind.on_decision:
            self.decision = None
            kind.apply(self, action, decision)
        else:
            kind.apply(self, action)
        after = self.rules.after_apply
        if after is not None:
            after(self, kind)

    # -- secret simultaneous choices ------------------------------------------------------
    def waiting_for(self) -> tuple[int, ...]:
        """The seats that may act now: every seat yet to commit to a secret choice, else the
        current player alone (none once the game is over)."""
        decision = self.decision
        if decision is None:
            return ()
        if self.rules.kinds[decision[0]].secret:
            return tuple(seat for seat in decision[2] if seat not in self.commits)
        return (decision[1],)

    def commit(self, seat: int, action: Action | str) -> list[Event]:
        """A waiting seat's secret choice, in any order (the server takes them as they come).
        The options offered to a seat never depend on what others committed."""
        decision = self.decision
        if decision is None or seat not in self.waiting_for():
            raise IllegalActionError(f"player {seat} has no choice to make now")
        if decision[1] != seat:
            self.decision = Decision(decision[0], seat, *decision[2:])
            self._legal = None
        try:
            return self.apply_action(action)
        except IllegalActionError:
            self.decision = decision
            self._legal = None
            raise

    def _commit(self, kind: DecisionKind[Any], decision: Decision, action: Action) -> None:
        seat, seats = decision[1], decision[2]
        self.commits = {**self.commits, seat: action}  # replaced, never mutated: clones share it
        if self.events is not MUTED:  # a playout reads no words
            said = kind.said
            public, private = (
                said(self, seat, action)
                if said is not None
                else (f"player {seat} has chosen", f"you chose {action.text}")
            )
            self.say("commit", public, None, player=seat)
            self.say("committed", private, frozenset((seat,)), player=seat, action=action.text)
        waiting = [s for s in seats if s not in self.commits]
        if waiting:
            self.decision = Decision(decision[0], waiting[0], *decision[2:])
            return
        commits, self.commits = self.commits, {}
        self.decision = None
        assert kind.reveal is not None
        kind.reveal(self, {s: commits[s] for s in seats})

    def secret_view(self, player: int | None) -> dict[str, Any] | None:
        """What a seat may see of a secret choice in progress: who has committed, and its own
        commitment only. None when no secret choice is pending."""
        decision = self.decision
        if decision is None or not self.rules.kinds[decision[0]].secret:
            return None
        mine = self.commits.get(player) if player is not None else None
        return {
            "kind": decision[0],
            "seats": list(decision[2]),
            "committed": sorted(self.commits),
            "mine": None if mine is None else mine.text,
        }

    def resample_commits(self, player: int | None, rng: Rng) -> None:
        """Re-draw the secret commitments `player` cannot have seen: each other seat's becomes a
        random option of those it was offered (a determinisation never knows another's choice)."""
        decision = self.decision
        if not self.commits or decision is None:
            return
        redrawn: dict[int, Action] = {}
        for seat, action in self.commits.items():
            if seat == player:
                redrawn[seat] = action
                continue
            asked = self.decision = Decision(decision[0], seat, *decision[2:])
            options = self.rules.kinds[decision[0]].listed(self, asked)
            redrawn[seat] = options[rng.below(len(options))]
        self.decision, self._legal, self.commits = decision, None, redrawn

    # -- copying and saving, from the declared fields ------------------------------------
    def _clone(self: S) -> S:
        new: S = self.fields.clone(self)
        if self.events is MUTED:  # the clone of a muted world is a playout too
            new.events = MUTED
        return new

    def _to_json(self) -> dict[str, Any]:
        return self.fields.save(self)

    @classmethod
    def from_json(cls: type[S], game: Any, doc: dict[str, Any]) -> S:
        """A state from `_to_json`'s document: every declared field required, the decision
        and agenda naming declared kinds and jobs only (else the save is corrupt). A game that
        reads more of its save calls `load_state` itself (see there)."""
        return load_state(cls, game, doc)

    def _loaded(self) -> None:
        """Rebuild what is derived from the saved fields (caches, indexes) after a load."""

    # -- the end ----------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it runs. Games derive it from their own fields."""
        raise NotImplementedError


def load_state(cls: type[S], game: Any, doc: dict[str, Any]) -> S:
    """`TurnState.from_json`'s work, for a game's own `from_json` to call instead of
    `super().from_json(...)`: compiled by mypyc 2.4, `super()` in a classmethod of a native class
    hands the base the class's metaclass (`type(cls)`) instead of the class, so the base's
    `cls(game)` built an `ABCMeta` and every World of Tanks: Rush save failed to load on the
    compiled build (tests/test_compiled.py, `test_compiled_clones_and_loads_play_on_as_the_original`)."""
    state = cls(game)
    cls.fields.load(state, doc)
    cls.rules.check(state.decision, state.agenda)
    state._loaded()
    return state
