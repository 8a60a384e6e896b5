import { existsSync, readdirSync, readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { BalanceJobs } from "./jobs";
import { ProcessPool } from "./processPool";

// The balance games run in a process of their own, every thread of it below the server's priority:
// V8's compiler and collector threads too, which a worker thread could not lower.

const pool = new ProcessPool<BalanceJobs>({
  entry: new URL("./process.ts", import.meta.url),
  queueMax: 2,
  timeoutMs: 120_000,
  memoryMb: 256,
  idleMs: 60_000,
});
afterAll(() => pool.close());

/** The nice value of each thread of a process (stat(5) field 19). */
function niceValues(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
  });
}

describe("the balance process", () => {
  const plan = { options: {}, playerCounts: [2], bots: [], games: 4, seed: 3 };

  it.runIf(existsSync("/proc/self/task"))(
    "plays games with every one of its threads below the server",
    { timeout: 120_000 },
    async () => {
      const out = await pool.run("chunk", { slug: "night-market", plan, from: 0, to: 4 });
      expect(out.ok && out.value.rows.map((r) => r.game)).toEqual([0, 1, 2, 3]);
      const threads = niceValues(pool.pid!);
      expect(threads.length).toBeGreaterThan(1);
      // Ten below this process's own priority (the server's), whatever that is.
      const own = niceValues(process.pid)[0]!;
      expect(threads.every((nice) => nice === Math.min(19, own + 10))).toBe(true);
    },
  );

  it("answers a job that throws as an error, and refuses more jobs than its queue holds", {
    timeout: 120_000,
  }, async () => {
    await expect(pool.run("chunk", { slug: "no-such-game", plan, from: 0, to: 1 })).rejects.toThrow(
      /no shipped game 'no-such-game'/,
    );
    const jobs = Array.from({ length: 4 }, (_, i) =>
      pool.run("chunk", { slug: "night-market", plan, from: i, to: i + 1 }),
    );
    const outcomes = await Promise.all(jobs);
    expect(outcomes.filter((o) => !o.ok).map((o) => !o.ok && o.refusal)).toEqual(["busy"]);
  });
});
