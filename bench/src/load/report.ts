import { cpus, totalmem } from "node:os";
import { httpFailures } from "./http";
import type { Reading } from "./meter";
import type { GcPauses } from "./probe";
import type { RunSummary } from "./run";
import type { Window } from "./stats";
import type { VerifyResult } from "./verify";

// The printed report. Figures only: the benchmark asserts no limit; budgets are read by people
// (DESIGN.md 'Performance budgets').

const ms = (v: number) => (Number.isNaN(v) ? "-" : v < 10 ? v.toFixed(2) : v.toFixed(1));
const pct = (v: number | null | undefined) => (v === null || v === undefined ? "-" : `${Math.round(v)}%`);
const mb = (v: number) => `${Math.round(v)} MB`;
/** A count a peer cannot see (`--peer`: its server does not answer a refused move) reads 'n/a'. */
const count = (v: number) => (Number.isNaN(v) ? "n/a" : String(v));

export function machineLine(): string {
  const c = cpus();
  return `${c.length} x ${c[0]?.model.trim() ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, ${process.platform}`;
}

export function latencyLine(w: Window, which: "toAll" | "toSender"): string {
  const s = w[which].summary();
  return `p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  max ${ms(s.max)} ms  (${s.count} turns)`;
}

export function printWindow(w: Window, seconds: number, tables: number): void {
  const line = (k: string, v: string) => console.log(`  ${k.padEnd(24)}${v}`);
  line(
    "turns/s",
    `${(w.turnsDelivered / seconds).toFixed(1)} delivered (${tables} tables: at most ${tables}/s)`,
  );
  line("turn -> every seat", latencyLine(w, "toAll"));
  line("turn -> its sender", latencyLine(w, "toSender"));
  const refusals = [...w.refusals.counts].map(([k, v]) => `${v} x '${k}'`).join(", ");
  line("refusals", refusals ? `${w.refusals.total()}: ${refusals}` : "0");
  line("ticks late", `${w.ticksBehind} (previous turn still on its way), ${w.ticksSeatBehind} (seat behind)`);
  if (w.ticksStuck) line("ticks stuck", `${w.ticksStuck} (no legal turn found)`);
  line(
    "games",
    `${w.gamesStarted} started, ${w.gamesEnded} ended (each new game: lobby and table-open calls; ${(w.httpCalls / seconds).toFixed(1)} HTTP calls/s)`,
  );
  if (w.setupFailures.total() > 0)
    line("set-up failures", [...w.setupFailures.counts].map(([k, v]) => `${v} x ${k}`).join(", "));
}

/** CPU of everything this run started (servers, their database backends, Redis, the bots). */
export function ourCpuPercent(r: Reading): number {
  return (
    r.servers.reduce((a, s) => a + s.cpuPercent, 0) +
    (r.database?.cpuPercent ?? 0) +
    (r.redisCpuPercent ?? 0) +
    r.bots.cpuPercent
  );
}

