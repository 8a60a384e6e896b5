import { afterEach, describe, expect, it } from "vitest";
import { type PoolEvent, type PoolOptions, WorkerPool } from "./pool";
import type { TestJobs } from "./poolFixture";
import { transferList } from "./transfer";

const pools: WorkerPool<TestJobs>[] = [];
afterEach(async () => {
  for (const p of pools.splice(0)) await p.close();
});

function pool(options: Partial<PoolOptions> = {}): WorkerPool<TestJobs> {
  const made = new WorkerPool<TestJobs>({
    entry: new URL("./poolFixture.ts", import.meta.url),
    size: 1,
    queueMax: 4,
    timeoutMs: 20_000,
    memoryMb: 64,
    ...options,
  });
  pools.push(made);
  return made;
}

describe("the worker pool", () => {
  it("runs a job in a worker and moves its bytes both ways instead of copying them", async () => {
    const p = pool();
    const bytes = Buffer.alloc(1024 * 1024, 7);
    const done = await p.run("echo", bytes, transferList(bytes));
    expect(bytes.byteLength).toBe(0); // moved to the worker
    expect(done.ok && done.value.byteLength).toBe(1024 * 1024);
    expect(done.ok && done.value[123]).toBe(7);
  });

  it("ends a job that runs too long, and the next job gets a fresh worker", async () => {
    const p = pool({ timeoutMs: 1_000 });
    expect(await p.run("sleep", 1)).toEqual({ ok: true, value: 1 }); // started, so the limit is the job's
    const started = performance.now();
    expect(await p.run("spin", null)).toMatchObject({ ok: false, refusal: "timeout" });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await p.run("sleep", 2)).toEqual({ ok: true, value: 2 });
  });

  it("ends a job that passes the heap limit as 'memory', and replaces the worker", async () => {
    const p = pool({ memoryMb: 64 });
    expect(await p.run("hog", null)).toMatchObject({ ok: false, refusal: "memory" });
    expect(await p.run("sleep", 3)).toEqual({ ok: true, value: 3 });
  });

  it("answers 'crashed' for a job whose worker dies, and carries on", async () => {
    const p = pool();
    expect(await p.run("exit", null)).toMatchObject({ ok: false, refusal: "crashed" });
    expect(await p.run("sleep", 4)).toEqual({ ok: true, value: 4 });
  });

  it("rejects a job that throws (a bug), and the worker keeps working", async () => {
    const p = pool();
    await expect(p.run("fail", null)).rejects.toThrow(/a bug in a job/);
    expect(await p.run("sleep", 5)).toEqual({ ok: true, value: 5 });
    expect(p.load.workers).toBe(1);
  });

  it("queues jobs beyond its workers up to the cap and refuses more as busy at once", async () => {
    const p = pool({ size: 1, queueMax: 1 });
    await p.run("sleep", 1);
    const running = p.run("sleep", 400);
    const waiting = p.run("sleep", 10);
    expect(await p.run("sleep", 1)).toEqual({ ok: false, refusal: "busy" });
    expect(await running).toEqual({ ok: true, value: 400 });
    expect(await waiting).toEqual({ ok: true, value: 10 });
  });

  it("runs jobs side by side on as many workers as it may have", async () => {
    const p = pool({ size: 2, queueMax: 0 });
    const both = [p.run("sleep", 300), p.run("sleep", 300)];
    expect(await p.run("sleep", 1)).toEqual({ ok: false, refusal: "busy" });
    expect(await Promise.all(both)).toEqual([
      { ok: true, value: 300 },
      { ok: true, value: 300 },
    ]);
    expect(p.load).toEqual({ running: 0, waiting: 0, workers: 2 });
  });

  it("holds one owner to its share, running and waiting, and gives a free worker to another owner first", async () => {
    const p = pool({ size: 1, queueMax: 8, perOwner: 2 });
    await p.run("sleep", 1); // started, so the first job below runs at once
    const events: PoolEvent[] = [];
    p.watchers.add((e) => events.push(e));
    const a1 = p.runFor("a", "sleep", 300); // running
    const a2 = p.runFor("a", "sleep", 10); // waiting
    // The third of a's, running or waiting: refused at once, however empty the queue is.
    expect(await p.runFor("a", "sleep", 1)).toEqual({ ok: false, refusal: "owner-full" });
    expect(p.heldBy("a")).toBe(2);
    const b1 = p.runFor("b", "sleep", 20); // waiting, behind a's second
    expect(await Promise.all([a1, a2, b1])).toEqual([
      { ok: true, value: 300 },
      { ok: true, value: 10 },
      { ok: true, value: 20 },
    ]);
    // When a's first is done, b's job goes before a's second: b had no worker yet.
    expect(events.filter((e) => e.what === "dispatched").map((e) => e.owner)).toEqual(["a", "b", "a"]);
    expect(p.heldBy("a")).toBe(0);
    expect(await p.runFor("a", "sleep", 2)).toEqual({ ok: true, value: 2 });
  });

  it("ends workers left idle, and starts one again for the next job", async () => {
    const p = pool({ idleMs: 200 });
    await p.run("sleep", 1);
    expect(p.load.workers).toBe(1);
    await new Promise((r) => setTimeout(r, 600));
    expect(p.load.workers).toBe(0);
    expect(await p.run("sleep", 6)).toEqual({ ok: true, value: 6 });
  });
});
