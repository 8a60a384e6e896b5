import { Worker } from "node:worker_threads";

// Work that takes the CPU for long (reading a .psd, a workbook, a large SVG or font) runs in worker
// threads, so the server's own thread keeps answering everyone else (issue 20: other users' p99 stays
// under 100 ms while a 15 MB .psd is read). One pool per server process: a few workers (from the CPU
// count), a bounded queue in front of them, a heap limit per worker and a time limit per job. A job
// that runs out of time or memory, or a worker that dies, ends that job with a refusal value; the
// worker is replaced by a fresh one when the next job comes. A job that throws is a programming error
// and rejects.
//
// A job may name its owner (the user whose upload it reads). An owner holds at most `perOwner` jobs,
// running or waiting, so one user cannot fill the queue that everyone shares (issue 36 point 9); and a
// free worker takes the waiting job whose owner has the fewest jobs running, so another user's job
// does not wait behind all of one user's.

/** One kind of job, as the worker runs it: input in, output out, and which output bytes to move back. */
export interface Job<I, O> {
  run(input: I): O | Promise<O>;
  transfer?(output: O): (Uint8Array | undefined)[];
}

export type JobTable = Record<string, Job<never, unknown>>;
export type InputOf<J> = J extends Job<infer I, unknown> ? I : never;
export type OutputOf<J> = J extends Job<never, infer O> ? O : never;

/** Why a job did not finish: the queue was full, it ran too long or out of memory, its worker died. */
export type WorkRefusal = "busy" | "timeout" | "memory" | "crashed";
export type WorkOutcome<T> = { ok: true; value: T } | { ok: false; refusal: WorkRefusal; detail?: string };
/** A job run for an owner may also be refused because the owner already holds their share. */
export type OwnedOutcome<T> = WorkOutcome<T> | { ok: false; refusal: "owner-full"; detail?: string };

export interface PoolOptions {
  /** The module that serves the job table (`serve(jobs)`, see serve.ts). */
  entry: URL;
  /** Workers at most. */
  size: number;
  /** Jobs waiting for a worker at most; one more is refused as busy. */
  queueMax: number;
  /** One job's time in a worker at most. */
  timeoutMs: number;
  /** A worker's JavaScript heap (V8 old generation) at most; the job that passes it ends as 'memory'. */
  memoryMb: number;
  /** A worker idle this long is ended (its memory given back); the next job starts another. */
  idleMs?: number;
  /** Jobs, running and waiting, one owner may hold at most (runFor); one more is refused as 'owner-full'. */
  perOwner?: number;
}

/** A worker's start-up (loading the jobs' modules through tsx: ~0.5 s here) at most. */
const START_LIMIT_MS = 60_000;
const IDLE_MS = 5 * 60_000;

/** Messages from a worker: it has loaded its jobs, or a job's result. */
export type FromWorker =
  | { ready: true }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: string };
/** What a pool tells its watchers: a job queued, handed to a worker, or ended (any way). */
export interface PoolEvent {
  what: "queued" | "dispatched" | "settled";
  kind: string;
  owner: string | undefined;
}

/** A job for a worker. */
export interface ToWorker {
  id: number;
  kind: string;
  input: unknown;
}

interface Pending {
  id: number;
  kind: string;
  owner: string | undefined;
  input: unknown;
  transfer: ArrayBuffer[];
  settle(outcome: WorkOutcome<unknown>): void;
  fail(err: Error): void;
}

interface Slot {
  worker: Worker;
  /** The worker has loaded its jobs. */
  started: boolean;
  /** Takes jobs: started, and not being ended after a timeout. */
  ready: boolean;
  job: Pending | null;
  timer: NodeJS.Timeout | null;
  /** The worker's last error, read when it exits (ERR_WORKER_OUT_OF_MEMORY says why). */
  error: Error | null;
}

/** Starts a worker that runs TypeScript: the server runs from its sources through tsx, workers too. */
const BOOT = new URL("./boot.mjs", import.meta.url);

export class WorkerPool<J extends JobTable> {
  private readonly slots = new Set<Slot>();
  private readonly queue: Pending[] = [];
  /** Jobs running or waiting per owner. */
  private readonly held = new Map<string, number>();
  /** When each owner holding jobs last had one handed to a worker (a count of dispatches). */
  private readonly served = new Map<string | undefined, number>();
  private dispatches = 0;
  private nextId = 1;
  private closed = false;

