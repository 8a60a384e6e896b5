import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { createClient } from "redis";
import type { ProbeSample } from "./probe";

// The three set-ups of the benchmark, started as real server processes the way `npm start` runs
// them (e2e/harness.ts does the same): one instance on the embedded PGlite, one on PostgreSQL, two on
// PostgreSQL joined by Redis. Each run gets its own data directory or database and Redis prefix, so
// it can share the machine's PostgreSQL and Redis with anyone else.

export type SetupKind = "pglite" | "postgres" | "redis2";
export const SETUP_KINDS: readonly SetupKind[] = ["pglite", "postgres", "redis2"];

const root = path.resolve(import.meta.dirname, "../../..");
const run = promisify(execFile);
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

export interface ServerProcess {
  label: string;
  url: string;
  pid: number;
  output(): string;
  /** Event-loop delay and database timings since the previous sample (probe.ts); `gc` collects first. */
  sample(gc?: boolean): Promise<ProbeSample | null>;
  /** Starts a V8 CPU profile inside the server, or stops it and writes it to `file`. */
  profile(action: "start" | "stop", file?: string): Promise<void>;
  /** Rows of one read-only query of the server's database, made inside the server (probe.ts). */
  read<T>(text: string, params: unknown[]): Promise<T[]>;
}

interface ProbeAnswer {
  id?: number;
  sample?: ProbeSample;
  rows?: unknown[];
  error?: string;
}

export interface Deployment {
  kind: SetupKind;
  servers: ServerProcess[];
  /** One line for the report: what runs where. */
  describe: string;
  /** PostgreSQL backend processes serving this run's database (none for PGlite: it is in-process). */
  databasePids(): Promise<number[]>;
  /** CPU seconds of the whole Redis server so far (shared with others on this machine), or null. */
  redisCpuSeconds(): Promise<number | null>;
  /** Invitation codes minted by `npm run invite` (packages/server/src/cli/invite.ts), as an operator does. */
  invite(count: number): Promise<string[]>;
  /** The servers' environment: DATA_DIR or DATABASE_URL say where their database is. */
  env: Readonly<Record<string, string>>;
  /**
   * Stops server `index`, runs `whileStopped` (the restart mode writes its tables then: PGlite is
   * locked to the process that opened it), and starts it again with the same environment and
   * `extraEnv`. Answers when it was spawned (performance.now()) and how long it took to listen.
   */
  restart(
    index: number,
    whileStopped?: () => Promise<void>,
    extraEnv?: Record<string, string>,
  ): Promise<{ spawnedAt: number; listeningMs: number }>;
  stop(): Promise<void>;
}

/** Where servers started for `--perf` put V8's log (one file for all: nothing reads it). */
const v8LogOfPerf = path.join(tmpdir(), `tt-bench-v8-${process.pid}.log`);

/** `perfMap`: the servers write a map of their JIT code for Linux perf (`--perf`, perf.ts). */
export async function deploy(kind: SetupKind, { perfMap = false } = {}): Promise<Deployment> {
  const id = `${Date.now().toString(36)}_${process.pid}`;
  const env: Record<string, string> = {
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "warn",
    SERVER_ENV: "bench",
    // Hundreds of bots log in from one address: the per-IP and per-name limits are for people.
    RATE_LIMIT_PER_IP: "100000000",
    RATE_LIMIT_PER_NAME: "100000000",
    // The sockets mode holds thousands of idle sockets on a few users' sessions (issue 20's cap is 20).
    SOCKETS_PER_SESSION: "1000000",
    DATABASE_URL: "",
    REDIS_URL: "",
  };
  const cleanups: (() => Promise<void> | void)[] = [];
  if (perfMap) cleanups.push(() => rmSync(v8LogOfPerf, { force: true }));
  const servers: Started[] = [];
  let admin: pg.Client | undefined;
  let database = "";
  try {
    if (kind === "pglite") {
      const dir = mkdtempSync(path.join(tmpdir(), "tt-bench-"));
      env.DATA_DIR = dir;
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    } else {
      database = `tt_bench_${id}`;
      admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      const a = admin;
      cleanups.push(async () => {
        await a.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await a.end();
      });
      const url = new URL(PG_ADMIN_URL);
      url.pathname = `/${database}`;
      env.DATABASE_URL = url.toString();
      // DATA_DIR still holds local files (disk storage); keep them out of the working tree.
      const dir = mkdtempSync(path.join(tmpdir(), "tt-bench-"));
      env.DATA_DIR = dir;
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    }
    if (kind === "redis2") {
      env.REDIS_URL = REDIS_URL;
      env.REDIS_PREFIX = `tt_bench_${id}`;
    }
    const count = kind === "redis2" ? 2 : 1;
    // One after the other: each start runs the migrations, which must not race on a fresh database.
    for (let i = 0; i < count; i++) servers.push(await startServer(`server ${i + 1}`, env, perfMap));
  } catch (err) {
    for (const s of servers) await s.stop();
    for (const c of cleanups.reverse()) await c();
    throw err;
  }

  let redis: ReturnType<typeof createClient> | undefined;
  return {
    kind,
    servers,
    describe:
      kind === "pglite"
        ? `1 server process, embedded PGlite in ${env.DATA_DIR}`
        : kind === "postgres"
          ? `1 server process, PostgreSQL database ${database}`
          : `2 server processes, PostgreSQL database ${database}, Redis adapter prefix ${env.REDIS_PREFIX}`,
    async databasePids() {
      if (!admin) return [];
      const r = await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [database],
      );
      return r.rows.map((row) => row.pid);
    },
    async redisCpuSeconds() {
      if (kind !== "redis2") return null;
      try {
        if (!redis) {
          redis = createClient({ url: REDIS_URL });
          redis.on("error", () => undefined);
          await redis.connect();
        }
        const info = await redis.info("cpu");
        const v = (k: string) => Number(new RegExp(`^${k}:([\\d.]+)`, "m").exec(info)?.[1] ?? 0);
        return v("used_cpu_sys") + v("used_cpu_user");
      } catch {
        return null;
      }
    },
    async invite(n) {
      const codes: string[] = [];
      // The command mints at most 100 codes a call.
      while (codes.length < n) {
        const batch = Math.min(100, n - codes.length);
        const { stdout } = await run(
          process.execPath,
          ["--import", "tsx", "packages/server/src/cli/invite.ts", "--count", String(batch)],
          {
            cwd: root,
            env: { ...process.env, ...env, PORT: new URL(servers[0]!.url).port },
          },
        );
        const found = [...stdout.matchAll(/^([A-Z0-9]{10})\s/gm)].map((m) => m[1]!);
        if (found.length !== batch)
          throw new Error(`expected ${batch} codes from npm run invite, got:\n${stdout}`);
        codes.push(...found);
      }
      return codes;
    },
    env,
    async restart(index, whileStopped, extraEnv = {}) {
      const old = servers[index];
      if (!old) throw new Error(`no server ${index + 1} to restart`);
      await old.stop();
      await whileStopped?.();
      const spawnedAt = performance.now();
      // The same slot of the same array: whoever holds `servers` sees the new process.
      servers[index] = await startServer(old.label, { ...env, ...extraEnv }, perfMap);
      return { spawnedAt, listeningMs: performance.now() - spawnedAt };
    },
    async stop() {
      for (const s of servers) await s.stop();
      await redis?.quit().catch(() => undefined);
      for (const c of cleanups.reverse()) await c();
    },
  };
}

