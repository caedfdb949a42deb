// The browser client's shared types, written down once: what the server sends (warroom/server/
// protocol.py builds these messages) and the interface a game's renderer implements (the table
// shell in table.js and replay.js calls it). Plain JavaScript files import them in JSDoc:
//   /** @type {import("../types").Renderer} */
// docs/web-renderers.md explains each member; tsc (checkJs, ./dev test) holds every file to them.

/** JSON as the server sends it (a game's view, catalog, an event's data). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One named piece of a legal option: `{role: "target", kind: "hex", value: "R3C4"}`. */
export interface OptionPart {
  role: string;
  kind: string;
  value: any;
}

/** A legal option of the viewing seat, structured (renderers read `verb` and `parts`, never `text`). */
export interface Option {
  /** the exact text sent back to play it */
  text: string;
  /** the option in the game's words, with box names */
  label?: string;
  verb: string;
  parts: OptionPart[];
  consequence?: Record<string, any>;
}

/** A seat of the table: `kind` is "human" or the AI's name; `name` a person's chosen name. */
export interface Seat {
  seat: number;
  kind: string;
  name?: string | null;
}

/** How the table's seed was dealt (issue 17). */
export interface Deal {
  chosen_by_creator: boolean;
  commitment: string;
  revealed: string | null;
}

/** The table's static header, sent with the full state. */
export interface TableHeader {
  id: string;
  game: string;
  title: string;
  options: Record<string, any>;
  seats: Seat[];
  hotseat: boolean;
  ai_delay_ms: number;
  deal?: Deal;
}

/** One event of the log, in words, with the seat that caused it (-1: the game itself). */
export interface LogEntry {
  ply: number;
  seat: number;
  kind: string;
  text: string;
  data?: Record<string, any>;
}

/** What changes with a move: the viewing seat's position. */
export interface Position {
  you: number[];
  viewer: number | null;
  ply: number;
  current_player: number;
  waiting?: number[];
  finished: boolean;
  returns: number[];
  view: any;
  legal: Option[];
}

/** `state` (on connect: with header, log and catalog) or `update` (after a move: with its events). */
export interface Snapshot extends Position {
  type: "state" | "update";
  table: TableHeader;
  log?: LogEntry[];
  catalog?: any;
  events?: LogEntry[];
}

/** Any message the server sends on the table's websocket. */
export type ServerMessage =
  | Snapshot
  | { type: "ack"; id: number; ply: number; action: string }
  | { type: "pong"; id: number }
  | { type: "error"; code: string; message: string; id?: number };

/** A frame of the replay (GET /api/tables/{id}/frames/{ply}). */
export interface Frame {
  ply: number;
  total: number;
  finished: boolean;
  viewer: number | null;
  current_player: number;
  table: TableHeader;
  view: any;
  events: LogEntry[];
  catalog?: any;
  /** the first ply of every turn, where the game marks turns (the replay's turn jumps) */
  turns?: number[];
}

/** What the shell passes to a board's `update` and a renderer's `hands`. */
export interface UI {
  viewer: number | null;
  you: number[];
  currentPlayer: number;
  myTurn: boolean;
  seats: Seat[];
  clickable: Set<string>;
  selected: Set<string>;
  onHandle: (handle: string) => void;
  /** the legal options still matching the selection */
  options?: Option[];
  /** sends an exact option text (a board that builds a proposal itself) */
  act?: (text: string) => void;
  tableId?: string;
}

/** The board a renderer draws into its container. */
export interface Board {
  update(view: any, ui: UI): void;
  flash?(events: LogEntry[], view: any): void;
}

/** Seats named and coloured by side or faction; `null` from any member means the default. */
export interface SeatLook {
  name?: (seat: number) => string | null;
  title?: (seat: number) => string | null;
  colour?: (seat: number) => string | null;
}

