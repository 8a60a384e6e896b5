import { createECDH, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TableInfo } from "@tt/protocol";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { PNG } from "pngjs";
import { io as connect, type Socket } from "socket.io-client";
import { buildApp, type RouteEntry } from "../../src/app";
import { mintInvitations } from "../../src/auth/invitations";
import { type Config, loadConfig } from "../../src/config";
import type { Database } from "../../src/db/connect";
import { projects, tables, users } from "../../src/db/schema";
import { seedProjects } from "../../src/projects/projects";
import type { Io } from "../../src/realtime/socket";
import { DiskStorage } from "../../src/storage/disk";
import { Client, freshDatabase } from "../harness";

// The security suite's server and cast. Unlike test/harness.ts it keeps the Fastify instance and the
// Socket.IO server: the permission matrix reads the registered routes and socket events from them.

/** Who knocks. 'stranger' is a member of the closed project who did not create the private table. */
export const ACTORS = [
  "anonymous",
  "player",
  "outsider",
  "mod",
  "designer",
  "admin",
  "superadmin",
  "stranger",
] as const;
export type Actor = (typeof ACTORS)[number];
export type Member = Exclude<Actor, "anonymous">;

/** The closed project of the tables (a shipped game) and the closed project of administration. */
export const GAME = "sandbox";
export const SCRATCH = "scratch";
export const PASSWORD = "correct horse battery";

export interface SecurityServer {
  url: string;
  app: FastifyInstance;
  io: Io;
  routes: RouteEntry[];
  database: Database;
  config: Config;
  storage: DiskStorage;
  invite(role?: string): Promise<string>;
  close(): Promise<void>;
}

export async function startSecurityServer(env: Record<string, string> = {}): Promise<SecurityServer> {
  const database = await freshDatabase();
  await seedProjects(database.db);
  const config = loadConfig({
    RATE_LIMIT_PER_IP: "100000",
    // The matrix asks who may do what, not how much: every actor's cells make tables with bots, more
    // than one user's caps allow (botLimits.test.ts tests the caps).
    BOT_TABLES_PER_USER: "1000",
    BOT_SEATS_PER_USER: "1000",
    ...env,
    LOG_LEVEL: "silent",
    SERVER_ENV: "test",
  });
  const storage = new DiskStorage(mkdtempSync(path.join(tmpdir(), "tt-sec-storage-")));
  const built = await buildApp(
    { config, database, buildId: "sec-build", webDist: "/nonexistent", storage },
    false,
  );
  const { app, io } = built;
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return {
    url: `http://127.0.0.1:${address.port}`,
    app,
    io,
    get routes() {
      return built.routes;
    },
    database,
    config,
    storage,
    invite: async (role = "user") =>
      (await mintInvitations(database.db, { count: 1, role, createdBy: null, expiryMs: 600_000 }))[0]!,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(storage.root, { recursive: true, force: true });
    },
  };
}

export const ROLES = { designer: ["designer"], mod: ["mod"], player: ["player", "stranger", "tester"] };

/** Registers and logs in a user; another login later gives a second session of the same user. */
export async function member(server: SecurityServer, name: string, siteRole = "user"): Promise<Client> {
  const c = new Client(server.url);
  const reg = await c.register(name, await server.invite(siteRole), PASSWORD);
  if (reg.status !== 200) throw new Error(`register ${name}: ${reg.text}`);
  const login = await c.login(name, PASSWORD);
  if (login.status !== 200) throw new Error(`login ${name}: ${login.text}`);
  return c;
}

/** A second, independent session of an actor (for calls that end or replace their session). */
export async function freshSession(server: SecurityServer, name: Actor): Promise<Client> {
  const c = new Client(server.url);
  if (name !== "anonymous") await c.login(name, PASSWORD);
  return c;
}

export interface World {
  as: Record<Actor, Client>;
  tester: Client;
  /** A private sandbox table of the game, started, created by 'player'. */
  privateTable: string;
  /** A public sandbox table of the game, started, created by 'player'. */
  publicTable: string;
  /** An ended table of the game with a feedback row of 'tester'. */
  endedTable: string;
  /** A deck of the scratch project. */
  deckId: string;
  /** The storage key of a global asset of the game. */
  assetKey: string;
}

