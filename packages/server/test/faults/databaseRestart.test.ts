import type { TableSubscribeAck } from "@tt/protocol";
import { sql } from "drizzle-orm";
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintInvitations } from "../../src/auth/invitations";
import { openPostgres } from "../../src/db/connect";
import { DATABASE_UNREACHABLE } from "../../src/realtime/systemError";
import { Client } from "../harness";
import {
  type DeploymentDb,
  deploymentDatabase,
  type Instance,
  redisPrefix,
  scaleOutEnabled,
  spawnInstance,
  TcpProxy,
} from "./instances";
import { chessTable, Match, people, playAll, total, until, verifyTables } from "./world";

// Fault (b): the database goes away under load and comes back. Both server processes reach PostgreSQL
// through a TCP proxy; cutting it drops every connection and refuses new ones, as a restarting
// PostgreSQL does (the machine's own server is never touched). While it is down, turns are refused with
// a message (no crash, nothing half-written); once it is back, the same clients play on.

const PAIRS = 3;

describe.runIf(scaleOutEnabled)("the database restarted under load", () => {
  let db: DeploymentDb;
  let proxy: TcpProxy;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    db = await deploymentDatabase();
    proxy = TcpProxy.forDatabaseUrl(db.url);
    await proxy.start();
    const env = {
      DATABASE_URL: proxy.via(db.url),
      REDIS_URL: process.env.REDIS_URL!,
      REDIS_PREFIX: redisPrefix("dbrestart"),
    };
    [a, b] = await Promise.all([spawnInstance(env), spawnInstance(env)]);
  });
  afterAll(async () => {
    await proxy?.start();
    await Promise.all([a?.stop(), b?.stop()]);
    await proxy?.cut();
    await db?.drop();
  });

  it("refuses turns cleanly while it is down and goes on when it is back", async () => {
    const invite = async () =>
      (
        await mintInvitations(db.database.db, { count: 1, role: "user", createdBy: null, expiryMs: 60_000 })
      )[0]!;
    const names = Array.from({ length: PAIRS * 2 }, (_, i) => `dbr_${i}`);
    const folks = await people(a.url, names, invite);
    const matches = Array.from({ length: PAIRS }, (_, i) => {
      const [first, second] = i % 2 === 0 ? [a.url, b.url] : [b.url, a.url];
      return new Match({
        red: folks[2 * i]!,
        blue: folks[2 * i + 1]!,
        redUrls: [first, second],
        blueUrls: [second, first],
        seed: 200 + i,
      });
    });
    const load = playAll(matches);
    const { acked, bots } = load;

    await until(() => acked() >= 30, "30 turns before the outage", { load });

    await proxy.cut();
    await until(() => total(bots(), "refusedSystem") >= 10, "turns refused while the database is down", {
      load,
    });
    const ackedWhileDown = acked();
    // Once refusals have begun, nothing more is acknowledged until the database is back.
    await until(() => total(bots(), "refusedSystem") >= 30, "more turns refused", { load });
    expect(acked()).toBe(ackedWhileDown);
    // A crash's output is in the failure message; alive() alone would say only 'false'.
    expect([...a.crashes, ...b.crashes]).toEqual([]);
    expect(a.alive() && b.alive()).toBe(true);
    const refusedWhileDown = total(bots(), "refusedSystem");
    // Players read why in plain words: nothing of the database's address, the driver or the SQL.
    const reasons = new Set(bots().flatMap((bot) => [...bot.systemReasons]));
    expect([...reasons]).toEqual([`System error: ${DATABASE_UNREACHABLE}`]);
    for (const reason of reasons) {
      expect(reason).not.toMatch(
        /127\.0\.0\.1|localhost|:\d{2,5}\b|ECONN|select|insert|update|tables|failed query/i,
      );
    }

    await proxy.start();
    await until(() => acked() >= ackedWhileDown + 30, "30 turns after the database came back", { load });
    await load.stop();

    const all = bots();
    const verified = await verifyTables(db.database.db, all);
    expect(a.crashes).toEqual([]);
    expect(b.crashes).toEqual([]);
    console.info(
      `database restart: ${verified.tables} tables, ${verified.events} events, ${verified.acked} acknowledged ` +
        `(${ackedWhileDown} before the outage); ${refusedWhileDown} turns refused while down, ` +
        `${total(all, "foundInLog")} unanswered turns found in the log`,
    );
  }, 240_000);

  it("keeps serving an open tab that asks for the table while the database is down", async () => {
    const invite = async () =>
      (
        await mintInvitations(db.database.db, { count: 1, role: "user", createdBy: null, expiryMs: 60_000 })
      )[0]!;
    const [red, blue] = await people(a.url, ["dbr_tab_red", "dbr_tab_blue"], invite);
    const load = await chessTable(a.url, red!, blue!);
    // A tab open through the outage, as a browser's would be.
    const tab = io(a.url, {
      transports: ["websocket"],
      extraHeaders: { cookie: red!.cookie },
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve) => tab.once("connect", () => resolve()));
    const subscribe = () =>
      tab
        .timeout(5000)
        .emitWithAck("table-subscribe", { tableId: load.tableId, lastSeq: -1 })
        .then(
          (ack: TableSubscribeAck) => ack,
          () => null,
        );

    await proxy.cut();
    try {
      // The page resyncs (as it does after a refusal) and a page load asks for the table: both are
      // refused, and the process stays up to answer the next request.
      const refused = await subscribe();
      expect(refused?.ok ?? false).toBe(false);
      const page = await new Client(a.url).request("GET", `/api/table-open/${load.tableId}`, undefined, {
        cookie: red!.cookie,
      });
      expect(page.status).toBe(500);
      expect(a.crashes).toEqual([]);
    } finally {
      await proxy.start();
    }
    const answered = await subscribe();
    expect(answered).toMatchObject({ ok: true, status: "midgame", events: [] });
    tab.close();
  }, 60_000);

  it("fails a transaction whose connection is cut between two statements, and nothing else", async () => {
    // The server's own pool, through a proxy of its own: a transaction waits between two statements
    // (as a turn does between its insert and its update) while the database goes away.
    const cutter = TcpProxy.forDatabaseUrl(db.url);
    await cutter.start();
    const database = await openPostgres(cutter.via(db.url));
    try {
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => {
        entered = resolve;
      });
      let resume!: () => void;
      const hold = new Promise<void>((resolve) => {
        resume = resolve;
      });
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        entered();
        await hold;
        await tx.execute(sql`select 2`);
      });
      await inside;
      await cutter.cut();
      resume();
      await expect(transaction).rejects.toThrow();
      // Back: the pool has dropped the broken connection and opens a new one.
      await cutter.start();
      const after = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] };
      expect(after.rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
      await cutter.cut();
    }
  });
});