  /** Told of every job queued, dispatched and settled, in order: tests see where work ran and in which order. */
  readonly watchers = new Set<(event: PoolEvent) => void>();

  constructor(readonly options: PoolOptions) {}

  /** Jobs running and waiting: what the pool holds now. */
  get load(): { running: number; waiting: number; workers: number } {
    let running = 0;
    for (const s of this.slots) if (s.job) running++;
    return { running, waiting: this.queue.length, workers: this.slots.size };
  }

  /** Jobs `owner` holds now, running or waiting. */
  heldBy(owner: string): number {
    return this.held.get(owner) ?? 0;
  }

  /**
   * Runs one job in a worker. `transfer` names input ArrayBuffers to move rather than copy (see
   * transfer.ts): the caller must not read them afterwards.
   */
  run<K extends keyof J & string>(
    kind: K,
    input: InputOf<J[K]>,
    transfer: ArrayBuffer[] = [],
  ): Promise<WorkOutcome<OutputOf<J[K]>>> {
    return this.enqueue(kind, input, transfer, undefined);
  }

  /** Runs one job as `run` does, counted against `owner`'s share (PoolOptions.perOwner). */
  runFor<K extends keyof J & string>(
    owner: string,
    kind: K,
    input: InputOf<J[K]>,
    transfer: ArrayBuffer[] = [],
  ): Promise<OwnedOutcome<OutputOf<J[K]>>> {
    if (this.closed) return Promise.reject(new Error("the worker pool is closed"));
    // The owner's own share first: one user at their limit hears that, not that the server is busy.
    if (this.heldBy(owner) >= (this.options.perOwner ?? Number.POSITIVE_INFINITY))
      return Promise.resolve({ ok: false, refusal: "owner-full" });
    return this.enqueue(kind, input, transfer, owner);
  }

