import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintInvitations } from "../../src/auth/invitations";
import {
  type DeploymentDb,
  deploymentDatabase,
  disposeServerBundle,
  type Instance,
  redisPrefix,
  scaleOutEnabled,
  spawnInstance,
} from "./instances";
import { Match, people, playAll, total, until, verifyTables } from "./world";

// Fault (e): 100 cycles of kill -9 and restart on PostgreSQL under load. Three server processes share
// one database and Redis; three pairs of bots play chess across them without stopping. Each cycle kills
// the next process in turn with SIGKILL, turns in flight, and starts it again on the same port without
// waiting: it has two cycles to come back before its turn comes round, and the cycle does not kill it
// before it serves, so one instance at least is always up. A cycle ends only after one more turn was
// acknowledged, so the load never stops. At the end, every acknowledged turn must be in the database
// and every client's log must equal the database's.
//
// A start is mostly loading modules (~2 s of CPU here): the processes run a prebuilt bundle of the same
// main.ts, and restarts overlap, to keep a cycle near a second and the test within a few minutes.

const CYCLES = Number(process.env.FAULT_KILL_CYCLES ?? 100);
const INSTANCES = 3;
const PAIRS = 3;

describe.runIf(scaleOutEnabled)(`${CYCLES} cycles of kill -9 and restart under load`, () => {
  let db: DeploymentDb;
  let instances: Instance[] = [];

  beforeAll(async () => {
    db = await deploymentDatabase();
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: process.env.REDIS_URL!,
      REDIS_PREFIX: redisPrefix("cycles"),
    };
    instances = await Promise.all(
      Array.from({ length: INSTANCES }, () => spawnInstance(env, { bundled: true })),
    );
  });
  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await disposeServerBundle();
    await db?.drop();
  });

  it("loses no acknowledged turn", async () => {
    const urls = instances.map((i) => i.url);
    // Each person's proxy order starts at another instance, so every instance has clients to lose.
    const from = (k: number) => [...urls.slice(k % INSTANCES), ...urls.slice(0, k % INSTANCES)];
    const invite = async () =>
      (
        await mintInvitations(db.database.db, { count: 1, role: "user", createdBy: null, expiryMs: 60_000 })
      )[0]!;
    const names = Array.from({ length: PAIRS * 2 }, (_, i) => `cycle_${i}`);
    const folks = await people(urls[0]!, names, invite);
    const matches = Array.from(
      { length: PAIRS },
      (_, i) =>
        new Match({
          red: folks[2 * i]!,
          blue: folks[2 * i + 1]!,
          redUrls: from(2 * i),
          blueUrls: from(2 * i + 1),
          seed: 100 + i,
          // A breath between turns leaves the restarting processes some of the machine's two cores.
          paceMs: 30,
        }),
    );
    const load = playAll(matches);
    const { acked } = load;

    const starting = new Map<Instance, Promise<void>>();
    const perCycle: number[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const victim = instances[cycle % INSTANCES]!;
      // The victim serves again, and so does the one after it: someone is left to take the clients.
      await starting.get(victim);
      await starting.get(instances[(cycle + 1) % INSTANCES]!);
      const mark = acked();
      await until(() => acked() > mark, `a turn acknowledged in cycle ${cycle}`, { limitMs: 60_000, load });
      perCycle.push(acked() - mark);
      await victim.kill();
      const started = victim.start();
      started.catch(() => undefined); // awaited (and its failure reported) when its turn comes round
      starting.set(victim, started);
    }
    await Promise.all(starting.values());
    const mark = acked();
    await until(() => acked() >= mark + 20, "20 turns after the last restart", { load });
    await load.stop();

    const all = matches.flatMap((m) => m.bots);
    const verified = await verifyTables(db.database.db, all);
    expect(instances.flatMap((i) => i.crashes)).toEqual([]);
    expect(perCycle).toHaveLength(CYCLES);
    console.info(
      `${CYCLES} kill -9 cycles: ${verified.tables} tables, ${verified.events} events, ` +
        `${verified.acked} acknowledged turns, all in the database; ${total(all, "reconnects")} reconnects, ` +
        `${total(all, "foundInLog")} unanswered turns found in the log, ` +
        `${total(all, "refusedOutOfSync")} outOfSync, ${total(all, "refusedSystem")} system refusals`,
    );
  }, 1_200_000);
});
