import type { JobTable } from "../work/pool";
import type { FromChild, ToChild } from "./processPool";

/**
 * The balance process's side of processPool.ts: says it is ready, then runs each job it is sent, one
 * at a time, and answers with its output. A job that throws answers the error (a programming error:
 * refusals are values). The process ends with the server: when the channel to it closes.
 */
export function serveInProcess(jobs: JobTable): void {
  const send = (answer: FromChild) => process.send?.(answer);
  process.on("message", async ({ id, kind, input }: ToChild) => {
    try {
      const job = jobs[kind];
      if (!job) throw new Error(`no job '${kind}'`);
      send({ id, ok: true, value: await job.run(input as never) });
    } catch (err) {
      send({ id, ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  });
  process.on("disconnect", () => process.exit(0));
  send({ ready: true });
}
