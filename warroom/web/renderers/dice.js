// @ts-check
// Battle dice drawn as SVG (no emoji or symbol font: many machines have none, and a missing glyph
// shows as an empty box). A face is drawn on a 40x40 die centred on 0,0; `dieFace` gives it as SVG
// content to place inside a board, `dieImage` as a small standalone <svg> for the page (the news of
// the last move, the log). Memoir '44's faces are infantry, armor, grenade, star and flag
// (M44-DICE-01); a number 1-6 draws a plain die with pips (Siege's arrival rolls).
import { svg } from "./common.js";

const INK = "die-ink";

function soldier() {
  return svg("g", { class: INK },
    svg("path", { d: "M-7,-9 A7,6.5 0 0 1 7,-9 Z" }),
    svg("circle", { cx: 0, cy: -6, r: 3.8 }),
    svg("path", { d: "M-9,10 L-6,0 Q0,-3 6,0 L9,10 Z" }),
    svg("path", { d: "M9,-15 L5,10", class: "stroke" }));
}

function tank() {
  return svg("g", { class: INK },
    svg("rect", { x: -15, y: -1, width: 30, height: 10, rx: 5 }),
    svg("rect", { x: -8, y: -9, width: 15, height: 9, rx: 2.5 }),
    svg("rect", { x: 6, y: -7, width: 12, height: 3 }));
}

function grenade() { // the round-top "hit any unit" burst
  return svg("g", { class: INK },
    svg("ellipse", { cx: 0, cy: 3, rx: 9, ry: 11 }),
    svg("rect", { x: -4, y: -12, width: 8, height: 5, rx: 1 }),
    svg("path", { d: "M4,-11 Q12,-12 11,-2", class: "stroke" }),
    svg("path", { d: "M-9,0 H9 M-9,6 H9 M0,-8 V14", class: "groove" }));
}

function star() {
  return svg("path", { class: INK, d: "M0,-15 L4.4,-4.7 L15,-4.6 L6.9,2.5 L9.5,13.5 L0,7.6 L-9.5,13.5 L-6.9,2.5 L-15,-4.6 L-4.4,-4.7 Z" });
}

function flag() {
  return svg("g", { class: INK },
    svg("path", { d: "M-9,-15 V15", class: "stroke" }),
    svg("path", { d: "M-8,-14 Q0,-18 6,-13 T15,-12 V1 Q8,-3 2,1 T-8,0 Z" }));
}

const PIPS = { 1: [[0, 0]], 2: [[-8, -8], [8, 8]], 3: [[-9, -9], [0, 0], [9, 9]], 4: [[-8, -8], [8, -8], [-8, 8], [8, 8]],
  5: [[-9, -9], [9, -9], [0, 0], [-9, 9], [9, 9]], 6: [[-8, -10], [8, -10], [-8, 0], [8, 0], [-8, 10], [8, 10]] };

const SYMBOL = { infantry: soldier, armor: tank, grenade, star, flag };
const WORDS = { infantry: "infantry", armor: "armor", grenade: "grenade", star: "star", flag: "flag" };

/** The name a person reads for a face ("grenade", "5"). @param {string|number} face */
export function faceWords(face) { return WORDS[face] || String(face); }

/**
 * One die, as SVG content centred on 0,0 (40 units across), to put inside a board's SVG.
 * @param {string|number} face a Memoir '44 face name or a number 1-6
 * @returns {SVGGElement}
 */
export function dieFace(face) {
  const draw = SYMBOL[face];
  const pips = PIPS[Number(face)];
  return svg("g", { class: `die-face face-${face}`, role: "img", "aria-label": faceWords(face) },
    svg("rect", { x: -20, y: -20, width: 40, height: 40, rx: 8, class: "die-body" }),
    draw ? draw() : svg("g", { class: INK }, (pips || []).map(([x, y]) => svg("circle", { cx: x, cy: y, r: 3.6 }))),
    svg("title", {}, faceWords(face)));
}

/**
 * A die as a standalone image for the page (the news and the log), `size` px across.
 * @param {string|number} face
 * @param {number} size
 * @returns {SVGSVGElement}
 */
export function dieImage(face, size = 28) {
  return svg("svg", { class: "die-img", viewBox: "-21 -21 42 42", width: size, height: size }, dieFace(face));
}
