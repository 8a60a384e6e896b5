// The balance process's first module (processPool.ts forks it). Every thread the process has now (its
// main thread and V8's compiler and garbage-collector threads) is lowered before any game code loads;
// threads started later inherit the main thread's priority. Linux keeps a nice value per thread
// (setpriority(2), 'Bugs'), listed in /proc/self/task; elsewhere the process's priority is the one.
// Then tsx's loader, as the server runs from its TypeScript sources, and the jobs' module.
import { readdirSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/** How much less the balance games' claim on a core is than the server's (nice values, up to 19). */
const NICENESS = 10;
const lowered = (id) => setPriority(id, Math.min(19, getPriority(id) + NICENESS));

try {
  for (const tid of readdirSync("/proc/self/task")) lowered(Number(tid));
} catch {
  try {
    lowered(0);
  } catch {
    // Not allowed here: the games keep the server's priority.
  }
}
const { register } = await import("tsx/esm/api");
register();
await import(process.argv[2]);
