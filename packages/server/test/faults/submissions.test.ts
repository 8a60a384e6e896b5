import {
  type Action,
  createViewerLog,
  mayAct,
  receiveViewEvent,
  type Situation,
  type TableHolder,
  type ViewEvent,
} from "@tt/engine";
import { registry } from "@tt/games";
import {
  TABLE_REFUSALS,
  type TableEventMessage,
  type TableLoadResponse,
  type TableRejectMessage,
  type TableSubscribeAck,
} from "@tt/protocol";
import { asc, eq } from "drizzle-orm";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../src/auth/permissions";
import { tableEvents, tables, users } from "../../src/db/schema";
import { TableHub, type TurnAnswer } from "../../src/tables/hub";
import { fullTable } from "../fullTable";
import { startTestServer, type TestServer } from "../harness";
import { click, legalTurn, random, ruleContext, square } from "./chessBot";
import { redisPrefix, scaleOutEnabled } from "./instances";
import { chessTable, type Person, people, until, whiteSeat } from "./world";

// Fault (c): turns sent twice, replayed later, sent out of order, and two turns racing for one seq
// from two instances. The (table, seq) key and the turn id decide: exactly one turn is written for a
// seq, a retry gets the event it produced, a stale or early seq gets 'outOfSync', and nothing else
// changes. Runs on the embedded database and, in the PostgreSQL run, also across two instances
// joined by Redis. The tests that drive hubs directly keep the table as the server does (the engine's
// table holder, from the table's start in the database); the ones over sockets see what a client
// sees, each event as its viewer receives it.

let server: TestServer;
let second: TestServer | undefined;
let folks: Record<"red" | "blue" | "watcher", Person>;
const opened: Socket[] = [];

beforeAll(async () => {
  const env = scaleOutEnabled
    ? { REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: redisPrefix("submissions") }
    : ({} as Record<string, string>);
  server = await startTestServer({ RATE_LIMIT_PER_IP: "10000", ...env });
  if (scaleOutEnabled)
    second = await startTestServer({ RATE_LIMIT_PER_IP: "10000", ...env }, server.database);
  const [red, blue, watcher] = await people(server.url, ["sub_red", "sub_blue", "sub_watch"], () =>
    server.invite(),
  );
  folks = { red: red!, blue: blue!, watcher: watcher! };
});
afterAll(async () => {
  for (const s of opened) s.close();
  await second?.close();
  await server.close();
});

/** A tab at the table: the subscription's answer, and the events and refusals it receives, in order. */
async function tab(url: string, who: Person, tableId: string) {
  const socket: Socket = io(url, {
    transports: ["websocket"],
    extraHeaders: { cookie: who.cookie },
    reconnection: false,
    forceNew: true,
  });
  opened.push(socket);
  const events: ViewEvent[] = [];
  const rejects: TableRejectMessage[] = [];
  socket.on("table-event", (m: TableEventMessage) => {
    if (m.tableId === tableId && "event" in m && m.event) events.push(m.event);
  });
  socket.on("table-event-reject", (m: TableRejectMessage) => rejects.push(m));
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  const ack = (await socket.emitWithAck("table-subscribe", { tableId, lastSeq: -1 })) as TableSubscribeAck & {
    ok: true;
  };
  const send = (moveId: number, actions: Action[], turnUID: string) =>
    socket.emit("game-move", { tableId, moveId, turnUID, actions, editMode: false });
  /** The tab's view: the one it subscribed with, each event received folded in (a repeat changes nothing). */
  const view = (): Situation => {
    let log = createViewerLog(ack.viewer, ack.situation!, ack.events);
    for (const event of events) {
      const r = receiveViewEvent(log, event);
      if (r.kind === "gap" || r.kind === "error") throw new Error(`event ${event.seq}: ${r.kind}`);
      if (r.kind === "applied") log = r.log;
    }
    return log.view;
  };
  return { socket, events, rejects, send, view };
}

/** A new chess table with tabs for White, Black and a spectator. */
async function game(url = server.url) {
  const load = await chessTable(url, folks.red, folks.blue);
  const [white, black] = whiteSeat(load) === "red" ? [folks.red, folks.blue] : [folks.blue, folks.red];
  return {
    load,
    tableId: load.tableId,
    white: await tab(url, white, load.tableId),
    black: await tab(url, black, load.tableId),
    watcher: await tab(url, folks.watcher, load.tableId),
  };
}

