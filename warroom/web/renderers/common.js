// @ts-check
// Helpers every renderer shares: seat colours and names, and an SVG element builder.
const COLOURS = ["#e3b341", "#58b4e0", "#e0735a", "#8bd46a", "#c489e8", "#e889b8", "#9aa5b1", "#e8d36a"];

// A game whose seats are sides or factions names and colours them so (Memoir '44: seat 0 commands
// the Allies, in their blue); the table sets it from the renderer's `seatLook` (see table.js), and
// every renderer's seatName / seatColour follow. Without one: "Player N" and the palette above.
/** @type {{ name?: (seat: number) => string | null, title?: (seat: number) => string | null, colour?: (seat: number) => string | null } | null} */
let LOOK = null;
export function useSeatLook(look) { LOOK = look || null; }

export function seatColour(seat) {
  const own = seat >= 0 && LOOK?.colour ? LOOK.colour(seat) : null;
  return own || (seat >= 0 ? COLOURS[seat % COLOURS.length] : "#777");
}

export function seatName(seats, seat) {
  if (seat === null || seat === undefined || seat < 0) return "nobody";
  const kind = seats?.[seat]?.kind;
  const base = (LOOK?.name && LOOK.name(seat)) || `Player ${seat}`;
  return kind && kind !== "human" ? `${base} (AI ${kind})` : base;
}

// The seat in a sentence about it: "the Allies", "Player 2".
export function seatTitle(seats, seat) {
  return (seat >= 0 && LOOK?.title && LOOK.title(seat)) || seatName(seats, seat);
}

// Who the pending decision belongs to, for a prompt: "You" when the viewer holds that seat.
export function decider(view, snap) {
  const d = view.decision;
  if (!d) return null;
  const mine = snap.you.includes(d.player);
  return { d, mine, who: mine ? "You" : seatName(snap.table.seats, d.player) };
}

// The parts of a structured option (`{text, verb, parts: [{role, kind, value}], consequence?}`):
// what displays read instead of parsing the text.
export function part(option, role) {
  const found = option.parts?.find((p) => p.role === role);
  return found === undefined ? undefined : found.value;
}

// A consequence in words for the option list: "3 dice · close assault". What the option already
// names (an entry called after one of its parts' roles: its target, its card) and the ids it
// refers to are not said again.
const REFERENCES = new Set(["target", "unit"]);
export function consequenceWords(consequence, option = {}) {
  const named = new Set((option.parts || []).map((p) => p.role));
  const words = [];
  for (const [key, value] of Object.entries(consequence || {})) {
    if (REFERENCES.has(key) || named.has(key) || value === false || value === null) continue;
    const name = key.replace(/_/g, " ");
    if (key === "dice") words.push(`${value} ${value === 1 ? "die" : "dice"}`);
    else if (value === true) words.push(name);
    else if (Array.isArray(value)) { if (value.length) words.push(`${name} ${value.join(", ")}`); }
    else words.push(`${name} ${typeof value === "object" ? JSON.stringify(value) : value}`);
  }
  return words.join(" · ");
}

const NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "style") node.style.cssText = String(value); // CSSOM: allowed by a strict CSP
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
