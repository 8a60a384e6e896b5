import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fidelityReport } from "./fidelity";
import { firstRenderReport } from "./first-render";
import { webBundleReport } from "./web-bundle";
import { wireReport } from "./wire";

// `npm run bench`: every benchmark in turn, each printing its own figures. Nothing here asserts a time.
// `npm run bench -- web` (or engine, chess perft, fidelity) runs only the suites named.
const root = path.resolve(import.meta.dirname, "../..");
const only = process.argv.slice(2).join(" ");
const wanted = (name: string) => only === "" || only.includes(name);
const suites = [
  { name: "engine", file: "packages/engine/bench/index.ts" },
  { name: "chess perft", file: "bench/src/chess-perft.ts" },
  { name: "views", file: "bench/src/views.ts" },
  { name: "bots", file: "bench/src/bots.ts" },
];

for (const s of suites) {
  if (!wanted(s.name) || !existsSync(path.join(root, s.file))) continue;
  console.log(`\n== ${s.name}`);
  spawnSync(process.execPath, ["--import", "tsx", s.file], { cwd: root, stdio: "inherit" });
}
if (wanted("web")) {
  console.log("\n== web");
  webBundleReport();
  await wireReport();
  await firstRenderReport();
}
if (wanted("fidelity")) {
  console.log("\n== fidelity");
  await fidelityReport();
}
// The server process and the browser are gone; the socket.io client's timers need not hold us.
process.exit(0);
