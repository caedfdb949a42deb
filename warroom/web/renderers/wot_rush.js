// @ts-check
// World of Tanks: Rush as a card table: the public middle (reserve, vehicle deck, discard pile,
// graveyard, medal decks, achievements in play, the attack under way), every opponent's zone
// (hand backs, hangar, warehouse, bases with their defenders) on the board; the viewer's own zone
// (hand as card faces, bases, warehouse, hangar) below it. Only the view is drawn; which cards and
// bases are clickable comes from the legal options' parts.
import { el } from "../net.js";
import { decider, part, seatColour, seatName, seatTitle } from "./common.js";

// Printed card faces from the engine's catalog (sent with the table); the label is the fallback.
let CARDS = {};
let ACHIEVEMENTS = {};
let ACH_MEDALS = 5;

function useCatalog(catalog) {
  CARDS = catalog.cards || {};
  ACHIEVEMENTS = catalog.achievements || {};
  ACH_MEDALS = catalog.achievement_medals ?? 5;
}

const NATION_CLASS = { USSR: "ussr", Germany: "germany", USA: "usa", France: "france" };
const ABILITY_WORDS = {
  REC: "Reconnaissance", REI: "Reinforcement", INV: "Invulnerability", SAB: "Sabotage",
  RES: "Research", CALL: "Call", REP: "Repair",
};
const DECISION_WORDS = {
  scout: "Reconnaissance: choose reserve cards to discard",
  research: "Research: take a reserve card",
  repair: "Repair: scrap warehouse cards",
  sabotage: "Sabotage: discard a card from your hand",
  place: "put the card on guard at one of your bases",
  declare: "declare the attack: add vehicles of the same nation, then go",
  fire: "fire: pick an attacking vehicle and its target",
  reward: "choose your medals",
  more: "resolve the card's next ability, or stop",
};

export function card(label) {
  const c = CARDS[label];
  return c || { name: label, type: "vehicle", nation: null, class: null, abilities: [] };
}

function cardName(label) { return card(label).name; }

// What each printed ability does, in plain words (WOT-ICON-06..12), and the attack restrictions
// (WOT-ICON-13/14): the catalog names a card's abilities by their codes, this says what they do.
const ABILITY_TEXT = {
  REC: () => "discard any of the reserve's cards to the vehicle discard pile; the reserve refills from the vehicle deck",
  REI: (n) => `draw ${n} card${n === "1" ? "" : "s"} from your hangar into your hand; you may play ${n === "1" ? "it" : "them"} this turn`,
  INV: () => "take a 1-medal card of this card's nation from the medal deck into your warehouse",
  SAB: () => "every opponent discards a card of their choice from their hand into their own warehouse and draws none in its place",
  RES: (n) => `take one reserve card costing ${n} or less into your warehouse, free (not a purchase); this card then goes to the graveyard`,
  CALL: () => "you may buy one more card this turn",
  REP: (n) => `move up to ${n} card${n === "1" ? "" : "s"} from your warehouse to the graveyard`,
};

// A card read in full, in sentences: what it is, what it pays, how it fights and guards, what
// each ability does; the hover text and the tap-to-read text of every face and chip.
export function cardWords(label) {
  const c = card(label);
  const said = [];
  if (c.type === "vehicle") said.push(`${[c.nation, c.class].filter(Boolean).join(" ")} vehicle${c.cost !== null && c.cost !== undefined ? `, costs ${c.cost} to buy` : ""}`);
  else if (c.type === "medal") said.push(`${c.nation} medal card, worth ${c.medals} medal${c.medals === 1 ? "" : "s"} at the end`);
  else if (c.type === "barracks") said.push("barracks card (your starting deck)");
  else if (c.type === "base") said.push("a base: guard it with armoured vehicles; an attacker who destroys it takes it");
  if (c.resource !== null && c.resource !== undefined) said.push(`pays ${c.resource} toward a purchase`);
  if (c.type === "vehicle") {
    said.push(c.strength ? `strength ${c.strength} in an attack` : "strength 0: cannot attack");
    said.push(c.armour ? `armour ${c.armour}: after its play it stands guard at one of your bases` : "armour 0: cannot stand guard");
  }
  if (c.restriction === "base") said.push("attacks only bases, never vehicles");
  if (c.restriction === "vehicles") said.push("attacks only vehicles on guard, never bases");
  for (const spec of c.abilities || []) {
    const [code, n] = spec.split(" ");
    const does = ABILITY_TEXT[code];
    said.push(does ? `${abilityWords(spec)}: ${does(n)}` : abilityWords(spec));
  }
  return `${c.name}: ${said.join("; ")}.`;
}

