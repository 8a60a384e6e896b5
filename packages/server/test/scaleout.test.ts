import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintInvitations } from "../src/auth/invitations";
import { migrationsFolder, openPostgres } from "../src/db/connect";
import { ChessBot } from "./faults/chessBot";
import {
  type DeploymentDb,
  deploymentDatabase,
  type Instance,
  redisPrefix,
  spawnInstance,
} from "./faults/instances";
import { chessTable, people, verifyTables } from "./faults/world";
import { withDatabase } from "./globalSetup";
import { Client, startTestServer, type TestServer } from "./harness";

// Two instances of one deployment: one PostgreSQL database, joined by Redis.
const enabled = !!process.env.DATABASE_URL && !!process.env.REDIS_URL;

describe.runIf(enabled)("two instances on PostgreSQL and Redis", () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const env = { REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: `tt-test-${process.pid}-${Date.now()}` };
    a = await startTestServer(env);
    b = await startTestServer(env, a.database);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("shares sessions, and a logout on one instance closes the sockets and ends the session on the other", async () => {
    const c = new Client(a.url);
    await c.register("multi_user", await a.invite());
    await c.login("multi_user");
    const onB = new Client(b.url);
    onB.cookie = c.cookie;
    expect((await onB.get("/api/pingLogin")).status).toBe(200);

    const s = connect(b.url, {
      transports: ["websocket"],
      extraHeaders: { cookie: c.cookie },
      reconnection: false,
    });
    await new Promise((resolve) => s.on("instanceId", resolve));
    const reason = new Promise<string>((resolve) => s.on("disconnect", resolve));
    await c.post("/api/logout");
    expect(await reason).toBe("io server disconnect");
    // B had just read the session (the ping above, kept in its session cache): A's logout reached it
    // through Redis before the disconnect did, so B refuses the cookie at once.
    expect((await onB.get("/api/pingLogin")).status).toBe(401);
  });
});

// The same deployment as real processes, started as an operator starts them: three instances on one
// PostgreSQL, joined by Redis. White plays through A, Black through B, a spectator watches through C.
// Every turn must reach the other two instances' clients as a live broadcast (never by a resync), and
// since the players alternate, each instance evaluates every turn with a cache one event behind the
// database: it must catch up, or the turn would be refused.
describe.runIf(enabled)("three server processes on PostgreSQL and Redis", () => {
  let db: DeploymentDb;
  let instances: Instance[] = [];
  beforeAll(async () => {
    db = await deploymentDatabase();
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: process.env.REDIS_URL!,
      REDIS_PREFIX: redisPrefix("scaleout"),
    };
    instances = await Promise.all([spawnInstance(env), spawnInstance(env), spawnInstance(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await db?.drop();
  });

  it("shows each client, live, the turns played through the other instances", async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    const invite = async () =>
      (
        await mintInvitations(db.database.db, { count: 1, role: "user", createdBy: null, expiryMs: 60_000 })
      )[0]!;
    const [red, blue, watcher] = await people(a.url, ["so_red", "so_blue", "so_watch"], invite);
    const load = await chessTable(c.url, red!, blue!);
    const bots = [
      new ChessBot({ name: "so-red", urls: [a.url], cookie: red!.cookie, load, seat: "red", seed: 5 }),
      new ChessBot({ name: "so-blue", urls: [b.url], cookie: blue!.cookie, load, seat: "blue", seed: 6 }),
      new ChessBot({
        name: "so-watch",
        urls: [c.url],
        cookie: watcher!.cookie,
        load,
        seat: "spectator",
        seed: 7,
      }),
    ];
    // Everyone is at the table before the first turn, so every turn can only arrive as a broadcast.
    for (const bot of bots) await bot.connect();
    const TURNS = 30;
    let played = false;
    const enough = () => bots[0]!.acked.size + bots[1]!.acked.size >= TURNS;
    const watching = bots[2]!.run(() => played && bots[2]!.events.length >= bots[0]!.events.length);
    await Promise.all(bots.slice(0, 2).map((x) => x.run(enough)));
    played = true;
    await watching;

    for (const bot of bots) {
      expect(bot.counts.resyncs, bot.name).toBe(1); // the subscription when it connected, no other
      expect(bot.counts.syncedEvents, bot.name).toBe(0);
      expect(bot.counts.liveEvents, bot.name).toBe(bot.events.length);
      expect(bot.counts.refusedOutOfSync + bot.counts.refusedRules + bot.counts.refusedSystem, bot.name).toBe(
        0,
      );
    }
    const verified = await verifyTables(db.database.db, bots);
    expect(verified.events === bots[0]!.events.length && verified.events >= TURNS).toBe(true);
    expect(instances.flatMap((i) => i.crashes)).toEqual([]);
  }, 180_000);
});

// Instances of a new version starting together on an older schema: the migrations run once.
describe.runIf(!!process.env.DATABASE_URL)("instances starting together on an empty database", () => {
  it("apply every migration exactly once", async () => {
    const base = process.env.DATABASE_URL!;
    const name = `tt_migrate_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = withDatabase(base, name);
      const opened = await Promise.all([openPostgres(url), openPostgres(url), openPostgres(url)]);
      await Promise.all(opened.map((d) => d.close()));
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
        entries: { tag: string }[];
      };
      const check = new pg.Client({ connectionString: url });
      await check.connect();
      const { rows } = await check.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations",
      );
      await check.end();
      expect(rows[0]!.n).toBe(journal.entries.length);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
