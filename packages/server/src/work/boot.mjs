// A worker's first module (pool.ts starts every worker here). The server runs from its TypeScript
// sources through tsx (scripts/start.mjs, the tests): tsx's loader is registered in this thread, as
// Node 20 does not carry the main thread's loader into workers, then the jobs' module is loaded.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