async function stored(tableId: string) {
  const rows = await server.database.db
    .select({ seq: tableEvents.seq, turnUid: tableEvents.turnUid })
    .from(tableEvents)
    .where(eq(tableEvents.tableId, tableId))
    .orderBy(asc(tableEvents.seq));
  return rows.map((r) => `${r.seq}:${r.turnUid}`);
}

/** The stored user of each person, as the actor a hub is handed. */
async function actors(): Promise<(who: Person) => Actor> {
  const rows = await server.database.db.select().from(users);
  return (who) => ({ id: rows.find((u) => u.username === who.name)!.id, username: who.name, role: "user" });
}

/** Who plays White and who Black at a new chess table of red and blue, and their seats. */
function sides(load: TableLoadResponse) {
  const whiteColor = whiteSeat(load);
  const [white, black] = whiteColor === "red" ? [folks.red, folks.blue] : [folks.blue, folks.red];
  return { white, black, whiteColor, blackColor: whiteColor === "red" ? "blue" : "red" };
}

const e4 = [click("white-pawn-e2"), square("e4")];
const e5 = [click("black-pawn-e7"), square("e5")];
const nf3 = [click("white-knight-g1"), square("f3")];
const nc6 = [click("black-knight-b8"), square("c6")];

describe("duplicate, replayed and out-of-order submissions", () => {
  it("plays a turn sent twice at once once, and answers both sends with its event", async () => {
    const g = await game();
    g.white.send(0, e4, "twice");
    g.white.send(0, e4, "twice");
    await until(() => g.white.events.length === 2, "both sends answered");
    expect(g.white.events[1]).toEqual(g.white.events[0]);
    expect(g.white.events[0]).toMatchObject({ seq: 0, turnUID: "twice" });
    g.black.send(1, e5, "reply");
    await until(() => g.watcher.events.length >= 2, "the reply watched");
    // Socket.IO keeps a connection's order: a second broadcast of seq 0 would have come before seq 1.
    expect(g.watcher.events.map((e) => e.seq)).toEqual([0, 1]);
    expect([...g.white.rejects, ...g.black.rejects]).toEqual([]);
    expect(await stored(g.tableId)).toEqual(["0:twice", "1:reply"]);
  });

  it("answers a replayed turn with its stored event and refuses an old seq with outOfSync, changing nothing", async () => {
    const g = await game();
    g.white.send(0, e4, "w0");
    await until(() => g.black.events.length === 1, "e4");
    g.black.send(1, e5, "b1");
    await until(() => g.white.events.length === 2, "e5");

    g.white.send(0, e4, "w0");
    await until(() => g.white.events.length === 3, "the replay answered");
    expect(g.white.events[2]).toEqual(g.white.events[0]);
    g.black.send(1, e5, "b1");
    await until(() => g.black.events.length === 3, "the second replay answered");
    expect(g.black.events[2]).toEqual(g.black.events[1]);
    g.white.send(0, nf3, "w0-again");
    await until(() => g.white.rejects.length === 1, "the stale seq refused");
    expect(g.white.rejects[0]).toMatchObject({
      turnUID: "w0-again",
      reason: "outOfSync",
      code: TABLE_REFUSALS.outOfSync,
    });

    g.white.send(2, nf3, "w2");
    await until(() => g.watcher.events.length === 3, "the next turn");
    expect(g.watcher.events.map((e) => e.seq)).toEqual([0, 1, 2]);
    expect(await stored(g.tableId)).toEqual(["0:w0", "1:b1", "2:w2"]);
  });

  it("refuses a turn sent ahead of its seq with outOfSync and takes the one in order", async () => {
    const g = await game();
    g.white.send(1, nf3, "ahead");
    await until(() => g.white.rejects.length === 1, "the early turn refused");
    expect(g.white.rejects[0]).toMatchObject({
      turnUID: "ahead",
      reason: "outOfSync",
      code: TABLE_REFUSALS.outOfSync,
    });
    expect(await stored(g.tableId)).toEqual([]);

    g.white.send(0, e4, "in-order");
    await until(() => g.black.events.length === 1, "e4");
    g.black.send(3, nc6, "far-ahead");
    g.black.send(1, e5, "b-in-order");
    await until(() => g.watcher.events.length === 2 && g.black.rejects.length === 1, "both answered");
    expect(g.black.rejects[0]).toMatchObject({
      turnUID: "far-ahead",
      reason: "outOfSync",
      code: TABLE_REFUSALS.outOfSync,
    });
    expect(await stored(g.tableId)).toEqual(["0:in-order", "1:b-in-order"]);
  });
});

