// @ts-check
// The lobby: the games, a form to set a table (options, and human or AI for each seat), recent tables.
import { api, el, rememberTable, rememberedTables, toast } from "./net.js";

/** @typedef {import("./types").GameInfo} GameInfo */

/** @param {HTMLElement} main */
export async function showLobby(main) {
  document.title = "warroom — lobby";
  const [games, tables] = await Promise.all([api("/api/games"), api("/api/tables")]);
  main.replaceChildren(
    el("section", { class: "lobby" },
      el("div", { class: "lobby-left" },
        el("h1", {}, "Set up a table"),
        el("p", { class: "muted" }, "Pick a game, its options, and who sits in each seat: a person or an AI. "
          + "Each person gets a private invite link; anyone can watch with the spectator link."),
        el("div", { class: "game-picker", id: "game-picker" }),
        el("form", { id: "create", class: "create" }),
        el("div", { id: "created" })),
      el("div", { class: "lobby-right" },
        yourTables(),
        el("h2", {}, "Tables"),
        el("div", { id: "table-list" }, tableList(tables)))));
  // the list of tables refreshes by itself while the lobby is open
  const refresh = setInterval(async () => {
    const box = document.getElementById("table-list");
    if (!box) { clearInterval(refresh); return; }
    try { box.replaceChildren(tableList(await api("/api/tables"))); } catch { /* try again next time */ }
  }, 5000);
  const picker = document.getElementById("game-picker");
  // "/?game=ID" (the result screen's "New table") opens the form for that game
  const wanted = new URLSearchParams(location.search).get("game");
  let chosen = games.find((g) => g.id === wanted) || games[0];
  const pick = (game) => {
    chosen = game;
    for (const card of /** @type {HTMLCollectionOf<HTMLElement>} */ (picker.children)) card.classList.toggle("chosen", card.dataset.game === game.id);
    renderForm(/** @type {HTMLFormElement} */ (document.getElementById("create")), game);
  };
  for (const game of games) {
    picker.append(el("button", { class: "game-card", type: "button", dataset: { game: game.id }, onclick: () => pick(game) },
      el("strong", {}, game.title),
      el("span", { class: "muted" }, `${game.min_players}–${game.max_players} players · ${game.cooperative ? "co-operative" : "competitive"}`),
      el("small", {}, game.description)));
  }
  if (chosen) pick(chosen);
}

// Tables created in this browser, with their invite links, so a link can be found again later.
function yourTables() {
  const mine = rememberedTables();
  if (!mine.length) return null;
  return el("section", { class: "your-tables", id: "your-tables" },
    el("h2", {}, "Your tables"),
    el("ul", { class: "tables" }, mine.slice(0, 8).map((t) => el("li", { dataset: { table: t.id } },
      el("div", {}, el("strong", {}, t.title), " ", el("span", { class: "muted" }, t.id)),
      el("div", { class: "links" },
        t.device ? el("a", { href: t.device }, "this device") : t.seats.map((s, i) => [i ? " · " : "", el("a", { href: s.link }, `seat ${s.seat}`)]),
        " · ", el("a", { href: t.spectator }, "watch"))))));
}

/** @param {import("./types").TableSummary[]} tables */
function tableList(tables) {
  if (!tables.length) return el("p", { class: "muted" }, "No tables yet.");
  return el("ul", { class: "tables" }, tables.map((t) => el("li", {},
    el("div", {}, el("strong", {}, t.title), " ", el("span", { class: `badge ${t.status}` }, t.status)),
    el("div", { class: "muted" }, `${t.seats.join(", ")}${t.hotseat ? " · hot seat" : ""} · ${t.ply} moves`),
    // a table whose log no longer replays (started under another version of its game) cannot be opened
    t.status === "incompatible" ? el("div", { class: "muted reason" }, t.reason)
      : el("div", { class: "links" },
        el("a", { href: t.spectator_link }, "watch"), " · ",
        el("a", { href: `/replay/${t.id}` }, "replay")))));
}

/** @param {import("./types").GameOption} option */
function optionInput(option) {
  const id = `opt-${option.name}`;
  let input;
  if (option.choices) {
    input = el("select", { id, name: option.name },
      option.choices.map((c) => el("option", { value: JSON.stringify(c), selected: c === option.default },
        c === "" ? "as in the box" : String(c))));
  } else if (option.type === "bool") {
    input = el("input", { id, name: option.name, type: "checkbox", checked: option.default });
  } else {
    input = el("input", { id, name: option.name, type: option.type === "int" ? "number" : "text", value: option.default });
  }
  const row = el("label", { class: `opt ${option.type === "bool" ? "opt-bool" : ""}`, for: id, title: option.help },
    option.type === "bool" ? [input, el("span", {}, pretty(option.name))] : [el("span", {}, pretty(option.name)), input]);
  // content the server does not ship (a Memoir '44 scenario from the editor, a WoT Rush card set):
  // the file's text goes in the request's `uploads`, never a path (the server's rule, issue 17)
  const file = option.upload ? el("input", { type: "file", id: `${id}-file`, name: `${option.name}-file`,
    accept: ".m44,.toml,.json", "aria-label": `or upload a ${pretty(option.name)} file` }) : null;
  const rows = file ? [row, el("label", { class: "opt opt-file", for: `${id}-file` },
    el("span", {}, `or upload a ${pretty(option.name)}`), file)] : [row];
  return { rows, file, read: () => {
    if (option.choices) return JSON.parse(input.value);
    if (option.type === "bool") return /** @type {HTMLInputElement} */ (input).checked;
    if (option.type === "int") return Number(input.value);
    return input.value;
  }, input };
}

