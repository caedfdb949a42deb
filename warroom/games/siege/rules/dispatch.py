"""Siege's decision kinds and agenda jobs, declared once for the core's turn engine
(`warroom.core.engine`): for each kind, the rules module that lists its options and applies the
chosen one; for each job, the rule that runs it.

Single options, in this one place (D-01): the team's `play` (SG-PLAY-01) and `trade`
(SG-TRADE-01) phases and the choice of which colliding enemy takes the damage (`hit`,
SG-FORT-02, SG-CITY-03) were never put to anyone when nothing but one option was left (only
`pass`, or enemies all alike); they are declared `forced`, and the engine takes that option. Every
other kind is asked even with a single option, as it always has been: a hand of one kind still
discards by choice (SG-EVT-08), the last claimant takes the last building (SG-OPTX-01), a Field
Marshal holding only a lone event (never playable) passes (SG-FM-16). Forcing those would drop
decisions from every recorded game, so they stay asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.engine import DecisionKind, JobFn, Rules
from warroom.games.siege.rules import cards, enemies, flow, marshal, setup, trade
from warroom.games.siege.rules.end import check_win
from warroom.games.siege.words import Ask, Job

if TYPE_CHECKING:
    from warroom.core.actions import Action
    from warroom.games.siege.state import SiegeState

DECISIONS: list[DecisionKind[SiegeState]] = [
    DecisionKind(Ask.ARRANGE, setup.arrangements, setup.apply_arrange),
    DecisionKind(Ask.CLAIM, setup.claims, setup.apply_claim),
    DecisionKind(Ask.SWAP, flow.swaps, flow.apply_swap),
    DecisionKind(Ask.TRADE, trade.offers, trade.apply_trade, forced=True),
    DecisionKind(Ask.ANSWER, trade.answers, trade.apply_answer),
    DecisionKind(Ask.PLAY, cards.legal, cards.apply, forced=True),
    DecisionKind(Ask.HIT, enemies.hit_choices, enemies.apply_hit, forced=True),
    DecisionKind(Ask.DISCARD, enemies.discard_choices, enemies.apply_discard),
    DecisionKind(Ask.MARSHAL, marshal.legal, marshal.apply),
    DecisionKind(Ask.MARSHAL_EXTRA, marshal.extra_legal, marshal.extra_apply),
]

JOBS: dict[str, JobFn[SiegeState]] = {
    Job.TURN: flow.turn,
    Job.DRAW: flow.draw,
    Job.SWAP: flow.swap,
    Job.TRADE: trade.offer_step,
    Job.PLAY: flow.play,
    Job.MOVE: flow.move,
    Job.REVEAL_START: flow.reveal_start,
    Job.REVEAL: flow.reveal,
    Job.END_TURN: flow.end_turn,
    Job.CHECK_WIN: check_win,
    Job.COLLIDE: enemies.collide,
    Job.DISCARD_ONE: enemies.discard_one_step,
    Job.TOKEN: flow.token,
    Job.MARSHAL_TURN: marshal.turn,
    Job.MARSHAL_DRAW: marshal.draw_step,
    Job.MARSHAL_PLAY: marshal.play_step,
    Job.MARSHAL_EXTRA: marshal.extra_step,
    Job.CLAIM: setup.claim_step,
}

RULES: Rules[SiegeState] = Rules(DECISIONS, JOBS)


def legal(st: SiegeState) -> list[Action]:
    """The pending decision's options listed afresh, past the position's cache (for tests)."""
    assert st.decision is not None
    options: list[Any] = RULES.kinds[st.decision[0]].options(st)
    return options
