import {
  activeSeats,
  createTableHolder,
  type JsonObject,
  randomBot,
  type Situation,
  seedRng,
  type TableEvent,
  winnersOf,
} from "@tt/engine";
import { type BalanceReport, type ComponentTree, compareReports, piecesOf, registry } from "@tt/games";
import {
  BALANCE_MESSAGES,
  type BalanceLab,
  type BalanceRunInfo,
  type PlayedReportInfo,
  type TableInfo,
} from "@tt/protocol";
import { asc, eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, tableEvents, tables } from "../src/db/schema";
import { type Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, openTab, type Role } from "./lobbyFixture";

// The balance report over games people played (issue 22 point 4): Night Market games played to their
// end through the real server, read back from the tables' stored starts and logs, per version, with
// the tables that say nothing about balance counted out; beside a bot run's report.

const SLUG = "night-market";
let server: TestServer;
let as: Record<Role, Client>;
const sockets: Socket[] = [];

const base = `/api/projects/${SLUG}/balance`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  server = await startTestServer({
    RATE_LIMIT_PER_IP: "10000",
    // Games played at test speed: far more turns a second than a person sends.
    TURN_RATE_PER_SECOND: "1000",
    TURN_BURST: "1000",
    SESSION_RATE_PER_SECOND: "1000",
    SESSION_BURST: "1000",
    USER_RATE_PER_SECOND: "1000",
    USER_BURST: "1000",
    BOT_DELAY_MIN_MS: "0",
    BOT_DELAY_MAX_MS: "0",
    // Nor any pace (issue 36: a second between one table's bot turns, a budget of the thread).
    BOT_TURN_INTERVAL_MS: "0",
    BOT_TABLE_MS_PER_MINUTE: "600000",
    BOT_LOOP_DELAY_MS: "1000",
  });
  as = await lobbyWorld(server);
  await server.database.db
    .update(projects)
    .set({ roles: { designer: ["designer"], mod: ["mod"], player: ["player"] } })
    .where(eq(projects.slug, SLUG));
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server.close();
});

async function tab(who: Role): Promise<Socket> {
  const s = await openTab(server, as[who], `tab-${who}-${Math.random()}`);
  sockets.push(s);
  return s;
}

/** The table as the server holds it, folded from the database. */
async function fullTable(tableId: string) {
  const [row] = await server.database.db.select().from(tables).where(eq(tables.id, tableId));
  const events = await server.database.db
    .select({ event: tableEvents.event })
    .from(tableEvents)
    .where(eq(tableEvents.tableId, tableId))
    .orderBy(asc(tableEvents.seq));
  const project = { pieces: piecesOf(row!.components as ComponentTree), options: row!.options as JsonObject };
  const holder = createTableHolder({
    start: row!.startSituation as Situation,
    events: events.map((e) => e.event as TableEvent),
    module: registry.moduleFor(SLUG),
    project,
  });
  return { row: row!, live: holder.live, project, seq: events.length };
}

/**
 * Plays the table to its end: whoever may act takes a random legal turn, sent as the web app sends it
 * by the person holding the seat (`movers`: colour -> socket, and the seat to name in free play); bots
 * play their own. Answers the seat order and the winners.
 */
async function playToEnd(tableId: string, movers: Record<string, { s: Socket; seat?: string }>) {
  for (let guard = 0; guard < 2000; guard++) {
    const { row, live, project, seq } = await fullTable(tableId);
    if (live.ended) return { seats: row.seats.map((s) => s.color), winners: winnersOf(live.stats.result) };
    const seat = activeSeats(live).find((c) => movers[c] !== undefined);
    if (seat === undefined) {
      await sleep(50);
      continue;
    }
    const mover = movers[seat]!;
    const ctx = { module: registry.moduleFor(SLUG), rules: project, seq };
    const actions = randomBot(live, seat, ctx, seedRng(seq * 31 + tableId.length));
    expect(actions).not.toBeNull();
    const answered = new Promise<void>((resolve, reject) => {
      const onEvent = (m: { event?: { seq: number } }) => {
        if (m.event?.seq !== seq) return;
        mover.s.off("table-event", onEvent);
        resolve();
      };
      mover.s.on("table-event", onEvent);
      mover.s.once("table-event-reject", (r: { reason: string }) => reject(new Error(r.reason)));
    });
    mover.s.emit("game-move", {
      tableId,
      moveId: seq,
      turnUID: `t-${tableId}-${seq}`,
      editMode: false,
      actions,
      ...(mover.seat === undefined ? {} : { seat: mover.seat }),
    });
    await answered;
  }
  throw new Error("the game did not end");
}

