import { deploy } from "./deploy";
import { parseOptions, USAGE } from "./options";
import { rampRun } from "./ramp";
import { machineLine } from "./report";
import { steadyRun } from "./run";
import { socketsRun } from "./sockets";

// `npm run bench:load`: bots on socket.io-client against real server processes (DESIGN.md,
// 'Performance budgets': 1,000 tables x 4 sockets, one turn a second per table, p99 turn -> all
// clients <= 25 ms, nothing lost). See docs/load.md for how to read the report.

async function main(): Promise<void> {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  const what =
    options.mode === "sockets"
      ? `idle sockets, up to ${options.sockets} per server process`
      : options.mode === "ramp"
        ? `ramp of ${options.game} tables x ${options.seats} seats`
        : `${options.tables} ${options.game} tables x ${options.seats} seats, one turn a second each, ${options.seconds} s measured after ${options.warmup} s`;
  console.log(`== load: ${options.setup}: ${what}`);
  console.log(`  machine: ${machineLine()}; ${new Date().toISOString()}`);
  const t0 = performance.now();
  const deployment = await deploy(options.setup);
  console.log(`  ${deployment.describe}; started in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  let failed = false;
  // Ctrl-C still stops the servers and drops the database.
  const interrupt = () => {
    console.log("\n  interrupted: stopping the servers");
    void deployment.stop().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupt);
  try {
    if (options.mode === "sockets") await socketsRun(deployment, options);
    else if (options.mode === "ramp") await rampRun(deployment, options);
    else await steadyRun(deployment, options);
  } catch (err) {
    failed = true;
    console.error(err);
    for (const s of deployment.servers) {
      const tail = s.output().trim().split("\n").slice(-20).join("\n");
      if (tail) console.error(`--- ${s.label} output (last lines):\n${tail}`);
    }
  } finally {
    process.off("SIGINT", interrupt);
    await deployment.stop();
  }
  console.log(`  done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  // Sockets and timers of thousands of bots: leave at once rather than wait for each to close.
  process.exit(failed ? 1 : 0);
}

void main();
