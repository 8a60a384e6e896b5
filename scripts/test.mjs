// `npm test`: unit and database tests, then the browser tests in Chromium.
// Without Chromium the browser tests are skipped with a loud warning, except under CI=true, where a
// missing browser is a failure: CI must never pass by testing less.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureWebBuilt } from "./webBuild.mjs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ci = process.env.CI === "true" || process.env.CI === "1";
const out = mkdtempSync(path.join(tmpdir(), "tt-test-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Names of the failed tests, repeated at the end: a CI log is often read from its tail only. */
const failures = [];

function vitest(projects, name) {
  const report = path.join(out, `${name}.json`);
  const args = ["vitest", "run", ...projects.flatMap((p) => ["--project", p])];
  args.push("--reporter=default", "--reporter=json", `--outputFile.json=${report}`);
  const r = spawnSync("npx", args, { stdio: "inherit" });
  if (existsSync(report)) {
    const j = JSON.parse(readFileSync(report, "utf8"));
    totals.passed += j.numPassedTests;
    totals.failed += j.numFailedTests;
    totals.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
    for (const file of j.testResults ?? []) {
      const where = path.relative(process.cwd(), file.name);
      for (const t of file.assertionResults ?? []) {
        if (t.status === "failed")
          failures.push(`${where} > ${t.fullName}: ${(t.failureMessages?.[0] ?? "").split("\n")[0]}`);
      }
      if ((file.assertionResults ?? []).length === 0 && file.status === "failed")
        failures.push(`${where}: ${file.message ?? "failed to run"}`);
    }
  } else if (r.status !== 0) {
    totals.failed += 1;
  }
  return r.status === 0;
}

let ok = vitest(["unit", "db"], "unit-db");

if (existsSync(chromium)) {
  ensureWebBuilt();
  ok = vitest(["e2e"], "e2e") && ok;
} else {
  const banner = "!".repeat(78);
  console.error(`\n${banner}\n!! Chromium not found at ${chromium}: the BROWSER TESTS DID NOT RUN.`);
  console.error("!! Install it with: apt-get install -y chromium   (or set CHROMIUM_PATH)");
  console.error(`${banner}\n`);
  if (ci) {
    console.error("CI=true: a missing browser is a failure.");
    ok = false;
    totals.failed += 1;
  }
}

if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
