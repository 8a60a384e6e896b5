import { randomUUID } from "node:crypto";
import path from "node:path";
import {
  type Action,
  activeSeats,
  activeState,
  createTableHolder,
  createViewerLog,
  effectiveTurns,
  lastSeq,
  nextInt,
  type RuleContext,
  randomTurn,
  receiveViewEvent,
  type Situation,
  seedRng,
  type TableEvent,
  type ViewEvent,
  type ViewerLog,
} from "@tt/engine";
import { type ComponentTree, piecesOf, registry } from "@tt/games";
import {
  resolveOptionValues,
  type TableEventMessage,
  type TableRejectMessage,
  type TableSubscribeAck,
} from "@tt/protocol";
import { eq, inArray } from "drizzle-orm";
import { io } from "socket.io-client";
import { type Database, openPglite, openPostgres } from "../../../packages/server/src/db/connect";
import { projects, tableEvents, tables, users } from "../../../packages/server/src/db/schema";
import { possibleColors, projectOptions } from "../../../packages/server/src/projects/load";
import { turnRowChange } from "../../../packages/server/src/tables/eventStore";
import { newTableId } from "../../../packages/server/src/tables/ids";
import { freshStart } from "../../../packages/server/src/tables/service";
import { tileStatsOf } from "../../../packages/server/src/tables/tileStats";
import { chooseTurn } from "./choose";
import type { Deployment } from "./deploy";
import type { BotSocket } from "./seat";
import type { BotUser } from "./users";
import { type DatabaseRead, serverHolder, situationHash } from "./verify";

// Tables that are already deep in a game when a server starts: what the restart and open-tables
// modes need (issue 21, points 4 and 5). Playing 1,000 x 200 turns through a server would take the
// better part of an hour at the turn rates docs/load.md measures, so the games are played here, with
// the engine's table holder (the very fold the server runs), on starts the server's own freshStart
// makes from the project row, and their rows are written with the server's schema into its
// database while it is stopped. What a table then costs the server (reading its row and log,
// folding it, a seat's view) is exactly what it costs after a real game.
//
// A Night Market game ends after 40 to 60 turns, so a started game of 200 events is one whose
// players often took a turn back: about 115 turns and 85 undos, at most IN_EFFECT turns standing.

const SLUG = "night-market";
const SEATS = 4;
/** Turns left standing at most: far from the end of the game (the shortest games end near 40). */
const IN_EFFECT = 25;
const INSERT_ROWS = 2000;

/** One written table: its id, who sits where, whose turn it is, and what its rules read. */
export interface StoredTable {
  id: string;
  /** Which of the played games it holds (several tables may hold copies of one). */
  game: number;
  seats: { color: string; user: BotUser }[];
  /** The seat the rules make active after the log (the one that plays the next turn). */
  active: string;
  ctx: RuleContext;
  events: number;
}

interface PlayedGame {
  start: ReturnType<typeof freshStart>;
  events: TableEvent[];
  /** The situation after the events. */
  live: Situation;
  active: string;
  ctx: RuleContext;
  turns: number;
}

/**
 * A game of `count` events from `start`, its turns chosen at random by the engine's random player on
 * the full situation, and about six turns in ten taken back by their player. Null when it ended or
 * stuck before `count` (the caller tries another start).
 */