const pretty = (name) => name.replace(/_/g, " ");
const MAX_NAME = 24; // characters of a player's name (the server's bound: warroom/server/names.py)

/** @param {HTMLFormElement} form @param {GameInfo} game */
function renderForm(form, game) {
  const inputs = game.options.map(optionInput);
  const seatsBox = el("div", { class: "seats" });
  const playersInput = inputs.find((i) => i.input.name === "players");
  const seatCount = () => (playersInput ? playersInput.read() : game.min_players);
  // each seat: a person (with an optional name, shown at the table: "Anna (Allies)") or an AI
  const drawSeats = () => {
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const oldNames = [...seatsBox.querySelectorAll("input.seat-name")].map((n) => /** @type {HTMLInputElement} */ (n).value);
    seatsBox.replaceChildren(...Array.from({ length: seatCount() }, (_, seat) => {
      const kind = el("select", { name: `seat${seat}`, "aria-label": `who plays seat ${seat}` },
        ["human", ...game.agents].map((a) => el("option", { value: a, selected: (old[seat] ?? (seat === 0 ? "human" : best(game))) === a },
          a === "human" ? "person" : `AI: ${a}`)));
      const name = el("input", { type: "text", class: "seat-name", name: `name${seat}`, maxlength: MAX_NAME, autocomplete: "off",
        placeholder: "name", "aria-label": `name of the person in seat ${seat}`, value: oldNames[seat] || "" });
      const personOnly = () => { name.disabled = kind.value !== "human"; };
      kind.addEventListener("change", personOnly);
      personOnly();
      return el("div", { class: "seat-row" }, el("span", {}, `Seat ${seat}`), kind, name);
    }));
  };
  playersInput?.input.addEventListener("change", drawSeats);
  const hotseat = el("input", { type: "checkbox", id: "hotseat" });
  const delay = el("input", { type: "number", id: "ai-delay", value: 700, min: 0, max: 60000, step: "any" });
  form.replaceChildren(
    el("fieldset", {}, el("legend", {}, "Options"), el("div", { class: "opts" }, inputs.flatMap((i) => i.rows))),
    el("fieldset", {}, el("legend", {}, "Seats"), seatsBox,
      el("label", { class: "opt opt-bool", for: "hotseat" }, hotseat, el("span", {}, "hot seat: all people play on this device")),
      el("label", { class: "opt", for: "ai-delay" }, el("span", {}, "AI pace (ms per move)"), delay)),
    el("button", { type: "submit", class: "primary big" }, `Create ${game.title} table`));
  drawSeats();
  form.onsubmit = async (event) => {
    event.preventDefault();
    const options = Object.fromEntries(game.options.map((o, i) => [o.name, inputs[i].read()]));
    const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    // a name only for a person's seat; the server cleans and bounds it (warroom/server/names.py)
    const names = [...seatsBox.querySelectorAll("input.seat-name")].map((n, i) =>
      (seats[i] === "human" && /** @type {HTMLInputElement} */ (n).value.trim()) || null);
    const uploads = {};
    for (const [i, o] of game.options.entries()) {
      const chosen = inputs[i].file?.files?.[0];
      if (!chosen) continue;
      uploads[o.name] = await chosen.text();
      delete options[o.name]; // given by the upload, not by name
    }
    try {
      const created = await api("/api/tables", { method: "POST", body: { game: game.id, options, uploads, seats, names, hotseat: hotseat.checked, ai_delay_ms: Number(delay.value) } });
      rememberTable(created, game.title);
      showCreated(created, game);
    } catch (error) { toast(error.message, "error"); }
  };
}

/** The strongest AI the game offers, the default for a seat after the first. @param {GameInfo} game */
function best(game) {
  return game.agents.includes("heuristic") ? "heuristic" : game.agents[game.agents.length - 1];
}

/** @param {import("./types").CreatedTable} created @param {GameInfo} game */
function showCreated(created, game) {
  const abs = (link) => new URL(link, location.origin).href;
  const box = document.getElementById("created");
  const people = created.seats.filter((s) => s.link);
  const mine = created.device_link || people[0]?.link || created.spectator_link;
  const linkRow = (label, link) => el("div", { class: "link-row" }, el("span", {}, label),
    el("input", { readonly: true, value: abs(link), onfocus: (e) => e.target.select() }),
    el("button", { type: "button", onclick: () => { navigator.clipboard?.writeText(abs(link)); toast("Link copied"); } }, "copy"));
  box.replaceChildren(el("div", { class: "created" },
    el("h2", {}, `${game.title} table ${created.id} is ready`),
    created.device_link ? linkRow("this device (hot seat)", created.device_link) : null,
    people.map((s) => linkRow(`seat ${s.seat} invite`, s.link)),
    linkRow("spectators", created.spectator_link),
    el("a", { class: "button primary big", href: mine, id: "open-table" }, "Go to the table")));
  box.scrollIntoView({ block: "nearest" }); // the links in view at once
}
