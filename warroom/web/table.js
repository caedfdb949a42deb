// @ts-check
// The table shell, the same for every game: whose turn, the board (a game's renderer or a readable
// view), the current legal options (always listed, and clickable on the board where a renderer knows
// them), the log in plain words from the engine's events, hot-seat hand-over and reconnection.
import { TableSocket, api, el, rememberTable, toast, tokenFromHash } from "./net.js";
import { consequenceWords, installTapToRead, legibleText, seatTitle, useSeatLook } from "./renderers/common.js";
import { dieImage } from "./renderers/dice.js";
import { rendererFor, seatColour, seatName } from "./renderers/index.js";
// Undo listens for each position; imported here, not loaded beside the app, so it is listening
// before the first position arrives (a separate module script could still be loading then)
import "./undo.js";

/** @typedef {import("./types").TableContext} TableContext */
/** @typedef {import("./types").Option} Option */
/** @typedef {import("./types").LogEntry} LogEntry */

/** @param {HTMLElement} main @param {string} tableId */
export function showTable(main, tableId) {
  const token = tokenFromHash();
  // One screen, as at Board Game Arena: the banner, the board, your hand and the decision never
  // overlap; the news of the last move and the log sit beside the board (below it on a phone), so
  // nothing covers the board. The board scales to the room left (see fitBoard).
  const page = el("section", { class: "table-page" },
    el("div", { class: "turn-banner", id: "turn-banner", role: "status" }, "Connecting…"),
    el("div", { class: "board-wrap", id: "board-wrap" },
      el("div", { class: "board", id: "board" }),
      el("div", { class: "handover hidden", id: "handover" })),
    el("div", { class: "hands", id: "hands", tabindex: 0, role: "region", "aria-label": "Hands" }),
    el("aside", { class: "side" },
      el("div", { class: "panel decision", id: "decision", "aria-live": "polite", tabindex: 0, role: "region", "aria-label": "Your decision" }),
      el("div", { class: "ticker", id: "ticker", "aria-live": "polite" }),
      el("details", { class: "panel briefing hidden", id: "briefing" }),
      // scrolling regions are focusable and named, so the keyboard can scroll them
      el("div", { class: "panel log-panel", id: "log-panel", tabindex: 0, role: "region", "aria-label": "Game log" },
        el("h3", {}, "Game log"), el("ol", { class: "log", id: "log" })),
      el("div", { class: "settings", id: "settings" })));
  main.replaceChildren(page);
  installTapToRead();
  const ctx = {
    tableId, token, snapshot: null, renderer: null, board: null, selection: [],
    revealed: null, socket: null, pending: false,
  };
  const connect = () => new TableSocket(tableId, ctx.token, {
    onMessage: (msg) => onMessage(ctx, msg),
    onStatus: (status) => setStatus(ctx, status),
  });
  ctx.socket = connect();
  // another invite link of this table opened in the same tab (only the #k= part differs): take
  // that seat at once, without a reload
  window.addEventListener("hashchange", () => {
    const next = tokenFromHash();
    if (next === ctx.token) return;
    ctx.socket.close();
    Object.assign(ctx, { token: next, snapshot: null, selection: [], revealed: null, pending: false, news: [] });
    document.getElementById("ticker").replaceChildren();
    document.getElementById("result")?.remove();
    ctx.socket = connect();
  });
  window.warroomTable = ctx; // for tests and the curious: the last snapshot this seat received
}

