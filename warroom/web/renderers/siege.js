// @ts-check
// War Thunder: Siege on an SVG round board: the rear, aviation, artillery and tank rings around the
// city, six coloured sectors, fortifications with DOTs, buildings, enemy tokens with their armour,
// the hedgehog; below it the players' open hands, trophies and the enemy's discard.
// Only the view is drawn; which pieces are clickable comes from the legal options' parts.
import { el } from "../net.js";
import { decider, seatColour, seatName, seatTitle, svg } from "./common.js";

const SIZE = 860;
const C = SIZE / 2;
const RINGS = { city: [0, 118], tank: [134, 199], artillery: [199, 264], aviation: [264, 329], rear: [329, 394] };
const OUTER_RINGS = ["tank", "artillery", "aviation", "rear"];
const FORT_R = 126;
const FORT_ZONE = [FORT_R - 30, RINGS.tank[1] + 13]; // radii of a wall's click zone
const SECTOR_COLOUR = { 1: "red", 2: "red", 3: "green", 4: "green", 5: "blue", 6: "blue" };
const HUE = { red: [4, 48], green: [96, 32], blue: [214, 42] };
const RING_LIGHT = { rear: 17, aviation: 23, artillery: 28, tank: 33 };

const CARD_NAMES = {
  red_aviation: "Red aviation strike", red_artillery: "Red artillery strike", red_tank: "T-34-85",
  green_aviation: "P-47 Thunderbolt", green_artillery: "Green artillery strike", green_tank: "Green tank strike",
  blue_aviation: "Wyvern S.4", blue_artillery: "M10 Achilles", blue_tank: "Blue tank strike",
  any_aviation: "Lancaster B", any_artillery: "Strv-81", any_tank: "IS-3",
  counter_red: "Counterattack", counter_green: "Counterattack", counter_blue: "Counterattack",
  il2: "IL-2", precise_shot: "Precise Shot", hedgehogs: "Anti-tank Hedgehogs", dot: "DOT (pillbox)",
  onslaught: "Onslaught", patrol: "Patrol", modification: "Modification", repair: "Repair",
  sandbags: "Sandbags", barbed_wire: "Barbed Wire",
};
const TOKEN_NAMES = {
  sdkfz: "Sd.Kfz", pz3: "Pz III", tiger: "Tiger", pz2: "Pz II", pz4: "Pz IV", maus: "Maus", panther: "Panther",
  he111: "He-111", move_red: "Red move", move_green: "Green move", move_blue: "Blue move", move_cw: "Clockwise",
  move_ccw: "Anticlockwise", diversion_aviation: "Diversion: avi.", diversion_artillery: "Diversion: art.",
  diversion_tank: "Diversion: tank", discard_one: "Discard 1", reveal3: "Reveal 3", reveal4: "Reveal 4",
};
const SPECIAL = new Set(["pz2", "pz4", "maus", "panther"]);
// What each card hits and does, in words (the catalog's `text`, from the game's card data), and the
// tokens' printed names: both filled by useCatalog.
const CARD_TEXT = {};
const TOKEN_FULL = {};
// The enemies on the board by id, for naming a token handle ("Tiger E #25") outside the board.
const ENEMY_NAMES = new Map();
const SECTOR_WORDS = { 1: "sector 1 (red)", 2: "sector 2 (red)", 3: "sector 3 (green)", 4: "sector 4 (green)", 5: "sector 5 (blue)", 6: "sector 6 (blue)" };

// Its own styles (fortification hit zones, the Repair row) are a same-origin stylesheet next to
// this module (the page's Content-Security-Policy refuses inline styles), added to the page once.
function useStyles() {
  if (document.getElementById("siege-styles")) return;
  document.head.append(el("link", { id: "siege-styles", rel: "stylesheet", href: new URL("./siege.css", import.meta.url).href }));
}

const rad = (deg) => (deg * Math.PI) / 180;
const sectorAngle = (sector, frac) => -90 + (sector - 1 + frac) * 60;
const pt = (r, deg) => [C + r * Math.cos(rad(deg)), C + r * Math.sin(rad(deg))];
const f = (n) => n.toFixed(1);

