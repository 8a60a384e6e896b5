import { BOT_MESSAGES, type TableInfo, type TableLoadResponse, type TableLogResponse } from "@tt/protocol";
import { and, eq, isNull } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableEvents, tables } from "../src/db/schema";
import { type BotTableSignal, botChoiceWatchers, botTableWatchers } from "../src/tables/bots";
import { humanTurn } from "./botFixture";
import { type Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, openTab, type Role } from "./lobbyFixture";

// Bots cost their owner, not everyone (issue 36 point 4): caps per user on running tables with bots
// and on bot seats, counted in the database; a table's bots pause while nobody has it open and the
// table ends after an idle limit; in free play (the sandbox) bots only answer people. Everything is
// waited for by the driver's signals (botTableWatchers, botChoiceWatchers), never by sleeping.

/** Short limits, so that each cap is reached in a few requests. */
const TABLES_CAP = 2;
const SEATS_CAP = 4;

/**
 * Bots at test speed: no pause, no interval between one table's turns, and no budget or wait for a
 * quiet loop (this process runs the tests too; botPace.test.ts and the abuse suite test those).
 */
const FAST_BOTS = {
  BOT_DELAY_MIN_MS: "0",
  BOT_DELAY_MAX_MS: "20",
  BOT_TURN_INTERVAL_MS: "0",
  BOT_TABLE_MS_PER_MINUTE: "600000",
  BOT_LOOP_DELAY_MS: "1000",
};

let server: TestServer;
let as: Record<Role, Client>;
/** A server whose tables with bots end after 1.2 s idle, one running table with bots per user. */
let idle: TestServer;
let idleAs: Record<Role, Client>;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({
    RATE_LIMIT_PER_IP: "10000",
    BOT_TABLES_PER_USER: String(TABLES_CAP),
    BOT_SEATS_PER_USER: String(SEATS_CAP),
    ...FAST_BOTS,
  });
  as = await lobbyWorld(server);
  idle = await startTestServer({
    RATE_LIMIT_PER_IP: "10000",
    BOT_TABLES_PER_USER: "1",
    BOT_IDLE_END_MINUTES: "0.02",
    ...FAST_BOTS,
  });
  idleAs = await lobbyWorld(idle);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all([server?.close(), idle?.close()]);
});

/** A new competitive table of `slug` by `c`, nobody seated. */
async function newTable(c: Client, slug: string): Promise<string> {
  const res = await c.post(`/api/projects/${slug}/new-table`, {
    start_position: { options: {} },
    tableMode: "competitive-edit",
  });
  expect(res.status).toBe(200);
  return (res.json() as TableInfo).tableId;
}

const seatBot = (c: Client, slug: string, tableId: string, color: string) =>
  c.post(`/api/projects/${slug}/${tableId}/seat-bot`, { color, kind: "random" });
const start = (c: Client, slug: string, tableId: string) =>
  c.post(`/api/projects/${slug}/${tableId}/start-table`, {});
const join = async (c: Client, slug: string, tableId: string, color: string) =>
  expect((await c.get(`/api/projects/${slug}/join-table/${tableId}?color=${color}`)).status).toBe(200);

/** A started table of `slug` with a bot in each of `bots`, and `c` at `human` when given. */
async function botTable(c: Client, slug: string, bots: string[], human?: string): Promise<string> {
  const tableId = await newTable(c, slug);
  if (human) await join(c, slug, tableId, human);
  for (const color of bots) expect((await seatBot(c, slug, tableId, color)).status).toBe(200);
  expect((await start(c, slug, tableId)).status).toBe(200);
  return tableId;
}

async function tab(on: TestServer, c: Client, tableId: string): Promise<Socket> {
  const s = await openTab(on, c, `tab-${Math.random()}`);
  sockets.push(s);
  await s.emitWithAck("table-subscribe", { tableId, lastSeq: -1 });
  return s;
}

/** The next `what` of the table's bots. Asked for before what causes it. */
function signal(tableId: string, what: BotTableSignal): Promise<void> {
  return new Promise((resolve) => {
    const watch = (s: { tableId: string; what: BotTableSignal }) => {
      if (s.tableId !== tableId || s.what !== what) return;
      botTableWatchers.delete(watch);
      resolve();
    };
    botTableWatchers.add(watch);
  });
}