/** @param {TableContext} ctx @param {string} status */
function setStatus(ctx, status) {
  const info = document.getElementById("topinfo");
  const words = { open: "live", retrying: "reconnecting…", closed: "disconnected", refused: "refused" };
  fill(info, el("span", { class: `conn ${status}` }, words[status] || status),
    ctx.snapshot ? el("a", { href: `/replay/${ctx.tableId}${ctx.token ? `#k=${ctx.token}` : ""}` }, "replay") : null);
}

/** @param {TableContext} ctx @param {import("./types").ServerMessage} msg */
function onMessage(ctx, msg) {
  if (msg.type === "error") {
    ctx.pending = false;
    if (msg.code === "unknown_table" || msg.code === "bad_token" || msg.code === "incompatible") {
      document.getElementById("turn-banner").textContent = msg.message;
      document.getElementById("turn-banner").className = "turn-banner error";
    }
    toast(msg.message, "error", 6000);
    ctx.selection = [];
    if (ctx.snapshot) render(ctx);
    return;
  }
  if (msg.type === "ack") { ctx.pending = false; return; }
  if (msg.type !== "state" && msg.type !== "update") return;
  const first = !ctx.snapshot;
  // an update carries only what a move changes: the table's header (like the game's catalog and
  // the log) came once, with the full state sent on (re)connect
  ctx.snapshot = msg.type === "update" && ctx.snapshot ? { ...msg, table: ctx.snapshot.table } : msg;
  if (first || msg.type === "state") {
    ctx.renderer = rendererFor(msg.table.game);
    if (ctx.renderer.useCatalog) ctx.renderer.useCatalog(msg.catalog || {});
    // seats named and coloured as the game's sides where it has them ("You are the Allies")
    useSeatLook(ctx.renderer.seatLook ? ctx.renderer.seatLook(msg.view, msg.table) : null);
    const board = document.getElementById("board");
    board.replaceChildren();
    ctx.board = ctx.renderer.board(board);
    if (!ctx.resize) {
      ctx.resize = new ResizeObserver(() => fitBoard(board));
      ctx.resize.observe(board);
    }
    renderBriefing(ctx, msg);
    renderSettings(ctx);
    document.getElementById("log").replaceChildren();
    appendLog(ctx, msg.log || []);
    document.title = `${msg.table.title} — warroom`;
    setStatus(ctx, "open");
  }
  if (msg.type === "update") {
    ctx.pending = false;
    ctx.selection = [];
    appendLog(ctx, msg.events);
    showTicker(ctx, msg.events);
  }
  render(ctx);
  if (msg.type === "update" && ctx.board.flash) ctx.board.flash(msg.events, msg.view);
  document.dispatchEvent(new CustomEvent("warroom:position", { detail: ctx })); // undo.js listens
}

// The board handles an option names (a card, a unit, a hex ...), from its structured parts: the
// renderer reads `option.verb` and `option.parts`, never the text (which is only sent back).
// Memoised per option object: a message's options are new objects, and the view they go with.
const HANDLES = new WeakMap();
/** @param {TableContext} ctx @param {Option} option @returns {string[]} */
function handlesOf(ctx, option) {
  if (!ctx.renderer.handles) return [];
  let found = HANDLES.get(option);
  if (!found) {
    found = ctx.renderer.handles(option, ctx.snapshot.view, ctx.snapshot.viewer);
    HANDLES.set(option, found);
  }
  return found;
}

/** @param {TableContext} ctx @returns {Option[]} */
function matching(ctx) {
  return ctx.snapshot.legal.filter((a) => ctx.selection.every((h) => handlesOf(ctx, a).includes(h)));
}

/** @param {TableContext} ctx @param {string} text */
function act(ctx, text) {
  if (ctx.pending) return;
  ctx.pending = true;
  ctx.selection = [];
  ctx.socket.act(text, ctx.snapshot.ply);
  render(ctx);
}

/** @param {TableContext} ctx @param {string} handle */
function onHandle(ctx, handle) {
  if (ctx.selection.includes(handle)) {
    ctx.selection = ctx.selection.filter((h) => h !== handle);
    render(ctx);
    return;
  }
  const next = [...ctx.selection, handle];
  const options = ctx.snapshot.legal.filter((a) => next.every((h) => handlesOf(ctx, a).includes(h)));
  if (options.length === 0) return;
  // one option left: take it, unless the renderer says this click only picks a piece (e.g. the unit
  // of a move, so its reachable hexes can be shown before the move is made)
  const completes = ctx.renderer.completes ? ctx.renderer.completes(handle, handlesOf(ctx, options[0])) : true;
  if (options.length === 1 && completes) { act(ctx, options[0].text); return; }
  ctx.selection = next;
  render(ctx);
}

/** @param {TableContext} ctx */
function render(ctx) {
  const snap = ctx.snapshot;
  const you = snap.you;
  const player = snap.current_player;
  // the viewing seat may act: it is to move, or still to commit to a secret simultaneous choice
  // (`waiting`; older servers sent only the seat to move)
  const waiting = snap.waiting || (player >= 0 ? [player] : []);
  const myTurn = !snap.finished && you.includes(snap.viewer) && waiting.includes(snap.viewer);
  const hotseat = you.length > 1;
  const options = myTurn ? matching(ctx) : [];
  const clickable = new Set();
  if (myTurn && !ctx.pending) for (const a of options) for (const h of handlesOf(ctx, a)) clickable.add(h);
  for (const h of ctx.selection) clickable.delete(h);
  const ui = {
    viewer: snap.viewer, you, currentPlayer: player, myTurn, seats: snap.table.seats,
    clickable, selected: new Set(ctx.selection), onHandle: (h) => onHandle(ctx, h), options,
    // a board that builds an exact proposal itself (a dragged Dust Warfare unit) sends its text
    act: (text) => act(ctx, text), tableId: ctx.tableId,
  };
  // hot seat: hide the board until the next person confirms they hold the device
  const handover = document.getElementById("handover");
  const mustHandOver = hotseat && myTurn && ctx.revealed !== player;
  handover.classList.toggle("hidden", !mustHandOver);
  if (mustHandOver) {
    handover.replaceChildren(el("div", { class: "handover-card" },
      el("div", { class: "seat-dot big", style: `background:${seatColour(player)}` }),
      el("h2", {}, `Pass the device to ${seatTitle(snap.table.seats, player)}`),
      el("p", {}, "Everyone else: look away. The board and hand stay hidden until they are ready."),
      el("button", { class: "primary big", id: "reveal", onclick: () => { ctx.revealed = player; render(ctx); } },
        `I play ${seatTitle(snap.table.seats, player)} — show my turn`)));
  }
  document.getElementById("board").classList.toggle("veiled", mustHandOver);
  document.getElementById("hands").classList.toggle("veiled", mustHandOver);
  renderBanner(ctx, myTurn);
  const focused = focusedHandle();
  ctx.board.update(snap.view, ui);
  fitBoard(document.getElementById("board"));
  // the tab says when it is your move, so a player in another tab sees it; a sound too, if asked
  document.title = `${myTurn ? "● Your move — " : ""}${snap.table.title} — warroom`;
  if (myTurn && !ctx.wasMyTurn && ctx.wasMyTurn !== undefined && setting("sound", false)) beep();
  ctx.wasMyTurn = myTurn;
  const hands = document.getElementById("hands");
  if (ctx.renderer.hands) ctx.renderer.hands(hands, snap.view, ui);
  else hands.replaceChildren();
  legibleText(document.querySelector(".table-page"));
  renderDecision(ctx, myTurn && !mustHandOver, options);
  keyboardTargets(focused);
  autoAdvance(ctx, myTurn && !mustHandOver);
}

// ---------------------------------------------------------------- keyboard
// Every legal target the renderers mark (`[data-handle].target`, and a picked piece) is in the tab
// order as a button named by its tooltip, and Enter or Space takes it like a click; after a move
// the focus goes back to the same piece, or to the first target near where it was.
const TARGETS = "[data-handle].target, [data-handle].selected";
let lastFocus = null; // the target that had the focus when it stopped being one (a move was sent)
/** @typedef {HTMLElement | SVGElement} Target a board's or a hand's element with a `data-handle` */

/** @returns {Target | null} the focused element, as a possible target */
function activeTarget() {
  const node = document.activeElement;
  return node instanceof HTMLElement || node instanceof SVGElement ? node : null;
}

/** @param {ParentNode} root @param {string} selector @returns {Target[]} */
function targetsIn(root, selector) {
  return /** @type {Target[]} */ ([...root.querySelectorAll(selector)]);
}

function focusedHandle() {
  const node = activeTarget();
  if (!node || !node.dataset?.handle) return lastFocus;
  return { handle: node.dataset.handle, inBoard: Boolean(node.closest("#board")) };
}

function keyboardTargets(focused) {
  const page = /** @type {HTMLElement | null} */ (document.querySelector(".table-page"));
  if (!page) return;
  for (const node of targetsIn(page, "[data-handle][tabindex]")) {
    if (node.matches(TARGETS) || node instanceof HTMLButtonElement) continue;
    if (node === document.activeElement) lastFocus = { handle: node.dataset.handle, inBoard: Boolean(node.closest("#board")) };
    node.removeAttribute("tabindex");
  }
  for (const node of targetsIn(page, TARGETS)) {
    if (node instanceof HTMLButtonElement || !node.dataset.handle) continue;
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    if (!node.getAttribute("aria-label")) {
      const name = node.getAttribute("title") || node.querySelector("title")?.textContent || node.textContent;
      if (name) node.setAttribute("aria-label", name.trim().replace(/\s+/g, " "));
    }
  }
  if (!page.dataset.keys) { // one listener for the page's life
    page.dataset.keys = "1";
    page.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
      const node = event.target;
      if (!(node instanceof Element) || !node.matches(TARGETS) || node instanceof HTMLButtonElement) return;
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    });
  }
  if (!focused || activeTarget()?.dataset?.handle === focused.handle) return;
  if (!page.querySelector(TARGETS)) return; // nothing to take now (the move is on its way): keep the memory
  lastFocus = null;
  const same = targetsIn(page, "[data-handle]").find((n) => n.dataset.handle === focused.handle && n.getAttribute("tabindex") === "0");
  const scope = focused.inBoard ? document.getElementById("board") : page;
  const next = same || scope.querySelector(TARGETS) || page.querySelector(TARGETS);
  if (next instanceof HTMLElement || next instanceof SVGElement) next.focus({ preventScroll: true });
}

// A step with a single legal option (pay 0 for a free tank, "done", an "end"-only turn) is taken
// for the player after a moment, where the renderer allows it, unless the player's setting asks
// to click it themselves; the engine records it like any move.
const AUTO_MS = 700;
/** @param {TableContext} ctx @param {boolean} active */
function autoAdvance(ctx, active) {
  const snap = ctx.snapshot;
  if (!active || ctx.pending || ctx.selection.length || snap.legal.length !== 1) return;
  if (!ctx.renderer.autoAdvance || !setting("autoplay", true) || ctx.autoPly === snap.ply) return;
  const ply = snap.ply;
  ctx.autoPly = ply;
  setTimeout(() => {
    const now = ctx.snapshot;
    if (now && now.ply === ply && !ctx.pending && now.legal.length === 1 && !now.finished) act(ctx, now.legal[0].text);
  }, AUTO_MS);
}

/** @param {TableContext} ctx @param {boolean} myTurn */
function renderBanner(ctx, myTurn) {
  const snap = ctx.snapshot;
  const banner = document.getElementById("turn-banner");
  const seats = snap.table.seats;
  const who = snap.you.length === 0 ? "You are watching (spectator)"
    : snap.you.length > 1 ? `Hot seat: ${snap.you.map((s) => seatName(seats, s)).join(", ")}`
      : `You are ${seatTitle(seats, snap.you[0])}`;
  let turn;
  let cls = "turn-banner";
  if (snap.finished) {
    const outcome = ctx.renderer.outcome ? ctx.renderer.outcome(snap.view, snap.returns) : `returns ${snap.returns.join(", ")}`;
    turn = `Game over — ${outcome}`;
    cls += " over";
  } else if (myTurn) {
    turn = snap.you.length > 1 ? `${seatName(seats, snap.current_player)}: your move` : "Your move";
    cls += " mine";
  } else {
    const kind = seats[snap.current_player]?.kind;
    turn = kind === "human" ? `Waiting for ${seatName(seats, snap.current_player)}`
      : `${seatName(seats, snap.current_player)} is thinking…`;
  }
  banner.className = cls;
  banner.replaceChildren(
    el("span", { class: "seat-dot", style: `background:${seatColour(snap.current_player)}` }),
    el("strong", {}, turn), el("span", { class: "muted" }, ` · ${who} · ${snap.table.title} · move ${snap.ply}`),
    dealChip(snap.table.deal));
}

// The seed deals every hidden card (issue 17): every seat is told, before the first move, whether
// the table's creator chose it (and so may know the others' hands), or the server drew it and
// committed to it, the seed to be revealed with the replay so anyone can check the deal.
/** @param {import("./types").Deal | undefined} deal */
function dealChip(deal) {
  if (!deal) return null;
  if (deal.chosen_by_creator) {
    return el("span", { class: "deal warn", id: "deal", title: "The creator of this table chose its seed, "
      + "which decides every shuffle: they may know the other seats' hidden cards." }, "Seed chosen by the creator");
  }
  const sealed = `The server drew this table's seed and committed to it before the first move: sha256 ${deal.commitment}.`;
  const text = deal.revealed == null ? "Deal sealed" : `Deal revealed: seed ${deal.revealed}`;
  const tail = deal.revealed == null ? " The seed is revealed when the game ends, with the replay file, to check the deal."
    : " Check: sha256 of \"warroom-deal:<seed>\" equals the commitment.";
  return el("span", { class: "deal", id: "deal", title: sealed + tail }, text);
}

/** @param {TableContext} ctx @param {boolean} active @param {Option[]} options */
function renderDecision(ctx, active, options) {
  const box = document.getElementById("decision");
  const snap = ctx.snapshot;
  if (snap.finished) {
    fill(box, el("h3", {}, "The game is over"),
      el("p", {}, ctx.renderer.outcome ? ctx.renderer.outcome(snap.view, snap.returns) : ""),
      el("div", { class: "row" }, endButtons(ctx, false), el("button", { id: "show-result", onclick: () => showResult(ctx, true) }, "Result")));
    showResult(ctx, false);
    return;
  }
  if (!active) {
    const prompt = ctx.renderer.prompt ? ctx.renderer.prompt(snap.view, snap) : null;
    fill(box, el("h3", {}, snap.you.length ? "Not your move" : "Spectating"),
      el("p", { class: "muted" }, prompt || "Legal options appear here when it is your move."));
    return;
  }
  const prompt = ctx.renderer.prompt ? ctx.renderer.prompt(snap.view, snap) : "Your decision";
  const plain = options.filter((a) => handlesOf(ctx, a).length === 0);
  const buttons = plain.length <= 4 ? plain : [];
  const forced = snap.legal.length === 1 && ctx.renderer.autoAdvance && setting("autoplay", true);
  fill(box,
    el("h3", {}, prompt),
    forced ? el("p", { class: "hint" }, "Only one choice: taken for you in a moment.") : null,
    ctx.selection.length ? el("div", { class: "chips" },
      ctx.selection.map((h) => el("span", { class: "chip" }, ctx.renderer.handleLabel ? ctx.renderer.handleLabel(h) : h)),
      el("button", { class: "small", onclick: () => { ctx.selection = []; render(ctx); } }, "✕ start over")) : null,
    ctx.renderer.handles && !ctx.selection.length && options.some((a) => handlesOf(ctx, a).length)
      ? el("p", { class: "hint" }, "Click a highlighted card or piece, or pick from the list.") : null,
    buttons.length ? el("div", { class: "row" }, buttons.map((a) =>
      el("button", { class: "primary", dataset: { action: a.text }, onclick: () => act(ctx, a.text) }, optionWords(ctx, a)))) : null,
    // the list opens by itself when it is short, or when the board cannot take the choice; on a
    // phone, where it would push your hand off the screen, only in the second case
    el("details", { class: "options", open: ctx.selection.length > 0 || !ctx.renderer.handles
        || (options.length <= 12 && !PHONE.matches) || !options.some((a) => handlesOf(ctx, a).length) },
      el("summary", {}, `All legal options (${options.length})`),
      el("ul", { class: "option-list" }, options.map((a) => el("li", {},
        el("button", { class: "option", dataset: { action: a.text }, disabled: ctx.pending,
          // the typed text as its tooltip, unless it would name hexes the board is not showing
          title: ctx.renderer.coordinates && !coordinatesShown(ctx) ? null : a.text,
          onclick: () => act(ctx, a.text) }, optionWords(ctx, a)))))));
}

// An option in the list, in words: its verb, then what the game's label says it does with the box
// names ("swap — Wyvern S.4", "fire — Hotchkiss H35 fires at player 1's base 1 ..."), the seat
// it names, and its consequence where the game knows it ("— 3 dice"). Internal ids (`red_tank`,
// `p1b1`, `t25`) stay out of sight: the text the server wants back is only the button's tooltip.
// On a board with a coordinates setting (Memoir '44), the label names places as the board shows
// them ("in the forest on your left flank"), and the hexes the option's parts name are added only
// while the board shows its coordinates, so the list never speaks of what the board does not show.
/** @param {TableContext} ctx @param {Option} a */
function optionWords(ctx, a) {
  const label = a.label || a.text;
  // a game whose typed verbs are not words ("c05", "svd") names the verb itself
  const verb = ctx.renderer.optionVerb?.(a) || a.text.split(" ")[0];
  const words0 = label.startsWith(a.text) ? label.slice(a.text.length).replace(/^[\s:]+/, "").replace(/^\((.*)\)$/, "$1") : label;
  // the verb is said once ("end — Phase II: play nothing more", not "end — end Phase II: ...")
  const detail = words0.startsWith(`${verb} `) && words0 !== label ? words0.slice(verb.length + 1) : words0;
  const seats = (a.parts || []).filter((p) => p.kind === "seat" && !/player \d/i.test(detail))
    .map((p) => `to ${seatName(ctx.snapshot.table.seats, Number(p.value))}`);
  const hexes = detail && coordinatesShown(ctx) ? (a.parts || []).filter((p) => p.kind === "hex").map((p) => p.value) : [];
  const where = hexes.length ? ` (${hexes.join(" → ")})` : "";
  const words = detail ? [verb, seats.join(" "), "—", detail + where].filter(Boolean).join(" ") : a.text;
  const effect = a.consequence ? consequenceWords(a.consequence, a) : "";
  return [words, effect ? el("span", { class: "consequence" }, ` — ${effect}`) : null];
}

// whether hexes may be named by their coordinates: the game has no such setting, or it is on
/** @param {TableContext} ctx */
function coordinatesShown(ctx) {
  return Boolean(ctx.renderer.coordinates) && setting("coords", false);
}

// ---------------------------------------------------------------- the end of the game
// A result screen once the game is over (and again on demand): who won, each seat's side or name,
// who played it (a person or which AI), the game's own figures (medals, casualties, score, from the
// renderer's `result`), the turns played, and what to do next.
/** @param {TableContext} ctx @param {boolean} inDialog */
function endButtons(ctx, inDialog) {
  const back = ctx.token ? `#k=${ctx.token}` : "";
  const id = (name) => (inDialog ? name : null); // the result screen's own (ids are unique)
  return [
    el("a", { class: "button primary", id: id("watch-replay"), href: `/replay/${ctx.tableId}${back}` }, "Watch the replay"),
    el("a", { class: "button", id: id("download-replay"), href: `/api/tables/${ctx.tableId}/replay`, download: true }, "Download replay file"),
    ctx.snapshot.you.length ? el("button", { id: id("rematch"), onclick: () => rematch(ctx) }, "Rematch") : null,
    el("a", { class: "button", id: id("new-table"), href: `/?game=${encodeURIComponent(ctx.snapshot.table.game)}` }, "New table"),
  ];
}

/** @param {TableContext} ctx @param {boolean} again */
function showResult(ctx, again) {
  const snap = ctx.snapshot;
  let dialog = /** @type {HTMLDialogElement | null} */ (document.getElementById("result"));
  if (dialog && !again) return; // shown once by itself; the "Result" button opens it again
  if (!dialog) {
    dialog = el("dialog", { class: "result-dialog", id: "result", "aria-labelledby": "result-title" });
    document.body.append(dialog);
  }
  const seats = snap.table.seats;
  const summary = ctx.renderer.result ? ctx.renderer.result(snap.view, snap) : { rows: [] };
  const best = Math.max(...snap.returns);
  const shared = snap.returns.every((r) => r === best);
  const verdict = (p) => (shared ? (best > 0 ? "won" : best < 0 ? "lost" : "draw") : snap.returns[p] === best ? "won" : "lost");
  const cols = seats.map((s) => s.seat);
  const headline = ctx.renderer.outcome ? ctx.renderer.outcome(snap.view, snap.returns) : "";
  const mine = snap.you.length === 1 ? verdict(snap.you[0]) : null;
  dialog.replaceChildren(
    el("h2", { id: "result-title" }, mine === "won" ? "Victory!" : mine === "lost" ? "Defeat" : mine === "draw" ? "A draw" : "The game is over"),
    el("p", { class: "result-headline" }, headline.charAt(0).toUpperCase() + headline.slice(1)),
    el("table", { class: "result-table" },
      el("thead", {}, el("tr", {}, el("th", {}, ""), cols.map((p) => el("th", { scope: "col" },
        el("span", { class: "seat-dot", style: `background:${seatColour(p)}` }), " ", seatName(seats, p),
        snap.you.includes(p) ? el("span", { class: "you" }, "you") : null)))),
      el("tbody", {},
        el("tr", {}, el("th", { scope: "row" }, "Played by"), cols.map((p) => el("td", {}, seats[p].kind === "human" ? "a person" : `AI: ${seats[p].kind}`))),
        (summary.rows || []).map((row) => el("tr", {}, el("th", { scope: "row" }, row.label), cols.map((p) => el("td", {}, String(row.values[p] ?? "—"))))),
        el("tr", { class: "verdict" }, el("th", { scope: "row" }, "Result"), cols.map((p) => el("td", { class: verdict(p) }, verdict(p)))))),
    el("p", { class: "muted" }, [summary.rounds ? `${summary.rounds} rounds` : null, summary.turns ? `${summary.turns} turns` : null,
      `${snap.ply} moves`, ...(summary.notes || [])].filter(Boolean).join(" · ")),
    el("div", { class: "row", id: "rematch-links" }),
    el("div", { class: "row" }, endButtons(ctx, true), el("button", { id: "close-result", onclick: () => dialog.close() }, "Look at the board")));
  if (!dialog.open) dialog.showModal();
}

// The same game again: same options, seats and pace; you go to your seat of the new table, and the
// other people's invite links are shown (and kept in this browser's list of tables) to pass on.
/** @param {TableContext} ctx */
async function rematch(ctx) {
  const t = ctx.snapshot.table;
  let created;
  try {
    created = await api("/api/tables", { method: "POST", body: { game: t.game, options: t.options, seats: t.seats.map((s) => s.kind),
      hotseat: t.hotseat, ai_delay_ms: t.ai_delay_ms } });
  } catch (error) { toast(error.message, "error"); return; }
  const me = ctx.snapshot.you[0];
  const mine = created.device_link || created.seats[me]?.link;
  const others = created.seats.filter((s) => s.link && s.seat !== me && !created.device_link);
  rememberTable(created, t.title);
  if (!others.length) { location.assign(mine); return; }
  const box = document.getElementById("rematch-links") || document.getElementById("decision");
  box.replaceChildren(el("p", {}, "Send the other players their links:"),
    others.map((s) => el("div", { class: "link-row" }, el("span", {}, seatName(t.seats, s.seat)),
      el("input", { readonly: true, value: new URL(s.link, location.origin).href, "aria-label": `invite link for ${seatName(t.seats, s.seat)}` }))),
    el("a", { class: "button primary", href: mine, id: "go-rematch" }, "Go to my seat"));
}

// ---------------------------------------------------------------- briefing and settings
// A game's briefing (Memoir '44: the scenario's history, victory, cards, objectives, map legend)
// beside the board: open at the start of a game, folded away later, always one click away.
/** @param {TableContext} ctx @param {import("./types").Snapshot} msg */
function renderBriefing(ctx, msg) {
  const box = /** @type {HTMLDetailsElement} */ (document.getElementById("briefing"));
  const brief = ctx.renderer.briefing ? ctx.renderer.briefing(msg.view, msg) : null;
  box.classList.toggle("hidden", !brief);
  if (!brief) return;
  box.replaceChildren(el("summary", {}, `Briefing: ${brief.title}`),
    el("dl", {}, brief.sections.map(([head, text]) => [el("dt", {}, head), el("dd", {}, text)])));
  // open the first time this browser sits at the table (the start of the game, for a player)
  const key = `briefed.${ctx.tableId}`;
  box.open = !setting(key, false) && !PHONE.matches;
  try { localStorage.setItem(`warroom.${key}`, "1"); } catch { /* opens again next time */ }
}

// Per-browser settings (localStorage): hex coordinates on the board, where the game has them.
/** @param {string} name @param {boolean} fallback @returns {boolean} */
function setting(name, fallback) {
  try { const v = localStorage.getItem(`warroom.${name}`); return v === null ? fallback : v === "1"; } catch { return fallback; }
}
/** @param {TableContext} ctx */
function renderSettings(ctx) {
  const box = document.getElementById("settings");
  const board = document.getElementById("board");
  const items = [];
  if (ctx.renderer.coordinates) {
    const on = setting("coords", false);
    board.classList.toggle("show-coords", on);
    items.push(el("label", {}, el("input", { type: "checkbox", id: "set-coords", checked: on, onchange: (e) => {
      try { localStorage.setItem("warroom.coords", e.target.checked ? "1" : "0"); } catch { /* kept for this page only */ }
      board.classList.toggle("show-coords", e.target.checked);
      render(ctx); // the option list names hexes only while the board shows them
    } }), " hex coordinates"));
  }
  // a beep when your turn comes (off by default: a page that makes noise unasked is rude)
  items.push(el("label", {}, el("input", { type: "checkbox", id: "set-sound", checked: setting("sound", false), onchange: (e) => {
    try { localStorage.setItem("warroom.sound", e.target.checked ? "1" : "0"); } catch { /* for this page only */ }
    if (e.target.checked) beep(); // a sample, and the click lets the page play sound from now on
  } }), " sound on your turn"));
  if (ctx.renderer.autoAdvance) {
    items.push(el("label", {}, el("input", { type: "checkbox", id: "set-autoplay", checked: setting("autoplay", true), onchange: (e) => {
      try { localStorage.setItem("warroom.autoplay", e.target.checked ? "1" : "0"); } catch { /* for this page only */ }
    } }), " take forced moves for me"));
  }
  box.replaceChildren(...items);
}

const PHONE = window.matchMedia("(max-width: 800px)");

// "Your turn" as a sound: two short tones made by WebAudio (no audio file to fetch). Browsers let
// a page play sound only after a click on it; the settings checkbox is that click.
/** @type {AudioContext | null} */
let audio = null;
function beep() {
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") audio.resume();
    const start = audio.currentTime + 0.01;
    for (const [i, pitch] of [660, 880].entries()) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      const t = start + i * 0.16;
      tone.frequency.value = pitch;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.18, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.14);
      tone.connect(gain).connect(audio.destination);
      tone.start(t);
      tone.stop(t + 0.15);
    }
  } catch { /* no audio on this machine: the title still says it */ }
}

