import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { PerformanceObserver, constants as perfConstants } from "node:perf_hooks";
import v8 from "node:v8";
import vm from "node:vm";
import pg from "pg";
import { PgliteThread } from "../../../packages/server/src/db/pgliteThread";
import { type LagFigures, lagFigures, lagMonitor } from "./lag";

// Loaded into each server process by the load benchmark (`node --import tsx --import probe.ts
// packages/server/src/main.ts`): it measures from inside without a line of the server changing.
// - event-loop delay: how long a ready callback (a turn, a broadcast) waits for the loop;
// - database calls: count and wall time of every query (PostgreSQL) or call (PGlite), and how long
//   a query waits for a free connection of the pool (node-postgres, max 10 connections).
// - garbage-collection pauses of the server's thread: young-generation (scavenges) and full
//   (mark-compact) collections, count, total and longest, to set beside the event loop's delay.
// - a V8 CPU profile of exactly the measured window, on request (--profile).
// - a read of the server's database for the end-of-run check (the table's start and log): PGlite is
//   locked to this process, so the read goes through the server's own PGlite instance.
// - with BENCH_STATEMENTS_FILE set: every statement of the window, counted by its name or its text, written
//   to that file (suffixed with the server's pid) at each sample, to see what a game start sends.
// The parent asks over the IPC channel; each sample answered starts a new window.

export interface ProbeSample {
  lag: LagFigures;
  db: { calls: number; ms: number; max: number; poolWaits: number; poolWaitMs: number; poolWaitMax: number };
  gc: { minor: GcPauses; major: GcPauses };
  heapUsedMb: number;
  rssMb: number;
}

/** Pauses of one kind of collection in the window: how many, their sum and the longest, in ms. */
export interface GcPauses {
  count: number;
  ms: number;
  max: number;
}

const lag = lagMonitor();
const newGc = () => ({ minor: { count: 0, ms: 0, max: 0 }, major: { count: 0, ms: 0, max: 0 } });
let gc = newGc();
try {
  // Node reports each collection with the time the thread was stopped for it. Incremental marking
  // steps and weak callbacks count with the full collections they belong to.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      const pauses = kind === perfConstants.NODE_PERFORMANCE_GC_MINOR ? gc.minor : gc.major;
      pauses.count++;
      pauses.ms += entry.duration;
      if (entry.duration > pauses.max) pauses.max = entry.duration;
    }
  }).observe({ entryTypes: ["gc"] });
} catch (err) {
  console.error("load probe: garbage-collection timing unavailable:", (err as Error).message);
}
const db = { calls: 0, ms: 0, max: 0, poolWaits: 0, poolWaitMs: 0, poolWaitMax: 0 };

const record = (t0: number) => {
  const ms = performance.now() - t0;
  db.calls++;
  db.ms += ms;
  if (ms > db.max) db.max = ms;
};
const recordWait = (t0: number) => {
  const ms = performance.now() - t0;
  db.poolWaits++;
  db.poolWaitMs += ms;
  if (ms > db.poolWaitMax) db.poolWaitMax = ms;
};

type AnyFn = (...args: unknown[]) => unknown;
const isThenable = (v: unknown): v is Promise<unknown> =>
  typeof (v as { then?: unknown } | null)?.then === "function";

/** The server's PGlite, once it has made a call (the end-of-run check reads through it). */
let pglite: PgliteThread | undefined;
/** Our own connection to the server's PostgreSQL database, opened at the first read. */
let pgReader: pg.Client | undefined;

/** Wraps a method so its duration is recorded, whether it answers by callback or by promise. */
function timeMethod(
  proto: object,
  name: string,
  done: (t0: number) => void,
  seen?: (self: unknown) => void,
): void {
  const original = (proto as Record<string, unknown>)[name];
  if (typeof original !== "function") return;
  Object.defineProperty(proto, name, {
    configurable: true,
    writable: true,
    value: function timed(this: unknown, ...args: unknown[]) {
      seen?.(this);
      const t0 = performance.now();
      const last = args.length - 1;
      if (typeof args[last] === "function") {
        const callback = args[last] as AnyFn;
        args[last] = (...cbArgs: unknown[]) => {
          done(t0);
          return callback(...cbArgs);
        };
        return (original as AnyFn).apply(this, args);
      }
      const result = (original as AnyFn).apply(this, args);
      if (isThenable(result))
        result.then(
          () => done(t0),
          () => done(t0),
        );
      return result;
    },
  });
}

/** Statements of the window by name or text (BENCH_STATEMENTS_FILE), else null. */
const statementsFile = process.env.BENCH_STATEMENTS_FILE;
let statements = new Map<string, number>();
function countStatement(proto: object, name: string, keyOf: (args: unknown[]) => string | null): void {
  const original = (proto as Record<string, unknown>)[name] as AnyFn;
  Object.defineProperty(proto, name, {
    configurable: true,
    writable: true,
    value: function counted(this: unknown, ...args: unknown[]) {
      const key = keyOf(args);
      if (key !== null) statements.set(key, (statements.get(key) ?? 0) + 1);
      return original.apply(this, args);
    },
  });
}
const textKey = (text: unknown, name?: unknown) =>
  typeof name === "string" ? name : String(text).replace(/\s+/g, " ").trim().slice(0, 140);

