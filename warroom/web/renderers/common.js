// @ts-check
// Helpers every renderer shares: seat colours and names, and an SVG element builder.
const COLOURS = ["#e3b341", "#58b4e0", "#e0735a", "#8bd46a", "#c489e8", "#e889b8", "#9aa5b1", "#e8d36a"];

// A game whose seats are sides or factions names and colours them so (Memoir '44: seat 0 commands
// the Allies, in their blue); the table sets it from the renderer's `seatLook` (see table.js), and
// every renderer's seatName / seatColour follow. Without one: "Player N" and the palette above.
/** @type {{ name?: (seat: number) => string | null, title?: (seat: number) => string | null, colour?: (seat: number) => string | null } | null} */
let LOOK = null;
/** @param {import("../types").SeatLook | null | undefined} look */
export function useSeatLook(look) { LOOK = look || null; }

/** The seat's colour: its side's where the game has sides. @param {number} seat @returns {string} */
export function seatColour(seat) {
  const own = seat >= 0 && LOOK?.colour ? LOOK.colour(seat) : null;
  return own || (seat >= 0 ? COLOURS[seat % COLOURS.length] : "#777");
}

/**
 * A seat as people call it: its side or "Player N", with the person's chosen name in front
 * ("Anna (Allies)") or the AI that plays it ("Axis (AI heuristic)").
 * @param {import("../types").Seat[] | null | undefined} seats
 * @param {number | null | undefined} seat
 */
export function seatName(seats, seat) {
  if (seat === null || seat === undefined || seat < 0) return "nobody";
  const kind = seats?.[seat]?.kind;
  const base = (LOOK?.name && LOOK.name(seat)) || `Player ${seat}`;
  if (kind && kind !== "human") return `${base} (AI ${kind})`;
  const person = seats?.[seat]?.name;
  return person ? `${person} (${base})` : base;
}

/**
 * The seat in a sentence about it: "the Allies", "Player 2", "Anna (the Allies)".
 * @param {import("../types").Seat[] | null | undefined} seats
 * @param {number} seat
 */
export function seatTitle(seats, seat) {
  const title = seat >= 0 && LOOK?.title && LOOK.title(seat);
  if (!title) return seatName(seats, seat);
  const person = seats?.[seat]?.kind === "human" ? seats[seat].name : null;
  return person ? `${person} (${title})` : title;
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
/** @param {import("../types").Option} option @param {string} role */
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

// ---------------------------------------------------------------- legible text
// No text under 12 px on any screen (issue 16). HTML text gets it from the stylesheets
// (`font-size: max(12px, …)`); a board's SVG text is drawn in the board's own units and scales
// with the board, so the shell measures it after every redraw and resize: text drawn smaller than
// MIN_TEXT_PX grows to it, up to GROW times its size; text that would have to grow more (a
// dense board on a phone) would cover its neighbours, and is hidden instead: what it says stays in
// its piece's tooltip and tap-to-read text (`readable`).
export const MIN_TEXT_PX = 12;
const GROW = 1.8;

/** @param {ParentNode} root every SVG <text> under it drawn at least MIN_TEXT_PX high, or hidden */
export function legibleText(root) {
  for (const text of root.querySelectorAll("svg text")) {
    if (!(text instanceof SVGGraphicsElement)) continue;
    if (!text.dataset.fontBase) {
      text.style.fontSize = "";
      text.dataset.fontBase = String(parseFloat(getComputedStyle(text).fontSize) || 0);
    }
    const base = Number(text.dataset.fontBase);
    const m = text.getScreenCTM();
    if (!m) continue; // not laid out (a hidden board, a hidden badge): measured again at the next redraw
    const drawn = base * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    if (!drawn) continue;
    const grow = MIN_TEXT_PX / drawn;
    const factor = grow > 1 && grow <= GROW ? grow * 1.001 : 1;
    text.classList.toggle("illegible", grow > GROW);
    text.style.fontSize = factor > 1 ? `${base * factor}px` : "";
    // the lines of a several-line text (tspans a `dy` apart) move apart as much as they grow
    for (const line of text.querySelectorAll("tspan[dy]")) {
      if (!(line instanceof SVGElement)) continue;
      line.dataset.dyBase ??= line.getAttribute("dy") || "0";
      line.setAttribute("dy", String(Number(line.dataset.dyBase) * factor));
    }
  }
}

// ---------------------------------------------------------------- tap to read
// Every card's full text, readable on a phone as on a desktop (issue 16): a mouse shows it on
// hover (the card's `title`); a finger has no hover, so a tap on a card opens its words in a
// popover at the foot of the screen. A renderer gives the words as `data-read` (or a card's
// `title`). The tap that opens the popover does not also play the card: a card that is a legal
// choice gets a button in the popover to choose it, and a second tap on the card chooses it too.
const READABLE = "[data-read], .wot-card[title], .m33-card[title]";
let lastPointer = "mouse";
/** @type {Element | null} */
let reading = null;

/** The words of a readable element (a card). @param {Element} node */
export function readWords(node) {
  return (node instanceof HTMLElement || node instanceof SVGElement) && node.dataset.read
    ? node.dataset.read : node.getAttribute("title") || "";
}

/** Shows `node`'s words in the popover; with `choose`, a button that chooses it. */
function openReading(node, choose) {
  let box = document.getElementById("read-popover");
  if (!box) {
    box = document.createElement("div");
    box.id = "read-popover";
    box.className = "read-popover";
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-label", "Card text");
    document.body.append(box);
  }
  const words = document.createElement("p");
  words.className = "read-words";
  words.textContent = readWords(node);
  const row = document.createElement("div");
  row.className = "row";
  if (choose) {
    const take = document.createElement("button");
    take.className = "primary";
    take.id = "read-choose";
    take.textContent = "Choose this card";
    // the board may have been redrawn since (an AI moved): the same card, by its handle
    const handle = node instanceof HTMLElement || node instanceof SVGElement ? node.dataset.handle : "";
    take.addEventListener("click", () => {
      closeReading();
      const now = node.isConnected || !handle ? node : document.querySelector(`[data-handle="${CSS.escape(handle)}"]`);
      now?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    });
    row.append(take);
  }
  const close = document.createElement("button");
  close.id = "read-close";
  close.textContent = "Close";
  close.addEventListener("click", closeReading);
  row.append(close);
  box.replaceChildren(words, row);
  box.hidden = false;
  reading = node;
}

export function closeReading() {
  const box = document.getElementById("read-popover");
  if (box) box.hidden = true;
  reading = null;
}

/** Installs tap-to-read on the page (once): the table and the replay call it. */
export function installTapToRead() {
  if (document.body.dataset.tapToRead) return;
  document.body.dataset.tapToRead = "1";
  document.addEventListener("pointerdown", (event) => { lastPointer = event.pointerType || "mouse"; }, true);
  document.addEventListener("click", (event) => {
    if (!event.isTrusted || lastPointer !== "touch") return; // a mouse has hover; a script's click is a choice
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest("#read-popover")) return;
    const card = target.closest(READABLE);
    if (!card || !readWords(card)) { closeReading(); return; }
    if (card === reading) { closeReading(); return; } // read already: this tap chooses it
    event.preventDefault();
    event.stopPropagation();
    openReading(card, card.classList.contains("target"));
  }, true);
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") closeReading(); });
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
