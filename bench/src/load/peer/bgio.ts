import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { LobbyClient } from "boardgame.io/client";
import { lagFigures, lagMonitor } from "../lag";
import type { LoadOptions } from "../options";
import { CpuWindow, machineCpu, memoryMb } from "../procstat";
import { latencyLine } from "../report";
import { type RunSummary, sleep } from "../run";
import { Window } from "../stats";
import { inBatches } from "../users";
import { PeerTable } from "./bgioTable";

// `--peer boardgame.io`: its server in a child process (bgioServer.ts), the bots in this process
// (bgioTable.ts), the same shape and meters as our steady run (run.ts): N tables x seats, one move a
// second per table, latencies from just before the send to every seat, the server's CPU and memory
// from /proc, the bots' own CPU and event-loop delay beside them.

const root = path.resolve(import.meta.dirname, "../../../..");

export const BGIO_VERSION: string = (
  JSON.parse(readFileSync(createRequire(import.meta.url).resolve("boardgame.io/package.json"), "utf8")) as {
    version: string;
  }
).version;

interface PeerServer {
  pid: number;
  /** Its Socket.IO transport, where the clients play. */
  url: string;
  /** Its lobby's REST API. */
  apiUrl: string;
  output(): string;
  /** Lines its logger printed as errors so far: its master logs every action it refuses there. */
  errors(): number;
  stop(): Promise<void>;
}