/** `turnsPerSecond`: turns delivered in the window, to put CPU per turn beside the percentages. */
export function printReading(r: Reading, turnsPerSecond: number): void {
  const line = (k: string, v: string) => console.log(`  ${k.padEnd(24)}${v}`);
  for (const s of r.servers) {
    const p = s.probe;
    line(
      `${s.label} (pid ${s.pid})`,
      `CPU ${pct(s.cpuPercent)} of a core, RSS ${mb(s.rssMb)} (peak ${mb(s.peakMb)})` +
        (p ? `, heap ${mb(p.heapUsedMb)}` : ""),
    );
    if (p) {
      line(
        "  event-loop delay",
        `mean ${ms(p.lag.mean)}  p50 ${ms(p.lag.p50)}  p99 ${ms(p.lag.p99)}  max ${ms(p.lag.max)} ms`,
      );
      if (p.gc) {
        const pauses = (g: GcPauses) =>
          g.count ? `${g.count} (${ms(g.ms / r.seconds)} ms/s, max ${ms(g.max)} ms)` : "none";
        line("  GC pauses", `young ${pauses(p.gc.minor)}; full ${pauses(p.gc.major)}`);
      }
      const perCall = p.db.calls ? p.db.ms / p.db.calls : Number.NaN;
      const waits = p.db.poolWaits
        ? `; pool wait mean ${ms(p.db.poolWaitMs / p.db.poolWaits)} max ${ms(p.db.poolWaitMax)} ms`
        : "";
      line(
        "  database calls",
        `${(p.db.calls / r.seconds).toFixed(0)}/s, mean ${ms(perCall)} max ${ms(p.db.max)} ms${waits}`,
      );
      // Per turn this instance handled (turns spread evenly over instances): how much of a turn's
      // latency is spent waiting on the database and for a pooled connection.
      const turns = (turnsPerSecond * r.seconds) / r.servers.length;
      if (turns > 0)
        line(
          "  per turn",
          `${(p.db.calls / turns).toFixed(1)} database calls, ${ms(p.db.ms / turns)} ms in them` +
            (p.db.poolWaits ? `, ${ms(p.db.poolWaitMs / turns)} ms waiting for a connection` : "") +
            " (new games' calls included)",
        );
    }
  }
  if (r.database)
    line(
      "PostgreSQL backends",
      `CPU ${pct(r.database.cpuPercent)} of a core (${r.database.backends} backends)`,
    );
  if (r.redisCpuPercent !== null) line("Redis (whole server)", `CPU ${pct(r.redisCpuPercent)} of a core`);
  line(
    "bots (this process)",
    `CPU ${pct(r.bots.cpuPercent)} of a core, RSS ${mb(r.bots.rssMb)}, event-loop delay p99 ${ms(r.bots.lagP99)} max ${ms(r.bots.lagMax)} ms`,
  );
  const ours = ourCpuPercent(r);
  // The machine is shared: what was not ours competed with the run and must be read with it.
  line(
    "machine",
    `busy ${pct(r.machine.busyPercent)} of ${r.machine.cores * 100}%: this run ${pct(ours)}, everything else ${pct(Math.max(0, r.machine.busyPercent - ours))}`,
  );
  // CPU milliseconds a turn costs (new games' lobby calls included): the capacity of a machine is
  // its cores divided by this, whatever else ran beside the run.
  if (turnsPerSecond > 0) {
    const per = (percent: number) => ((10 * percent) / turnsPerSecond).toFixed(2);
    const servers = r.servers.reduce((a, s) => a + s.cpuPercent, 0);
    const parts = [`servers ${per(servers)}`];
    if (r.database) parts.push(`PostgreSQL ${per(r.database.cpuPercent)}`);
    if (r.redisCpuPercent !== null) parts.push(`Redis ${per(r.redisCpuPercent)}`);
    parts.push(`bots ${per(r.bots.cpuPercent)}`);
    line("CPU ms per turn", `${parts.join(", ")}; all ${per(ours)}`);
  }
}

export function printVerify(v: VerifyResult, pendingAtStop: number): void {
  const line = (k: string, val: string) => console.log(`  ${k.padEnd(24)}${val}`);
  line("lost events", String(v.lost));
  line("duplicated events", String(v.duplicated));
  if (v.gaps || v.patchErrors)
    line("out of order", `${v.gaps} gaps, ${v.patchErrors} patches that did not fit (each resubscribed)`);
  line(
    "final views",
    `${v.hashesEqual} of ${v.clients} client hashes equal the server's (${v.games} games, ${v.serverEvents} events)` +
      (v.hashMismatches ? `; ${v.hashMismatches} differ` : ""),
  );
  if (v.unreadable) line("unreadable tables", String(v.unreadable));
  if (pendingAtStop) line("turns unanswered", `${pendingAtStop} still on their way at the end`);
  for (const e of v.examples) line("", e);
  if (httpFailures.size > 0)
    line("HTTP failures", [...httpFailures].map(([k, n]) => `${n} x ${k}`).join(", "));
}

/** `--setup all`: one row per set-up, the same parameters, side by side. */
export function printSummaryTable(rows: { setup: string; summary: RunSummary | null }[]): void {
  const head = [
    "set-up",
    "turns/s",
    "p50 ms",
    "p95 ms",
    "p99 ms",
    "max ms",
    "sender p99 ms",
    "refused",
    "lost",
    "dup",
    "hashes equal",
    "server CPU ms/turn",
    "server RSS",
  ];
  const body = rows.map(({ setup, summary: s }) =>
    s
      ? [
          setup,
          s.turnsPerSecond.toFixed(1),
          ms(s.toAll.p50),
          ms(s.toAll.p95),
          ms(s.toAll.p99),
          ms(s.toAll.max),
          ms(s.senderP99),
          count(s.refusals),
          count(s.lost),
          count(s.duplicated),
          `${s.hashesEqual}/${s.clients}`,
          Number.isNaN(s.serverCpuMsPerTurn) ? "-" : s.serverCpuMsPerTurn.toFixed(2),
          mb(s.serverRssMb),
        ]
      : [setup, "failed (see its output above)", ...head.slice(2).map(() => "")],
  );
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const row = (cells: string[]) => `  | ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log("  p50 to max: turn -> every seat of its table; sender p99: turn -> its sender");
  console.log(row(head));
  console.log(`  |${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of body) console.log(row(r));
}