function wedge(r0, r1, a0, a1) {
  const [x0, y0] = pt(r1, a0);
  const [x1, y1] = pt(r1, a1);
  if (r0 <= 0) return `M${C},${C} L${f(x0)},${f(y0)} A${r1},${r1} 0 0 1 ${f(x1)},${f(y1)} Z`;
  const [x2, y2] = pt(r0, a1);
  const [x3, y3] = pt(r0, a0);
  return `M${f(x0)},${f(y0)} A${r1},${r1} 0 0 1 ${f(x1)},${f(y1)} L${f(x2)},${f(y2)} A${r0},${r0} 0 0 0 ${f(x3)},${f(y3)} Z`;
}

function arc(r, a0, a1) {
  const [x0, y0] = pt(r, a0);
  const [x1, y1] = pt(r, a1);
  return `M${f(x0)},${f(y0)} A${r},${r} 0 0 1 ${f(x1)},${f(y1)}`;
}

function fill(sector, ring) {
  const [hue, sat] = HUE[SECTOR_COLOUR[sector]];
  return `hsl(${hue} ${sat}% ${RING_LIGHT[ring]}%)`;
}

// Printed card names come from the engine's catalog (sent with the table); the table above is the
// fallback for a page opened without one.
function useCatalog(catalog) {
  for (const [kind, card] of Object.entries(catalog.cards || {})) {
    CARD_NAMES[kind] = card.name;
    if (card.text) CARD_TEXT[kind] = card.text;
  }
  for (const [kind, token] of Object.entries(catalog.tokens || {})) TOKEN_FULL[kind] = token.name;
}

// A card read in full: its printed name and what it hits and does.
export function cardWords(kind) {
  const name = cardInfo(kind).name;
  return CARD_TEXT[kind] ? `${name}: ${CARD_TEXT[kind]}` : name;
}

export function cardInfo(kind) {
  const [first, second] = kind.split("_");
  const colour = ["red", "green", "blue"].includes(first) ? first
    : first === "counter" ? second : first === "any" ? "any" : ["sandbags", "barbed"].includes(first) ? "build" : "special";
  const ring = ["aviation", "artillery", "tank"].includes(second) ? second : first === "counter" ? "counter" : null;
  return { name: CARD_NAMES[kind] || kind.replace(/_/g, " "), colour, ring };
}

// Where each enemy token stands, inside its space (one sector of one ring): the tokens sharing it
// are set in rows along its arc, as many rows and as large as lets every token fit whole inside
// the space without touching another. The city's band keeps clear of the building at its centre.
const TOKEN_R = 27; // a token's drawn radius at scale 1 (its halo)
const BAND = { city: [72, 117], tank: [RINGS.tank[0] + 2, RINGS.tank[1] - 2], artillery: [RINGS.artillery[0] + 2, RINGS.artillery[1] - 2],
  aviation: [RINGS.aviation[0] + 2, RINGS.aviation[1] - 2], rear: [RINGS.rear[0] + 2, RINGS.rear[1] - 2] };
export function layout(enemies) {
  const cells = new Map();
  for (const e of enemies) {
    const key = `${e.sector}:${e.ring}`;
    if (!cells.has(key)) cells.set(key, []);
    cells.get(key).push(e);
  }
  const spots = new Map();
  for (const group of cells.values()) {
    const { sector, ring } = group[0];
    const [r0, r1] = BAND[ring] || BAND.rear;
    const span = rad(60);
    let best = null;
    for (let rows = 1; rows <= Math.min(4, group.length); rows++) {
      const depth = (r1 - r0) / rows;
      const perRow = Math.ceil(group.length / rows);
      const inner = r0 + depth / 2; // the tightest row: the innermost
      const chord = 2 * inner * Math.sin(span / (2 * perRow));
      const scale = Math.min(1, depth / (2 * TOKEN_R), chord / (2 * TOKEN_R));
      if (!best || scale > best.scale + 1e-9) best = { rows, depth, scale };
    }
    const { rows, depth, scale } = best;
    // outer rows are longer: they take the larger share of the tokens
    const counts = Array.from({ length: rows }, (_, i) => Math.floor(group.length / rows) + (rows - 1 - i < group.length % rows ? 1 : 0));
    let i = 0;
    counts.forEach((count, row) => {
      const r = r0 + (row + 0.5) * depth;
      for (let k = 0; k < count; k++, i++) {
        const [x, y] = pt(r, sectorAngle(sector, (k + 0.5) / count));
        spots.set(group[i].id, { x, y, scale });
      }
    });
  }
  return spots;
}

