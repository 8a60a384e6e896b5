import {
  actionSchema,
  type Component,
  type ComponentTree,
  type Deck,
  type Situation,
  type TableEvent,
  type ViewEvent,
} from "@tt/engine";
import { z } from "zod";
import type { SeatInfo, TableOptionDisplay } from "./lobby";

// The table's realtime contract (game-table.md sections 3, 4, 7; DESIGN.md 'Tables, turns and the
// realtime protocol', 'Hidden information'). Every turn is evaluated by the server with the engine. A
// running table sends each viewer its own view and its own events (the engine's view/event.ts): the
// full situation, the moves and the random state stay on the server. An ended table sends its whole
// log, and the browser folds it for the replay.

export const CHAT_MAX = 500;

export interface ChatMessage {
  username: string;
  message: string;
  /** Milliseconds since the epoch, from the server's clock. */
  timestamp: number;
  type: "chat" | "player-joined";
}

/** GET /api/table-open/{tableId}: everything the table page needs to fold the log and draw it. */
export interface TableLoadResponse {
  tableId: string;
  status: "open" | "midgame" | "ended";
  tableMode: string;
  isPrivate: boolean;
  projectInfo: {
    slug: string;
    project_name: string;
    background: string | null;
    overviewCard: string | null;
    roles: { designer: string[]; mod: string[] };
  };
  /**
   * Ended tables only (everything is revealed): the start situation, its random state left out. The
   * server sends null: the page fills it in from `endedLog` (TableLogResponse).
   */
  start_position: Situation | null;
  /**
   * Ended tables only: every event of the log, in seq order, chance outcomes recorded in the moves.
   * The server sends none: the page fills them in from `endedLog`.
   */
  events: TableEvent[];
  /**
   * Where an ended table's whole log is read (GET /api/table-log/{tableId}): apart from the load, so
   * it is stored once, compressed, and a reload is answered 304. Null while the table is open or runs.
   */
  endedLog: string | null;
  /** A running table as this user sees it; null while the table is open or after it ended. */
  live: LiveView | null;
  chatMessages: ChatMessage[];
  playerColors: SeatInfo[];
  possibleColors: string[];
  options: Record<string, string | boolean>;
  optionsDisplay: Record<string, TableOptionDisplay>;
  /** The project's component tree at the version the table started with (component info). */
  components: ComponentTree | null;
  /** The decks' card templates (layers, rules, assets) by deck name, as the table started with them. */
  decks: Record<string, Deck>;
  /** The data sheet's outline: sheet name -> number of rows (the table lobby shows it). */
  dataSheet: Record<string, number>;
  /** The logged-in user's colour at this table, or null (spectator). */
  yourSeat: string | null;
  /** Whether this table's mode lets players use edit mode. */
  editModeAllowed: boolean;
  /** 'Undo asks the opponents': an undo is a request they accept or refuse (issue 37 point 8). */
  undoAsks?: boolean;
  /** In sandbox modes anyone may play any colour (and 'alwaysactive'). */
  anySeat: boolean;
  expected_move_id: number;
  /** Bound to the component editor: saved development components reach this table at once. */
  isBound: boolean;
  /**
   * The admin and designer controls of section 6 this user may use here, as the server's own checks
   * answer (the page offers these and decides none of it): reload, bind and restart (site admins and
   * the project's designers), invite links (a demo-invite table's site admins, designers and mods),
   * debug tables (site admins).
   */
  controls: { maintain: boolean; invite: boolean; debug: boolean };
  /**
   * The seated players (user names, in seat order) who have the table open in a tab now, on any
   * instance. Only seats' names: who watches without a seat comes with the subscribe (watchers).
   */
  connectedPlayers: string[];
}

/**
 * A running table through one viewer's eyes: its view after the last event, the log so far as
 * headers with the lines this viewer may read, and who watches with the full view.
 */
export interface LiveView {
  /** A colour (the user's seat), 'spectator', or 'full' (engine FULL_VIEW). */
  viewer: string;
  situation: Situation;
  /** Every event so far, without patches (the view comes whole). */
  events: ViewEvent[];
  /** Users watching with the full view (players are told). */
  fullViewers: string[];
  /** Whether this user may switch to the full view (project admins, designers, site admins, not seated). */
  mayWatchFull: boolean;
}

/**
 * GET /api/table-log/{tableId}: an ended table's whole log (everything is revealed): what the table page
 * reads after an ended table's load, or after watching the game end. Refused while it runs. Gzip when
 * asked, with an ETag (the same log answers 304), and counted against the user's byte budget.
 */