try {
  if (statementsFile) {
    countStatement(pg.Client.prototype, "query", ([q]) =>
      typeof q === "string"
        ? textKey(q)
        : textKey((q as { text?: unknown }).text, (q as { name?: unknown }).name),
    );
    countStatement(PgliteThread.prototype, "call", ([r]) => {
      const request = r as { op: string; text?: unknown };
      return request.op === "query" ? textKey(request.text) : request.op;
    });
  }
  timeMethod(pg.Client.prototype, "query", record);
  timeMethod(pg.Pool.prototype, "connect", recordWait);
  // PGlite runs on a thread of this process (pgliteThread.ts): every request to it is a call, as
  // every statement is for PostgreSQL (a transaction's begin and end included).
  timeMethod(PgliteThread.prototype, "call", record, (self) => {
    pglite ??= self as PgliteThread;
  });
} catch (err) {
  console.error("load probe: database timing unavailable:", (err as Error).message);
}

const round = (v: number) => Math.round(v * 100) / 100;

let gcFunction: (() => void) | undefined;
function collectGarbage(): void {
  if (!gcFunction) {
    v8.setFlagsFromString("--expose-gc");
    gcFunction = vm.runInNewContext("gc") as () => void;
  }
  gcFunction();
}

let inspector: Session | undefined;
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) =>
    inspector!.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result))),
  );

async function profile(message: { type: string; file?: string }): Promise<void> {
  if (message.type === "probe:profile-start") {
    inspector ??= new Session();
    inspector.connect();
    await post("Profiler.enable");
    await post("Profiler.start");
    return;
  }
  if (!inspector) return;
  const { profile } = (await post("Profiler.stop")) as { profile: unknown };
  inspector.disconnect();
  inspector = undefined;
  if (message.file) writeFileSync(message.file, JSON.stringify(profile));
}

/**
 * One read-only query of the server's database. It runs after the measured window, and its calls are
 * counted in the next sample, which no report reads.
 */
async function read(text: string, params: unknown[]): Promise<unknown[]> {
  if (process.env.DATABASE_URL) {
    if (!pgReader) {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      pgReader = client;
    }
    return (await pgReader.query(text, params)).rows;
  }
  if (!pglite) throw new Error("the server has not opened its PGlite database yet");
  return (await pglite.query(text, params)).rows;
}

interface ProbeQuestion {
  type?: string;
  id?: number;
  file?: string;
  gc?: boolean;
  text?: string;
  params?: unknown[];
}

// The restart mode profiles a server's start itself (tables loaded at their first turn included).
if (process.env.BENCH_PROFILE_FROM_START === "1")
  profile({ type: "probe:profile-start" }).catch((err: Error) =>
    console.error("load probe: profiling from the start failed:", err.message),
  );

if (process.send) {
  process.on("message", (message: ProbeQuestion | null) => {
    if (message?.type === "probe:read") {
      read(message.text ?? "", message.params ?? []).then(
        (rows) => process.send?.({ type: message.type, id: message.id, rows }),
        (err: Error) => process.send?.({ type: message.type, id: message.id, error: err.message }),
      );
      return;
    }
    if (message?.type === "probe:profile-start" || message?.type === "probe:profile-stop") {
      const type = message.type;
      profile({ type, ...(message.file ? { file: message.file } : {}) }).then(
        () => process.send?.({ type, id: message.id }),
        (err: Error) => process.send?.({ type, id: message.id, error: err.message }),
      );
      return;
    }
    if (message?.type !== "probe:sample") return;
    // Memory per socket is read from the heap after a full collection, not from whatever garbage
    // happens to be waiting.
    if (message.gc) collectGarbage();
    const sample: ProbeSample = {
      lag: lagFigures(lag),
      db: { ...db, ms: round(db.ms), max: round(db.max), poolWaitMs: round(db.poolWaitMs) },
      gc,
      heapUsedMb: round(process.memoryUsage().heapUsed / 2 ** 20),
      rssMb: round(process.memoryUsage.rss() / 2 ** 20),
    };
    if (statementsFile) {
      const sorted = [...statements].sort((a, b) => b[1] - a[1]);
      writeFileSync(`${statementsFile}.${process.pid}`, JSON.stringify(sorted, null, 1));
      statements = new Map();
    }
    lag.reset();
    gc = newGc();
    Object.assign(db, { calls: 0, ms: 0, max: 0, poolWaits: 0, poolWaitMs: 0, poolWaitMax: 0 });
    process.send?.({ type: "probe:sample", id: message.id, sample });
  });
  // After the listener (adding one references the channel again): the channel must not keep a
  // server alive that is asked to stop.
  process.channel?.unref();
}
