// @ts-check
// Dust Warfare on a measured table, drawn to scale in SVG: the 72" x 48" table (or a scenario's own
// size) with its terrain polygons, deployment zones and objectives; every miniature as its round
// base (a walker with its facing), Unit Leaders starred, Suppression and Reaction markers by each
// unit; a unit's card on click.
//
// Moves and deployments are made by dragging: grab the Unit Leader (or, to deploy, press in your
// zone) and the formation follows; a live ruler shows the path length against the allowance and
// each follower's distance to its leader against the leadership range. A drop that cannot be legal
// by measurement alone (too far, off the table, on another base, out of formation, outside the
// zone) is explained and not sent; otherwise the exact proposal is sent (`place x,y ...`) and the
// engine's predicate decides (DW-GEO-16/17). The measuring tape and line-of-sight check work at any
// time, for anyone, between any two points or units (DW-GEO-03), through the table's measure route.
//
// Everything else comes from the legal options' parts (units, targets, regions, points, miniatures)
// and an attack's dice from its consequence: no rule lives here, and no action text is read.
import { el, tokenFromHash } from "../net.js";
import { legibleText, part, seatColour, svg } from "./common.js";

const PX = 12; // pixels per inch
const MARGIN = 26;
const SEATS = [seatColour(0), seatColour(1)]; // the table's seat colours: the log's dots match
const SEAT_DARK = ["#5a4510", "#1d4f6b"];
const f = (n) => Number(n).toFixed(1);
// The board's words are drawn at 10 table pixels; on a small screen (a phone shows the 72" table
// some 0.4 screen px to a table px) they grow by `g.k` so each reads at LEGIBLE screen px or more
// (the page's legibleText would hide text that small, leaving a bare board).
const LEGIBLE = 12.5;
const MAX_FLASHES = 3; // the news of the last attacks drawn on the table at once
const inches = (n) => `${Number(n).toFixed(1)}"`;

let CATALOG = { units: {}, weapons: {} };
function useCatalog(catalog) { CATALOG = { units: catalog.units || {}, weapons: catalog.weapons || {} }; }

// Its styles are a same-origin stylesheet next to this module (the page's Content-Security-Policy
// refuses inline styles), added to the page once. Until it has loaded, the board's words have the
// page's default size, and the page's legibleText, measuring them then, would hide them for good
// on a phone (only the north arrow, no text, was left): once it loads, the board is drawn anew.
function useStyles() {
  if (document.getElementById("dw-styles")) return;
  document.head.append(el("link", { id: "dw-styles", rel: "stylesheet", href: new URL("./dust_warfare.css", import.meta.url).href,
    onload: () => page.onStyles() }));
}

// ---------------------------------------------------------------- shared state of this table page
const page = {
  view: null, ui: null, selected: null, tape: false, tapeResult: null, explain: null,
  onChange: () => {},
  onStyles: () => {}, // the board drawn anew once its stylesheet has loaded
};

