import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Deployment } from "./deploy";
import { Fleet } from "./fleet";
import type { LoadOptions } from "./options";
import { printProfiles } from "./profile";
import { ourCpuPercent, printReading, printVerify } from "./report";
import { addTables, measure, sleep } from "./run";
import { correctnessTarget, printTargets, TARGETS } from "./targets";

// The ramp: more tables step by step (the earlier ones keep playing) until p99 from a turn's send to
// its arrival at every seat passes 100 ms; prints each step on one line and the point where it broke.

const BREAK_MS = 100;
const BUDGET_MS = 25;
/** Seconds between adding tables and measuring: the new tables' set-up must not be measured. */
const SETTLE_S = 5;

export async function rampRun(deployment: Deployment, options: LoadOptions): Promise<void> {
  const { start, step, max, seconds } = options.ramp;
  const fleet = await Fleet.create(deployment, {
    slug: options.game,
    seats: options.seats,
    users: options.users,
    seed: options.seed,
  });
  const profileDir = options.profile ? mkdtempSync(path.join(tmpdir(), "tt-bench-profile-")) : null;
  let withinBudget = 0;
  let broke: { tables: number; p99: number } | null = null;
  /** The most turns a second delivered by a step before the break (p99 <= BREAK_MS). */
  let knee = 0;
  try {
    console.log(
      `  ${options.users} users; steps of ${step} tables from ${start}, ${seconds} s measured each\n`,
    );
    console.log(
      "  tables  turns/s  p50 ms  p95 ms  p99 ms  max ms  refused  late  server CPU  server loop p99  DB ms/call  bots CPU  bots loop p99  others' CPU",
    );
    for (let target = start; target <= max; target += step) {
      const setupStart = performance.now();
      await addTables(fleet, target - fleet.tables.length);
      const setup = fleet.newWindow();
      const setupS = (performance.now() - setupStart) / 1000;
      await sleep(SETTLE_S * 1000);
      const { window, reading } = await measure(deployment, fleet, seconds, null);
      const live = fleet.tables.filter((t) => t.state !== "failed").length;
      const all = window.toAll.summary();
      const f = (v: number, w = 7) => (Number.isNaN(v) ? "-" : v.toFixed(v < 10 ? 2 : 1)).padStart(w);
      const cpu = reading.servers.map((s) => `${Math.round(s.cpuPercent)}%`).join("+");
      const loop = reading.servers.map((s) => (s.probe ? s.probe.lag.p99.toFixed(1) : "-")).join("/");
      const db = reading.servers
        .map((s) => (s.probe?.db.calls ? (s.probe.db.ms / s.probe.db.calls).toFixed(2) : "-"))
        .join("/");
      console.log(
        `  ${String(live).padStart(6)} ${f(window.turnsDelivered / reading.seconds, 8)} ${f(all.p50)} ${f(all.p95)} ${f(all.p99)} ${f(all.max)} ${String(window.refusals.total()).padStart(8)} ${String(window.ticksBehind).padStart(5)} ${cpu.padStart(11)} ${loop.padStart(16)} ${db.padStart(11)} ${`${Math.round(reading.bots.cpuPercent)}%`.padStart(9)} ${f(reading.bots.lagP99, 14)} ${`${Math.round(Math.max(0, reading.machine.busyPercent - ourCpuPercent(reading)))}%`.padStart(12)}` +
          (setup.setupFailures.total() + window.setupFailures.total()
            ? `  (set-up failures: ${[...setup.setupFailures.counts, ...window.setupFailures.counts].map(([k, v]) => `${v} x ${k}`).join(", ")})`
            : "") +
          `  [set-up ${setupS.toFixed(0)} s]`,
      );
      if (all.p99 <= BUDGET_MS) withinBudget = live;
      if (all.p99 <= BREAK_MS && broke === null)
        knee = Math.max(knee, window.turnsDelivered / reading.seconds);
      if (!(all.p99 <= BREAK_MS) && broke === null) {
        broke = { tables: live, p99: all.p99 };
        console.log(`\n  the step that broke (${live} tables):`);
        printReading(reading, window.turnsDelivered / reading.seconds);
        // Profiled where it breaks: what the server does when it can no longer keep up.
        if (profileDir) {
          console.log(`\n  profiling ${seconds} s more at ${live} tables:`);
          await measure(deployment, fleet, seconds, profileDir);
        }
        if (!options.ramp.past) break;
        console.log("\n  going on past the break (--ramp-past): where do delivered turns stop growing?");
      }
    }
    const unanswered = await fleet.stop();
    console.log("");
    console.log(
      `  p99 <= ${BUDGET_MS} ms up to: ${withinBudget ? `${withinBudget} tables (${withinBudget * options.seats} seats)` : "no step"}`,
    );
    console.log(
      broke
        ? `  breaking point (p99 > ${BREAK_MS} ms): ${broke.tables} tables, p99 ${broke.p99.toFixed(1)} ms`
        : `  no break up to ${fleet.tables.length} tables (--ramp-max ${max})`,
    );
    console.log("\n  check (every game of the ramp):");
    const verified = await fleet.verify();
    printVerify(verified, unanswered);
    printTargets("targets", [
      {
        what: `knee (p99 <= ${BREAK_MS} ms) >= ${TARGETS.kneeTurnsPerSecond} turns/s`,
        measured: `${knee.toFixed(0)} turns/s${broke ? "" : " (no break reached: raise --ramp-max)"}`,
        met: broke ? knee >= TARGETS.kneeTurnsPerSecond : null,
      },
      correctnessTarget(verified),
    ]);
    if (profileDir) printProfiles(profileDir);
  } finally {
    fleet.close();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  }
}
