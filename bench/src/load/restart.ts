import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Deployment } from "./deploy";
import type { LoadOptions } from "./options";
import { cpuSeconds, machineCpu, memoryMb } from "./procstat";
import { printProfiles } from "./profile";
import {
  checkFolds,
  connectSeat,
  playOneTurn,
  type StoredTable,
  type TurnTaken,
  writeTables,
} from "./storedTables";
import { createUsers } from "./users";

// The restart mode (issue 21, point 5): a server restart with many tables deep in their games. The
// tables are written into the stopped server's database (storedTables.ts), the server is started
// again, and seats come back as the web app does after a restart (connect, table-subscribe from -1,
// a turn): first one table alone, then a sample of the others all at once. Each table's first turn
// after the start makes the server read its row and log and fold it. Printed: spawn -> listening,
// spawn -> a turn accepted at one table, spawn -> a turn accepted at every table of the sample.

/** Users the tables' seats are spread over (argon2 makes registering thousands slow). */
export const STORED_TABLE_USERS = 40;
/** Distinct games played for the tables (each table holds one; neighbours share). */
const GAMES = 100;
export const READY_TARGET_MS = 10_000;

const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The tables a sample of `n` takes: spread over all of them, so each holds another game. */
export function spread(tables: readonly StoredTable[], n: number): StoredTable[] {
  const k = Math.min(n, tables.length);
  return Array.from({ length: k }, (_, j) => tables[Math.floor((j * tables.length) / k)]!);
}

export function printWritten(w: Awaited<ReturnType<typeof writeTables>>, events: number): void {
  // Night Market games end after 40 to 60 turns: these keep going because players take turns back.
  const undone = `(${w.turns.toFixed(0)} turns and ${(events - w.turns).toFixed(0)} undos each, mean)`;
  console.log(
    `  written: ${w.tables.length} started tables of ${events} events ${undone};\n` +
      `    ${w.games} distinct games played in ${w.playSeconds.toFixed(1)} s, rows written in ${w.writeSeconds.toFixed(1)} s; ` +
      `${(w.bytesPerTable / 1024).toFixed(0)} KB of start and log per table (JSON); ` +
      `a fresh fold of one here: ${w.foldMs.toFixed(1)} ms`,
  );
}

