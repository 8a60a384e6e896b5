import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../src/app";
import { mintInvitations } from "../src/auth/invitations";
import { type Config, loadConfig } from "../src/config";
import { type Database, openPglite, openPostgres } from "../src/db/connect";
import { CONTROL_FILE, CONTROL_PATHS, type ControlFile } from "../src/http/controlServer";
import { seedProjects } from "../src/projects/projects";
import { DiskStorage } from "../src/storage/disk";
import { withDatabase } from "./globalSetup";

/** A fresh, migrated database for one test file: a PGlite clone, or a PostgreSQL copy of the template. */
export async function freshDatabase(): Promise<Database> {
  const template = inject("pgTemplate");
  const url = process.env.DATABASE_URL;
  if (template && url) {
    const name = `tt_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const database = await openPostgres(withDatabase(url, name));
    return {
      ...database,
      close: async () => {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dump = readFileSync(inject("pgliteDump"));
  return openPglite(undefined, new Blob([dump]));
}

export interface TestServer {
  url: string;
  database: Database;
  config: Config;
  /** Disk storage in a temporary directory, removed on close. */
  storage: DiskStorage;
  close(): Promise<void>;
  invite(role?: string): Promise<string>;
}

/** A server on a fresh database, or on `shared` (a second instance of the same deployment). */
export async function startTestServer(
  env: Record<string, string> = {},
  shared?: Database,
): Promise<TestServer> {
  const database = shared ?? (await freshDatabase());
  await seedProjects(database.db);
  // Test users open tables far faster than a person: the per-user table-load limits (2/s, bursts of
  // 20; 1 MB/s, bursts of 32 MB) would answer 429 on a fast database. tableCaps.test.ts,
  // endedLog.test.ts and the abuse suite test them with their own.
  const reads = {
    HEAVY_READS_PER_SECOND: "1000",
    HEAVY_READS_BURST: "1000",
    HEAVY_READ_BYTES_PER_SECOND: String(1e9),
    HEAVY_READ_BYTES_BURST: String(1e10),
  };
  const config = loadConfig({
    ...reads,
    ...env,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    SERVER_ENV: "test",
  });
  const storage = new DiskStorage(mkdtempSync(path.join(tmpdir(), "tt-storage-")));
  const { app } = await buildApp(
    { config, database, buildId: "test-build", webDist: "/nonexistent", storage },
    false,
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return {
    url: `http://127.0.0.1:${address.port}`,
    database,
    config,
    storage,
    close: async () => {
      await app.close();
      if (!shared) await database.close();
      rmSync(storage.root, { recursive: true, force: true });
    },
    invite: async (role = "user") =>
      (await mintInvitations(database.db, { count: 1, role, createdBy: null, expiryMs: 60_000 }))[0]!,
  };
}

/** A cookie-keeping HTTP client, as a browser tab would be. */
export class Client {
  cookie = "";
  constructor(readonly base: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(this.base + path, {
      method,
      headers: {
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const setCookie = res.headers.getSetCookie();
    for (const c of setCookie) {
      const pair = c.split(";")[0]!;
      this.cookie = pair.endsWith("=") ? "" : pair;
    }
    const text = await res.text();
    return { status: res.status, text, json: () => JSON.parse(text) };
  }

  get(path: string) {
    return this.request("GET", path);
  }
  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request("POST", path, body, headers);
  }

  async register(userName: string, inviteCode: string, password = "correct horse battery") {
    return this.post("/api/registerUser", {
      userName,
      userPassword: password,
      inviteCode,
      email: `${userName}@example.test`,
    });
  }

  async login(userName: string, password = "correct horse battery") {
    return this.post("/api/login", { userName, userPassword: password });
  }
}

/** A server process's control listener as its DATA_DIR/control.json names it (embedded database only). */
export function controlOf(dataDir: string): ControlFile {
  return JSON.parse(readFileSync(path.join(dataDir, CONTROL_FILE), "utf8")) as ControlFile;
}

/**
 * An invitation minted through a server process's control listener (its own loopback port and the
 * token it wrote to DATA_DIR/control.json), as `npm run invite` mints one.
 */
export async function controlInvite(control: ControlFile, role = "user"): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${control.port}${CONTROL_PATHS.invitations}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-control-token": control.token },
    body: JSON.stringify({ count: 1, role }),
  });
  if (res.status !== 200) throw new Error(`control invitation (${role}): ${res.status} ${await res.text()}`);
  return ((await res.json()) as string[])[0]!;
}

/** A user of a server process invited through its control listener, registered and logged in. */
export async function controlMember(
  base: string,
  control: ControlFile,
  name: string,
  role = "user",
): Promise<Client> {
  const c = new Client(base);
  const reg = await c.register(name, await controlInvite(control, role));
  if (reg.status !== 200) throw new Error(`register ${name}: ${reg.text}`);
  const login = await c.login(name);
  if (login.status !== 200) throw new Error(`login ${name}: ${login.text}`);
  return c;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | undefined>;
  /** The body as it was sent: not decompressed (fetch would gunzip it). */
  body: Buffer;
}

/** A GET as it goes over the wire, for tests of what is sent: encodings, sizes, 304s. */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: Object.fromEntries(
            Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : v]),
          ),
          body: Buffer.concat(chunks),
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}
