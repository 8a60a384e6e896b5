// The server's --import of the load probe (deploy.ts). Worker threads inherit a process's --import
// flags but not tsx's loader (packages/server/src/work/boot.mjs registers it only after), so a
// TypeScript probe would stop every worker (the balance runs' among them) at its start. The probe
// measures the server's main thread and answers over its IPC channel: workers skip it.
import { isMainThread } from "node:worker_threads";

if (isMainThread) await import("./probe.ts");
