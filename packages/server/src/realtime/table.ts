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
import { eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import { mayActForAnySeat, mayViewProject } from "../auth/permissions";
import { TokenBucket } from "../auth/rateLimit";
import type { Db } from "../db/connect";
import { projects, pushSubscriptions, tableChat, tables, users } from "../db/schema";
import { containsNul, NUL_REFUSAL } from "../http/textGuard";
import { mayMaintainDecks } from "../projects/adminRules";
import { deckInfoOf, decksOf } from "../projects/decks";
import type { PushService } from "../push";
import { yourTurnMessage } from "../push";
import { type ComponentsReload, componentsFor, type TableNotifier } from "../tables/admin";
import { anySeatMode, type TableHub, type TurnAnswer } from "../tables/hub";
import type { AppSocket, Io } from "./socket";
import { systemErrorReason } from "./systemError";

export const tableRoom = (tableId: string) => `table:${tableId}`;

/** Restarts and component reloads, told to every tab at the table. */
export function tableNotifier(io: () => Io | undefined): TableNotifier {
  return {
    restarted: (tableId) => io()?.to(tableRoom(tableId)).emit("table-restarted", tableId),
    componentsReloaded: (tableId, type) =>
      io()?.to(tableRoom(tableId)).emit("table-event", { tableId, type }),
  };
}

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

/** The refusal a socket gets once its bucket of table events is empty (config TURN_RATE_PER_SECOND). */
export const TOO_FAST = "You are sending too fast: wait a moment and try again.";
export const NOT_AT_TABLE = "You are not at this table: open it first.";
export const NOTHING_HAPPENED = "Cannot make move: that turn changes nothing.";
export const PRIVATE_TABLE_TURN =
  "This private table is its creator's: you can watch and chat, but not play.";
/** Tables a socket has been cleared to play at, kept per socket; more than this and the oldest go. */
const CLEARED_TABLES_MAX = 50;

export interface TableHandlerOptions {
  push: () => PushService | undefined;
  /** The per-socket bucket of table events (config TURN_RATE_PER_SECOND, TURN_BURST). */
  rate: { perSecond: number; burst: number };
  log: Pick<FastifyBaseLogger, "error">;
}

export function tableHandlers(io: Io, db: Db, hub: TableHub, { push, rate, log }: TableHandlerOptions) {
  return (socket: AppSocket) => {
    const { actor } = socket.data;
    const bucket = new TokenBucket(rate.perSecond, rate.burst);
    const cleared = new Set<string>();

    /** The tableId and turnUID of a payload as far as they can be read, to address a refusal. */
    const addressOf = (payload: unknown) => {
      const raw = (payload ?? {}) as { tableId?: unknown; turnUID?: unknown };
      return {
        tableId: typeof raw.tableId === "string" ? raw.tableId.slice(0, 50) : "",
        turnUID: typeof raw.turnUID === "string" ? raw.turnUID.slice(0, 100) : "",
      };
    };
    const refuse = (payload: unknown, reason: string) =>
      socket.emit("table-event-reject", { ...addressOf(payload), reason });

    /**
     * Every table event goes through here: one token from the socket's bucket, no NUL in the payload
     * (textGuard.ts), and no error escaping the handler: an async listener's rejection is unhandled,
     * which would end the whole process. The sender hears why instead.
     */
    const on = <A extends unknown[]>(
      name: string,
      handler: (payload: unknown, ...rest: A) => Promise<unknown> | unknown,
      options: { refuseQuietly?: boolean } = {},
    ) => {
      (socket.on as (event: string, listener: (payload: unknown, ...rest: A) => void) => void)(
        name,
        (payload, ...rest) => {
          const answer = (reason: string) => {
            const ack = rest.find((r) => typeof r === "function") as ((a: unknown) => void) | undefined;
            if (ack) ack({ ok: false, reason });
            else refuse(payload, reason);
          };
          // A quiet event (ping) drops what is over the rate silently: its sender has no use for a
          // stream of refusals. A malformed one is still answered, as by the handler's own schema.
          if (!bucket.take()) return options.refuseQuietly ? undefined : answer(TOO_FAST);
          if (containsNul(payload)) return answer(`System error: ${NUL_REFUSAL}`);
          void (async () => handler(payload, ...rest))().catch((err: unknown) => {
            // The real error goes to the log; the player hears a plain reason (systemError.ts).
            const { tableId } = addressOf(payload);
            log.error({ err, event: name, tableId, user: actor.username }, "table event failed");
            answer(systemErrorReason(err));
          });
        },
      );
    };

    /**
     * Whether this socket may make turns at the table: it may watch it (closed projects only for their
     * members) and, in any-seat modes at a private table, it is the creator's. Cleared tables are
     * remembered, so a game costs this query once per tab, not once per turn.
     */
    const mayPlay = async (tableId: string): Promise<string | null> => {
      if (cleared.has(tableId)) return null;
      const row = await mayWatch(db, socket, tableId);
      if (!row) return "Table not found.";
      if (anySeatMode(row.table.tableMode) && !mayActForAnySeat(actor, row.table)) return PRIVATE_TABLE_TURN;
      if (cleared.size >= CLEARED_TABLES_MAX) cleared.delete(cleared.values().next().value!);
      cleared.add(tableId);
      return null;
    };

    on("table-subscribe", async (payload, ack) => {
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
     * One pipeline for turns and undos: parse, check the socket may play at the table, submit to the
     * table's queue, then answer the sender (refusal, or the stored event of a retry) or broadcast the
     * new event to the table.
     */
    const submit = async (
      payload: unknown,
      parse: (
        p: unknown,
      ) => { success: true; data: unknown } | { success: false; error: { issues: { message: string }[] } },
      run: (data: never) => Promise<TurnAnswer>,
    ) => {
      const { tableId } = addressOf(payload);
      const reject = (reason: string) => refuse(payload, reason);
      const parsed = parse(payload);
      if (!parsed.success) return reject(`System error: ${parsed.error.issues[0]?.message ?? "bad request"}`);
      const refusal = await mayPlay(tableId);
      if (refusal) return reject(refusal);
      const answer = await run(parsed.data as never);
      if (answer.kind === "reject") return reject(answer.reason);
      // The sender waits for an answer to every turn; a silent no-op would leave it 'waiting for the server'.
      if (answer.kind === "noop") return reject(NOTHING_HAPPENED);
      const type = answer.event.kind === "undo" ? "undo" : "game-move";
      if (answer.kind === "duplicate")
        return socket.emit("table-event", { tableId, type, event: answer.event });
      io.to(tableRoom(tableId)).emit("table-event", { tableId, type, event: answer.event });
      const active = answer.situation.gameState.current.activePlayer;
      void notifyTurn(
        io,
        db,
        push(),
        answer.row.projectSlug,
        tableId,
        answer.row.seats,
        active,
        actor.username,
      ).catch((err: unknown) => log.error({ err, tableId }, "turn notification failed"));
    };

    on("game-move", (payload) =>
      submit(
        payload,
        (p) => gameMoveSchema.safeParse(p),
        (data: z.output<typeof gameMoveSchema>) => hub.submitTurn(actor, data, Date.now()),
      ),
    );
    on("undo", (payload) =>
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
    };
    on("reload data sheet", (payload) => reload(payload, "data sheet"));
    on("reload decks", (payload) => reload(payload, "decks"));

    /**
     * The project's production or development components for a running table (section 6). Not a turn:
     * the tree is not part of the situation, so nothing is logged and the clients fetch the table again.
     */
    const reloadComponents = async (payload: unknown, type: ComponentsReload) => {
      const parsed = tableIdSchema.safeParse(payload ?? {});
      const tableId = parsed.success ? parsed.data.tableId : "";
      const reject = (reason: string) => socket.emit("table-event-reject", { tableId, turnUID: "", reason });
      if (!parsed.success) return reject("System error: bad request");
      const row = await mayWatch(db, socket, tableId);
      if (!row) return reject("Table not found.");
      if (!mayMaintainDecks(actor, row.project)) {
        return reject("Only the project's designers and site admins may reload a table.");
      }
      if (!(await hub.setComponents(tableId, componentsFor(row.project, type)))) {
        return reject("The table has not started yet.");
      }
      io.to(tableRoom(tableId)).emit("table-event", { tableId, type });
    };
    on("reload components", (payload) => reloadComponents(payload, "reload-components"));
    on("reload dev editor components", (payload) =>
      reloadComponents(payload, "reload-dev-editor-components"),
    );

    on("chat message", async (payload) => {
      const parsed = chatSendSchema.safeParse(payload);
      if (!parsed.success) return refuse(payload, `System error: ${parsed.error.issues[0]?.message}`);
      const { tableId } = parsed.data;
      if (!socket.rooms.has(tableRoom(tableId))) return refuse(payload, NOT_AT_TABLE);
      const message = parsed.data.message.trim();
      if (!message) return refuse(payload, "A chat message cannot be empty.");
      const [saved] = await db
        .insert(tableChat)
        .values({ tableId, userId: actor.id, username: actor.username, message })
        .returning();
      const chat: ChatMessage = {
        username: actor.username,
        message,
        timestamp: saved!.createdAt.getTime(),
        type: "chat",
      };
      io.to(tableRoom(tableId)).emit("table-event", { tableId, type: "chat-message", chat });
    });

    // A ping marks a spot for a few seconds; a flood past the bucket is dropped without an alert each.
    on(
      "ping",
      (payload) => {
        const parsed = pingSendSchema.safeParse(payload);
        if (!parsed.success) return refuse(payload, `System error: ${parsed.error.issues[0]?.message}`);
        if (!socket.rooms.has(tableRoom(parsed.data.tableId))) return refuse(payload, NOT_AT_TABLE);
        io.to(tableRoom(parsed.data.tableId)).emit("ping", {
          tableId: parsed.data.tableId,
          sourcePlayer: actor.username,
          data: { x: parsed.data.x, y: parsed.data.y },
        });
      },
      { refuseQuietly: true },
    );
  };
}

/**
 * 'It is your turn' for the seated users who became active and have the table open in no tab. Asking
 * every instance who has the table open is a round trip through Redis that waits for the slowest
 * instance, so it is asked last and only when it can matter: a user with a tab here is known at once,
 * and a user with no push subscription gets no notice whatever the answer.
 */
async function notifyTurn(
  io: Io,
  db: Db,
  push: PushService | undefined,
  projectSlug: string,
  tableId: string,
  seats: { color: string; username: string | null }[],
  active: string | string[],
  by: string,
) {
  if (!push) return;
  const colors = Array.isArray(active) ? active : [active];
  let due = seats.filter(
    (s): s is { color: string; username: string } =>
      !!s.username && s.username !== by && colors.includes(s.color),
  );
  if (due.length === 0) return;
  const room = tableRoom(tableId);
  const here = new Set((await io.local.in(room).fetchSockets()).map((s) => s.data.actor.username));
  due = due.filter((s) => !here.has(s.username));
  if (due.length === 0) return;
  const subscribed = await usersWithPush(
    db,
    due.map((s) => s.username),
  );
  due = due.filter((s) => subscribed.has(s.username.toLowerCase()));
  if (due.length === 0) return;
  let watching: Set<string>;
  try {
    watching = new Set((await io.in(room).fetchSockets()).map((s) => s.data.actor.username));
  } catch {
    // An instance did not answer in time (it is dying): a notice too many beats a turn nobody hears of.
    watching = new Set();
  }
  for (const seat of due) {
    if (watching.has(seat.username)) continue;
    await push.notifyUsers([seat.username], yourTurnMessage({ projectSlug, tableId, color: seat.color }));
  }
}

/** Which of these users (by lower-cased name) have at least one push subscription. */
async function usersWithPush(db: Db, usernames: string[]): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ name: users.usernameKey })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(inArray(users.usernameKey, [...new Set(usernames.map((n) => n.toLowerCase()))]));
  return new Set(rows.map((r) => r.name));
}