function abilityWords(spec) {
  const [word, n] = spec.split(" ");
  return n ? `${ABILITY_WORDS[word] || word} ${n}` : ABILITY_WORDS[word] || word;
}

// One card face; `handle` makes it clickable when the legal options allow it.
function face(label, ui, { small = false, handle = null, note = null, damaged = false } = {}) {
  const c = card(label);
  const h = handle === null ? `card:${label}` : handle;
  const clickable = Boolean(h) && ui.clickable.has(h);
  const selected = Boolean(h) && ui.selected.has(h);
  const nation = c.nation ? NATION_CLASS[c.nation] : c.type;
  const band = c.type === "vehicle" ? c.class || "vehicle"
    : c.type === "medal" ? `${c.nation} medal` : c.type === "barracks" ? "Barracks" : c.type;
  const stats = [];
  const gap = small ? "" : " ";
  if (c.resource !== null && c.resource !== undefined) stats.push(el("span", { class: "st res", title: "resource" }, `res${gap}${c.resource}`));
  if (c.strength) stats.push(el("span", { class: "st str", title: "strength" }, `str${gap}${c.strength}`));
  if (c.armour) stats.push(el("span", { class: "st arm", title: "armour" }, `arm${gap}${c.armour}`));
  const words = (c.abilities || []).map(abilityWords);
  if (c.restriction === "base") words.push("only vs base");
  if (c.restriction === "vehicles") words.push("only vs vehicles");
  if (c.medals) words.push(`${"★".repeat(c.medals)} ${c.medals} medal${c.medals > 1 ? "s" : ""}`);
  const title = cardWords(label);
  return el("div", {
    class: `wot-card n-${nation}${small ? " small" : ""}${clickable ? " target" : ""}${selected ? " selected" : ""}${damaged ? " damaged" : ""}`,
    // its words on hover (and, as `data-read`, for the table's tap-to-read)
    dataset: { handle: h || "", kind: label, read: title }, title,
    onclick: clickable ? () => ui.onHandle(h) : null,
  },
  el("div", { class: "wc-band" }, el("span", { class: "wc-kind" }, band),
    c.cost !== null && c.cost !== undefined ? el("span", { class: "wc-cost", title: "cost" }, c.cost) : null),
  el("div", { class: "wc-name" }, c.name),
  c.type === "vehicle" ? el("div", { class: "wc-id" }, c.nation) : null, // the nation, not the data file's id
  words.length ? el("div", { class: "wc-abil" }, words.join(" · ")) : el("div", { class: "wc-abil" }),
  el("div", { class: "wc-stats" }, stats),
  note ? el("div", { class: "wc-note" }, note) : null,
  damaged ? el("div", { class: "damage-marker", title: "damaged" }, "✸") : null);
}

function backs(n, label) {
  const shown = Math.min(n, 6);
  return el("div", { class: "wot-pile", title: `${n} ${label}` },
    el("div", { class: "backs" }, Array.from({ length: shown }, (_, i) => el("div", { class: "wot-back", style: `left:${i * 9}px` }))),
    el("div", { class: "pile-count" }, `${n}`), el("div", { class: "pile-label" }, label));
}

function bases(view, seat, ui) {
  return el("div", { class: "wot-bases" }, view.seats[seat].bases.map((b) => {
    const handle = `base:${seat}:${b.slot}`;
    const clickable = ui.clickable.has(handle);
    return el("div", {
      class: `wot-base${b.standing ? "" : " destroyed"}${b.damaged ? " hit" : ""}${clickable ? " target" : ""}${ui.selected.has(handle) ? " selected" : ""}`,
      dataset: { handle, seat, slot: b.slot }, onclick: clickable ? () => ui.onHandle(handle) : null,
    },
    el("div", { class: "base-head" }, el("span", {}, `Base ${b.slot}`),
      !b.standing ? el("span", { class: "badge lost" }, "destroyed")
        : b.damaged ? el("span", { class: "damage-marker inline", title: "base damaged" }, "✸ damaged") : null),
    b.defender ? face(b.defender, ui, { small: true, handle: "", damaged: b.defender_damaged, note: "on guard" })
      : el("div", { class: "no-defender" }, b.standing ? "unguarded" : "—"));
  }));
}

