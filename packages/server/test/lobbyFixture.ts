import { eq } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { projects, users } from "../src/db/schema";
import { Client, type TestServer } from "./harness";

/** A project with every kind of option, and a user for every role of the permission matrix. */
export const TEST_OPTIONS = {
  speed: {
    displayName: "Speed",
    displayOrder: 1,
    type: "select",
    default: "normal",
    values: {
      normal: { displayName: "Normal", displayOrder: 0 },
      fast: { displayName: "Fast", displayOrder: 1 },
      debug: { displayName: "Debug", displayOrder: 2, hidden: true, hiddenDisplay: "Debug (staff)" },
    },
  },
  expansion: { displayName: "Expansion", displayOrder: 0, type: "checkbox", defaultBool: false },
  expansionCards: {
    displayName: "Expansion cards",
    displayOrder: 2,
    type: "select",
    condition: { expansion: { eq: true } },
    values: { few: { displayName: "Few", displayOrder: 0 }, many: { displayName: "Many", displayOrder: 1 } },
  },
  secret: { displayName: "Secret", displayOrder: 3, type: "checkbox", hidden: true },
};

export const ROLES = ["admin", "superadmin", "staff", "designer", "mod", "player", "outsider"] as const;
export type Role = (typeof ROLES)[number];

export async function lobbyWorld(server: TestServer) {
  await server.database.db.insert(projects).values([
    {
      slug: "test-game",
      projectName: "Test Game",
      designer: "Dee Signer",
      description: "<p>Fine</p>",
      visibility: "public",
      roles: { designer: ["designer"], mod: ["mod"] },
      options: TEST_OPTIONS,
      changeLog: [
        { version: "1.0", date: "2026-01-01", notes: "<p>first</p>" },
        { version: "__1.1-internal", date: "2026-02-01", notes: "<p>staff only</p>" },
        { version: "1.2", date: "2026-03-01", notes: "<p>newest</p>" },
      ],
      playerMin: 2,
      playerMax: 4,
    },
    { slug: "closed-game", projectName: "Closed Game", visibility: "closed", roles: { mod: ["mod"] } },
  ]);
  const siteRole: Record<Role, string> = {
    admin: "admin",
    superadmin: "superadmin",
    staff: "cgestaff",
    designer: "user",
    mod: "user",
    player: "user",
    outsider: "user",
  };
  const clients = {} as Record<Role, Client>;
  for (const role of ROLES) {
    const c = new Client(server.url);
    await c.register(role, await server.invite(siteRole[role]));
    await c.login(role);
    clients[role] = c;
  }
  return clients;
}

export async function userId(server: TestServer, name: string): Promise<number> {
  const [u] = await server.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.usernameKey, name));
  return u!.id;
}

/** A tab: a socket with a session id, as the web app opens it. */
export async function openTab(server: TestServer, client: Client, sessionId: string): Promise<Socket> {
  const s = connect(server.url, {
    transports: ["websocket"],
    extraHeaders: { cookie: client.cookie },
    auth: { sessionId },
    reconnection: false,
    forceNew: true,
  });
  await new Promise((resolve, reject) => {
    s.on("instanceId", resolve);
    s.on("connect_error", reject);
  });
  return s;
}

/**
 * The table events that say who comes and goes (player-joined, player-disconnected and their chat
 * lines, the watcher list: realtime/presence.ts). A recorder keeps them under this name, apart from the table's other
 * events, so a test of turns reads its turns whoever opens the table meanwhile.
 */
export const PRESENCE_EVENT = "table-event (presence)";

function isPresence(payload: unknown): boolean {
  const m = payload as { type?: unknown; chat?: { type?: unknown } } | null;
  return (
    m?.type === "player-joined" ||
    m?.type === "player-disconnected" ||
    m?.type === "watchers" ||
    (m?.type === "chat-message" && m.chat?.type === "player-joined")
  );
}

/** Collects every event a socket receives, to assert on what arrived (and what did not). */
export function recorder(s: Socket) {
  const events: { name: string; payload: unknown }[] = [];
  s.onAny((name: string, payload: unknown) =>
    events.push({ name: name === "table-event" && isPresence(payload) ? PRESENCE_EVENT : name, payload }),
  );
  return {
    events,
    async next(name: string, timeoutMs = 3000): Promise<unknown> {
      const start = Date.now();
      while (Date.now() - start < timeoutMs) {
        const i = events.findIndex((e) => e.name === name);
        if (i >= 0) return events.splice(i, 1)[0]!.payload;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no ${name} within ${timeoutMs} ms; got ${events.map((e) => e.name).join(", ")}`);
    },
  };
}
