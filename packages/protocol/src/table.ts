import { actionSchema, type Deck, type Situation, type TableEvent } from "@tt/engine";
import { z } from "zod";
import type { SeatInfo, TableOptionDisplay } from "./lobby";

// The table's realtime contract (game-table.md sections 3, 4, 7; DESIGN.md 'Tables, turns and the
// realtime protocol'). Every turn is evaluated by the server with the engine; clients fold the events.

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
  /** The start situation (null while the table is open). */
  start_position: Situation | null;
  /** Every event of the log, in seq order. */
  events: TableEvent[];
  chatMessages: ChatMessage[];
  playerColors: SeatInfo[];
  possibleColors: string[];
  options: Record<string, string | boolean>;
  optionsDisplay: Record<string, TableOptionDisplay>;
  /** The project's component tree at the version the table started with (component info). */
  components: Record<string, unknown> | null;
  /** The decks' card templates (layers, rules, assets) by deck name, as the table started with them. */
  decks: Record<string, Deck>;
  /** The data sheet's outline: sheet name -> number of rows (the table lobby shows it). */
  dataSheet: Record<string, number>;
  /** The logged-in user's colour at this table, or null (spectator). */
  yourSeat: string | null;
  /** Whether this table's mode lets players use edit mode. */
  editModeAllowed: boolean;
  /** In sandbox modes anyone may play any colour (and 'alwaysactive'). */
  anySeat: boolean;
  expected_move_id: number;
  /** Bound to the component editor: saved development components reach this table at once. */
  isBound: boolean;
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
});

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
  | { tableId: string; type: "game-move" | "undo" | "reload-data-sheet" | "reload-decks"; event: TableEvent }
  | { tableId: string; type: "chat-message"; chat: ChatMessage }
  | { tableId: string; type: "player-joined" | "player-disconnected"; username: string }
  // The component tree is not part of the situation, so no event: clients fetch the table load again.
  | { tableId: string; type: "reload-components" | "reload-dev-editor-components" };

export interface TableRejectMessage {
  tableId: string;
  turnUID: string;
  /** 'outOfSync' when the expected seq was stale; else the refusal message to show. */
  reason: string;
}

export interface PingMessage {
  tableId: string;
  sourcePlayer: string;
  data: { x: number; y: number };
}

export type TableSubscribeAck =
  | { ok: true; status: string; events: TableEvent[]; expected_move_id: number }
  | { ok: false; reason: string };

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
  "chat message": (payload: z.input<typeof chatSendSchema>) => void;
  ping: (payload: z.input<typeof pingSendSchema>) => void;
  /** Designers and site admins: the running table takes the project's current data sheet / decks. */
  "reload data sheet": (payload: z.input<typeof tableIdSchema>) => void;
  "reload decks": (payload: z.input<typeof tableIdSchema>) => void;
  /** Designers and site admins: the running table takes the project's production / development components. */
  "reload components": (payload: z.input<typeof tableIdSchema>) => void;
  "reload dev editor components": (payload: z.input<typeof tableIdSchema>) => void;
}
