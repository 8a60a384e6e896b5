import {
  chatSendSchema,
  DECK_NAME_PATTERN,
  gameMoveSchema,
  pingSendSchema,
  type TableRejectMessage,
  tableIdSchema,
  tableSubscribeSchema,
  undoSchema,
} from "@tt/protocol";
import { asc, count, eq } from "drizzle-orm";
import fc from "fast-check";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { projects, tableChat, tableEvents, tables, users } from "../../src/db/schema";
import type { Client } from "../harness";
import {
  GAME,
  member,
  nextEvent,
  openSocket,
  type SecurityServer,
  sandboxTable,
  startSecurityServer,
} from "./world";

// Property tests over what a client may send (DESIGN.md principle 4: bad input gets a clear error
// message and changes nothing). Every malformed turn, undo, chat line, ping or reload over the socket
// is refused to its sender; every malformed body of the main state-changing routes gets a 4xx with a
// text. After each batch the server still answers and the table's log and row are as they were.

let server: SecurityServer;
let admin: Client;
let tableId: string;
let s: Socket;
const roll = { kind: "press state button", button: "roll" } as const;
/** Strings of any code points (NUL, lone surrogates), at most three levels deep. */
const anything = fc.anything({ stringUnit: "binary", maxDepth: 3, maxKeys: 6 });

beforeAll(async () => {
  // The turn rate limit has its own test; here every payload should reach the parsers.
  server = await startSecurityServer({ TURN_RATE_PER_SECOND: "1000000", TURN_BURST: "1000000" });
  admin = await member(server, "fuzzer", "admin");
  tableId = (await sandboxTable(admin, false)).tableId;
  s = await openSocket(server, admin);
  await s.emitWithAck("table-subscribe", { tableId, lastSeq: -1 });
  // Two real turns, so undo and out-of-sync paths have a log to look at.
  for (const [i, turnUID] of ["setup-0", "setup-1"].entries()) {
    const done = nextEvent(s, "table-event", () => true);
    s.emit("game-move", { tableId, moveId: i, turnUID, actions: [roll], seat: "alwaysactive" });
    if (!(await done)) throw new Error("setup turn failed");
  }
}, 120_000);
afterAll(async () => {
  s?.close();
  await server?.close();
});

/** Everything a malformed input must leave alone. */
async function snapshot() {
  const { db } = server.database;
  const events = await db
    .select({ seq: tableEvents.seq, turnUid: tableEvents.turnUid })
    .from(tableEvents)
    .where(eq(tableEvents.tableId, tableId))
    .orderBy(asc(tableEvents.seq));
  const row = await db.select().from(tables).orderBy(asc(tables.id));
  const chat = await db.select({ n: count() }).from(tableChat);
  const project = await db.select().from(projects).where(eq(projects.slug, GAME));
  const people = await db.select({ name: users.username, bio: users.bio, role: users.role }).from(users);
  return JSON.stringify({ events, row, chat, project, people });
}

async function healthy() {
  expect((await admin.get("/api/pingLogin")).status).toBe(200);
  expect(s.connected).toBe(true);
  const ack = (await s.emitWithAck("table-subscribe", { tableId, lastSeq: 1 })) as { ok: boolean };
  expect(ack.ok).toBe(true);
}

/** A valid payload with one field replaced by anything, or removed. */
function mutated(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.constantFrom(...Object.keys(valid)), anything, fc.boolean())
    .map(([key, value, remove]) => {
      const copy: Record<string, unknown> = { ...valid };
      if (remove) delete copy[key];
      else copy[key] = value;
      return copy;
    });
}

/** Payloads the event's schema refuses: random values, and valid ones with one field spoilt. */
function malformed(schema: z.ZodType, valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  return fc
    .oneof(anything, mutated(valid), fc.uint8Array({ maxLength: 64 }))
    .filter((p) => !schema.safeParse(p).success);
}

/** Sends one payload; answers the refusal's reason, or null when none came. */
async function refusalOf(event: string, payload: unknown): Promise<string | null> {
  if (event === "table-subscribe") {
    const ack = (await s.timeout(3000).emitWithAck(event, payload)) as { ok: boolean; reason?: string };
    return ack.ok ? null : (ack.reason ?? "");
  }
  const reject = nextEvent<TableRejectMessage>(s, "table-event-reject", () => true);
  s.emit(event, payload);
  return (await reject)?.reason ?? null;
}

