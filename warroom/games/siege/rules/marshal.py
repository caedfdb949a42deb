"""Field Marshal mode: one player commands the enemy with a hidden hand of tokens (SG-FM-01..19).

His turn replaces phases 5-6 of each defender's turn: move the enemies, draw up to three tokens,
then play one vehicle into a chosen rear space (option A), two tokens (option B), or nothing
(option C: always open while an enemy is on the board; on an empty board the anti-stall rule
SG-FM-16 forces a play when he has one). A lone event is never playable (SG-FM-16).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.actions import Action
from warroom.games.siege.board import SECTORS
from warroom.games.siege.rules.end import check_win
from warroom.games.siege.words import Ask, Job, Verb

if TYPE_CHECKING:
    from warroom.games.siege.actions import SiegeAction
    from warroom.games.siege.state import SiegeState

HAND = 3  # SG-FM-02, SG-FM-05


def turn(st: SiegeState, _job: list[Any]) -> None:
    """Move like phase 5; after a Patrol that is all (SG-FM-05, SG-FM-13)."""
    if st.patrol:
        st.say("patrol", "patrol: the Field Marshal only moves his enemies this turn")
        st.push([Job.MOVE])
    else:
        st.push([Job.MOVE], [Job.MARSHAL_DRAW], [Job.MARSHAL_PLAY])


def draw(st: SiegeState, n: int) -> None:
    drawn = [st.reserve.pop() for _ in range(min(n, len(st.reserve)))]
    st.marshal_hand.extend(drawn)
    if drawn:
        fm = st.siege.marshal_seat
        names = ", ".join(st.token_name(t) for t in drawn)
        st.say(
            "marshal_draw",
            f"the Field Marshal draws {len(drawn)} token{'s' * (len(drawn) != 1)}",
            count=len(drawn),
        )
        st.say("marshal_draw_private", f"you draw {names}", frozenset({fm}), tokens=drawn)


def draw_step(st: SiegeState, _job: list[Any]) -> None:
    """Draw up to three; a larger hand draws nothing and keeps its tokens (SG-FM-05)."""
    draw(st, HAND - len(st.marshal_hand))


def play_step(st: SiegeState, _job: list[Any]) -> None:
    """Asked whenever he holds a token, even when the anti-stall rule leaves one play; if his
    draw emptied the reserve on an empty board the defenders have won already, whatever he holds
    (SG-FM-15)."""
    if not st.reserve and not st.pos:
        check_win(st)
    elif st.marshal_hand:
        st.decide(Ask.MARSHAL, st.siege.marshal_seat)


def _kinds(st: SiegeState) -> list[int]:
    kind_of = st.content.token_kind_of
    return sorted({kind_of[t] for t in st.marshal_hand})


def legal(st: SiegeState) -> list[Action]:
    """Pass (option C), one vehicle (A) or any two tokens (B); pass is withheld only on an empty
    board when a play exists (SG-FM-06, SG-FM-16)."""
    t = st.table
    tokens = st.content.tokens
    kind_of = st.content.token_kind_of
    out: list[Action] = []
    kinds = _kinds(st)
    for k in kinds:  # option A: one vehicle, sector of his choice (SG-FM-06/07)
        if tokens[k].is_vehicle:
            out.extend(t.place[k][s] for s in SECTORS)
    pairs: set[tuple[int, int]] = set()
    hand = st.marshal_hand
    for i, a in enumerate(hand):  # option B: any two tokens; vehicles go first (SG-FM-08)
        for j, b in enumerate(hand):
            ka, kb = kind_of[a], kind_of[b]
            if i != j and not (tokens[kb].is_vehicle and not tokens[ka].is_vehicle):
                pairs.add((ka, kb))
    out.extend(t.pair[a][b] for a, b in sorted(pairs))
    if st.pos or not out:  # option C; a lone event is never offered (SG-FM-16)
        out.insert(0, t.pass_)
    return out


def _take(st: SiegeState, kind: int) -> int:
    kind_of = st.content.token_kind_of
    tid = next(t for t in st.marshal_hand if kind_of[t] == kind)
    st.marshal_hand.remove(tid)
    st.staged.append(tid)  # face up on the table until it resolves
    return tid


def apply(st: SiegeState, action: SiegeAction) -> None:
    st.decision = None
    verb = action.verb
    if verb == Verb.PASS:
        st.say("marshal_pass", "the Field Marshal plays no token")
    elif verb == Verb.PLACE:
        st.push([Job.TOKEN, _take(st, action.a), action.b])
    elif verb == Verb.PAIR:
        first = _take(st, action.a)
        st.push([Job.TOKEN, first, 0], [Job.TOKEN, _take(st, action.b), 0])
    else:  # single
        st.push([Job.TOKEN, _take(st, action.a), 0])


def grant_extra(st: SiegeState, n: int) -> None:
    """Reveal 3/4: draw n, then play up to n from hand (SG-FM-10, SG-FM-12); a Pz.Kpfw. II
    reveals instead (SG-FM-11, enemies._pz2)."""
    draw(st, n)
    st.marshal_plays += n
    st.push([Job.MARSHAL_EXTRA])


def extra_step(st: SiegeState, _job: list[Any]) -> None:
    if st.marshal_plays > 0 and st.marshal_hand:
        st.decide(Ask.MARSHAL_EXTRA, st.siege.marshal_seat)
    else:
        st.marshal_plays = 0


def extra_legal(st: SiegeState) -> list[Action]:
    return [st.table.stop, *(st.table.deploy[k] for k in _kinds(st))]


def extra_apply(st: SiegeState, action: SiegeAction) -> None:
    """Each extra vehicle is placed by die roll (SG-FM-10)."""
    st.decision = None
    if action.verb == Verb.STOP:
        st.marshal_plays = 0
        return
    st.marshal_plays -= 1
    st.push([Job.TOKEN, _take(st, action.a), 0], [Job.MARSHAL_EXTRA])