function tableIdOf(ui) {
  if (ui?.tableId) return ui.tableId;
  const m = /\/t\/([^/#?]+)/.exec(location.pathname);
  return m ? decodeURIComponent(m[1]) : null;
}

// ---------------------------------------------------------------- geometry on the page
// `screen` is the board's box on the screen (its getBoundingClientRect): the picture is drawn at
// the smaller of its width's and its height's scale (a wide window letterboxes it by its height,
// and a k from the width alone left the words too small, for the page's legibleText to grow past
// the boxes the names keep apart by).
function geometry(view, screen = null) {
  const W = view.table.width;
  const D = view.table.depth;
  const width = W * PX + 2 * MARGIN;
  const height = D * PX + 2 * MARGIN;
  const scales = [screen?.width / width, screen?.height / height].filter((v) => v > 0);
  const scale = scales.length ? Math.min(...scales) : 0;
  const k = scale > 0 ? Math.max(1, Math.round((LEGIBLE / (10 * scale)) * 10) / 10) : 1;
  const viewer = page.ui?.viewer;
  // each player sees the table from their own long edge, as at a physical table
  const flip = viewer !== null && viewer !== undefined && view.edges?.[viewer] === "north";
  return {
    W, D, flip, k,
    width, height,
    X: (x) => MARGIN + (flip ? W - x : x) * PX,
    Y: (y) => MARGIN + (flip ? y : D - y) * PX,
    toTable: (px, py) => {
      const x = (px - MARGIN) / PX;
      const y = D - (py - MARGIN) / PX;
      return flip ? [W - x, D - y] : [x, y];
    },
  };
}

const round1 = (v) => Math.round(v * 10) / 10;
const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);

function living(unit) { return unit.models.filter((m) => !m.destroyed && m.x !== null); }
function leaderOf(unit) {
  const alive = living(unit);
  return alive.find((m) => m.index === unit.leader) || alive[0] || null;
}
// the proposal order of DW-GEO-17: the Unit Leader first (the lowest living one while Leaderless),
// then the others in unit data order
function proposalOrder(unit) {
  const alive = unit.models.filter((m) => !m.destroyed);
  const lead = alive.find((m) => m.index === unit.leader) || alive[0];
  return [lead, ...alive.filter((m) => m !== lead)];
}

// ---------------------------------------------------------------- the static table
function drawStatic(view, g) {
  const layer = svg("g", { class: "static" });
  layer.append(svg("rect", { x: MARGIN, y: MARGIN, width: g.W * PX, height: g.D * PX, class: "cloth", rx: 3 }));
  const grid = svg("g", { class: "grid" });
  for (let x = 6; x < g.W; x += 6) grid.append(svg("line", { x1: g.X(x), y1: g.Y(0), x2: g.X(x), y2: g.Y(g.D) }));
  for (let y = 6; y < g.D; y += 6) grid.append(svg("line", { x1: g.X(0), y1: g.Y(y), x2: g.X(g.W), y2: g.Y(y) }));
  layer.append(grid);
  const ruler = svg("g", { class: "ruler-edge" });
  for (let x = 0; x <= g.W; x += 6) ruler.append(svg("text", { x: g.X(x), y: g.height - 8 }, `${x}`));
  for (let y = 0; y <= g.D; y += 6) ruler.append(svg("text", { x: 12, y: g.Y(y) + 3 }, `${y}`));
  layer.append(ruler);
  for (const piece of view.terrain) layer.append(drawPiece(piece, g));
  layer.append(drawCompass(g));
  return layer;
}

function polygonPoints(points, g) { return points.map(([x, y]) => `${f(g.X(x))},${f(g.Y(y))}`).join(" "); }

function drawPiece(piece, g) {
  const node = svg("g", { class: "terrain", "data-piece": piece.id },
    svg("polygon", { points: polygonPoints(piece.polygon, g), class: `piece t-${piece.kind}` }),
    svg("title", {}, `${piece.id} ${piece.name}: height ${piece.height}", ${piece.los.replace(/_/g, " ")}, cover ${piece.cover_inside} inside / ${piece.cover_behind} behind`));
  const xs = piece.polygon.map((p) => p[0]);
  const ys = piece.polygon.map((p) => p[1]);
  const [x1, x2, y1, y2] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  if (piece.kind === "T-WOOD") {
    for (let x = x1 + 1.2; x < x2 - 0.6; x += 2.2) {
      for (let y = y1 + 1.2; y < y2 - 0.6; y += 2.2) {
        const j = ((x * 7 + y * 13) % 5) / 10;
        node.append(svg("circle", { cx: f(g.X(x + j)), cy: f(g.Y(y - j)), r: f(0.85 * PX), class: "tree" }));
      }
    }
  } else if (piece.kind === "T-RUIN") {
    for (let x = x1 + 1; x < x2 - 0.5; x += 2.6) {
      for (let y = y1 + 1; y < y2 - 0.5; y += 2.3) {
        node.append(svg("rect", { x: f(g.X(x) - 5), y: f(g.Y(y) - 3), width: 10, height: 6, class: "rubble", transform: `rotate(${(x * 37 + y * 11) % 60 - 30} ${f(g.X(x))} ${f(g.Y(y))})` }));
      }
    }
  }
  const label = pieceLabel(piece, g);
  if (label) node.append(svg("text", { x: f(label.x), y: f(label.y), class: "piece-label" }, piece.name));
  return node;
}

// A piece's name, in its middle, where the piece is big enough to hold a word: kept on the picture
// (a wide name by the table's edge is moved in, not cut off), with its box (table px) that the
// units' names keep clear of (labelSpot). Drawn at 10 px × g.k (under 0.62 em a letter).
function pieceLabel(piece, g) {
  const xs = piece.polygon.map((p) => p[0]);
  const ys = piece.polygon.map((p) => p[1]);
  const [x1, x2, y1, y2] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  if (x2 - x1 < 4 || y2 - y1 < 2) return null;
  const size = 10 * g.k;
  const w = 0.62 * size * piece.name.length;
  const x = Math.min(Math.max(g.X((x1 + x2) / 2), w / 2 + 2), g.width - w / 2 - 2);
  const y = g.Y((y1 + y2) / 2) + 0.4 * size;
  return { x, y, box: { x1: x - w / 2, x2: x + w / 2, y1: y - size, y2: y + 0.3 * size } };
}

// Each deployment zone with its label inside it, at the left of the screen whichever way the table
// is turned; a zone that is the whole table (Night Encounter: deploy anywhere) says so, each
// side's label near its own long edge so the two never overlap.
function drawZones(view, g) {
  const layer = svg("g", { class: "zones" });
  for (const z of view.zones || []) {
    const colour = SEATS[z.seat];
    layer.append(svg("polygon", { points: polygonPoints(z.polygon, g), class: "zone", fill: colour, stroke: colour, "data-zone": z.seat }));
  }
  for (const label of zoneLabels(view, g)) {
    layer.append(svg("text", { x: f(label.x), y: f(label.y), class: "zone-label", "data-zone-label": label.seat }, label.text));
  }
  return layer;
}

// The zones' labels: where each is drawn (its start, its baseline) and its box (table px), which
// the units' names keep clear of (labelSpot).
function zoneLabels(view, g) {
  return (view.zones || []).map((z) => {
    const ys = z.polygon.map((p) => p[1]);
    const [low, high] = [Math.min(...ys), Math.max(...ys)];
    const everywhere = low <= 0 && high >= g.D;
    const side = view.players[z.seat].name;
    const at = !everywhere ? (low + high) / 2 : z.edge === "north" ? g.D - 3 : 3;
    const text = everywhere ? `${side} deploy anywhere (${z.edge} edge)` : `${side} deployment zone · ${z.edge} edge`;
    const x = g.X(g.flip ? g.W - 1 : 1);
    const y = g.Y(at) + 4 * g.k;
    return { seat: z.seat, text, x, y, box: capsBox(text, x, y, 11 * g.k, "start") };
  });
}

// The box (table px) of a line of bold capitals (the page's .zone-label and .edge-name: letters
// spaced .08 em) of `size` px drawn from x (its start, or its end) on the baseline y: under 0.8 em
// a letter with the spacing.
function capsBox(text, x, y, size, anchor) {
  const w = 0.8 * size * text.length;
  const x1 = anchor === "end" ? x - w : x;
  return { x1, x2: x1 + w, y1: y - size, y2: y + 0.3 * size };
}

// The compass (DW-GEO-01: y = depth is the north edge): each long edge named in the margin beside
// it, and a north arrow in the right margin, so a table turned for the player at the north edge
// still says where north is.
function drawCompass(g) {
  const layer = svg("g", { class: "compass" });
  const northTop = !g.flip;
  const cx = g.X(g.flip ? 0 : g.W) + MARGIN / 2;
  const top = g.Y(g.flip ? 0 : g.D);
  const bottom = g.Y(g.flip ? g.D : 0);
  const mid = (top + bottom) / 2;
  const tip = northTop ? mid - 22 : mid + 22;
  const tail = northTop ? mid + 10 : mid - 10;
  layer.append(svg("line", { x1: f(cx), y1: f(tail), x2: f(cx), y2: f(tip), class: "north-arrow" }),
    svg("path", { d: `M${f(cx - 5)},${f(tip + (northTop ? 7 : -7))} L${f(cx)},${f(tip)} L${f(cx + 5)},${f(tip + (northTop ? 7 : -7))} Z`, class: "north-head" }),
    svg("text", { x: f(cx), y: f(northTop ? tip - 4 : tip + 12), class: "north-letter" }, "N"));
  for (const name of edgeNames(g)) {
    layer.append(svg("text", { x: f(name.x), y: f(name.y), class: "edge-name", "data-edge": name.edge }, name.text));
  }
  return layer;
}

// Each long edge's name, inside the cloth at the right end of its edge (the zone labels hold the
// left end), with its box (table px) that the units' names keep clear of (labelSpot).
function edgeNames(g) {
  const northTop = !g.flip;
  const x = g.X(g.flip ? 0 : g.W) - 6;
  const top = g.Y(g.flip ? 0 : g.D) + 14 * g.k;
  const bottom = g.Y(g.flip ? g.D : 0) - 6;
  return [[northTop ? "north" : "south", top], [northTop ? "south" : "north", bottom]].map(([edge, y]) => {
    const text = `${edge} edge`;
    return { edge, text, x, y, box: capsBox(text, x, y, 10 * g.k, "end") };
  });
}

function drawObjectives(view, g) {
  const layer = svg("g", { class: "objectives" });
  for (const o of view.objectives || []) {
    const [x, y] = o.point;
    layer.append(svg("g", { class: "objective", "data-objective": o.id },
      svg("circle", { cx: g.X(x), cy: g.Y(y), r: o.control * PX, class: "control" }),
      svg("path", { class: "star", transform: `translate(${f(g.X(x))},${f(g.Y(y))}) scale(1.6)`, d: "M0,-5 L1.5,-1.5 L5,-1.5 L2.2,1 L3.2,4.8 L0,2.6 L-3.2,4.8 L-2.2,1 L-5,-1.5 L-1.5,-1.5 Z" }),
      svg("text", { x: g.X(x), y: f(objectiveBaseline(o, g)) }, objectiveWords(o, view))));
  }
  return layer;
}

function objectiveWords(o, view) {
  return `${o.name} · ${o.sp} SP · held by ${o.controller >= 0 ? view.players[o.controller].name : "nobody"}`;
}
function objectiveBaseline(o, g) { return g.Y(o.point[1]) - o.control * PX - 4; }

// The objectives' names as boxes (table px) the units' names keep clear of (labelSpot).
function objectiveBoxes(view, g) {
  return (view.objectives || []).map((o) => {
    const size = 11 * g.k;
    const w = 0.66 * size * objectiveWords(o, view).length;
    const y = objectiveBaseline(o, g);
    return { x1: g.X(o.point[0]) - w / 2, x2: g.X(o.point[0]) + w / 2, y1: y - 1.1 * size, y2: y + 0.4 * size };
  });
}

// Night Encounter's unit markers (DW-BTL-06, DW-NE-02): a face-down disk of r 1" with its id; which
// unit stands behind it is known to nobody (the view never says) until it is revealed, when the
// marker goes and the unit is drawn instead.
function drawMarkers(view, g) {
  const layer = svg("g", { class: "unit-markers" });
  for (const m of view.markers || []) {
    if (m.revealed || m.x === null) continue;
    const cls = `unit-marker seat-${m.seat}${m.activated ? " done" : ""}`;
    layer.append(svg("g", { class: cls, "data-marker": m.id },
      svg("circle", { cx: g.X(m.x), cy: g.Y(m.y), r: m.radius * PX, fill: m.seat === 0 ? "#4f6d3a" : "#6b6b6b",
        stroke: "#111", "stroke-width": 1.5, opacity: m.activated ? 0.6 : 0.95 }),
      svg("text", { x: g.X(m.x), y: f(g.Y(m.y) + 3 * g.k), class: "marker-label" }, m.id)));
  }
  return layer;
}

// Front Lines' minefield markers (DW-BTL-03): the 3" area, dashed in the owner's colour, face down
// ("mine") or face up with its Density; the Density of a face-down marker only for its owner, as the
// view gives it. A marker Artillery may shell now (DW-WPN-01) is a target: click it, then a chip.
function drawMines(view, g, ui) {
  const layer = svg("g", { class: "minefields" });
  (view.minefields || []).forEach((m, k) => {
    const h = `mine:${k}`;
    const offered = ui.clickable.has(h);
    const picked = ui.selected.has(h);
    const known = m.density === null || m.density === undefined ? "" : m.density === 0 ? ", a dummy" : `, Density ${m.density}`;
    const words = `${view.players[m.owner].name} minefield marker, ${m.revealed ? "face up" : "face down"}${known}`;
    const cls = `minefield seat-${m.owner}${m.revealed ? " revealed" : ""}${offered ? " target" : ""}${picked ? " selected" : ""}`;
    const attrs = { class: cls, "data-minefield": k };
    if (offered || picked) Object.assign(attrs, { "data-handle": h, onclick: () => { if (!page.tape) ui.onHandle(h); } });
    layer.append(svg("g", attrs,
      svg("circle", { cx: f(g.X(m.x)), cy: f(g.Y(m.y)), r: f(m.radius * PX), class: "mine-area", stroke: SEAT_DARK[m.owner] }),
      svg("text", { x: f(g.X(m.x)), y: f(g.Y(m.y) + 3 * g.k), class: "mine-label" }, m.revealed ? `mine ${m.density}` : "mine"),
      svg("title", {}, offered ? `${words}: shell it, ${optionWords(h) || ""}` : words)));
  });
  return layer;
}

// ---------------------------------------------------------------- units
function drawUnit(unit, g, state) {
  const cls = ["unit", `seat-${unit.seat}`];
  if (unit.activated) cls.push("done");
  if (state.clickable) cls.push("clickable");
  if (state.selected) cls.push("selected");
  if (state.draggable) cls.push("draggable");
  const node = svg("g", { class: cls.join(" "), "data-unit": unit.id });
  const lead = leaderOf(unit);
  // the unit's markers in its bases' tooltips: its chips let clicks through to a neighbour's base
  const markers = [unit.suppression ? `${unit.suppression} Suppression marker(s)` : "", unit.reaction ? "Reaction marker" : "",
    unit.retreating ? "Retreating" : ""].filter(Boolean).map((w) => ` · ${w}`).join("");
  for (const m of living(unit)) {
    const x = g.X(m.x);
    const y = g.Y(m.y);
    const r = m.radius * PX;
    const isLeader = lead && m.index === lead.index && unit.leader >= 0;
    node.append(svg("circle", { cx: f(x), cy: f(y), r: f(r), fill: SEATS[unit.seat], class: `model${isLeader ? " leader" : ""}`,
      "data-model": `${unit.id}.${m.index}` }, svg("title", {}, `${title(unit, page.view)}: ${m.role}${m.hero ? " (Hero)" : ""}, damage ${m.damage}/${m.capacity}${markers}`)));
    if (m.facing !== null && m.facing !== undefined) {
      const a = (m.facing * Math.PI) / 180;
      const dx = Math.cos(a) * (g.flip ? -1 : 1);
      const dy = -Math.sin(a) * (g.flip ? -1 : 1);
      node.append(svg("line", { x1: f(x), y1: f(y), x2: f(x + dx * r * 1.35), y2: f(y + dy * r * 1.35), class: "facing" }));
      node.append(svg("path", { d: `M${f(x - dy * r)},${f(y + dx * r)} L${f(x + dy * r)},${f(y - dx * r)}`, stroke: SEAT_DARK[unit.seat], "stroke-width": 2, "stroke-dasharray": "2 2" }));
    }
    if (isLeader && unit.models.length > 1) {
      node.append(svg("path", { transform: `translate(${f(x)},${f(y)}) scale(${f(r / 7)})`, fill: "#fff", d: "M0,-5 L1.5,-1.5 L5,-1.5 L2.2,1 L3.2,4.8 L0,2.6 L-3.2,4.8 L-2.2,1 L-5,-1.5 L-1.5,-1.5 Z", "pointer-events": "none" }));
    }
    for (let i = 0; i < m.damage; i++) {
      node.append(svg("circle", { cx: f(x - r + 3 + i * 5), cy: f(y - r), r: 2.5, class: "dmg" }));
    }
  }
  if (lead) {
    for (const chip of chipsOf(unit, g)) {
      const at = `translate(${f(chip.x)},${f(chip.y)}) scale(${g.k})`;
      if (chip.kind === "retreat") {
        node.append(svg("g", { class: "chip retreat", transform: at }, svg("rect", { x: -20, y: -6, width: 40, height: 12, rx: 3 }),
          svg("text", { y: 3 }, "RETREAT")));
      } else {
        node.append(svg("g", { class: `chip ${chip.kind}`, transform: at }, svg("circle", { r: 7 }),
          svg("text", { y: 3 }, chip.kind === "supp" ? unit.suppression : "R")));
      }
    }
    // where the name finds no room (a phone's big words on a crowded table), its initials do: the
    // tooltip, the roster and the card give it in full
    const name = short(unit, page.view);
    let text = name;
    let spot = labelSpot(text, g.X(lead.x), g.Y(lead.y), lead.radius * PX, g, state.labels || [], state.bases || []);
    if (!spot) {
      text = initials(name);
      spot = labelSpot(text, g.X(lead.x), g.Y(lead.y), lead.radius * PX, g, state.labels || [], state.bases || []);
    }
    if (spot) {
      if (spot.line) node.append(svg("line", { ...spot.line, class: "label-line" }));
      node.append(svg("text", { x: f(spot.x), y: f(spot.y), class: `unit-label${text === name ? "" : " initials"}`, "text-anchor": spot.leftwards ? "end" : "start" },
        text, text === name ? null : svg("title", {}, title(unit, page.view))));
    }
  }
  return node;
}

// A unit's marker chips (Suppression, Reaction, RETREAT: DW-SUP-01, DW-REA-05, DW-SUP-06) in a
// row above its leader's base, leftwards from it (rightwards by the table's left edge), each with
// its centre and box in table px: drawn before any name, so every name keeps clear of every chip.
// A row that would lie over the objective's words goes the other way, under the base or beside it.
function chipsOf(unit, g) {
  const lead = leaderOf(unit);
  if (!lead) return [];
  const kinds = [unit.suppression ? "supp" : null, unit.reaction ? "react" : null, unit.retreating ? "retreat" : null].filter(Boolean);
  if (!kinds.length) return [];
  const x = g.X(lead.x);
  const r = lead.radius * PX;
  const widths = kinds.map((kind) => (kind === "retreat" ? 40 : 14) * g.k);
  const row = widths.reduce((a, b) => a + b, 0) + 3 * g.k * (kinds.length - 1);
  // a row at height y from `start` (its near end), going right or left
  const rowAt = (y, start, rightwards) => {
    let edge = start;
    return kinds.map((kind, i) => {
      const w = widths[i];
      const cx = rightwards ? edge + w / 2 : edge - w / 2;
      edge = rightwards ? edge + w + 3 * g.k : edge - w - 3 * g.k;
      const o = 1.5 * g.k; // the chip's outline
      return { kind, x: cx, y, box: { x1: cx - w / 2 - o, x2: cx + w / 2 + o, y1: y - 7 * g.k - o, y2: y + 7 * g.k + o } };
    });
  };
  const cy = g.Y(lead.y);
  const first = x - row < MARGIN; // rightwards only by the table's left edge
  // above the base from over its right half (leftwards) or its centre (rightwards), then under it,
  // a row farther each time, then beside it
  const rows = [0, 1, 2].flatMap((i) => [cy - r - (7 + 16 * i) * g.k, cy + r + (7 + 16 * i) * g.k]);
  const ways = rows.flatMap((y) => [[y, first], [y, true]])
    .filter(([, rightwards]) => rightwards || x - row >= MARGIN)
    .map(([y, rightwards]) => rowAt(Number(y), rightwards ? x : x + r / 2, Boolean(rightwards)))
    .concat([rowAt(cy, x + r + 3 * g.k, true), rowAt(cy, x - r - 3 * g.k, false)]);
  const pad = 3 * g.k; // the words' own box is an estimate: keep a little farther
  const words = (page.view ? objectiveBoxes(page.view, g) : []).map((b) => ({ x1: b.x1 - pad, x2: b.x2 + pad, y1: b.y1 - pad, y2: b.y2 + pad }));
  const clear = (chips) => chips.every((c) => c.box.x1 >= MARGIN && words.every((b) => !boxesMeet(c.box, b)));
  return ways.find(clear) || ways[0];
}

function boxesMeet(a, b) { return a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2; }

// Where a target's dice badge is drawn, under its leader's base, and its box (table px: the badge
// is 68 × 20 px scaled by g.k), which the units' names keep clear of (labelSpot).
function badgeAt(lead, g) {
  const x = g.X(lead.x);
  const y = g.Y(lead.y) + lead.radius * PX + 16 * g.k;
  return { x, y, box: { x1: x - 34 * g.k, x2: x + 34 * g.k, y1: y - 11 * g.k, y2: y + 9 * g.k } };
}

// Where a unit's name goes beside its leader's base (r table px): right of it, left of it, above
// or below, then centred over or under it, the first place that keeps it on the table's picture
// and clear of the words and chips already placed (`taken`, boxes in table px, which it joins).
// Where units stand close and none of those is free, the name goes farther out, on rings around
// the base (nearest first, every 22.5°, up to some five names' heights away), to a place on the
// cloth also clear of every base (`bases`: a name there must not read as another unit's), joined
// to its base by a leader line (`line`); null when none is free (a phone's big words on a crowded
// table), then the base's tooltip, the roster and the card name it. Its size is the board's word
// size (10 px × g.k, bold sans: under 0.66 em a letter).
function labelSpot(text, x, y, r, g, taken, bases = []) {
  const size = 10 * g.k;
  const w = 0.66 * size * text.length + 4; // a little over the drawn box, ascent and descent included
  const h = 1.5 * size;
  const gap = 3 * g.k;
  // the letters' outline (stroke) reaches past the text's own box; a name also keeps more than a
  // letter's width from the next words, so two names never read as one ("Recon Grenadiers Battle ...")
  const pad = 2 * g.k + 0.6 * size;
  const hits = (box, boxes) => boxes.some((b) => box.x1 < b.x2 && b.x1 < box.x2 && box.y1 < b.y2 && b.y1 < box.y2);
  const boxOf = (spot) => {
    const x1 = spot.leftwards ? spot.x - w : spot.x;
    return { x1: x1 - pad, x2: x1 + w + pad, y1: spot.y - 1.1 * size, y2: spot.y - 1.1 * size + h };
  };
  const onPicture = (box) => box.x1 >= 0 && box.x2 <= g.width && box.y1 >= 0 && box.y2 <= g.height;
  // a name led out stays on the cloth, its letters off the margins' rulers
  const onCloth = (box) => box.x1 + pad >= MARGIN && box.x2 - pad <= g.width - MARGIN && box.y1 >= MARGIN && box.y2 <= g.height - MARGIN;
  const above = y - r - 2;
  const below = y + r + size;
  const preferLeft = x > g.width - MARGIN - 12 * PX; // near the right-hand edge it reads leftwards
  const right = { x: x + r + gap, leftwards: false };
  const left = { x: x - r - gap, leftwards: true };
  const sides = preferLeft ? [left, right] : [right, left];
  const spots = [...sides.map((s) => ({ ...s, y: above })), ...sides.map((s) => ({ ...s, y: below })),
    { x: x - w / 2, y: y - r - 2 - size, leftwards: false }, { x: x - w / 2, y: below + 2 + size, leftwards: false }];
  for (const spot of spots) {
    const box = boxOf(spot);
    if (!onPicture(box) || hits(box, taken)) continue;
    taken.push(box);
    return { ...spot, line: null };
  }
  for (const reach of [0.5, 1, 1.75, 2.5, 3.5, 5]) { // × the name's height beyond the base
    for (let i = 0; i < 16; i++) {
      const a = (i * Math.PI) / 8;
      const [ux, uy] = [Math.cos(a), Math.sin(a)];
      // the name's middle, its box touching the ring (an ellipse as wide as the name)
      const cx = x + ux * (r + gap + w / 2 + reach * h);
      const cy = y + uy * (r + gap + h / 2 + reach * h);
      const box = boxOf({ x: cx - w / 2, y: cy - h / 2 + 1.1 * size, leftwards: false });
      if (!onCloth(box) || hits(box, taken) || hits(box, bases)) continue;
      taken.push(box);
      // from the base's rim to the nearest point of the name's letters
      const [px, py] = [Math.min(Math.max(x, cx - w / 2), cx + w / 2), Math.min(Math.max(y, cy - h / 2), cy + h / 2)];
      const d = Math.hypot(px - x, py - y) || 1;
      const line = { x1: f(x + ((px - x) / d) * r), y1: f(y + ((py - y) / d) * r), x2: f(px), y2: f(py) };
      return { x: cx - w / 2, y: cy - h / 2 + 1.1 * size, leftwards: false, line };
    }
  }
  return null;
}

// A unit as a player names it, never by the engine's id (`u5`): its card's name and side, two alike
// on one side told apart by their number in unit order — the numbering of the options' words
// (words.py `unit_titles`), shown on the board and the roster too.
function numberOf(unit, view) {
  const alike = (view?.units || []).filter((u) => u.seat === unit.seat && u.name === unit.name);
  return alike.length > 1 ? alike.findIndex((u) => u.id === unit.id) + 1 : 0;
}
function title(unit, view) {
  const n = numberOf(unit, view);
  return `${unit.name}${n ? ` ${n}` : ""} (${view.players[unit.seat].name})`;
}
function short(unit, view) {
  const n = numberOf(unit, view);
  return `${shortName(unit.name)}${n ? ` ${n}` : ""}`;
}

// a name's initials, for a board with no room for it: "Recon Grenadiers" RG, "Luther" Lut
function initials(name) {
  const words = name.replace(/[^\p{L}\p{N}\s]/gu, "").split(/\s+/).filter(Boolean);
  return words.length > 1 ? words.slice(0, 3).map((w) => w[0].toUpperCase()).join("") : (words[0] || name).slice(0, 3);
}

function shortName(name) {
  const quoted = /"([^"]+)"/.exec(name);
  if (quoted) return quoted[1];
  return name.replace(/\s*\(.*\)\s*/g, " ").replace(/\b(Squad|Team)\b/g, "").trim().split(/\s+/).slice(0, 2).join(" ");
}

