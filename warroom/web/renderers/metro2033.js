// @ts-check
// Metro 2033 on an SVG metro map: the 78 stations at their schematic places, every tunnel in its
// line's colour (the Hanza ring thick and brown), the transfers, each zone tinted in its faction's
// colour; stations by kind (Polis gold, Hanza ringed, abandoned hollow, homes with a red ring) and
// owner (filled in the owner's seat colour), the hero figures standing on them. Beside the map the
// round track, the VP and army tracks, the law in force, the Hanza market and every player's
// public zone; below it the viewer's own hand (resources, equipment, quests, scouting card, dealt
// battle cards). The fixed board comes from the game's catalog (warroom/games/metro2033/render.py,
// `catalog`), what changes from the seat's view; which stations, heroes and cards are clickable
// comes from the legal options' verbs and parts, never from their text.
import { el } from "../net.js";
import { part, seatColour, seatName, svg } from "./common.js";

/** @typedef {import("../types").Seat} Seat */

let BOARD = null;
const NO_CARDS = { factions: {}, heroes: {}, battle_cards: {}, equipment: {}, quests: {}, threats: {}, laws: {} };
let CARDS = NO_CARDS;
let BY_ID = {};

// The catalog (render.catalog): `board` for the map, and the printed cards by kind.
function useCatalog(catalog) {
  BOARD = catalog.board || null;
  CARDS = { ...NO_CARDS, ...catalog };
  BY_ID = {};
  LABELS = null;
  for (const s of BOARD?.stations || []) BY_ID[s.id] = s;
  loadStyle();
}

// The renderer's own stylesheet, once (a same-origin <link>, as the page's CSP allows).
function loadStyle() {
  if (document.getElementById("m33-style")) return;
  document.head.append(el("link", { id: "m33-style", rel: "stylesheet", href: "/static/renderers/metro2033.css" }));
}

const SCALE = 10; // catalog positions are on a 0-100 square; the SVG draws them 10x
const R = 13; // station radius (the closest two stations are 39 apart)
const RES_WORDS = { M: "mushrooms", P: "pigs", A: "ammo", any: "any shown resource" };
const RES_COLOURS = { M: "#5aa9e6", P: "#e58fb0", A: "#c8923b" }; // token colours (rb p. 4)
const KIND_WORDS = { capturable: "station", polis: "Polis station", hanza: "Hanza station", abandoned: "abandoned station" };

// ------------------------------------------------------------------ the map, a pure drawing

// The SVG map of `board` (the catalog's board) with `marks`: {inPlay: Set of ids (all when
// absent), owner: {id: seat}, heroes: {id: [{seat, hero, faction, wounded}]}, homes: bool};
// `ui` gives what is clickable (`station:ID`, `hero:FACTION`) and the click handler.
export function drawMap(board, marks = {}, ui = { clickable: new Set(), selected: new Set(), onHandle() {} }) {
  const inPlay = marks.inPlay || new Set(board.stations.map((s) => s.id));
  const owner = marks.owner || {};
  const heroes = marks.heroes || {};
  const at = {};
  for (const s of board.stations) at[s.id] = [s.x * SCALE, s.y * SCALE];
  const zoneColour = (z) => board.zones[z]?.colour || "#888";
  const tint = svg("g", { class: "m33-zones" }, board.stations.filter((s) => inPlay.has(s.id)).map((s) =>
    svg("circle", { cx: at[s.id][0], cy: at[s.id][1], r: 46, fill: zoneColour(s.zone), opacity: 0.13 })));
  const links = svg("g", { class: "m33-links" }, board.links.map((e) => {
    const [x1, y1] = at[e.a];
    const [x2, y2] = at[e.b];
    const live = inPlay.has(e.a) && inPlay.has(e.b);
    if (e.kind === "transfer") {
      return svg("line", { class: "m33-transfer", x1, y1, x2, y2, stroke: "#d8d2c0", "stroke-width": 7,
        "stroke-linecap": "round", opacity: live ? 0.85 : 0.2, "data-a": e.a, "data-b": e.b });
    }
    return svg("line", { class: `m33-tunnel${e.hanza ? " hanza" : ""}`, x1, y1, x2, y2,
      stroke: board.lines[e.line]?.colour || "#999", "stroke-width": e.hanza ? 9 : 6, "stroke-linecap": "round",
      opacity: live ? 1 : 0.18, "data-a": e.a, "data-b": e.b });
  }));
  const stations = svg("g", { class: "m33-stations" }, board.stations.map((s) => station(s, at[s.id], inPlay.has(s.id), owner[s.id], ui)));
  const figures = svg("g", { class: "m33-heroes" }, Object.entries(heroes).flatMap(([sid, list]) =>
    list.map((h, k) => heroFigure(h, at[sid], k, list.length, ui))));
  // framed on the zones in play (M33-MAP-04): with fewer players the map is drawn larger
  const live = board.stations.filter((s) => inPlay.has(s.id));
  const xs = live.map((s) => at[s.id][0]);
  const ys = live.map((s) => at[s.id][1]);
  const [x0, x1] = [Math.min(...xs) - 45, Math.max(...xs) + 60];
  const [y0, y1] = [Math.min(...ys) - 40, Math.max(...ys) + 40];
  const box = `${x0} ${y0} ${x1 - x0} ${y1 - y0}`;
  // what lies outside the frame (zones out of play) is clipped, not drawn into the letterbox
  const frame = { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: 18 };
  return svg("svg", { class: "m33-map", viewBox: box, preserveAspectRatio: "xMidYMid meet", role: "img", "aria-label": "Metro 2033 map",
    "data-aspect": ((x1 - x0) / (y1 - y0)).toFixed(3) },
    svg("defs", {}, svg("clipPath", { id: "m33-frame" }, svg("rect", frame))),
    svg("rect", { ...frame, fill: "#15191c" }),
    svg("g", { "clip-path": "url(#m33-frame)" }, tint, links, stations, figures));
}