/** The bots' choices at a table from now on: their seats, and a wait for the n-th. */
function choicesAt(tableId: string) {
  const seats: string[] = [];
  const waiting: { n: number; resolve: () => void }[] = [];
  const watch = (c: { tableId: string; seat: string }) => {
    if (c.tableId !== tableId) return;
    seats.push(c.seat);
    for (const w of waiting.filter((x) => seats.length >= x.n)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
  };
  botChoiceWatchers.add(watch);
  return {
    seats,
    count: (n: number) =>
      new Promise<void>((resolve) => (seats.length >= n ? resolve() : waiting.push({ n, resolve }))),
    stop: () => botChoiceWatchers.delete(watch),
  };
}

async function rowOf(on: TestServer, tableId: string) {
  const [row] = await on.database.db.select().from(tables).where(eq(tables.id, tableId));
  return row!;
}

/** The turns bots made at a table (no user), as stored. */
async function botTurns(on: TestServer, tableId: string) {
  return on.database.db
    .select({ seq: tableEvents.seq })
    .from(tableEvents)
    .where(and(eq(tableEvents.tableId, tableId), isNull(tableEvents.userId)));
}

describe("caps per user, counted in the database", () => {
  it("refuses a bot seat past the seats cap, a start or a seat past the tables cap; others unaffected", async () => {
    const c = as.designer;
    // Bot seats at tables that have not started count: 2 + 1 + 1 = 4, the cap.
    const chess = await newTable(c, "chess");
    for (const color of ["red", "blue"]) expect((await seatBot(c, "chess", chess, color)).status).toBe(200);
    const market = await newTable(c, "night-market");
    await join(c, "night-market", market, "red");
    expect((await seatBot(c, "night-market", market, "blue")).status).toBe(200);
    const sandbox = await newTable(c, "sandbox");
    await join(c, "sandbox", sandbox, "red");
    expect((await seatBot(c, "sandbox", sandbox, "blue")).status).toBe(200);
    expect(await seatBot(c, "sandbox", sandbox, "green")).toMatchObject({
      status: 409,
      text: BOT_MESSAGES.tooManySeats(SEATS_CAP),
    });

    // Two of the three start; the third would be a third running table with bots.
    expect((await start(c, "chess", chess)).status).toBe(200);
    expect((await start(c, "night-market", market)).status).toBe(200);
    expect(await start(c, "sandbox", sandbox)).toMatchObject({
      status: 409,
      text: BOT_MESSAGES.tooManyTables(TABLES_CAP),
    });
    expect((await rowOf(server, sandbox)).status).toBe("open");
    // Nor is a bot seated at a new table, which could not start.
    const more = await newTable(c, "template-board");
    expect(await seatBot(c, "template-board", more, "red")).toMatchObject({
      status: 409,
      text: BOT_MESSAGES.tooManyTables(TABLES_CAP),
    });

    // Another user's caps are their own.
    await botTable(as.player, "chess", ["blue"], "red");

    // Deleting a running table frees its place: the count is the database's.
    expect((await c.get(`/api/projects/chess/erase-table/${chess}`)).status).toBe(200);
    expect((await start(c, "sandbox", sandbox)).status).toBe(200);
  });

  it("starts as many tables with bots as the cap allows when the starts come at once", async () => {
    const c = as.mod;
    const ready: [string, string][] = [];
    for (const slug of ["chess", "night-market", "sandbox"]) {
      const tableId = await newTable(c, slug);
      await join(c, slug, tableId, "red");
      expect((await seatBot(c, slug, tableId, "blue")).status).toBe(200);
      ready.push([slug, tableId]);
    }
    const answers = await Promise.all(ready.map(([slug, tableId]) => start(c, slug, tableId)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409]);
    expect(answers.find((a) => a.status === 409)?.text).toBe(BOT_MESSAGES.tooManyTables(TABLES_CAP));
  });

  it("charges a bot that replaces a left player to the table's creator", async () => {
    const c = as.staff;
    await botTable(c, "chess", ["blue"], "red");
    await botTable(c, "night-market", ["blue"], "red");
    // A game between people at the creator's third table: no bot, no cap.
    const people = await newTable(c, "chess");
    await join(c, "chess", people, "red");
    await join(as.player, "chess", people, "blue");
    expect((await start(c, "chess", people)).status).toBe(200);
    // The player left (no tab open): the admin's bot would make it the creator's third table with bots.
    const replaced = await as.admin.post(`/api/projects/chess/${people}/replace-with-bot`, {
      color: "blue",
      kind: "random",
    });
    expect(replaced).toMatchObject({ status: 409, text: BOT_MESSAGES.creatorTooManyTables(TABLES_CAP) });
    expect((await rowOf(server, people)).seats.find((s) => s.color === "blue")?.userId).not.toBeNull();
  });
});

describe("a restart runs a table with bots again only within its creator's caps", () => {
  it("refuses a site admin's restart of an ended table with bots that would be its creator's third", async () => {
    const c = as.outsider;
    const ended = await botTable(c, "chess", ["blue"], "red");
    await server.database.db
      .update(tables)
      .set({ status: "ended", endedAt: new Date() })
      .where(eq(tables.id, ended));
    await botTable(c, "chess", ["blue"], "red");
    await botTable(c, "night-market", ["blue"], "red");
    const restart = () => as.admin.post(`/api/projects/chess/${ended}/restart-table`, {});
    expect(await restart()).toMatchObject({
      status: 409,
      text: BOT_MESSAGES.creatorTooManyTables(TABLES_CAP),
    });
    expect((await rowOf(server, ended)).status).toBe("ended");
    // A place freed, the same restart goes.
    const running = await server.database.db
      .select({ id: tables.id })
      .from(tables)
      .where(and(eq(tables.creatorId, (await rowOf(server, ended)).creatorId), eq(tables.status, "midgame")));
    expect((await c.get(`/api/projects/chess/erase-table/${running[0]!.id}`)).status).toBe(200);
    expect((await restart()).status).toBe(200);
    expect((await rowOf(server, ended)).status).toBe("midgame");
  });
});

describe("a table's bots play only while someone has it open", () => {
  it("pauses when the last tab closes, and resumes when anyone opens it", async () => {
    const tableId = await botTable(as.superadmin, "chess", ["red", "blue"]);
    const choices = choicesAt(tableId);
    try {
      // Opened by someone who holds no seat: the bots play.
      const watching = await tab(server, as.outsider, tableId);
      await choices.count(3);
      const paused = signal(tableId, "paused");
      watching.close();
      await paused;
      // Nothing was played since, and nothing is: the next choice comes with the next tab.
      const atPause = (await rowOf(server, tableId)).expectedMoveId;
      const before = choices.seats.length;
      const resumed = choices.count(before + 1);
      expect((await rowOf(server, tableId)).expectedMoveId).toBe(atPause);
      await tab(server, as.outsider, tableId);
      await resumed;
    } finally {
      choices.stop();
    }
  });
});

describe("free play: the sandbox's bots only answer people", () => {
  it("plays nothing before a person's turn, then one turn per bot after each", async () => {
    const c = as.player;
    const tableId = await newTable(c, "sandbox");
    await join(c, "sandbox", tableId, "red");
    expect((await seatBot(c, "sandbox", tableId, "blue")).status).toBe(200);
    expect((await start(c, "sandbox", tableId)).status).toBe(200);
    const choices = choicesAt(tableId);
    try {
      // Opened: the bot may act (everyone may, in free play) but has nobody to answer.
      let waiting = signal(tableId, "waiting");
      const s = await tab(server, c, tableId);
      await waiting;
      expect(choices.seats).toEqual([]);
      for (let round = 1; round <= 2; round++) {
        waiting = signal(tableId, "waiting");
        const load = (await c.get(`/api/table-open/${tableId}`)).json() as TableLoadResponse;
        await humanTurn(s, load, "red");
        await waiting;
        expect(choices.seats).toEqual(Array(round).fill("blue"));
        expect(await botTurns(server, tableId)).toHaveLength(round);
      }
    } finally {
      choices.stop();
    }
  });
});

describe("a table with bots that nobody plays at ends", () => {
  it("ends after the idle limit as an archived table: listed with the ended, opened whole, off the caps", async () => {
    const c = idleAs.designer;
    const tableId = await newTable(c, "chess");
    const ended = signal(tableId, "ended");
    for (const color of ["red", "blue"]) expect((await seatBot(c, "chess", tableId, color)).status).toBe(200);
    expect((await start(c, "chess", tableId)).status).toBe(200);
    await ended;
    const row = await rowOf(idle, tableId);
    expect(row).toMatchObject({ status: "ended", resultStats: null });
    expect(row.endedAt).not.toBeNull();
    // Nobody was there: its bots never played.
    expect(await botTurns(idle, tableId)).toHaveLength(0);
    // Opened as an ended table is: no live view, and its whole log for anyone who may watch it.
    const load = (await c.get(`/api/table-open/${tableId}`)).json() as TableLoadResponse;
    expect(load).toMatchObject({ status: "ended", live: null });
    const log = await idleAs.outsider.get(`/api/table-log/${tableId}`);
    expect(log.status).toBe(200);
    expect((log.json() as TableLogResponse).start_position).not.toBeNull();
    const list = (await c.get(`/api/get-table-list/?projectSlug=chess&status=ended`)).json() as TableInfo[];
    expect(list.map((t) => t.tableId)).toContain(tableId);
    // Its place under the cap (one running table with bots here) is free again.
    await botTable(c, "chess", ["blue"], "red");
  });

  it("is kept while someone has it open, and ends once they leave", async () => {
    const c = idleAs.player;
    const tableId = await newTable(c, "chess");
    await join(c, "chess", tableId, "red");
    expect((await seatBot(c, "chess", tableId, "blue")).status).toBe(200);
    const kept = signal(tableId, "kept");
    expect((await start(c, "chess", tableId)).status).toBe(200);
    const s = await tab(idle, c, tableId);
    // The person does not play: idle, but open.
    await kept;
    expect((await rowOf(idle, tableId)).status).toBe("midgame");
    const ended = signal(tableId, "ended");
    s.close();
    await ended;
    expect((await rowOf(idle, tableId)).status).toBe("ended");
  });
});