// ---------------------------------------------------------------- options as handles
// What a structured option names on the table, from its verb and parts, never from its text.
function handles(option, view) {
  const verb = option.verb;
  if (verb === "unit") return [`unit:${part(option, "unit")}`];
  if (verb === "take" || verb === "regroup") {
    return [`unit:${part(option, "unit")}`, `do:${verb}${part(option, "radio") ? "-radio" : ""}`];
  }
  if (verb === "react") return [`unit:${part(option, "unit")}`, `do:react-${part(option, "reaction")}`];
  if (verb === "fire" || verb === "grenades" || verb === "assault") {
    return [`target:${part(option, "target")}`, `do:${verb}${part(option, "sustained") ? "-sustained" : ""}`];
  }
  if (verb === "shell") { // DW-WPN-01: Artillery on a minefield marker, by its place in view.minefields
    return [`mine:${part(option, "minefield")}`, `do:shell${part(option, "sustained") ? "-sustained" : ""}`];
  }
  if (verb === "hit" || verb === "leader") {
    const u = verb === "hit" ? view?.attack?.target : view?.decision?.unit;
    return u === undefined || u === null ? [] : [`model:${u}.${part(option, "model")}`];
  }
  if (verb === "region") return [`region:${part(option, "region")}`];
  if (verb === "at") return [`point:${part(option, "to").join(",")}`];
  return [];
}

