import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { BalanceLab, BalanceRunInfo } from "@tt/protocol";
import type { Deployment } from "./deploy";
import { Fleet } from "./fleet";
import { HttpClient } from "./http";
import type { Reading } from "./meter";
import type { LoadOptions } from "./options";
import { printReading, printVerify, printWindow } from "./report";
import { addTables, measure, type RunSummary, sleep } from "./run";
import type { Window } from "./stats";

// `--balance-games N` (issue 22 point 5: a run never slows live tables): the steady run's live tables,
// measured for the first half of the window alone, then for the second half while a balance run of N
// self-played Night Market games (random bots, 2 to 4 players: the reference run) goes on the
// same servers, started through the HTTP API as a designer starts it. The live tables play --game: a
// game whose tables do not end within the window (chess) keeps new games' lobby calls out of it.
// The two halves side by side: turn -> every seat p50 and p99, the servers' CPU (and of it the main
// thread, which answers the tables), the balance process's CPU (the games play in a process of their
// own, at a lower priority), event-loop delay, and how many games the run played meanwhile.

const root = path.resolve(import.meta.dirname, "../../..");
const run = promisify(execFile);
const PASSWORD = "load bench password";
/** The game the balance run plays, whatever the live tables play. */
const BALANCE_GAME = "night-market";

/** A site admin (balance runs are for designers and site admins), invited as an operator does. */
async function designer(deployment: Deployment): Promise<HttpClient> {
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "packages/server/src/cli/invite.ts", "--role", "admin"],
    { cwd: root, env: { ...process.env, ...deployment.env, PORT: new URL(deployment.servers[0]!.url).port } },
  );
  const code = /^([A-Z0-9]{10})\s/m.exec(stdout)?.[1];
  if (!code) throw new Error(`no invitation code in:\n${stdout}`);
  const http = new HttpClient(deployment.servers[0]!.url);
  await http.call("registerUser", "POST", "/api/registerUser", {
    userName: "balancer",
    userPassword: PASSWORD,
    inviteCode: code,
    email: "balancer@bench.test",
  });
  await http.call("login", "POST", "/api/login", { userName: "balancer", userPassword: PASSWORD });
  return http;
}

