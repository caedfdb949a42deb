"""The core turn engine (warroom.core.engine, fields, actions, knowledge) on the two toy games:
the agenda and declared decision kinds, forced steps, the outcome, generated clone/save/load,
structured actions, a parametric action accepted by its legality predicate, and a secret
simultaneous choice that leaks nothing before the reveal (views, events, options, resampling)."""

from __future__ import annotations

import json

import pytest

from tests.toy_secret import GRID, PASS, BidGame, BidState, place
from tests.toygame import ToyGame, ToyState
from warroom.core import IllegalActionError, Outcome, Rng, events_for
from warroom.core.checker import check_random_game
from warroom.core.engine import Decision, DecisionKind, Rules, TurnState
from warroom.core.fields import F, Fields
from warroom.core.knowledge import EVERYONE, Knowledge, redeal

# -- the agenda, decisions and outcome on the toy game --------------------------------------


def test_decision_is_typed_and_saves_as_the_plain_list() -> None:
    state = ToyGame().new_initial_state(3)
    assert state.decision == Decision("play", 0)
    assert (state.decision.kind, state.decision.seat, state.decision.data) == ("play", 0, ())
    doc = json.loads(state.serialize())["state"]
    assert doc["decision"] == ["play", 0] and doc["agenda"] == []
    again = ToyGame().deserialize(state.serialize())
    assert isinstance(again.decision, Decision) and again.serialize() == state.serialize()


def test_one_outcome_type_and_returns_derived_from_it() -> None:
    state = ToyGame().new_initial_state(1)
    assert state.outcome() is None and state.returns() == [0.0, 0.0]
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    outcome = state.outcome()
    assert isinstance(outcome, Outcome) and state.returns() == list(outcome.returns)
    assert outcome.text.startswith("total ") and state.current_player() == -1
    assert state.legal_actions() == []


def test_a_save_naming_an_undeclared_kind_or_job_is_corrupt() -> None:
    from warroom.core import CorruptDataError

    doc = json.loads(ToyGame().new_initial_state(2).serialize())
    for patch in ({"decision": ["fly", 0]}, {"agenda": [["teleport"]]}):
        bad = {**doc, "state": {**doc["state"], **patch}}
        with pytest.raises(CorruptDataError, match="unknown"):
            ToyGame().deserialize(json.dumps(bad))


def test_actions_carry_typed_parts_for_displays() -> None:
    state = ToyGame().new_initial_state(3)
    details = ToyGame().option_details(state)
    assert details[0]["verb"] == "play"
    assert details[0]["parts"] == [
        {"role": "value", "kind": "card", "value": state.legal_actions()[0].part("value")}
    ]


# -- forced steps: the single-option policy in one place ------------------------------------


class _Forced(TurnState):
    """A counter: 'step' offers one option (forced) until 3, then 'stop' offers two."""

    rules = Rules(
        [
            DecisionKind("step", lambda st: [STEP], lambda st, a: st._bump(), forced=True),
            DecisionKind("stop", lambda st: [STEP, STOP], lambda st, a: st._end(a), forced=True),
        ],
        {"next": lambda st, job: st.decide("step" if st.count < 3 else "stop", 0)},
    )
    fields = Fields(F("count", F.VALUE), F("done", F.VALUE), F("decision", F.DECISION), F("agenda", F.AGENDA))

    def __init__(self, game: object) -> None:
        super().__init__(game)
        self.count, self.done = 0, False

    def _bump(self) -> None:
        self.decision = None
        self.count += 1
        self.say("step", f"count {self.count}")
        self.push(["next"])

    def _end(self, action: object) -> None:
        if action is STOP:
            self.done = True
            self.finish()
        else:
            self._bump()

    def is_terminal(self) -> bool:
        return self.done

    def outcome(self) -> Outcome | None:
        return Outcome((1.0,)) if self.done else None

    def view(self, player: int | None) -> dict[str, int]:
        return {"count": self.count}

    def _resample_hidden(self, player: int | None, rng: Rng) -> _Forced:
        return self._clone()


from warroom.core import Action  # noqa: E402  (the counter's two actions, after its class)

STEP, STOP = Action(0, "step"), Action(1, "stop")


def test_forced_steps_are_taken_by_the_engine_and_shown_to_the_caller() -> None:
    game = ToyGame()  # any configured game: the counter only needs num_players
    state = _Forced(game)
    state.push(["next"])
    state.run()
    assert state.count == 3 and state.decision == Decision("stop", 0)
    assert [(seat, a.text) for seat, a in state.forced] == [(0, "step")] * 3
    assert [e.text for e in state.events] == ["count 1", "count 2", "count 3"]
    state.apply_action(STOP)
    assert state.forced == [] and state.is_terminal()