function tankGlyph() {
  return svg("g", { class: "glyph", transform: "translate(0,-7)" },
    svg("rect", { x: -10, y: -1, width: 20, height: 6, rx: 3 }),
    svg("rect", { x: -5, y: -6, width: 10, height: 6, rx: 2 }),
    svg("rect", { x: 4, y: -4.5, width: 10, height: 2 }));
}

function tokenNode(enemy, onHandle) {
  const g = svg("g", { class: `token ${SPECIAL.has(enemy.kind) ? "special" : ""} kind-${enemy.kind}`, "data-handle": `token:${enemy.id}`, "data-token": enemy.id });
  g.addEventListener("click", () => g.classList.contains("target") && onHandle(`token:${enemy.id}`));
  const body = svg("g", { class: "token-body" },
    svg("circle", { class: "halo", r: 27 }),
    svg("circle", { class: "disc", r: 22 }),
    tankGlyph(),
    svg("text", { class: "token-name", y: 9 }, TOKEN_NAMES[enemy.kind] || enemy.kind),
    svg("g", { class: "pips" }),
    svg("g", { class: "hedgehog-mark" },
      svg("circle", { r: 7.5, cx: -16, cy: -15 }),
      svg("path", { d: "M-21,-20 L-11,-10 M-11,-20 L-21,-10 M-16,-22 L-16,-8" })),
    svg("title", {}, ""));
  g.append(body);
  return g;
}

function setPips(node, enemy) {
  const pips = node.querySelector(".pips");
  const n = enemy.max_armour;
  pips.replaceChildren(...Array.from({ length: n }, (_, i) => svg("circle", {
    class: i < enemy.armour ? "pip on" : "pip off", r: 3.2, cx: (i - (n - 1) / 2) * 8, cy: 16,
  })));
  const where = enemy.ring === "city" ? `in the city, ${SECTOR_WORDS[enemy.sector]}` : `in the ${enemy.ring} ring of ${SECTOR_WORDS[enemy.sector]}`;
  node.querySelector("title").textContent = `${tokenName(enemy)}: armour ${enemy.armour} of ${enemy.max_armour}, ${where}`;
}

function tokenName(enemy) {
  return `${TOKEN_FULL[enemy.kind] || enemy.name || TOKEN_NAMES[enemy.kind] || enemy.kind} #${enemy.id}`;
}

