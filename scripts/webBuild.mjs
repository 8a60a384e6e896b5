// Builds the web app when its sources changed since the last build (or it was never built).
// A hash of every input file decides, so a fresh clone, a `git pull` and an edit all rebuild, and a
// plain restart does not.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "packages/web/dist");
const stampFile = path.join(dist, ".source-hash");
const inputs = [
  "packages/web/src",
  "packages/web/index.html",
  "packages/web/public",
  "packages/web/vite.config.ts",
  "packages/web/package.json",
  "packages/protocol/src",
  "packages/engine/src",
  "packages/games/src",
  "package-lock.json",
];

function* files(p) {
  if (!existsSync(p)) return;
  if (statSync(p).isDirectory()) {
    for (const e of readdirSync(p).sort()) yield* files(path.join(p, e));
  } else {
    yield p;
  }
}

export function sourceHash() {
  const h = createHash("sha256");
  for (const input of inputs) {
    for (const f of files(path.join(root, input))) {
      if (/\.test\.tsx?$/.test(f)) continue;
      h.update(path.relative(root, f));
      h.update(readFileSync(f));
    }
  }
  return h.digest("hex");
}

export function ensureWebBuilt() {
  const hash = sourceHash();
  if (
    existsSync(path.join(dist, "index.html")) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, "utf8") === hash
  ) {
    return;
  }
  console.log("Building the web app (sources changed since the last build)...");
  const r = spawnSync("npm", ["run", "build", "-w", "packages/web"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) {
    console.error("The web app build failed.");
    process.exit(r.status ?? 1);
  }
  writeFileSync(stampFile, hash);
}