/** @param {Element} node @param {...any} children */
function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

/** @param {TableContext} ctx @param {LogEntry[]} entries */
function appendLog(ctx, entries) {
  const list = document.getElementById("log");
  const seats = ctx.snapshot.table.seats;
  for (const e of entries) {
    list.append(el("li", { class: `log-${e.kind}` },
      el("span", { class: "seat-dot", style: `background:${seatColour(e.seat)}`, title: seatName(seats, e.seat) }),
      el("span", { class: "ply" }, e.ply), el("span", {}, entryText(seats, e, ctx.renderer), diceOf(e, 18, "log-dice"))));
  }
  while (list.children.length > 500) list.firstChild.remove();
  list.parentElement.scrollTop = list.parentElement.scrollHeight;
}

// The news of the last move, beside the board (never over it): one line per seat that acted, so
// an AI's reply is credited to the AI and not to the person whose move came first.
/** @param {TableContext} ctx @param {LogEntry[]} events */
function showTicker(ctx, events) {
  const ticker = document.getElementById("ticker");
  if (!events.length) return;
  const seats = ctx.snapshot.table.seats;
  // the latest moves, across updates (a quick AI reply must not wipe the news of a battle)
  const groups = ctx.news || (ctx.news = []);
  for (const e of events) {
    const last = groups[groups.length - 1];
    if (last && last.seat === e.seat) last.events.push(e);
    else groups.push({ seat: e.seat, events: [e] });
  }
  for (const g of groups) g.events.splice(0, Math.max(0, g.events.length - 5));
  groups.splice(0, Math.max(0, groups.length - 3));
  ticker.replaceChildren(...groups.map((g) => el("div", { class: "tick" },
    el("span", { class: "seat-dot", style: `background:${seatColour(g.seat)}` }),
    el("b", {}, `${seatName(seats, g.seat)}: `),
    g.events.map((e, i) => [i ? " · " : "", entryText(seats, e, ctx.renderer), diceOf(e, 26, "tick-dice")]))));
}