function station(s, [x, y], live, seat, ui) {
  const handle = `station:${s.id}`;
  const clickable = live && ui.clickable.has(handle);
  const selected = ui.selected.has(handle);
  const owned = seat !== undefined && seat !== null;
  const title = [`${s.name} (${s.ru}) · ${s.id}`, KIND_WORDS[s.kind], s.res ? `produces ${RES_WORDS[s.res]}` : null,
    s.home_of ? `home of ${CARDS.factions[s.home_of]?.name || s.home_of}` : null,
    s.xfer ? "with a transfer" : "no transfer", owned ? `owned by ${seatName(ui.seats, seat)}` : s.kind === "capturable" || s.kind === "polis" ? "neutral" : null,
    live ? null : "out of play"].filter(Boolean).join(" · ");
  const body = [];
  if (clickable || selected) body.push(svg("circle", { class: "m33-halo", r: R + 9, fill: "#ffd34d33", stroke: selected ? "#fff" : "#ffd34d", "stroke-width": 3 }));
  if (s.kind === "polis") {
    body.push(svg("circle", { r: R + 4, fill: "none", stroke: "#c9b458", "stroke-width": 3 }),
      svg("circle", { r: R, fill: owned ? seatColour(seat) : "#3a3628", stroke: "#c9b458", "stroke-width": 2 }));
  } else if (s.kind === "hanza") {
    body.push(svg("circle", { r: R, fill: "#f1e7d0", stroke: "#8d5b2d", "stroke-width": 5 }),
      svg("text", { class: "m33-mark", y: 4, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#5b3a1a" }, "H"));
  } else if (s.kind === "abandoned") {
    body.push(svg("circle", { r: R - 4, fill: "#15191c", stroke: "#777", "stroke-width": 2, "stroke-dasharray": "3 3" }));
  } else {
    body.push(svg("circle", { r: R, fill: owned ? seatColour(seat) : "#e9e4d6", stroke: "#1a1a1a", "stroke-width": 2 }));
  }
  if (s.home_of) body.push(svg("circle", { class: "m33-home", r: R + 3.5, fill: "none", stroke: "#d0312d", "stroke-width": 2.5 }));
  if (s.res && s.res !== "any") {
    body.push(svg("circle", { r: 5.5, cx: R - 2, cy: R - 2, fill: RES_COLOURS[s.res], stroke: "#111", "stroke-width": 1 }),
      svg("text", { x: R - 2, y: R + 1, "text-anchor": "middle", "font-size": 8, "font-weight": 700, fill: "#111" }, s.res));
  }
  const [lx, ly, anchor] = labelSpot(s.id);
  body.push(svg("text", { class: "m33-label", x: lx, y: ly, "text-anchor": anchor, "font-size": 17, "font-weight": 600,
    fill: live ? "#e9e4d6" : "#555", stroke: "#15191c", "stroke-width": 3, "paint-order": "stroke" }, s.id));
  body.push(svg("title", {}, title));
  return svg("g", {
    class: `m33-station k-${s.kind}${clickable ? " target" : ""}${selected ? " selected" : ""}${live ? "" : " out"}${owned ? " owned" : ""}`,
    transform: `translate(${x} ${y})`, opacity: live ? 1 : 0.3, "data-station": s.id, "data-handle": handle,
    "data-owner": owned ? seat : null,
    onclick: clickable ? () => ui.onHandle(handle) : null,
  }, body);
}

// Where each station's id goes, placed once per catalog: of eight spots around the dot, the one
// whose box overlaps the fewest other dots and labels already placed (the map is dense in the
// centre: Polis, the Red Line triangle, the transfer clusters).
/** @type {[number, number, string][]} */
const SPOTS = [[R + 4, 5, "start"], [-R - 4, 5, "end"], [R + 2, -R + 1, "start"], [-R - 2, -R + 1, "end"],
  [0, -R - 6, "middle"], [0, R + 17, "middle"], [R + 2, R + 12, "start"], [-R - 2, R + 12, "end"]];
let LABELS = null;
function labelSpot(id) {
  if (!LABELS) LABELS = placeLabels(BOARD?.stations || []);
  return LABELS[id] || SPOTS[0];
}
function placeLabels(stations) {
  const dots = stations.map((s) => [s.x * SCALE - R - 3, s.y * SCALE - R - 3, s.x * SCALE + R + 3, s.y * SCALE + R + 3]);
  const boxes = [];
  const overlap = (a, b) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const out = {};
  for (const s of stations) {
    const x = s.x * SCALE;
    const y = s.y * SCALE;
    const w = 11 * s.id.length;
    let best = null;
    for (const spot of SPOTS) {
      const [dx, dy, anchor] = spot;
      const left = anchor === "start" ? x + dx : anchor === "end" ? x + dx - w : x + dx - w / 2;
      const box = [left, y + dy - 14, left + w, y + dy + 2];
      const cost = dots.reduce((n, d) => n + overlap(box, d), 0) + boxes.reduce((n, b) => n + 2 * overlap(box, b), 0);
      if (!best || cost < best.cost) best = { cost, spot, box };
    }
    boxes.push(best.box);
    out[s.id] = best.spot;
  }
  return out;
}

// A hero figure: a pawn in its owner's colour beside the station, fanned when several stand there.
function heroFigure(h, [x, y], k, n, ui) {
  const handle = `hero:${h.faction}`;
  const clickable = ui.clickable.has(handle);
  const dx = -R - 10 - 19 * (n - 1 - k);
  const name = CARDS.heroes[h.hero]?.name || h.hero || "hero";
  return svg("g", {
    class: `m33-hero${clickable ? " target" : ""}${h.wounded ? " wounded" : ""}`, transform: `translate(${x + dx} ${y + 6}) scale(1.35)`,
    "data-hero": h.hero, "data-seat": h.seat, "data-handle": handle,
    onclick: clickable ? () => ui.onHandle(handle) : null,
  },
  clickable ? svg("circle", { cx: 0, cy: -10, r: 15, fill: "#ff4a3a33", stroke: "#ff4a3a", "stroke-width": 3 }) : null,
  svg("path", { d: "M -7 6 L 7 6 L 4 -6 A 6 6 0 1 0 -4 -6 Z", transform: "translate(0 -8)", fill: seatColour(h.seat),
    stroke: h.wounded ? "#ff4a3a" : "#111", "stroke-width": h.wounded ? 2.5 : 1.5 }),
  svg("text", { y: -12, "text-anchor": "middle", "font-size": 9, "font-weight": 800, fill: "#111" }, (name[0] || "?")),
  svg("title", {}, `${name} (${seatName(ui.seats, h.seat)})${h.wounded ? " · wounded" : ""}`));
}

// ------------------------------------------------------------------ words

const ASKS = {
  faction: "choose a faction (its zone must touch a chosen one)", hero: "choose a hero",
  place: "place the hero on a home station", tax: "take a resource (Taxation)",
  colon: "colonize a neutral station, or pass", polis: "choose what a Polis station produces",
  announce: "name a station and its defender against the threat", c05: "peek at the top 2 laws, or not",
  propose: "choose the law put to the vote", vote: "vote on the law",
  wown: "complete quests or use abilities, or go on", post: "complete quests or use abilities, or end the turn",
  upkeep: "pay army upkeep (or disband)", recruit: "recruit army strength (1 A + 1 P each)",
  army: "army action: attack a station or hero, gather, or pass", pact: "pay the Non-Aggression Pact",
  move: "move the hero to a station in reach", act: "choose the hero's action: trade, scout, attack, or end",
  shop: "buy equipment at the Hanza market", keep: "keep one of the drawn cards",
  defend: "defend with the army or the hero", scout_use: "put the scouting card on top, or keep it",
  svd: "use the SVD on the threat deck", artyom: "look at 2 threat cards, or not", fight: "choose the threat to fight",
  card: "choose a battle card in secret", wb: "play battle effects (quests, grenade), or pass",
  capture: "pay to capture the station, or leave it neutral", claim: "claim a free station (minimum of three)",
  retreat: "send the wounded hero to a station", strip: "choose the beaten hero's equipment",
  discard: "discard equipment down to the limit", qevent: "complete a quest the battle met",
  gain: "take a resource (reward)", target: "choose the opponent who loses", lose: "choose the resource they lose",
  seize: "choose the station they lose", eqq: "take a market card or the top quest (reward)",
};
const DO_WORDS = { army: "defend with the army", hero: "defend with the hero", discard: "discard the quest", pay: "pay 1 A" };

function cardName(id) {
  if (!id) return "?";
  for (const kind of ["equipment", "quests", "battle_cards", "threats", "laws"]) if (CARDS[kind]?.[id]) return CARDS[kind][id].name;
  return id;
}
function factionName(id) { return CARDS.factions[id]?.name || id || "no faction yet"; }
function heroName(id) { return CARDS.heroes[id]?.name || id || "no hero yet"; }
function stationName(id) { return BY_ID[id]?.name || id; }
// A seat as the banner names it: its faction once drafted (the table's seat look, below).
function who(view, seats, seat) {
  if (seat === null || seat === undefined) return "nobody";
  return seatName(seats, seat);
}

// ------------------------------------------------------------------ cards as faces

function face(kind, id, ui, { handle = null, note = null, done = false } = {}) {
  const clickable = Boolean(handle) && ui.clickable.has(handle);
  const selected = Boolean(handle) && ui.selected.has(handle);
  const c = { equipment: CARDS.equipment, quest: CARDS.quests, battle: CARDS.battle_cards, threat: CARDS.threats, law: CARDS.laws }[kind]?.[id] || {};
  let text = c.effect || c.ability || "";
  if (kind === "quest") text = `${c.condition || ""} · ${c.ability || ""}`;
  if (kind === "battle") text = `${c.type} +${c.bonus}${c.vs ? `, +${c.vs_bonus} vs ${c.vs}` : ""}`;
  if (kind === "threat") text = `${c.type} · STR ${c.strength}${c.strength_alt ? `/${c.strength_alt} ${c.alt_when}` : ""} · ${c.reward}`;
  return el("div", {
    class: `m33-card ${kind}${clickable ? " target" : ""}${selected ? " selected" : ""}${done ? " done" : ""}`,
    dataset: { card: id, handle: handle || "" }, title: `${c.name || id} (${id}) · ${text}`,
    onclick: clickable ? () => ui.onHandle(handle) : null,
  }, el("span", { class: "kind" }, done ? `${kind} · done` : kind), el("span", { class: "name" }, c.name || id),
  el("span", { class: "text" }, text), note ? el("span", { class: "text" }, note) : null);
}

function back(label) { return el("div", { class: "m33-card back" }, label); }

function resources(r) {
  return el("span", { class: "m33-res" }, ["M", "P", "A"].flatMap((k) => [el("span", { class: `m33-sym ${k}`, title: RES_WORDS[k] }, k), ` ${r[k]} `]));
}

// ------------------------------------------------------------------ the board

function marksOf(view) {
  const inPlay = new Set();
  const owner = {};
  const heroes = {};
  for (const [sid, s] of Object.entries(view.stations)) {
    if (s.in_play) inPlay.add(sid);
    if (s.owner !== null) owner[sid] = s.owner;
    if (s.heroes.length) {
      heroes[sid] = s.heroes.map((q) => ({ seat: q, hero: view.seats[q].hero, faction: view.seats[q].faction, wounded: view.seats[q].wounded }));
    }
  }
  return { inPlay, owner, heroes };
}

function board(container) {
  const root = el("div", { class: "m33-table" });
  container.append(root);
  return {
    update(view, ui) {
      FACTIONS = view.seats.map((s) => s.faction || null); // the seat look names seats by these
      const map = BOARD ? drawMap(BOARD, marksOf(view), ui) : el("p", { class: "muted" }, "(no board in the catalog)");
      // the map's box as wide as the framed zones need at the table's height (no empty band)
      const aspect = Number(map.getAttribute?.("data-aspect")) || 1.085;
      const mapbox = el("div", { class: "m33-mapbox" }, map);
      mapbox.style.setProperty("--m33-aspect", String(aspect)); // CSSOM: a strict CSP allows it
      root.replaceChildren(
        mapbox,
        el("div", { class: "m33-side" }, status(view, ui), chooser(ui), draft(view, ui), battle(view, ui), tracks(view),
          market(view, ui), seatsPanel(view, ui)));
    },
  };
}

function status(view, ui) {
  const symbols = view.symbols.map((s) => el("span", { class: `m33-sym ${s}` }, s === "THREAT" ? "threat" : s === "LAW" ? "law" : s));
  const lines = [
    el("div", { class: "m33-status" },
      el("strong", {}, view.winners ? `Game over after round ${view.round}` : view.round ? `Round ${view.round}` : "Setup: the draft"),
      view.round ? el("span", {}, `space ${view.space} `, symbols) : null,
      el("span", {}, `stage ${view.stage === 1 ? "I" : "II"}`),
      el("span", {}, "first: ", el("span", { class: "seat-dot", style: `background:${seatColour(view.first_player)}` }), ` ${who(view, ui.seats, view.first_player)}`)),
    el("div", {}, view.law ? `Law in force: ${cardName(view.law)}` : "No law in force",
      view.proposal ? ` · to the vote: ${cardName(view.proposal)} (for ${view.tally[0]}, against ${view.tally[1]})` : ""),
    view.events_threat ? el("div", {}, `Threat from the tunnels: ${cardName(view.events_threat)}`) : null,
    view.decision ? el("div", { class: "muted" }, decisionWords(view, ui.seats)) : null,
  ];
  return el("div", { class: "m33-box" }, lines);
}

function decisionWords(view, seats) {
  const d = view.decision;
  const ask = ASKS[d.kind] || d.kind;
  if (view.secret) {
    const chosen = view.secret.committed.map((s) => who(view, seats, s));
    return `${d.waiting.map((s) => who(view, seats, s)).join(", ") || "nobody"} to ${ask}; chosen: ${chosen.join(", ") || "nobody yet"}`;
  }
  return `${who(view, seats, d.seat)} to ${ask}`;
}

// With a station picked that allows several plays (defend with army or hero, teleport by which
// quest), the plays left as buttons.
function chooser(ui) {
  const picked = [...ui.selected];
  const doing = [...ui.clickable].filter((h) => h.startsWith("do:"));
  if (!picked.length || !doing.length) return null;
  return el("div", { class: "m33-box m33-chooser" }, el("span", {}, `${picked.map(handleLabel).join(", ")}: `),
    doing.map((h) => el("button", { class: "primary small", dataset: { handle: h }, onclick: () => ui.onHandle(h) }, handleLabel(h))),
    el("button", { class: "small", onclick: () => ui.onHandle(picked[picked.length - 1]) }, "✕ back"));
}

function draft(view, ui) {
  const d = view.decision;
  if (!d || (d.kind !== "faction" && d.kind !== "hero")) return null;
  const taken = new Set(view.seats.map((s) => (d.kind === "faction" ? s.faction : s.hero)).filter(Boolean));
  const all = Object.entries(d.kind === "faction" ? CARDS.factions : CARDS.heroes);
  return el("div", { class: "m33-box" }, el("h4", {}, d.kind === "faction" ? "Factions" : "Heroes"),
    el("div", { class: "m33-cards" }, all.map(([id, c]) => {
      const handle = `${d.kind === "faction" ? "faction" : "herocard"}:${id}`;
      const clickable = ui.clickable.has(handle);
      const text = d.kind === "faction" ? `homes ${(c.homes || []).join(", ")} · ${c.ability}` : `STR ${c.strength} · SPD ${c.speed} · ${c.ability}`;
      return el("div", { class: `m33-card${clickable ? " target" : ""}`, dataset: { handle }, title: text,
        onclick: clickable ? () => ui.onHandle(handle) : null },
      el("span", { class: "kind" }, taken.has(id) ? "taken" : d.kind), el("span", { class: "name" }, c.name), el("span", { class: "text" }, text));
    })));
}

// The battle in progress: sides, threat, and the battle cards: each seat sees only "chosen" for
// the other's card until both are revealed together (M33-BAT-03, M33-HID-06).
function battle(view, ui) {
  const b = view.battle;
  if (!b) return null;
  const side = (s, role) => {
    const unit = s.seat === null ? (s.unit === "garrison" ? "Polis garrison" : "threat") : `${who(view, ui.seats, s.seat)}'s ${s.unit}`;
    let card = null;
    if (b.cards) card = el("span", { class: "m33-chosen" }, cardName(b.cards[role]));
    else if (view.secret && s.seat !== null) {
      card = view.secret.committed.includes(s.seat) ? el("span", { class: "m33-chosen", dataset: { chosen: s.seat } }, "chosen")
        : el("span", { class: "m33-choosing" }, "choosing…");
    }
    return el("div", { class: "side-line" }, el("strong", {}, role === "attacker" ? "Attacker:" : "Defender:"), unit, card);
  };
  return el("div", { class: "m33-box m33-battle" }, el("h4", {}, `Battle at ${stationName(b.station)}`),
    side(b.attacker, "attacker"), side(b.defender, "defender"),
    b.threat ? el("div", {}, `Threat: ${cardName(b.threat)}`) : null,
    b.modifiers.some((m) => m) ? el("div", {}, `modifiers ${b.modifiers[0]} / ${b.modifiers[1]}`) : null);
}

function tracks(view) {
  const space = BOARD?.round_track || [];
  const round = el("div", { class: "m33-track" }, space.map((sp) => el("div", { class: `cell${sp.space === view.space && view.round ? " now" : ""}`, title: `space ${sp.space}` },
    el("span", { class: "num" }, sp.space), sp.symbols.map((s) => el("span", { class: `m33-sym ${s}` }, s === "THREAT" ? "!" : s === "LAW" ? "§" : s)))));
  const dots = (seats) => el("span", { class: "dots" }, seats.map((s) => el("span", { class: "seat-dot", style: `background:${seatColour(s)}`, title: seatName(null, s) })));
  const vpCells = [];
  for (let n = 0; n <= 11; n++) {
    const here = view.seats.filter((s) => Math.min(s.vp, 11) === n).map((s) => s.seat);
    vpCells.push(el("div", { class: "cell", title: `${n} VP` }, el("span", { class: "num" }, n === 11 ? "11+" : n), dots(here)));
  }
  const armyCells = [];
  for (let n = 1; n <= 8; n++) {
    const here = view.seats.filter((s) => s.army === n).map((s) => s.seat);
    const upkeep = BOARD?.army_upkeep?.[n] || 0;
    armyCells.push(el("div", { class: "cell", title: `army ${n}: upkeep ${upkeep} P` }, el("span", { class: "num" }, `${n}${upkeep ? ` ${"P".repeat(upkeep)}` : ""}`), dots(here)));
  }
  return el("div", { class: "m33-box" }, el("h4", {}, "Round track"), round,
    el("h4", {}, "Victory points (10 wins; Red Line 9)"), el("div", { class: "m33-track" }, vpCells),
    el("h4", {}, "Army track (upkeep in pigs)"), el("div", { class: "m33-track" }, armyCells));
}

function market(view, ui) {
  return el("div", { class: "m33-box" }, el("h4", {}, `Hanza market · decks: equipment ${view.decks.equipment}, quests ${view.decks.quest}, threats ${view.decks.threat}, laws ${view.decks.law}`),
    el("div", { class: "m33-cards" }, view.market.length ? view.market.map((id) => face("equipment", id, ui, { handle: `market:${id}` })) : el("span", { class: "muted" }, "empty")),
    view.drawn_count && !view.drawn.length ? el("div", { class: "muted" }, `${view.drawn_count} card(s) drawn face down`) : null);
}

function seatsPanel(view, ui) {
  return el("div", { class: "m33-seats" }, view.seats.map((s) => seatZone(view, s, ui)));
}

function seatZone(view, s, ui) {
  const d = view.decision;
  const deciding = d && (view.secret ? d.waiting.includes(s.seat) : d.seat === s.seat);
  const colour = CARDS.factions[s.faction]?.colour || "#555";
  const goal = s.faction === "RL" ? 9 : 10;
  return el("div", { class: `m33-seat${deciding ? " to-move" : ""}`, dataset: { seat: s.seat }, style: `border-left-color:${colour}` },
    el("div", { class: "head" }, el("span", { class: "seat-dot", style: `background:${seatColour(s.seat)}` }),
      el("strong", {}, `${seatName(ui.seats, s.seat)}`), s.seat === ui.viewer ? el("span", { class: "badge" }, "you") : null,
      s.seat === view.first_player ? el("span", { class: "badge", title: "first player" }, "1st") : null,
      s.faction ? null : el("span", { class: "muted" }, "no faction yet")),
    el("div", { class: "stats" }, el("span", {}, `VP ${s.vp}/${goal}`), el("span", {}, `army ${s.army}`), resources(s.resources)),
    el("div", {}, `${heroName(s.hero)}${s.hero_at ? ` at ${stationName(s.hero_at)}` : ""}${s.wounded ? " · wounded" : ""}`),
    el("div", { class: "muted" }, `equipment: ${s.equipment.map(cardName).join(", ") || "none"}`),
    el("div", { class: "muted" }, `quests: ${s.quests_hidden} face down${s.completed.length ? ` · done: ${s.completed.map(cardName).join(", ")}` : ""}`
      + `${s.scouting ? ` · scouting card (round ${s.scouting.round})` : ""} · stations ${s.stations.length}`));
}

// ------------------------------------------------------------------ the viewer's own zone

function hands(container, view, ui) {
  const me = view.seats?.[ui.viewer];
  if (ui.viewer === null || ui.viewer === undefined || !me) { container.replaceChildren(); return; }
  const b = view.battle;
  const zones = [
    el("div", { class: "zone" }, el("span", { class: "zone-label" }, `${factionName(me.faction)} · ${heroName(me.hero)}`),
      el("div", {}, `VP ${me.vp} · army ${me.army} · votes ${me.votes}`), resources(me.resources)),
  ];
  if (b && b.hand.length) {
    zones.push(el("div", { class: "zone" }, el("span", { class: "zone-label" }, b.cards ? "Your battle cards (revealed)" : "Your battle cards: pick one in secret"),
      el("div", { class: "m33-cards" }, b.hand.map((id) => face("battle", id, ui, { handle: `battle:${id}` })))));
  }
  if (view.drawn.length) {
    zones.push(el("div", { class: "zone" }, el("span", { class: "zone-label" }, "Drawn for you"),
      el("div", { class: "m33-cards" }, view.drawn.map((id) => face(id.startsWith("Q-") ? "quest" : id.startsWith("EQ-") ? "equipment" : id.startsWith("L-") ? "law" : "threat", id, ui, { handle: `drawn:${id}` })))));
  }
  zones.push(el("div", { class: "zone" }, el("span", { class: "zone-label" }, "Your quests"),
    el("div", { class: "m33-cards" }, [...(me.quests || []).map((id) => face("quest", id, ui, { handle: `quest:${id}` })),
      ...me.completed.map((id) => face("quest", id, ui, { handle: `quest:${id}`, done: true }))].concat(
      (me.quests || []).length + me.completed.length ? [] : [el("span", { class: "muted" }, "none")]))));
  zones.push(el("div", { class: "zone" }, el("span", { class: "zone-label" }, "Your hero's equipment"),
    el("div", { class: "m33-cards" }, me.equipment.length ? me.equipment.map((id) => face("equipment", id, ui)) : el("span", { class: "muted" }, "none"))));
  if (me.scouting) {
    zones.push(el("div", { class: "zone" }, el("span", { class: "zone-label" }, `Scouting card (round ${me.scouting.round})`),
      me.scouting.card ? face("threat", me.scouting.card, ui) : back("scouting card")));
  }
  container.replaceChildren(el("div", { class: "m33-mine mine", dataset: { seat: ui.viewer } }, zones));
}

// ------------------------------------------------------------------ options -> handles

// What a structured option names on the table, from its verb and parts (never its text).
function handles(option) {
  const station = part(option, "station");
  const card = part(option, "card");
  switch (option.verb) {
    case "place": case "move": case "attack": case "colonize": case "seize": case "claim": case "retreat":
      return station === undefined ? [] : [`station:${station}`];
    case "announce": return [`station:${station}`, `do:${part(option, "unit")}`];
    case "teleport": return [`station:${station}`, `do:teleport ${card} ${part(option, "mode")}`];
    case "attack_hero": return [`hero:${part(option, "faction")}`];
    case "card": return [`battle:${card}`];
    case "purchase": return [`market:${card}`];
    case "reward": return card === "quest" ? [] : [`market:${card}`];
    case "keep": return [`drawn:${card}`];
    case "faction": return [`faction:${part(option, "faction")}`];
    case "hero": return [`herocard:${part(option, "hero")}`];
    case "complete": return [`quest:${card}`];
    case "boost": return [`quest:${card}`, `do:${part(option, "mode")} ${part(option, "side")}`];
    case "anywhere": return [`quest:${card}`, `do:anywhere ${part(option, "mode")}`];
    default: return [];
  }
}

function handleLabel(handle) {
  const [kind, ...rest] = handle.split(":");
  const value = rest.join(":");
  if (kind === "station") return stationName(value);
  if (kind === "hero") return `${factionName(value)}'s hero`;
  if (kind === "faction") return factionName(value);
  if (kind === "herocard") return heroName(value);
  if (kind === "do") {
    const words = value.split(" ");
    if (words[0] === "teleport") return `teleport (${cardName(words[1])}, ${DO_WORDS[words[2]] || words[2]})`;
    if (words[0] === "anywhere") return `attack anywhere (${DO_WORDS[words[1]] || words[1]})`;
    if (words.length === 2) return `${DO_WORDS[words[0]] || words[0]}, on the ${words[1]}`;
    return DO_WORDS[value] || value;
  }
  return cardName(value);
}

function prompt(view, snap) {
  const d = view.decision;
  if (!d) return null;
  const mine = view.secret ? d.waiting.some((s) => snap.you.includes(s)) : snap.you.includes(d.seat);
  if (mine) return `Your move: ${ASKS[d.kind] || d.kind}`;
  return decisionWords(view, snap.table.seats);
}

function outcome(view, returns) {
  const winners = view.winners || (returns || []).map((r, p) => [r, p]).filter(([r]) => r > 0).map(([, p]) => p);
  const scores = view.seats.map((s) => `${seatName(null, s.seat)} ${s.vp} VP`).join(", ");
  if (!winners.length) return `no winner · ${scores}`;
  return `${winners.map((p) => seatName(null, p)).join(" and ")} wins · ${scores}`;
}

// ------------------------------------------------------------------ seats and the log in words

// Seats named as the banner names them (issue 12): by the faction a seat drafted ("Red Line (AI
// heuristic)", "Anna (Red Line)"; "the Red Line" in a sentence), "Player N" before the draft. The
// look reads FACTIONS, which every drawn view refreshes, so it follows the draft.
/** @type {(string | null)[]} */
let FACTIONS = [];
function seatLook(view) {
  FACTIONS = (view?.seats || []).map((s) => s.faction || null);
  return {
    name: (seat) => (FACTIONS[seat] ? factionName(FACTIONS[seat]) : null),
    title: (seat) => (FACTIONS[seat] ? `the ${factionName(FACTIONS[seat])}` : null),
  };
}

// The seat in a log sentence: "the Bandits", "Anna (the Bandits)"; before the draft (faction null)
// the person's name or "Player 0 (AI heuristic)".
/** @param {Seat[]} seats @param {number} seat @param {string | null} faction */
function sentenceName(seats, seat, faction) {
  const s = seats?.[seat];
  const person = s?.kind === "human" ? s.name : null;
  if (!faction) return person || `Player ${seat}${s && s.kind !== "human" ? ` (AI ${s.kind})` : ""}`;
  const title = `the ${factionName(faction)}`;
  return person ? `${person} (${title})` : title;
}

const CARD_ID = /\b(?:EQ|Q|BC|T1|T2|L)-[A-Z0-9]+\b/g; // a card id left in a text (a saved game's old log)
const escape = (/** @type {string} */ t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A log entry's words. The game's texts are in the box's words already (stations, cards and
 * resources by name, a seat by its faction: "the Red Line", "player 2" before the draft); the
 * table names the seat the event is about (`data.player`) and every drafted seat as the banner
 * does, with a person's chosen name ("Anna (the Red Line)"), and a card id still in a text (an
 * old saved game's log) by the card's name. */
function logWords(e, seats) {
  const p = typeof e.data?.player === "number" ? e.data.player : null;
  const draft = e.kind === "faction" || e.kind === "setup";
  // the draft's entry comes before the view is drawn: the banner names the seat by it at once
  if (e.kind === "faction" && p !== null && e.data.faction) FACTIONS[p] = String(e.data.faction);
  /** @type {Record<string, string>} */
  const names = {};
  if (p !== null) names[`player ${p}`] = sentenceName(seats, p, draft ? null : FACTIONS[p] || null);
  if (!draft) {
    FACTIONS.forEach((f, seat) => { if (f) names[`the ${factionName(f)}`] = sentenceName(seats, seat, f); });
  }
  let text = e.text;
  const said = Object.keys(names).sort((a, b) => b.length - a.length).map(escape);
  if (said.length) {
    const seat = new RegExp(`(${said.join("|")})('s\\b|'(?=\\s))?`, "g");
    text = text.replace(seat, (_, name, owns) => (owns ? possessive(names[name]) : names[name]));
  }
  text = text.replace(CARD_ID, (id) => cardName(id));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "the Bandits' hero", "Anna (the Red Line)'s hero". @param {string} name */
function possessive(name) { return name.endsWith("s") ? `${name}'` : `${name}'s`; }

// The verbs typed as ids ("c05", "svd"), and the battle card verb, as the box says them.
const VERB_WORDS = { c05: "Confederation of 1905", svd: "SVD rifle", artyom: "Artyom", card: "battle card",
  boost: "quest", anywhere: "quest", teleport: "quest" };
function optionVerb(option) { return VERB_WORDS[option.verb] || null; }

export default { board, hands, handles, handleLabel, prompt, outcome, useCatalog, drawMap, seatLook, logWords, optionVerb };
