import type { Json, ReloadDataMove } from "@tt/engine";
import {
  type ChatMessage,
  chatSendSchema,
  gameMoveSchema,
  pingSendSchema,
  type TableSubscribeAck,
  tableIdSchema,
  tableSubscribeSchema,
  undoSchema,
} from "@tt/protocol";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { mayViewProject } from "../auth/permissions";
import type { Db } from "../db/connect";
import { projects, tableChat, tables } from "../db/schema";
import { mayMaintainDecks } from "../projects/adminRules";
import { deckInfoOf, decksOf } from "../projects/decks";
import type { PushService } from "../push";
import { yourTurnMessage } from "../push";
import type { TableHub, TurnAnswer } from "../tables/hub";
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

    /**
     * One pipeline for turns and undos: parse, submit to the table's queue, then answer the sender
     * (refusal, or the stored event of a retry) or broadcast the new event to the table.
     */
    const submit = async (
      payload: unknown,
      parse: (
        p: unknown,
      ) => { success: true; data: unknown } | { success: false; error: { issues: { message: string }[] } },
      run: (data: never) => Promise<TurnAnswer>,
    ) => {
      const raw = (payload ?? {}) as { tableId?: unknown; turnUID?: unknown };
      const tableId = typeof raw.tableId === "string" ? raw.tableId.slice(0, 50) : "";
      const turnUID = typeof raw.turnUID === "string" ? raw.turnUID.slice(0, 100) : "";
      const reject = (reason: string) => socket.emit("table-event-reject", { tableId, turnUID, reason });
      const parsed = parse(payload);
      if (!parsed.success) return reject(`System error: ${parsed.error.issues[0]?.message ?? "bad request"}`);
      try {
        const answer = await run(parsed.data as never);
        if (answer.kind === "reject") return reject(answer.reason);
        if (answer.kind === "noop") return;
        const type = answer.event.kind === "undo" ? "undo" : "game-move";
        if (answer.kind === "duplicate")
          return socket.emit("table-event", { tableId, type, event: answer.event });
        io.to(tableRoom(tableId)).emit("table-event", { tableId, type, event: answer.event });
        const active = answer.situation.gameState.current.activePlayer;
        void notifyTurn(
          io,
          push(),
          answer.row.projectSlug,
          tableId,
          answer.row.seats,
          active,
          actor.username,
        );
      } catch (err) {
        reject(`System error: ${(err as Error).message}`);
      }
    };

    socket.on("game-move", (payload) =>
      submit(
        payload,
        (p) => gameMoveSchema.safeParse(p),
        (data: z.output<typeof gameMoveSchema>) => hub.submitTurn(actor, data, Date.now()),
      ),
    );
    socket.on("undo", (payload) =>
      submit(
        payload,
        (p) => undoSchema.safeParse(p),
        (data: z.output<typeof undoSchema>) => hub.submitUndo(actor, data, Date.now()),
      ),
    );

    /** Reloads (game-table.md section 6: site admins and project designers): one turn for everyone. */
    const reload = async (payload: unknown, what: "data sheet" | "decks") => {
      const parsed = tableIdSchema.safeParse(payload ?? {});
      const tableId = parsed.success ? parsed.data.tableId : "";
      const reject = (reason: string) => socket.emit("table-event-reject", { tableId, turnUID: "", reason });
      if (!parsed.success) return reject("System error: bad request");
      const row = await mayWatch(db, socket, tableId);
      if (!row) return reject("Table not found.");
      if (!mayMaintainDecks(actor, row.project)) {
        return reject("Only the project's designers and site admins may reload a table.");
      }
      const decks = decksOf(row.project);
      const move: ReloadDataMove =
        what === "data sheet"
          ? { type: "reload data", dataSheet: (row.project.dataSheet ?? null) as Json }
          : {
              type: "reload data",
              deckData: Object.fromEntries(Object.entries(decks).map(([name, d]) => [name, deckInfoOf(d)])),
            };
      try {
        const answer = await hub.submitReload(
          actor,
          tableId,
          move,
          what === "decks" ? decks : null,
          Date.now(),
        );
        if (answer.kind === "reject") return reject(answer.reason);
        if (answer.kind !== "event") return;
        const type = what === "decks" ? "reload-decks" : "reload-data-sheet";
        io.to(tableRoom(tableId)).emit("table-event", { tableId, type, event: answer.event });
      } catch (err) {
        reject(`System error: ${(err as Error).message}`);
      }
    };
    socket.on("reload data sheet", (payload) => void reload(payload, "data sheet"));
    socket.on("reload decks", (payload) => void reload(payload, "decks"));

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
