import { type BalanceReport, balanceReport, playRunGame, type RunPlan, shippedGame } from "@tt/games";
import type { BalanceRunInfo } from "@tt/protocol";
import { eq } from "drizzle-orm";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Chunk } from "../src/balance/queue";
import { RedisChunkQueue } from "../src/balance/redisQueue";
import { chunkWatchers, type PlayedChunk } from "../src/balance/runner";
import { balanceGames, projects } from "../src/db/schema";
import { redisPrefix } from "./faults/instances";
import { Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, type Role } from "./lobbyFixture";

// Balance runs shared by the instances of a deployment (issue 22 point 3): with Redis, a run's chunks
// go on one queue every instance's balance worker takes from. Needs PostgreSQL and Redis (CI's second
// run, DATABASE_URL and REDIS_URL), as the other scale-out tests.
const enabled = !!process.env.DATABASE_URL && !!process.env.REDIS_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(enabled)("the balance queue on Redis", () => {
  const prefix = redisPrefix("balance-queue");
  const errors: unknown[] = [];
  const open = (visibilityMs: number) =>
    new RedisChunkQueue({
      url: process.env.REDIS_URL!,
      prefix,
      visibilityMs,
      onError: (e) => errors.push(e),
    });
  // Claims hold 1.5 s: A extends its claim at 1 s, B does not, and at 2 s only B's has expired.
  const a = open(1500);
  const b = open(1500);
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    expect(errors).toEqual([]);
  });

  it("hands each chunk to one taker, and a claim not extended in time to the next", async () => {
    const chunks: Chunk[] = [
      { run: 7, from: 0, to: 5, end: 20 },
      { run: 7, from: 20, to: 25 },
      { run: 70, from: 0, to: 3 },
    ];
    await a.push(chunks);
    const first = await a.claim();
    const second = await b.claim();
    expect([first?.chunk, second?.chunk]).toEqual([chunks[0], chunks[1]]);
    // A extends its claim and lets the time pass; B's claim is not extended: its taker 'died'.
    await sleep(1000);
    expect(await a.extend(first!)).toBe(true);
    await sleep(1000);
    const again = await a.claim();
    expect(again?.chunk).toEqual(chunks[1]);
    expect(await b.ack(second!, [{ run: 7, from: 99, to: 100 }])).toBe(false);
    expect(await a.ack(again!)).toBe(true);
    // The opener queues what follows it, once.
    expect(await a.ack(first!, [{ run: 7, from: 5, to: 20 }])).toBe(true);
    expect(await b.holds(7)).toBe(true);
    // A cancel drops a run's chunks, waiting and claimed, and no other run's.
    const held = await b.claim();
    expect(held?.chunk).toEqual(chunks[2]);
    await a.drop(70);
    expect(await b.ack(held!)).toBe(false);
    expect(await a.holds(70)).toBe(false);
    expect((await b.claim())?.chunk).toEqual({ run: 7, from: 5, to: 20 });
    expect(await a.claim()).toBeNull();
  });
});

describe.runIf(enabled)("a balance run on two instances sharing PostgreSQL and Redis", () => {
  const SLUG = "night-market";
  const prefix = redisPrefix("balance");
  let one: TestServer;
  let two: TestServer;
  let as: Record<Role, Client>;
  const played: PlayedChunk[] = [];
  const watch = (p: PlayedChunk) => played.push(p);

  beforeAll(async () => {
    const env = { REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: prefix, RATE_LIMIT_PER_IP: "10000" };
    one = await startTestServer(env);
    two = await startTestServer(env, one.database);
    as = await lobbyWorld(one);
    await one.database.db
      .update(projects)
      .set({ roles: { designer: ["designer"] } })
      .where(eq(projects.slug, SLUG));
    chunkWatchers.add(watch);
  });
  afterAll(async () => {
    chunkWatchers.delete(watch);
    await two.close();
    await one.close();
    const redis = createClient({ url: process.env.REDIS_URL! });
    await redis.connect();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(keys);
    await redis.close();
  });

  const base = `/api/projects/${SLUG}/balance`;

  async function finished(id: number): Promise<{ run: BalanceRunInfo; report: BalanceReport }> {
    for (;;) {
      const got = (await as.designer.get(`${base}/runs/${id}`)).json() as {
        run: BalanceRunInfo;
        report: BalanceReport | null;
      };
      if (got.run.status !== "running" && got.report !== null) return { run: got.run, report: got.report };
      await sleep(100);
    }
  }

  it("has both instances play chunks of one run, and gives the report of the seed", {
    timeout: 300_000,
  }, async () => {
    const request = { playerCounts: [2], bots: ["random"], options: {}, games: 400, seed: 42 };
    const started = await as.designer.post(`${base}/runs`, request);
    expect(started.status, started.text).toBe(201);
    const { run, report } = await finished((started.json() as BalanceRunInfo).id);
    expect(run).toMatchObject({ status: "done", gamesDone: 400 });

    const ofRun = played.filter((p) => p.run === run.id);
    expect(new Set(ofRun.map((p) => p.instance)).size).toBe(2);
    // Every game was played, each by one chunk.
    const games = ofRun.flatMap((p) => Array.from({ length: p.to - p.from }, (_, i) => p.from + i));
    expect(games.sort((x, y) => x - y)).toEqual(Array.from({ length: 400 }, (_, i) => i));

    // The same report as the games played here, one after another, in this process.
    const game = shippedGame(SLUG)!;
    const plan: RunPlan = { ...request };
    const rows = Array.from({ length: 400 }, (_, i) => playRunGame(game, plan, i));
    expect(report).toEqual(balanceReport(rows, game.content.overviewStats ?? []));
  });

  it("stops every instance on a cancel sent to either", { timeout: 300_000 }, async () => {
    const started = await as.designer.post(`${base}/runs`, { playerCounts: [2], games: 10_000, seed: 5 });
    const id = (started.json() as BalanceRunInfo).id;
    // Wait until both instances have played a chunk of it.
    while (new Set(played.filter((p) => p.run === id).map((p) => p.instance)).size < 2) await sleep(50);
    const onTwo = new Client(two.url);
    onTwo.cookie = as.designer.cookie;
    expect((await onTwo.post(`${base}/runs/${id}/cancel`)).json().run.status).toBe("cancelled");
    const { run, report } = await finished(id);
    expect(run.status).toBe("cancelled");
    expect(run.gamesDone).toBeLessThan(10_000);
    expect(report.games).toBe(run.gamesDone);
    // Nothing of the run is left to take, and no instance writes more of it.
    const queue = new RedisChunkQueue({
      url: process.env.REDIS_URL!,
      prefix,
      visibilityMs: 1000,
      onError: () => undefined,
    });
    expect(await queue.holds(id)).toBe(false);
    await queue.close();
    await sleep(2000);
    const rows = await one.database.db
      .select({ game: balanceGames.game })
      .from(balanceGames)
      .where(eq(balanceGames.runId, id));
    expect(rows.length).toBe(run.gamesDone);
  });
});
