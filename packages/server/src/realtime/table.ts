import { FULL_VIEW, type ReloadDataMove, type ViewEvent } from "@tt/engine";
import {
  type ChatMessage,
  chatSendSchema,
  gameMoveSchema,
  LIMIT_MESSAGES,
  pingSendSchema,
  TABLE_REFUSALS,
  type TableEventMessage,
  type TableSubscribeAck,
  tableIdSchema,
  tableSubscribeSchema,
  undoAnswerSchema,
  undoRequestSchema,
  undoSchema,
} from "@tt/protocol";
import { eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import { mayActForAnySeat } from "../auth/permissions";
import { TokenBucket } from "../auth/rateLimit";
import type { Rate } from "../config";
import type { Db } from "../db/connect";
import { preparedFor } from "../db/prepared";
import { projects, pushSubscriptions, tableChat, tables, users } from "../db/schema";
import { TABLE_NOT_FOUND } from "../errors";
import { containsNul, NUL_REFUSAL } from "../http/textGuard";
import { mayMaintainDecks } from "../projects/adminRules";
import { deckInfosOf, decksOf } from "../projects/decks";
import type { PushService } from "../push";
import { yourTurnMessage } from "../push";
import { type ComponentsReload, componentsFor, type TableNotifier } from "../tables/admin";
import { botDriverOf } from "../tables/bots";
import { anySeatMode, type TableHub, type TurnAnswer } from "../tables/hub";
import type { TableRow } from "../tables/tableInfo";
import { mayWatchFullView, tableViewers, viewerOf } from "../tables/viewers";
import { tableWithProjectQuery, visibleTable, visibleTo } from "../tables/visible";
import { glancersAt, shareGlances } from "./fullViewGlances";
import { presenceOf } from "./presence";
import type { Rates } from "./rates";
import type { AppSocket, Io } from "./socket";
import { systemErrorReason } from "./systemError";
import { broadcastPublic, broadcastTable, fullWatchersRoom, tableRoom, viewerRoom } from "./tableBroadcast";
import { createUndoRequests } from "./undoRequests";

export { tableRoom } from "./tableBroadcast";

/** Restarts and component reloads, told to every tab at the table. */
export function tableNotifier(io: () => Io | undefined): TableNotifier {
  return {
    restarted: (tableId) => {
      const server = io();
      if (server) broadcastPublic(server, tableId, "table-restarted", tableId);
    },
    componentsReloaded: (tableId, type) => {
      const server = io();
      if (server) broadcastPublic(server, tableId, "table-event", { tableId, type });
    },
  };
}

/**
 * The viewers whose messages differ at a table: one at sandbox and debug tables, where all see all.
 * Not decided by the status: the turn that ends a game is still a patch of each seat's own view (the
 * pages then load the ended table, whole).
 */
function viewersAt(row: TableRow, io: Io, alone: boolean): string[] {
  const all = anySeatMode(row.tableMode) ? [FULL_VIEW] : tableViewers(row);
  if (!alone) return all;
  // One instance: only viewers with a socket here get a copy made and sent (usually no spectator
  // and no full view), so a turn costs the views its table is watched with.
  const rooms = io.of("/").adapter.rooms;
  return all.filter((viewer) => (rooms.get(viewerRoom(row.id, viewer))?.size ?? 0) > 0);
}

/**
 * Each viewer's copy of a new event. The holder hands viewers who are sent the same the very same
 * event object, so they share one message, serialised once.
 */
function sendTableEvent(
  io: Io,
  alone: boolean,
  tableId: string,
  type: "game-move" | "undo" | "reload-data-sheet" | "reload-decks",
  answer: Extract<TurnAnswer, { kind: "event" }>,
) {
  const shared = new Map<ViewEvent, TableEventMessage>();
  broadcastTable(io, tableId, "table-event", viewersAt(answer.row, io, alone), (viewer) => {
    const event = answer.forViewer(viewer);
    let message = shared.get(event);
    if (message === undefined) {
      message = { tableId, type, event };
      shared.set(event, message);
    }
    return message;
  });
}

/**
 * Who watches a table with the full view, on every instance (players are told): its sockets, and who
 * read it over HTTP lately (fullViewGlances.ts).
 */
export async function fullViewersOf(io: Io, tableId: string): Promise<string[]> {
  const room = fullWatchersRoom(tableId);
  const sockets = await io
    .in(room)
    .fetchSockets()
    // An instance did not answer in time: this instance's own watchers are better than nothing.
    .catch(() => io.local.in(room).fetchSockets());
  return [...new Set([...sockets.map((s) => s.data.actor.username), ...glancersAt(io, tableId)])].sort();
}

/**
 * The full-view watchers of each table as last told, kept by every instance: a table load or a
 * subscribe answers from here, so it asks no other instance anything (a dying instance would hold
 * every reconnecting client up). The list is asked of all instances only when it changes here, and
 * shared with the others (serverSideEmit through the adapter). A watcher on an instance that dies
 * stays listed until the list changes again.
 */
const watcherLists = new WeakMap<Io, Map<string, string[]>>();

function listsOf(io: Io): Map<string, string[]> {
  let lists = watcherLists.get(io);
  if (lists === undefined) {
    lists = new Map();
    watcherLists.set(io, lists);
  }
  return lists;
}

function keepList(io: Io, tableId: string, usernames: string[]) {
  if (usernames.length === 0) listsOf(io).delete(tableId);
  else listsOf(io).set(tableId, usernames);
}

/** Who watches a table with the full view, as this instance was last told. */
export function knownFullViewers(io: Io, tableId: string): string[] {
  return listsOf(io).get(tableId) ?? [];
}

const FULL_VIEWERS_SHARED = "full-viewers";

/** Makes the list again and tells it to every instance and to everyone at the table. */
export async function tellFullViewers(io: Io, tableId: string) {
  const usernames = await fullViewersOf(io, tableId);
  keepList(io, tableId, usernames);
  (io.serverSideEmit as (event: string, ...args: unknown[]) => boolean)(
    FULL_VIEWERS_SHARED,
    tableId,
    usernames,
  );
  broadcastPublic(io, tableId, "table-event", { tableId, type: "full-viewers", usernames });
}

/** Whether the actor may watch the table: anyone who may open its project (private tables by link). */
function mayWatch(db: Db, socket: AppSocket, tableId: string) {
  return visibleTable(db, socket.data.actor, tableId);
}

/**
 * What a subscribe and a first turn check (mayWatch without the table's start, components and decks,
 * and the project's sheets: those are tens to hundreds of kB a row, read by every tab at every game's
 * start before).
 */
const accessOf = preparedFor((db) =>
  tableWithProjectQuery(db, {
    table: {
      id: tables.id,
      status: tables.status,
      tableMode: tables.tableMode,
      isPrivate: tables.isPrivate,
      creatorId: tables.creatorId,
      seats: tables.seats,
      expectedMoveId: tables.expectedMoveId,
    },
    project: { visibility: projects.visibility, roles: projects.roles },
  })
    .where(eq(tables.id, sql.placeholder("tableId")))
    .prepare("tt_table_access"),
);

async function mayWatchLight(db: Db, socket: AppSocket, tableId: string) {
  const [row] = await accessOf(db).execute({ tableId });
  return visibleTo(socket.data.actor, row);
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
  /**
   * The buckets every socket of a session and of a user share, on every instance (rates.ts), and the
   * chat a table takes a minute (issue 20).
   */
  shared?: { rates: Rates; session: Rate; user: Rate; chatPerMinute: number };
  log: Pick<FastifyBaseLogger, "error">;
  /** No other instance shares the rooms (no Redis): viewer rooms with no socket here are skipped. */
  alone?: boolean;
  /** How long an undo request waits for the opponents' answer (config UNDO_REQUEST_TIMEOUT_MS). */
  undoRequestMs?: number;
}

export function tableHandlers(
  io: Io,
  db: Db,
  hub: TableHub,
  { push, rate, log, alone = false, shared, undoRequestMs = 30_000 }: TableHandlerOptions,
) {
  // Before the first socket: presence follows the table rooms from here on (presence.ts).
  const presence = presenceOf(io, db, log, alone);
  // Another instance's watcher list (see tellFullViewers).
  (io.on as (event: string, listener: (...args: unknown[]) => void) => void)(
    FULL_VIEWERS_SHARED,
    (tableId, usernames) => {
      if (typeof tableId === "string" && Array.isArray(usernames))
        keepList(
          io,
          tableId,
          usernames.filter((u): u is string => typeof u === "string"),
        );
    },
  );
  // Another instance's readers of the full view over HTTP, listed with the watchers.
  shareGlances(io);
  // The tables' bots (tables/bots.ts): their turns go out as everyone's do, and tell whoever is next.
  const bots = botDriverOf(hub, log);
  // Tables whose undo asks the opponents (undoRequests.ts): an accepted request's undo goes out as any.
  const undoRequests = createUndoRequests(io, hub, {
    timeoutMs: undoRequestMs,
    sent: (tableId, answer) => {
      sendTableEvent(io, alone, tableId, "undo", answer);
      bots.nudge(tableId, answer.row.seats);
    },
  });
  bots.sent = (tableId, answer) => {
    sendTableEvent(io, alone, tableId, "game-move", answer);
    undoRequests.moved(tableId);
    // No user made it: every seated player who is next may be told.
    const by = "";
    void notifyTurn(
      io,
      db,
      push(),
      answer.row.projectSlug,
      tableId,
      answer.row.seats,
      answer.situation.gameState.current.activePlayer,
      by,
    ).catch((err: unknown) => log.error({ err, tableId }, "turn notification failed"));
  };
  /** A socket's table handlers and their state, made at its first table event (see below). */
  const install = (socket: AppSocket) => {
    const { actor } = socket.data;
    const bucket = new TokenBucket(rate.perSecond, rate.burst);
    const sharedBuckets = shared
      ? [
          { key: `session:${actor.tokenHash}`, rate: shared.session },
          { key: `user:${actor.id}`, rate: shared.user },
        ]
      : [];
    const cleared = new Set<string>();
    /** The viewer this socket is at each table it subscribed to (its seat, 'spectator' or 'full'). */
    const viewerAt = new Map<string, string>();

    // Leaving with the full view: the players are told who still watches with it.
    socket.on("disconnecting", () => {
      const watched = [...socket.rooms].filter((r) => r.endsWith("/watching-full"));
      if (watched.length === 0) return;
      setImmediate(() => {
        for (const room of watched)
          void tellFullViewers(io, room.slice("table:".length, -"/watching-full".length));
      });
    });

    /** The tableId and turnUID of a payload as far as they can be read, to address a refusal. */
    const addressOf = (payload: unknown) => {
      const raw = (payload ?? {}) as { tableId?: unknown; turnUID?: unknown };
      return {
        tableId: typeof raw.tableId === "string" ? raw.tableId.slice(0, 50) : "",
        turnUID: typeof raw.turnUID === "string" ? raw.turnUID.slice(0, 100) : "",
      };
    };
    const refuse = (payload: unknown, reason: string, code: string) =>
      socket.emit("table-event-reject", { ...addressOf(payload), reason, code });

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
      // An event missing from TABLE_EVENTS would never install the handlers by itself.
      if (!TABLE_EVENTS.has(name)) throw new Error(`'${name}' is not listed in TABLE_EVENTS`);
      (socket.on as (event: string, listener: (payload: unknown, ...rest: A) => void) => void)(
        name,
        (payload, ...rest) => {
          const answer = (reason: string, code: string) => {
            const ack = rest.find((r) => typeof r === "function") as ((a: unknown) => void) | undefined;
            if (ack) ack({ ok: false, reason, code });
            else refuse(payload, reason, code);
          };
          // A quiet event (ping) drops what is over the rate silently: its sender has no use for a
          // stream of refusals. A malformed one is still answered, as by the handler's own schema.
          if (!bucket.take())
            return options.refuseQuietly ? undefined : answer(TOO_FAST, TABLE_REFUSALS.tooFast);
          const go = (allowed: boolean) => {
            if (!allowed) return options.refuseQuietly ? undefined : answer(TOO_FAST, TABLE_REFUSALS.tooFast);
            if (containsNul(payload))
              return answer(`System error: ${NUL_REFUSAL}`, TABLE_REFUSALS.badRequest);
            void (async () => handler(payload, ...rest))().catch((err: unknown) => {
              // The real error goes to the log; the player hears a plain reason (systemError.ts).
              const { tableId } = addressOf(payload);
              log.error({ err, event: name, tableId, user: actor.username }, "table event failed");
              answer(systemErrorReason(err), TABLE_REFUSALS.system);
            });
          };
          // The session's and the user's buckets too (every socket, every instance): in-process the
          // answer comes at once, so events keep their order; Redis answers in the order asked.
          const allowed = sharedBuckets.length > 0 ? shared!.rates.take(sharedBuckets) : true;
          if (typeof allowed === "boolean") go(allowed);
          else
            void allowed
              .then(go)
              .catch((err: unknown) => log.error({ err, event: name }, "rate check failed"));
        },
      );
    };

    /**
     * Whether this socket may make turns at the table: it may watch it (closed projects only for their
     * members) and, in any-seat modes at a private table, it is the creator's. Cleared tables are
     * remembered, so a game costs this query once per tab, not once per turn.
     */
    const mayPlay = async (tableId: string): Promise<{ reason: string; code: string } | null> => {
      if (cleared.has(tableId)) return null;
      const row = await mayWatchLight(db, socket, tableId);
      if (!row) return { reason: TABLE_NOT_FOUND, code: TABLE_REFUSALS.notFound };
      return clearFor(row);
    };
    /** The play check on a row the caller has read (and found visible); remembered when it passes. */
    const clearFor = (row: NonNullable<Awaited<ReturnType<typeof mayWatchLight>>>) => {
      if (anySeatMode(row.table.tableMode) && !mayActForAnySeat(actor, row.table))
        return { reason: PRIVATE_TABLE_TURN, code: TABLE_REFUSALS.privateTable };
      if (cleared.size >= CLEARED_TABLES_MAX) cleared.delete(cleared.values().next().value!);
      cleared.add(row.table.id);
      return null;
    };

    /** Puts this socket at a table as `viewer`: the table's room and that viewer's room only. */
    const seat = async (tableId: string, viewer: string, watchingFull: boolean) => {
      const before = viewerAt.get(tableId);
      const rooms = [tableRoom(tableId), viewerRoom(tableId, viewer)];
      if (watchingFull) rooms.push(fullWatchersRoom(tableId));
      for (const room of socket.rooms)
        if (room.startsWith(`${tableRoom(tableId)}/`) && !rooms.includes(room)) await socket.leave(room);
      await socket.join(rooms);
      viewerAt.set(tableId, viewer);
      return before;
    };

    on("table-subscribe", async (payload, ack) => {
      const answer = (a: TableSubscribeAck) => (typeof ack === "function" ? ack(a) : undefined);
      const parsed = tableSubscribeSchema.safeParse(payload);
      if (!parsed.success)
        return answer({ ok: false, reason: "Bad request.", code: TABLE_REFUSALS.badRequest });
      const row = await mayWatchLight(db, socket, parsed.data.tableId);
      if (!row) return answer({ ok: false, reason: TABLE_NOT_FOUND, code: TABLE_REFUSALS.notFound });
      // The row a turn's check reads (mayPlay): a subscribed tab's first turn asks the database nothing.
      if (!cleared.has(row.table.id)) clearFor(row);
      const { table, project } = row;
      const wantsFull = parsed.data.fullView === true;
      if (
        wantsFull &&
        !mayWatchFullView(table, actor, project) &&
        viewerOf(table, actor, project, false) !== FULL_VIEW
      )
        return answer({
          ok: false,
          reason:
            "Only the project's admins, designers and site admins who hold no seat may watch with the full view.",
          code: TABLE_REFUSALS.notAllowed,
        });
      const viewer = viewerOf(table, actor, project, wantsFull);
      // The full view is a privilege only where the others see less: there the players are told.
      const privileged = viewer === FULL_VIEW && viewerOf(table, actor, project, false) !== FULL_VIEW;
      const wasWatching = socket.rooms.has(fullWatchersRoom(table.id));
      const before = await seat(table.id, viewer, privileged);
      if (privileged !== wasWatching) await tellFullViewers(io, table.id);
      const seated = table.seats.some((s) => s.userId === actor.id);
      if (seated) presence.arrived(socket, table.id);
      // Everyone at the table sees who watches without a seat (a list made anew as one comes or goes).
      const watchers = seated
        ? presence.watchers(table.id, table.seats)
        : presence.watcherArrived(socket, table.id, table.seats);
      // Who is here now, asked of every instance while the snapshot is made: a page that was away
      // (a lost connection, or changes between its table load and this) learns it again.
      const connected = presence.connected(table.id, table.seats);
      // What the client missed since its last seq (the resume after a reconnect or a restart), and its
      // view whole when it missed anything, asked from the start, or became another viewer.
      const snapshot = await hub.viewerSnapshot(table.id, viewer, parsed.data.lastSeq);
      const fullViewers = knownFullViewers(io, table.id);
      const undoRequest = undoRequests.pending(table.id);
      const asking = undoRequest === undefined ? {} : { undoRequest };
      if (!snapshot) {
        return answer({
          ok: true,
          status: table.status,
          expected_move_id: table.expectedMoveId,
          viewer,
          events: [],
          fullViewers,
          connectedPlayers: await connected,
          watchers: await watchers,
          ...asking,
        });
      }
      const whole = parsed.data.lastSeq < 0 || snapshot.events.length > 0 || before !== viewer;
      // A bot due at a table opened after a restart, or on this instance, plays from here on.
      if (snapshot.status === "midgame") bots.nudge(table.id, table.seats);
      answer({
        ok: true,
        status: snapshot.status,
        expected_move_id: snapshot.lastSeq + 1,
        viewer,
        ...(whole ? { situation: snapshot.situation } : {}),
        events: snapshot.events,
        fullViewers,
        connectedPlayers: await connected,
        watchers: await watchers,
        ...asking,
      });
    });

    /**
     * One pipeline for turns and undos: parse, check the socket may play at the table, submit to the
     * table's queue, then answer the sender (refusal, or the stored event of a retry) or send each
     * viewer at the table its own copy of the new event.
     */
    const submit = async (
      payload: unknown,
      parse: (
        p: unknown,
      ) => { success: true; data: unknown } | { success: false; error: { issues: { message: string }[] } },
      run: (data: never, viewer: string) => Promise<TurnAnswer>,
    ) => {
      const { tableId } = addressOf(payload);
      const reject = (reason: string, code: string) => refuse(payload, reason, code);
      const parsed = parse(payload);
      if (!parsed.success)
        return reject(
          `System error: ${parsed.error.issues[0]?.message ?? "bad request"}`,
          TABLE_REFUSALS.badRequest,
        );
      // The viewer this socket was made at the table by its own subscribe (from its user and seat):
      // every answer to a turn, a retry's stored event included, is that viewer's copy. A socket that
      // never subscribed is told nothing about the table, not even an old event by its turn id.
      const viewer = viewerAt.get(tableId);
      if (viewer === undefined) return reject(NOT_AT_TABLE, TABLE_REFUSALS.notAtTable);
      const refusal = await mayPlay(tableId);
      if (refusal) return reject(refusal.reason, refusal.code);
      const answer = await run(parsed.data as never, viewer);
      if (answer.kind === "reject") return reject(answer.reason, answer.code);
      // The sender waits for an answer to every turn; a silent no-op would leave it 'waiting for the server'.
      if (answer.kind === "noop") return reject(NOTHING_HAPPENED, TABLE_REFUSALS.nothingHappened);
      const type = answer.event.kind === "undo" ? "undo" : "game-move";
      if (answer.kind === "duplicate")
        return socket.emit("table-event", { tableId, type, event: answer.event });
      sendEvent(tableId, type, answer);
      // A request to take back a move is about the table as it was: a new turn ends it.
      if (type === "game-move") undoRequests.moved(tableId);
      bots.nudge(tableId, answer.row.seats);
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

    /**
     * Each viewer's copy of a new event. The holder hands viewers who are sent the same the very same
     * event object, so they share one message, serialised once.
     */
    const sendEvent = (
      tableId: string,
      type: "game-move" | "undo" | "reload-data-sheet" | "reload-decks",
      answer: Extract<TurnAnswer, { kind: "event" }>,
    ) => sendTableEvent(io, alone, tableId, type, answer);

    on("game-move", (payload) => {
      // The turn's size as sent, before it is parsed or evaluated (caps.ts).
      const over = hub.caps.payload(payload);
      if (over) return refuse(payload, over.reason, over.code);
      return submit(
        payload,
        (p) => gameMoveSchema.safeParse(p),
        (data: z.output<typeof gameMoveSchema>, viewer) => hub.submitTurn(actor, data, viewer, Date.now()),
      );
    });
    on("undo", (payload) =>
      submit(
        payload,
        (p) => undoSchema.safeParse(p),
        (data: z.output<typeof undoSchema>, viewer) => hub.submitUndo(actor, data, viewer, Date.now()),
      ),
    );

    /**
     * Undo requests (undoRequests.ts): from a socket subscribed to the table and cleared to play there,
     * as every undo; the module decides the rest, and its refusals go back as any turn's.
     */
    const viaRequests = async (
      payload: unknown,
      schema: typeof undoRequestSchema | typeof undoAnswerSchema,
      run: (viewer: string) => Promise<{ reason: string; code: string } | null>,
    ) => {
      // Malformed first, as every table event: such a payload names no table to be at.
      const parsed = schema.safeParse(payload);
      if (!parsed.success)
        return refuse(
          payload,
          `System error: ${parsed.error.issues[0]?.message ?? "bad request"}`,
          TABLE_REFUSALS.badRequest,
        );
      const { tableId } = parsed.data;
      const viewer = viewerAt.get(tableId);
      if (viewer === undefined) return refuse(payload, NOT_AT_TABLE, TABLE_REFUSALS.notAtTable);
      const cleared = await mayPlay(tableId);
      if (cleared) return refuse(payload, cleared.reason, cleared.code);
      const refusal = await run(viewer);
      if (refusal) refuse(payload, refusal.reason, refusal.code);
    };
    on("undo-request", (payload) =>
      viaRequests(payload, undoRequestSchema, (viewer) =>
        undoRequests.ask(actor, viewer, payload, Date.now()),
      ),
    );
    on("undo-answer", (payload) =>
      viaRequests(payload, undoAnswerSchema, (viewer) =>
        undoRequests.answer(actor, viewer, payload, Date.now()),
      ),
    );

    /** Reloads (game-table.md section 6: site admins and project designers): one turn for everyone. */
    const reload = async (payload: unknown, what: "data sheet" | "decks") => {
      const parsed = tableIdSchema.safeParse(payload ?? {});
      const tableId = parsed.success ? parsed.data.tableId : "";
      const reject = (reason: string, code: string) =>
        socket.emit("table-event-reject", { tableId, turnUID: "", reason, code });
      if (!parsed.success) return reject("System error: bad request", TABLE_REFUSALS.badRequest);
      const row = await mayWatch(db, socket, tableId);
      if (!row) return reject(TABLE_NOT_FOUND, TABLE_REFUSALS.notFound);
      if (!mayMaintainDecks(actor, row.project)) {
        return reject(
          "Only the project's designers and site admins may reload a table.",
          TABLE_REFUSALS.notAllowed,
        );
      }
      const decks = decksOf(row.project);
      const move: ReloadDataMove =
        what === "data sheet"
          ? { type: "reload data", dataSheet: row.project.dataSheet ?? null }
          : {
              type: "reload data",
              deckData: deckInfosOf(decks),
            };
      const answer = await hub.submitReload(
        actor,
        tableId,
        move,
        what === "decks" ? decks : null,
        Date.now(),
      );
      if (answer.kind === "reject") return reject(answer.reason, answer.code);
      if (answer.kind !== "event") return;
      sendEvent(tableId, what === "decks" ? "reload-decks" : "reload-data-sheet", answer);
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
      const reject = (reason: string, code: string) =>
        socket.emit("table-event-reject", { tableId, turnUID: "", reason, code });
      if (!parsed.success) return reject("System error: bad request", TABLE_REFUSALS.badRequest);
      const row = await mayWatch(db, socket, tableId);
      if (!row) return reject(TABLE_NOT_FOUND, TABLE_REFUSALS.notFound);
      if (!mayMaintainDecks(actor, row.project)) {
        return reject(
          "Only the project's designers and site admins may reload a table.",
          TABLE_REFUSALS.notAllowed,
        );
      }
      if (!(await hub.setComponents(tableId, componentsFor(row.project, type)))) {
        return reject("The table has not started yet.", TABLE_REFUSALS.notMidgame);
      }
      broadcastPublic(io, tableId, "table-event", { tableId, type });
    };
    on("reload components", (payload) => reloadComponents(payload, "reload-components"));
    on("reload dev editor components", (payload) =>
      reloadComponents(payload, "reload-dev-editor-components"),
    );

    on("chat message", async (payload) => {
      const parsed = chatSendSchema.safeParse(payload);
      if (!parsed.success)
        return refuse(payload, `System error: ${parsed.error.issues[0]?.message}`, TABLE_REFUSALS.badRequest);
      const { tableId } = parsed.data;
      if (!socket.rooms.has(tableRoom(tableId)))
        return refuse(payload, NOT_AT_TABLE, TABLE_REFUSALS.notAtTable);
      const message = parsed.data.message.trim();
      if (!message) return refuse(payload, "A chat message cannot be empty.", TABLE_REFUSALS.badRequest);
      // Everyone's chat at one table together: a flood fills no table's history (issue 20).
      if (shared) {
        const perMinute = shared.chatPerMinute;
        const rate = { perSecond: perMinute / 60, burst: Math.max(1, Math.ceil(perMinute / 4)) };
        if (!(await shared.rates.take([{ key: `chat:${tableId}`, rate }])))
          return refuse(payload, LIMIT_MESSAGES.chatTooFast(perMinute), TABLE_REFUSALS.chatTooFast);
      }
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
      broadcastPublic(io, tableId, "table-event", { tableId, type: "chat-message", chat });
    });

    // A ping marks a spot for a few seconds; a flood past the bucket is dropped without an alert each.
    on(
      "ping",
      (payload) => {
        const parsed = pingSendSchema.safeParse(payload);
        if (!parsed.success)
          return refuse(
            payload,
            `System error: ${parsed.error.issues[0]?.message}`,
            TABLE_REFUSALS.badRequest,
          );
        if (!socket.rooms.has(tableRoom(parsed.data.tableId)))
          return refuse(payload, NOT_AT_TABLE, TABLE_REFUSALS.notAtTable);
        broadcastPublic(io, parsed.data.tableId, "ping", {
          tableId: parsed.data.tableId,
          sourcePlayer: actor.username,
          data: { x: parsed.data.x, y: parsed.data.y },
        });
      },
      { refuseQuietly: true },
    );
  };

  /**
   * The handlers are installed at a socket's first table event, not at its connection: most sockets
   * are a lobby's or a home page's and never send one, and the handlers' closures and state were 5.8
   * of an idle socket's 18.0 KB of heap (issue 21, point 4: <= 16 KB). Socket.IO hands an event to
   * the 'any' listeners before its own listeners, so the event that installs them reaches them too.
   */
  function installAtFirstTableEvent(this: AppSocket, event: unknown) {
    if (typeof event !== "string" || !TABLE_EVENTS.has(event)) return;
    this.offAny(installAtFirstTableEvent);
    install(this);
  }
  return (socket: AppSocket) => {
    socket.onAny(installAtFirstTableEvent);
  };
}

/** Every event the table handlers listen to (on() refuses any other). */
const TABLE_EVENTS: ReadonlySet<string> = new Set([
  "table-subscribe",
  "game-move",
  "undo",
  "undo-request",
  "undo-answer",
  "reload data sheet",
  "reload decks",
  "reload components",
  "reload dev editor components",
  "chat message",
  "ping",
]);

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