const validMove = () => ({ tableId, moveId: 2, turnUID: "fuzz", actions: [roll], seat: "alwaysactive" });
const socketCases = (): [string, z.ZodType, Record<string, unknown>][] => [
  ["game-move", gameMoveSchema, validMove()],
  ["undo", undoSchema, { tableId, moveId: 2, turnUID: "fuzz-undo" }],
  ["chat message", chatSendSchema, { tableId, message: "hello" }],
  ["ping", pingSendSchema, { tableId, x: 1, y: 2 }],
  ["reload data sheet", tableIdSchema, { tableId }],
  ["reload decks", tableIdSchema, { tableId }],
  ["reload components", tableIdSchema, { tableId }],
  ["reload dev editor components", tableIdSchema, { tableId }],
  ["table-subscribe", tableSubscribeSchema, { tableId, lastSeq: -1 }],
];

describe("malformed socket payloads", () => {
  it.each(socketCases().map((c) => [c[0], c] as const))(
    "%s: refused, nothing changes",
    async (_e, [event, schema, valid]) => {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(malformed(schema, valid), async (payload) => {
          const reason = await refusalOf(event, payload);
          // Failing inside the property lets fast-check shrink the payload to the smallest that shows it.
          expect(reason?.trim(), JSON.stringify(payload)).toBeTruthy();
        }),
        { numRuns: 120 },
      );
      await healthy();
      expect(await snapshot()).toBe(before);
    },
    // 120 round trips each: on a busy machine (other test files in parallel) more than the default.
    60_000,
  );

  it("survives anything as setUsername and registerSession, which answer nothing by design", async () => {
    const before = await snapshot();
    // Objects whose conversion to text throws: String() of one inside a listener ended the process.
    const hostile = fc.constantFrom<unknown>(
      { toString: 1 },
      { toString: [], valueOf: {} },
      { sessionId: { toString: 1 } },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("setUsername", "registerSession"),
        fc.oneof(anything, hostile),
        async (event, payload) => {
          s.emit(event, payload);
        },
      ),
      { numRuns: 100 },
    );
    await healthy();
    expect(await snapshot()).toBe(before);
  });

  it("refuses the NUL character anywhere in a payload, which the database cannot store", async () => {
    const before = await snapshot();
    const nul = "a\u0000b";
    expect(await refusalOf("table-subscribe", { tableId: nul, lastSeq: -1 })).toMatch(/NUL/);
    expect(await refusalOf("chat message", { tableId, message: nul })).toMatch(/NUL/);
    expect(await refusalOf("game-move", { ...validMove(), turnUID: nul })).toMatch(/NUL/);
    expect(await refusalOf("reload decks", { tableId: nul })).toMatch(/NUL/);
    const bio = await admin.post("/api/user-bio/?username=fuzzer", { bioText: nul });
    expect(bio).toMatchObject({ status: 400, text: "Text may not contain the NUL character (\\u0000)." });
    expect((await admin.get(`/api/table-open/${encodeURIComponent(nul)}`)).status).toBe(400);
    await healthy();
    expect(await snapshot()).toBe(before);
  });

  it("refuses well-formed turns that make no sense, and the log stays as it was", async () => {
    const before = await snapshot();
    const id = fc.string({ unit: "binary", maxLength: 30 }).map((x) => `zz-${x}`);
    const action = fc.oneof(
      id.map((componentId) => ({ kind: "click component", componentId })),
      fc.record({ kind: fc.constant("click position"), destinationId: id, positionName: id }),
      fc.record({ kind: fc.constant("press button"), componentId: id, button: id }),
      id.map((button) => ({ kind: "press state button", button })),
      id.map((deckId) => ({ kind: "open deck", deckId })),
      anything.map((move) => ({ kind: "raw move", move })),
    );
    const turn = fc.record({
      moveId: fc.oneof(fc.constant(2), fc.nat(1000)),
      seat: fc.oneof(
        fc.constantFrom("red", "blue", "alwaysactive", "spectator"),
        fc.string({ maxLength: 20 }),
      ),
      actions: fc.array(action, { minLength: 1, maxLength: 5 }),
      preventUndo: fc.boolean(),
    });
    let n = 0;
    await fc.assert(
      fc.asyncProperty(turn, async (t) => {
        const payload = { tableId, turnUID: `sense-${++n}`, editMode: false, ...t };
        const reason = await refusalOf("game-move", payload);
        // Failing inside the property lets fast-check shrink the turn to the smallest one that shows it.
        expect(reason?.trim(), JSON.stringify(payload)).toBeTruthy();
      }),
      { numRuns: 150 },
    );
    await healthy();
    expect(await snapshot()).toBe(before);
  });
});

