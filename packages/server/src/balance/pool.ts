import type { BalanceJobs } from "./jobs";
import { ProcessPool } from "./processPool";

/** One job at most (a chess engine's slow games included). */
const JOB_TIMEOUT_MS = 5 * 60_000;
const MEMORY_MB = 512;

let shared: ProcessPool<BalanceJobs> | null = null;

/**
 * The server's balance process, lowered whole below the server (processPool.ts): a run's chunks,
 * reports and reports over played games take at most one core, one job at a time, and only what live
 * tables leave. Every app in the process (tests start several) shares it.
 */
export function balancePool(): ProcessPool<BalanceJobs> {
  shared ??= new ProcessPool<BalanceJobs>({
    entry: new URL("./process.ts", import.meta.url),
    // Chunks, reports and played-games reports of several projects wait their turn.
    queueMax: 100,
    timeoutMs: JOB_TIMEOUT_MS,
    memoryMb: MEMORY_MB,
    idleMs: 60_000,
  });
  return shared;
}
