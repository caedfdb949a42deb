"""Siege drawn as text for the terminal: the six sectors as columns, rings as rows.

Everything a person reads names things as the box does (P-47 Thunderbolt, Tiger E), with the id
that is typed beside it where an option needs it (`green_aviation`, `t17`). An enemy in a cell
is kind + armour + `#` token id (`Ti3#17`: a Tiger E with armour 3, token 17, typed `t17`); a cell
holding more enemies than its column fits runs on over extra lines instead of pushing the
columns out of line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.core.game import Action
from warroom.games.siege.board import SECTORS, colour_of, space
from warroom.games.siege.rules.setup import arrangement_words
from warroom.games.siege.words import AIMED, LETTER, VEHICLES, Ask, Ring, Site, Verb

if TYPE_CHECKING:
    from warroom.games.siege.actions import SiegeAction
    from warroom.games.siege.state import SiegeState

SHORT = dict(zip(VEHICLES, ("Sd", "P3", "Ti", "P2", "P4", "Ma", "Pa"), strict=True))  # a vehicle in a cell
WIDTH = 15
LABEL = 10  # the ring names' column

# what each decision asks, in words (the decision line under the board)
ASKS = {
    Ask.ARRANGE: "arrange the six starting vehicles, one letter per sector 1-6",
    Ask.CLAIM: "claim a building as your home (My Home Is My Fortress)",
    Ask.SWAP: "phase 2: swap one card with the deck, or pass",
    Ask.TRADE: "phase 3: offer a card to a partner, or pass",
    Ask.ANSWER: "answer the trade: give a card back, or refuse",
    Ask.PLAY: "phase 4: play a card, or pass to end your turn",
    Ask.HIT: "choose which enemy of the group takes the damage",
    Ask.DISCARD: "Discard One: discard a card of your choice",
    Ask.MARSHAL: "Field Marshal: play tokens, or pass",
    Ask.MARSHAL_EXTRA: "Field Marshal: deploy the extra tokens, or stop",
}


_CARD_NAMES = "siege.card_names"  # kept in the configured game's `memo`


def card_names(st: SiegeState) -> dict[str, str]:
    """A card's printed name by its id (`green_aviation` -> "P-47 Thunderbolt"); built once per
    game, as the server words every option of every update with it."""
    memo = st.siege.memo
    names: dict[str, str] | None = memo.get(_CARD_NAMES)
    if names is None:
        names = memo[_CARD_NAMES] = dict(zip(st.siege.card_kind, st.siege.card_name, strict=True))
    return names


def token_names(st: SiegeState) -> dict[str, str]:
    """A token's printed name by its kind (`tiger` -> "Tiger E")."""
    return {t.kind: t.name for t in st.content.tokens}


def _items(st: SiegeState, sp: int) -> list[str]:
    kind_of, tokens = st.content.token_kind_of, st.content.tokens
    items = []
    for tid in sorted(st.enemies_at(sp)):
        mark = "*" if tid == st.hedgehog else ""
        items.append(f"{SHORT.get(tokens[kind_of[tid]].kind, '??')}{st.armour[tid]}#{tid}{mark}")
    return items


def _lines(items: list[str], width: int) -> list[str]:
    """Words packed into lines that fit a column (a word longer than the column stands alone)."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 1 + len(item) <= width:
            lines[-1] += " " + item
        else:
            lines.append(item)
    return lines or [""]


def _row(label: str, cells: list[list[str]]) -> list[str]:
    """One ring as one or more text lines, each sector's items in its own column."""
    packed = [_lines(items, WIDTH - 1) for items in cells]
    depth = max(len(p) for p in packed)
    rows = []
    for i in range(depth):
        head = label if i == 0 else ""
        rows.append(f"{head:<{LABEL}}" + "".join(f"{(p[i] if i < len(p) else ''):<{WIDTH}}" for p in packed))
    return [row.rstrip() for row in rows]


def arrange_legend(st: SiegeState) -> str:
    names = token_names(st)
    letters = ", ".join(f"{letter} = {names[kind]}" for kind, letter in LETTER.items())
    return f"arrange: the letters give sectors 1 to 6 in order: {letters}"


def _decision(st: SiegeState) -> list[str]:
    if st.decision is None:
        return []
    kind, seat = st.decision[0], st.decision[1]
    who = "the Field Marshal" if seat == st.siege.marshal_seat else f"player {seat}"
    lines = [f"now: {who}: {ASKS.get(kind, kind)}"]
    if kind == Ask.ARRANGE:
        lines.append(arrange_legend(st))
    elif kind == Ask.HIT:
        _, _, site, sector, tids = st.decision
        group = ", ".join(st.enemy_label(t) for t in tids)
        lines.append(f"{struck(site, sector)} was struck by {group}; one of them takes 1 damage")
    return lines


