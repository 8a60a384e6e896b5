import { randomUUID } from "node:crypto";
import {
  TABLE_REFUSALS,
  type UndoRequestInfo,
  type UndoRequestOutcome,
  undoAnswerSchema,
  undoRequestSchema,
} from "@tt/protocol";
import type { Actor } from "../auth/permissions";
import type { TableHub, TurnAnswer } from "../tables/hub";
import type { Io } from "./socket";
import { broadcastPublic } from "./tableBroadcast";

// 'Undo asks the opponents' (issue 37 point 8), a table option chosen at creation: a player's undo is a
// request; their opponents see 'red asks to take back their move' with Accept and Refuse.
//
// The server decides everything: who may ask (a seated player, never a spectator), whether the undo
// would be made at all (the same checks as an undo, made when asked, so nobody is asked about an undo
// the rules refuse), who may answer (the asker's opponents: the other seated players), and when the
// request lapses. One request waits at a table at a time: that is the rate limit, so a refused player
// cannot fill the opponents' screens with requests while one is open.
//
// The first answer decides: one opponent's Accept makes the undo (through the hub's undo, the very
// path a plain undo takes, re-planned and checked then), one opponent's Refuse ends the request. At two
// seats that is the opponent's word; at more seats, waiting for all would let one absent player stall
// every request until the timeout, and a refusal by anyone still stops it.
//
// A request is kept by the instance that took it (in memory, with its timer): the table's events reach
// every instance's sockets, but an answer sent to another instance finds no request there and is told
// so ('no longer waiting'). A restart forgets requests; the askers may ask again.

export const UNDO_REQUEST_MESSAGES = {
  pending: "An undo request is already waiting for an answer at this table.",
  doesNotAsk: "At this table an undo needs no asking: use Undo.",
  spectator: "Spectators cannot take back moves.",
  noRequest: "That undo request is no longer waiting for an answer.",
  notOpponent: "Only the asker's opponents may answer an undo request.",
} as const;

export type Refusal = { reason: string; code: string };

interface Pending {
  info: UndoRequestInfo;
  tableId: string;
  actor: Actor;
  /** The asker's viewer at the table (their seat): the undo event's copy a retry would be answered. */
  viewer: string;
  moveId: number;
  editMode: boolean;
  timer: NodeJS.Timeout;
}

export interface UndoRequests {
  /** A player asks to take back their move: null when the opponents were asked, else why not. */
  ask(actor: Actor, viewer: string, payload: unknown, now: number): Promise<Refusal | null>;
  /** An opponent answers: null when taken, else why not. */
  answer(actor: Actor, viewer: string, payload: unknown, now: number): Promise<Refusal | null>;
  /** The request waiting at a table (a page opened meanwhile shows it). */
  pending(tableId: string): UndoRequestInfo | undefined;
  /** The table moved on (a turn was made): a waiting request is about a situation that is gone. */
  moved(tableId: string): void;
}

const bad = (issue: string | undefined): Refusal => ({
  reason: `System error: ${issue ?? "bad request"}`,
  code: TABLE_REFUSALS.badRequest,
});

