// @ts-check
// Board renderers by game id; a game without one gets the generic renderer (its view, readably).
import { el } from "../net.js";
import dust_warfare from "./dust_warfare.js";
import memoir44 from "./memoir44.js";
import metro2033 from "./metro2033.js";
import siege from "./siege.js";
import wot_rush from "./wot_rush.js";
import { seatColour, seatName } from "./common.js";

export { seatColour, seatName };

/** @typedef {import("../types").Renderer} Renderer */

/** @type {Record<string, Renderer>} */
const RENDERERS = { siege, memoir44, wot_rush, dust_warfare, metro2033 };

/** The renderer of a game, or the generic one. @param {string} gameId @returns {Renderer} */
export function rendererFor(gameId) {
  return RENDERERS[gameId] || generic;
}

/** @param {string} gameId @param {Renderer} renderer */
export function registerRenderer(gameId, renderer) { RENDERERS[gameId] = renderer; }

// The generic renderer: no clickable board, the view shown as readable nested blocks.
/** @type {Renderer} */
const generic = {
  board(container) {
    const root = el("div", { class: "generic-view" });
    container.append(root);
    return {
      update(view) { root.replaceChildren(el("h2", {}, "Table"), readable(view, 0)); },
    };
  },
  prompt() { return "Choose one of the legal options"; },
  outcome(view, returns) { return `final returns: ${returns.join(", ")}`; },
};

function words(key) { return String(key).replace(/_/g, " "); }

export function readable(value, depth) {
  if (value === null || value === undefined) return el("span", { class: "muted" }, "—");
  if (typeof value !== "object") return el("span", { class: "scalar" }, typeof value === "boolean" ? (value ? "yes" : "no") : String(value));
  if (Array.isArray(value)) {
    if (!value.length) return el("span", { class: "muted" }, "none");
    if (value.every((v) => v === null || typeof v !== "object")) return el("span", { class: "scalar" }, value.map((v) => String(v)).join(", "));
    const rows = value.every((v) => v && typeof v === "object" && !Array.isArray(v));
    if (rows) {
      const keys = [...new Set(value.flatMap((v) => Object.keys(v)))];
      return el("table", { class: "gv-table" }, el("tr", {}, keys.map((k) => el("th", {}, words(k)))),
        value.map((v) => el("tr", {}, keys.map((k) => el("td", {}, readable(v[k], depth + 1))))));
    }
    return el("ol", { class: "gv-list" }, value.map((v) => el("li", {}, readable(v, depth + 1))));
  }
  return el("dl", { class: `gv-dict depth-${Math.min(depth, 3)}` },
    Object.entries(value).flatMap(([k, v]) => [el("dt", {}, words(k)), el("dd", {}, readable(v, depth + 1))]));
}