def struck(site: str, sector: int) -> str:
    """The structure a colliding group struck, in words."""
    return f"fortification {sector}" if site == Site.FORT else f"building {sector}"


def render(st: SiegeState, player: int | None) -> str:
    v = st.view(player)
    cards, tokens = card_names(st), token_names(st)
    lines = [f"War Thunder: Siege - turn {st.turn}, player {st.active}'s turn, {v['result']}"]
    lines.append(" " * LABEL + "".join(f"{s} {colour_of(s).name.lower():<{WIDTH - 2}}" for s in SECTORS))
    for ring in (Ring.REAR, Ring.AVIATION, Ring.ARTILLERY, Ring.TANK):
        lines += _row(ring.name.lower(), [_items(st, space(s, ring)) for s in SECTORS])
    forts = [[("FORT+DOT" if st.dot[s - 1] else "FORT") if st.fort[s - 1] else "-- open --"] for s in SECTORS]
    lines += _row("walls", forts)
    city = [["BUILDING" if st.building[s - 1] else "ruins", *_items(st, space(s, Ring.CITY))]
            for s in SECTORS]  # fmt: skip
    lines += _row("city", city)
    lines.append(
        f"deck {v['deck_count']}  discard {len(v['discard'])}  reserve {v['reserve_count']}  "
        f"hedgehog {'on #' + str(v['hedgehog']) if v['hedgehog'] is not None else 'in supply'}  "
        f"DOTs in supply {v['dots_in_supply']}  (* = held by the hedgehog)"
    )
    for p, hand in enumerate(v["hands"]):
        you = " (you)" if p == player else ""
        out = " OUT" if v["eliminated"][p] else ""
        held = ", ".join(f"{cards[k]} [{k}]" for k in hand) or "-"
        lines.append(f"player {p}{you}{out}: {held}   trophies {v['scores'][p]} pts")
    if "marshal" in v:
        m = v["marshal"]
        hidden = f"{m['hand_count']} hidden token(s)"
        hand = ", ".join(tokens[k] for k in m["hand"]) if "hand" in m else hidden
        lines.append(f"Field Marshal (player {m['seat']}): {hand}")
    lines += _decision(st)
    return "\n".join(lines)


def describe(st: SiegeState, action: Action) -> str:
    """The action's text (what is typed), then in words what it names: the enemy aimed at and,
    for `hit`, the structure whose damage it takes; the cards by their printed names; the
    vehicles of an arrangement sector by sector."""
    a: SiegeAction = action  # type: ignore[assignment]  # only SiegeActions reach here
    if a.verb == Verb.HIT and a.b in st.pos and st.decision is not None and st.decision[0] == Ask.HIT:
        site, sector = st.decision[2], st.decision[3]
        return f"{a.text}  ({st.enemy_label(a.b)} takes the damage from {struck(site, sector)})"
    if a.verb in AIMED and a.b in st.pos:
        return f"{a.text}  ({_card_words(st, a)}{st.enemy_label(a.b)})"
    if a.verb == Verb.ARRANGE:
        return f"{a.text}  ({arrangement_words(st, a.text.split()[1])})"
    if a.verb in (Verb.PASS, Verb.STOP) and st.decision is not None:
        return f"{a.text}  ({PASS_WORDS.get(st.decision[0], 'do nothing more in this step')})"
    named = _card_words(st, a) + _place_words(a)
    return f"{a.text}  ({named.removesuffix(' at ')})" if named else a.text


def _place_words(a: SiegeAction) -> str:
    """The wall or sector an action names ("the fortification of sector 4"), so options that differ
    only there (DOT, Sandbags + Barbed Wire, a claim) read apart."""
    places = [f"the fortification of sector {p.value}" if p.role == "fortification" else f"sector {p.value}"
              for p in a.parts if p.kind == "sector"]  # fmt: skip
    return " and ".join(places)


# What `pass` (and the Field Marshal's `stop`) leaves undone in each step.
PASS_WORDS = {
    Ask.SWAP: "keep your hand: swap no card",
    Ask.TRADE: "no trade this turn",
    Ask.PLAY: "play no more cards: the enemy moves next",
    Ask.MARSHAL: "play no token this turn",
    Ask.MARSHAL_EXTRA: "deploy no more tokens",
}


def _card_words(st: SiegeState, a: SiegeAction) -> str:
    """The printed names of the cards an action's parts name, e.g. "P-47 Thunderbolt at "."""
    cards = card_names(st)
    named = [cards[p.value] for p in a.parts if p.kind == "card" and p.value in cards]
    return f"{' + '.join(named)} at " if named else ""