function playGame(
  start: ReturnType<typeof freshStart>,
  options: RuleContext["options"],
  count: number,
  seed: number,
): PlayedGame | null {
  const module = registry.moduleFor(SLUG);
  const ctx: RuleContext = { pieces: piecesOf(start.components as unknown as ComponentTree), options };
  const holder = createTableHolder({ start: start.situation, module, project: ctx, snapshotEvery: 50 });
  const rng = { state: seedRng(seed) };
  const draw = (n: number) => {
    const [i, next] = nextInt(rng.state, n);
    rng.state = next;
    return i;
  };
  // Played over the last `count` seconds: the timestamps look like a real game's.
  const t0 = Date.now() - count * 1000;
  let refused = 0;
  let turns = 0;
  while (holder.events.length < count) {
    const live = holder.live;
    if (live.ended || refused > 20) return null;
    const seq = holder.events.length;
    const timestamp = t0 + seq * 1000;
    const last = holder.events[seq - 1];
    if (last?.kind === "turn" && (effectiveTurns(holder.events).length > IN_EFFECT || draw(10) < 6)) {
      // Refused when the rules prevent it (a card drawn) or the state is everyone's: then play on.
      if (holder.undo({ seat: last.actor, timestamp }).ok) continue;
    }
    const seat = activeSeats(live)[0];
    if (seat === undefined) return null;
    const actions: Action[] | null =
      activeState(live).delayedEval !== null
        ? [{ kind: "delayed eval" }]
        : randomTurn(live, seq, seat, module, holder.ctx, rng);
    if (actions === null) return null;
    const played = holder.play({ seat, actions, timestamp, turnUID: `g${seed}-${seq}`, editMode: false });
    if (!played.ok) refused++;
    else if (played.value.event !== null) turns++;
  }
  const active = activeSeats(holder.live)[0];
  if (holder.live.ended || active === undefined) return null;
  return { start, events: [...holder.events], live: holder.live, active, ctx, turns };
}

/** The server's database, opened by this process while the server is stopped (PGlite is locked to one). */
function openServerDatabase(env: Deployment["env"]): Promise<Database> {
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL);
  if (!env.DATA_DIR) throw new Error("the deployment has neither DATABASE_URL nor DATA_DIR");
  // main.ts keeps the embedded database under DATA_DIR/pg.
  return openPglite(path.join(env.DATA_DIR, "pg"));
}

export interface Written {
  tables: StoredTable[];
  /** Distinct games played (tables beyond that hold copies). */
  games: number;
  /** Turn events per game, mean (the rest of the events are undos). */
  turns: number;
  playSeconds: number;
  writeSeconds: number;
  /** JSON bytes of one table's start and log, mean. */
  bytesPerTable: number;
  /** A fresh fold of one table here (holder + every event + one seat's view), mean ms. */
  foldMs: number;
}

/**
 * Writes `count` started Night Market tables of `events` events each into the deployment's database
 * (call it while the server is stopped). `games` distinct games are played; table i holds game
 * floor(i * games / count), so neighbouring tables share one and any spread-out sample differs.
 * Seat j of table t is user j * group + (t mod group), as in the steady run.
 */
