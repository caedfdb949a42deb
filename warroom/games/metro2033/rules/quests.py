"""Quests (metro2033.md §3.16 QST): completing them, once per condition group, and using their
abilities by discarding a face-down card or paying 1 A for a completed one once a round."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Final

from warroom.games.metro2033 import names
from warroom.games.metro2033.cards import CARD
from warroom.games.metro2033.changes import SEAT
from warroom.games.metro2033.rules.common import C, can_pay, pay, price
from warroom.games.metro2033.words import HOLDING, Purchase, QuestAbility, QuestCondition

if TYPE_CHECKING:
    from warroom.games.metro2033.state import MetroState

# Enum members the code below reads, one module constant each (speed, issue 15): reading a
# member off its enum class goes through EnumType.__getattr__'s slot (about 900 instructions
# a read, compiled or not); Final, mypyc keeps each in a C static
_PURCHASE_QUEST_REUSE: Final = Purchase.QUEST_REUSE


# Speed (issue 15): each quest instance's ability, looked up by instance id (options ask often).
ABILITY_OF: Final[Mapping[int, QuestAbility | None]] = {
    i: C.quests[card].ability_kind for i, card in enumerate(CARD) if card in C.quests
}


def group_done(st: MetroState, seat: int, cond: QuestCondition) -> bool:
    """M33-QST-05: never two completed quests of one condition group."""
    return any(C.quests[CARD[q]].cond == cond for q in st.done[seat])


def completable(st: MetroState, seat: int, events: Collection[QuestCondition] = ()) -> list[int]:
    """Face-down quests the seat may complete now: holding conditions met (M33-QST-03b/04), or
    one of the event conditions `events` just met (M33-QST-03a); one per group (M33-QST-05)."""
    out: list[int] = []
    seen: set[str] = set()
    for q in st.quests[seat]:
        card = C.quests[CARD[q]]
        if card.id in seen or group_done(st, seat, card.cond):
            continue
        if card.cond in events:
            ok = True
        elif card.cond in HOLDING and card.hold is not None:
            r, n = card.hold
            ok = st.res[seat]["MPA".index(r.value)] >= n
        else:
            ok = False
        if ok:
            seen.add(card.id)
            out.append(q)
    return out


def complete(st: MetroState, seat: int, quest_id: str) -> None:
    """M33-QST-02: turn it face up for everyone; +1 VP for good (no resources spent, M33-QST-04)."""
    q = next(c for c in st.quests[seat] if CARD[c] == quest_id)
    assert not group_done(st, seat, C.quests[quest_id].cond)
    st.quests[seat].remove(q)
    st.done[seat].append(q)
    st.changes[SEAT + seat] += 1  # speed (issue 18)
    st.show_all(q)
    st.say(
        "complete",
        f"{st.does(seat, 'complete')} the quest {C.quests[quest_id].name}",
        None,
        player=seat,
        card=quest_id,
    )


def ability_cards(st: MetroState, seat: int, ability: QuestAbility) -> list[tuple[str, str]]:
    """(quest id, mode) pairs that may use an ability now (M33-QST-06): "discard" a face-down
    quest, or "pay" 1 A for a completed one not yet used this round."""
    out = [(CARD[q], "discard") for q in st.quests[seat] if ABILITY_OF[q] == ability]
    reuse = [q for q in st.done[seat] if ABILITY_OF[q] == ability and q not in st.used]
    if reuse and can_pay(st, seat, price(st, _PURCHASE_QUEST_REUSE)):
        out += [(CARD[q], "pay") for q in reuse]
    return list(dict.fromkeys(out)) if len(out) > 1 else out


def use_quest(st: MetroState, seat: int, quest_id: str, mode: str) -> int:
    """Pay for an ability (M33-QST-06/07); returns the card's strength modifier (0 if none)."""
    if mode == "discard":
        q = next(c for c in st.quests[seat] if CARD[c] == quest_id)
        st.quests[seat].remove(q)
        st.changes[SEAT + seat] += 1  # speed (issue 18)
        st.q_disc.append(q)
        st.show_all(q)
        how = "discarding it"
    else:
        q = next(c for c in st.done[seat] if CARD[c] == quest_id and c not in st.used)
        pay(st, seat, price(st, _PURCHASE_QUEST_REUSE))
        st.used.append(q)
        how = f"paying {names.amounts(price(st, _PURCHASE_QUEST_REUSE).items())} to use it again"
    card = C.quests[quest_id]
    st.say("quest_ability", f"{st.does(seat, 'use')} {card.name} ({how})", None, player=seat, card=quest_id)
    return card.strength or 0
