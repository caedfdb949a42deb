// @ts-check
// Memoir '44 on an SVG hex map: the 13x9 board with its terrain, obstacles and section lines,
// units with their figures and badges, medals per side; below it the command cards.
// The view gives what changes (units, sandbags, wire, medals, hands); the scenario's fixed map comes
// from the game's catalog (see useCatalog below). What is clickable comes from the legal options'
// parts (card, section, hexes as from / to / target), and the dice each battle, Barrage or Air
// Power target will roll from their consequences: no rule lives here, and no action text is read.
import { el } from "../net.js";
import { part, svg } from "./common.js";
import { dieFace } from "./dice.js";
// Its own styles (the move preview) are a same-origin stylesheet next to this module (the page's
// Content-Security-Policy refuses inline styles), added to the page once.
function useStyles() {
  if (document.getElementById("m44-styles")) return;
  document.head.append(el("link", { id: "m44-styles", rel: "stylesheet", href: new URL("./memoir44.css", import.meta.url).href }));
}

// Printed names, card texts and the scenario's static board come from the engine's catalog,
// sent once with the table (so an imported .m44 board is drawn exactly as it is played).
let DATA = { cards: {}, units: {}, scenario: null };
function useCatalog(catalog) {
  DATA = { cards: catalog.cards || {}, units: catalog.units || {}, scenario: catalog.scenario || null };
}

const W = 68; // hex width, flat side to flat side
const S = W / Math.sqrt(3); // hex radius
const PADX = 14;
const STRIP = 46; // medal strips above and below the map
const TOP = STRIP + 8;
const WIDTH = PADX * 2 + 13 * W;
const MAP_H = 14 * S;
const HEIGHT = TOP + MAP_H + 8 + STRIP;
const SIDE_NAME = { allies: "Allies", axis: "Axis" };
const TERRAIN_NAME = { clear: "Clear", forest: "Forest", hedgerow: "Hedgerow", hill: "Hill", town: "Town / village",
  river: "River", ocean: "Ocean", beach: "Beach", marsh: "Marsh" };

const f = (n) => n.toFixed(1);

// `R<row>C<col>` -> doubled-column coordinates (row 0..8, col 0..24) and the hex's centre
export function parseHex(name) {
  const m = /^R(\d)C(\d{1,2})$/.exec(name || "");
  if (!m) return null;
  const row = Number(m[1]) - 1;
  return { row, col: (Number(m[2]) - 1) * 2 + (row % 2) };
}
// The board is drawn from the viewing seat's side, as at a physical table: a player whose side sits
// at the top of the printed map sees it turned half a turn, so their own units face the other side
// from the bottom edge; spectators see it as printed. Row 8 - r and column 24 - c keep each hex's
// row parity, so the turned grid is the same grid. (Set by the board's update, see `board`.)
let flipped = false;
// the units on the board by hex, as last drawn (for the picked piece's chip), and whether the
// player has the board's hex coordinates on (the table's setting marks the board)
let shownUnits = new Map();
let boardNode = /** @type {Element | null} */ (null);
function coordsShown() { return Boolean(boardNode?.closest(".show-coords")); }
function shown(h) { return flipped ? { row: 8 - h.row, col: 24 - h.col } : h; }
function centre(name) {
  const p = parseHex(name);
  if (!p) return [0, 0];
  const h = shown(p);
  return [PADX + ((h.col + 1) * W) / 2, TOP + S + h.row * 1.5 * S];
}
function hexName(row, col) { return `R${row + 1}C${Math.floor(col / 2) + 1}`; }
const ALL_HEXES = [];
for (let row = 0; row < 9; row++) for (let col = row % 2; col < 25; col += 2) ALL_HEXES.push(hexName(row, col));

function corners(x, y, k = 1) {
  const s = S * k;
  const w = (W / 2) * k;
  return [[x, y - s], [x + w, y - s / 2], [x + w, y + s / 2], [x, y + s], [x - w, y + s / 2], [x - w, y - s / 2]];
}
const points = (cs) => cs.map(([a, b]) => `${f(a)},${f(b)}`).join(" ");
function neighbours(name) {
  const h = parseHex(name);
  return [[0, -2], [0, 2], [-1, -1], [-1, 1], [1, -1], [1, 1]]
    .map(([dr, dc]) => [h.row + dr, h.col + dc])
    .filter(([r, c]) => r >= 0 && r < 9 && c >= 0 && c < 25)
    .map(([r, c]) => hexName(r, c));
}
function jitter(name, spread) {
  let n = 0;
  for (const ch of name) n = (n * 31 + ch.charCodeAt(0)) % 9973;
  return ((n % 100) / 100 - 0.5) * spread;
}

// ---------------------------------------------------------------- terrain, drawn once per scenario
function terrainOf(map, name) { return map?.terrain[name] || (map?.face === "beach" ? "clear" : "clear"); }

function baseFill(kind, name) {
  const j = jitter(name, 5);
  const colours = {
    clear: `hsl(78 32% ${f(56 + j)}%)`, forest: `hsl(88 30% ${f(46 + j)}%)`, hedgerow: `hsl(80 30% ${f(52 + j)}%)`,
    hill: `hsl(48 30% ${f(55 + j)}%)`, town: `hsl(55 18% ${f(60 + j)}%)`, river: `hsl(78 32% ${f(54 + j)}%)`,
    ocean: `hsl(204 45% ${f(42 + j / 2)}%)`, beach: `hsl(44 55% ${f(72 + j / 2)}%)`, marsh: `hsl(120 18% ${f(50 + j)}%)`,
  };
  return colours[kind] || colours.clear;
}

function trees(x, y) {
  const spots = [[-14, -8, 10], [8, -12, 9], [14, 6, 10], [-6, 9, 11], [-18, 8, 7]];
  return svg("g", { class: "trees" }, spots.flatMap(([dx, dy, r]) => [
    svg("circle", { cx: f(x + dx + 1.5), cy: f(y + dy + 2), r, class: "tree-shadow" }),
    svg("circle", { cx: f(x + dx), cy: f(y + dy), r, class: "tree" }),
    svg("circle", { cx: f(x + dx - r / 3), cy: f(y + dy - r / 3), r: f(r / 2.6), class: "tree-light" }),
  ]));
}

