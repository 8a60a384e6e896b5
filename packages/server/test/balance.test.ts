import { type BalanceReport, balanceReport, playRunGame, shippedGame } from "@tt/games";
import { BALANCE_MESSAGES, type BalanceLab, type BalanceRunInfo } from "@tt/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalChunkQueue } from "../src/balance/queue";
import { BalanceRunner, planOf, STALE_MS } from "../src/balance/runner";
import { balanceGames, balanceRuns, projects } from "../src/db/schema";
import { type Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, type Role } from "./lobbyFixture";

// Balance runs (issue 22 points 3 and 4) through the HTTP API on a real server and database: a
// designer runs Night Market self-play, polls the progress to the end and reads the report.

const SLUG = "night-market";
let server: TestServer;
let as: Record<Role, Client>;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: "10000" });
  as = await lobbyWorld(server);
  await server.database.db
    .update(projects)
    .set({ roles: { designer: ["designer"], mod: ["mod"], player: ["player"] } })
    .where(eq(projects.slug, SLUG));
});
afterAll(() => server.close());

const base = `/api/projects/${SLUG}/balance`;

async function start(c: Client, body: object): Promise<BalanceRunInfo> {
  const res = await c.post(`${base}/runs`, body);
  expect(res.status, res.text).toBe(201);
  return res.json();
}

