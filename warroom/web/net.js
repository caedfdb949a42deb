// @ts-check
// Talking to the server: JSON over HTTP, and one websocket per table with automatic reconnect.

/**
 * A JSON request to the server's API; a refusal throws an Error with the server's message and code.
 * @param {string} path
 * @param {{ method?: string, body?: any, headers?: Record<string, string> }} [options]
 * @returns {Promise<any>}
 */
export async function api(path, options = {}) {
  /** @type {RequestInit & { body?: any }} */
  const init = { headers: { "Content-Type": "application/json" }, ...options };
  if (init.body && typeof init.body !== "string") init.body = JSON.stringify(init.body);
  const response = await fetch(path, init);
  const text = await response.text();
  let doc;
  try { doc = text ? JSON.parse(text) : null; } catch { doc = { error: { code: "bad_response", message: text } }; }
  if (!response.ok) {
    const error = new Error(doc?.error?.message || `HTTP ${response.status}`);
    error.code = doc?.error?.code;
    throw error;
  }
  return doc;
}

// A table connection: calls onMessage for each server message, onStatus("open"|"closed"|"retrying").
// The server sends the full state on every (re)connect, so resuming after a drop is exact.
export class TableSocket {
  /**
   * @param {string} tableId
   * @param {string | null} token
   * @param {{ onMessage: (msg: import("./types").ServerMessage) => void, onStatus: (status: string) => void }} handlers
   */
  constructor(tableId, token, { onMessage, onStatus }) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/tables/${encodeURIComponent(tableId)}/ws`
      + (token ? `?token=${encodeURIComponent(token)}` : "");
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.nextId = 1;
    this.delay = 300;
    this.stopped = false;
    this.open();
  }

  open() {
    this.ws = new WebSocket(this.url);
    this.ws.onopen = () => { this.delay = 300; this.onStatus("open"); };
    this.ws.onmessage = (event) => this.onMessage(JSON.parse(event.data));
    this.ws.onclose = (event) => {
      if (this.stopped || event.code >= 4000) { this.onStatus(event.code >= 4000 ? "refused" : "closed"); return; }
      this.onStatus("retrying");
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 5000);
    };
  }

  /** Sends a move for the ply the page saw; the id its ack or error will carry. @param {string} action @param {number} ply */
  act(action, ply) {
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ type: "act", action, ply, id }));
    return id;
  }

  close() { this.stopped = true; this.ws.close(); }
}

/** The seat token of an invite link (`#k=...`), or null. @returns {string | null} */
export function tokenFromHash() {
  const match = /(?:^#|&)k=([^&]+)/.exec(location.hash);
  return match ? decodeURIComponent(match[1]) : null;
}

/**
 * An HTML element with attributes (`class`, `dataset`, `style` through the CSSOM, `on<event>`
 * listeners; null/undefined/false left out) and children (nodes or text, nested arrays flattened).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any>} [attrs]
 * @param {...any} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    // through the CSSOM, which a strict Content-Security-Policy (style-src 'self') allows, where a
    // style attribute would be refused
    else if (key === "style") node.style.cssText = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A passing message in the corner. @param {string} text @param {string} [kind] @param {number} [ms] */
export function toast(text, kind = "info", ms = 4000) {
  const box = document.getElementById("toasts");
  const item = el("div", { class: `toast ${kind}` }, text);
  box.append(item);
  setTimeout(() => item.classList.add("gone"), ms);
  setTimeout(() => item.remove(), ms + 600);
}

// Invite links this browser created, for the lobby's "Your tables" (localStorage, newest first).
/** @param {import("./types").CreatedTable} created @param {string} title */
export function rememberTable(created, title) {
  try {
    const list = JSON.parse(localStorage.getItem("warroom.tables") || "[]");
    list.unshift({ id: created.id, title, at: Date.now(), spectator: created.spectator_link, device: created.device_link || null,
      seats: created.seats.filter((s) => s.link).map((s) => ({ seat: s.seat, link: s.link })) });
    localStorage.setItem("warroom.tables", JSON.stringify(list.slice(0, 30)));
  } catch { /* storage refused (private mode): the links are still on screen */ }
}

/** The tables this browser created, newest first (see rememberTable). */
/** @returns {import("./types").RememberedTable[]} */
export function rememberedTables() {
  try { return JSON.parse(localStorage.getItem("warroom.tables") || "[]"); } catch { return []; }
}
