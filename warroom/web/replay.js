// @ts-check
// Step-by-step replay of a finished or running game, seen through one seat's eyes (or a spectator's).
import { api, el, toast, tokenFromHash } from "./net.js";
import { installTapToRead, legibleText, useSeatLook } from "./renderers/common.js";
import { rendererFor, seatColour, seatName } from "./renderers/index.js";

/** @param {HTMLElement} main @param {string} tableId */
export async function showReplay(main, tableId) {
  const token = tokenFromHash();
  const state = { ply: 0, total: 0, playing: null, board: null, renderer: null, table: null };
  window.warroomReplay = state; // for tests and the curious
  const tokenQuery = token ? `token=${encodeURIComponent(token)}` : "";
  const slider = el("input", { type: "range", min: 0, max: 0, value: 0, id: "replay-slider", "aria-label": "move" });
  const counter = el("span", { class: "counter", id: "replay-counter" });
  const turnCounter = el("span", { class: "counter muted", id: "replay-turn" });
  const download = el("a", { class: "button", id: "replay-download", href: `/api/tables/${tableId}/replay`, download: true }, "Download replay file");
  const controls = el("div", { class: "replay-controls" },
    el("button", { title: "start (Home)", "aria-label": "start", onclick: () => go(0) }, "◀◀"),
    el("button", { title: "previous turn (Page Up, Shift+←)", "aria-label": "previous turn", id: "replay-prev-turn",
      onclick: () => jump(() => turnBefore(state.ply)) }, "◀ turn"),
    el("button", { title: "back (←)", "aria-label": "back", id: "replay-back", onclick: () => go(state.ply - 1) }, "◀"),
    el("button", { title: "play", id: "replay-play", onclick: () => togglePlay() }, "▶ play"),
    el("button", { title: "forward (→)", "aria-label": "forward", id: "replay-next", onclick: () => go(state.ply + 1) }, "▶"),
    el("button", { title: "next turn (Page Down, Shift+→)", "aria-label": "next turn", id: "replay-next-turn",
      onclick: () => jump(() => turnAfter(state.ply)) }, "turn ▶"),
    el("button", { title: "end (End)", "aria-label": "end", onclick: () => go(state.total) }, "▶▶"),
    slider, counter, turnCounter, download);
  // the table's one-screen layout: banner and controls on top, the board, the hands, the move's events
  main.replaceChildren(el("section", { class: "table-page replay" },
    el("div", { class: "replay-head" },
      el("div", { class: "turn-banner", id: "turn-banner" }, "Replay"),
      controls),
    el("div", { class: "board-wrap", id: "board-wrap" }, el("div", { class: "board", id: "board" })),
    el("div", { class: "hands", id: "hands" }),
    el("aside", { class: "side" },
      el("div", { class: "panel log-panel" }, el("h3", {}, "This move"), el("ol", { class: "log", id: "step-events" })),
      el("div", { class: "panel" }, el("a", { href: `/t/${tableId}${token ? `#k=${token}` : ""}` }, "← back to the table")))));
  // arrow keys step, Shift+arrows and Page Up/Down jump a turn, Home/End to the ends (the
  // slider, focused, moves by itself)
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
    const turns = { PageUp: turnBefore, PageDown: turnAfter, ...(event.shiftKey ? { ArrowLeft: turnBefore, ArrowRight: turnAfter } : {}) };
    const byTurn = turns[event.key];
    const to = { ArrowLeft: state.ply - 1, ArrowRight: state.ply + 1, Home: 0, End: state.total }[event.key];
    if (!byTurn && to === undefined) return;
    event.preventDefault();
    if (byTurn) jump(() => byTurn(state.ply));
    else go(to);
  });
  slider.addEventListener("input", () => go(Number(slider.value)));
  installTapToRead();

  // A turn is a run of moves by one seat (a Memoir '44 turn: card, orders, moves, battles): the
  // frames whose seat to move is the same. A jump starts a turn, at the position before its first
  // move. The seat to move of each frame asked is kept, so the walks get shorter as one watches.
  /** @type {Map<number, number>} */
  const mover = new Map();
  /** @param {number} ply */
  async function moverAt(ply) {
    if (!mover.has(ply)) {
      const frame = await api(`/api/tables/${tableId}/frames/${ply}?${[tokenQuery, "catalog=false"].filter(Boolean).join("&")}`);
      mover.set(ply, frame.current_player);
    }
    return mover.get(ply);
  }
  /** The start of the turn after the one at `ply` (the end if none). @param {number} ply */
  async function turnAfter(ply) {
    const seat = await moverAt(ply);
    let at = ply + 1;
    while (at < state.total && await moverAt(at) === seat) at++;
    return Math.min(at, state.total);
  }
  /** The start of the turn at `ply`, or of the one before if `ply` starts its turn. @param {number} ply */
  async function turnBefore(ply) {
    let at = Math.max(0, ply - 1);
    const seat = await moverAt(at);
    while (at > 0 && await moverAt(at - 1) === seat) at--;
    return at;
  }
  /** @param {() => Promise<number>} where */
  async function jump(where) {
    try { await go(await where()); } catch (error) { toast(error.message, "error"); }
  }

  async function go(ply) {
    ply = Math.max(0, Math.min(ply, state.total || ply));
    let frame;
    try {
      // the game's static catalog comes with the first frame only
      const query = [tokenQuery, state.board ? "catalog=false" : ""].filter(Boolean).join("&");
      frame = await api(`/api/tables/${tableId}/frames/${ply}${query ? `?${query}` : ""}`);
    } catch (error) { toast(error.message, "error"); stop(); return; }
    state.ply = frame.ply;
    state.total = frame.total;
    if (!state.board) {
      state.table = frame.table;
      state.renderer = rendererFor(frame.table.game);
      if (state.renderer.useCatalog) state.renderer.useCatalog(frame.catalog || {});
      state.board = state.renderer.board(document.getElementById("board"));
      document.title = `Replay: ${frame.table.title} — warroom`;
    }
    // seats named as the game names them at this move (Metro 2033: by the faction drafted so far,
    // so stepping back before the draft names "Player N" again)
    useSeatLook(state.renderer.seatLook ? state.renderer.seatLook(frame.view, frame.table) : null);
    slider.max = frame.total;
    slider.value = frame.ply;
    counter.textContent = `move ${frame.ply} of ${frame.total}`;
    mover.set(frame.ply, frame.current_player);
    turnCounter.textContent = frame.current_player >= 0 ? `${seatName(frame.table.seats, frame.current_player)} to move` : "";
    download.classList.toggle("hidden", !frame.finished);
    const ui = { viewer: frame.viewer, you: [], currentPlayer: frame.current_player, myTurn: false,
      seats: frame.table.seats, clickable: new Set(), selected: new Set(), onHandle: () => {} };
    state.board.update(frame.view, ui);
    if (state.renderer.hands) state.renderer.hands(document.getElementById("hands"), frame.view, ui);
    if (state.board.flash) state.board.flash(frame.events, frame.view);
    legibleText(main);
    const who = frame.viewer === null ? "a spectator" : seatName(frame.table.seats, frame.viewer);
    document.getElementById("turn-banner").replaceChildren(el("strong", {}, `Replay of ${frame.table.title}`),
      el("span", { class: "muted" }, ` · seen by ${who}`));
    // each event in the game's words where its renderer has them (logWords), as the table's log says it
    const words = (/** @type {any} */ e) => (state.renderer.logWords ? state.renderer.logWords(e, frame.table.seats) : e.text);
    document.getElementById("step-events").replaceChildren(...(frame.events.length ? frame.events.map((e) => el("li", {},
      el("span", { class: "seat-dot", style: `background:${seatColour(e.seat)}` }), words(e)))
      : [el("li", { class: "muted" }, frame.ply ? "nothing visible happened" : "the starting position")]));
    if (state.playing && frame.ply >= frame.total) stop();
  }
  function stop() {
    clearInterval(state.playing);
    state.playing = null;
    document.getElementById("replay-play").textContent = "▶ play";
  }
  function togglePlay() {
    if (state.playing) { stop(); return; }
    document.getElementById("replay-play").textContent = "❚❚ pause";
    state.playing = setInterval(() => go(state.ply + 1), 700);
  }
  await go(0);
}