/** A game's own figures on the result screen. */
export interface ResultSummary {
  rows?: { label: string; values: any[] }[];
  turns?: number;
  rounds?: number;
  notes?: string[];
}

/** A game's briefing beside the board: a title and [heading, text] sections. */
export interface Briefing {
  title: string;
  sections: any[][];
}

/** A game's look in the browser: the default export of renderers/<game id>.js. Only `board` is required. */
export interface Renderer {
  useCatalog?(catalog: any): void;
  board(container: HTMLElement): Board;
  hands?(container: HTMLElement, view: any, ui: UI): void;
  handles?(option: Option, view: any, viewer: number | null): string[];
  completes?(handle: string, optionHandles: string[]): boolean;
  handleLabel?(handle: string): string;
  prompt?(view: any, snap: any): string | null;
  outcome?(view: any, returns: number[]): string;
  result?(view: any, snap: Snapshot): ResultSummary;
  seatLook?(view: any, table: TableHeader): SeatLook | null;
  briefing?(view: any, msg: Snapshot): Briefing | null;
  /** an option's verb in words, where the typed verb is not one ("c05") */
  optionVerb?(option: Option): string | null;
  /** a log entry's words at this table (seats named as the banner names them) */
  logWords?(entry: LogEntry, seats: Seat[]): string;
  /** take single-option steps for the player (a setting can turn it off) */
  autoAdvance?: boolean;
  /** the board can show hex coordinates (a setting) */
  coordinates?: boolean;
}

/** A game option as GET /api/games lists it (warroom/server/schemas.py OptionOut). */
export interface GameOption {
  name: string;
  default: any;
  help: string;
  choices: any[] | null;
  type: string;
  upload?: boolean;
}

/** A game of the lobby (GameOut). */
export interface GameInfo {
  id: string;
  title: string;
  description: string;
  min_players: number;
  max_players: number;
  cooperative: boolean;
  hidden_information: boolean;
  options: GameOption[];
  agents: string[];
}

/** POST /api/tables's answer (CreatedTable). */
export interface CreatedTable {
  id: string;
  seats: { seat: number; kind: string; token: string | null; link: string | null }[];
  spectator_link: string;
  device_token: string | null;
  device_link: string | null;
}

/** A table of the lobby's list (TableSummary). */
export interface TableSummary {
  id: string;
  game: string;
  title: string;
  seats: string[];
  hotseat: boolean;
  ply: number;
  status: "running" | "finished" | "incompatible" | "damaged";
  current_player: number;
  returns: number[] | null;
  created_at: number;
  spectator_link: string;
  reason?: string | null;
}

/** A table this browser created, kept in localStorage (net.js rememberTable). */
export interface RememberedTable {
  id: string;
  title: string;
  at: number;
  spectator: string;
  device: string | null;
  seats: { seat: number; link: string }[];
}

/** A table page's state (table.js): the connection, the last snapshot and the half-made choice. */
export interface TableContext {
  tableId: string;
  token: string | null;
  snapshot: Snapshot | null;
  renderer: Renderer | null;
  board: Board | null;
  /** the handles clicked so far of a choice not yet complete */
  selection: string[];
  /** hot seat: the seat whose turn the device has been handed to */
  revealed: number | null;
  socket: { act(action: string, ply: number): number; close(): void } | null;
  /** a move sent and not yet answered */
  pending: boolean;
  /** the news of the last moves, by seat */
  news?: { seat: number; events: LogEntry[] }[];
  resize?: ResizeObserver;
  autoPly?: number;
  wasMyTurn?: boolean;
}

declare global {
  interface Window {
    /** the table page's state, for tests and the curious (table.js) */
    warroomTable?: any;
    /** Dust Warfare's table-to-page geometry, for tests (renderers/dust_warfare.js) */
    warroomDust?: any;
    /** the replay page's state, for tests (replay.js) */
    warroomReplay?: any;
  }
  interface Error {
    /** a server refusal's stable code (net.js `api`) */
    code?: string;
  }
}
