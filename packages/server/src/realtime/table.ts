import {
  type ChatMessage,
  chatSendSchema,
  gameMoveSchema,
  pingSendSchema,
  type TableSubscribeAck,
  tableSubscribeSchema,
  undoSchema,
} from "@tt/protocol";
import { eq } from "drizzle-orm";
import { mayViewProject } from "../auth/permissions";
import type { Db } from "../db/connect";
import { projects, tableChat, tables } from "../db/schema";
import type { PushService } from "../push";
import { yourTurnMessage } from "../push";
import type { TableHub } from "../tables/hub";
import type { AppSocket, Io } from "./socket";

export const tableRoom = (tableId: string) => `table:${tableId}`;

/** Whether the actor may watch the table: anyone who may open its project (private tables by link). */
async function mayWatch(db: Db, socket: AppSocket, tableId: string) {
  const [row] = await db
    .select({ table: tables, project: projects })
    .from(tables)
    .innerJoin(projects, eq(projects.slug, tables.projectSlug))
    .where(eq(tables.id, tableId));
  if (!row || !mayViewProject(socket.data.actor, row.project)) return null;
  return row;
}

export function tableHandlers(io: Io, db: Db, hub: TableHub, push: () => PushService | undefined) {
  return (socket: AppSocket) => {
    const { actor } = socket.data;

    socket.on("table-subscribe", async (payload, ack) => {
      const answer = (a: TableSubscribeAck) => (typeof ack === "function" ? ack(a) : undefined);
      const parsed = tableSubscribeSchema.safeParse(payload);
      if (!parsed.success) return answer({ ok: false, reason: "Bad request." });
      const row = await mayWatch(db, socket, parsed.data.tableId);
      if (!row) return answer({ ok: false, reason: "Table not found." });
      await socket.join(tableRoom(row.table.id));
      // What the client missed since its last seq: the resume after a reconnect or a restart.
      const events = await hub.events(row.table.id, parsed.data.lastSeq);
      const [fresh] = await db.select().from(tables).where(eq(tables.id, row.table.id));
      answer({ ok: true, status: fresh!.status, events, expected_move_id: fresh!.expectedMoveId });
    });

    socket.on("game-move", async (payload) => {
      const parsed = gameMoveSchema.safeParse(payload);
      const tableId = typeof payload?.tableId === "string" ? payload.tableId.slice(0, 50) : "";
      const turnUID = typeof payload?.turnUID === "string" ? payload.turnUID.slice(0, 100) : "";
      if (!parsed.success) {
        socket.emit("table-event-reject", {
          tableId,
          turnUID,
          reason: `System error: ${parsed.error.issues[0]?.message ?? "bad turn"}`,
        });
        return;
      }
      try {
        const answer = await hub.submitTurn(actor, parsed.data, Date.now());
        if (answer.kind === "reject") {
          socket.emit("table-event-reject", { tableId, turnUID, reason: answer.reason });
        } else if (answer.kind === "duplicate") {
          socket.emit("table-event", {
            tableId,
            type: answer.event.kind === "undo" ? "undo" : "game-move",
            event: answer.event,
          });
        } else if (answer.kind === "event") {
          io.to(tableRoom(tableId)).emit("table-event", { tableId, type: "game-move", event: answer.event });
          void notifyTurn(
            io,
            push(),
            answer.row.projectSlug,
            tableId,
            answer.row.seats,
            answer.situation.gameState.current.activePlayer,
            actor.username,
          );
        }
      } catch (err) {
        socket.emit("table-event-reject", {
          tableId,
          turnUID,
          reason: `System error: ${(err as Error).message}`,
        });
      }
    });

    socket.on("undo", async (payload) => {
      const parsed = undoSchema.safeParse(payload);
      const tableId = typeof payload?.tableId === "string" ? payload.tableId.slice(0, 50) : "";
      const turnUID = typeof payload?.turnUID === "string" ? payload.turnUID.slice(0, 100) : "";
      if (!parsed.success) {
        socket.emit("table-event-reject", {
          tableId,
          turnUID,
          reason: `System error: ${parsed.error.issues[0]?.message ?? "bad undo"}`,
        });
        return;
      }
      try {
        const answer = await hub.submitUndo(actor, parsed.data, Date.now());
        if (answer.kind === "reject")
          socket.emit("table-event-reject", { tableId, turnUID, reason: answer.reason });
        else if (answer.kind === "duplicate")
          socket.emit("table-event", { tableId, type: "undo", event: answer.event });
        else if (answer.kind === "event")
          io.to(tableRoom(tableId)).emit("table-event", { tableId, type: "undo", event: answer.event });
      } catch (err) {
        socket.emit("table-event-reject", {
          tableId,
          turnUID,
          reason: `System error: ${(err as Error).message}`,
        });
      }
    });

    socket.on("chat message", async (payload) => {
      const parsed = chatSendSchema.safeParse(payload);
      if (!parsed.success || !socket.rooms.has(tableRoom(parsed.data.tableId))) return;
      const message = parsed.data.message.trim();
      if (!message) return;
      const [saved] = await db
        .insert(tableChat)
        .values({ tableId: parsed.data.tableId, userId: actor.id, username: actor.username, message })
        .returning();
      const chat: ChatMessage = {
        username: actor.username,
        message,
        timestamp: saved!.createdAt.getTime(),
        type: "chat",
      };
      io.to(tableRoom(parsed.data.tableId)).emit("table-event", {
        tableId: parsed.data.tableId,
        type: "chat-message",
        chat,
      });
    });

    socket.on("ping", (payload) => {
      const parsed = pingSendSchema.safeParse(payload);
      if (!parsed.success || !socket.rooms.has(tableRoom(parsed.data.tableId))) return;
      io.to(tableRoom(parsed.data.tableId)).emit("ping", {
        tableId: parsed.data.tableId,
        sourcePlayer: actor.username,
        data: { x: parsed.data.x, y: parsed.data.y },
      });
    });
  };
}

/** 'It is your turn' for the seated users who became active and have the table open in no tab. */
async function notifyTurn(
  io: Io,
  push: PushService | undefined,
  projectSlug: string,
  tableId: string,
  seats: { color: string; username: string | null }[],
  active: string | string[],
  by: string,
) {
  if (!push) return;
  const colors = Array.isArray(active) ? active : [active];
  const due = seats.filter((s) => s.username && s.username !== by && colors.includes(s.color));
  if (due.length === 0) return;
  const watching = new Set(
    (await io.in(tableRoom(tableId)).fetchSockets()).map((s) => s.data.actor.username),
  );
  for (const seat of due) {
    if (watching.has(seat.username!)) continue;
    await push.notifyUsers([seat.username!], yourTurnMessage({ projectSlug, tableId, color: seat.color }));
  }
}