// a click on a unit or a target picks it; the option is taken on its last handle, or at once when
// the pick leaves a single option
function completes(handle, optionHandles) {
  return optionHandles[optionHandles.length - 1] === handle || optionHandles.length === 1 || !handle.startsWith("unit:");
}

const DO_WORDS = {
  take: "Take Action", "take-radio": "Take Action (radio)", regroup: "Regroup", "regroup-radio": "Regroup (radio)",
  "react-move": "React: move", "react-fire": "React: fire", "react-assault": "React: assault", "react-dirt": "Hit the Dirt!",
  fire: "Fire", "fire-sustained": "Sustained fire", grenades: "Grenades", "grenades-sustained": "Sustained grenades",
  assault: "Assault", "assault-sustained": "Sustained assault", shell: "Shell", "shell-sustained": "Sustained shelling",
};

// An option's words as the server says them (its label after the typed text: 'a 6" square, its
// middle 4" south of the south-west low wall'), for the handle that picks it; null when no option
// has words for it.
function optionWords(handle) {
  const option = (page.ui?.options || []).find((a) => handles(a, page.view).includes(handle));
  const label = option?.label || "";
  const words = option && label.startsWith(option.text) ? label.slice(option.text.length).replace(/^[\s:]+/, "") : "";
  return words || null;
}

function handleLabel(handle) {
  const [kind, value] = handle.split(":");
  const unit = page.view?.units?.[Number(value)];
  if (kind === "unit" || kind === "target") return unit ? title(unit, page.view) : value;
  if (kind === "do") return DO_WORDS[value] || value;
  if (kind === "region") return optionWords(handle) || "a 6\" square of the table";
  if (kind === "mine") return (optionWords(handle) || "a minefield marker").replace(/, \d+ dic?e? against V2$/, "");
  if (kind === "point") return `leader ${optionWords(handle) || "at the point picked"}`;
  if (kind === "model") { // a miniature by its role and unit, not by its ids
    const [u, m] = value.split(".").map(Number);
    const owner = page.view?.units?.[u];
    const model = owner?.models?.find((x) => x.index === m);
    return model ? `${model.role.split(" (")[0]} of ${short(owner, page.view)}` : `miniature ${value}`;
  }
  return value;
}