export interface TableLogResponse {
  start_position: Situation;
  events: TableEvent[];
}

/**
 * GET /api/container-content?tableId=&containerId=: a deck's or bank's pieces and discards as the caller
 * may see them (edit mode, or after the end).
 */
export interface ContainerContentResponse {
  components: Component[];
  discardedComponents: Component[];
}

/** GET /api/invite-link/{tableId}?color=: the table page's address that seats whoever opens it. */
export interface InviteLinkResponse {
  link: string;
}

/** Sent with every turn; `moveId` is the seq the client expects the event to get. */
export const gameMoveSchema = z.object({
  tableId: z.string().min(1).max(50),
  moveId: z.number().int().min(0),
  /** The client's id for this turn: a retry with the same id is applied once. */
  turnUID: z.string().min(1).max(100),
  actions: z.array(actionSchema).min(1).max(20),
  editMode: z.boolean().default(false),
  /** The seat the player acts as: must be theirs, except in sandbox modes (any colour or alwaysactive). */
  seat: z.string().max(20).optional(),
  /**
   * A player may make their own turn impossible to undo; nothing more. Whether a turn can be undone
   * otherwise, undo breakpoints and replay marks are the rules' (the module's turnFlags), so the
   * spec's undoBreakpoint and replayMarks of the send payload are not read: unknown keys are dropped.
   */
  preventUndo: z.boolean().optional(),
});
export type GameMove = z.input<typeof gameMoveSchema>;

/** Undo (game-table.md section 4): marks the player's last turns undone, back to an undo breakpoint. */
export const undoSchema = z.object({
  tableId: z.string().min(1).max(50),
  moveId: z.number().int().min(0),
  turnUID: z.string().min(1).max(100),
  editMode: z.boolean().default(false),
  seat: z.string().max(20).optional(),
});

export const tableSubscribeSchema = z.object({
  tableId: z.string().min(1).max(50),
  /** The last seq the client has applied (-1 for none): the server sends what came after. */
  lastSeq: z.number().int().min(-1),
  /** Asks for the full view (privileged watchers who are not seated; refused to anyone else). */
  fullView: z.boolean().optional(),
});

/**
 * 'Undo asks the opponents' (issue 37 point 8): the player asks to take back their last turns (the
 * undo the server would make now, at `moveId`), and an opponent answers the request by its id.
 */
export const undoRequestSchema = z.object({
  tableId: z.string().min(1).max(50),
  moveId: z.number().int().nonnegative(),
  editMode: z.boolean().default(false),
  seat: z.string().max(20).optional(),
});
export const undoAnswerSchema = z.object({
  tableId: z.string().min(1).max(50),
  requestId: z.string().min(1).max(100),
  accept: z.boolean(),
});

/** A pending undo request as the table is told it. */
export interface UndoRequestInfo {
  id: string;
  /** The asker's seat (the colour the log names) and user name. */
  seat: string;
  username: string;
  /** When the server lets it lapse unanswered (ms since the epoch, the server's clock). */
  expiresAt: number;
}

/** How a request ended: an opponent accepted (the undo follows) or refused, nobody answered, or the table moved on. */
export type UndoRequestOutcome = "accepted" | "refused" | "timeout" | "lapsed";

export const chatSendSchema = z.object({
  tableId: z.string().min(1).max(50),
  message: z.string().max(CHAT_MAX, `A chat message may be at most ${CHAT_MAX} characters.`),
});

export const tableIdSchema = z.object({ tableId: z.string().min(1).max(50) });

export const pingSendSchema = z.object({
  tableId: z.string().min(1).max(50),
  x: z.number().finite(),
  y: z.number().finite(),
});

export type TableEventMessage =
  | { tableId: string; type: "game-move" | "undo" | "reload-data-sheet" | "reload-decks"; event: ViewEvent }
  | { tableId: string; type: "chat-message"; chat: ChatMessage }
  | { tableId: string; type: "player-joined" | "player-disconnected"; username: string }
  // The component tree is not part of the situation, so no event: clients fetch the table load again.
  | { tableId: string; type: "reload-components" | "reload-dev-editor-components" }
  /** Who watches with the full view now (sent whenever it changes). */
  | { tableId: string; type: "full-viewers"; usernames: string[] }
  /** Who has the table open without a seat now, sorted (sent whenever it changes). */
  | { tableId: string; type: "watchers"; usernames: string[] }
  /** A player asks to take back their move (tables with 'Undo asks the opponents'). */
  | { tableId: string; type: "undo-request"; request: UndoRequestInfo }
  /** The request is over; `by`: who answered it. */
  | {
      tableId: string;
      type: "undo-request-closed";
      requestId: string;
      outcome: UndoRequestOutcome;
      by?: string;
    };