/**
 * An entry's words. The core's take-back entry names the seat by number (it knows no sides), so the
 * page names it as every other sentence does: "the Allies took back 1 move", "Anna (Allies) ...".
 * A renderer with `logWords` words the game's own entries (Metro 2033 names seats by faction).
 * @param {import("./types").Seat[]} seats @param {LogEntry} e @param {import("./types").Renderer} [renderer]
 */
function entryText(seats, e, renderer) {
  if (e.kind !== "undo" || typeof e.data?.player !== "number") return renderer?.logWords ? renderer.logWords(e, seats) : e.text;
  const count = Number(e.data.count);
  return `${seatTitle(seats, e.data.player)} took back ${count} ${count === 1 ? "move" : "moves"}`;
}

// The dice an event rolled, drawn (a Memoir '44 battle's faces), after its words. Only single
// faces (a name or a number) are dice: a list of pools (Dust Warfare's initiative, a roll-off: one
// list per side) is no die, and is left to the entry's words.
/** @param {LogEntry} e @param {number} size @param {string} cls */
function diceOf(e, size, cls) {
  const faces = e.data?.faces;
  if (!Array.isArray(faces)) return null;
  const single = faces.filter((face) => typeof face === "string" || typeof face === "number");
  if (!single.length) return null;
  return el("span", { class: cls, "aria-hidden": "true" }, single.map((face) => dieImage(face, size)));
}

// The board takes the room the grid leaves it. An SVG board scales itself (viewBox), its text kept
// legible (legibleText); an HTML board (World of Tanks: Rush's card table, the generic view) is
// never zoomed down, which would draw its text under 12 px, and scrolls inside its own box where
// it is larger than the box.
/** @param {HTMLElement} box */
export function fitBoard(box) {
  legibleText(box);
}