class _Direct(_Forced):
    """The counter asking its next decision inside the rule, with no job; and an 'ask' kind,
    not forced, that asks itself again or ends the game."""

    rules = Rules(
        [
            *_Forced.rules.kinds.values(),
            DecisionKind("ask", lambda st: [STEP, STOP], lambda st, a: st._ask(a)),
        ],
        _Forced.rules.jobs,
    )

    def _bump(self) -> None:
        self.count += 1
        self.say("step", f"count {self.count}")
        self.decide("step" if self.count < 3 else "stop", 0)

    def _ask(self, action: object) -> None:
        if action is STOP:
            self.done = True
            self.finish()
        else:
            self.decide("ask", 0)


def test_a_forced_single_option_asked_inside_a_rule_is_taken_at_once() -> None:
    """`_apply` runs the agenda only when the rule left no decision or a forced one: a forced
    kind asked by the rule itself is still taken while it has a single option."""
    state = _Direct(ToyGame())
    state.decide("stop", 0)
    state.apply_action(STEP)
    assert state.count == 3 and state.decision == Decision("stop", 0)
    assert [(seat, a.text) for seat, a in state.forced] == [(0, "step")] * 2
    assert [e.text for e in state.events] == ["count 1", "count 2", "count 3"]
    assert state.legal_actions() == [STEP, STOP]


def test_a_decision_asked_inside_a_rule_keeps_the_agenda_waiting() -> None:
    state = _Direct(ToyGame())
    state.push(["next"])
    state.decide("ask", 0)
    state.apply_action(STEP)
    assert state.decision == Decision("ask", 0) and state.agenda == [["next"]]
    assert state.count == 0 and state.forced == [] and state.legal_actions() == [STEP, STOP]
    state.apply_action(STOP)
    assert state.is_terminal() and state.agenda == [] and state.current_player() == -1


class _Passed(_Forced):
    """The counter with kinds built by `DecisionKind.of_decision`: options and rule receive the
    pending decision, whose data carries the step to take; 'step' stays forced."""

    rules = Rules(
        [
            DecisionKind.of_decision(
                "step", lambda st, d: st._offer(d, [STEP]), lambda st, a, d: st._took(d), forced=True
            ),
            DecisionKind.of_decision(
                "stop", lambda st, d: st._offer(d, [STEP, STOP]), lambda st, a, d: st._end(a)
            ),
        ],
        {"next": lambda st, job: st.decide("step" if st.count < 3 else "stop", 0, st.count + 1)},
    )

    def __init__(self, game: object) -> None:
        super().__init__(game)
        self.seen: list[tuple[Decision, Decision | None]] = []  # (passed, state.decision) when listed

    def _offer(self, d: Decision, options: list[Action]) -> list[Action]:
        self.seen.append((d, self.decision))
        return options

    def _took(self, d: Decision) -> None:
        assert self.decision is None, "the engine clears the decision before the rule runs"
        assert d.data == (self.count + 1,)
        self._bump()


def test_a_kind_of_decision_receives_the_pending_decision_and_runs_with_it_cleared() -> None:
    """`DecisionKind.of_decision` (opt-in): `options(state, decision)` and `apply(state, action,
    decision)` get the pending decision itself; the engine clears `state.decision` before the rule
    (asserted in `_took`), so the rule asks the next or leaves the agenda to run; forced steps,
    listing and resampling go through the same path."""
    state = _Passed(ToyGame())
    state.push(["next"])
    state.run()
    assert state.count == 3 and state.decision == Decision("stop", 0, 4)
    assert [(seat, a.text) for seat, a in state.forced] == [(0, "step")] * 3
    assert all(passed == pending for passed, pending in state.seen)
    assert [d.data for d, _ in state.seen] == [(1,), (2,), (3,)]
    assert state.legal_actions() == [STEP, STOP] and state.seen[-1][0] == Decision("stop", 0, 4)
    state.apply_action(STEP)  # 'stop' applied: its rule gets the action, the counter goes on
    assert state.decision == Decision("stop", 0, 5) and state.count == 4
    state.apply_action(STOP)
    assert state.is_terminal() and state.decision is None
    assert not DecisionKind("plain", lambda st: [], lambda st, a: None).on_decision


# -- declared fields: generated clone / save / load -----------------------------------------