interface HttpCase {
  method: "POST" | "GET";
  path: () => string;
  /** A body one step from acceptable (one field wrong): mutating it explores the edge of the schema. */
  nearly: Record<string, unknown>;
  /** For bodies where one mutation could make `nearly` acceptable: true while it is still malformed. */
  invalid?: (body: Record<string, unknown>) => boolean;
}

const notA = (type: string, key: string) => (b: Record<string, unknown>) =>
  typeof b[key] !== type || b[key] === null || Array.isArray(b[key]);

const httpCases = (): HttpCase[] => [
  // A wrong password: refused (and, after ten, rate limited: still a 4xx).
  { method: "POST", path: () => "/api/login", nearly: { userName: "fuzzer", userPassword: "wrong one" } },
  {
    method: "POST",
    path: () => "/api/registerUser",
    // No such invitation: whatever else is mutated, nobody is created.
    nearly: {
      userName: "newuser",
      userPassword: "long enough pw",
      inviteCode: "ABCDEFGHJK",
      email: "a@b.test",
    },
  },
  {
    method: "POST",
    path: () => "/api/user-bio/?username=fuzzer",
    nearly: { bioText: 12 },
    invalid: notA("string", "bioText"),
  },
  {
    method: "POST",
    path: () => `/api/projects/${GAME}/new-table`,
    nearly: { start_position: { options: {} }, tableMode: "sandbox-of-nothing" },
  },
  // The table is running: no feedback yet, whatever the body.
  { method: "POST", path: () => "/api/submit-feedback", nearly: { tableId: "no-table", answers: { q: 1 } } },
  {
    method: "POST",
    path: () => `/api/projects/update-project-info/${GAME}?name=description`,
    nearly: { newValue: 1 },
    invalid: notA("string", "newValue"),
  },
  {
    method: "POST",
    path: () => `/api/projects/add-role/${GAME}`,
    nearly: { username: "nobody", roleName: "king" },
  },
  {
    method: "POST",
    path: () => "/api/update-form-questions",
    nearly: { projectSlug: GAME, questions: 5 },
    invalid: notA("object", "questions"),
  },
  {
    method: "POST",
    path: () => "/api/update-option",
    nearly: { projectSlug: GAME, optionName: "" },
    invalid: (b) => !/^[\w.-]+$/.test(String(typeof b.optionName === "string" ? b.optionName : "").trim()),
  },
  {
    method: "POST",
    path: () => `/api/projects/create-deck/${GAME}`,
    nearly: { deckName: "" },
    invalid: (b) => !(typeof b.deckName === "string" && DECK_NAME_PATTERN.test(b.deckName.trim())),
  },
  { method: "POST", path: () => "/api/subscribe", nearly: { endpoint: "nope", keys: {} } },
  {
    method: "POST",
    path: () => `/api/projects/${GAME}/components?development=true`,
    nearly: { root: 1 },
    invalid: notA("object", "root"),
  },
  { method: "POST", path: () => "/api/projects/create", nearly: { slug: "X", projectName: "" } },
];

/** A body as sent on the wire: JSON of anything, or text that is not JSON, under a JSON content type. */
const wireBody = (c: HttpCase) =>
  fc.oneof(
    fc
      .oneof(anything, mutated(c.nearly))
      .filter(
        (v) => !c.invalid || v === null || typeof v !== "object" || c.invalid(v as Record<string, unknown>),
      )
      .map((v) => ({ type: "application/json", body: JSON.stringify(v) ?? "null" })),
    fc.string({ unit: "binary", maxLength: 200 }).map((t) => ({ type: "application/json", body: t })),
    fc.string({ maxLength: 200 }).map((t) => ({ type: "text/plain", body: t })),
  );

describe("malformed HTTP bodies", () => {
  it.each(httpCases().map((c) => [c.path(), c] as const))(
    "%s: a 4xx with a reason, nothing changes",
    async (_p, c) => {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(wireBody(c), async ({ type, body }) => {
          const res = await fetch(server.url + c.path(), {
            method: c.method,
            headers: { cookie: admin.cookie, "content-type": type },
            body,
          });
          const text = await res.text();
          const what = `${res.status} ${text.slice(0, 100)} <- ${body.slice(0, 100)}`;
          expect(res.status >= 400 && res.status < 500 && text.trim() !== "", what).toBe(true);
        }),
        { numRuns: 60 },
      );
      await healthy();
      expect(await snapshot()).toBe(before);
    },
  );
});
