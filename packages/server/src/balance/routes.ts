import { type BalanceReport, botKinds, type GameRow, rowsToCsv, shippedGame } from "@tt/games";
import {
  BALANCE_MESSAGES,
  type BalanceLab,
  type BalanceRunInfo,
  type BalanceStatus,
  balanceRunRequestSchema,
  type PlayedReportInfo,
  playedVersionSchema,
} from "@tt/protocol";
import { and, asc, desc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { balanceGames, balanceRuns } from "../db/schema";
import type { AppDeps } from "../deps";
import { requireActor } from "../http/context";
import { firstIssue, HttpError, isUniqueViolation } from "../http/errors";
import { loadAdminProject } from "../projects/admin";
import { mayMaintainDecks } from "../projects/adminRules";
import type { ProjectHead } from "../projects/load";
import { playedGames, playedVersions } from "./played";
import { balancePool } from "./pool";
import { type ChunkQueue, LocalChunkQueue } from "./queue";
import { RedisChunkQueue } from "./redisQueue";
import { BalanceRunner, VISIBILITY_MS } from "./runner";

// Balance runs (issue 22 points 3 and 4), for a project's designers and site admins: the run form's
// choices and the runs (GET /api/projects/:slug/balance), start (POST .../balance/runs), progress and
// report (GET .../balance/runs/:id), cancel (POST .../balance/runs/:id/cancel) and the games as CSV
// (GET .../balance/runs/:id/games.csv). A project has one running run at a time. The same report over
// the ended tables people played on a version: GET .../balance/played/:version and its games.csv.

type SlugParams = { Params: { slug: string } };
type RunParams = { Params: { slug: string; id: string } };
type PlayedParams = { Params: { slug: string; version: string } };

/** Runs listed at most: the newest. */
const LIST_MAX = 50;
const runId = z.coerce.number().int().min(1).max(2_147_483_647);

/** Who may run and read balance tests: those who maintain the game's implementation. */
export const mayRunBalance = mayMaintainDecks;

type RunRow = typeof balanceRuns.$inferSelect;

function versionOf(project: ProjectHead): string {
  const log = project.changeLog as { version?: unknown }[];
  const newest = log.at(-1)?.version;
  return typeof newest === "string" ? newest : `components ${project.componentsVersion}`;
}

function info(run: RunRow, now = Date.now()): BalanceRunInfo {
  const elapsed = (now - run.createdAt.getTime()) / 1000;
  const secondsLeft =
    run.status === "running" && run.gamesDone > 0
      ? Math.max(0, Math.round((elapsed / run.gamesDone) * (run.games - run.gamesDone)))
      : null;
  return {
    id: run.id,
    version: run.version,
    status: run.status as BalanceStatus,
    request: balanceRunRequestSchema.parse(run.request),
    gamesDone: run.gamesDone,
    secondsLeft,
    createdBy: run.createdBy,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    error: run.error,
  };
}

export function balanceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const { redisUrl, redisPrefix } = deps.config;
  // With Redis, every instance of the deployment takes the chunks of every run (redisQueue.ts).
  const queue: ChunkQueue = redisUrl
    ? new RedisChunkQueue({
        url: redisUrl,
        prefix: redisPrefix,
        visibilityMs: VISIBILITY_MS,
        onError: (err) => app.log.error({ err }, "redis (balance queue)"),
      })
    : new LocalChunkQueue();
  const runner = new BalanceRunner(db, app.log, queue);
  app.addHook("onReady", async () => runner.begin());
  app.addHook("onClose", () => runner.close());

  async function designer(request: FastifyRequest<SlugParams>): Promise<ProjectHead> {
    const actor = requireActor(request);
    const project = await loadAdminProject(db, request.params.slug, actor);
    if (!mayRunBalance(actor, project)) throw new HttpError(403, BALANCE_MESSAGES.notRights);
    return project;
  }

  async function runOf(request: FastifyRequest<RunParams>): Promise<RunRow> {
    const project = await designer(request);
    const id = runId.safeParse(request.params.id);
    if (!id.success) throw new HttpError(404, BALANCE_MESSAGES.notFound);
    const [run] = await db
      .select()
      .from(balanceRuns)
      .where(and(eq(balanceRuns.id, id.data), eq(balanceRuns.projectSlug, project.slug)));
    if (!run) throw new HttpError(404, BALANCE_MESSAGES.notFound);
    return run;
  }

  app.get<SlugParams>("/api/projects/:slug/balance", async (request): Promise<BalanceLab> => {
    const project = await designer(request);
    const game = shippedGame(project.slug);
    const runs = await db
      .select()
      .from(balanceRuns)
      .where(eq(balanceRuns.projectSlug, project.slug))
      .orderBy(desc(balanceRuns.id))
      .limit(LIST_MAX);
    return {
      available: game !== undefined,
      version: versionOf(project),
      players: game?.content.players ?? { min: project.playerMin, max: project.playerMax },
      bots: game === undefined ? [] : botKinds(game).map((k) => ({ id: k.id, name: k.name })),
      runs: runs.map((r) => info(r)),
      playedVersions: await playedVersions(db, project.slug, project.componentsVersion),
    };
  });

  app.post<SlugParams>("/api/projects/:slug/balance/runs", async (request, reply) => {
    const project = await designer(request);
    const body = balanceRunRequestSchema.safeParse(request.body);
    if (!body.success) throw new HttpError(400, firstIssue(body.error));
    const game = shippedGame(project.slug);
    if (game === undefined) throw new HttpError(400, BALANCE_MESSAGES.unavailable);
    const { min, max } = game.content.players;
    if (body.data.playerCounts.some((n) => n < min || n > max))
      throw new HttpError(400, BALANCE_MESSAGES.badPlayers);
    const kinds = new Set(botKinds(game).map((k) => k.id));
    if (body.data.bots.some((b) => !kinds.has(b))) throw new HttpError(400, BALANCE_MESSAGES.badBot);
    // Only options the game has; their values are checked by the game's set-up as at a table.
    const options = Object.fromEntries(
      Object.entries(body.data.options).filter(([k]) => Object.hasOwn(game.content.options, k)),
    );
    const requestStored = { ...body.data, playerCounts: [...new Set(body.data.playerCounts)], options };
    let run: RunRow | undefined;
    try {
      [run] = await db
        .insert(balanceRuns)
        .values({
          projectSlug: project.slug,
          version: versionOf(project),
          request: requestStored,
          games: body.data.games,
          createdBy: requireActor(request).username,
        })
        .returning();
    } catch (err) {
      if (isUniqueViolation(err)) throw new HttpError(409, BALANCE_MESSAGES.running);
      throw err;
    }
    if (!run) throw new Error("the run was not stored");
    try {
      await runner.start(run.id, run.games);
    } catch (err) {
      request.log.error({ err, run: run.id }, "a balance run was not queued");
      [run] = await db
        .update(balanceRuns)
        .set({ status: "failed", error: "The run could not be queued.", finishedAt: new Date() })
        .where(eq(balanceRuns.id, run.id))
        .returning();
      if (!run) throw err;
    }
    return reply.code(201).send(info(run));
  });

  app.get<RunParams>("/api/projects/:slug/balance/runs/:id", async (request) => {
    const run = await runOf(request);
    return { run: info(run), report: run.report };
  });

  app.post<RunParams>("/api/projects/:slug/balance/runs/:id/cancel", async (request) => {
    const run = await runOf(request);
    const [cancelled] = await db
      .update(balanceRuns)
      .set({ status: "cancelled", finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(balanceRuns.id, run.id), eq(balanceRuns.status, "running")))
      .returning();
    if (cancelled) runner.cancelled(run.id, run.projectSlug);
    return { run: info(cancelled ?? run) };
  });

  app.get<RunParams>("/api/projects/:slug/balance/runs/:id/games.csv", async (request, reply) => {
    const run = await runOf(request);
    const rows = await db
      .select({ row: balanceGames.row })
      .from(balanceGames)
      .where(eq(balanceGames.runId, run.id))
      .orderBy(asc(balanceGames.game));
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="balance-${run.projectSlug}-${run.id}.csv"`)
      .send(rowsToCsv(rows.map((r) => r.row as unknown as GameRow)));
  });

  async function played(request: FastifyRequest<PlayedParams>) {
    const project = await designer(request);
    const version = playedVersionSchema.safeParse(request.params.version);
    if (!version.success) throw new HttpError(404, BALANCE_MESSAGES.playedNotFound);
    const games = await playedGames(db, project.slug, version.data);
    if (games === null) throw new HttpError(404, BALANCE_MESSAGES.playedNotFound);
    if ("refusal" in games) throw new HttpError(503, BALANCE_MESSAGES.busy);
    return { project, ...games };
  }

  app.get<PlayedParams>(
    "/api/projects/:slug/balance/played/:version",
    async (request): Promise<{ info: PlayedReportInfo; report: BalanceReport }> => {
      const { project, info, rows } = await played(request);
      const report = await balancePool().run("report", { slug: project.slug, rows });
      if (!report.ok) throw new HttpError(503, BALANCE_MESSAGES.busy);
      return { info, report: report.value };
    },
  );

  app.get<PlayedParams>("/api/projects/:slug/balance/played/:version/games.csv", async (request, reply) => {
    const { project, info, rows } = await played(request);
    return reply
      .type("text/csv; charset=utf-8")
      .header(
        "content-disposition",
        `attachment; filename="played-${project.slug}-version-${info.version}.csv"`,
      )
      .send(rowsToCsv(rows));
  });
}