function seatHead(view, seat, ui, extra) {
  const d = view.decision;
  return el("div", { class: "player-head" },
    el("span", { class: "seat-dot", style: `background:${seatColour(seat)}` }),
    el("strong", {}, seatName(ui.seats, seat)), seat === ui.viewer ? el("span", { class: "you" }, "you") : null,
    seat === view.active ? el("span", { class: "badge turn" }, "turn") : null,
    d && d.player === seat && seat !== view.active ? el("span", { class: "badge turn" }, "deciding") : null,
    seat === view.first_player ? el("span", { class: "badge first", title: "first player" }, "1st") : null,
    view.scores ? el("span", { class: "trophies" }, `★ ${view.scores[seat]} medals`) : null, extra);
}

// Warehouse cards are clickable only while their owner repairs (scraps) them: an Engineer there
// is not the Engineer in hand that "pay engineer" means.
function warehouse(labels, ui, small, scrapping) {
  return el("div", { class: "wot-warehouse" },
    el("div", { class: "zone-label" }, `Warehouse (${labels.length})`),
    el("div", { class: "cards tight" }, labels.length ? labels.map((l) => face(l, ui, { small, handle: scrapping ? null : "" }))
      : el("span", { class: "muted" }, "empty")));
}

function opponentZone(view, seat, ui) {
  const s = view.seats[seat];
  const hand = s.hand
    ? el("div", { class: "cards tight" }, s.hand.map((l) => face(l, ui, { small: true, handle: "" })))
    : backs(s.hand_count, "in hand");
  return el("div", { class: `wot-seat opponent${seat === view.active ? " to-move" : ""}`, dataset: { seat } },
    seatHead(view, seat, ui, el("span", { class: "muted counts" }, `hand ${s.hand_count} · hangar ${s.hangar_count} · warehouse ${s.warehouse.length}`)),
    el("div", { class: "wot-row" },
      el("div", { class: "zone" }, el("div", { class: "zone-label" }, s.hand ? "Hand (face up)" : "Hand"), hand),
      el("div", { class: "zone" }, el("div", { class: "zone-label" }, "Hangar"), backs(s.hangar_count, "face down")),
      el("div", { class: "zone grow" }, el("div", { class: "zone-label" }, "Bases"), bases(view, seat, ui))),
    el("div", { class: "wot-warehouse" }, el("div", { class: "zone-label" }, `Warehouse (${s.warehouse.length})`),
      el("div", { class: "chips" }, s.warehouse.length ? s.warehouse.map(chip) : el("span", { class: "muted" }, "empty"))));
}

// A card named in a compact row (another seat's warehouse): its nation's colour and name; its words
// on hover.
function chip(label) {
  const c = card(label);
  return el("span", { class: `wot-chip n-${c.nation ? NATION_CLASS[c.nation] : c.type}`, dataset: { kind: label, read: cardWords(label) }, title: cardWords(label) },
    c.name);
}

function medalDecks(view) {
  return el("div", { class: "zone medals" }, el("div", { class: "zone-label" }, "Medal decks"),
    el("div", { class: "medal-decks" }, Object.entries(view.medal_decks).map(([nation, [ones, twos]]) =>
      el("div", { class: `medal-deck n-${NATION_CLASS[nation]}`, title: `${nation}: ${ones} one-medal and ${twos} two-medal cards left` },
        el("div", { class: "md-nation" }, nation),
        el("div", {}, el("span", { class: "md-n" }, twos), " ★★"),
        el("div", {}, el("span", { class: "md-n" }, ones), " ★")))));
}

function achievements(view) {
  return el("div", { class: "zone" }, el("div", { class: "zone-label" }, `Achievements in play (${ACH_MEDALS} medals each)`),
    el("div", { class: "achievements" }, view.achievements.map((id) =>
      el("div", { class: "achievement", title: id }, el("span", { class: "ach-star" }, "✪"), ACHIEVEMENTS[id] || id))));
}

function attackRow(view, ui) {
  const d = view.decision;
  if (!d || !d.declared) return null;
  const hand = view.seats[d.player]?.hand || [];
  const away = d.declared.filter((l) => !hand.includes(l));
  return el("div", { class: "zone attack" },
    el("div", { class: "zone-label" }, `Attack by ${seatName(ui.seats, d.player)}: ${d.declared.map(cardName).join(", ")}` +
      (d.destroyed ? ` · ${d.destroyed} destroyed so far` : "")),
    away.length ? el("div", { class: "cards tight" }, away.map((l) => face(l, ui, { small: true }))) : null);
}

