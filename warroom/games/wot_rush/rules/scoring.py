"""Scoring (WOT-SCORE-01..05) and the achievements (WOT-ACH-01..12, table 2.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.games.wot_rush.content import Achievement
from warroom.games.wot_rush.words import Metric

if TYPE_CHECKING:
    from warroom.games.wot_rush.state import WotState


def squad(st: WotState, seat: int) -> list[int]:
    """The final squad: exactly hand + warehouse + hangar (WOT-SCORE-01, G-30, EDGE-14).

    «Cada jugador junta sus cartas de mano, almacén y hangar»: vehicles still guarding the seat's
    surviving bases are not in it, nor are the bases themselves or achievement cards (WOT-SCORE-03).
    """
    return st.hand[seat] + st.warehouse[seat] + st.hangar[seat]


def medal_total(st: WotState, cards: list[int]) -> int:
    c = st.wot.content
    return sum(c.medals[c.kind[card]] for card in cards)


def base_count(st: WotState, cards: list[int]) -> int:
    c = st.wot.content
    return sum(c.is_base[c.kind[card]] for card in cards)


def metric(st: WotState, ach: Achievement, cards: list[int]) -> int:
    """An achievement's count over one squad (table 2.5)."""
    c = st.wot.content
    kinds = [c.kind[card] for card in cards]
    if ach.metric == Metric.BASES:
        return sum(c.is_base[k] for k in kinds)
    if ach.metric == Metric.CLASS:
        return sum(c.card_class[k] == ach.value for k in kinds)
    if ach.metric == Metric.NATION_MEDALS:  # medals, not cards (WOT-ACH-07..10, G-31)
        return sum(c.medals[k] for k in kinds if c.is_medal[k] and c.nation[k] == ach.value)
    if ach.metric == Metric.DOUBLE_MEDALS:
        return sum(c.medals[k] == 2 for k in kinds)
    return len(kinds)


def achievement_winners(st: WotState) -> dict[int, int]:
    """Achievement index -> the seat that takes it: the single strictly highest count, never on a
    tie for the top and never at 0 (WOT-SCORE-02); seats with no winner are left out."""
    squads = [squad(st, p) for p in range(st.wot.num_players)]
    out: dict[int, int] = {}
    for a in st.achievements:
        ach = st.wot.content.achievements[a]
        values = [metric(st, ach, cards) for cards in squads]
        top = max(values)
        if top > 0 and values.count(top) == 1:
            out[a] = values.index(top)
    return out


def score_keys(st: WotState) -> list[tuple[int, int, int, int]]:
    """Per seat: (total medals, medal-card medals, base cards, achievements) (WOT-SCORE-04/05)."""
    c = st.wot.content
    won = list(achievement_winners(st).values())
    keys = []
    for p in range(st.wot.num_players):
        cards = squad(st, p)
        medals, bases, achs = medal_total(st, cards), base_count(st, cards), won.count(p)
        keys.append((medals + c.base_medals * bases + c.achievement_medals * achs, medals, bases, achs))
    return keys


def final_scores(st: WotState) -> list[int]:
    return [key[0] for key in score_keys(st)]


def winners(st: WotState) -> set[int]:
    """The highest total wins; ties go to medal-card medals, then base cards, then achievements;
    players still tied share the victory (WOT-SCORE-05)."""
    keys = score_keys(st)
    best = max(keys)
    return {p for p, key in enumerate(keys) if key == best}