  private enqueue<K extends keyof J & string>(
    kind: K,
    input: InputOf<J[K]>,
    transfer: ArrayBuffer[],
    owner: string | undefined,
  ): Promise<WorkOutcome<OutputOf<J[K]>>> {
    if (this.closed) return Promise.reject(new Error("the worker pool is closed"));
    const free = this.idleSlot() !== undefined || this.slots.size < this.options.size;
    if (!free && this.queue.length >= this.options.queueMax)
      return Promise.resolve({ ok: false, refusal: "busy" });
    this.hold(owner, 1);
    let released = false;
    const release = () => {
      if (!released) this.hold(owner, -1);
      released = true;
      this.tell("settled", kind, owner);
    };
    return new Promise((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        kind,
        owner,
        input,
        transfer,
        settle: (outcome) => {
          release();
          resolve(outcome as WorkOutcome<OutputOf<J[K]>>);
        },
        fail: (err) => {
          release();
          reject(err);
        },
      });
      this.tell("queued", kind, owner);
      this.pump();
    });
  }

  /** Ends every worker; jobs still running or waiting end as 'crashed'. For tests and shutdown. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.settle({ ok: false, refusal: "crashed", detail: "closed" });
    await Promise.all([...this.slots].map((s) => s.worker.terminate()));
  }

  private idleSlot(): Slot | undefined {
    for (const s of this.slots) if (s.ready && !s.job) return s;
    return undefined;
  }

  private hold(owner: string | undefined, change: 1 | -1): void {
    if (owner === undefined) return;
    const now = this.heldBy(owner) + change;
    if (now > 0) this.held.set(owner, now);
    else {
      this.held.delete(owner);
      this.served.delete(owner);
    }
  }

  private tell(what: PoolEvent["what"], kind: string, owner: string | undefined): void {
    for (const watch of this.watchers) watch({ what, kind, owner });
  }

  /**
   * The waiting job to run next: one of the owner with the fewest jobs running, and among those the
   * owner served longest ago (or never), oldest job first; so one user's second job does not take a
   * worker ahead of another user's first. Jobs without an owner count as one owner. The queue is
   * short (WORK_QUEUE), so a scan is cheap.
   */
  private takeNext(): Pending | undefined {
    const running = new Map<string | undefined, number>();
    for (const s of this.slots) if (s.job) running.set(s.job.owner, (running.get(s.job.owner) ?? 0) + 1);
    const before = (a: Pending, b: Pending): boolean => {
      const [ra, rb] = [running.get(a.owner) ?? 0, running.get(b.owner) ?? 0];
      if (ra !== rb) return ra < rb;
      return (this.served.get(a.owner) ?? -1) < (this.served.get(b.owner) ?? -1);
    };
    let best = this.queue[0];
    for (const job of this.queue) if (best && before(job, best)) best = job;
    if (best) this.queue.splice(this.queue.indexOf(best), 1);
    return best;
  }

  /** Hands waiting jobs to idle workers, starting workers while the pool has room. */
  private pump(): void {
    while (this.queue.length > 0) {
      const idle = this.idleSlot();
      if (idle) {
        this.dispatch(idle, this.takeNext()!);
        continue;
      }
      const starting = [...this.slots].filter((s) => !s.started).length;
      // A worker on its way will take the next job; start another only for jobs beyond those.
      if (this.slots.size >= this.options.size || starting >= this.queue.length) return;
      this.spawn();
    }
  }

  private spawn(): void {
    const worker = new Worker(BOOT, {
      workerData: { entry: this.options.entry.href },
      resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb },
    });
    const slot: Slot = { worker, started: false, ready: false, job: null, timer: null, error: null };
    this.slots.add(slot);
    slot.timer = setTimeout(() => void worker.terminate(), Math.max(START_LIMIT_MS, this.options.timeoutMs));
    worker.on("message", (message: FromWorker) => this.received(slot, message));
    worker.on("messageerror", (err) =>
      this.finish(slot, { ok: false, refusal: "crashed", detail: err.message }),
    );
    worker.on("error", (err) => {
      slot.error = err;
    });
    worker.on("exit", () => this.exited(slot));
  }

  private dispatch(slot: Slot, job: Pending): void {
    this.clearTimer(slot);
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      slot.ready = false;
      this.finish(slot, { ok: false, refusal: "timeout" });
      // The thread may be deep in a loop that never yields: only ending the worker stops it.
      void slot.worker.terminate();
    }, this.options.timeoutMs);
    this.served.set(job.owner, ++this.dispatches);
    this.tell("dispatched", job.kind, job.owner);
    const message: ToWorker = { id: job.id, kind: job.kind, input: job.input };
    try {
      slot.worker.postMessage(message, job.transfer);
    } catch (err) {
      // The input cannot be cloned: the caller's mistake, and the worker is as good as before.
      this.finish(slot, null);
      job.fail(err as Error);
    }
  }

  private received(slot: Slot, message: FromWorker): void {
    if ("ready" in message) {
      slot.started = true;
      slot.ready = true;
      this.idle(slot);
      return;
    }
    const job = slot.job;
    if (!job || job.id !== message.id) return;
    if (message.ok) this.finish(slot, { ok: true, value: message.value });
    else {
      this.finish(slot, null);
      job.fail(new Error(`work job '${job.kind}' failed in its worker: ${message.error}`));
    }
  }

  /** The slot's job ends with `outcome` (null: already answered), and the worker is free for the next. */
  private finish(slot: Slot, outcome: WorkOutcome<unknown> | null): void {
    const job = slot.job;
    slot.job = null;
    if (job && outcome) job.settle(outcome);
    this.idle(slot);
  }

  /** A worker without a job: it takes the next one waiting, or is ended after a while without. */
  private idle(slot: Slot): void {
    this.clearTimer(slot);
    // An idle worker does not keep the process alive: a server closing does not wait for it.
    slot.worker.unref();
    if (slot.ready) {
      slot.timer = setTimeout(() => {
        slot.ready = false;
        void slot.worker.terminate();
      }, this.options.idleMs ?? IDLE_MS);
      slot.timer.unref();
    }
    this.pump();
  }

  private exited(slot: Slot): void {
    this.slots.delete(slot);
    this.clearTimer(slot);
    const oom = (slot.error as { code?: string } | null)?.code === "ERR_WORKER_OUT_OF_MEMORY";
    const detail = slot.error?.message ?? (slot.started ? "the worker exited" : "the worker did not start");
    // A worker that never started was started for the first job waiting: that job ends with it, so a
    // worker that cannot start is not started again and again for the same job.
    const job = slot.job ?? (slot.started ? undefined : this.queue.shift());
    slot.job = null;
    job?.settle({ ok: false, refusal: oom ? "memory" : "crashed", detail });
    this.pump();
  }

  private clearTimer(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
  }
}