interface Started extends ServerProcess {
  stop(): Promise<void>;
}

async function startServer(label: string, env: Record<string, string>, perfMap: boolean): Promise<Started> {
  const nodeArgs = [
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean),
    // With the JIT map, V8 also writes a log of its own (nothing here reads it): out of the working tree.
    ...(perfMap ? ["--perf-basic-prof", "--no-logfile-per-isolate", `--logfile=${v8LogOfPerf}`] : []),
    "--import",
    "tsx",
    "--import",
    path.join(import.meta.dirname, "probeMain.mjs"),
    "packages/server/src/main.ts",
  ];
  // Through a shell only to raise the descriptor limit to the hard limit: thousands of sockets.
  // `exec` keeps the server's pid the one we measure.
  const child: ChildProcess = spawn(
    "bash",
    ["-c", 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"', "bash", process.execPath, ...nodeArgs],
    { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe", "ipc"] },
  );
  let output = "";
  // BENCH_SERVER_LOG=file: everything the server prints goes to file.<pid> too (a --trace-gc-nvp run).
  const log = process.env.BENCH_SERVER_LOG
    ? createWriteStream(`${process.env.BENCH_SERVER_LOG}.${child.pid}`)
    : null;
  child.once("exit", () => log?.end());
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log?.write(chunk);
      output += chunk.toString();
      if (output.length > 200_000) output = output.slice(-100_000);
      const found = /Serving on (http:\/\/\S+)/.exec(output)?.[1];
      if (found) resolve(found.replace("//localhost:", "//127.0.0.1:"));
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${label} exited with ${code}:\n${output}`)));
  });
  // Questions carry an id, so an answer that comes after its question timed out is dropped.
  const pending = new Map<number, (m: ProbeAnswer | null) => void>();
  let asked = 0;
  child.on("message", (m: ProbeAnswer) => {
    if (m?.id === undefined) return;
    pending.get(m.id)?.(m);
    pending.delete(m.id);
  });
  const ask = (
    question: { type: string; file?: string; gc?: boolean; text?: string; params?: unknown[] },
    timeoutMs: number,
  ) => {
    if (child.exitCode !== null || !child.connected) return Promise.resolve(null);
    const id = ++asked;
    return new Promise<ProbeAnswer | null>((resolve) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve(null);
      }, timeoutMs);
      pending.set(id, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
      child.send({ ...question, id });
    });
  };
  return {
    label,
    url,
    pid: child.pid!,
    output: () => output,
    sample: async (gc = false) => (await ask({ type: "probe:sample", gc }, 5000))?.sample ?? null,
    async profile(action, file) {
      const answer = await ask({ type: `probe:profile-${action}`, ...(file ? { file } : {}) }, 60_000);
      if (answer?.error) throw new Error(`${label}: profiling failed: ${answer.error}`);
    },
    async read<T>(text: string, params: unknown[]) {
      const answer = await ask({ type: "probe:read", text, params }, 60_000);
      if (!answer) throw new Error(`${label}: no answer to a database read`);
      if (answer.error) throw new Error(`${label}: database read failed: ${answer.error}`);
      return (answer.rows ?? []) as T[];
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