async function newTable(who: Role, body: object): Promise<string> {
  const res = await as[who].post(`/api/projects/${SLUG}/new-table`, body);
  expect(res.status, res.text).toBe(200);
  return (res.json() as TableInfo).tableId;
}

/** The designer (red) against the player (blue), competitive edit, played to its end. */
async function twoPeople(s: { designer: Socket; player: Socket }) {
  const tableId = await newTable("designer", {
    start_position: { options: {} },
    tableMode: "competitive-edit",
  });
  expect((await as.designer.get(`/api/projects/${SLUG}/join-table/${tableId}?color=red`)).status).toBe(200);
  expect((await as.player.get(`/api/projects/${SLUG}/join-table/${tableId}?color=blue`)).status).toBe(200);
  expect((await as.designer.post(`/api/projects/${SLUG}/${tableId}/start-table`, {})).status).toBe(200);
  for (const c of [as.designer, as.player])
    expect((await c.get(`/api/table-open/${tableId}`)).status).toBe(200);
  for (const socket of [s.designer, s.player])
    await socket.emitWithAck("table-subscribe", { tableId, lastSeq: -1 });
  const played = await playToEnd(tableId, { red: { s: s.designer }, blue: { s: s.player } });
  return { tableId, ...played };
}

type Played = { info: PlayedReportInfo; report: BalanceReport };

