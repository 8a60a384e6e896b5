import type { GameRow } from "@tt/games";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../db/connect";
import { balanceGames, balanceRuns } from "../db/schema";
import { balancePool } from "./pool";

// A run's games and report in the database, written by whichever instance played them (runner.ts).

/**
 * Writes a chunk's rows and the run's progress, only while the run is running. The run's row is
 * locked first, so a cancel (an update of that row) comes wholly before or after: rows are never
 * added to a cancelled run's report. 'complete' for the one write that brought the run to all its
 * games (the writes of a run queue on the lock, so exactly one sees that), which then makes the report.
 */
export async function writeChunk(
  db: Db,
  run: number,
  rows: readonly GameRow[],
): Promise<"stopped" | "written" | "complete"> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .update(balanceRuns)
      .set({ updatedAt: new Date() })
      .where(and(eq(balanceRuns.id, run), eq(balanceRuns.status, "running")))
      .returning({ games: balanceRuns.games, gamesDone: balanceRuns.gamesDone });
    if (!locked) return "stopped";
    if (rows.length > 0)
      await tx
        .insert(balanceGames)
        .values(
          rows.map((row) => ({ runId: run, game: row.game, row: row as unknown as Record<string, unknown> })),
        )
        // A chunk played twice (its claim expired while it played) writes its games once.
        .onConflictDoNothing();
    // Chunks end in any order on several instances: the progress is the games written.
    const [written] = await tx.select({ n: count() }).from(balanceGames).where(eq(balanceGames.runId, run));
    const done = written?.n ?? 0;
    await tx.update(balanceRuns).set({ gamesDone: done }).where(eq(balanceRuns.id, run));
    return locked.gamesDone < locked.games && done >= locked.games ? "complete" : "written";
  });
}

/** The game ranges [from, end) of a run that have no row yet. */
export async function missingRanges(db: Db, run: number, games: number): Promise<[number, number][]> {
  const stored = await db
    .select({ game: balanceGames.game })
    .from(balanceGames)
    .where(eq(balanceGames.runId, run))
    .orderBy(asc(balanceGames.game));
  const ranges: [number, number][] = [];
  let next = 0;
  for (const { game } of stored) {
    if (game > next) ranges.push([next, game]);
    next = Math.max(next, game + 1);
  }
  if (next < games) ranges.push([next, games]);
  return ranges;
}

/**
 * The report over the games written (all of them, or those before a cancel), made in the balance
 * balance process and stored with the run. Making it twice (two instances) writes the same report.
 */
export async function finishRun(db: Db, run: number, slug: string, complete: boolean): Promise<void> {
  const stored = await db
    .select({ row: balanceGames.row })
    .from(balanceGames)
    .where(eq(balanceGames.runId, run))
    .orderBy(asc(balanceGames.game));
  const rows = stored.map((s) => s.row as unknown as GameRow);
  const out = await balancePool().run("report", { slug, rows });
  if (!out.ok) throw new Error(`the balance process refused the report: ${out.refusal}`);
  await db
    .update(balanceRuns)
    .set({
      report: out.value as unknown as Record<string, unknown>,
      // The games a cancelled run played before it stopped: what its report covers.
      gamesDone: rows.length,
      finishedAt: sql`coalesce(${balanceRuns.finishedAt}, now())`,
      updatedAt: new Date(),
      ...(complete
        ? {
            status: sql`case when ${balanceRuns.status} = 'running' then 'done' else ${balanceRuns.status} end`,
          }
        : {}),
    })
    .where(eq(balanceRuns.id, run));
}