function staticBoard(onHandle) {
  const root = svg("svg", { viewBox: `0 0 ${SIZE} ${SIZE}`, class: "siege-board", role: "group", "aria-label": "Siege board" });
  root.append(svg("defs", {},
    svg("radialGradient", { id: "city-grad" },
      svg("stop", { offset: "0%", "stop-color": "#efe3c2" }), svg("stop", { offset: "100%", "stop-color": "#c9b88d" })),
    svg("filter", { id: "glow", x: "-50%", y: "-50%", width: "200%", height: "200%" },
      svg("feGaussianBlur", { stdDeviation: 4, result: "b" }),
      svg("feMerge", {}, svg("feMergeNode", { in: "b" }), svg("feMergeNode", { in: "SourceGraphic" }))),
    // red and green sectors also differ by texture (stripes / dots; blue plain), and each badge by
    // shape (square / circle / diamond), so the colours need not be told apart (red-green blindness)
    svg("pattern", { id: "sg-stripes", width: 14, height: 14, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      svg("rect", { width: 5, height: 14, class: "tex" })),
    svg("pattern", { id: "sg-dots", width: 16, height: 16, patternUnits: "userSpaceOnUse" },
      svg("circle", { cx: 8, cy: 8, r: 2.6, class: "tex" }))));
  root.append(svg("circle", { cx: C, cy: C, r: RINGS.rear[1] + 8, class: "rim" }));
  const sectors = svg("g", { class: "sectors" });
  for (let s = 1; s <= 6; s++) {
    const a0 = sectorAngle(s, 0);
    const a1 = sectorAngle(s, 1);
    for (const ring of OUTER_RINGS) {
      const [r0, r1] = RINGS[ring];
      const cell = svg("path", { d: wedge(r0, r1, a0, a1), fill: fill(s, ring), class: `cell ring-${ring}`, "data-sector": s, "data-ring": ring });
      if (ring === "rear") {
        cell.setAttribute("data-handle", `sector:${s}`);
        cell.addEventListener("click", () => cell.classList.contains("target") && onHandle(`sector:${s}`));
      }
      sectors.append(cell);
      const texture = { red: "sg-stripes", green: "sg-dots" }[SECTOR_COLOUR[s]];
      if (texture) sectors.append(svg("path", { d: wedge(r0, r1, a0, a1), fill: `url(#${texture})`, class: "texture" }));
    }
    sectors.append(svg("path", { d: wedge(0, RINGS.city[1], a0, a1), class: "city-cell", "data-sector": s }));
    const [bx, by] = pt(RINGS.rear[1] + 22, sectorAngle(s, 0.5));
    sectors.append(svg("g", { class: `sector-badge ${SECTOR_COLOUR[s]}`, transform: `translate(${f(bx)},${f(by)})` },
      { red: svg("rect", { x: -14, y: -14, width: 28, height: 28, rx: 3 }), green: svg("circle", { r: 15 }),
        blue: svg("path", { d: "M0,-18 L18,0 L0,18 L-18,0 Z" }) }[SECTOR_COLOUR[s]],
      svg("text", { y: 5 }, s), svg("title", {}, `sector ${s} (${SECTOR_COLOUR[s]})`)));
  }
  root.append(sectors);
  // sector borders and ring labels along the sector 6 / sector 1 border
  const lines = svg("g", { class: "grid" });
  for (let s = 1; s <= 6; s++) {
    const [x0, y0] = pt(RINGS.city[1], sectorAngle(s, 0));
    const [x1, y1] = pt(RINGS.rear[1], sectorAngle(s, 0));
    lines.append(svg("line", { x1: f(x0), y1: f(y0), x2: f(x1), y2: f(y1) }));
  }
  for (const ring of OUTER_RINGS) lines.append(svg("circle", { cx: C, cy: C, r: RINGS[ring][1] }));
  lines.append(svg("circle", { cx: C, cy: C, r: RINGS.tank[0] }));
  root.append(lines);
  const labels = svg("g", { class: "ring-labels" });
  for (const ring of OUTER_RINGS) {
    const [r0, r1] = RINGS[ring];
    for (const deg of [-90, 90]) {
      const [x, y] = pt((r0 + r1) / 2, deg);
      labels.append(svg("g", { transform: `translate(${f(x)},${f(y)})` },
        svg("rect", { x: -34, y: -8, width: 68, height: 16, rx: 8 }), svg("text", { y: 4 }, ring.toUpperCase())));
    }
  }
  root.append(labels);
  root.append(svg("circle", { cx: C, cy: C, r: RINGS.city[1], class: "city" }));
  const city = svg("g", { class: "city-lines" });
  for (let s = 1; s <= 6; s++) {
    const [x, y] = pt(RINGS.city[1], sectorAngle(s, 0));
    city.append(svg("line", { x1: C, y1: C, x2: f(x), y2: f(y) }));
  }
  root.append(city);
  root.append(svg("text", { x: C, y: C + 4, class: "city-name" }, "CITY"));
  return root;
}

function fortNode(s, onHandle) {
  const a0 = sectorAngle(s, 0.06);
  const a1 = sectorAngle(s, 0.94);
  // the zone a click or tap takes the wall in, when it is a target: the wall's whole stretch of the
  // sector, from the city's edge out across the tank ring in front of it (no token is a target while
  // a wall is), so it is at least 44 CSS px across both ways on a phone
  const g = svg("g", { class: "fort", "data-handle": `fort:${s}`, "data-sector": s },
    svg("path", { class: "fort-zone", d: wedge(FORT_ZONE[0], FORT_ZONE[1], sectorAngle(s, 0.02), sectorAngle(s, 0.98)) }),
    svg("path", { class: "wall-hit", d: arc(FORT_R, a0, a1) }),
    svg("path", { class: "wall", d: arc(FORT_R, a0, a1) }),
    svg("path", { class: "wall-crenel", d: arc(FORT_R, a0, a1) }));
  const [x, y] = pt(FORT_R, sectorAngle(s, 0.5));
  g.append(svg("g", { class: "dot-mark", transform: `translate(${f(x)},${f(y)})` },
    svg("rect", { x: -11, y: -8, width: 22, height: 16, rx: 5 }), svg("rect", { class: "slit", x: -7, y: -2, width: 14, height: 3 }),
    svg("title", {}, "DOT (pillbox)")));
  g.append(svg("title", {}, `fortification of ${SECTOR_WORDS[s]}`));
  g.addEventListener("click", () => g.classList.contains("target") && onHandle(`fort:${s}`));
  return g;
}

function buildingNode(s, onHandle) {
  const [x, y] = pt(58, sectorAngle(s, 0.5));
  const g = svg("g", { class: "building", transform: `translate(${f(x)},${f(y)})`, "data-handle": `building:${s}`, "data-sector": s },
    svg("circle", { class: "halo", r: 24 }),
    svg("path", { class: "house", d: "M-14,12 L-14,-4 L-8,-4 L-8,-12 L-2,-12 L-2,-4 L0,-4 L7,-13 L14,-4 L14,12 Z" }),
    svg("path", { class: "windows", d: "M-10,0 h4 v4 h-4 Z M-2,0 h4 v4 h-4 Z M6,0 h4 v4 h-4 Z" }),
    svg("path", { class: "ruin", d: "M-15,12 L-12,4 L-7,8 L-3,1 L2,7 L6,3 L10,8 L15,12 Z" }),
    svg("text", { class: "claim", y: 28 }, ""),
    svg("title", {}, `building of ${SECTOR_WORDS[s]}`));
  g.addEventListener("click", () => g.classList.contains("target") && onHandle(`building:${s}`));
  return g;
}

function board(container) {
  let onHandle = /** @type {(handle: string) => void} */ (() => {});
  useStyles();
  const root = staticBoard((h) => onHandle(h));
  const forts = {};
  const buildings = {};
  const fortLayer = svg("g", { class: "forts" });
  const buildingLayer = svg("g", { class: "buildings" });
  for (let s = 1; s <= 6; s++) {
    forts[s] = fortNode(s, (h) => onHandle(h));
    fortLayer.append(forts[s]);
    buildings[s] = buildingNode(s, (h) => onHandle(h));
    buildingLayer.append(buildings[s]);
  }
  const tokenLayer = svg("g", { class: "tokens" });
  const corners = svg("g", { class: "corners" });
  root.append(buildingLayer, fortLayer, tokenLayer, corners);
  container.append(root);
  const tokens = new Map();

  // while a wall is a target, the tokens that are not let clicks through to its zone
  function aim(ui) { root.classList.toggle("fort-aim", [...ui.clickable].some((h) => h.startsWith("fort:"))); }

  function mark(node, handle, ui) {
    node.classList.toggle("target", ui.clickable.has(handle));
    node.classList.toggle("selected", ui.selected.has(handle));
  }

  return {
    update(view, ui) {
      onHandle = ui.onHandle;
      aim(ui);
      root.querySelectorAll(".cell.ring-rear").forEach((cell) => mark(cell, cell.dataset.handle, ui));
      for (let s = 1; s <= 6; s++) {
        const fort = forts[s];
        fort.classList.toggle("down", !view.fortifications[s]);
        fort.classList.toggle("has-dot", Boolean(view.dots[s]));
        mark(fort, `fort:${s}`, ui);
        const b = buildings[s];
        b.classList.toggle("down", !view.buildings[s]);
        const owner = view.claims ? view.claims.indexOf(s) : -1;
        b.querySelector(".claim").textContent = owner >= 0 ? `P${owner}` : "";
        mark(b, `building:${s}`, ui);
      }
      const spots = layout(view.enemies);
      const seen = new Set();
      for (const enemy of view.enemies) {
        seen.add(enemy.id);
        ENEMY_NAMES.set(enemy.id, tokenName(enemy));
        let node = tokens.get(enemy.id);
        const spot = spots.get(enemy.id);
        if (!node) {
          node = tokenNode(enemy, (h) => onHandle(h));
          node.classList.add("arriving");
          node.style.transform = `translate(${f(spot.x)}px, ${f(spot.y)}px) scale(${spot.scale})`;
          tokenLayer.append(node);
          tokens.set(enemy.id, node);
          requestAnimationFrame(() => requestAnimationFrame(() => node.classList.remove("arriving")));
        }
        node.style.transform = `translate(${f(spot.x)}px, ${f(spot.y)}px) scale(${spot.scale})`;
        node.classList.toggle("wounded", enemy.armour < enemy.max_armour);
        node.classList.toggle("hedgehog", view.hedgehog === enemy.id);
        setPips(node, enemy);
        mark(node, `token:${enemy.id}`, ui);
      }
      for (const [id, node] of tokens) {
        if (!seen.has(id)) {
          tokens.delete(id);
          node.classList.add("leaving");
          setTimeout(() => node.remove(), 900);
        }
      }
      corners.replaceChildren(
        cornerText(22, 34, "start", `Deck ${view.deck_count}`, `Discard ${view.discard.length}`),
        cornerText(SIZE - 22, 34, "end", `Enemy reserve ${view.reserve_count}`, `Turn ${view.turn}`),
        cornerText(22, SIZE - 46, "start", `DOTs in supply ${view.dots_in_supply}`,
          view.hedgehog === null ? "Hedgehog in supply" : `Hedgehog on ${ENEMY_NAMES.get(view.hedgehog) || "an enemy"}`),
        cornerText(SIZE - 22, SIZE - 46, "end", modeName(view.mode), view.patrol ? "Patrol active" : ""));
    },
    flash(events) {
      for (const e of events) {
        const d = e.data || {};
        let target = null;
        if (d.token !== undefined) target = tokenLayer.querySelector(`[data-token="${d.token}"]`);
        else if (["fort_destroyed", "fortify", "dot", "dot_lost"].includes(e.kind) && d.sector) target = forts[d.sector];
        else if (e.kind === "building_destroyed" && d.sector) target = buildings[d.sector];
        else if (e.kind === "he111" && d.sector) {
          root.querySelectorAll(`.cell[data-sector="${d.sector}"]`).forEach((c) => pulse(c, "bombed"));
        }
        if (target) pulse(target, flashClass(e.kind));
      }
    },
  };
}

function flashClass(kind) {
  if (kind === "damage") return "hit";
  if (kind === "trophy" || kind === "destroyed") return "killed";
  if (kind === "enemy_arrives") return "arrive";
  if (kind.endsWith("destroyed") || kind === "dot_lost") return "hit";
  return "noted";
}

function pulse(node, cls) {
  node.classList.remove(cls);
  void node.getBoundingClientRect();
  node.classList.add(cls);
  setTimeout(() => node.classList.remove(cls), 1400);
}

function modeName(mode) {
  return { normal: "Normal game", shoulder_to_shoulder: "Shoulder to Shoulder", field_marshal: "Field Marshal" }[mode] || mode;
}

function cornerText(x, y, anchor, ...lines) {
  return svg("text", { x, y, "text-anchor": anchor, class: "corner" },
    lines.filter(Boolean).map((line, i) => svg("tspan", { x, dy: i ? 20 : 0 }, line)));
}

function cardNode(kind, handle, ui, small) {
  const info = cardInfo(kind);
  const clickable = handle && ui.clickable.has(handle);
  const node = el("div", {
    class: `card c-${info.colour}${small ? " small" : ""}${clickable ? " target" : ""}${handle && ui.selected.has(handle) ? " selected" : ""}`,
    // its words on hover (and, as `data-read`, for the shared tap-to-read popover once the table has one)
    dataset: { handle: handle || "", kind, read: cardWords(kind) }, title: cardWords(kind),
    onclick: clickable ? () => ui.onHandle(handle) : null,
  },
  el("div", { class: "card-band" }, info.ring ? info.ring : info.colour === "build" ? "build" : "special"),
  // a printed name with a word longer than the card is wide ("Thunderbolt") is set a little smaller,
  // so the word stays whole
  el("div", { class: `card-name${/\S{10,}/.test(info.name) ? " long-word" : ""}` }, info.name),
  el("div", { class: "card-foot" }, info.colour === "any" ? "any colour" : ["red", "green", "blue"].includes(info.colour) ? info.colour : ""));
  return node;
}

function tokenChip(kind) {
  return el("span", { class: `chip-token ${SPECIAL.has(kind) ? "special" : ""}`, title: TOKEN_FULL[kind] || TOKEN_NAMES[kind] || kind }, TOKEN_NAMES[kind] || kind);
}

function hands(container, view, ui) {
  const order = [...view.hands.keys()];
  if (ui.viewer !== null && ui.viewer !== undefined) order.sort((a, b) => /** @type {any} */ (b === ui.viewer) - /** @type {any} */ (a === ui.viewer));
  const panels = order.map((p) => {
    const mine = p === ui.viewer;
    const acting = p === ui.currentPlayer && ui.myTurn;
    const handle = `player:${p}`;
    const target = ui.clickable.has(handle);
    return el("div", {
      class: `player${mine ? " mine" : ""}${p === ui.currentPlayer ? " to-move" : ""}${target ? " target" : ""}${view.eliminated[p] ? " out" : ""}`,
      dataset: { handle, seat: p }, onclick: target ? () => ui.onHandle(handle) : null,
    },
    el("div", { class: "player-head" },
      el("span", { class: "seat-dot", style: `background:${seatColour(p)}` }),
      el("strong", {}, seatName(ui.seats, p)), mine ? el("span", { class: "you" }, "you") : null,
      view.eliminated[p] ? el("span", { class: "badge lost" }, "out") : null,
      el("span", { class: "trophies", title: "trophy points" }, `★ ${view.scores[p]}`),
      target ? el("span", { class: "hint" }, "click to choose this player") : null),
    el("div", { class: "cards" }, view.hands[p].length ? view.hands[p].map((kind) =>
      cardNode(kind, acting ? `card:${kind}` : null, ui, !mine)) : el("span", { class: "muted" }, "no cards")),
    mine && acting ? repairRow(ui) : null,
    view.trophies[p].length ? el("div", { class: "trophy-row" }, "trophies: ", view.trophies[p].map(tokenChip)) : null);
  });
  const enemy = el("div", { class: "player enemy" },
    el("div", { class: "player-head" }, el("strong", {}, "The enemy"),
      el("span", { class: "muted" }, `reserve ${view.reserve_count} · discarded ${view.enemy_discard.length}`)),
    view.marshal ? marshalRow(view, ui) : null,
    el("div", { class: "trophy-row" }, "discard: ",
      view.enemy_discard.length ? view.enemy_discard.slice(-14).map(tokenChip) : el("span", { class: "muted" }, "none yet")));
  container.replaceChildren(el("div", { class: "siege-hands" }, panels, enemy));
}

// Repair (SG-CARD-17): once the card is picked, the cards it may take back from the discard, as
// card faces to click (each kind once), from the options' `take` parts.
function repairRow(ui) {
  const kinds = [...new Set([...ui.clickable].filter((h) => h.startsWith("take:")).map((h) => h.slice(5)))];
  if (!kinds.length) return null;
  return el("div", { class: "repair-row" },
    el("div", { class: "muted" }, "Repair: take one card back from the discard pile"),
    el("div", { class: "cards" }, kinds.map((kind) => cardNode(kind, `take:${kind}`, ui, false))));
}

function marshalRow(view, ui) {
  const m = view.marshal;
  const acting = ui.myTurn && ui.currentPlayer === m.seat;
  const hand = m.hand ? m.hand.map((kind) => {
    const handle = `mtoken:${kind}`;
    const clickable = acting && ui.clickable.has(handle);
    return el("span", { class: `chip-token big${clickable ? " target" : ""}${ui.selected.has(handle) ? " selected" : ""}`, dataset: { handle },
      onclick: clickable ? () => ui.onHandle(handle) : null }, TOKEN_NAMES[kind] || kind);
  }) : [el("span", { class: "muted" }, `${m.hand_count} hidden token(s)`)];
  return el("div", { class: "trophy-row" }, `Field Marshal (${seatName(ui.seats, m.seat)}): `, hand,
    m.played.length ? [" · played: ", m.played.map(tokenChip)] : null);
}

// What a structured option names on the table, from its parts: the cards it plays, then the one
// Repair takes back (a face in the Repair row), the enemy token it targets, the fortification, sector or building, the
// partner of a trade, the Field Marshal's tokens.
function handles(option) {
  const out = [];
  for (const { role, kind, value } of option.parts || []) {
    if (kind === "seat" && role === "partner") out.push(`player:${value}`);
    else if (kind === "card" && role === "take") out.push(`take:${value}`);
    else if (kind === "card") out.push(`card:${value}`);
    else if (kind === "token" && role === "target") out.push(`token:${value}`);
    else if (kind === "token") out.push(`mtoken:${value}`);
    else if (kind === "sector" && role === "fortification") out.push(`fort:${value}`);
    else if (kind === "sector") out.push(option.verb === "claim" ? `building:${value}` : `sector:${value}`);
  }
  return [...new Set(out)];
}

function handleLabel(handle) {
  const [kind, value] = handle.split(":");
  if (kind === "card") return CARD_NAMES[value] || value;
  if (kind === "take") return `take back ${CARD_NAMES[value] || value}`;
  if (kind === "token") return ENEMY_NAMES.get(Number(value)) || `enemy #${value}`;
  if (kind === "fort") return `fortification of ${SECTOR_WORDS[value] || value}`;
  if (kind === "sector") return SECTOR_WORDS[value] || `sector ${value}`;
  if (kind === "building") return `building of ${SECTOR_WORDS[value] || value}`;
  if (kind === "player") return `player ${value}`;
  if (kind === "mtoken") return TOKEN_NAMES[value] || value;
  return handle;
}

function prompt(view, snap) {
  const turn = decider(view, snap);
  if (!turn) return null;
  const { d, mine, who } = turn;
  const texts = {
    arrange: `${who}: arrange the six starting vehicles (sectors 1–6)`,
    swap: `${who}: swap one card for a new one, or pass`,
    trade: `${who}: offer a card to another player, or pass`,
    answer: `${who}: you are offered ${cardInfo(d.offered || "").name} — give a card back or refuse`,
    play: `${who}: play cards — click a card, then its target; pass ends the turn`,
    hit: `${who}: the ${d.structure === "fort" ? "fortification" : "building"} in sector ${d.sector} falls — choose the enemy it hits`,
    discard: `${who}: choose a card to discard`,
    claim: `${who}: claim your home building`,
  };
  if (!mine && d.player !== undefined) return `${who} is deciding (${d.kind})`;
  return texts[d.kind] || `${who}: ${d.kind.replace(/_/g, " ")}`;
}

function outcome(view) {
  if (view.result === "won") {
    const rank = view.ranking ? ` · ranking: ${view.ranking.map((r, p) => `P${p} #${r}`).join(", ")}` : "";
    return `the city holds — victory!${rank}`;
  }
  if (view.result === "lost") return "the city has fallen";
  return view.result;
}

// The end-of-game summary: each player's trophies and rank (competitive modes), the city's state.
function result(view) {
  const seats = [...view.scores.keys()];
  const standing = (o) => Object.values(o).filter(Boolean).length;
  const rows = [
    { label: "Trophy points", values: seats.map((p) => view.scores[p]) },
    { label: "Enemies destroyed", values: seats.map((p) => view.trophies[p].length) },
  ];
  if (view.ranking) rows.push({ label: "Rank", values: seats.map((p) => `#${view.ranking[p]}`) });
  return {
    turns: view.turn,
    rows,
    notes: [`Buildings standing: ${standing(view.buildings)} of 6`, `Fortifications standing: ${standing(view.fortifications)} of 6`,
      `Enemy reserve left: ${view.reserve_count}`],
  };
}

// In Field Marshal mode one seat plays the enemy: it is named so, in the enemy's grey.
function seatLook(view) {
  const marshal = new Set(view?.adversary_seats || []);
  return {
    name: (seat) => (marshal.has(seat) ? "Field Marshal" : null),
    title: (seat) => (marshal.has(seat) ? "the Field Marshal" : null),
    colour: (seat) => (marshal.has(seat) ? "#b9c0c7" : null),
  };
}

// A log entry's words: the seats it names as the table names them ("Anna (Player 1)", "Player 2
// (AI heuristic)", the Field Marshal by his role), not the engine's "player 1". The event's data
// says which seats its text names (player, partner, by), so only those words are replaced: the
// text is never parsed for anything else.
const SEAT_KEYS = ["player", "partner", "by"];
/** @param {import("../types").LogEntry} e @param {import("../types").Seat[]} seats */
function logWords(e, seats) {
  let text = e.text;
  for (const key of SEAT_KEYS) {
    const seat = e.data?.[key];
    if (typeof seat === "number") text = text.replace(new RegExp(`\\bplayer ${seat}\\b`, "g"), seatTitle(seats, seat));
  }
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export default { autoAdvance: true, board, hands, handles, handleLabel, prompt, outcome, result, seatLook, useCatalog, logWords };