async function startServer(): Promise<PeerServer> {
  // As deploy.ts starts ours: through tsx, with the descriptor limit raised for thousands of sockets
  // (`exec` keeps the measured pid the server's). NODE_ENV=production, as it is deployed: its
  // logger then prints nothing per action.
  const child: ChildProcess = spawn(
    "bash",
    [
      "-c",
      'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"',
      "bash",
      process.execPath,
      "--import",
      "tsx",
      path.join(import.meta.dirname, "bgioServer.ts"),
    ],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    },
  );
  let output = "";
  let errors = 0;
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    errors += text.match(/ERROR:/g)?.length ?? 0;
    output += text;
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const ports = await new Promise<{ port: number; apiPort: number }>((resolve, reject) => {
    child.once("message", (m: { port?: number; apiPort?: number }) =>
      m?.port && m.apiPort ? resolve({ port: m.port, apiPort: m.apiPort }) : reject(new Error("no port")),
    );
    child.once("exit", (code) => reject(new Error(`boardgame.io's server exited with ${code}:\n${output}`)));
  });
  return {
    pid: child.pid!,
    url: `http://127.0.0.1:${ports.port}`,
    apiUrl: `http://127.0.0.1:${ports.apiPort}`,
    output: () => output,
    errors: () => errors,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function bgioRun(options: LoadOptions): Promise<RunSummary> {
  const t0 = performance.now();
  const server = await startServer();
  // Ctrl-C still stops the peer's server.
  const interrupt = () => {
    console.log("\n  interrupted: stopping boardgame.io's server");
    void server.stop().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupt);
  const loop = lagMonitor();
  let window = new Window();
  const tables: PeerTable[] = [];
  try {
    console.log(
      `  boardgame.io ${BGIO_VERSION}: 1 server process (pid ${server.pid}), its defaults (matches in memory, Socket.IO), on ${server.url}, lobby on ${server.apiUrl}; started in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const lobby = new LobbyClient({ server: server.apiUrl });
    for (let i = 0; i < options.tables; i++) tables.push(new PeerTable(i, options.seats, () => window));
    let done = 0;
    let shown = 0;
    const failures = new Map<string, number>();
    // Bounded, as our set-up is (fleet.ts).
    await inBatches(tables, 16, async (table) => {
      try {
        await table.setUp(lobby, server.url);
        table.startTicking();
      } catch (err) {
        table.state = "failed";
        const key = (err as Error).message.slice(0, 80);
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
      if (++done - shown >= Math.max(50, options.tables / 5) || done === options.tables) {
        shown = done;
        console.log(
          `  ... ${done}/${options.tables} matches set up (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
        );
      }
    });
    if (failures.size > 0)
      console.log(`  set-up failures: ${[...failures].map(([k, n]) => `${n} x ${k}`).join(", ")}`);
    console.log(`  warming up ${options.warmup} s, then measuring ${options.seconds} s`);
    await sleep(options.warmup * 1000);

    // The measured window (run.ts's measure(), for one process that is not ours).
    window = new Window();
    const measured = window;
    const cpu = new CpuWindow(() => [server.pid]);
    const machine0 = machineCpu();
    const bots0 = process.cpuUsage();
    const errors0 = server.errors();
    loop.reset();
    const mt0 = performance.now();
    const end = mt0 + options.seconds * 1000;
    while (performance.now() < end) {
      const from = { samples: measured.toAll.count, turns: measured.turnsDelivered, t: performance.now() };
      const slice = new CpuWindow(() => [server.pid]);
      await sleep(Math.min(10_000, end - performance.now()));
      const s = measured.toAll.summary(from.samples);
      const took = (performance.now() - from.t) / 1000;
      const c = slice.read();
      console.log(
        `    ${((performance.now() - mt0) / 1000).toFixed(0).padStart(4)} s: ${((measured.turnsDelivered - from.turns) / took).toFixed(0)} moves/s, p50 ${s.p50.toFixed(1)} p99 ${s.p99.toFixed(1)} max ${s.max.toFixed(1)} ms; server ${Math.round(c.percent)}% CPU, machine ${Math.round(c.machinePercent)}% busy`,
      );
    }
    window = new Window();
    const seconds = (performance.now() - mt0) / 1000;
    const serverCpu = cpu.read().percent;
    const mem = memoryMb(server.pid);
    const bots = process.cpuUsage(bots0);
    const botsPercent = (100 * (bots.user + bots.system)) / 1e6 / seconds;
    const m = machineCpu();
    const machinePercent = (100 * (m.busy - machine0.busy)) / seconds;
    const cores = Math.round((m.total - machine0.total) / seconds) || 1;
    const lag = lagFigures(loop);
    const refused = server.errors() - errors0;

    // Stop the clocks and let the moves on their way land before the check.
    for (const t of tables) t.stopTicking();
    const deadline = performance.now() + 15_000;
    while (performance.now() < deadline && tables.some((t) => t.pending)) await sleep(100);
    const unanswered = tables.filter((t) => t.pending).length;

    const playing = tables.filter((t) => t.state !== "failed");
    const turnsPerSecond = measured.turnsDelivered / seconds;
    const line = (k: string, v: string) => console.log(`  ${k.padEnd(24)}${v}`);
    const pct = (v: number) => `${Math.round(v)}%`;
    const per = (percent: number) => ((10 * percent) / turnsPerSecond).toFixed(2);
    console.log(`\n  measured ${seconds.toFixed(1)} s:`);
    line(
      "moves/s",
      `${turnsPerSecond.toFixed(1)} delivered (${playing.length} matches: at most ${playing.length}/s)`,
    );
    line("move -> every seat", latencyLine(measured, "toAll"));
    line("move -> its sender", latencyLine(measured, "toSender"));
    const refusals = [...measured.refusals.counts].map(([k, v]) => `${v} x '${k}'`).join(", ");
    line("refused", `${refused} (errors its server logged: it answers a refused move with nothing)`);
    if (refusals) line("not answered", refusals);
    line(
      "ticks late",
      `${measured.ticksBehind} (previous move still on its way), ${measured.ticksSeatBehind} (seat behind)`,
    );
    if (measured.ticksStuck) line("ticks stuck", `${measured.ticksStuck} (no seat saw its turn)`);
    line(
      `its server (pid ${server.pid})`,
      `CPU ${pct(serverCpu)} of a core, RSS ${Math.round(mem?.rss ?? Number.NaN)} MB (peak ${Math.round(mem?.peak ?? Number.NaN)} MB)`,
    );
    line(
      "bots (this process)",
      `CPU ${pct(botsPercent)} of a core, RSS ${Math.round(process.memoryUsage.rss() / 2 ** 20)} MB, event-loop delay p99 ${lag.p99.toFixed(2)} max ${lag.max.toFixed(2)} ms`,
    );
    line(
      "machine",
      `busy ${pct(machinePercent)} of ${cores * 100}%: this run ${pct(serverCpu + botsPercent)}, everything else ${pct(Math.max(0, machinePercent - serverCpu - botsPercent))}`,
    );
    if (turnsPerSecond > 0)
      line(
        "CPU ms per move",
        `server ${per(serverCpu)}, bots ${per(botsPercent)}; all ${per(serverCpu + botsPercent)}`,
      );

    const lost = playing.reduce((a, t) => a + t.givenUp + (t.pending ? 1 : 0), 0);
    const equal = playing.reduce((a, t) => a + t.seatsEqual(), 0);
    const clients = playing.length * options.seats;
    const moves = playing.reduce((a, t) => a + t.expected.count, 0);
    console.log("\n  check (every move of the run, warm-up included):");
    line(
      "lost moves",
      `${lost} (not at every seat within 15 s${unanswered ? `; ${unanswered} unanswered at the end` : ""})`,
    );
    line("final state", `${equal} of ${clients} clients hold the G the ${moves} moves sent add up to`);
    return {
      turnsPerSecond,
      toAll: measured.toAll.summary(),
      senderP99: measured.toSender.summary().p99,
      refusals: refused,
      // Its client keeps the newest state by id and drops others: a second copy is not visible.
      lost,
      duplicated: Number.NaN,
      hashesEqual: equal,
      clients,
      serverCpuMsPerTurn: turnsPerSecond > 0 ? (10 * serverCpu) / turnsPerSecond : Number.NaN,
      serverRssMb: mem?.rss ?? Number.NaN,
    };
  } catch (err) {
    const tail = server.output().trim().split("\n").slice(-20).join("\n");
    if (tail) console.error(`--- boardgame.io's server output (last lines):\n${tail}`);
    throw err;
  } finally {
    process.off("SIGINT", interrupt);
    loop.disable();
    for (const t of tables) t.close();
    await server.stop();
  }
}