// ---------------------------------------------------------------- the board
function board(container) {
  useStyles();
  const root = svg("svg", { class: "dw-board", role: "img", "aria-label": "Dust Warfare table" });
  const layers = {};
  for (const name of ["static", "zones", "objectives", "places", "units", "marks", "overlay", "flash"]) {
    layers[name] = svg("g", { class: `layer-${name}` });
    root.append(layers[name]);
  }
  container.append(root);
  // fresh words, measured by the page once drawn (its legibleText hides what it cannot make legible)
  function redrawWords() {
    drawnStatic = null;
    redraw();
    legibleText(root);
  }
  page.onStyles = redrawWords;
  // another size on the screen (a phone turned, a window resized) may want other word sizes
  new ResizeObserver(() => {
    if (page.view && g && geometry(page.view, root.getBoundingClientRect()).k !== g.k) redrawWords();
  }).observe(root);
  let drawnStatic = null;
  let g = null;
  let drag = null;
  let justDragged = false;
  let tape = null;
  let lastTapeQuery = 0;

  function point(event) {
    const ctm = root.getScreenCTM();
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
    return g.toTable(p.x, p.y).map(round1);
  }

  function redraw() {
    const view = page.view;
    const ui = page.ui;
    if (!view || !ui) return;
    const next = geometry(view, root.getBoundingClientRect());
    // terrain placed during setup (Secret Mission, DW-BTL-01) is drawn as it comes; the words'
    // size follows the board's size on the screen
    const key = `${next.W}x${next.D}:${next.flip}:${view.terrain.length}:${next.k}`;
    if (key !== drawnStatic) {
      root.setAttribute("viewBox", `0 0 ${next.width} ${next.height}`);
      root.style.setProperty("--k", String(next.k));
      layers.static.replaceChildren(drawStatic(view, next));
      drawnStatic = key;
    }
    g = next;
    layers.zones.replaceChildren(drawZones(view, g));
    layers.objectives.replaceChildren(drawObjectives(view, g), drawMarkers(view, g), drawMines(view, g, ui));
    drawPlaces(view, ui);
    drawUnits(view, ui);
    drawMarks(view, ui);
    placeFlashes();
    if (!drag) layers.overlay.replaceChildren();
    drawTape();
  }

  function drawPlaces(view, ui) {
    const layer = layers.places;
    layer.replaceChildren();
    for (const h of ui.clickable) {
      const [kind, value] = h.split(":");
      if (kind === "region") {
        const box = regionBox(view, Number(value));
        const x = Math.min(g.X(box[0]), g.X(box[2]));
        const y = Math.min(g.Y(box[1]), g.Y(box[3]));
        layer.append(svg("rect", { x: f(x), y: f(y), width: f(Math.abs(g.X(box[2]) - g.X(box[0]))), height: f(Math.abs(g.Y(box[3]) - g.Y(box[1]))),
          class: "region", "data-handle": h, onclick: () => { if (!justDragged) ui.onHandle(h); } }, svg("title", {}, `place the leader in ${optionWords(h) || "this 6\" square"}`)));
      } else if (kind === "point") {
        const [x, y] = value.split(",").map(Number);
        layer.append(svg("circle", { cx: f(g.X(x)), cy: f(g.Y(y)), r: 3.2, class: "lattice", "data-handle": h, onclick: () => { if (!justDragged) ui.onHandle(h); } },
          svg("title", {}, `the leader ${optionWords(h) || "here"}`)));
      }
    }
  }

  function drawUnits(view, ui) {
    const layer = layers.units;
    layer.replaceChildren();
    const placing = dragTarget(view, ui);
    // the words and chips placed so far (the objective's and the pieces' names, every unit's chips):
    // each name finds room clear of them
    const onTable = view.units.filter((u) => u.status === "table");
    const dice = diceByTarget(ui.options || []);
    const badges = onTable.filter((u) => dice.has(u.id) && leaderOf(u)).map((u) => badgeAt(leaderOf(u), g).box);
    const labels = [...objectiveBoxes(view, g), ...view.terrain.map((piece) => pieceLabel(piece, g)?.box).filter(Boolean),
      ...zoneLabels(view, g).map((z) => z.box), ...edgeNames(g).map((e) => e.box), ...badges,
      ...onTable.flatMap((u) => chipsOf(u, g).map((c) => c.box))];
    // every base (table px, 2 px round it): a name led out from its own unit keeps off them
    const bases = onTable.flatMap(living).map((m) => {
      const [cx, cy, r] = [g.X(m.x), g.Y(m.y), m.radius * PX + 2];
      return { x1: cx - r, x2: cx + r, y1: cy - r, y2: cy + r };
    });
    const order = [...view.units].sort((a, b) => rank(b, ui) - rank(a, ui)); // a unit to pick is named first
    const nodes = new Map();
    for (const unit of order) {
      if (unit.status !== "table" || !living(unit).length) continue;
      const handle = `unit:${unit.id}`;
      const target = `target:${unit.id}`;
      const clickable = ui.clickable.has(handle) || ui.clickable.has(target);
      const node = drawUnit(unit, g, {
        clickable, selected: ui.selected.has(handle) || ui.selected.has(target) || page.selected === unit.id,
        draggable: placing && placing.unit.id === unit.id && placing.purpose !== "deploy", labels, bases,
      });
      node.addEventListener("click", (event) => {
        if (page.tape || justDragged) return;
        const model = event.target.dataset?.model;
        if (model && ui.clickable.has(`model:${model}`)) { ui.onHandle(`model:${model}`); return; }
        page.selected = unit.id;
        if (ui.clickable.has(handle)) ui.onHandle(handle);
        else if (ui.clickable.has(target)) ui.onHandle(target);
        else page.onChange();
      });
      nodes.set(unit.id, node);
    }
    layer.append(...[...nodes].sort((a, b) => a[0] - b[0]).map(([, node]) => node)); // drawn in unit order
  }

  // whose name gets room first: the unit picked, then those an option names, then the rest
  function rank(unit, ui) {
    const named = (h) => ui.selected.has(h) || ui.clickable.has(h);
    if (page.selected === unit.id || ui.selected.has(`unit:${unit.id}`) || ui.selected.has(`target:${unit.id}`)) return 2;
    return named(`unit:${unit.id}`) || named(`target:${unit.id}`) ? 1 : 0;
  }

  // the marks of the decision: targets with their dice, the chips of a picked unit's or target's
  // remaining choices, miniatures to pick, the reach of a move
  function drawMarks(view, ui) {
    const layer = layers.marks;
    layer.replaceChildren();
    const dice = diceByTarget(ui.options || []);
    const picked = [...ui.selected].find((h) => h.startsWith("unit:") || h.startsWith("target:") || h.startsWith("mine:"));
    const mineDice = diceByTarget(ui.options || [], "minefield");
    (view.minefields || []).forEach((m, k) => { // DW-WPN-01: a marker to shell, ringed, with its dice
      const h = `mine:${k}`;
      if (!ui.clickable.has(h) && !ui.selected.has(h)) return;
      layer.append(svg("circle", { cx: f(g.X(m.x)), cy: f(g.Y(m.y)), r: f(m.radius * PX + 5), class: "target-ring" }));
      const n = mineDice.get(k);
      if (n !== undefined) {
        const at = badgeAt(m, g);
        layer.append(svg("g", { class: "dice-badge", "data-dice": h, transform: `translate(${f(at.x)},${f(at.y)}) scale(${g.k})` },
          svg("rect", { x: -34, y: -11, width: 68, height: 20, rx: 6 }), svg("text", { y: 4 }, `${n} ${n === "1" ? "die" : "dice"}`)));
      }
    });
    for (const unit of view.units) {
      const lead = leaderOf(unit);
      if (!lead || unit.status !== "table") continue;
      const target = `target:${unit.id}`;
      if (ui.clickable.has(target) || ui.selected.has(target)) {
        for (const m of living(unit)) layer.append(svg("circle", { cx: f(g.X(m.x)), cy: f(g.Y(m.y)), r: f(m.radius * PX + 5), class: "target-ring" }));
        const n = dice.get(unit.id);
        if (n !== undefined) {
          const at = badgeAt(lead, g);
          layer.append(svg("g", { class: "dice-badge", "data-dice": unit.id, transform: `translate(${f(at.x)},${f(at.y)}) scale(${g.k})` },
            svg("rect", { x: -34, y: -11, width: 68, height: 20, rx: 6 }), svg("text", { y: 4 }, `${n} ${n === "1" ? "die" : "dice"}`)));
        }
      }
      for (const m of living(unit)) {
        const h = `model:${unit.id}.${m.index}`;
        if (ui.clickable.has(h)) {
          layer.append(svg("circle", { cx: f(g.X(m.x)), cy: f(g.Y(m.y)), r: f(m.radius * PX + 4), class: "target-ring", stroke: "#ffe066" }));
        }
      }
    }
    if (picked) {
      const [kind, id] = picked.split(":");
      const unit = kind === "mine" ? null : view.units[Number(id)];
      const lead = kind === "mine" ? view.minefields?.[Number(id)] : unit && leaderOf(unit);
      const chips = [...ui.clickable].filter((h) => h.startsWith("do:"));
      if (lead) {
        chips.forEach((h, i) => {
          const x = Math.min(g.X(lead.x) + 30 + lead.radius * PX, g.width - 120 * g.k); // on the picture, by its right side
          const y = g.Y(lead.y) + (i * 24 - 10) * g.k;
          layer.append(svg("g", { class: "do-chip", "data-handle": h, transform: `translate(${f(x)},${f(y)}) scale(${g.k})`, onclick: (e) => { e.stopPropagation(); ui.onHandle(h); } },
            svg("rect", { x: 0, y: -10, width: 118, height: 20, rx: 10 }), svg("text", { x: 59, y: 4 }, DO_WORDS[h.slice(3)] || h.slice(3))));
        });
      }
    }
    const placing = dragTarget(view, ui);
    if (placing && placing.purpose !== "deploy") {
      const lead = placing.order[0];
      if (lead.x !== null) {
        layer.append(svg("circle", { cx: f(g.X(lead.x)), cy: f(g.Y(lead.y)), r: f((placing.allowance + lead.radius) * PX), class: "reach" }));
      }
    }
  }

  // ------------------------------------------------------------ dragging a unit to place it
  root.addEventListener("pointerdown", (event) => {
    const view = page.view;
    const ui = page.ui;
    if (!view || !ui || event.button !== 0) return;
    const at = point(event);
    if (page.tape) { startTape(at, event); return; }
    const placing = dragTarget(view, ui);
    if (!placing) return;
    // a region, a point or a chip is a click, except that a deployment may start anywhere in the
    // zone, and an entry, Air drop, Black ops placement or disembarkation anywhere on the table
    const anywhere = ARRIVALS.has(placing.purpose);
    if (event.target.dataset?.handle && placing.purpose !== "deploy" && !anywhere) return;
    const lead = placing.order[0];
    // on the leader's base (its facing line and star lie over it)
    const onLeader = lead.x !== null && Math.hypot(at[0] - lead.x, at[1] - lead.y) <= lead.radius + 0.2;
    if (placing.purpose === "deploy") {
      if (!insideZone(view, placing.unit.seat, at)) return;
    } else if (!anywhere && (!onLeader || placing.fixed)) {
      return;
    }
    event.preventDefault();
    root.setPointerCapture(event.pointerId);
    drag = { placing, start: lead.x === null ? at : [lead.x, lead.y], at, moved: false };
    showDrag();
  });
  root.addEventListener("pointermove", (event) => {
    if (tape?.active) { tape.to = point(event); drawTape(); queryTape(false); return; }
    if (!drag) return;
    drag.at = point(event);
    drag.moved = true;
    showDrag();
  });
  root.addEventListener("pointerup", (event) => {
    if (tape?.active) { tape.to = point(event); tape.active = false; queryTape(true); return; }
    if (!drag) return;
    const d = drag;
    drag.at = point(event);
    const proposal = propose(d);
    justDragged = true; // the click that follows this release is part of the drag
    setTimeout(() => { drag = null; justDragged = false; layers.overlay.replaceChildren(); }, 0);
    const problems = proposalProblems(page.view, d.placing, proposal);
    if (problems.length) {
      page.explain = { ok: false, text: `Refused: ${problems.join("; ")}.` };
      page.onChange();
      return;
    }
    submit(proposal);
  });

  // the engine's own predicate decides before anything is sent: a refused drop is explained in the
  // game's words (the table's check route), an accepted one is played
  // the engine's verdict on a proposal (the table's check route): { legal, words } or null
  async function verdict(text) {
    const query = new URLSearchParams({ action: text, ...(tokenFromHash() ? { token: tokenFromHash() } : {}) });
    const response = await fetch(`/api/tables/${encodeURIComponent(tableIdOf(page.ui))}/check?${query}`);
    return response.ok ? response.json() : null;
  }

  // while dragging, the engine's word on where the leader is now: its shortest legal path against
  // the allowance, or why it cannot stand there (asked at most every 200 ms, the latest kept)
  let liveAsked = 0;
  let liveText = null;
  let liveLater = null;
  async function liveCheck(proposal) {
    const now = Date.now();
    clearTimeout(liveLater);
    if (now - liveAsked < 200) { // the latest position is asked once the pause is over
      liveLater = setTimeout(() => { if (drag) liveCheck(propose(drag)); }, 200 - (now - liveAsked));
      return;
    }
    liveAsked = now;
    const text = placeText(proposal);
    liveText = text;
    try {
      const answer = await verdict(text);
      if (!drag || liveText !== text || !answer) return;
      drag.engine = answer.legal ? (/path [\d.]+" of [\d.]+"/.exec(answer.words)?.[0] || "legal") : `refused: ${answer.words.replace(/^.*: refused, /, "")}`;
      drag.engineOk = answer.legal;
      showDrag(false);
    } catch { /* no answer: the ruler keeps its measurement */ }
  }

  async function submit(proposal) {
    const text = placeText(proposal);
    page.explain = { ok: true, text: "Checking the drop…" };
    page.onChange();
    let words = ""; // the engine's words for the drop ('place the leader on the hill, with 4 more: ...')
    try {
      const answer = await verdict(text);
      if (answer && !answer.legal) {
        page.explain = { ok: false, text: `Refused: ${answer.words.replace(/^.*: refused, /, "")}.` };
        page.onChange();
        return;
      }
      words = answer?.words || "";
    } catch { /* no answer: let the move itself be refused or played */ }
    page.explain = { ok: true, text: words ? `Played: ${words}.` : "Played." };
    page.onChange();
    page.ui.act(text);
  }

  function propose(d) {
    const placing = d.placing;
    const [x, y] = d.at;
    const order = placing.order;
    if (placing.purpose === "deploy" || ARRIVALS.has(placing.purpose)) {
      // a line along the table edge around the leader (DW-GEO-17 F-LINE, heading 90°)
      const centres = order.map((_, k) => (k === 0 ? [x, y] : [round1(x + (k % 2 ? 2 : -2) * Math.ceil(k / 2)), y]));
      const facing = placing.unit.type === "vehicle" ? (view().edges[placing.unit.seat] === "north" ? 270 : 90) : null;
      return { centres, facing };
    }
    // the formation follows: every follower keeps its offset from the leader
    const dx = x - d.start[0];
    const dy = y - d.start[1];
    const centres = order.map((m, k) => (k === 0 ? [x, y] : [round1(m.x + dx), round1(m.y + dy)]));
    let facing = null;
    if (placing.unit.type === "vehicle") {
      const moved = Math.hypot(dx, dy);
      // a walker turns to face where it went (a pivot is free during its Move, DW-MOVE-08)
      facing = moved > 0.5 ? Math.round(((Math.atan2(dy, dx) * 180) / Math.PI + 360) % 360) : order[0].facing;
    }
    return { centres, facing };
  }

  function showDrag(ask = true) {
    const d = drag;
    const view = page.view;
    const proposal = propose(d);
    if (ask) {
      d.engine = null;
      liveCheck(proposal);
    }
    const layer = layers.overlay;
    layer.replaceChildren();
    const problems = new Set(proposalProblems(view, d.placing, proposal, true).map((p) => p.index));
    const ghost = svg("g", { class: "ghost" });
    proposal.centres.forEach(([x, y], k) => {
      const m = d.placing.order[k];
      ghost.append(svg("circle", { cx: f(g.X(x)), cy: f(g.Y(y)), r: f(m.radius * PX), fill: SEATS[d.placing.unit.seat], class: problems.has(k) ? "bad" : "" }));
    });
    layer.append(ghost);
    const words = [];
    if (d.placing.purpose !== "deploy" && !ARRIVALS.has(d.placing.purpose)) {
      const length = dist(d.start, proposal.centres[0]);
      const over = length > d.placing.allowance + 1e-6;
      layer.append(svg("line", { x1: f(g.X(d.start[0])), y1: f(g.Y(d.start[1])), x2: f(g.X(proposal.centres[0][0])), y2: f(g.Y(proposal.centres[0][1])), class: `path${over ? " over" : ""}` }));
      words.push(`${inches(length)} of ${inches(d.placing.allowance)}${d.placing.march ? " (March)" : ""}`);
    }
    const lr = d.placing.unit.leadership;
    if (lr && proposal.centres.length > 1) {
      const lead = d.placing.order[0];
      const worst = Math.max(...proposal.centres.slice(1).map((c, i) => dist(c, proposal.centres[0]) - lead.radius - d.placing.order[i + 1].radius));
      words.push(`formation ${inches(Math.max(0, worst))} / LR ${inches(lr)}`);
    }
    const [x, y] = proposal.centres[0];
    if (!words.length) words.push(edgeWords(view, [x, y])); // one miniature placed: where, as the log says it
    // the two labels (20 px high × g.k) one above the other, apart at any word size
    layer.append(labelBox(g.X(x) + 14, g.Y(y) - 10 * g.k, words.join(" · "), "drag-ruler"));
    if (d.engine) layer.append(labelBox(g.X(x) + 14, g.Y(y) + 12 * g.k, `engine: ${d.engine}`, `drag-engine${d.engineOk ? "" : " bad"}`));
  }

  // ------------------------------------------------------------ the measuring tape
  function startTape(at, event) {
    const model = event.target.dataset?.model;
    const [u, m] = model ? model.split(".") : [null, null];
    tape = { from: at, to: at, fromRef: model ? `u${u}.${m}` : null, active: true, result: null, label: null };
    root.setPointerCapture(event.pointerId);
    drawTape();
  }

  async function queryTape(final) {
    if (!tape) return;
    const now = Date.now();
    if (!final && now - lastTapeQuery < 120) return;
    lastTapeQuery = now;
    const snapTo = unitAt(page.view, tape.to);
    const a = tape.fromRef || `${tape.from[0]},${tape.from[1]}`;
    const b = snapTo ? `u${snapTo.unit}.${snapTo.model}` : `${tape.to[0]},${tape.to[1]}`;
    const ask = { a, b };
    const id = tableIdOf(page.ui);
    if (!id) return;
    try {
      const response = await fetch(`/api/tables/${encodeURIComponent(id)}/measure?${new URLSearchParams(ask)}`);
      const doc = await response.json();
      if (!tape || (tape.query && tape.query !== `${a}|${b}` && !final)) return;
      tape.query = `${a}|${b}`;
      tape.result = response.ok ? doc : { error: doc.error?.message || "cannot measure" };
      page.tapeResult = { a, b, ...tape.result };
      drawTape();
      if (final) page.onChange();
    } catch { /* a dropped connection: the tape keeps its last answer */ }
  }

  function drawTape() {
    if (!tape || !g) return;
    const layer = layers.overlay;
    if (drag) return;
    layer.replaceChildren();
    const r = tape.result;
    const cls = !r || r.error ? "pending" : r.line_of_sight ? "los" : "blocked";
    layer.append(svg("line", { x1: f(g.X(tape.from[0])), y1: f(g.Y(tape.from[1])), x2: f(g.X(tape.to[0])), y2: f(g.Y(tape.to[1])), class: `tape ${cls}` }));
    const text = !r ? inches(dist(tape.from, tape.to)) : r.error ? r.error
      : `${inches(r.distance)} · ${r.line_of_sight ? "line of sight" : "no line of sight"}`;
    layer.append(labelBox(g.X(tape.to[0]) + 12, g.Y(tape.to[1]) - 14, text, "tape-label"));
  }

  function labelBox(x, y, text, cls, width = 8 + 6.6 * text.length) {
    const k = g?.k || 1;
    const w = width;
    const gx = Math.min(Math.max(4, x), (g?.width || 900) - w * k - 4);
    return svg("g", { class: `label-box ${cls}`, transform: `translate(${f(gx)},${f(Math.max(16 * k, y))}) scale(${k})` },
      svg("rect", { x: 0, y: -14, width: f(w), height: 20, rx: 5 }), svg("text", { x: 5, y: 1 }, text));
  }

  const view = () => page.view;

  // The short-lived attack labels on the table, each with where it stands (table px of its base's
  // centre and radius) and its words: placed anew at every redraw, as the names move.
  const flashes = new Map();

  // Each flash at the first place, nearest its base first (above it, then under it, a row farther
  // each time, centred on it or to one side), that covers no unit's name as drawn now, no
  // objective's words and no flash placed before it; over its base when none is free.
  function placeFlashes() {
    const k = g.k;
    const taken = [...layers.units.querySelectorAll(".unit-label")].map((n) => {
      const b = /** @type {SVGGraphicsElement} */ (n).getBBox();
      return { x1: b.x, x2: b.x + b.width, y1: b.y, y2: b.y + b.height };
    }).concat(objectiveBoxes(page.view, g));
    for (const [node, { x, y, r, text }] of flashes) {
      const width = wordsWidth(node, text);
      const w = width * k;
      const spots = [0, 1, 2, 3, 4, 5, 6].flatMap((i) => [-w / 2, -w, 0].flatMap((dx) =>
        [[x + dx, y - r - (10 + 22 * i) * k], [x + dx, y + r + (20 + 22 * i) * k]]));
      const boxOf = (/** @type {number[]} */ [sx, sy]) => {
        const gx = Math.min(Math.max(4, sx), g.width - w - 4); // as labelBox keeps it on the picture
        const by = Math.max(16 * k, sy);
        return { x1: gx, x2: gx + w, y1: by - 14 * k, y2: by + 6 * k };
      };
      const spot = spots.find((p) => taken.every((t) => !boxesMeet(boxOf(p), t))) || [x - 40 * k, y - 30 * k];
      taken.push(boxOf(spot));
      node.replaceChildren(labelBox(spot[0], spot[1], text, "flash-label", width));
    }
  }

  // A flash label's width (unscaled): the estimate, or the words as this browser's font draws them
  // and a margin, whichever is wider; a font wider than the estimate would otherwise spill the
  // words past their box, over a neighbour's name, where the placement cannot see them.
  function wordsWidth(node, text) {
    node.replaceChildren(labelBox(0, 0, text, "flash-label"));
    const words = /** @type {SVGTextElement | null} */ (node.querySelector("text"));
    return Math.max(8 + 6.6 * text.length, (words?.getComputedTextLength() || 0) + 10);
  }

  function addFlash(attrs, x, y, r, text) {
    while (layers.flash.childElementCount >= MAX_FLASHES) {
      const old = layers.flash.firstElementChild;
      if (!old) break;
      flashes.delete(old);
      old.remove();
    }
    const node = svg("g", attrs);
    flashes.set(node, { x, y, r, text });
    layers.flash.append(node);
    placeFlashes();
    setTimeout(() => { flashes.delete(node); node.remove(); }, 4000);
  }

  // for tests and the curious: table inches to page pixels, as drawn now
  window.warroomDust = {
    toScreen(x, y) {
      const p = new DOMPoint(g.X(x), g.Y(y)).matrixTransform(root.getScreenCTM());
      return [p.x, p.y];
    },
  };

  return {
    update(v, ui) {
      page.view = v;
      page.ui = ui;
      page.onChange = () => { redraw(); if (page.redrawHands) page.redrawHands(); };
      if (!page.tape && tape && !tape.active) tape = null;
      redraw();
    },
    flash(events) {
      if (!g) return;
      for (const e of events) {
        const d = e.data || {};
        if (e.kind !== "dice" && e.kind !== "suppressed" && e.kind !== "destroyed") continue;
        if (d.minefield !== undefined) { // DW-WPN-01: a shelling's hits, at the marker it fell on
          addFlash({ class: "flash", "data-minefield": d.minefield }, g.X(d.x), g.Y(d.y), 3 * PX, `${d.hits} hit(s) on the minefield`);
          continue;
        }
        const unit = page.view?.units?.[d.target ?? d.unit];
        const lead = unit && (leaderOf(unit) || unit.models.find((m) => m.x !== null));
        if (!lead || lead.x === null) continue;
        const text = e.kind === "dice" ? `${d.hits} hit(s) · ${d.cover} cover · ${d.armour} armour · ${d.unsaved} unsaved`
          : e.kind === "suppressed" ? `${d.markers} Suppression` : "✕ destroyed";
        // one flash a unit (its latest news), and the latest few on the table, so they never pile up
        // (the unit's name is where the flash stands; the log has the whole sentence)
        const id = String(d.target ?? d.unit);
        for (const old of layers.flash.querySelectorAll(`[data-unit="${id}"]`)) { flashes.delete(old); old.remove(); }
        addFlash({ class: "flash", "data-unit": id }, g.X(lead.x), g.Y(lead.y), lead.radius * PX, text);
      }
    },
  };
}

