import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintInvitations } from "../../src/auth/invitations";
import {
  type DeploymentDb,
  deploymentDatabase,
  type Instance,
  redisPrefix,
  scaleOutEnabled,
  spawnInstance,
} from "./instances";
import { Match, people, playAll, total, until, verifyTables } from "./world";

// Fault (a): two server processes on one PostgreSQL, joined by Redis; four pairs of bots play chess,
// each pair split across the two. One process is killed with SIGKILL mid-game: its clients move to the
// other (they are given both addresses, as a proxy re-routes) and play on, and nothing the server
// acknowledged is lost.

const PAIRS = 4;

describe.runIf(scaleOutEnabled)("kill -9 one of two instances while bots play", () => {
  let db: DeploymentDb;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    db = await deploymentDatabase();
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: process.env.REDIS_URL!,
      REDIS_PREFIX: redisPrefix("kill"),
    };
    [a, b] = await Promise.all([spawnInstance(env), spawnInstance(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
  });

  it("moves the dead instance's clients to the other one, which goes on; nothing acknowledged is lost", async () => {
    const invite = async () =>
      (
        await mintInvitations(db.database.db, { count: 1, role: "user", createdBy: null, expiryMs: 60_000 })
      )[0]!;
    const names = Array.from({ length: PAIRS * 2 }, (_, i) => `kill_${i}`);
    const folks = await people(a.url, names, invite);
    const matches = Array.from({ length: PAIRS }, (_, i) => {
      const [first, second] = i % 2 === 0 ? [a.url, b.url] : [b.url, a.url];
      return new Match({
        red: folks[2 * i]!,
        blue: folks[2 * i + 1]!,
        redUrls: [first, second],
        blueUrls: [second, first],
        seed: i + 1,
      });
    });
    const load = playAll(matches);
    const { acked, bots } = load;

    await until(
      () => acked() >= 40 && bots().some((x) => x.connectedTo === a.url),
      "40 turns, with clients on A",
      { load },
    );

    const onA = bots().filter((x) => x.connectedTo === a.url);
    const ackedBefore = new Map(onA.map((x) => [x, x.acked.size]));
    const atKill = acked();
    await a.kill();

    // Every client A had is now on B (or its game ended), and the games went on by 60 more turns,
    // some of them played by the clients that moved.
    await until(
      () =>
        onA.every((x) => x.connectedTo === b.url || x.situation.ended) &&
        acked() >= atKill + 60 &&
        onA.some((x) => x.acked.size > ackedBefore.get(x)!),
      "A's clients playing on B",
      { load },
    );
    await load.stop();

    const all = bots();
    const verified = await verifyTables(db.database.db, all);
    expect(b.crashes).toEqual([]);
    expect(a.crashes).toEqual([]);
    expect(total(all, "refusedRules")).toBe(0);
    console.info(
      `kill -9: ${verified.tables} tables, ${verified.events} events, ${verified.acked} acknowledged turns ` +
        `(${atKill} before the kill), ${onA.length} clients moved from A to B, ` +
        `${total(all, "foundInLog")} unanswered turns found in the log, ${total(all, "reconnects")} reconnects`,
    );
  }, 240_000);
});
