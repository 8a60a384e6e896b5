import { Worker } from "node:worker_threads";

// The embedded database (PGlite) on a thread of its own (pgliteWorker.mjs), seen from the server's
// thread through the part of PGlite's interface that Drizzle and runNamed use: query, transaction,
// dumpDataDir, close. PGlite runs every statement synchronously on the thread that calls it; on the
// server's thread a storm of game starts (some seventy statements each) held up every table's turns
// (issue 21: PGlite's p99 was 56-196 ms at 100 tables where PostgreSQL's, in its own process, was
// 27-43 ms). Statements now run beside the server's thread, as PostgreSQL's do.

/** One answer of a statement: what Drizzle and runNamed read of PGlite's Results. */
export interface ThreadResults<Row> {
  rows: Row[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** Options of a statement, as Drizzle passes them: rows as objects or arrays, and columns to keep as text. */
export interface ThreadQueryOptions {
  rowMode?: "object" | "array";
  /**
   * Parsers by type id. Only parsers that keep the column's text are supported (Drizzle's, for dates,
   * times and intervals): functions cannot cross to the database's thread, so the thread applies its
   * own text-keeping parser to the types named here.
   */
  parsers?: Record<number, (value: string) => unknown>;
}

export interface ThreadTransaction {
  query<Row>(text: string, params?: unknown[], options?: ThreadQueryOptions): Promise<ThreadResults<Row>>;
}

type Request =
  | {
      op: "query";
      text: string;
      params: unknown[];
      rowMode?: "object" | "array";
      textTypes?: number[];
      tx?: number;
    }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "dump" }
  | { op: "close" };

type FromThread =
  | { ready: true }
  | { startFailed: Described }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Described };

interface Described {
  message: string;
  name?: string;
  [field: string]: unknown;
}

/** A PostgreSQL error from the database's thread, with its fields (code, detail, constraint, ...). */
export class EmbeddedDatabaseError extends Error {
  code?: string;
  constructor(described: Described) {
    super(described.message);
    for (const [key, value] of Object.entries(described)) {
      if (key !== "message" && key !== "name" && key !== "stack")
        (this as Record<string, unknown>)[key] = value;
    }
    this.name = described.name && described.name !== "Error" ? described.name : "EmbeddedDatabaseError";
  }
}

const WORKER = new URL("./pgliteWorker.mjs", import.meta.url);
/** How long close waits for PGlite to close cleanly before it ends the thread. */
const CLOSE_WAIT_MS = 5_000;

interface Waiting {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

export class PgliteThread implements ThreadTransaction {
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private stopped: Error | null = null;
  private closing = false;
  /** Settles with the reason if the database's thread ends without being closed (a crash). */
  readonly lost: Promise<Error>;
  private markLost!: (err: Error) => void;

  private constructor(private readonly worker: Worker) {
    this.lost = new Promise((resolve) => {
      this.markLost = resolve;
    });
    worker.on("message", (message: FromThread) => {
      if (!("id" in message)) return;
      const waiting = this.waiting.get(message.id);
      if (!waiting) return;
      this.waiting.delete(message.id);
      this.idleUnlessWaiting();
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(new EmbeddedDatabaseError(message.error));
    });
    worker.on("error", (err) => this.stop(err));
    worker.on("exit", (code) =>
      this.stop(new Error(`The embedded database's thread ended (exit code ${code}).`)),
    );
  }

  /** Starts the thread and opens the database in it: a directory, or memory when dataDir is "memory://". */
  static async start(dataDir: string, load?: Blob): Promise<PgliteThread> {
    const workerData = { dataDir, load: load ? await load.arrayBuffer() : undefined };
    const worker = new Worker(WORKER, { workerData, transferList: workerData.load ? [workerData.load] : [] });
    await new Promise<void>((resolve, reject) => {
      const started = (message: FromThread) => {
        if ("ready" in message) resolve();
        else if ("startFailed" in message) reject(new EmbeddedDatabaseError(message.startFailed));
        else return;
        worker.off("message", started);
        worker.off("exit", exited);
      };
      const exited = (code: number) =>
        reject(new Error(`The embedded database did not start (exit code ${code}).`));
      worker.on("message", started);
      worker.once("exit", exited);
    });
    return new PgliteThread(worker).idleUnlessWaiting();
  }

  query<Row>(
    text: string,
    params: unknown[] = [],
    options?: ThreadQueryOptions,
  ): Promise<ThreadResults<Row>> {
    return this.call(statement(text, params, options)) as Promise<ThreadResults<Row>>;
  }

  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. Like
   * PGlite's own, other statements wait until it ends; a statement outside it issued from inside it
   * waits for ever, as it would with PGlite on this thread.
   */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = (await this.call({ op: "begin" })) as number;
    let ended = false;
    const inside: ThreadTransaction = {
      query: <Row>(text: string, params: unknown[] = [], options?: ThreadQueryOptions) => {
        if (ended) return Promise.reject(new Error("The transaction has already ended."));
        return this.call(statement(text, params, options, tx)) as Promise<ThreadResults<Row>>;
      },
    };
    let value: T;
    try {
      value = await work(inside);
    } catch (err) {
      ended = true;
      await this.call({ op: "end", tx, commit: false }).catch(() => {});
      throw err;
    }
    ended = true;
    await this.call({ op: "end", tx, commit: true });
    return value;
  }

  /** The data directory as a gzipped tarball (PGlite's dumpDataDir), which start can load. */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.call({ op: "dump" })) as ArrayBuffer]);
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    this.closing = true;
    let timer: NodeJS.Timeout | undefined;
    try {
      // PGlite closes after the statements before it; a transaction left open would hold it for ever,
      // and a server being stopped must stop.
      await Promise.race([
        this.call({ op: "close" }),
        new Promise((resolve) => {
          timer = setTimeout(resolve, CLOSE_WAIT_MS);
        }),
      ]);
    } finally {
      clearTimeout(timer);
      await this.worker.terminate();
    }
  }

  /** Sends a request; `begin` answers with the transaction's id (its own). */
  private call(request: Request): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    // The thread keeps the process alive only while the server waits on it (a command-line tool that
    // awaits a statement must not exit under it; one that is done must not be held open by it).
    if (this.waiting.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...request });
    });
  }

  private idleUnlessWaiting(): this {
    if (this.waiting.size === 0) this.worker.unref();
    return this;
  }

  private stop(err: Error): void {
    if (this.stopped) return;
    this.stopped = this.closing ? new Error("The embedded database is closed.") : err;
    for (const waiting of this.waiting.values()) waiting.reject(this.stopped);
    this.waiting.clear();
    if (!this.closing) this.markLost(err);
  }
}

/** A statement as the thread takes it: Drizzle's text-keeping parsers go as the types they name. */
function statement(text: string, params: unknown[], options?: ThreadQueryOptions, tx?: number): Request {
  const request: Request = { op: "query", text, params, tx };
  if (options?.rowMode) request.rowMode = options.rowMode;
  if (options?.parsers) request.textTypes = Object.keys(options.parsers).map(Number);
  return request;
}
