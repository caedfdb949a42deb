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
import { decider, part, seatColour, seatName, svg } from "./common.js";

let BOARD = null;
let CARDS = { factions: {}, heroes: {}, battle: {}, equipment: {}, quests: {}, threats: {}, laws: {} };
let BY_ID = {};

function useCatalog(catalog) {
  BOARD = catalog.board || null;
  CARDS = { ...CARDS, ...(catalog.cards || {}) };
  BY_ID = {};
  LABELS = null;
  for (const s of BOARD?.stations || []) BY_ID[s.id] = s;
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
  return svg("svg", { class: "m33-map", viewBox: "-10 30 1020 940", role: "img", "aria-label": "Metro 2033 map" },
    svg("rect", { x: -10, y: 30, width: 1020, height: 940, rx: 18, fill: "#15191c" }),
    tint, links, stations, figures);
}

function station(s, [x, y], live, seat, ui) {
  const handle = `station:${s.id}`;
  const clickable = live && ui.clickable.has(handle);
  const selected = ui.selected.has(handle);
  const owned = seat !== undefined && seat !== null;
  const title = [`${s.name} (${s.ru}) · ${s.id}`, KIND_WORDS[s.kind], s.res ? `produces ${RES_WORDS[s.res]}` : null,
    s.home_of ? `home of ${CARDS.factions[s.home_of]?.name || s.home_of}` : null,
    s.xfer ? "with a transfer" : "no transfer", owned ? `owned by Player ${seat}` : s.kind === "capturable" || s.kind === "polis" ? "neutral" : null,
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
  body.push(svg("text", { class: "m33-label", x: lx, y: ly, "text-anchor": anchor, "font-size": 14, "font-weight": 600,
    fill: live ? "#e9e4d6" : "#555", stroke: "#15191c", "stroke-width": 3, "paint-order": "stroke" }, s.id));
  body.push(svg("title", {}, title));
  return svg("g", {
    class: `m33-station k-${s.kind}${clickable ? " target" : ""}${selected ? " selected" : ""}${live ? "" : " out"}${owned ? " owned" : ""}`,
    transform: `translate(${x} ${y})`, opacity: live ? 1 : 0.3, "data-station": s.id, "data-handle": handle,
    "data-owner": owned ? seat : null, style: clickable ? "cursor:pointer" : null,
    onclick: clickable ? () => ui.onHandle(handle) : null,
  }, body);
}

// Where each station's id goes, placed once per catalog: of eight spots around the dot, the one
// whose box overlaps the fewest other dots and labels already placed (the map is dense in the
// centre: Polis, the Red Line triangle, the transfer clusters).
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
    const w = 9 * s.id.length;
    let best = null;
    for (const spot of SPOTS) {
      const [dx, dy, anchor] = spot;
      const left = anchor === "start" ? x + dx : anchor === "end" ? x + dx - w : x + dx - w / 2;
      const box = [left, y + dy - 12, left + w, y + dy + 2];
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
  const dx = -R - 8 - 14 * (n - 1 - k);
  const name = CARDS.heroes[h.hero]?.name || h.hero || "hero";
  return svg("g", {
    class: `m33-hero${clickable ? " target" : ""}${h.wounded ? " wounded" : ""}`, transform: `translate(${x + dx} ${y + 6})`,
    "data-hero": h.hero, "data-seat": h.seat, "data-handle": handle, style: clickable ? "cursor:pointer" : null,
    onclick: clickable ? () => ui.onHandle(handle) : null,
  },
  clickable ? svg("circle", { cx: 0, cy: -10, r: 15, fill: "#ff4a3a33", stroke: "#ff4a3a", "stroke-width": 3 }) : null,
  svg("path", { d: "M -7 6 L 7 6 L 4 -6 A 6 6 0 1 0 -4 -6 Z", transform: "translate(0 -8)", fill: seatColour(h.seat),
    stroke: h.wounded ? "#ff4a3a" : "#111", "stroke-width": h.wounded ? 2.5 : 1.5 }),
  svg("text", { y: -12, "text-anchor": "middle", "font-size": 9, "font-weight": 800, fill: "#111" }, (name[0] || "?")),
  svg("title", {}, `${name} (Player ${h.seat})${h.wounded ? " · wounded" : ""}`));
}

export default { drawMap, useCatalog };