export async function buildWorld(server: SecurityServer): Promise<World> {
  const { db } = server.database;
  // The form asks q1: the ended table's seated player answers it (answers are only to asked questions).
  await db
    .update(projects)
    .set({ visibility: "closed", roles: ROLES, formQuestions: { q1: { text: "How was it?", type: "text" } } })
    .where(eq(projects.slug, GAME));
  await db.insert(projects).values({
    slug: SCRATCH,
    projectName: "Scratch",
    visibility: "closed",
    roles: ROLES,
  });
  const siteRole: Partial<Record<Actor, string>> = { admin: "admin", superadmin: "superadmin" };
  const as = { anonymous: new Client(server.url) } as Record<Actor, Client>;
  for (const actor of ACTORS) {
    if (actor !== "anonymous") as[actor] = await member(server, actor, siteRole[actor]);
  }
  const tester = await member(server, "tester");
  // In no project: the one a scenario may promote without changing what the actors are.
  await member(server, "helper");

  const privateTable = (await sandboxTable(as.player, true)).tableId;
  const publicTable = (await sandboxTable(as.player, false)).tableId;
  const endedTable = (await sandboxTable(tester, false)).tableId;
  // Ended with tester in a seat, as if the game had been played out: profiles list it, feedback opens.
  const [testerRow] = await db.select({ id: users.id }).from(users).where(eq(users.usernameKey, "tester"));
  const [ended] = await db.select({ seats: tables.seats }).from(tables).where(eq(tables.id, endedTable));
  const seats = ended!.seats.map((seat, i) =>
    i === 0 ? { color: seat.color, userId: testerRow!.id, username: "tester" } : seat,
  );
  await db
    .update(tables)
    .set({ status: "ended", endedAt: new Date(), seats })
    .where(eq(tables.id, endedTable));
  const fb = await tester.post("/api/submit-feedback", { tableId: endedTable, answers: { q1: "fine" } });
  if (fb.status !== 200) throw new Error(`feedback: ${fb.text}`);

  const deck = await as.designer.post(`/api/projects/create-deck/${SCRATCH}`, { deckName: "matrix" });
  if (deck.status !== 200) throw new Error(`deck: ${deck.text}`);
  const upload = await postForm(
    as.designer,
    `/api/projects/${GAME}/upload-assets`,
    {},
    {
      assets: [png(), "matrix.png"],
    },
  );
  if (upload.status !== 200) throw new Error(`asset: ${upload.text}`);
  return {
    as,
    tester,
    privateTable,
    publicTable,
    endedTable,
    deckId: (deck.json() as { id: string }).id,
    assetKey: `projects/${GAME}/assets/matrix.png`,
  };
}

/** A started sandbox table of the game (public sandboxes start at once), private or not. */
export async function sandboxTable(client: Client, isPrivate: boolean): Promise<TableInfo> {
  const res = await client.post(`/api/projects/${GAME}/new-table`, {
    start_position: { options: {}, playerColors: ["red", "blue"] },
    tableMode: "public-sandbox",
    isPrivate,
  });
  if (res.status !== 200) throw new Error(`sandbox table: ${res.text}`);
  return res.json() as TableInfo;
}

/** An open demo-invite table of the game by `client`, a designer or mod (it replaces their open one). */
export async function demoTable(client: Client): Promise<string> {
  const res = await client.post(`/api/projects/${GAME}/new-table`, {
    start_position: { options: {}, playerColors: ["red", "blue"] },
    tableMode: "demo-invite",
  });
  if (res.status !== 200) throw new Error(`demo table: ${res.text}`);
  return (res.json() as TableInfo).tableId;
}

/** An open competitive table of the game by `client` (it replaces their previous open one). */
export async function openTable(client: Client): Promise<string> {
  const res = await client.post(`/api/projects/${GAME}/new-table`, {
    start_position: { options: {} },
    tableMode: "competitive-edit",
  });
  if (res.status !== 200) throw new Error(`open table: ${res.text}`);
  return (res.json() as TableInfo).tableId;
}

export function png(width = 4, height = 3): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([30, 120, 200, 255], i);
  return PNG.sync.write(image);
}

/** A multipart POST as a browser's FormData sends it. */
export async function postForm(
  client: Client,
  urlPath: string,
  fields: Record<string, string>,
  files: Record<string, [Buffer, string]>,
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, [bytes, name]] of Object.entries(files)) form.append(k, new Blob([bytes]), name);
  const res = await fetch(client.base + urlPath, {
    method: "POST",
    body: form,
    headers: { ...(client.cookie ? { cookie: client.cookie } : {}), ...headers },
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) as unknown };
}

/** A browser's push subscription: a real P-256 key and a 16-byte secret. */
export function pushSubscription(id: string) {
  const ecdh = createECDH("prime256v1");
  return {
    endpoint: `https://push.example.com/matrix/${id}`,
    expirationTime: null,
    keys: { p256dh: ecdh.generateKeys().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

/** A tab: a socket with the client's session cookie. Rejects when the handshake is refused. */
export async function openSocket(
  server: SecurityServer,
  client: Client,
  extraHeaders: Record<string, string> = {},
): Promise<Socket> {
  const s = connect(server.url, {
    transports: ["websocket"],
    extraHeaders: { ...(client.cookie ? { cookie: client.cookie } : {}), ...extraHeaders },
    auth: { sessionId: `tab-${randomBytes(4).toString("hex")}` },
    reconnection: false,
    forceNew: true,
  });
  try {
    await new Promise((resolve, reject) => {
      s.on("instanceId", resolve);
      s.on("connect_error", reject);
    });
  } catch (err) {
    s.close();
    throw err;
  }
  return s;
}

/** Waits for the first `event` on the socket that `match` accepts, or null after `ms`. */
export function nextEvent<T>(
  s: Socket,
  event: string,
  match: (p: T) => boolean,
  ms = 3000,
): Promise<T | null> {
  return new Promise((resolve) => {
    const listener = (p: T) => {
      if (!match(p)) return;
      clearTimeout(timer);
      s.off(event, listener);
      resolve(p);
    };
    const timer = setTimeout(() => {
      s.off(event, listener);
      resolve(null);
    }, ms);
    s.on(event, listener);
  });
}