function houses(x, y) {
  const spots = [[-13, -6, 1], [9, -10, 0.9], [3, 9, 1.1], [-14, 13, 0.8]];
  return svg("g", { class: "houses" }, spots.flatMap(([dx, dy, k]) => {
    const w = 13 * k;
    const h = 9 * k;
    const X = x + dx;
    const Y = y + dy;
    return [
      svg("rect", { x: f(X - w / 2), y: f(Y - h / 2), width: f(w), height: f(h), class: "wall" }),
      svg("path", { d: `M${f(X - w / 2 - 2)},${f(Y - h / 2)} L${f(X)},${f(Y - h / 2 - 7 * k)} L${f(X + w / 2 + 2)},${f(Y - h / 2)} Z`, class: "roof" }),
    ];
  }), svg("path", { class: "church", d: `M${f(x + 16)},${f(y + 12)} v-16 l4,-6 l4,6 v16 Z` }));
}

function hillMarks(x, y) {
  return svg("g", { class: "hill-lines" },
    svg("ellipse", { cx: f(x), cy: f(y + 2), rx: 26, ry: 18 }),
    svg("ellipse", { cx: f(x + 1), cy: f(y), rx: 17, ry: 11 }),
    svg("ellipse", { cx: f(x + 2), cy: f(y - 1), rx: 8, ry: 5 }));
}

function hedges(x, y) {
  const inner = corners(x, y, 0.8);
  return svg("g", { class: "hedge" },
    svg("polygon", { points: points(inner), class: "hedge-base" }),
    svg("polygon", { points: points(inner), class: "hedge-bumps" }),
    svg("path", { d: `M${f(x - 20)},${f(y + 4)} L${f(x + 20)},${f(y - 4)}`, class: "hedge-bumps" }));
}

function marsh(x, y) {
  return svg("g", { class: "marsh" }, [[-12, 4], [6, -8], [12, 10], [-4, 14], [-16, -10]].map(([dx, dy]) =>
    svg("path", { d: `M${f(x + dx - 5)},${f(y + dy)} h10 M${f(x + dx)},${f(y + dy)} l-3,-8 M${f(x + dx)},${f(y + dy)} v-9 M${f(x + dx)},${f(y + dy)} l3,-8` })));
}

function waves(x, y) {
  return svg("g", { class: "waves" }, [[-14, -8], [6, 0], [-6, 12]].map(([dx, dy]) =>
    svg("path", { d: `M${f(x + dx - 9)},${f(y + dy)} q4.5,-5 9,0 t9,0` })));
}

// a river hex: water from the centre to each edge it shares with another river hex (or the board edge)
function riverPath(map, name) {
  const [x, y] = centre(name);
  const wet = (n) => terrainOf(map, n) === "river" || terrainOf(map, n) === "ocean";
  let ends = neighbours(name).filter(wet).map((n) => { const [a, b] = centre(n); return [(x + a) / 2, (y + b) / 2]; });
  if (ends.length < 2) {
    const h = shown(parseHex(name)); // the edges of the board as drawn
    const edges = [];
    if (h.row === 0) edges.push([x, y - S]);
    if (h.row === 8) edges.push([x, y + S]);
    if (h.col <= 1) edges.push([x - W / 2, y]);
    if (h.col >= 23) edges.push([x + W / 2, y]);
    ends = ends.concat(edges.slice(0, 2 - ends.length));
  }
  if (ends.length === 0) return { d: `M${f(x - W / 3)},${f(y)} L${f(x + W / 3)},${f(y)}`, angle: 0 };
  if (ends.length === 1) ends.push([2 * x - ends[0][0], 2 * y - ends[0][1]]);
  const d = ends.map(([a, b]) => `M${f(x)},${f(y)} L${f(a)},${f(b)}`).join(" ");
  const [a, b] = ends[0];
  const [c, e] = ends[1];
  return { d, angle: (Math.atan2(e - b, c - a) * 180) / Math.PI };
}

// open water (a pond or lake) rather than a stream: two of its wet neighbours touch each other
function isLake(map, name) {
  const wet = neighbours(name).filter((n) => terrainOf(map, n) === "river");
  return wet.some((a) => wet.some((b) => a < b && neighbours(a).includes(b)));
}

// a bridge section on a land hex (the end of a long bridge): laid along the span, towards the
// neighbouring bridge section; across the board's rows when it has none
function landBridgeAngle(map, name) {
  const [x, y] = centre(name);
  const next = neighbours(name).find((n) => map.bridge.includes(n));
  if (!next) return 0;
  const [a, b] = centre(next);
  return (Math.atan2(b - y, a - x) * 180) / Math.PI - 90;
}

function bridge(x, y, angle) {
  return svg("g", { class: "bridge", transform: `translate(${f(x)},${f(y)}) rotate(${f(angle + 90)})` },
    svg("rect", { x: -20, y: -10, width: 40, height: 20, rx: 2, class: "deck" }),
    svg("path", { d: "M-20,-10 H20 M-20,10 H20", class: "rail" }),
    svg("path", { d: "M-12,-10 v20 M-4,-10 v20 M4,-10 v20 M12,-10 v20", class: "planks" }));
}

function bunker(x, y, side) {
  return svg("g", { class: `bunker side-${side}`, transform: `translate(${f(x)},${f(y - 20)})` },
    svg("path", { d: "M-16,8 L-12,-6 Q0,-12 12,-6 L16,8 Z", class: "concrete" }),
    svg("rect", { x: -8, y: -2, width: 16, height: 3.5, class: "slit" }));
}

function hedgehogMark(x, y) {
  return svg("g", { class: "hedgehog", transform: `translate(${f(x + 17)},${f(y - 17)})` },
    svg("path", { d: "M-8,7 L8,-7 M-8,-7 L8,7 M0,-9 L0,9" }));
}