describe("two instances racing for one seq", () => {
  const ROUNDS = 20;

  async function actors(): Promise<Record<string, Actor>> {
    const rows = await server.database.db.select().from(users);
    const by = (p: Person) => rows.find((u) => u.username === p.name)!;
    return {
      red: { id: by(folks.red).id, username: folks.red.name, role: "user" },
      blue: { id: by(folks.blue).id, username: folks.blue.name, role: "user" },
    };
  }

  /** The seat to move and two different legal turns for it. */
  function rivals(load: TableLoadResponse, live: Situation, seq: number, round: number) {
    const seat = mayAct(live, "red") ? "red" : "blue";
    const module = registry.moduleFor("chess");
    const ctx = ruleContext(load);
    const one = legalTurn(live, seq, seat, module, ctx, random(round * 2 + 1))!;
    let other = legalTurn(live, seq, seat, module, ctx, random(round * 2 + 2))!;
    for (let s = 3; JSON.stringify(other) === JSON.stringify(one) && s < 50; s++)
      other = legalTurn(live, seq, seat, module, ctx, random(round * 100 + s))!;
    return { seat, one, other };
  }

  it(`writes exactly one of two different turns for a seq (${ROUNDS} rounds); the other is outOfSync`, async () => {
    const { load, tableId } = await game();
    // Two hubs on one database are two instances: each has its own cache of the live situation.
    const hubs = [new TableHub(server.database.db), new TableHub(server.database.db)];
    const who = await actors();
    const table = await fullTable(server.database.db, tableId);
    for (let round = 0; round < ROUNDS; round++) {
      const seq = table.events.length;
      const { seat, one, other } = rivals(load, table.live, seq, round);
      const answers = await Promise.all(
        [one, other].map((actions, i) =>
          hubs[i]!.submitTurn(
            who[seat]!,
            { tableId, moveId: seq, turnUID: `race-${round}-${i}`, actions, editMode: false },
            seat,
            Date.now(),
          ),
        ),
      );
      const won = answers.filter((a): a is TurnAnswer & { kind: "event" } => a.kind === "event");
      const lost = answers.filter((a) => a.kind !== "event");
      expect(won).toHaveLength(1);
      expect(lost).toEqual([{ kind: "reject", reason: "outOfSync", code: TABLE_REFUSALS.outOfSync }]);
      table.append(won[0]!.event);
    }
    const rows = await stored(tableId);
    expect(rows).toHaveLength(ROUNDS);
    expect(rows).toEqual(table.events.map((e) => `${e.seq}:${e.kind === "turn" ? e.turnUID : ""}`));
  });

  it(`writes a turn sent to both instances at once once, and answers both with its event (${ROUNDS} rounds)`, async () => {
    const { load, tableId } = await game();
    const hubs = [new TableHub(server.database.db), new TableHub(server.database.db)];
    const who = await actors();
    const table = await fullTable(server.database.db, tableId);
    for (let round = 0; round < ROUNDS; round++) {
      const seq = table.events.length;
      const { seat, one } = rivals(load, table.live, seq, round);
      const move = { tableId, moveId: seq, turnUID: `same-${round}`, actions: one, editMode: false };
      const answers = await Promise.all(hubs.map((h) => h.submitTurn(who[seat]!, move, seat, Date.now())));
      expect(answers.map((a) => a.kind).sort()).toEqual(["duplicate", "event"]);
      // Both senders get the same event: the duplicate as the sender's viewer receives it.
      const written = answers.find((a): a is TurnAnswer & { kind: "event" } => a.kind === "event")!;
      const repeated = answers.find((a): a is TurnAnswer & { kind: "duplicate" } => a.kind === "duplicate")!;
      expect(repeated.event).toEqual(written.forViewer(seat));
      expect(repeated.event).toMatchObject({ seq, turnUID: `same-${round}` });
      table.append(written.event);
    }
    expect(await stored(tableId)).toHaveLength(ROUNDS);
  });

  describe.runIf(scaleOutEnabled)("over sockets, on two server instances joined by Redis", () => {
    it("lets one of the mover's two tabs (one per instance) win each seq; both spectators see the same log", async () => {
      const g = await game();
      const seats = { white: g.white, black: g.black };
      const whiteName = whiteSeat(g.load) === "red" ? folks.red : folks.blue;
      const blackName = whiteName === folks.red ? folks.blue : folks.red;
      const onB = {
        white: await tab(second!.url, whiteName, g.tableId),
        black: await tab(second!.url, blackName, g.tableId),
        watcher: await tab(second!.url, folks.watcher, g.tableId),
      };
      const players = [g.white, g.black, onB.white, onB.black];
      const refused = () => players.reduce((n, t) => n + t.rejects.length, 0);
      for (let round = 0; round < 10; round++) {
        const seq = round;
        // The board as the spectator sees it (chess hides nothing): each rival turn is legal on it.
        const { seat, one, other } = rivals(g.load, g.watcher.view(), seq, round);
        const side = seat === whiteSeat(g.load) ? "white" : "black";
        seats[side].send(seq, one, `sock-${round}-a`);
        onB[side].send(seq, other, `sock-${round}-b`);
        await until(
          () => g.watcher.events.length > seq && onB.watcher.events.length > seq && refused() > round,
          `round ${round} decided`,
        );
        expect(onB.watcher.events[seq]).toEqual(g.watcher.events[seq]);
      }
      const rejects = players.flatMap((t) => t.rejects);
      expect(rejects.map((r) => r.reason)).toEqual(Array(10).fill("outOfSync"));
      expect(g.watcher.events).toEqual(onB.watcher.events);
      expect(await stored(g.tableId)).toHaveLength(10);
      const table = await fullTable(server.database.db, g.tableId);
      for (const watcher of [g.watcher, onB.watcher]) expect(watcher.view()).toEqual(table.view("spectator"));
    });
  });
});