export async function writeTables(
  deployment: Deployment,
  bots: readonly BotUser[],
  count: number,
  events: number,
  games: number,
): Promise<Written> {
  const database = await openServerDatabase(deployment.env);
  try {
    const { db } = database;
    const [project] = await db.select().from(projects).where(eq(projects.slug, SLUG));
    if (!project) throw new Error(`no project '${SLUG}' in the server's database`);
    const ids = new Map(
      (
        await db
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(
            inArray(
              users.username,
              bots.map((b) => b.name),
            ),
          )
      ).map((u) => [u.username, u.id]),
    );
    const colors = possibleColors(project).slice(0, SEATS);
    // A table created with the options left as they are (createTable resolves them so).
    const resolved = resolveOptionValues(projectOptions(project), {}, false);
    if (!resolved.ok) throw new Error(resolved.message);
    const options = resolved.values;
    const t0 = performance.now();
    const played: PlayedGame[] = [];
    for (let k = 0; played.length < Math.min(games, count); k++) {
      if (k > games * 20) throw new Error(`could not play ${games} games of ${events} events`);
      const start = freshStart(
        project,
        colors.map((color) => ({ color, userId: null, username: null })),
        options,
      );
      const game = playGame(start, options, events, k + 1);
      if (game) played.push(game);
    }
    const playSeconds = (performance.now() - t0) / 1000;

    const t1 = performance.now();
    const group = Math.floor(bots.length / SEATS);
    const stored: StoredTable[] = [];
    const rows: (typeof tables.$inferInsert)[] = [];
    const eventRows: (typeof tableEvents.$inferInsert)[] = [];
    const flush = async (all: boolean) => {
      // A table's row before its events (the events' foreign key).
      const eventsDue = eventRows.length >= INSERT_ROWS || (all && eventRows.length > 0);
      if (rows.length >= 100 || ((all || eventsDue) && rows.length > 0))
        await db.insert(tables).values(rows.splice(0));
      while (eventRows.length >= INSERT_ROWS || (all && eventRows.length > 0))
        await db.insert(tableEvents).values(eventRows.splice(0, INSERT_ROWS));
    };
    for (let t = 0; t < count; t++) {
      const k = Math.floor((t * played.length) / count);
      const game = played[k]!;
      const seats = colors.map((color, j) => {
        const user = bots[j * group + (t % group)]!;
        const userId = ids.get(user.name);
        if (userId === undefined) throw new Error(`no user '${user.name}' in the database`);
        return { color, user, userId };
      });
      const id = newTableId();
      // The row's counters as the turns' writes would have left them (eventStore.ts).
      const change = turnRowChange(game.live, Date.now(), false);
      rows.push({
        id,
        projectSlug: SLUG,
        status: "midgame",
        tableMode: "competitive-edit",
        isPrivate: false,
        creatorId: seats[0]!.userId,
        startedAt: new Date(Date.now() - events * 1000),
        options,
        possibleColors: colors,
        seats: seats.map((s) => ({ color: s.color, userId: s.userId, username: s.user.name })),
        componentsVersion: project.componentsVersion,
        decks: game.start.decks as Record<string, unknown>,
        expectedMoveId: game.events.length,
        turnsPlayed: game.turns,
        activePlayer: change.activePlayer,
        startSituation: game.start.situation,
        components: game.start.components,
        tileStats: tileStatsOf(registry.moduleFor(SLUG), game.live, game.ctx),
      });
      const userOf = (color: string) => seats.find((s) => s.color === color)?.userId ?? null;
      for (const event of game.events)
        eventRows.push({
          tableId: id,
          seq: event.seq,
          kind: event.kind,
          turnUid: event.kind === "turn" ? event.turnUID : `undo-${event.seq}`,
          userId: userOf(event.actor),
          event,
        });
      stored.push({
        id,
        game: k,
        seats: seats.map((s) => ({ color: s.color, user: s.user })),
        active: game.active,
        ctx: game.ctx,
        events: game.events.length,
      });
      await flush(false);
    }
    await flush(true);
    const writeSeconds = (performance.now() - t1) / 1000;

    const bytes = played.map(
      (g) => JSON.stringify(g.start.situation).length + JSON.stringify(g.events).length,
    );
    const sampleFolds = played.slice(0, 10);
    const t2 = performance.now();
    for (const g of sampleFolds) {
      const holder = createTableHolder({
        start: g.start.situation,
        module: registry.moduleFor(SLUG),
        project: g.ctx,
        snapshotEvery: 50,
      });
      for (const e of g.events) holder.append(e);
      holder.view(g.active);
    }
    return {
      tables: stored,
      games: played.length,
      turns: played.reduce((a, g) => a + g.turns, 0) / played.length,
      playSeconds,
      writeSeconds,
      bytesPerTable: bytes.reduce((a, b) => a + b, 0) / bytes.length,
      foldMs: (performance.now() - t2) / sampleFolds.length,
    };
  } finally {
    await database.close();
  }
}

/** A seat's tab at one stored table: its own socket, authenticated by its user's session cookie. */
export function connectSeat(url: string, user: BotUser): Promise<BotSocket> {
  const socket: BotSocket = io(url, {
    transports: ["websocket"],
    extraHeaders: { cookie: user.http.cookie },
    auth: { sessionId: randomUUID() },
    forceNew: true,
    reconnection: false,
    timeout: 60_000,
  });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (err) => {
      socket.close();
      reject(err);
    });
  });
}

export interface TurnTaken {
  table: StoredTable;
  /** performance.now() when the sender got its turn's event back: the server accepted it. */
  acceptedAt: number;
  /** The seat's view after that event (the check compares it with a fold of the log). */
  log: ViewerLog;
  event: ViewEvent;
  /** Turns sent until one was accepted (a turn that needs what the view hides may be refused). */
  tries: number;
}

const TURN_TIMEOUT_MS = 120_000;

/**
 * What the table page does when it comes back: 'table-subscribe' from -1 (the whole view and the
 * log's headers: the server loads the table from its log here if it has not yet), then one turn,
 * chosen on that view as the steady run's bots choose, until the server accepts one.
 */