// An objective's words, for its tooltip and the briefing (M44-VICT rules as the scenario sets them,
// M44-MEDAL-03/04): the place in the log's words (the catalog's `name`: "the town on the Allied
// right flank"), its coordinates only while the board shows them.
function objectiveWords(o) {
  const who = `the ${SIDE_NAME[o.side]}`;
  const place = `${o.hexes.length > 1 ? "a hex of " : ""}${o.name}${coordsShown() ? ` (${o.hexes.join(", ")})` : ""}`;
  return o.permanent ? `Objective: ${who} win a medal for taking ${place}, kept once won`
    : `Objective: ${who} hold a medal while a unit of theirs occupies ${place} (lost when it leaves)`;
}

function objectiveMark(x, y, i, o) {
  return svg("g", { class: "objective", "data-objective": i, transform: `translate(${f(x)},${f(y - 27)})` },
    svg("circle", { r: 8 }), svg("path", { d: "M0,-5 L1.5,-1.5 L5,-1.5 L2.2,1 L3.2,4.8 L0,2.6 L-3.2,4.8 L-2.2,1 L-5,-1.5 L-1.5,-1.5 Z", class: "star" }),
    svg("title", {}, objectiveWords(o)));
}

function staticMap(map, scenarioId) {
  const g = svg("g", { class: "map" });
  const bg = svg("g", { class: "terrain" });
  const marks = svg("g", { class: "terrain-marks" });
  const lakes = svg("g", { class: "lakes" });
  for (const name of ALL_HEXES) {
    const [x, y] = centre(name);
    const kind = terrainOf(map, name);
    bg.append(svg("polygon", { points: points(corners(x, y)), fill: baseFill(kind, name), class: `hex t-${kind}`, "data-hex": name }));
    if (kind === "forest") marks.append(trees(x, y));
    else if (kind === "town") marks.append(houses(x, y));
    else if (kind === "hill") marks.append(hillMarks(x, y));
    else if (kind === "hedgerow") marks.append(hedges(x, y));
    else if (kind === "marsh") marks.append(marsh(x, y));
    else if (kind === "ocean") marks.append(waves(x, y));
    else if (kind === "river") {
      const { d, angle } = riverPath(map, name);
      if (isLake(map, name)) lakes.append(svg("polygon", { points: points(corners(x, y, 1.03)), class: "lake" }));
      else marks.append(svg("path", { d, class: "river-bank" }), svg("path", { d, class: "river" }));
      if (map.bridge.includes(name)) marks.append(bridge(x, y, angle));
    }
    if (kind !== "river" && map?.bridge.includes(name)) marks.append(bridge(x, y, landBridgeAngle(map, name)));
    if (map?.bunker[name]) marks.append(bunker(x, y, map.bunker[name]));
    if (map?.hedgehog.includes(name)) marks.append(hedgehogMark(x, y));
  }
  g.append(bg, lakes, marks);
  // the two section lines (dashed), through columns 7 and 17 of the doubled-column grid
  const lines = svg("g", { class: "section-lines" });
  for (const col of [7, 17]) {
    const x = PADX + ((col + 1) * W) / 2;
    lines.append(svg("line", { x1: f(x), y1: TOP - 2, x2: f(x), y2: f(TOP + MAP_H + 2) }));
  }
  g.append(lines);
  // hex coordinates, shown only when the player asks (the table's "hex coordinates" setting): the
  // log and the option list name hexes so
  g.append(svg("g", { class: "coords" }, ALL_HEXES.map((name) => {
    const [x, y] = centre(name);
    return svg("text", { x: f(x), y: f(y - S * 0.55) }, name);
  })));
  if (!map) {
    g.append(svg("text", { x: WIDTH / 2, y: TOP + 16, class: "map-note" }, `scenario ${scenarioId}: terrain not known to the browser`));
  }
  return g;
}

// ---------------------------------------------------------------- units
function unitGlyph(kind) {
  if (kind === "armor" || kind === "elite_armor") {
    return svg("g", { class: "glyph" },
      svg("rect", { x: -12, y: -3, width: 24, height: 8, rx: 4 }),
      svg("rect", { x: -6, y: -9, width: 12, height: 7, rx: 2 }),
      svg("rect", { x: 5, y: -7, width: 11, height: 2.6 }));
  }
  if (kind === "artillery") {
    return svg("g", { class: "glyph" },
      svg("rect", { x: -4, y: -10, width: 20, height: 4, transform: "rotate(-22)" }),
      svg("circle", { cx: -1, cy: 1, r: 5.5, class: "wheel" }),
      svg("path", { d: "M-3,2 L-14,6", class: "trail" }));
  }
  return svg("g", { class: "glyph" }, // a soldier: helmet, head, shoulders, rifle
    svg("path", { d: "M-6,-7 A6,5.5 0 0 1 6,-7 Z" }),
    svg("circle", { cx: 0, cy: -5, r: 3.2 }),
    svg("path", { d: "M-7,6 L-5,-1 Q0,-3 5,-1 L7,6 Z" }),
    svg("path", { d: "M7,-12 L4,6", class: "rifle" }));
}

function unitNode(u) {
  const badge = { special_forces: "★", elite_armor: "★", resistance: "R" }[u.kind];
  const g = svg("g", { class: `unit side-${u.side} kind-${u.kind}`, "data-unit": u.id },
    svg("rect", { x: -23, y: -18, width: 46, height: 37, rx: 8, class: "plate" }),
    svg("g", { transform: "translate(0,-3)" }, unitGlyph(u.kind)),
    svg("g", { class: "figs" }),
    svg("g", { class: "count", transform: "translate(-21,-17)" }, svg("circle", { r: 8.5 }), svg("text", { y: 4 }, "")),
    badge ? svg("g", { class: "badge", transform: "translate(21,-17)" }, svg("circle", { r: 8 }), svg("text", { y: 4 }, badge)) : null,
    svg("title", {}, ""));
  return g;
}

