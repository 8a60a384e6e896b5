import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { InputOf, JobTable, OutputOf, WorkOutcome } from "../work/pool";

/**
 * The balance games' own process, at a lower priority in every one of its threads (child.mjs). Not a
 * worker thread: a worker can lower its own thread only, and V8's compiler and garbage-collector
 * threads, which do a good part of a worker's work (measured: about as much CPU as the worker thread
 * itself while it plays games), are the process's and run at the server thread's priority, taking
 * cores from live tables. A process of its own is lowered whole. One job at a time, a bounded queue in
 * front, a time limit per job and a heap limit; the process ends after a while without work and is
 * started again for the next job. The same answers as work/pool.ts: a value, or a refusal.
 */

export interface ProcessPoolOptions {
  /** The module the child serves its jobs from (childServe.ts and a job table). */
  entry: URL;
  /** Jobs waiting at most; one more is refused as busy. */
  queueMax: number;
  timeoutMs: number;
  /** The child's JavaScript heap (V8 old generation) at most. */
  memoryMb: number;
  idleMs: number;
}

/** What the child answers: it is ready, or a job's result. */
export type FromChild =
  | { ready: true }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: string };
export interface ToChild {
  id: number;
  kind: string;
  input: unknown;
}

interface Pending {
  id: number;
  kind: string;
  input: unknown;
  settle(outcome: WorkOutcome<unknown>): void;
  fail(err: Error): void;
}

/** Starts the child with tsx's loader, then the entry (child.mjs). */
const BOOT = fileURLToPath(new URL("./child.mjs", import.meta.url));
/** The child's start (loading the games through tsx) at most. */
const START_LIMIT_MS = 60_000;
/** The end of the child's stderr kept, to tell running out of memory from other deaths. */
const STDERR_KEPT = 4096;

export class ProcessPool<J extends JobTable> {
  private child: ChildProcess | null = null;
  private ready = false;
  /** The child has answered ready once: a death after that is a job's, not the start's. */
  private started = false;
  private job: Pending | null = null;
  private readonly queue: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private stderr = "";
  private nextId = 1;
  private closed = false;

  constructor(readonly options: ProcessPoolOptions) {}

  /** The child's process id while it runs (tests read its threads' priority). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  run<K extends keyof J & string>(kind: K, input: InputOf<J[K]>): Promise<WorkOutcome<OutputOf<J[K]>>> {
    if (this.closed) return Promise.reject(new Error("the balance process is closed"));
    if (this.queue.length >= this.options.queueMax) return Promise.resolve({ ok: false, refusal: "busy" });
    return new Promise((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        kind,
        input,
        settle: resolve as (outcome: WorkOutcome<unknown>) => void,
        fail: reject,
      });
      this.pump();
    });
  }

  /** Ends the child; jobs running or waiting end as 'crashed'. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.settle({ ok: false, refusal: "crashed", detail: "closed" });
    this.stop();
  }

  private pump(): void {
    if (this.job !== null || this.queue.length === 0) return;
    if (this.child === null) {
      this.spawn();
      return;
    }
    if (!this.ready) return;
    const job = this.queue.shift() as Pending;
    this.job = job;
    this.holdOpen(this.child, true);
    this.setTimer(this.options.timeoutMs, () => {
      this.finish({ ok: false, refusal: "timeout" });
      // The games may be deep in a loop that never yields: only ending the process stops them.
      this.stop();
    });
    const message: ToChild = { id: job.id, kind: job.kind, input: job.input };
    this.child.send(message, (err) => {
      if (err && this.job === job) {
        this.job = null;
        job.fail(err);
        this.pump();
      }
    });
  }

  private spawn(): void {
    this.ready = false;
    this.started = false;
    this.stderr = "";
    const child = fork(BOOT, [this.options.entry.href], {
      execArgv: [`--max-old-space-size=${this.options.memoryMb}`],
      stdio: ["ignore", "inherit", "pipe", "ipc"],
    });
    this.child = child;
    child.stderr?.on("data", (chunk: Buffer) => {
      process.stderr.write(chunk);
      this.stderr = (this.stderr + chunk.toString()).slice(-STDERR_KEPT);
    });
    child.on("message", (message: FromChild) => this.received(child, message));
    child.on("exit", () => this.exited(child));
    child.on("error", () => undefined);
    this.setTimer(Math.max(START_LIMIT_MS, this.options.timeoutMs), () => this.stop());
  }

  private received(child: ChildProcess, message: FromChild): void {
    if (child !== this.child) return;
    if ("ready" in message) {
      this.ready = true;
      this.started = true;
      this.idle();
      return;
    }
    const job = this.job;
    if (!job || job.id !== message.id) return;
    if (message.ok) this.finish({ ok: true, value: message.value });
    else {
      this.finish(null);
      job.fail(new Error(`balance job '${job.kind}' failed in its process: ${message.error}`));
    }
  }

  /** The job ends with `outcome` (null: already answered); the child takes the next or idles. */
  private finish(outcome: WorkOutcome<unknown> | null): void {
    const job = this.job;
    this.job = null;
    if (job && outcome) job.settle(outcome);
    this.idle();
  }

  private idle(): void {
    this.clearTimer();
    if (this.child === null) return;
    this.holdOpen(this.child, false);
    this.setTimer(this.options.idleMs, () => this.stop(), true);
    this.pump();
  }

  /** Whether the child keeps the server's process alive: while a job runs, not while it idles. */
  private holdOpen(child: ChildProcess, hold: boolean): void {
    const stderr = child.stderr as { ref?(): void; unref?(): void } | null;
    if (hold) {
      child.ref();
      child.channel?.ref();
      stderr?.ref?.();
    } else {
      child.unref();
      child.channel?.unref();
      stderr?.unref?.();
    }
  }

  private exited(child: ChildProcess): void {
    if (child !== this.child) return;
    const started = this.started;
    this.child = null;
    this.ready = false;
    this.clearTimer();
    const memory = this.stderr.includes("heap out of memory");
    const detail = started ? "the balance process exited" : "the balance process did not start";
    // A child that never started was started for the first job waiting: that job ends with it, so a
    // child that cannot start is not started again and again for the same job.
    const job = this.job ?? (started ? undefined : this.queue.shift());
    this.job = null;
    job?.settle({ ok: false, refusal: memory ? "memory" : "crashed", detail });
    if (!this.closed) this.pump();
  }

  private stop(): void {
    this.clearTimer();
    this.ready = false;
    this.child?.kill("SIGKILL");
  }

  private setTimer(ms: number, then: () => void, unref = false): void {
    this.clearTimer();
    this.timer = setTimeout(then, ms);
    if (unref) this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