function regionBox(view, r) {
  const columns = Math.ceil(view.table.width / 6);
  const row = Math.floor(r / columns);
  const col = r % columns;
  return [col * 6, row * 6, (col + 1) * 6, (row + 1) * 6];
}

// the dice each target will roll, from the options' consequences (a range when several options differ);
// `key` "minefield": each minefield marker's (DW-WPN-01)
function diceByTarget(options, key = "target") {
  const out = new Map();
  for (const a of options) {
    const c = a.consequence;
    if (!c || c.dice === undefined || c[key] === undefined) continue;
    if (!out.has(c[key])) out.set(c[key], new Set());
    out.get(c[key]).add(Number(c.dice));
  }
  return new Map([...out].map(([t, set]) => {
    const ns = [...set].sort((a, b) => a - b);
    return [t, ns.length === 1 ? String(ns[0]) : `${ns[0]}–${ns[ns.length - 1]}`];
  }));
}

// placements of a unit not on the table, dragged from anywhere like a deployment (no ruler: the
// engine measures an entry from the arrival edge and a disembarkation from the vehicle's edge)
const ARRIVALS = new Set(["enter", "drop", "black_ops", "disembark"]);

// the unit being placed, when this seat places it now and an exact proposal may be dragged
function dragTarget(view, ui) {
  const d = view?.decision;
  if (!ui?.myTurn || !d || d.kind !== "where" || d.unit === null || d.unit === undefined) return null;
  if (!ui.options.some((o) => o.verb === "region" || o.verb === "at" || o.verb === "stay" || o.verb === "place")) return null;
  const unit = view.units[d.unit];
  const march = Boolean(d.march); // DW-ACT-05: a March Move's twice the allowance, as the view says
  const allowance = d.purpose === "regroup" ? 6 : unit.movement * (march ? 2 : 1);
  return { unit, purpose: d.purpose, order: proposalOrder(unit), allowance, march, fixed: d.purpose === "regroup" || d.purpose === "retreat" };
}

