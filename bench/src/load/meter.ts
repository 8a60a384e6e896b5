import type { IntervalHistogram } from "node:perf_hooks";
import type { Deployment } from "./deploy";
import { lagFigures } from "./lag";
import type { ProbeSample } from "./probe";
import { CpuWindow, machineCpu, memoryMb } from "./procstat";

// Where the machine's time went during one window: each server process (CPU, memory, event-loop
// delay and database timings from its probe), the PostgreSQL backends of this run's database, Redis,
// the bots themselves, and the whole machine (others' work included: it is shared).

export interface ServerReading {
  label: string;
  pid: number;
  cpuPercent: number;
  rssMb: number;
  peakMb: number;
  probe: ProbeSample | null;
}

export interface Reading {
  seconds: number;
  servers: ServerReading[];
  database: { backends: number; cpuPercent: number } | null;
  redisCpuPercent: number | null;
  bots: { cpuPercent: number; rssMb: number; lagP99: number; lagMax: number };
  machine: { busyPercent: number; cores: number };
}

export class Meter {
  private dbPids: number[] = [];
  private readonly serverCpu: Map<number, CpuWindow>;
  private readonly dbCpu = new CpuWindow(() => this.dbPids);
  private botCpu = process.cpuUsage();
  private redis0: number | null = null;
  private t0 = performance.now();
  private machine0 = machineCpu();

  constructor(
    private readonly deployment: Deployment,
    private readonly botLoop: IntervalHistogram,
  ) {
    this.serverCpu = new Map(deployment.servers.map((s) => [s.pid, new CpuWindow(() => [s.pid])]));
  }

  async begin(): Promise<void> {
    this.dbPids = await this.deployment.databasePids();
    for (const w of this.serverCpu.values()) w.reset();
    this.dbCpu.reset();
    // Asking for a sample starts the probe's next window.
    await Promise.all(this.deployment.servers.map((s) => s.sample()));
    this.redis0 = await this.deployment.redisCpuSeconds();
    this.botCpu = process.cpuUsage();
    this.botLoop.reset();
    this.t0 = performance.now();
    this.machine0 = machineCpu();
  }

  async end(): Promise<Reading> {
    const seconds = (performance.now() - this.t0) / 1000;
    // Backends the pool opened during the window count from their start.
    const now = await this.deployment.databasePids();
    this.dbPids = [...new Set([...this.dbPids, ...now])];
    const servers = await Promise.all(
      this.deployment.servers.map(async (s): Promise<ServerReading> => {
        const mem = memoryMb(s.pid);
        return {
          label: s.label,
          pid: s.pid,
          cpuPercent: this.serverCpu.get(s.pid)!.read().percent,
          rssMb: mem?.rss ?? Number.NaN,
          peakMb: mem?.peak ?? Number.NaN,
          probe: await s.sample(),
        };
      }),
    );
    const redis1 = await this.deployment.redisCpuSeconds();
    const bot = process.cpuUsage(this.botCpu);
    const m = machineCpu();
    const machineSeconds = m.total - this.machine0.total;
    return {
      seconds,
      servers,
      database:
        this.deployment.kind === "pglite"
          ? null
          : { backends: now.length, cpuPercent: this.dbCpu.read().percent },
      redisCpuPercent:
        this.redis0 === null || redis1 === null ? null : (100 * (redis1 - this.redis0)) / seconds,
      bots: {
        cpuPercent: (100 * (bot.user + bot.system)) / 1e6 / seconds,
        rssMb: process.memoryUsage.rss() / 2 ** 20,
        lagP99: lagFigures(this.botLoop).p99,
        lagMax: lagFigures(this.botLoop).max,
      },
      machine: {
        busyPercent: (100 * (m.busy - this.machine0.busy)) / seconds,
        cores: Math.round(machineSeconds / seconds) || 1,
      },
    };
  }
}
