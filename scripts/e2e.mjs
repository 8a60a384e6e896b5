// `npm run test:e2e`: the browser tests alone, after building the web app if its sources changed.
import { spawnSync } from "node:child_process";
import { ensureWebBuilt } from "./webBuild.mjs";

ensureWebBuilt();
const r = spawnSync("npx", ["vitest", "run", "--project", "e2e", ...process.argv.slice(2)], {
  stdio: "inherit",
});
process.exit(r.status ?? 1);
