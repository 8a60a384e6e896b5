import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openPostgres } from "../../src/db/connect";
import { withDatabase } from "../globalSetup";

// Real server processes for the scale-out and fault tests: started the way an operator starts them
// (`node --import tsx packages/server/src/main.ts`), killed with SIGKILL, restarted on the same port.

const root = path.resolve(import.meta.dirname, "../../../..");

/** Set in CI's second run: the multi-instance tests need a real PostgreSQL and Redis. */
export const scaleOutEnabled = !!process.env.DATABASE_URL && !!process.env.REDIS_URL;

/** A deployment's own database (a copy of the migrated template) and a connection for the test's checks. */
export interface DeploymentDb {
  url: string;
  database: Database;
  drop(): Promise<void>;
}

export async function deploymentDatabase(): Promise<DeploymentDb> {
  const base = process.env.DATABASE_URL;
  const template = inject("pgTemplate");
  if (!base || !template) throw new Error("deploymentDatabase needs DATABASE_URL (the PostgreSQL run)");
  const name = `tt_fault_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = withDatabase(base, name);
  const database = await openPostgres(url);
  return {
    url,
    database,
    drop: async () => {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A Redis key prefix of its own, so parallel test files (and other users of the Redis) never mix. */
export const redisPrefix = (what: string) =>
  `tt-test-${what}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

export interface Instance {
  /** http://127.0.0.1:port; the port stays the same across restarts, as behind a proxy. */
  readonly url: string;
  alive(): boolean;
  /** The running process's id (undefined while none runs): for SIGSTOP/SIGCONT, a stall on demand. */
  pid(): number | undefined;
  /** SIGKILL: no shutdown hook runs; the kernel cuts the process's sockets. */
  kill(): Promise<void>;
  /** Starts the process again on the same port and waits until it serves. */
  start(): Promise<void>;
  /** SIGTERM, the orderly stop. */
  stop(): Promise<void>;
  /** Exits the test did not cause (a crash), with the output that led to them. */
  readonly crashes: string[];
  output(): string;
}

let bundled: Promise<{ dir: string; file: string }> | undefined;

/** Removes the bundle serverBundle built (afterAll of a test that used it). */
export async function disposeServerBundle(): Promise<void> {
  const built = await bundled?.catch(() => undefined);
  bundled = undefined;
  if (built) rmSync(built.dir, { recursive: true, force: true });
}

/**
 * The server as one JavaScript file, built once per test process with esbuild (the transpiler tsx
 * itself runs on): the same main.ts, started without transpiling ~200 TypeScript modules each time,
 * which takes a start from about 5 s to about 2 s on this machine. For tests that restart processes
 * by the hundred. Third-party packages stay outside; the bundle sits at the depth of
 * packages/server/src/<dir>/ so its import.meta.url paths (migrations) resolve as in the source.
 */
function serverBundle(): Promise<{ dir: string; file: string }> {
  bundled ??= (async () => {
    const { build } = await import("esbuild");
    const dir = mkdtempSync(path.join(tmpdir(), "tt-bundle-"));
    mkdirSync(path.join(dir, "server/src/bundle"), { recursive: true });
    symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
    symlinkSync(path.join(root, "packages/server/drizzle"), path.join(dir, "server/drizzle"));
    const outfile = path.join(dir, "server/src/bundle/main.mjs");
    await build({
      entryPoints: [path.join(root, "packages/server/src/main.ts")],
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      logLevel: "warning",
      plugins: [
        {
          name: "packages-outside",
          setup(b) {
            // Our workspace packages are TypeScript: bundle them. Everything else loads from node_modules.
            b.onResolve({ filter: /^[^./]/ }, (a) =>
              a.path.startsWith("@tt/") ? undefined : { external: true },
            );
          },
        },
      ],
    });
    return { dir, file: outfile };
  })();
  return bundled;
}

export interface SpawnOptions {
  /** Run the prebuilt bundle instead of `node --import tsx packages/server/src/main.ts`. */
  bundled?: boolean;
}

/** Starts one server process. `env` carries DATABASE_URL, REDIS_URL, REDIS_PREFIX and the like. */
export async function spawnInstance(
  env: Record<string, string>,
  options: SpawnOptions = {},
): Promise<Instance> {
  const dir = mkdtempSync(path.join(tmpdir(), "tt-instance-"));
  const args = options.bundled
    ? [(await serverBundle()).file]
    : ["--import", "tsx", "packages/server/src/main.ts"];
  let port = 0;
  let child: ChildProcess | null = null;
  let log = "";
  let expectingExit = false;
  const crashes: string[] = [];

  const launch = async () => {
    expectingExit = false;
    const proc = spawn(process.execPath, args, {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dir,
        LOG_LEVEL: "warn",
        RATE_LIMIT_PER_IP: "100000",
        RATE_LIMIT_PER_NAME: "100000",
        // The bundle's own default (next to it) does not exist; the source's is the same directory.
        WEB_DIST: path.join(root, "packages/web/dist"),
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = proc;
    let output = "";
    const ready = new Promise<number>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        log = (log + chunk.toString()).slice(-20_000);
        const found = /Serving on http:\/\/[^:\s]+:(\d+)/.exec(output)?.[1];
        if (found) resolve(Number(found));
      };
      proc.stdout!.on("data", onData);
      proc.stderr!.on("data", onData);
      proc.once("exit", (code, signal) => {
        if (!expectingExit) crashes.push(`exit ${code ?? signal}:\n${output.slice(-4000)}`);
        reject(new Error(`server exited with ${code ?? signal} before serving:\n${output}`));
      });
    });
    port = await ready;
  };

  const halt = async (signal: NodeJS.Signals) => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    expectingExit = true;
    const exited = new Promise((resolve) => proc.once("exit", resolve));
    proc.kill(signal);
    await exited;
  };

  await launch();
  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    alive: () => child !== null && child.exitCode === null && child.signalCode === null,
    pid: () => (child as ChildProcess | null)?.pid,
    kill: () => halt("SIGKILL"),
    start: launch,
    stop: async () => {
      await halt("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
    crashes,
    output: () => log,
  };
}

/**
 * A TCP proxy in front of PostgreSQL: the test can take 'the database' away (every connection cut,
 * new ones refused, as during a restart) and bring it back, without touching the machine's server.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  static forDatabaseUrl(url: string): TcpProxy {
    const u = new URL(url);
    return new TcpProxy({ host: u.hostname, port: Number(u.port || 5432) });
  }

  /** The database URL with the proxy in place of the server. */
  via(url: string): string {
    const u = new URL(url);
    u.hostname = "127.0.0.1";
    u.port = String(this.port);
    return u.toString();
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const [one, other] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(one);
        // Either end going away takes the other with it, as a dying server would.
        one.on("close", () => {
          this.sockets.delete(one);
          other.destroy();
        });
        one.on("error", () => one.destroy());
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** The database goes down: open connections are cut, new ones refused until `start` again. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : undefined;
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** Connections through the proxy right now (each has two sockets). */
  get connections(): number {
    return this.sockets.size / 2;
  }
}
