import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { webBundleReport } from "./web-bundle";

// `npm run bench`: every benchmark in turn, each printing its own figures. Nothing here asserts a time.
const root = path.resolve(import.meta.dirname, "../..");
const suites = [
  { name: "engine", file: "packages/engine/bench/index.ts" },
  { name: "chess perft", file: "bench/src/chess-perft.ts" },
];

for (const s of suites) {
  if (!existsSync(path.join(root, s.file))) continue;
  console.log(`\n== ${s.name}`);
  spawnSync(process.execPath, ["--import", "tsx", s.file], { cwd: root, stdio: "inherit" });
}
console.log("\n== web");
webBundleReport();