export function createUndoRequests(
  io: Io,
  hub: TableHub,
  options: {
    /** How long a request waits for an answer (config UNDO_REQUEST_TIMEOUT_MS). */
    timeoutMs: number;
    /** The undo an accept made: sent to every viewer as any undo is (realtime/table.ts). */
    sent: (tableId: string, answer: Extract<TurnAnswer, { kind: "event" }>) => void;
  },
): UndoRequests {
  const waiting = new Map<string, Pending>();

  const close = (pending: Pending, outcome: UndoRequestOutcome, by?: string) => {
    clearTimeout(pending.timer);
    if (waiting.get(pending.tableId) === pending) waiting.delete(pending.tableId);
    const { tableId } = pending;
    broadcastPublic(io, tableId, "table-event", {
      tableId,
      type: "undo-request-closed",
      requestId: pending.info.id,
      outcome,
      ...(by === undefined ? {} : { by }),
    });
  };

  return {
    async ask(actor, viewer, payload, now) {
      const parsed = undoRequestSchema.safeParse(payload);
      if (!parsed.success) return bad(parsed.error.issues[0]?.message);
      const { tableId, moveId, editMode, seat } = parsed.data;
      // Whoever holds no seat (a spectator, a full-view watcher: tables/viewers.ts) has no move to
      // take back; said before the undo's own checks, which would call it someone else's turn.
      if (viewer === "spectator" || viewer === "full")
        return { reason: UNDO_REQUEST_MESSAGES.spectator, code: TABLE_REFUSALS.undoSpectator };
      if (waiting.has(tableId))
        return { reason: UNDO_REQUEST_MESSAGES.pending, code: TABLE_REFUSALS.undoPending };
      const check = await hub.checkUndo(actor, { tableId, moveId, editMode, seat }, now);
      if (check.kind === "reject") return { reason: check.reason, code: check.code };
      if (!check.undoAsks)
        return { reason: UNDO_REQUEST_MESSAGES.doesNotAsk, code: TABLE_REFUSALS.undoDoesNotAsk };
      // Another request may have come in while the check waited for the table's queue.
      if (waiting.has(tableId))
        return { reason: UNDO_REQUEST_MESSAGES.pending, code: TABLE_REFUSALS.undoPending };
      const info: UndoRequestInfo = {
        id: randomUUID(),
        seat: check.seat,
        username: actor.username,
        expiresAt: now + options.timeoutMs,
      };
      const pending: Pending = {
        info,
        tableId,
        actor,
        viewer,
        moveId,
        editMode,
        timer: setTimeout(() => close(pending, "timeout"), options.timeoutMs),
      };
      // A waiting request holds nothing alive: a server closing does not wait for its timer.
      pending.timer.unref();
      waiting.set(tableId, pending);
      broadcastPublic(io, tableId, "table-event", { tableId, type: "undo-request", request: info });
      return null;
    },

    async answer(actor, viewer, payload, now) {
      const parsed = undoAnswerSchema.safeParse(payload);
      if (!parsed.success) return bad(parsed.error.issues[0]?.message);
      const { tableId, requestId, accept } = parsed.data;
      const pending = waiting.get(tableId);
      if (pending === undefined || pending.info.id !== requestId)
        return { reason: UNDO_REQUEST_MESSAGES.noRequest, code: TABLE_REFUSALS.undoNoRequest };
      // The viewer is the answerer's seat at a table with seats (tables/viewers.ts); a spectator, a
      // full-view watcher and the asker themself are no opponents.
      const opponent =
        viewer !== "spectator" &&
        viewer !== "full" &&
        viewer !== pending.info.seat &&
        actor.id !== pending.actor.id;
      if (!opponent)
        return { reason: UNDO_REQUEST_MESSAGES.notOpponent, code: TABLE_REFUSALS.undoNotOpponent };
      waiting.delete(tableId);
      if (!accept) {
        close(pending, "refused", actor.username);
        return null;
      }
      // The undo the asker asked for, made as theirs through the hub's undo (planned and checked
      // again now); the request's id makes it one undo however often it is sent.
      const made = await hub.submitUndo(
        pending.actor,
        {
          tableId,
          moveId: pending.moveId,
          turnUID: `undo-request-${pending.info.id}`,
          editMode: pending.editMode,
          seat: pending.info.seat,
        },
        pending.viewer,
        now,
        { asked: true },
      );
      if (made.kind !== "event") {
        // The table moved on since (or the undo is no longer allowed): nothing to take back.
        close(pending, "lapsed", actor.username);
        return null;
      }
      close(pending, "accepted", actor.username);
      options.sent(tableId, made);
      return null;
    },

    pending: (tableId) => waiting.get(tableId)?.info,

    moved(tableId) {
      const pending = waiting.get(tableId);
      if (pending !== undefined) close(pending, "lapsed");
    },
  };
}
