import { balanceSteadyRun } from "./balance";
import { deploy, SETUP_KINDS, type SetupKind } from "./deploy";
import { httpFailures } from "./http";
import { openTablesRun } from "./openTables";
import { type LoadOptions, parseOptions, USAGE } from "./options";
import { peerNote, runPeer } from "./peer/peers";
import { perfAvailable } from "./perf";
import { rampRun } from "./ramp";
import { machineLine, printSummaryTable } from "./report";
import { restartRun } from "./restart";
import { type RunSummary, steadyRun } from "./run";
import { socketsRun } from "./sockets";
import { printTargets, TARGETS } from "./targets";

// `npm run bench:load`: bots on socket.io-client against real server processes (DESIGN.md,
// 'Performance budgets': 1,000 tables x 4 sockets, one turn a second per table, p99 turn -> all
// clients <= 25 ms, nothing lost). See docs/load.md for how to read the report.

/** Stands for a finished ramp or sockets run, which has no row in a summary table. */
const DONE: RunSummary = {
  turnsPerSecond: 0,
  toAll: { p50: Number.NaN, p95: Number.NaN, p99: Number.NaN, max: Number.NaN },
  senderP99: Number.NaN,
  refusals: 0,
  lost: 0,
  duplicated: 0,
  hashesEqual: 0,
  clients: 0,
  serverCpuMsPerTurn: Number.NaN,
  serverRssMb: 0,
};

async function main(): Promise<void> {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options.perf && (options.mode !== "run" || options.balanceGames > 0)) {
    console.error("--perf takes a steady run only.");
    process.exit(2);
  }
  if (options.perf && !perfAvailable()) {
    console.error("--perf needs Linux perf (apt-get install linux-perf) and the right to use it.");
    process.exit(2);
  }
  const what =
    options.mode === "sockets"
      ? `idle sockets, up to ${options.sockets} per server process`
      : options.mode === "ramp"
        ? `ramp of ${options.game} tables x ${options.seats} seats`
        : options.mode === "restart" || options.mode === "open-tables"
          ? `${options.mode}: ${options.stored.count} started night-market tables of ${options.stored.events} events`
          : `${options.tables} ${options.game} tables x ${options.seats} seats, one turn a second each, ${options.seconds} s measured after ${options.warmup} s`;
  console.log(`== load: ${options.setup}: ${what}`);
  console.log(`  machine: ${machineLine()}; ${new Date().toISOString()}`);
  const t0 = performance.now();
  const setups = options.setup === "all" ? SETUP_KINDS : [options.setup];
  const results: { setup: string; summary: RunSummary | null }[] = [];
  for (const setup of setups) {
    if (setups.length > 1) console.log(`\n== ${setup}`);
    results.push({ setup, summary: await runOne(setup, options) });
  }
  if (options.peer) {
    console.log(`\n== ${options.peer}`);
    results.push({ setup: options.peer, summary: await runPeer(options.peer, options) });
  }
  if (results.length > 1) {
    console.log(`\n== summary: ${what}`);
    printSummaryTable(results);
    if (options.peer) console.log(peerNote(options.peer));
    const p99Of = (setup: string) => results.find((r) => r.setup === setup)?.summary?.toAll.p99 ?? Number.NaN;
    const [embedded, postgres] = [p99Of("pglite"), p99Of("postgres")];
    const steady = options.mode === "run" && options.balanceGames === 0 && options.tables === 100;
    if (steady && Number.isFinite(embedded) && Number.isFinite(postgres))
      printTargets("targets", [
        {
          what: `the embedded database's p99 <= ${TARGETS.pgliteOverPostgresP99}x PostgreSQL's at 100 tables`,
          measured: `${embedded.toFixed(1)} against ${postgres.toFixed(1)} ms (${(embedded / postgres).toFixed(2)}x)`,
          met: embedded <= TARGETS.pgliteOverPostgresP99 * postgres,
        },
      ]);
  }
  console.log(`  done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  // Sockets and timers of thousands of bots: leave at once rather than wait for each to close.
  process.exit(results.some((r) => r.summary === null) ? 1 : 0);
}

/** Starts one set-up, runs the chosen mode against it and stops it; null when the run failed. */
async function runOne(setup: SetupKind, options: LoadOptions): Promise<RunSummary | null> {
  const t0 = performance.now();
  // Each set-up's report lists only its own failed calls.
  httpFailures.clear();
  const deployment = await deploy(setup, { perfMap: options.perf });
  console.log(`  ${deployment.describe}; started in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  let summary: RunSummary | null = null;
  // Ctrl-C still stops the servers and drops the database.
  const interrupt = () => {
    console.log("\n  interrupted: stopping the servers");
    void deployment.stop().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupt);
  try {
    if (options.mode === "sockets") await socketsRun(deployment, options);
    else if (options.mode === "ramp") await rampRun(deployment, options);
    else if (options.mode === "restart") await restartRun(deployment, options);
    else if (options.mode === "open-tables") await openTablesRun(deployment, options);
    else if (options.balanceGames > 0) summary = await balanceSteadyRun(deployment, options);
    else summary = await steadyRun(deployment, options);
    // Ramp and sockets runs print their own report; they count as done.
    summary ??= DONE;
  } catch (err) {
    console.error(err);
    for (const s of deployment.servers) {
      const tail = s.output().trim().split("\n").slice(-20).join("\n");
      if (tail) console.error(`--- ${s.label} output (last lines):\n${tail}`);
    }
  } finally {
    process.off("SIGINT", interrupt);
    await deployment.stop();
  }
  return summary;
}

void main();
