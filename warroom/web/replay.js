// @ts-check
// Step-by-step replay of a finished or running game, seen through one seat's eyes (or a spectator's).
import { api, el, toast, tokenFromHash } from "./net.js";
import { useSeatLook } from "./renderers/common.js";
import { rendererFor, seatColour, seatName } from "./renderers/index.js";

export async function showReplay(main, tableId) {
  const token = tokenFromHash();
  const state = { ply: 0, total: 0, playing: null, board: null, renderer: null, table: null };
  const tokenQuery = token ? `token=${encodeURIComponent(token)}` : "";
  const slider = el("input", { type: "range", min: 0, max: 0, value: 0, id: "replay-slider", "aria-label": "move" });
  const counter = el("span", { class: "counter", id: "replay-counter" });
  const download = el("a", { class: "button", id: "replay-download", href: `/api/tables/${tableId}/replay`, download: true }, "Download replay file");
  const controls = el("div", { class: "replay-controls" },
    el("button", { title: "start", onclick: () => go(0) }, "◀◀"),
    el("button", { title: "back", id: "replay-back", onclick: () => go(state.ply - 1) }, "◀"),
    el("button", { title: "play", id: "replay-play", onclick: () => togglePlay() }, "▶ play"),
    el("button", { title: "forward", id: "replay-next", onclick: () => go(state.ply + 1) }, "▶"),
    el("button", { title: "end", onclick: () => go(state.total) }, "▶▶"),
    slider, counter, download);
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
  // arrow keys step, Home/End jump to the ends (the slider, focused, moves by itself)
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
    const to = { ArrowLeft: state.ply - 1, ArrowRight: state.ply + 1, Home: 0, End: state.total }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(to);
  });
  slider.addEventListener("input", () => go(Number(slider.value)));

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
      useSeatLook(state.renderer.seatLook ? state.renderer.seatLook(frame.view, frame.table) : null);
      state.board = state.renderer.board(document.getElementById("board"));
      document.title = `Replay: ${frame.table.title} — warroom`;
    }
    slider.max = frame.total;
    slider.value = frame.ply;
    counter.textContent = `move ${frame.ply} of ${frame.total}`;
    download.classList.toggle("hidden", !frame.finished);
    const ui = { viewer: frame.viewer, you: [], currentPlayer: frame.current_player, myTurn: false,
      seats: frame.table.seats, clickable: new Set(), selected: new Set(), onHandle: () => {} };
    state.board.update(frame.view, ui);
    if (state.renderer.hands) state.renderer.hands(document.getElementById("hands"), frame.view, ui);
    if (state.board.flash) state.board.flash(frame.events, frame.view);
    const who = frame.viewer === null ? "a spectator" : seatName(frame.table.seats, frame.viewer);
    document.getElementById("turn-banner").replaceChildren(el("strong", {}, `Replay of ${frame.table.title}`),
      el("span", { class: "muted" }, ` · seen by ${who}`));
    document.getElementById("step-events").replaceChildren(...(frame.events.length ? frame.events.map((e) => el("li", {},
      el("span", { class: "seat-dot", style: `background:${seatColour(e.seat)}` }), e.text))
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