describe("the report over games people played", () => {
  const counted: { tableId: string; seats: string[]; winners: string[] }[] = [];
  let firstVersion = 0;

  beforeAll(async () => {
    const s = { designer: await tab("designer"), player: await tab("player") };
    const [project] = await server.database.db.select().from(projects).where(eq(projects.slug, SLUG));
    firstVersion = project!.componentsVersion;
    counted.push(await twoPeople(s));
    counted.push(await twoPeople(s));
    // A game whose result edit moves changed: the turn pipeline marks the row so, as here.
    const edited = await twoPeople(s);
    await server.database.db.update(tables).set({ edited: true }).where(eq(tables.id, edited.tableId));
    // Free play: the designer moves both colours of a public sandbox.
    const sandbox = await newTable("designer", {
      start_position: { options: {}, playerColors: ["red", "blue"] },
      tableMode: "public-sandbox",
    });
    await s.designer.emitWithAck("table-subscribe", { tableId: sandbox, lastSeq: -1 });
    await playToEnd(sandbox, { red: { s: s.designer, seat: "red" }, blue: { s: s.designer, seat: "blue" } });
    // A table still going counts nowhere.
    await newTable("designer", { start_position: { options: {} }, tableMode: "competitive-edit" });

    // New components: later tables start on the next version. The designer against a bot there.
    const tree = (await as.designer.get(`/api/projects/${SLUG}/components`)).json() as { components: object };
    const pushed = await as.designer.post(`/api/projects/${SLUG}/components`, tree.components);
    expect(pushed.status, pushed.text).toBe(200);
    const withBot = await newTable("designer", {
      start_position: { options: {} },
      tableMode: "competitive-edit",
    });
    await as.designer.get(`/api/projects/${SLUG}/join-table/${withBot}?color=red`);
    const seated = await as.designer.post(`/api/projects/${SLUG}/${withBot}/seat-bot`, {
      color: "blue",
      kind: "random",
    });
    expect(seated.status).toBe(200);
    expect((await as.designer.post(`/api/projects/${SLUG}/${withBot}/start-table`, {})).status).toBe(200);
    await s.designer.emitWithAck("table-subscribe", { tableId: withBot, lastSeq: -1 });
    await playToEnd(withBot, { red: { s: s.designer } });
  }, 300_000);

  it("lists the versions with ended tables, newest first", async () => {
    const lab = (await as.designer.get(base)).json() as BalanceLab;
    expect(lab.playedVersions).toEqual([
      { version: firstVersion + 1, ended: 1, current: true },
      { version: firstVersion, ended: 4, current: false },
    ]);
  });

  it("reads a version's ended tables, says what it counted out, and its win rates match a hand count", async () => {
    const res = await as.designer.get(`${base}/played/${firstVersion}`);
    expect(res.status, res.text).toBe(200);
    const { info, report } = res.json() as Played;
    expect(info).toEqual({
      version: firstVersion,
      counted: 2,
      skipped: { edited: 1, "free play": 1, "bots only": 0, unfinished: 0, unreadable: 0 },
      limited: false,
    });
    expect(report.games).toBe(2);
    expect(report.stops.ended).toBe(2);
    const two = report.byPlayerCount.find((g) => g.players === 2);
    // The hand count: each game's winners, by the seat they played in (ties share the win).
    const seatWins = [0, 0];
    for (const game of counted)
      for (const w of game.winners) seatWins[game.seats.indexOf(w)]! += 1 / game.winners.length;
    expect(two?.seats.map((s) => s.wins)).toEqual(seatWins);
    expect(report.byBot).toMatchObject([{ bot: "person", games: 4 }]);
    expect(two?.rounds.min).toBeGreaterThan(0);
    expect(report.playerStats.map((s) => s.displayName)).toContain("Score");

    const csv = await as.designer.get(`${base}/played/${firstVersion}/games.csv`);
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split("\n");
    expect(lines[0]?.startsWith("game,table,seed,players,")).toBe(true);
    expect(lines.slice(1).map((l) => l.split(",")[1])).toEqual(counted.map((g) => g.tableId));
  });

  it("names a bot's seat by its kind in the newer version's report", async () => {
    const { info, report } = (await as.designer.get(`${base}/played/${firstVersion + 1}`)).json() as Played;
    expect(info.counted).toBe(1);
    expect(Object.fromEntries(report.byBot.map((b) => [b.bot, b.games]))).toEqual({ person: 1, random: 1 });
  });

  it("compares with a bot run seat by seat", { timeout: 120_000 }, async () => {
    const started = await as.designer.post(`${base}/runs`, { playerCounts: [2], games: 20, seed: 3 });
    expect(started.status, started.text).toBe(201);
    const id = (started.json() as BalanceRunInfo).id;
    let bots: BalanceReport | null = null;
    while (bots === null) {
      const got = (await as.designer.get(`${base}/runs/${id}`)).json() as { report: BalanceReport | null };
      bots = got.report;
      if (bots === null) await sleep(100);
    }
    const { report } = (await as.designer.get(`${base}/played/${firstVersion}`)).json() as Played;
    const c = compareReports(bots, report);
    expect(c.seats.map((s) => [s.players, s.seat, s.a.games, s.b.games])).toEqual([
      [2, 1, 20, 2],
      [2, 2, 20, 2],
    ]);
  });

  it("is the project's designers' and site admins' only, and knows only versions played", async () => {
    for (const role of ["player", "mod", "outsider"] as const) {
      const refused = await as[role].get(`${base}/played/${firstVersion}`);
      expect(refused.status).toBe(403);
      expect((await as[role].get(`${base}/played/${firstVersion}/games.csv`)).status).toBe(403);
    }
    expect((await as.admin.get(`${base}/played/${firstVersion}`)).status).toBe(200);
    for (const version of [String(firstVersion + 7), "abc", "-1"]) {
      const missing = await as.designer.get(`${base}/played/${version}`);
      expect(missing.status).toBe(404);
      expect(missing.text).toBe(BALANCE_MESSAGES.playedNotFound);
    }
  });
});
