import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import type { FromWorker, JobTable, ToWorker } from "./pool";
import { transferList } from "./transfer";

/**
 * The worker's side of pool.ts: says it is ready, then runs each job it is sent, one at a time, and
 * answers with the job's output, its bytes moved rather than copied. A job that throws answers the
 * error (a programming error: the parsers answer refusals as values).
 */
export function serve(jobs: JobTable): void {
  const port = parentPort;
  if (!port) throw new Error("serve() runs in a worker thread");
  yieldToTheServer();
  port.on("message", async ({ id, kind, input }: ToWorker) => {
    let answer: FromWorker;
    let transfer: ArrayBuffer[] = [];
    try {
      const job = jobs[kind];
      if (!job) throw new Error(`no job '${kind}'`);
      const value = await job.run(input as never);
      answer = { id, ok: true, value };
      transfer = transferList(...(job.transfer?.(value as never) ?? []));
    } catch (err) {
      answer = { id, ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
    }
    port.postMessage(answer, transfer);
  });
  port.postMessage({ ready: true } satisfies FromWorker);
}

/** How much less this thread's claim on a CPU core is than the server thread's (nice 0 to 19). */
const NICENESS = 10;

/**
 * On a machine with few cores the workers and the server's thread compete for them; the server's
 * thread answers everyone, so it should win. Linux keeps the nice value per thread (setpriority(2),
 * 'Bugs'), and /proc/thread-self names this thread's id, so only the worker is lowered. Elsewhere
 * (no such file) the worker keeps the process's priority.
 */
function yieldToTheServer(): void {
  try {
    const threadId = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, NICENESS);
  } catch {
    // Not Linux, or /proc is not mounted: nothing to lower.
  }
}
