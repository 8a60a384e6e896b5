// The embedded database's own thread (pgliteThread.ts starts it). PGlite runs PostgreSQL compiled to
// WebAssembly, synchronously, on the thread that calls it: on the server's thread every statement held
// up every socket, and game-start storms stalled turns for 100-200 ms (issue 21). Here it runs beside
// the server's thread, as a PostgreSQL server runs beside it in a process of its own.
//
// Plain JavaScript that imports PGlite alone, so the thread starts without the TypeScript loader.
//
// Messages in: { id, op: "query", text, params, rowMode, textTypes, tx? } | { id, op: "begin" } |
// { id, op: "end", tx, commit } | { id, op: "dump" } | { id, op: "close" }.
// Messages out: { ready: true } | { startFailed } | { id, ok: true, value } | { id, ok: false, error }.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

/** A parser that leaves a column's text as it is (what Drizzle asks for dates, times and intervals). */
const asText = (value) => value;

/** Open transactions by the id of the message that began them: PGlite's transaction and its ending. */
const open = new Map();

/** 'begin' is answered from inside the transaction, once PGlite has begun it. */
const ANSWERED = Symbol("answered");

/** Rolled back on the caller's word: not an error of the transaction's own. */
const ROLLED_BACK = Symbol("rolled back");

let db;
try {
  const options = workerData.load ? { loadDataDir: new Blob([workerData.load]) } : {};
  db = await PGlite.create(workerData.dataDir, options);
} catch (err) {
  parentPort.postMessage({ startFailed: describe(err) });
  process.exit(1);
}
parentPort.on("message", (message) => void handle(message));
parentPort.postMessage({ ready: true });

async function handle(message) {
  try {
    const [value, transfer] = await run(message);
    if (value !== ANSWERED) parentPort.postMessage({ id: message.id, ok: true, value }, transfer ?? []);
  } catch (err) {
    parentPort.postMessage({ id: message.id, ok: false, error: describe(err) });
  }
}

async function run(message) {
  switch (message.op) {
    case "query": {
      const target = message.tx === undefined ? db : open.get(message.tx)?.tx;
      if (!target) throw new Error("The transaction has already ended.");
      const options = {};
      if (message.rowMode) options.rowMode = message.rowMode;
      if (message.textTypes) {
        options.parsers = Object.fromEntries(message.textTypes.map((type) => [type, asText]));
      }
      const { rows, fields, affectedRows } = await target.query(message.text, message.params, options);
      return [{ rows, fields, affectedRows }];
    }
    case "begin":
      begin(message.id);
      return [ANSWERED];
    case "end": {
      const entry = open.get(message.tx);
      if (!entry) throw new Error("The transaction has already ended.");
      open.delete(message.tx);
      entry.finish(message.commit);
      await entry.done;
      return [null];
    }
    case "dump": {
      const bytes = await (await db.dumpDataDir("gzip")).arrayBuffer();
      return [bytes, [bytes]];
    }
    case "close":
      await db.close();
      return [null];
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

function begin(id) {
  let finish;
  const ended = new Promise((resolve, reject) => {
    finish = (commit) => (commit ? resolve(null) : reject(ROLLED_BACK));
  });
  const entry = { tx: null, finish, done: null };
  // PGlite commits when the callback resolves and rolls back when it rejects. A rollback asked for is
  // not a failure; a failed commit is, and reaches the caller of 'end'.
  entry.done = db
    .transaction(async (tx) => {
      entry.tx = tx;
      open.set(id, entry);
      // The transaction is known by the id of the message that began it.
      parentPort.postMessage({ id, ok: true, value: id });
      return ended;
    })
    .then(
      () => undefined,
      (err) => {
        if (err !== ROLLED_BACK) throw err;
      },
    );
  // A transaction that could not begin: the caller of 'begin' hears of it.
  entry.done.catch((err) => {
    if (entry.tx === null) parentPort.postMessage({ id, ok: false, error: describe(err) });
  });
}

/** An error as plain data: message, name and PostgreSQL's fields (code, detail, constraint, ...). */
function describe(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const out = { message: err.message, name: err.name };
  for (const [key, value] of Object.entries(err)) {
    if (typeof value === "string" || typeof value === "number") out[key] = value;
  }
  return out;
}