/** Polls the run until it is no longer running and its report is stored. */
async function finished(c: Client, id: number): Promise<{ run: BalanceRunInfo; report: BalanceReport }> {
  for (;;) {
    const got = (await c.get(`${base}/runs/${id}`)).json() as {
      run: BalanceRunInfo;
      report: BalanceReport | null;
    };
    if (got.run.status !== "running" && got.report !== null) return { run: got.run, report: got.report };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const RUN = { playerCounts: [2, 3, 4], bots: ["random"], games: 200, seed: 42 };

describe("balance runs", () => {
  let first: { run: BalanceRunInfo; report: BalanceReport };

  it("offers a designer the game's bots and player counts", async () => {
    const lab = (await as.designer.get(base)).json() as BalanceLab;
    expect(lab.available).toBe(true);
    expect(lab.players).toEqual({ min: 2, max: 4 });
    expect(lab.bots.map((b) => b.id)).toContain("random");
    expect(lab.runs).toEqual([]);
  });

  it("plays 200 Night Market games in the balance process, with progress, and reports on them", {
    timeout: 300_000,
  }, async () => {
    const run = await start(as.designer, RUN);
    expect(run).toMatchObject({ status: "running", gamesDone: 0, createdBy: "designer" });
    // One run per project at a time.
    expect(await as.designer.post(`${base}/runs`, RUN)).toMatchObject({
      status: 409,
      text: BALANCE_MESSAGES.running,
    });
    first = await finished(as.designer, run.id);
    expect(first.run).toMatchObject({ status: "done", gamesDone: 200, secondsLeft: null });
    const report = first.report;
    expect(report.games).toBe(200);
    expect(report.stops.ended).toBe(200);
    expect(report.byPlayerCount.map((g) => [g.players, g.games])).toEqual([
      [2, 67],
      [3, 67],
      [4, 66],
    ]);
    for (const group of report.byPlayerCount) {
      // Every game of Night Market has a winner; ties share the win, so each count's rates add up to 1.
      expect(group.seats.reduce((a, s) => a + s.rate, 0)).toBeCloseTo(1 - group.noWinner / group.games, 10);
      expect(group.rounds.min).toBeGreaterThan(0);
    }
    expect(report.playerStats.map((s) => s.displayName)).toContain("Score");
    // The CSV: a header and a line per game.
    const csv = await as.designer.get(`${base}/runs/${run.id}/games.csv`);
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split("\n")).toHaveLength(201);
  });

  it("gives the same report for the same seed", { timeout: 300_000 }, async () => {
    const again = await finished(as.designer, (await start(as.designer, RUN)).id);
    expect(again.report).toEqual(first.report);
    const lab = (await as.designer.get(base)).json() as BalanceLab;
    expect(lab.runs.map((r) => r.status)).toEqual(["done", "done"]);
  });

  it("refuses a player, and those outside the project's designers", async () => {
    expect(await as.mod.post(`${base}/runs`, RUN)).toMatchObject({
      status: 403,
      text: BALANCE_MESSAGES.notRights,
    });
    for (const role of ["player", "mod", "outsider"] as const) {
      expect((await as[role].post(`${base}/runs`, RUN)).status).toBe(403);
      expect((await as[role].get(base)).status).toBe(403);
      expect((await as[role].get(`${base}/runs/1`)).status).toBe(403);
    }
    expect((await as.admin.get(base)).status).toBe(200);
  });

  it("refuses what the game does not offer, and more than 10,000 games", async () => {
    expect((await as.designer.post(`${base}/runs`, { ...RUN, games: 10_001 })).text).toBe(
      "Number of games must be a whole number from 1 to 10,000.",
    );
    expect((await as.designer.post(`${base}/runs`, { ...RUN, playerCounts: [5] })).text).toBe(
      BALANCE_MESSAGES.badPlayers,
    );
    expect((await as.designer.post(`${base}/runs`, { ...RUN, bots: ["chess-1"] })).text).toBe(
      BALANCE_MESSAGES.badBot,
    );
  });

  it("stops a run on cancel, with a report over the games played", { timeout: 300_000 }, async () => {
    const run = await start(as.designer, { ...RUN, games: 10_000 });
    // Wait for a first chunk, so the report has games in it.
    for (;;) {
      const got = (await as.designer.get(`${base}/runs/${run.id}`)).json() as { run: BalanceRunInfo };
      if (got.run.gamesDone > 0) {
        expect(got.run.secondsLeft).not.toBeNull();
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const cancelled = await as.designer.post(`${base}/runs/${run.id}/cancel`);
    expect(cancelled.json().run.status).toBe("cancelled");
    const end = await finished(as.designer, run.id);
    expect(end.run.status).toBe("cancelled");
    expect(end.run.gamesDone).toBeLessThan(10_000);
    expect(end.report.games).toBe(end.run.gamesDone);
    // A new run may start now.
    const next = await start(as.designer, { ...RUN, games: 3 });
    expect((await finished(as.designer, next.id)).run.status).toBe("done");
  });
});

describe("a run whose instance stopped", () => {
  it("is taken up by the next instance: its missing games played, its report whole", {
    timeout: 300_000,
  }, async () => {
    const game = shippedGame(SLUG)!;
    const request = { playerCounts: [2], bots: ["random"], options: {}, games: 30, seed: 11 };
    const plan = planOf(request, 30);
    const rows = Array.from({ length: 30 }, (_, i) => playRunGame(game, plan, i));
    // The run as a stopped instance left it: games 0-9 and 20-24 written, nothing queued anywhere (the
    // in-process queue went with the process), no progress for longer than STALE_MS.
    const { db } = server.database;
    const [run] = await db
      .insert(balanceRuns)
      .values({
        projectSlug: SLUG,
        version: "0.3",
        request,
        games: 30,
        gamesDone: 15,
        createdBy: "designer",
        updatedAt: new Date(Date.now() - STALE_MS - 1000),
      })
      .returning();
    const kept = [...rows.slice(0, 10), ...rows.slice(20, 25)];
    await db.insert(balanceGames).values(
      kept.map((row) => ({
        runId: run!.id,
        game: row.game,
        row: row as unknown as Record<string, unknown>,
      })),
    );
    const errors: unknown[] = [];
    const next = new BalanceRunner(db, { error: (obj) => errors.push(obj) }, new LocalChunkQueue());
    next.begin();
    const { run: info, report } = await finished(as.designer, run!.id);
    await next.close();
    expect(info).toMatchObject({ status: "done", gamesDone: 30 });
    expect(report).toEqual(balanceReport(rows, game.content.overviewStats ?? []));
    expect(errors).toEqual([]);
  });
});
