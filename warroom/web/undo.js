// @ts-check
// Undo at the table (issue 16): an "Undo" button beside the decision, shown only while the server
// says this seat may take back its own decisions (the position's `undo`, decided by the core:
// never past a die roll, a reveal of hidden information or another seat's decision), and the
// keys `u` and Ctrl+Z (⌘Z). It sends the action "undo" like any move; a refusal comes back as the
// table's usual error toast with the reason, and every seat reads the take-back in its log.
//
// The table shell (table.js) announces each new position with a `warroom:position` event whose
// detail is its context ({snapshot, socket, pending}); this module needs nothing else from it.
import { el } from "./net.js";

/** @typedef {{ snapshot: any, socket: any, pending: boolean }} TableContext */

/** @type {TableContext | null} */
let current = null;

/** How many of its own decisions the seat on screen may take back now (0: none). */
function available(/** @type {TableContext | null} */ ctx) {
  const snap = ctx && ctx.snapshot;
  if (!snap || snap.finished || ctx.pending) return 0;
  return Number(snap.undo || 0);
}

function undo() {
  const ctx = current;
  if (!ctx || !available(ctx)) return;
  ctx.pending = true;
  ctx.socket.act("undo", ctx.snapshot.ply);
  show(ctx);
}

/** The Undo bar, made once, right after the decision panel (the shell re-draws only inside it). */
function bar() {
  let found = document.getElementById("undo-bar");
  if (found) return found;
  const decision = document.getElementById("decision");
  if (!decision) return null;
  found = el("div", { class: "undo-bar", id: "undo-bar", hidden: true },
    el("button", {
      id: "undo", type: "button", class: "small",
      title: "Take back your last decision (u or Ctrl+Z)", "aria-keyshortcuts": "u Control+Z",
      onclick: () => undo(),
    }, "↶ Undo"),
    el("span", { class: "undo-count", id: "undo-count" }));
  decision.after(found);
  return found;
}

function show(/** @type {TableContext} */ ctx) {
  const node = bar();
  if (!node) return;
  const count = available(ctx);
  node.hidden = count === 0;
  const button = /** @type {HTMLButtonElement} */ (document.getElementById("undo"));
  button.disabled = ctx.pending;
  const words = document.getElementById("undo-count");
  if (words) words.textContent = count > 1 ? `${count} decisions may be taken back` : "";
}

document.addEventListener("warroom:position", (event) => {
  current = /** @type {CustomEvent<TableContext>} */ (event).detail;
  show(current);
});

document.addEventListener("keydown", (event) => {
  const target = /** @type {HTMLElement | null} */ (event.target instanceof HTMLElement ? event.target : null);
  if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
  const ctrlZ = (event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === "z";
  const plainU = event.key === "u" && !event.ctrlKey && !event.metaKey && !event.altKey;
  if (!(ctrlZ || plainU) || !available(current)) return;
  event.preventDefault();
  undo();
});
