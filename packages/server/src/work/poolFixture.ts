import type { Job } from "./pool";
import { serve } from "./serve";

// Test support: a worker with jobs that misbehave on purpose, for pool.test.ts.

const echo: Job<Uint8Array, Uint8Array> = { run: (bytes) => bytes, transfer: (bytes) => [bytes] };
const sleep: Job<number, number> = {
  run: (ms) => new Promise((resolve) => setTimeout(() => resolve(ms), ms)),
};
const spin: Job<null, never> = {
  run: () => {
    for (;;) {
      // Never yields: only ending the worker stops it.
    }
  },
};
const hog: Job<null, number> = {
  run: () => {
    const kept: unknown[] = [];
    for (;;) kept.push(Array.from({ length: 10_000 }, (_, i) => ({ i })));
  },
};
const exit: Job<null, never> = { run: () => process.exit(3) };
const fail: Job<null, never> = {
  run: () => {
    throw new Error("a bug in a job");
  },
};

export const testJobs = { echo, sleep, spin, hog, exit, fail };
export type TestJobs = typeof testJobs;

serve(testJobs);