function board(container) {
  const root = el("div", { class: "wot-table" });
  container.append(root);
  return {
    update(view, ui) {
      const discard = view.vehicle_discard;
      const others = [...view.seats.keys()].filter((p) => p !== ui.viewer);
      root.replaceChildren(...[
        el("div", { class: "wot-status" }, statusLine(view, ui)),
        el("div", { class: "wot-middle" },
          el("div", { class: "zone" }, el("div", { class: "zone-label" }, "Vehicle deck"), backs(view.vehicle_deck_count, "cards")),
          el("div", { class: "zone reserve" }, el("div", { class: "zone-label" }, "Reserve"),
            el("div", { class: "cards" }, view.reserve.map((l, i) => face(l, ui, { note: `#${i + 1}` })))),
          el("div", { class: "zone" }, el("div", { class: "zone-label" }, `Discard (${discard.length})`),
            discard.length ? face(discard[discard.length - 1], ui, { small: true, handle: "", note: "top card" }) : el("div", { class: "empty-slot" }, "empty")),
          el("div", { class: "zone" }, el("div", { class: "zone-label" }, `Graveyard (${view.graveyard.length})`),
            view.graveyard.length ? face(view.graveyard[view.graveyard.length - 1], ui, { small: true, handle: "", note: "removed" }) : el("div", { class: "empty-slot" }, "empty"))),
        el("div", { class: "wot-middle" }, medalDecks(view), achievements(view)),
        attackRow(view, ui),
        el("div", { class: "wot-opponents" }, others.map((p) => opponentZone(view, p, ui)))].filter(Boolean));
    },
  };
}

function statusLine(view, ui) {
  if (view.over) return [el("span", { class: "seat-dot", style: `background:${seatColour(-1)}` }), `Game over after round ${view.round + 1} (turn ${view.turn})`];
  const parts = [`Round ${view.round + 1} · turn ${view.turn}`, `${seatName(ui.seats, view.active)} to play`];
  const d = view.decision;
  if (d) parts.push(decisionWords(view, ui.seats));
  parts.push(`purchases ${view.purchases} of ${view.purchase_limit}`, view.attacked ? "attacked this turn" : "no attack yet");
  if (view.end_triggered) parts.push("the game ends after this round");
  return [el("span", { class: "seat-dot", style: `background:${seatColour(view.active)}` }), parts.join(" · ")];
}

function decisionWords(view, seats) {
  const d = view.decision;
  if (!d) return "";
  if (d.kind === "main") return "play cards: buy, use, defend or attack; end finishes the turn";
  if (d.kind === "pay") {
    const cost = card(d.card).cost ?? "?";
    return `pay for ${cardName(d.card)}: ${d.paid_total} of ${cost} paid (${d.paid} card${d.paid === 1 ? "" : "s"})`;
  }
  let text = DECISION_WORDS[d.kind] || d.kind;
  if (d.card && ["scout", "research", "repair", "place", "more", "sabotage"].includes(d.kind)) text = `${cardName(d.card)}: ${text}`;
  if (d.n) text += ` (up to ${d.n})`;
  if (d.kind === "reward") text = `${d.destroyed} ${d.nation} medal${d.destroyed === 1 ? "" : "s"} earned: ${text}`;
  if (d.kind === "sabotage" && seats) text += ` (${seatName(seats, d.player)})`;
  return text;
}

function hands(container, view, ui) {
  if (ui.viewer === null || ui.viewer === undefined || !view.seats[ui.viewer]) { container.replaceChildren(); return; }
  const me = ui.viewer;
  const s = view.seats[me];
  const declared = new Set(view.decision?.declared || []);
  const played = new Set(view.played_this_turn || []);
  const hand = s.hand || [];
  container.replaceChildren(el("div", { class: `wot-seat mine${me === view.active ? " to-move" : ""}`, dataset: { seat: me } },
    seatHead(view, me, ui, el("span", { class: "muted counts" }, `hand ${s.hand_count} · hangar ${s.hangar_count} · warehouse ${s.warehouse.length}`)),
    chooser(ui),
    el("div", { class: "wot-row" },
      el("div", { class: "zone grow" }, el("div", { class: "zone-label" }, "Your hand"),
        el("div", { class: "cards wot-hand" }, hand.length ? hand.map((l) => face(l, ui,
          { note: declared.has(l) ? "in the attack" : played.has(l) ? "played" : null })) : el("span", { class: "muted" }, "no cards in hand"))),
      el("div", { class: "zone" }, el("div", { class: "zone-label" }, "Hangar"), backs(s.hangar_count, "face down")),
      el("div", { class: "zone" }, el("div", { class: "zone-label" }, "Your bases"), bases(view, me, ui)),
      // in the same row, so the seat stays one card high on a wide screen (it wraps when narrow)
      warehouse(s.warehouse, ui, true, view.decision?.kind === "repair" && view.decision.player === me))));
}