export async function restartRun(deployment: Deployment, options: LoadOptions): Promise<void> {
  const { count, events, sample: sampleSize } = options.stored;
  const bots = await createUsers(deployment, STORED_TABLE_USERS, "restart");
  console.log(
    `  ${bots.length} users registered; stopping the server, writing ${count} tables of ${events} events`,
  );
  let written: Awaited<ReturnType<typeof writeTables>> | undefined;
  // CPU from the spawn on: the machine is shared, so what else ran is printed beside ours.
  let machine0 = machineCpu();
  let bots0 = process.cpuUsage();
  const profileDir = options.profile ? mkdtempSync(path.join(tmpdir(), "tt-bench-profile-")) : null;
  try {
    const { spawnedAt, listeningMs } = await deployment.restart(
      0,
      async () => {
        written = await writeTables(deployment, bots, count, events, Math.min(GAMES, count));
        machine0 = machineCpu();
        bots0 = process.cpuUsage();
      },
      profileDir ? { BENCH_PROFILE_FROM_START: "1" } : {},
    );
    printWritten(written!, events);
    const server = deployment.servers[0]!;
    const sample = spread(written!.tables, sampleSize);

    // One table alone: how soon the restarted server takes a turn at all.
    const first = await takeTurn(server.url, sample[0]!, 1);
    // The rest at once, as the tabs that were open come back after a restart.
    const restStart = performance.now();
    const rest = await Promise.all(sample.slice(1).map((t, i) => takeTurn(server.url, t, i + 2)));
    const allDone = Math.max(first.acceptedAt, ...rest.map((r) => r.acceptedAt));
    const cpu = {
      server: cpuSeconds(server.pid) ?? Number.NaN,
      database: (await deployment.databasePids()).reduce((a, pid) => a + (cpuSeconds(pid) ?? 0), 0),
      bots: (({ user, system }) => (user + system) / 1e6)(process.cpuUsage(bots0)),
      machine: machineCpu(),
    };
    if (profileDir) await server.profile("stop", path.join(profileDir, "server-start.cpuprofile"));
    const probe = await server.sample();
    const mem = memoryMb(server.pid);

    const toFirst = first.acceptedAt - spawnedAt;
    const toAll = allDone - spawnedAt;
    const restMs = rest.map((r) => r.acceptedAt - restStart).sort((a, b) => a - b);
    const pick = (q: number) =>
      restMs[Math.min(restMs.length - 1, Math.floor(q * restMs.length))] ?? Number.NaN;
    const line = (k: string, v: string) => console.log(`  ${k.padEnd(40)}${v}`);
    console.log(`\n  restart with ${count} tables of ${events} events (sample of ${sample.length}):`);
    line("spawn -> listening", sec(listeningMs));
    line(
      "spawn -> a turn accepted (1 table)",
      `${sec(toFirst)} (${sec(first.acceptedAt - first.startedAt)} for the table itself)`,
    );
    line(
      `spawn -> turns at all ${sample.length} tables`,
      `${sec(toAll)} (the other ${rest.length} at once: each p50 ${sec(pick(0.5))} p90 ${sec(pick(0.9))} max ${sec(pick(1))})`,
    );
    line(
      `ready to take turns < ${READY_TARGET_MS / 1000} s`,
      `${toFirst < READY_TARGET_MS ? "met" : "NOT met"} at one table (${sec(toFirst)}), ` +
        `${toAll < READY_TARGET_MS ? "met" : "NOT met"} at all ${sample.length} (${sec(toAll)})`,
    );
    const refused = [first, ...rest].reduce((a, r) => a + r.tries - 1, 0);
    if (refused > 0) line("turns refused first", `${refused} (chosen on the view, decided by the server)`);
    const busy = cpu.machine.busy - machine0.busy;
    const ours = cpu.server + cpu.database + cpu.bots;
    line(
      "CPU from the spawn to the last turn",
      `server ${cpu.server.toFixed(1)} s` +
        (deployment.kind === "postgres" ? `, PostgreSQL ${cpu.database.toFixed(1)} s` : "") +
        `, bots ${cpu.bots.toFixed(1)} s; the machine busy ${busy.toFixed(1)} of ` +
        `${(cpu.machine.total - machine0.total).toFixed(1)} s (everything else ${Math.max(0, busy - ours).toFixed(1)} s)`,
    );
    if (probe)
      line(
        "server since its start",
        `${probe.db.calls} database calls, ${probe.db.ms.toFixed(0)} ms in them; event-loop delay max ${probe.lag.max.toFixed(0)} ms; ` +
          `heap ${probe.heapUsedMb.toFixed(0)} MB, RSS ${(mem?.rss ?? probe.rssMb).toFixed(0)} MB`,
      );
    console.log("\n  check (the accepted turn against a fold of the log in the database):");
    const check = await checkFolds((text, params) => server.read(text, params), [first, ...rest]);
    line("views equal to the fold", `${check.equal} of ${check.equal + check.differ}`);
    for (const e of check.examples) line("", e);
    if (profileDir) printProfiles(profileDir);
  } finally {
    if (profileDir && process.env.BENCH_KEEP_PROFILES === "1")
      console.log(`  profiles kept in ${profileDir}`);
    else if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  }
}

/** One seat comes back to its table and takes a turn; its socket is closed after. */
async function takeTurn(
  url: string,
  table: StoredTable,
  seed: number,
): Promise<TurnTaken & { startedAt: number }> {
  const startedAt = performance.now();
  const user = table.seats.find((s) => s.color === table.active)!.user;
  const socket = await connectSeat(url, user);
  try {
    return { ...(await playOneTurn(socket, table, seed)), startedAt };
  } finally {
    socket.close();
  }
}