/**
 * Codes of the server's refusals that the browser acts on (it routes on codes, never on text): the
 * engine's refusal codes ('turn/not-your-turn', 'undo/someone-else', ...) and the table's own.
 */
export const TABLE_REFUSALS = {
  outOfSync: "table/out-of-sync",
  notMidgame: "table/not-midgame",
  editModeNotAllowed: "table/edit-mode-not-allowed",
  seat: "table/seat",
  tooFast: "table/too-fast",
  notAtTable: "table/not-at-table",
  notFound: "table/not-found",
  privateTable: "table/private",
  nothingHappened: "table/nothing-happened",
  badRequest: "table/bad-request",
  notAllowed: "table/not-allowed",
  system: "table/system-error",
  /** Caps (limits.ts, issue 20): the turn itself, the table's log, its situation, its chat. */
  turnTooLarge: "table/turn-too-large",
  logFull: "table/log-full",
  situationFull: "table/situation-full",
  chatTooFast: "table/chat-too-fast",
  /** Undo requests (issue 37 point 8). */
  undoAsks: "table/undo-asks",
  undoDoesNotAsk: "table/undo-does-not-ask",
  undoPending: "table/undo-pending",
  undoNoRequest: "table/undo-no-request",
  undoNotOpponent: "table/undo-not-opponent",
  undoSpectator: "table/undo-spectator",
} as const;
export type TableRefusalCode = (typeof TABLE_REFUSALS)[keyof typeof TABLE_REFUSALS];

export interface TableRejectMessage {
  tableId: string;
  turnUID: string;
  /** 'outOfSync' when the expected seq was stale; else the refusal message to show. */
  reason: string;
  /** What kind of refusal: an engine RefusalCode or a TableRefusalCode. */
  code: string;
}

export interface PingMessage {
  tableId: string;
  sourcePlayer: string;
  data: { x: number; y: number };
}

export type TableSubscribeAck =
  | {
      ok: true;
      status: string;
      expected_move_id: number;
      /** The viewer this socket now receives events for (a colour, 'spectator' or 'full'). */
      viewer: string;
      /** The view after the last event, when the client missed events or asked from -1 (else absent). */
      situation?: Situation;
      /** The events after the client's lastSeq, without patches (the view comes whole with them). */
      events: ViewEvent[];
      fullViewers: string[];
      /** As in the table load: the seated players who have the table open now. */
      connectedPlayers: string[];
      /** Who has the table open without a seat now (the players are shown who watches), sorted. */
      watchers?: string[];
      /** The undo request waiting for an answer at this table, if any. */
      undoRequest?: UndoRequestInfo;
    }
  | { ok: false; reason: string; code: string };

export interface TableServerEvents {
  "table-event": (message: TableEventMessage) => void;
  "table-event-reject": (message: TableRejectMessage) => void;
  "table-restarted": (tableId: string) => void;
  ping: (message: PingMessage) => void;
}

export interface TableClientEvents {
  "table-subscribe": (
    payload: z.input<typeof tableSubscribeSchema>,
    ack: (answer: TableSubscribeAck) => void,
  ) => void;
  "game-move": (payload: GameMove) => void;
  undo: (payload: z.input<typeof undoSchema>) => void;
  "undo-request": (payload: z.input<typeof undoRequestSchema>) => void;
  "undo-answer": (payload: z.input<typeof undoAnswerSchema>) => void;
  "chat message": (payload: z.input<typeof chatSendSchema>) => void;
  ping: (payload: z.input<typeof pingSendSchema>) => void;
  /** Designers and site admins: the running table takes the project's current data sheet / decks. */
  "reload data sheet": (payload: z.input<typeof tableIdSchema>) => void;
  "reload decks": (payload: z.input<typeof tableIdSchema>) => void;
  /** Designers and site admins: the running table takes the project's production / development components. */
  "reload components": (payload: z.input<typeof tableIdSchema>) => void;
  "reload dev editor components": (payload: z.input<typeof tableIdSchema>) => void;
}