function insideZone(view, seat, [x, y]) {
  const zone = (view.zones || []).find((z) => z.seat === seat);
  if (!zone) return false;
  const xs = zone.polygon.map((p) => p[0]);
  const ys = zone.polygon.map((p) => p[1]);
  return x >= Math.min(...xs) && x <= Math.max(...xs) && y >= Math.min(...ys) && y <= Math.max(...ys);
}

function unitAt(view, [x, y]) {
  for (const unit of view?.units || []) {
    if (unit.status !== "table") continue;
    for (const m of living(unit)) if (Math.hypot(m.x - x, m.y - y) <= m.radius + 0.2) return { unit: unit.id, model: m.index };
  }
  return null;
}

// What measurement alone shows wrong with a proposal, in words (or, with `each`, which miniature):
// the engine's predicate has the last word (the check route, which also judges the path against
// the allowance), these only spare a round trip (DW-GEO-05/06/16, DW-UNIT-06, DW-SET-05).
function proposalProblems(view, placing, proposal, each = false) {
  const out = [];
  const add = (index, text) => out.push(each ? { index, text } : text);
  const W = view.table.width;
  const D = view.table.depth;
  const others = view.units.filter((u) => u.id !== placing.unit.id && u.status === "table").flatMap(living);
  proposal.centres.forEach(([x, y], k) => {
    const r = placing.order[k].radius;
    if (x - r < -1e-6 || y - r < -1e-6 || x + r > W + 1e-6 || y + r > D + 1e-6) add(k, `miniature ${k + 1} would stand off the table`);
    else if (others.some((o) => Math.hypot(o.x - x, o.y - y) < o.radius + r - 1e-6)) add(k, `miniature ${k + 1} would stand on another base`);
    else if (placing.purpose === "deploy" && !wholly(view, placing.unit.seat, [x, y], r)) add(k, `miniature ${k + 1} would not be wholly in your deployment zone`);
  });
  for (let i = 0; i < proposal.centres.length; i++) {
    for (let j = i + 1; j < proposal.centres.length; j++) {
      const ri = placing.order[i].radius;
      const rj = placing.order[j].radius;
      if (dist(proposal.centres[i], proposal.centres[j]) < ri + rj - 1e-6) add(j, `miniatures ${i + 1} and ${j + 1} would overlap`);
    }
  }
  // the allowance (and the path around terrain) is left to the engine's check
  const lr = placing.unit.leadership;
  if (lr && proposal.centres.length > 1) {
    const lead = placing.order[0];
    proposal.centres.slice(1).forEach((c, i) => {
      const gap = dist(c, proposal.centres[0]) - lead.radius - placing.order[i + 1].radius;
      if (gap > lr + 1e-6) add(i + 1, `miniature ${i + 2} would be ${inches(gap)} from its leader, beyond the ${inches(lr)} leadership range`);
    });
  }
  return out;
}