def test_generated_clone_is_independent_and_keeps_scripted_dice() -> None:
    from warroom.core.rng import ScriptedRng

    state = ToyGame().new_initial_state(5)
    state.rng = ScriptedRng(9, [6, 6, 1])
    copy = state.clone()
    copy.hands[0].append(4)
    copy.played.append(1)
    assert 4 not in state.hands[0][2:] and state.played == []
    assert [copy.rng.die() for _ in range(3)] == [6, 6, 1]
    assert [state.rng.die() for _ in range(3)] == [6, 6, 1]


def test_fields_reject_a_missing_field_and_a_double_declaration() -> None:
    with pytest.raises(ValueError, match="twice"):
        Fields(F("a", F.VALUE), F("a", F.LIST))
    with pytest.raises(ValueError, match="unknown kind"):
        Fields(F("a", "blob"))
    doc = ToyState.fields.save(ToyGame().new_initial_state(0))
    del doc["deck"]
    with pytest.raises(KeyError, match="deck"):
        ToyState.from_json(ToyGame(), doc)


# -- a parametric action with a legality predicate --------------------------------------------


def _to_place(seed: int = 0) -> BidState:
    state = BidGame().new_initial_state(seed)
    state.apply_action("bid 2")
    state.apply_action("bid 1")
    assert state.decision == Decision("place", 0)
    return state


def test_exact_coordinates_outside_the_listed_sample_are_accepted_when_legal() -> None:
    state = _to_place()
    assert all(a.verb == "place" for a in state.legal_actions()) and len(state.legal_actions()) == 121
    exact = place(3.25, 7.5)
    assert exact not in state.legal_actions() or exact.text not in [a.text for a in state.legal_actions()]
    assert state.is_legal(exact)
    events = state.apply_action(exact)
    assert state.tokens == [[3.25, 7.5, 0]] and "(3.25, 7.5)" in events[0].text
    assert state.current_player() == 0  # the next round's bids


def test_parametric_actions_parse_from_text_and_illegal_points_are_refused() -> None:
    state = _to_place()
    assert BidGame().parse_action(state, "place 9.5  0.25").part("at") == (9.5, 0.25)
    for bad in ("place 10.5 3", "place -1 2", "place x y"):
        with pytest.raises(IllegalActionError):
            state.apply_action(bad)
    state.apply_action("place 5 5")
    state.apply_action("bid 1")
    state.apply_action("bid 0")
    with pytest.raises(IllegalActionError):
        state.apply_action(place(5.5, 6.0))  # within 2 of the first token
    assert state.is_legal(place(7.5, 5.0)) and not state.is_legal(PASS)


def test_sample_legal_draws_legal_exact_points_without_listing() -> None:
    state = _to_place(1)
    rng = Rng(4)
    points = [state.sample_legal(rng) for _ in range(50)]
    assert all(state.is_legal(p) for p in points)
    assert any(p.part("at") not in [g.part("at") for g in GRID] for p in points)


def test_random_games_pass_the_generic_checker() -> None:
    for seed in range(60):
        check_random_game(BidGame(players=2 + seed % 2), seed, deep_every=3)


# -- a secret simultaneous choice --------------------------------------------------------------


def test_secret_bids_leak_nothing_before_the_reveal() -> None:
    """The commit phase: seat 0's bid shows nowhere seat 1 or a spectator looks (views, events,
    option lists, save-free resampling), until both are in."""
    game = BidGame()
    high, low = BidGame().new_initial_state(0), BidGame().new_initial_state(0)
    seen_high = high.apply_action("bid 3")
    seen_low = low.apply_action("bid 0")
    for other in (1, None):
        assert high.view(other) == low.view(other)
        assert [e.text for e in events_for(seen_high, other)] == [e.text for e in events_for(seen_low, other)]
    assert high.legal_actions() == low.legal_actions()
    assert game.option_details(high) == game.option_details(low)
    assert high.view(0)["secret"]["mine"] == "bid 3" and high.view(1)["secret"]["mine"] is None
    assert [e.text for e in events_for(seen_high, 0)] == ["player 0 has chosen", "you chose bid 3"]
    # a determinisation for seat 1 re-draws seat 0's bid; for seat 0 it keeps it
    redrawn = {high.resample_hidden(1, Rng(s)).commits[0].text for s in range(30)}
    assert redrawn == {"bid 0", "bid 1", "bid 2", "bid 3"}
    assert {high.resample_hidden(0, Rng(s)).commits[0].text for s in range(10)} == {"bid 3"}
    reveal = high.apply_action("bid 1")
    assert [e.kind for e in reveal][-1] == "bids" and reveal[-1].data["bids"] == {0: 3, 1: 1}


