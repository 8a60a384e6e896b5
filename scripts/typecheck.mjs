// Type-checks every package with its own compiler settings: the engine without DOM or Node types,
// the web app with the DOM, the server with Node. One project per package keeps each honest.
import { spawnSync } from "node:child_process";

const projects = [
  "packages/engine",
  "packages/protocol",
  "packages/games",
  "packages/server",
  "packages/web",
  "e2e",
  "bench",
];
let failed = false;
for (const p of projects) {
  const r = spawnSync("npx", ["tsc", "-p", p], { stdio: "inherit" });
  if (r.status !== 0) {
    console.error(`typecheck failed in ${p}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
