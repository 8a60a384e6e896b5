import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Deployment } from "./deploy";
import { Fleet } from "./fleet";
import { Meter, type Reading } from "./meter";
import type { LoadOptions } from "./options";
import { printPerf, startPerf } from "./perf";
import { CpuWindow } from "./procstat";
import { printProfiles, profileSelf } from "./profile";
import { printReading, printVerify, printWindow } from "./report";
import type { Window } from "./stats";
import { printTargets, steadyTargets } from "./targets";

// The steady run: N tables x seats, one turn a second per table, measured after a warm-up; then the
// end-of-run check of every client's situation against the server's.

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sets up `count` tables, printing progress now and then (a thousand tables take a while). */
export async function addTables(fleet: Fleet, count: number): Promise<void> {
  const t0 = performance.now();
  let shown = 0;
  await fleet.addTables(count, (done) => {
    if (done - shown >= Math.max(50, count / 5) || done === count) {
      shown = done;
      console.log(`  ... ${done}/${count} tables set up (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    }
  });
}

/**
 * Measures one window of `seconds`, with an optional CPU profile of every server (and of the bots)
 * over it. With `every`, prints a line per that many seconds: on a shared machine the spread matters.
 */
export async function measure(
  deployment: Deployment,
  fleet: Fleet,
  seconds: number,
  profileDir: string | null,
  every = 0,
  perfDir: string | null = null,
): Promise<{ window: Window; reading: Reading }> {
  const meter = new Meter(deployment, fleet.loopDelay);
  await meter.begin();
  if (profileDir) await Promise.all(deployment.servers.map((s) => s.profile("start")));
  const stopPerf = perfDir
    ? startPerf(
        deployment.servers.map((s) => s.pid),
        perfDir,
      )
    : null;
  const stopBots = profileDir ? await profileSelf() : null;
  fleet.newWindow();
  const current = fleet.window;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const slice = every > 0 ? Math.min(every * 1000, end - performance.now()) : end - performance.now();
    const from = { samples: current.toAll.count, turns: current.turnsDelivered, t: performance.now() };
    const cpu = new CpuWindow(() => deployment.servers.map((s) => s.pid));
    await sleep(slice);
    if (every > 0) {
      const s = current.toAll.summary(from.samples);
      const took = (performance.now() - from.t) / 1000;
      const c = cpu.read();
      console.log(
        `    ${((performance.now() - current.t0) / 1000).toFixed(0).padStart(4)} s: ${((current.turnsDelivered - from.turns) / took).toFixed(0)} turns/s, p50 ${s.p50.toFixed(1)} p99 ${s.p99.toFixed(1)} max ${s.max.toFixed(1)} ms; servers ${Math.round(c.percent)}% CPU, machine ${Math.round(c.machinePercent)}% busy`,
      );
    }
  }
  const window = fleet.newWindow();
  await stopPerf?.();
  const reading = await meter.end();
  if (profileDir) {
    await stopBots?.(path.join(profileDir, "bots.cpuprofile"));
    await Promise.all(
      deployment.servers.map((s, i) =>
        s.profile("stop", path.join(profileDir, `server-${i + 1}.cpuprofile`)),
      ),
    );
  }
  return { window, reading };
}

/** One steady run's headline figures, for the combined table of `--setup all`. */
export interface RunSummary {
  turnsPerSecond: number;
  toAll: { p50: number; p95: number; p99: number; max: number };
  senderP99: number;
  refusals: number;
  lost: number;
  duplicated: number;
  hashesEqual: number;
  clients: number;
  /** CPU milliseconds per turn of the servers (and database, Redis) together. */
  serverCpuMsPerTurn: number;
  serverRssMb: number;
}

export async function steadyRun(deployment: Deployment, options: LoadOptions): Promise<RunSummary> {
  const fleet = await Fleet.create(deployment, {
    slug: options.game,
    seats: options.seats,
    users: options.users,
    seed: options.seed,
  });
  const profileDir = options.profile ? mkdtempSync(path.join(tmpdir(), "tt-bench-profile-")) : null;
  const perfDir = options.perf ? mkdtempSync(path.join(tmpdir(), "tt-bench-perf-")) : null;
  try {
    console.log(`  ${options.users} users registered and logged in; setting up ${options.tables} tables`);
    await addTables(fleet, options.tables);
    const setup = fleet.newWindow();
    if (setup.setupFailures.total() > 0) {
      console.log("  set-up:");
      printWindow(setup, setup.seconds(), fleet.tables.length);
    }
    console.log(`  warming up ${options.warmup} s, then measuring ${options.seconds} s`);
    await sleep(options.warmup * 1000);
    const { window, reading } = await measure(deployment, fleet, options.seconds, profileDir, 10, perfDir);
    const unanswered = await fleet.stop();
    console.log(`\n  measured ${reading.seconds.toFixed(1)} s:`);
    printWindow(window, reading.seconds, fleet.tables.filter((t) => t.state !== "failed").length);
    printReading(reading, window.turnsDelivered / reading.seconds);
    const trouble = fleet.socketTrouble();
    if (trouble.reconnects || trouble.strays)
      console.log(`  sockets: ${trouble.reconnects} reconnects, ${trouble.strays} stray events`);
    console.log("\n  check (every game of the run, warm-up included):");
    const verified = await fleet.verify();
    printVerify(verified, unanswered);
    if (profileDir) printProfiles(profileDir);
    if (perfDir) printPerf(perfDir);
    const turnsPerSecond = window.turnsDelivered / reading.seconds;
    const serversCpu = reading.servers.reduce((a, sv) => a + sv.cpuPercent, 0);
    const serverCpu = serversCpu + (reading.database?.cpuPercent ?? 0) + (reading.redisCpuPercent ?? 0);
    const toAll = window.toAll.summary();
    // CPU percent of a core over turns a second: milliseconds a turn.
    const perTurn = (percent: number) => (turnsPerSecond > 0 ? (10 * percent) / turnsPerSecond : Number.NaN);
    const probes = reading.servers.map((sv) => sv.probe);
    const turns = turnsPerSecond * reading.seconds;
    printTargets(
      "targets",
      steadyTargets({
        postgres: deployment.kind !== "pglite",
        tables: options.tables,
        serverCpuMsPerTurn: perTurn(serversCpu),
        postgresCpuMsPerTurn: reading.database ? perTurn(reading.database.cpuPercent) : null,
        databaseCallsPerTurn:
          turns > 0 && probes.every((p) => p) ? probes.reduce((a, p) => a + p!.db.calls, 0) / turns : null,
        p99: toAll.p99,
        verified,
      }),
    );
    return {
      turnsPerSecond,
      toAll,
      senderP99: window.toSender.summary().p99,
      refusals: window.refusals.total(),
      lost: verified.lost,
      duplicated: verified.duplicated,
      hashesEqual: verified.hashesEqual,
      clients: verified.clients,
      serverCpuMsPerTurn: turnsPerSecond > 0 ? (10 * serverCpu) / turnsPerSecond : Number.NaN,
      serverRssMb: reading.servers.reduce((a, sv) => a + sv.rssMb, 0),
    };
  } finally {
    fleet.close();
    // BENCH_KEEP_PROFILES=1 keeps the .cpuprofile files (for Chrome DevTools or a closer look).
    if (profileDir && process.env.BENCH_KEEP_PROFILES === "1")
      console.log(`  profiles kept in ${profileDir}`);
    else if (profileDir) rmSync(profileDir, { recursive: true, force: true });
    if (perfDir) {
      rmSync(perfDir, { recursive: true, force: true });
      // The JIT maps the servers wrote for perf grow with every compiled function.
      for (const s of deployment.servers) rmSync(`/tmp/perf-${s.pid}.map`, { force: true });
    }
  }
}