function wholly(view, seat, [x, y], r) {
  const zone = (view.zones || []).find((z) => z.seat === seat);
  if (!zone) return false;
  const xs = zone.polygon.map((p) => p[0]);
  const ys = zone.polygon.map((p) => p[1]);
  return x - r >= Math.min(...xs) - 1e-6 && x + r <= Math.max(...xs) + 1e-6 && y - r >= Math.min(...ys) - 1e-6 && y + r <= Math.max(...ys) + 1e-6;
}

// A point by its nearest long and short edge in inches, as the log says a point in the open
// (table_words: '10" from the south edge and 20" from the west edge'; DW-GEO-01: y = 0 is the south
// edge, x = 0 the west), to a tenth as the ruler measures.
function edgeWords(view, [x, y]) {
  const W = view.table.width;
  const D = view.table.depth;
  const long = y <= D / 2 ? `${inches(y)} from the south edge` : `${inches(D - y)} from the north edge`;
  const short = x <= W / 2 ? `${inches(x)} from the west edge` : `${inches(W - x)} from the east edge`;
  return `${long} and ${short}`;
}

// the exact proposal's stable text form (the game's `place x,y ... [face θ]`, DW-GEO-17)
function placeText(proposal) {
  const num = (v) => String(round1(v));
  const centres = proposal.centres.map(([x, y]) => `${num(x)},${num(y)}`).join(" ");
  return `place ${centres}${proposal.facing === null || proposal.facing === undefined ? "" : ` face ${num(proposal.facing)}`}`;
}

// ---------------------------------------------------------------- the side: card and tools
function hands(container, view, ui) {
  page.redrawHands = () => hands(container, page.view, page.ui);
  const unit = page.selected !== null && page.selected !== undefined ? view.units[page.selected] : null;
  const mine = (u) => ui.you.includes(u.seat);
  const tools = el("div", { class: "dw-tools" },
    el("button", { class: `small${page.tape ? " on" : ""}`, id: "dw-tape", onclick: () => { page.tape = !page.tape; page.onChange(); } },
      page.tape ? "Measuring: drag on the table (click to stop)" : "Measuring tape & line of sight"),
    page.tapeResult ? el("span", { class: "dw-tape-result" }, tapeWords(page.tapeResult, view)) : null,
    page.explain ? el("span", { class: page.explain.ok ? "muted dw-explain" : "dw-explain bad" }, page.explain.text) : null);
  // the roster: a unit's card on click, and the unit itself where an option names it (the next
  // unit to deploy is not on the table yet)
  const roster = el("div", { class: "dw-units" }, view.units.filter((u) => u.status !== "destroyed").map((u) => {
    const handle = `unit:${u.id}`;
    const offered = ui.clickable.has(handle);
    return el("button", { class: `small seat-${u.seat}${mine(u) ? " mine" : ""}${offered ? " target primary" : ""}`, dataset: { unit: u.id, handle: offered ? handle : "" },
      onclick: () => { page.selected = u.id; if (offered) ui.onHandle(handle); else page.onChange(); } },
    `${short(u, view)}${u.suppression ? ` ⚠${u.suppression}` : ""}`);
  }));
  container.replaceChildren(el("div", { class: "player dw-side" },
    el("div", {}, el("div", { class: "player-head" }, el("strong", {}, headline(view))), tools, roster),
    unit ? unitCard(unit, view) : el("div", { class: "muted" }, "Click a unit (or its button) for its card.")));
}

function tapeWords(r, view) {
  if (r.error) return `tape: ${r.error}`;
  const name = (ref) => {
    const m = /^u(\d+)/.exec(ref);
    const unit = m ? view.units[Number(m[1])] : null;
    return unit ? short(unit, view) : `(${ref})`;
  };
  return `tape ${name(r.a)} → ${name(r.b)}: ${inches(r.distance)}, ${r.line_of_sight ? "line of sight" : "no line of sight"}`;
}

function headline(view) {
  const bits = [`${view.scenario.name} · turn ${view.turn}/${view.scenario.turns} · ${view.phase} phase`];
  if (view.phase === "command") bits.push(`orders ${view.players.map((p, i) => `${p.name} ${view.orders[i]}`).join(", ")}`);
  if (view.scores) bits.push(`SP ${view.scores[0]} – ${view.scores[1]}`);
  return bits.join(" · ");
}

function unitCard(unit, view) {
  const stats = CATALOG.units[unit.label] || {};
  const weapons = new Map();
  for (const m of unit.models) for (const w of m.weapons) weapons.set(w, CATALOG.weapons[w]);
  const markers = [
    unit.suppression ? `${unit.suppression} Suppression` : null, unit.reaction ? "Reaction marker" : null,
    unit.retreating ? "Retreating" : null, unit.activated ? "activated this turn" : null, unit.ordered ? "ordered" : null,
  ].filter(Boolean);
  const classes = ["S1", "S2", "S3", "S4", "V1", "V2", "V3", "V4", "V5", "V6", "V7", "V8", "V9", "V10"];
  const shown = ["S2", "S3", "V3", "V7"];
  return el("div", { class: "dw-card", "data-card": unit.id },
    el("strong", {}, title(unit, view)),
    el("div", {}, `${view.players[unit.seat].name} · ${unit.type} ${unit.armour} · ${unit.ap} AP · move ${inches(unit.movement)}`
      + (unit.leadership && unit.models.length > 1 ? ` · LR ${inches(unit.leadership)}` : "") + ` · ${unit.status}`),
    stats.abilities?.length ? el("div", { class: "muted" }, `abilities: ${stats.abilities.join(", ").replace(/_/g, " ")}`) : null,
    markers.length ? el("div", {}, markers.join(" · ")) : null,
    // where it stands in the log's words (the view's `where`: its leader's place, a walker's facing)
    unit.where ? el("div", { class: "dw-where" }, `${unit.models.length > 1 ? "the leader " : ""}${unit.where}`) : null,
    el("table", {}, el("tr", {}, el("th", {}, "miniature"), el("th", {}, "damage")),
      unit.models.map((m) => el("tr", { class: m.destroyed ? "muted" : "" },
        el("td", {}, `${m.role}${m.index === unit.leader ? " ★" : ""}${m.hero ? " (Hero)" : ""}`),
        el("td", {}, m.destroyed ? "destroyed" : `${m.damage}/${m.capacity}`)))),
    el("table", {}, el("tr", {}, el("th", {}, "weapon"), el("th", {}, "range"), shown.map((c) => el("th", {}, c))),
      [...weapons].map(([id, w]) => el("tr", {},
        el("td", { title: (w?.abilities || []).join(", ") }, w?.name || id),
        el("td", {}, w?.range === "C" ? "close" : `${w?.range || "?"}"`),
        shown.map((c) => el("td", {}, w?.profile?.[classes.indexOf(c)] || "—"))))));
}

function prompt(view, snap) {
  const d = view.decision;
  if (!d) return null;
  const mine = snap.you.includes(d.seat);
  const who = mine ? "You" : view.players[d.seat].name;
  const unit = d.unit !== null && d.unit !== undefined ? view.units[d.unit] : null;
  const name = unit ? title(unit, view) : "";
  const texts = {
    edge: "choose your long edge", sequence: "deploy first or second?", pick: "pick the next unit to deploy",
    command: "order a unit (click it), or stop", temporary: "name a temporary command section",
    activate: "activate a unit: click one of yours", leader: `click the new Unit Leader of ${name}`,
    action: `${name}: move, march, attack (click a target) or stop`, react: "react with a unit (click it), or stop",
    hit: "click the miniature that takes the hit",
  };
  if (d.kind === "where") {
    const how = d.purpose === "deploy" ? "press in your zone and drag the unit into place"
      : d.purpose === "regroup" || d.purpose === "retreat" ? "choose the followers' formation"
        : "drag its leader (starred): the ruler shows the path against the allowance";
    return `${who}: ${d.purpose} ${name} — ${how}, or click a highlighted region / point`;
  }
  return `${who}: ${texts[d.kind] || d.kind}`;
}

function outcome(view) { return view.result || "the game is over"; }

// the result screen's table: Superiority Points (DW-FB-07), units lost or Retreating, the objectives
function result(view) {
  const seats = [0, 1];
  const lost = (seat) => view.units.filter((u) => u.seat === seat && (u.status === "destroyed" || u.retreating)).length;
  const rows = [
    { label: "Side", values: seats.map((s) => view.players[s].name) },
    { label: "Superiority Points", values: seats.map((s) => (view.scores ? view.scores[s] : "—")) },
    { label: "Units destroyed or Retreating", values: seats.map(lost) },
  ];
  for (const o of view.objectives || []) {
    rows.push({ label: `${o.name} (${o.sp} SP)`, values: seats.map((s) => (o.controller === s ? "held" : "—")) });
  }
  return { turns: view.turn, rows };
}

// Seats are sides, named as the view's players name them ("You are the Allies", not "Player 0");
// colours stay the table's palette, which the board's zones and bases already use.
/** @param {any} view */
function seatLook(view) {
  /** @type {Map<number, string>} */
  const names = new Map((view?.players || []).map((/** @type {{seat: number, name: string}} */ p) => [p.seat, p.name]));
  if (names.size === 0) return null;
  return {
    name: (/** @type {number} */ seat) => names.get(seat) || null,
    title: (/** @type {number} */ seat) => (names.has(seat) ? `the ${names.get(seat)}` : null),
    colour: () => null,
  };
}

export default { board, hands, handles, handleLabel, completes, prompt, outcome, result, seatLook, useCatalog };
