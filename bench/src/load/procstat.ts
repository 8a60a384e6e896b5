import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

// CPU and memory of processes, read from /proc the way `top` does, so the figures cover the whole
// process (PGlite's WASM, libuv threads, argon2 workers), not only what Node's own counters see.

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** CPU seconds (user + system) a process has used, or null once it is gone. */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces and parentheses: count fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // After the name: state is field 3 of stat(5), so utime (14) and stime (15) sit at 11 and 12.
    return (Number(fields[11]) + Number(fields[12])) / clockTicks();
  } catch {
    return null;
  }
}

/** Resident memory now and at its peak, in MB. */
export function memoryMb(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
    return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
  } catch {
    return null;
  }
}

/** Busy and total CPU time of the whole machine: tells how much else was running (a CI job, ...). */
export function machineCpu(): { busy: number; total: number } {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  const total = v.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / clockTicks(), total: total / clockTicks() };
}

/** CPU use of a set of processes over a window, as a share of one core (100% = one core busy). */
export class CpuWindow {
  private readonly start = new Map<number, number>();
  private t0 = performance.now();
  private machine0 = machineCpu();

  constructor(private readonly pids: () => number[]) {
    this.reset();
  }

  reset(): void {
    this.start.clear();
    for (const pid of this.pids()) {
      const s = cpuSeconds(pid);
      if (s !== null) this.start.set(pid, s);
    }
    this.t0 = performance.now();
    this.machine0 = machineCpu();
  }

  /** Percent of one core used by the processes since reset; processes that came later count from 0. */
  read(): { percent: number; machinePercent: number; cores: number } {
    const seconds = (performance.now() - this.t0) / 1000;
    let used = 0;
    for (const pid of this.pids()) {
      const now = cpuSeconds(pid);
      if (now !== null) used += now - (this.start.get(pid) ?? 0);
    }
    const m = machineCpu();
    const cores = (m.total - this.machine0.total) / seconds || 1;
    return {
      percent: (100 * used) / seconds,
      machinePercent: (100 * (m.busy - this.machine0.busy)) / seconds,
      cores: Math.round(cores),
    };
  }
}