/** CPU seconds of one thread of a process (the main thread's id is the process's). */
function threadCpuSeconds(pid: number, tid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Clock ticks of 1/100 s: USER_HZ on every Linux this runs on (procstat.ts asks getconf).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** The servers' main threads' CPU seconds so far, summed. */
const mainThreads = (d: Deployment) => d.servers.reduce((a, s) => a + threadCpuSeconds(s.pid, s.pid), 0);

/**
 * CPU seconds so far of each process the servers started (the balance process), by pid: the bench's
 * server figures read the servers' own pids only.
 */
function childrenCpu(d: Deployment): Map<number, number> {
  const parents = new Set(d.servers.map((s) => s.pid));
  const out = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (parents.has(Number(fields[1])))
        out.set(Number(name), (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

interface Half {
  window: Window;
  reading: Reading;
  /** The servers' main threads, as a share of one core. */
  mainPercent: number;
  /** The processes the servers started (the balance games), as a share of one core. */
  childPercent: number;
}

async function half(deployment: Deployment, fleet: Fleet, seconds: number): Promise<Half> {
  const cpu0 = mainThreads(deployment);
  const children0 = childrenCpu(deployment);
  const t0 = performance.now();
  const { window, reading } = await measure(deployment, fleet, seconds, null, 5);
  const took = (performance.now() - t0) / 1000;
  const mainPercent = (100 * (mainThreads(deployment) - cpu0)) / took;
  let children = 0;
  for (const [pid, cpu] of childrenCpu(deployment)) children += cpu - (children0.get(pid) ?? 0);
  return { window, reading, mainPercent, childPercent: (100 * children) / took };
}

const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : "-");

function printSideBySide(before: Half, during: Half, games: string): void {
  const row = (k: string, a: string, b: string) => console.log(`  ${k.padEnd(28)}${a.padEnd(20)}${b}`);
  const lat = (h: Half) => h.window.toAll.summary();
  const cpu = (h: Half) => h.reading.servers.reduce((a, s) => a + s.cpuPercent, 0);
  const lag = (h: Half) => Math.max(...h.reading.servers.map((s) => s.probe?.lag.p99 ?? Number.NaN));
  row("", "without a run", "during the run");
  row("turn -> every seat p50", `${f1(lat(before).p50)} ms`, `${f1(lat(during).p50)} ms`);
  row("turn -> every seat p99", `${f1(lat(before).p99)} ms`, `${f1(lat(during).p99)} ms`);
  row(
    "turns/s delivered",
    f1(before.window.turnsDelivered / before.reading.seconds),
    f1(during.window.turnsDelivered / during.reading.seconds),
  );
  row("live games ended (restarted)", String(before.window.gamesEnded), String(during.window.gamesEnded));
  row("servers' CPU (of a core)", `${f1(cpu(before))}%`, `${f1(cpu(during))}%`);
  row("  of it the main threads", `${f1(before.mainPercent)}%`, `${f1(during.mainPercent)}%`);
  row("balance process CPU", `${f1(before.childPercent)}%`, `${f1(during.childPercent)}%`);
  row("event-loop delay p99", `${f1(lag(before))} ms`, `${f1(lag(during))} ms`);
  row(
    "machine busy",
    `${f1(before.reading.machine.busyPercent)}%`,
    `${f1(during.reading.machine.busyPercent)}%`,
  );
  row("balance run", "-", games);
}

export async function balanceSteadyRun(deployment: Deployment, options: LoadOptions): Promise<RunSummary> {
  const slug = BALANCE_GAME;
  const fleet = await Fleet.create(deployment, {
    slug: options.game,
    seats: options.seats,
    users: options.users,
    seed: options.seed,
  });
  try {
    const admin = await designer(deployment);
    const lab = await admin.call<BalanceLab>("balance lab", "GET", `/api/projects/${slug}/balance`);
    if (!lab.available) throw new Error(`${slug} has no shipped rule module: bots cannot play it`);
    const counts = Array.from(
      { length: lab.players.max - lab.players.min + 1 },
      (_, i) => lab.players.min + i,
    );
    console.log(`  ${options.users} users registered and logged in; setting up ${options.tables} tables`);
    await addTables(fleet, options.tables);
    console.log(
      `  warming up ${options.warmup} s, then measuring ${options.seconds} s: the first half alone,`,
    );
    console.log(`  the second while a balance run of ${options.balanceGames} ${slug} games goes on`);
    console.log("  (games that end in a half start new ones: lobby calls the other half may not have)");
    await sleep(options.warmup * 1000);
    const seconds = options.seconds / 2;
    console.log("  without a run:");
    const before = await half(deployment, fleet, seconds);

    const started = await admin.call<BalanceRunInfo>(
      "balance run",
      "POST",
      `/api/projects/${slug}/balance/runs`,
      {
        playerCounts: counts,
        bots: [],
        games: options.balanceGames,
        seed: options.seed,
      },
    );
    const progress = async () =>
      (
        await admin.call<{ run: BalanceRunInfo }>(
          "balance progress",
          "GET",
          `/api/projects/${slug}/balance/runs/${started.id}`,
        )
      ).run;
    console.log(
      `  during balance run ${started.id} (${options.balanceGames} games, player counts ${counts.join(", ")}):`,
    );
    const t0 = performance.now();
    const during = await half(deployment, fleet, seconds);
    const end = await progress();
    const took = (performance.now() - t0) / 1000;
    const games = `${end.gamesDone} games in ${took.toFixed(0)} s (${(end.gamesDone / took).toFixed(0)}/s), ${end.status}`;
    if (end.status === "failed") {
      const tail = deployment.servers.map((s) => s.output().trim().split("\n").slice(-10).join("\n"));
      console.log(`  the balance run failed: ${end.error}\n${tail.join("\n")}`);
    }
    if (end.status === "running")
      await admin.call("balance cancel", "POST", `/api/projects/${slug}/balance/runs/${started.id}/cancel`);

    const unanswered = await fleet.stop();
    const tables = fleet.tables.filter((t) => t.state !== "failed").length;
    for (const [name, h] of [
      ["without a run", before],
      ["during the run", during],
    ] as const) {
      console.log(`\n  ${name}, ${h.reading.seconds.toFixed(1)} s:`);
      printWindow(h.window, h.reading.seconds, tables);
      printReading(h.reading, h.window.turnsDelivered / h.reading.seconds);
    }
    console.log("\n  a balance run beside live tables:");
    printSideBySide(before, during, games);
    console.log("\n  check (every game of the run, warm-up included):");
    const verified = await fleet.verify();
    printVerify(verified, unanswered);

    const turnsPerSecond = during.window.turnsDelivered / during.reading.seconds;
    const r = during.reading;
    const serverCpu =
      r.servers.reduce((a, sv) => a + sv.cpuPercent, 0) +
      (r.database?.cpuPercent ?? 0) +
      (r.redisCpuPercent ?? 0);
    return {
      turnsPerSecond,
      toAll: during.window.toAll.summary(),
      senderP99: during.window.toSender.summary().p99,
      refusals: during.window.refusals.total(),
      lost: verified.lost,
      duplicated: verified.duplicated,
      hashesEqual: verified.hashesEqual,
      clients: verified.clients,
      serverCpuMsPerTurn: turnsPerSecond > 0 ? (10 * serverCpu) / turnsPerSecond : Number.NaN,
      serverRssMb: r.servers.reduce((a, sv) => a + sv.rssMb, 0),
    };
  } finally {
    fleet.close();
  }
}