function setUnit(node, u) {
  const figs = node.querySelector(".figs");
  figs.replaceChildren(...Array.from({ length: u.max }, (_, i) => svg("rect", {
    class: i < u.figures ? "fig on" : "fig off", x: f((i - (u.max - 1) / 2) * 8 - 3), y: 11, width: 6, height: 5, rx: 1.5,
  })));
  node.querySelector(".count text").textContent = u.figures;
  node.classList.toggle("ordered", Boolean(u.ordered));
  const name = DATA.units[u.kind]?.name || u.kind;
  node.querySelector("title").textContent = `${SIDE_NAME[u.side]} ${name}, ${u.figures} of ${u.max} figures, at ${u.hex}${u.ordered ? " (ordered)" : ""}`;
}

// ---------------------------------------------------------------- the board
function board(container) {
  let onHandle = /** @type {(handle: string) => void} */ (() => {});
  let scenario = null;
  const root = svg("svg", { viewBox: `0 0 ${f(WIDTH)} ${f(HEIGHT)}`, class: "m44-board", role: "group", "aria-label": "Memoir '44 board" });
  root.append(svg("defs", {},
    svg("filter", { id: "m44-glow", x: "-50%", y: "-50%", width: "200%", height: "200%" },
      svg("feGaussianBlur", { stdDeviation: 3, result: "b" }),
      svg("feMerge", {}, svg("feMergeNode", { in: "b" }), svg("feMergeNode", { in: "SourceGraphic" })))));
  // the move preview's "no battle after this move" hatch (told apart by pattern, not colour alone)
  root.firstChild.append(svg("pattern", { id: "m44-nobattle", width: 10, height: 10, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
    svg("rect", { width: 4, height: 10, class: "hatch" })));
  root.firstChild.append(svg("clipPath", { id: "m44-clip" },
    svg("rect", { x: 6, y: TOP - 6, width: WIDTH - 12, height: f(MAP_H + 12), rx: 8 })));
  root.append(svg("rect", { x: 4, y: TOP - 8, width: WIDTH - 8, height: f(MAP_H + 16), rx: 10, class: "frame" }));
  const mapLayer = svg("g", { "clip-path": "url(#m44-clip)" });
  const obstacleLayer = svg("g", { class: "obstacles" });
  const objectiveLayer = svg("g", { class: "objectives" });
  const tintLayer = svg("g", { class: "tints" });
  const unitLayer = svg("g", { class: "units" });
  const ringLayer = svg("g", { class: "rings" });
  const diceLayer = svg("g", { class: "dice-badges" });
  const hitLayer = svg("g", { class: "hits" });
  const wireLayer = svg("g", { class: "wire-buttons" });
  const flashLayer = svg("g", { class: "flashes" });
  const strips = svg("g", { class: "strips" });
  root.append(mapLayer, objectiveLayer, tintLayer, unitLayer, obstacleLayer, ringLayer, diceLayer, hitLayer, wireLayer, flashLayer, strips);
  const legendLayer = svg("g", { class: "preview-legend" });
  root.append(legendLayer);
  useStyles();
  container.append(root);

  const hits = new Map();
  for (const name of ALL_HEXES) {
    const poly = svg("polygon", { class: "hex-hit", "data-hex": name }, svg("title", {}, name));
    poly.addEventListener("click", () => { if (poly.dataset.handle) onHandle(poly.dataset.handle); });
    hits.set(name, poly);
    hitLayer.append(poly);
  }
  const units = new Map();
  let lastView = null;
  let drawnFlipped = null;

  return {
    update(view, ui) {
      onHandle = ui.onHandle;
      lastView = view;
      const map = DATA.scenario;
      flipped = Boolean(view.viewer_side) && view.viewer_side === topSide(map);
      if (scenario !== view.scenario || drawnFlipped !== flipped) {
        scenario = view.scenario;
        drawnFlipped = flipped;
        mapLayer.replaceChildren(staticMap(map, view.scenario));
        objectiveLayer.replaceChildren(...(map?.objectives || []).flatMap((o, i) => o.hexes.map((h) => objectiveMark(...centre(h), i, o))));
        for (const [name, poly] of hits) poly.setAttribute("points", points(corners(...centre(name))));
        unitLayer.replaceChildren(); // redrawn in place below, rather than sliding across the board
        units.clear();
      }
      objectiveLayer.querySelectorAll(".objective").forEach((node) => {
        node.classList.toggle("taken", Boolean(view.objectives_taken?.[Number(node.dataset.objective)]));
      });
      obstacleLayer.replaceChildren(
        ...view.sandbags.map((h) => sandbags(...centre(h))),
        ...view.wire.map((h) => wire(...centre(h))));
      // units, keyed by id so a move slides the piece across the map
      const seen = new Set();
      const at = new Map();
      for (const u of view.units) {
        if (!u.hex) continue;
        seen.add(u.id);
        at.set(u.hex, u);
        let node = units.get(u.id);
        const [x, y] = centre(u.hex);
        if (!node) {
          node = unitNode(u);
          units.set(u.id, node);
          unitLayer.append(node);
        }
        node.style.transform = `translate(${f(x)}px, ${f(y + 3)}px)`;
        setUnit(node, u);
      }
      for (const [id, node] of units) if (!seen.has(id)) { node.remove(); units.delete(id); }
      shownUnits = at;
      boardNode = root;
      // highlights: orderable / movable units first; once a unit is picked, its hexes and targets
      const handlesShown = [...ui.clickable];
      const unitPicked = [...ui.selected].some((h) => h.startsWith("unit:"));
      const unitsOffered = handlesShown.some((h) => h.startsWith("unit:"));
      const showPlaces = unitPicked || !unitsOffered;
      const dice = diceByTarget(ui.options || []);
      const preview = battleAfterMove(ui.options || [], ui.selected);
      tintLayer.replaceChildren();
      ringLayer.replaceChildren();
      diceLayer.replaceChildren();
      wireLayer.replaceChildren();
      for (const [name, poly] of hits) {
        const u = at.get(name);
        let handle = null;
        let cls = "";
        if (ui.selected.has(`unit:${name}`)) { handle = `unit:${name}`; cls = "picked"; }
        else if (ui.clickable.has(`unit:${name}`)) { handle = `unit:${name}`; cls = "orderable"; }
        else if (showPlaces && ui.clickable.has(`target:${name}`)) { handle = `target:${name}`; cls = "target-hex"; }
        else if (showPlaces && ui.clickable.has(`hex:${name}`)) { handle = `hex:${name}`; cls = "reach"; }
        poly.dataset.handle = handle || "";
        const battles = cls === "reach" ? preview.get(name) : undefined;
        const said = battles === undefined ? "" : battles ? "may-battle" : "no-battle";
        poly.setAttribute("class", `hex-hit${handle ? ` target ${cls}` : ""}${said ? ` ${said}` : ""}`);
        const title = hexTitle(map, name, u, view);
        const words = battles === undefined ? title : `Move to ${title}: ${battles ? BATTLE_WORDS.yes : BATTLE_WORDS.no}`;
        poly.querySelector("title").textContent = words;
        if (handle) poly.setAttribute("aria-label", words); // kept in step with the title (the table names a target once)
        else poly.removeAttribute("aria-label");
        const [x, y] = centre(name);
        if (cls === "reach") {
          tintLayer.append(svg("polygon", { points: points(corners(x, y, 0.94)), class: `tint reach${said ? ` ${said}` : ""}` }));
          if (battles === false) tintLayer.append(svg("polygon", { points: points(corners(x, y, 0.94)), class: "tint no-battle-hatch", fill: "url(#m44-nobattle)" }));
          tintLayer.append(battles === undefined ? svg("circle", { cx: f(x), cy: f(y), r: 6, class: "reach-dot" })
            : previewMark(x, y, battles));
        }
        if (cls) ringLayer.append(svg("polygon", { points: points(corners(x, y, 0.9)), class: `ring ${cls}` }));
        if (cls === "target-hex") {
          ringLayer.append(crosshair(x, y));
          const n = dice.get(name);
          if (n) diceLayer.append(diceBadge(x, y, n));
        }
        if (unitPicked && ui.clickable.has(`clearwire:${name}`)) wireLayer.append(clearWireButton(x, y, name, () => onHandle(`clearwire:${name}`)));
      }
      for (const u of view.units) {
        const node = units.get(u.id);
        if (!node) continue;
        node.classList.toggle("active", ui.clickable.has(`unit:${u.hex}`) || ui.selected.has(`unit:${u.hex}`));
      }
      drawStrips(strips, view, map);
      legendLayer.replaceChildren(...(preview.size ? [previewLegend(STRIP / 2 + 2)] : []));
      root.classList.toggle("previewing", preview.size > 0);
    },
    flash(events) {
      for (const e of events) {
        const d = e.data || {};
        if (e.kind === "dice" && lastView) {
          const t = lastView.units.find((u) => u.id === d.target);
          if (t?.hex) showDice(flashLayer, ...centre(t.hex), d.faces || [], d.hits || 0, d.flags || 0);
        } else if ((e.kind === "losses" || e.kind === "battle") && units.get(d.unit ?? d.target)) {
          pulse(units.get(d.unit ?? d.target), e.kind === "losses" ? "hit" : "attacked");
        } else if (e.kind === "eliminated" && d.hex) {
          const [x, y] = centre(d.hex);
          const boom = svg("g", { class: "boom", transform: `translate(${f(x)},${f(y)})` }, svg("circle", { r: 26 }), svg("text", { y: 6 }, "✕"));
          flashLayer.append(boom);
          setTimeout(() => boom.remove(), 1600);
        } else if (e.kind === "move" || e.kind === "retreat") {
          if (units.get(d.unit)) pulse(units.get(d.unit), "moved");
        }
      }
    },
  };
}

// the dice each target will roll, from the options' consequences (a range where several units
// could fire at it with different dice)
function diceByTarget(options) {
  const out = new Map();
  for (const a of options) {
    const c = a.consequence;
    if (!c || !c.dice || !c.target) continue;
    if (!out.has(c.target)) out.set(c.target, new Set());
    out.get(c.target).add(Number(c.dice));
  }
  return new Map([...out].map(([h, set]) => {
    const ns = [...set].sort((a, b) => a - b);
    return [h, ns.length === 1 ? String(ns[0]) : `${ns[0]}–${ns[ns.length - 1]}`];
  }));
}

// The move preview: for the picked unit, each destination -> whether it may still battle this turn
// once there, from the move options' consequences (the engine's answer, M44-MOVE-08, M44-BATTLE-04).
function battleAfterMove(options, selected) {
  const out = new Map();
  for (const a of options) {
    if (a.verb !== "move" || typeof a.consequence?.may_battle !== "boolean") continue;
    if (!selected.has(`unit:${part(a, "from")}`)) continue;
    out.set(part(a, "to"), a.consequence.may_battle);
  }
  return out;
}

const BATTLE_WORDS = { yes: "may still battle this turn", no: "no battle this turn after this move" };

// crossed swords: the unit may battle after this move; the same swords struck through (over the
// hatch) where it may not
function swords(cls) {
  return svg("g", { class: cls },
    svg("circle", { r: 10.5, class: "mark-disc" }),
    svg("path", { d: "M-6,-6 L6,6 M6,-6 L-6,6", class: "blade" }),
    svg("path", { d: "M-7,3 L-3,7 M7,3 L3,7", class: "hilt" }));
}

function previewMark(x, y, battles) {
  const g = swords(battles ? "preview-mark battle" : "preview-mark no-battle");
  g.setAttribute("transform", `translate(${f(x)},${f(y)})`);
  if (!battles) g.append(svg("path", { d: "M-9,9 L9,-9", class: "strike" }));
  return g;
}

// the legend, while a unit's destinations are shown: in the opponent's strip at the top, in place
// of the scenario's name (its side is not the one to play, so its strip is short), in type large
// enough to stay readable on a phone
function previewLegend(y) {
  const x = WIDTH * 0.4 - 170;
  const battle = swords("preview-mark battle");
  battle.setAttribute("transform", `translate(${f(x)},${f(y)}) scale(1.3)`);
  const hatch = svg("g", { transform: `translate(${f(x + 240)},${f(y)}) scale(1.3)` },
    svg("rect", { x: -11, y: -11, width: 22, height: 22, rx: 3, class: "tint reach no-battle" }),
    svg("rect", { x: -11, y: -11, width: 22, height: 22, rx: 3, fill: "url(#m44-nobattle)" }),
    previewMark(0, 0, false));
  return svg("g", { class: "legend", "aria-hidden": "true" },
    svg("rect", { x: f(x - 24), y: f(y - 19), width: 440, height: 38, rx: 9, class: "legend-box" }),
    battle, svg("text", { x: f(x + 22), y: f(y + 8) }, "may battle"),
    hatch, svg("text", { x: f(x + 262), y: f(y + 8) }, "no battle"));
}

function hexTitle(map, name, u, view) {
  const kind = terrainOf(map, name);
  const bits = [name, TERRAIN_NAME[kind] || kind];
  if (map?.bridge.includes(name)) bits.push("bridge");
  if (map?.bunker[name]) bits.push(`bunker (${SIDE_NAME[map.bunker[name]]})`);
  if (map?.hedgehog.includes(name)) bits.push("hedgehogs");
  if (view.sandbags.includes(name)) bits.push("sandbags");
  if (view.wire.includes(name)) bits.push("barbed wire");
  if (u) bits.push(`${SIDE_NAME[u.side]} ${DATA.units[u.kind]?.name || u.kind} (${u.figures}/${u.max})`);
  return bits.join(" · ");
}

function sandbags(x, y) {
  const bags = [[-14, 27], [-5, 29], [5, 29], [14, 27], [-9.5, 23.5], [0, 25], [9.5, 23.5]];
  return svg("g", { class: "sandbags" }, bags.map(([dx, dy]) => svg("ellipse", { cx: f(x + dx), cy: f(y + dy), rx: 5.4, ry: 3.3 })));
}

function wire(x, y) {
  const d = [];
  for (let i = -2; i <= 2; i++) d.push(`M${f(x + i * 7 - 3)},${f(y + 30)} l6,-6 M${f(x + i * 7 - 3)},${f(y + 24)} l6,6`);
  return svg("g", { class: "wire" },
    svg("path", { d: `M${f(x - 20)},${f(y + 27)} Q${f(x)},${f(y + 23)} ${f(x + 20)},${f(y + 27)}`, class: "strand" }),
    svg("path", { d: d.join(" "), class: "barbs" }));
}

function crosshair(x, y) {
  return svg("g", { class: "crosshair", transform: `translate(${f(x)},${f(y + 3)})` },
    svg("circle", { r: 27 }), svg("path", { d: "M0,-33 v10 M0,23 v10 M-33,0 h10 M23,0 h10" }));
}

function diceBadge(x, y, n) {
  return svg("g", { class: "dice-badge", transform: `translate(${f(x + 20)},${f(y + 22)})` },
    svg("rect", { x: -20, y: -13, width: 40, height: 26, rx: 7 }),
    svg("rect", { x: -16, y: -8, width: 16, height: 16, rx: 3.5, class: "die" }),
    svg("circle", { cx: -8, cy: 0, r: 2.2, class: "pip" }),
    svg("text", { x: 10, y: 6 }, n), svg("title", {}, `${n} battle dice`));
}

function clearWireButton(x, y, name, onClick) {
  const g = svg("g", { class: "clear-wire", "data-handle": `clearwire:${name}`, transform: `translate(${f(x)},${f(y - S - 6)})` },
    svg("rect", { x: -38, y: -11, width: 76, height: 22, rx: 11 }), svg("text", { y: 4 }, "✂ clear wire"));
  g.addEventListener("click", onClick);
  return g;
}

// The roll, large, at the battle: a tray of drawn dice beside the target with what they did, held
// long enough to read (4.5 s; the log keeps it in words). Above the target, or below it on the top row.
const DICE_MS = 4500;
const DICE_K = 1.5; // the tray's scale: a die is 60 board units across, near a hex's width
function showDice(layer, x, y, faces, hits, flags) {
  const n = Math.max(faces.length, 1);
  const w = Math.max(n * 46 + 14, 124);
  const h = 76;
  const below = y - S - h * DICE_K < TOP; // no room above the target: below it
  const cy = below ? y + S + 34 * DICE_K : y - S - 40 * DICE_K;
  const cx = Math.min(Math.max(x, PADX + (w * DICE_K) / 2), WIDTH - PADX - (w * DICE_K) / 2);
  const said = [hits ? `${hits} hit${hits === 1 ? "" : "s"}` : "no hit", flags ? `${flags} flag${flags === 1 ? "" : "s"}` : null]
    .filter(Boolean).join(" · ");
  const g = svg("g", { class: "dice-roll", transform: `translate(${f(cx)},${f(cy)}) scale(${DICE_K})` },
    svg("rect", { x: f(-w / 2), y: -28, width: f(w), height: h, rx: 10, class: "tray" }),
    faces.map((face, i) => svg("g", { transform: `translate(${f((i - (faces.length - 1) / 2) * 46)},-4)` }, dieFace(face))),
    svg("text", { y: 38, class: "dice-said" }, said));
  layer.append(g);
  setTimeout(() => g.remove(), DICE_MS);
}

function pulse(node, cls) {
  node.classList.remove(cls);
  void node.getBoundingClientRect();
  node.classList.add(cls);
  setTimeout(() => node.classList.remove(cls), 1400);
}

function otherSide(side) { return side === "allies" ? "axis" : "allies"; }
// the side whose edge is at the top of the printed map
function topSide(map) { return otherSide(map?.bottom || "allies"); }

function drawStrips(strips, view, map) {
  const top = flipped ? otherSide(topSide(map)) : topSide(map); // as drawn
  const bottom = otherSide(top);
  const strip = (side, y) => {
    const won = view.medals[side];
    const need = view.victory_medals[side];
    const medals = Array.from({ length: need }, (_, i) => svg("g", { transform: `translate(${f(WIDTH - PADX - 14 - (need - 1 - i) * 30)},${f(y)})`, class: `medal ${i < won ? "won" : "empty"}` },
      svg("circle", { r: 12 }), svg("path", { d: "M0,-6 L1.8,-1.8 L6,-1.8 L2.6,1.2 L3.8,5.8 L0,3.2 L-3.8,5.8 L-2.6,1.2 L-6,-1.8 L-1.8,-1.8 Z" })));
    const active = view.active === side && view.result === "running";
    return svg("g", { class: `strip side-${side}${active ? " active" : ""}` },
      svg("rect", { x: PADX, y: f(y - 17), width: 18, height: 34, rx: 4, class: "flag" }),
      svg("text", { x: PADX + 28, y: f(y + 6), class: "side-name" }, `${SIDE_NAME[side]}${active ? " — to play" : ""}`),
      svg("text", { x: f(WIDTH - PADX - 24 - need * 30), y: f(y + 5), class: "medal-count", "text-anchor": "end" }, `medals ${won} / ${need}`),
      medals);
  };
  const sc = map ? map.name : view.scenario;
  strips.replaceChildren(strip(top, STRIP / 2 + 2), strip(bottom, HEIGHT - STRIP / 2 - 2),
    svg("text", { x: f(WIDTH * 0.4), y: STRIP / 2 + 8, class: "scenario-name" }, `${sc} · turn ${view.turn}`));
}

// ---------------------------------------------------------------- the cards
function cardNode(kind, handle, ui, extra = "") {
  const info = DATA.cards[kind] || { name: kind, class: "tactic", text: "" };
  const clickable = handle && ui.clickable.has(handle);
  const sections = info.per_section ? info.per_section.map((n) => n > 0)
    : ["left", "center", "right"].map((s) => info.section === s);
  return el("div", {
    class: `card m44-card ${info.class}${clickable ? " target" : ""}${handle && ui.selected.has(handle) ? " selected" : ""}${extra}`,
    // its full text on hover (and, as `data-read`, for the shared tap-to-read popover once the
    // table has one); the face shows it too, cut short on a small card
    dataset: { handle: handle || "", kind, read: `${info.name}: ${info.text}` }, title: `${info.name}: ${info.text}`,
    onclick: clickable ? () => ui.onHandle(handle) : null,
  },
  el("div", { class: "card-band" }, info.class === "section" ? "section" : "tactic"),
  info.class === "section" ? el("div", { class: "sections" }, sections.map((on) => el("span", { class: on ? "on" : "" }))) : null,
  el("div", { class: "card-name" }, info.name),
  el("div", { class: "card-text" }, info.text));
}

function cardBacks(n) {
  return el("div", { class: "card-backs" }, Array.from({ length: n }, () => el("div", { class: "card-back" }, "M'44")));
}

function hands(container, view, ui) {
  const map = DATA.scenario;
  const mine = view.viewer_side;
  const order = mine ? [mine, otherSide(mine)] : [topSide(map), map?.bottom || "allies"];
  const acting = ui.myTurn;
  const panels = order.map((side) => {
    const hand = view.hands[side];
    const isMine = side === mine;
    return el("div", { class: `player m44-side side-${side}${isMine ? " mine" : ""}${view.active === side ? " to-move" : ""}` },
      el("div", { class: "player-head" },
        el("span", { class: `side-flag side-${side}` }),
        el("strong", {}, SIDE_NAME[side]), isMine ? el("span", { class: "you" }, "you") : null,
        el("span", { class: "muted" }, `${view.hand_sizes[side]} card(s) in hand`),
        el("span", { class: "trophies", title: "medals won / needed" }, `★ ${view.medals[side]} / ${view.victory_medals[side]} medals`)),
      hand ? el("div", { class: "cards" }, hand.length ? hand.map((kind) => cardNode(kind, acting ? `card:${kind}` : null, ui)) : el("span", { class: "muted" }, "no cards"))
        : cardBacks(view.hand_sizes[side]),
      isMine && Array.isArray(view.recon) && view.recon.length ? el("div", { class: "recon" },
        el("div", { class: "muted" }, "Recon: keep one of these two"),
        el("div", { class: "cards" }, view.recon.map((kind) => cardNode(kind, acting ? `keep:${kind}` : null, ui, " recon-card")))) : null);
  });
  const table = el("div", { class: "player m44-table-info" },
    el("div", { class: "player-head" }, el("strong", {}, "On the table")),
    el("div", { class: "cards" },
      view.in_play.length ? view.in_play.map((k) => cardNode(k, null, ui, " small in-play")) : el("span", { class: "muted" }, "no card in play")),
    el("div", { class: "trophy-row" }, `deck ${view.deck_count} · discard ${view.discard.length}`,
      view.discard.length ? ` · last: ${DATA.cards[view.discard[view.discard.length - 1]]?.name || view.discard[view.discard.length - 1]}` : ""));
  container.replaceChildren(el("div", { class: `m44-hands${mine ? "" : " spectator"}` }, panels, table));
}

// ---------------------------------------------------------------- options as handles
// What a structured option names on the table, from its verb and parts (`order R3C4`: the unit
// on R3C4; `battle`: the unit firing, then its target), never from its text.
function handles(option) {
  const card = part(option, "card");
  switch (option.verb) {
    case "play": return [`card:${card}`];
    case "keep": return [`keep:${card}`];
    case "order": return [`unit:${part(option, "unit")}`];
    case "move": return [`unit:${part(option, "from")}`, `hex:${part(option, "to")}`];
    case "battle": return [`unit:${part(option, "from")}`, `target:${part(option, "target")}`];
    case "clear_wire": return [`unit:${part(option, "unit")}`, `clearwire:${part(option, "unit")}`];
    case "air": case "barrage": return [`target:${part(option, "target")}`];
    case "retreat": return [`hex:${part(option, "to")}`];
    default: return [];
  }
}

// a click on a unit picks it; the option is taken on the click that names its last part
function completes(handle, optionHandles) {
  return optionHandles[optionHandles.length - 1] === handle;
}

// A picked piece's chip beside the decision: the unit by name (it glows on the board), with its hex
// only while the board shows coordinates, as the option list does.
function handleLabel(handle) {
  const [kind, value] = handle.split(":");
  if (kind === "card" || kind === "keep") return DATA.cards[value]?.name || value;
  const u = shownUnits.get(value);
  const name = u ? `${SIDE_NAME[u.side]} ${DATA.units[u.kind]?.name || u.kind} (${u.figures})` : "the unit";
  const where = coordsShown() ? ` on ${value}` : "";
  if (kind === "unit") return `${name}${where}`;
  if (kind === "target") return `target: ${name}${where}`;
  if (kind === "clearwire") return `clear wire: ${name}${where}`;
  return value;
}

function prompt(view, snap) {
  const d = view.decision;
  if (!d) return null;
  const mine = snap.you.includes(d.player);
  const who = mine ? "You" : SIDE_NAME[snap.view.active] || `Player ${d.player}`;
  if (!mine) return `${who} ${d.player === snap.current_player ? "is deciding" : "decides"}: ${d.kind}`;
  const texts = {
    card: "play a command card from your hand",
    section: "choose the section for this card",
    order: "order units: click the highlighted ones, then Done",
    move: "move: click an ordered unit, then a highlighted hex (Done when finished)",
    battle: "battle: click a unit, then a target (its dice are shown)",
    air: "choose the Air Power targets",
    barrage: "choose the Barrage target",
    retreat: "retreat: click a highlighted hex",
    ambush: "your unit is close assaulted: ambush?",
    ignore: "a flag may be ignored here",
    ground: "take ground after the close assault?",
    overrun: "armor overrun: battle again?",
    keep: "Recon: keep one of the two cards",
  };
  return `${who}: ${texts[d.kind] || d.kind.replace(/_/g, " ")}`;
}

function outcome(view) {
  if (view.result === "draw") return "a draw";
  if (view.result === "allies" || view.result === "axis") {
    return `the ${SIDE_NAME[view.result]} win, ${view.medals[view.result]} medals to ${view.medals[view.result === "allies" ? "axis" : "allies"]}`;
  }
  return view.result;
}

// The end-of-game summary, one column per seat (seat 0 commands the Allies, seat 1 the Axis):
// medals, enemy units eliminated, own figures lost; and the turns played.
function result(view, snap) {
  if ((snap?.table?.options?.players ?? 2) !== 2) return { turns: view.turn, rows: [] }; // team play: seats are section commanders
  const sides = ["allies", "axis"];
  const lost = (side) => view.units.filter((u) => u.side === side).reduce((n, u) => n + (u.max - (u.hex ? u.figures : 0)), 0);
  return {
    turns: view.turn,
    rows: [
      { label: "Side", values: sides.map((s) => SIDE_NAME[s]) },
      { label: "Medals", values: sides.map((s) => `${view.medals[s]} of ${view.victory_medals[s]}`) },
      { label: "Enemy units eliminated", values: sides.map((s) => view.kills?.[s] ?? "—") },
      { label: "Figures lost", values: sides.map(lost) },
    ],
  };
}

// The scenario briefing (open at the start, and on demand): its history, victory, cards, the
// objectives and what the map shows, all from the catalog and the view.
function briefing(view) {
  const map = DATA.scenario;
  if (!map) return null;
  const sides = ["allies", "axis"];
  const kinds = [...new Set(Object.values(map.terrain))].filter((k) => k !== "clear");
  const legend = [...kinds.map((k) => TERRAIN_NAME[k] || k),
    map.bridge.length ? "bridges" : null, Object.keys(map.bunker).length ? "bunkers" : null,
    map.hedgehog.length ? "hedgehogs" : null, view.sandbags.length ? "sandbags" : null,
    view.wire.length ? "barbed wire" : null, "dashed lines: the left, centre and right sections"].filter(Boolean);
  return {
    title: map.name,
    sections: [
      ["History", map.notes || "—"],
      ["Victory", sides.map((s) => `the ${SIDE_NAME[s]} need ${view.victory_medals[s]} medals`).join("; ")],
      ["Command cards", sides.map((s) => `the ${SIDE_NAME[s]} hold ${view.hand_sizes[s]}`).join("; ")],
      ["Objectives", map.objectives.length ? map.objectives.map(objectiveWords).join(". ") : "none: medals come from eliminated units"],
      ["On the map", `${legend.join(", ")}. Hover a hex for its terrain and what stands on it.`],
    ],
  };
}

// Seats are sides (two players): seat 0 commands the Allies, seat 1 the Axis, in their units' colours.
const SEAT_SIDES = ["allies", "axis"];
const SIDE_COLOUR = { allies: "#5b8fd6", axis: "#d2604c" };
function seatLook(view, table) {
  if ((table?.options?.players ?? 2) !== 2) return null; // team play: seats are section commanders
  return {
    name: (seat) => SIDE_NAME[SEAT_SIDES[seat]] || null,
    title: (seat) => (SEAT_SIDES[seat] ? `the ${SIDE_NAME[SEAT_SIDES[seat]]}` : null),
    colour: (seat) => SIDE_COLOUR[SEAT_SIDES[seat]] || null,
  };
}

export default { autoAdvance: true, board, hands, handles, handleLabel, completes, prompt, outcome, result, seatLook, briefing, coordinates: true, useCatalog };