// With a card picked that allows several plays, the plays left as buttons next to the hand.
function chooser(ui) {
  const picked = [...ui.selected].find((h) => h.startsWith("card:"));
  if (!picked) return null;
  const verbs = [...ui.clickable].filter((h) => h.startsWith("do:"));
  const targets = [...ui.clickable].filter((h) => h.startsWith("base:"));
  return el("div", { class: "wot-chooser" },
    el("span", {}, `${handleLabel(picked)}: `),
    verbs.map((h) => el("button", { class: "primary small", dataset: { handle: h }, onclick: () => ui.onHandle(h) }, handleLabel(h))),
    targets.length ? el("span", { class: "muted" }, " or click a highlighted base") : null,
    el("button", { class: "small", onclick: () => ui.onHandle(picked) }, "✕ put back"));
}

// What a structured option names on the table, from its verb and parts: the card it buys, pays
// with, uses, puts into defence or fires with, the base it fires on or guards, and the play
// itself where one card allows several ("do:defend", "do:use call" ...).
function handles(option, view) {
  const card = part(option, "card");
  switch (option.verb) {
    case "buy": case "pay": case "research": case "scrap": case "discard": case "add":
      return card === undefined ? [] : [`card:${card}`];
    case "use": return [`card:${card}`, `do:use ${part(option, "ability")}`];
    case "defend": return [`card:${card}`, "do:defend"];
    case "attack": return [`card:${card}`, "do:attack"];
    case "fire": {
      const base = part(option, "base");
      return [`card:${card}`, base === undefined ? "do:hold fire" : `base:${part(option, "seat")}:${base}`];
    }
    case "guard": return view?.decision ? [`base:${view.decision.player}:${part(option, "base")}`] : [];
    default: return [];
  }
}

function handleLabel(handle) {
  const [kind, a, b] = handle.split(":");
  if (kind === "card") return cardName(a);
  if (kind === "base") return `Player ${a}'s base ${b}`;
  if (kind === "do") {
    if (a.startsWith("use ")) return `use: ${ABILITY_WORDS[a.slice(4).toUpperCase()] || a.slice(4)}`;
    return { defend: "put into defence", attack: "attack with it", "hold fire": "hold fire (no target)" }[a] || a;
  }
  return handle;
}

function prompt(view, snap) {
  const turn = decider(view, snap);
  if (!turn) return null;
  const { mine, who } = turn;
  const words = decisionWords(view, snap.table.seats);
  if (!mine) return `${who} is deciding: ${words}`;
  return `${who}: ${words}`;
}

function outcome(view, returns) {
  const scores = view.scores || [];
  const winners = (returns || []).map((r, p) => [r, p]).filter(([r]) => r > 0).map(([, p]) => p);
  const table = scores.map((m, p) => `Player ${p}: ${m} medals`).join(", ");
  const won = winners.length === 0 ? "no winner"
    : winners.length === 1 ? `Player ${winners[0]} wins` : `shared victory: ${winners.map((p) => `Player ${p}`).join(" and ")}`;
  return table ? `${won} · ${table}` : won;
}

// The end-of-game summary: each player's medals (the score) and what their final squad holds.
function result(view) {
  const seats = [...view.seats.keys()];
  return {
    turns: view.turn,
    rounds: view.round + 1,
    rows: [
      { label: "Medals", values: seats.map((p) => view.scores[p]) },
      { label: "Bases left", values: seats.map((p) => view.seats[p].bases.filter((b) => b.standing).length) },
    ],
  };
}

// A log entry (the table's log, the news, the replay) with its seats named as the table names them
// ("Player 1 (AI heuristic)", a person's "Anna (Player 0)") where the engine's text says "player 1"
// or "players 0, 2": in World of Tanks: Rush's texts a number after "player" is always a seat (the
// event's data, `player`, `victims` or `winners`, holds the same numbers). The terminal keeps
// "player 1", as its seat lines say.
function logWords(e, seats) {
  const name = (n) => seatTitle(seats, Number(n));
  const text = e.text
    .replace(/\bplayers (\d+(?:, \d+)*)/g, (_, list) => list.split(", ").map(name).join(", "))
    .replace(/\bplayer (\d+)\b/g, (_, n) => name(n));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export default { autoAdvance: true, board, hands, handles, handleLabel, prompt, outcome, result, useCatalog, logWords };