describe("an instance's cache of live situations", () => {
  it("plays on when it keeps fewer tables than are played, or another instance wrote last", async () => {
    // One hub keeps a single live situation and serves two tables in turn, so every turn finds its
    // table evicted; every third turn is written by another hub, so the next one must catch up.
    const small = new TableHub(server.database.db, 1);
    const other = new TableHub(server.database.db);
    const rows = await server.database.db.select().from(users);
    const actor = (name: string): Actor => ({
      id: rows.find((u) => u.username === name)!.id,
      username: name,
      role: "user",
    });
    const seats: Record<string, Actor> = { red: actor(folks.red.name), blue: actor(folks.blue.name) };
    // One after the other: a user keeps one unstarted table per project, a new one replaces it.
    const games = [await game(), await game()];
    const tables: TableHolder[] = [];
    for (const g of games) tables.push(await fullTable(server.database.db, g.tableId));
    const module = registry.moduleFor("chess");
    for (let turn = 0; turn < 24; turn++) {
      const i = turn % 2;
      const { load, tableId } = games[i]!;
      const table = tables[i]!;
      const seq = table.events.length;
      const seat = mayAct(table.live, "red") ? "red" : "blue";
      const actions = legalTurn(table.live, seq, seat, module, ruleContext(load), random(turn + 1))!;
      const hub = turn % 3 === 2 ? other : small;
      const answer = await hub.submitTurn(
        seats[seat]!,
        { tableId, moveId: seq, turnUID: `cache-${turn}`, actions, editMode: false },
        seat,
        Date.now(),
      );
      expect(answer.kind, `turn ${turn}`).toBe("event");
      if (answer.kind === "event") table.append(answer.event);
    }
    for (const [i, g] of games.entries()) {
      expect(await stored(g.tableId)).toHaveLength(12);
      expect(await small.situationAt(g.tableId, 12)).toEqual({ count: 12, situation: tables[i]!.live });
    }
  });
  it("plays on when two instances take turns at one table, each catching up with the other's turns", async () => {
    // As with two instances behind a proxy, the players of one table on different ones: each hub
    // keeps the table cached and must fold in the other's turn before evaluating its own.
    const hubs = [new TableHub(server.database.db), new TableHub(server.database.db)];
    const rows = await server.database.db.select().from(users);
    const actor = (name: string): Actor => ({
      id: rows.find((u) => u.username === name)!.id,
      username: name,
      role: "user",
    });
    const seats: Record<string, Actor> = { red: actor(folks.red.name), blue: actor(folks.blue.name) };
    const { load, tableId } = await game();
    const table = await fullTable(server.database.db, tableId);
    const module = registry.moduleFor("chess");
    for (let turn = 0; turn < 20; turn++) {
      const seq = table.events.length;
      const seat = mayAct(table.live, "red") ? "red" : "blue";
      const actions = legalTurn(table.live, seq, seat, module, ruleContext(load), random(turn + 7))!;
      const answer = await hubs[turn % 2]!.submitTurn(
        seats[seat]!,
        { tableId, moveId: seq, turnUID: `pair-${turn}`, actions, editMode: false },
        seat,
        Date.now(),
      );
      expect(answer.kind, `turn ${turn}`).toBe("event");
      if (answer.kind === "event") table.append(answer.event);
    }
    expect(await stored(tableId)).toHaveLength(20);
    for (const hub of hubs)
      expect(await hub.situationAt(tableId, 20)).toEqual({ count: 20, situation: table.live });
  });

  it("does not play from a cache whose table changed elsewhere: a seat handed over, the table ended", async () => {
    // Both changes are writes to the table's row that this hub did not make, as another instance (an
    // invite link, an admin) would make them. The hub's next turn must see them, not its cached row.
    const hub = new TableHub(server.database.db);
    const actor = await actors();
    const g = await game();
    const { white, black, whiteColor, blackColor } = sides(g.load);
    const play = (who: Person, moveId: number, actions: Action[]) =>
      hub.submitTurn(
        actor(who),
        { tableId: g.tableId, moveId, turnUID: `elsewhere-${moveId}-${who.name}`, actions, editMode: false },
        // The sender's viewer: White's seat, or the other one (Black's, later the watcher's).
        who === white ? whiteColor : blackColor,
        Date.now(),
      );
    expect((await play(white, 0, e4)).kind).toBe("event");

    const [row] = await server.database.db.select().from(tables).where(eq(tables.id, g.tableId));
    const watcher = actor(folks.watcher);
    const seats = row!.seats.map((s) =>
      s.userId === actor(black).id ? { ...s, userId: watcher.id, username: watcher.username } : s,
    );
    await server.database.db.update(tables).set({ seats }).where(eq(tables.id, g.tableId));
    const refused = await play(black, 1, e5);
    // No seat any more: the rules refuse them as a spectator.
    expect(refused).toEqual({
      kind: "reject",
      reason: "You cannot play now: Wait for your turn",
      code: "turn/not-your-turn",
    });
    expect((await play(folks.watcher, 1, e5)).kind).toBe("event");

    await server.database.db.update(tables).set({ status: "ended" }).where(eq(tables.id, g.tableId));
    expect(await play(white, 2, nf3)).toEqual({
      kind: "reject",
      reason: "You can only do moves in midgame tables.",
      code: TABLE_REFUSALS.notMidgame,
    });
    expect(await stored(g.tableId)).toEqual([
      `0:elsewhere-0-${white.name}`,
      `1:elsewhere-1-${folks.watcher.name}`,
    ]);
  });

  it("takes counters a caller read with its row (table-open) for no more than they say", async () => {
    // The counters stand for the hub's own read of them; read before a turn the queue has since
    // written, or before another instance's turn, the snapshot must still hold every turn stored.
    const hub = new TableHub(server.database.db);
    const other = new TableHub(server.database.db);
    const actor = await actors();
    const g = await game();
    const { white, black, whiteColor, blackColor } = sides(g.load);
    const play = (on: TableHub, who: Person, moveId: number, actions: Action[]) =>
      on.submitTurn(
        actor(who),
        { tableId: g.tableId, moveId, turnUID: `counters-${moveId}`, actions, editMode: false },
        who === white ? whiteColor : blackColor,
        Date.now(),
      );
    const counters = async () => {
      const [row] = await server.database.db.select().from(tables).where(eq(tables.id, g.tableId));
      const { rev, startedAt, expectedMoveId, turnsPlayed, activePlayer, edited } = row!;
      return { rev, startedAt, expectedMoveId, turnsPlayed, activePlayer, edited };
    };
    expect((await play(hub, white, 0, e4)).kind).toBe("event");
    const beforeTurn = await counters();
    expect((await play(hub, black, 1, e5)).kind).toBe("event");
    const stale = await hub.viewerSnapshot(g.tableId, "spectator", -1, beforeTurn);
    expect(stale?.lastSeq).toBe(1);
    expect(stale?.events.map((e) => e.turnUID)).toEqual(["counters-0", "counters-1"]);

    // Another instance's turn: counters read after it tell the hub to fold it in.
    expect((await play(other, white, 2, nf3)).kind).toBe("event");
    const fresh = await hub.viewerSnapshot(g.tableId, "spectator", 1, await counters());
    expect(fresh?.lastSeq).toBe(2);
    expect(fresh?.events.map((e) => e.turnUID)).toEqual(["counters-2"]);
    expect(fresh?.situation).toEqual((await other.viewerSnapshot(g.tableId, "spectator", 2))?.situation);
  });
});