export async function playOneTurn(socket: BotSocket, table: StoredTable, seed: number): Promise<TurnTaken> {
  const ack: TableSubscribeAck = await socket
    .timeout(TURN_TIMEOUT_MS)
    .emitWithAck("table-subscribe", { tableId: table.id, lastSeq: -1 });
  if (!ack.ok) throw new Error(`${table.id}: table-subscribe refused: ${ack.reason}`);
  if (!ack.situation) throw new Error(`${table.id}: table-subscribe answered without the view`);
  let log = createViewerLog(ack.viewer, ack.situation, ack.events);
  if (lastSeq(log) !== table.events - 1)
    throw new Error(`${table.id}: the server holds ${lastSeq(log) + 1} events, not ${table.events}`);
  const module = registry.moduleFor(SLUG);
  const rng = { state: seedRng(seed) };
  for (let tries = 1; tries <= 20; tries++) {
    const choice = chooseTurn(log, table.active, module, table.ctx, rng);
    if (choice.kind === "none") throw new Error(`${table.id}: ${table.active} has no turn on its view`);
    // The log was written minutes ago: any delay the state waits for has long passed.
    const actions: Action[] = choice.kind === "delayed" ? [{ kind: "delayed eval" }] : choice.actions;
    const turnUID = `restart-${table.id}-${tries}`;
    const answer = new Promise<ViewEvent | string>((resolve) => {
      const timer = setTimeout(() => done(`no answer in ${TURN_TIMEOUT_MS / 1000} s`), TURN_TIMEOUT_MS);
      const onEvent = (m: TableEventMessage) => {
        if (m.tableId === table.id && "event" in m && m.event.kind === "turn" && m.event.turnUID === turnUID)
          done(m.event);
      };
      const onReject = (m: TableRejectMessage) => {
        if (m.turnUID === turnUID) done(m.reason);
      };
      const done = (v: ViewEvent | string) => {
        clearTimeout(timer);
        socket.off("table-event", onEvent);
        socket.off("table-event-reject", onReject);
        resolve(v);
      };
      socket.on("table-event", onEvent);
      socket.on("table-event-reject", onReject);
    });
    socket.emit("game-move", {
      tableId: table.id,
      moveId: lastSeq(log) + 1,
      turnUID,
      actions,
      editMode: false,
      seat: table.active,
    });
    const got = await answer;
    const acceptedAt = performance.now();
    if (typeof got === "string") {
      // A refusal by the rules (a turn the view could not predict) is tried again; no other.
      if (got.startsWith("no answer") || got.startsWith("System error"))
        throw new Error(`${table.id}: ${got}`);
      continue;
    }
    const received = receiveViewEvent(log, got);
    if (received.kind !== "applied")
      throw new Error(`${table.id}: the turn's event did not fit: ${received.kind}`);
    log = received.log;
    return { table, acceptedAt, log, event: got, tries };
  }
  throw new Error(`${table.id}: 20 turns refused`);
}

export interface FoldCheck {
  equal: number;
  differ: number;
  examples: string[];
}

/**
 * The accepted turn against the log: the table's start and log read from the database (now one
 * event longer) and folded here as the server folds them; the seat's view after the turn's event
 * must be that fold's view of its seat. A server that folded the log wrongly at its first load
 * would have sent a view or a patch that does not add up to it.
 */
export async function checkFolds(read: DatabaseRead, taken: readonly TurnTaken[]): Promise<FoldCheck> {
  const result: FoldCheck = { equal: 0, differ: 0, examples: [] };
  for (const t of taken) {
    let why: string | null = null;
    try {
      const holder = await serverHolder(read, t.table.id);
      if (holder.events.length !== t.table.events + 1)
        why = `the log holds ${holder.events.length} events, not ${t.table.events + 1}`;
      else if (situationHash(holder.view(t.table.active)) !== situationHash(t.log.view))
        why = "the seat's view differs from the fold of the log";
    } catch (err) {
      why = (err as Error).message;
    }
    if (why === null) result.equal++;
    else {
      result.differ++;
      if (result.examples.length < 5) result.examples.push(`${t.table.id}: ${why}`);
    }
  }
  return result;
}