def test_any_waiting_seat_may_commit_first_and_a_seat_commits_once() -> None:
    state = BidGame(players=3).new_initial_state(0)
    assert state.waiting_for() == (0, 1, 2)
    state.commit(2, "bid 1")
    assert state.waiting_for() == (0, 1) and state.current_player() == 0
    with pytest.raises(IllegalActionError):
        state.commit(2, "bid 2")
    state.commit(1, "bid 3")
    assert state.waiting_for() == (0,)
    state.commit(0, "bid 0")
    assert state.decision == Decision("place", 1) and state.waiting_for() == (1,)


def test_a_save_in_the_commit_phase_round_trips_and_keeps_the_commitment() -> None:
    state = BidGame().new_initial_state(0)
    state.apply_action("bid 2")
    again = BidGame().deserialize(state.serialize())
    assert again.serialize() == state.serialize() and again.commits[0].text == "bid 2"
    again.apply_action("bid 1")
    assert again.decision == Decision("place", 0)


def test_a_kind_declared_secret_needs_a_reveal_and_only_secret_kinds_go_together() -> None:
    with pytest.raises(ValueError, match="reveal"):
        DecisionKind("x", lambda st: [], lambda st, a: None, secret=True)
    state = _to_place()
    with pytest.raises(ValueError, match="not declared secret"):
        state.decide_together("place", [0, 1])


# -- knowledge of hidden cards ------------------------------------------------------------------


def test_knowledge_records_peeks_and_redeal_keeps_what_a_seat_saw() -> None:
    knowledge = Knowledge()
    deck, hand0, hand1 = [10, 11, 12, 13, 14], [20, 21], [30, 31]
    knowledge.show(12, 0)  # seat 0 peeked at the deck's middle card
    knowledge.show_all([31])  # seat 1 showed this card to the table
    knowledge.show(20, 0)
    knowledge.show(21, 0)  # seat 0 knows its own hand
    assert knowledge.knows(0, 12) and not knowledge.knows(1, 12) and knowledge.knows(None, 31)
    for seed in range(40):
        zones = [deck[:], hand0[:], hand1[:]]
        redeal(zones, lambda card: not knowledge.knows(0, card), Rng(seed))
        assert zones[0][2] == 12 and zones[1] == hand0 and zones[2][1] == 31
        assert sorted(zones[0] + zones[2]) == sorted(deck + hand1)
    knowledge.forget([12])  # shuffled back: nobody knows where it is now
    assert not knowledge.knows(0, 12)
    assert Knowledge.from_json(json.loads(json.dumps(knowledge.to_json()))) == knowledge
    assert knowledge.to_json()["31"] == [EVERYONE]


def test_redeal_moves_who_knows_a_card_with_its_slot() -> None:
    """A re-dealt hand is still known to its holder and a peeked deck slot to the peeker: with the
    re-dealt state's knowledge given, the seats that knew the card in a slot know the card dealt
    into it; the cards the re-dealing seat knows, and what it knows, stay put."""
    deck, hand0, hand1 = [10, 11, 12, 13, 14], [20, 21], [30, 31]
    truth = Knowledge()
    truth.show_each(hand0, 0)
    truth.show_each(hand1, 1)
    truth.show(12, 1)  # seat 1 peeked at the deck's middle card
    moved = 0
    for seed in range(40):
        zones, knowledge = [deck[:], hand0[:], hand1[:]], truth.copy()
        redeal(zones, lambda card: not truth.knows(0, card), Rng(seed), knowledge)
        assert zones[1] == hand0 and all(knowledge.knows(0, c) for c in hand0)
        assert all(knowledge.knows(1, c) for c in zones[2]) and knowledge.knows(1, zones[0][2])
        assert sum(knowledge.knows(1, c) for c in zones[0] + zones[2]) == 3
        moved += zones[2] != hand1
        # without it the knowledge is left alone: the old call, for a seat's own re-draw
        plain = [deck[:], hand0[:], hand1[:]]
        redeal(plain, lambda card: not truth.knows(0, card), Rng(seed))
        assert plain == zones
    assert moved


def test_show_each_is_show_for_each_card() -> None:
    """A dealt hand shown in one call records what a `show` per card would, seats added to
    those who knew a card already."""
    one, each = Knowledge(), Knowledge()
    for known in (one, each):
        known.show(5, 2)
    for card in (5, 6, 7):
        one.show(card, 0, 1)
    each.show_each((5, 6, 7), 0, 1)
    assert each == one and each.seen[5] == frozenset((0, 1, 2))
    each.show_each((), 3)
    assert each == one
