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
import { asc, count } from "drizzle-orm";
import fc from "fast-check";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  feedback,
  invitations,
  projects,
  pushSubscriptions,
  sessions,
  tableChat,
  tableEvents,
  tables,
  users,
} from "../../src/db/schema";
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
// is refused to its sender; every route the server registers, with malformed route parameters, query
// strings and bodies, answers a 4xx with a text (never a 5xx or a stack trace). After each batch the
// server still answers and the stored state (tables, logs, chat, projects, users, feedback, push
// subscriptions, invitations, sessions) is as it was.
//
// The runs are reproducible: one fixed seed, printed, which FUZZ_SEED replaces (FUZZ_SEED=random
// draws a new one) to explore further.

const FUZZ_SEED =
  process.env.FUZZ_SEED === "random"
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED ?? 20_260_511);
if (!Number.isSafeInteger(FUZZ_SEED))
  throw new Error(`FUZZ_SEED must be an integer, got ${process.env.FUZZ_SEED}`);
console.info(`fuzz seed ${FUZZ_SEED} (set FUZZ_SEED to replay another, FUZZ_SEED=random for a new one)`);
fc.configureGlobal({ seed: FUZZ_SEED });
/** FUZZ_SCALE multiplies every property's number of runs (the defaults: ~30 s for this file on the 2-core machine). */
const FUZZ_SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const runs = (n: number) => Math.max(1, Math.round(n * FUZZ_SCALE));

let server: SecurityServer;
let admin: Client;
let tableId: string;
let s: Socket;
const roll = { kind: "press state button", button: "roll" } as const;
/** Strings of any code points (NUL, lone surrogates), at most three levels deep. */
const anything = fc.anything({ stringUnit: "binary", maxDepth: 3, maxKeys: 6 });

beforeAll(async () => {
  // The turn rate limit has its own test; here every payload should reach the parsers.
  server = await startSecurityServer({
    TURN_RATE_PER_SECOND: "1000000",
    TURN_BURST: "1000000",
    // The session's and the user's buckets too (issue 20): the fuzzing is about payloads, not rates.
    SESSION_RATE_PER_SECOND: "1000000",
    SESSION_BURST: "1000000",
    USER_RATE_PER_SECOND: "1000000",
    USER_BURST: "1000000",
  });
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
    .select({ table: tableEvents.tableId, seq: tableEvents.seq, turnUid: tableEvents.turnUid })
    .from(tableEvents)
    .orderBy(asc(tableEvents.tableId), asc(tableEvents.seq));
  const row = await db.select().from(tables).orderBy(asc(tables.id));
  const chat = await db.select({ n: count() }).from(tableChat);
  const everyProject = await db.select().from(projects).orderBy(asc(projects.slug));
  const people = await db.select({ name: users.username, bio: users.bio, role: users.role }).from(users);
  const opinions = await db.select().from(feedback).orderBy(asc(feedback.id));
  const push = await db.select().from(pushSubscriptions).orderBy(asc(pushSubscriptions.id));
  const codes = await db.select().from(invitations).orderBy(asc(invitations.code));
  // Not last_seen_at: any request may move it on (at most once a minute).
  const logins = await db
    .select({ token: sessions.tokenHash, user: sessions.userId })
    .from(sessions)
    .orderBy(asc(sessions.tokenHash));
  return JSON.stringify({ events, row, chat, everyProject, people, opinions, push, codes, logins });
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
        { numRuns: runs(120) },
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
      { numRuns: runs(100) },
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
      { numRuns: runs(150) },
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
        { numRuns: runs(60) },
      );
      await healthy();
      expect(await snapshot()).toBe(before);
    },
  );
});

/**
 * Routes that may answer 2xx to any input: reads that ignore what they do not know, and 'leave' calls
 * that have nothing to leave. Every other route must refuse what the sweep below sends it.
 */
const MAY_SUCCEED = new Set([
  "GET /api/pingLogin",
  "GET /api/invitations",
  "GET /api/get-project-list",
  "GET /api/get-table-list/",
  "GET /api/push-key",
  "GET /api/get-user-game-stats/",
  "GET /api/user-bio/",
  "GET /api/get-user-badges",
  "GET /api/badges",
  "GET /api/container-content",
  "GET /api/leave-lobby/:slug",
  "GET /api/table-close/:tableId",
  // Sent without a session (see below): there is nothing to end.
  "POST /api/logout",
]);

/** Query names the routes read, so a random value meets a parser now and then. */
const QUERY_NAMES = [
  "sessionId",
  "username",
  "name",
  "development",
  "color",
  "tableId",
  "containerId",
  "turnNumber",
  "step",
  "count",
  "filter",
  "lastSeq",
];

/** Raw pieces of a URL segment: broken and overlong percent escapes, NUL, dots, encoded slashes. */
const RAW_PIECES = [
  "%",
  "%f",
  "%ff",
  "%00",
  "%2e%2e%2f",
  "..",
  "%c0%af",
  "%e2%82",
  "%25",
  "%2F",
  "%20",
  "a",
  "Z",
  "0",
  "-",
  "_",
  ".",
  "~",
];

/** Lone surrogates replaced, as encodeURIComponent refuses them (the raw pieces test broken escapes). */
const wellFormed = (x: string) =>
  x.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");

/** A route parameter or query value: any text encoded, raw escapes, or values that break naive parsing. */
const segment = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }).map((x) => encodeURIComponent(wellFormed(x))),
  fc.array(fc.constantFrom(...RAW_PIECES), { minLength: 1, maxLength: 8 }).map((a) => a.join("")),
  fc.constantFrom(
    "0",
    "-1",
    "1e400",
    "NaN",
    "9".repeat(40),
    "__proto__",
    "constructor",
    "x".repeat(3000),
    "",
  ),
);

const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_NAMES), segment), segment), { maxLength: 4 })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join("&"));

/** Bodies no route accepts: JSON that is not an object, text that is not JSON, or not JSON at all. */
const refusedBody = fc.oneof(
  fc
    .oneof(fc.integer(), fc.string({ maxLength: 20 }), fc.boolean(), fc.array(anything, { maxLength: 3 }))
    .map((v) => ({ type: "application/json", body: JSON.stringify(v) })),
  fc.string({ unit: "binary", maxLength: 100 }).map((t) => ({ type: "application/json", body: `{${t}` })),
  fc.string({ maxLength: 100 }).map((t) => ({ type: "text/plain", body: t })),
);
/**
 * With a route parameter that names nothing, any body at all. Multipart only here: a route that takes
 * no upload reads a multipart request as one without a body, which some accept (defaults).
 */
const anyBody = fc.oneof(
  refusedBody,
  fc.string({ maxLength: 100 }).map((t) => ({ type: "multipart/form-data; boundary=x", body: t })),
  anything.map((v) => ({ type: "application/json", body: JSON.stringify(v) ?? "null" })),
);

/** Where every stored slug and table id is, so a generated parameter never names a real one. */
let existing = new Set<string>();
const decoded = (x: string) => {
  try {
    return decodeURIComponent(x);
  } catch {
    return x;
  }
};

/**
 * One request to `route`: each parameter generated (a project slug may be the real game's when another
 * parameter names nothing, to reach the code past the project's check), a random query, and a body for
 * methods that carry one.
 */
function requestTo(route: { method: string; url: string }) {
  const names = [...route.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? "*");
  // A dot segment ('..', '%2e.') is resolved away by the URL parser before it is sent: another route.
  const fuzzed = segment.filter((v) => !existing.has(decoded(v)) && !/^(\.|%2e){1,2}$/i.test(v));
  const param = (name: string) =>
    name === "slug" && names.length > 1 ? fc.oneof(fc.constant(GAME), fuzzed) : fuzzed;
  const params = fc.tuple(...names.map(param));
  const body = route.method === "GET" ? fc.constant(null) : names.length > 0 ? anyBody : refusedBody;
  return fc.tuple(params, query, body).map(([values, q, b]) => {
    let i = 0;
    const path = route.url.replace(/:(\w+)|\*/g, () => values[i++] ?? "");
    return { path: q ? `${path}?${q}` : path, body: b };
  });
}

/** A stack trace, a source path or a driver's words: what an answer must never show. */
const INTERNALS = /\n\s+at |node_modules|\.[jt]s:\d+|Failed query|ECONN|SQLSTATE/;

describe("every registered route, with malformed parameters, queries and bodies", () => {
  it("answers a 4xx with a reason (reads may answer 2xx), never a 5xx, and changes nothing", async () => {
    const { db } = server.database;
    existing = new Set([
      ...(await db.select({ slug: projects.slug }).from(projects)).map((r) => r.slug),
      ...(await db.select({ id: tables.id }).from(tables)).map((r) => r.id),
    ]);
    const routes = server.routes.filter((r) => r.method !== "HEAD" && r.method !== "OPTIONS");
    expect(routes.length).toBeGreaterThan(50);
    const before = await snapshot();
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const mayRead = MAY_SUCCEED.has(key);
      // Logging out with the fuzzer's own session would end it (a state change by design).
      const cookie: Record<string, string> = key === "POST /api/logout" ? {} : { cookie: admin.cookie };
      await fc.assert(
        fc.asyncProperty(requestTo(route), async ({ path, body }) => {
          const res = await fetch(server.url + path, {
            method: route.method,
            headers: { ...cookie, ...(body ? { "content-type": body.type } : {}) },
            body: body?.body,
          });
          const text = await res.text();
          const what = `${key}: ${res.status} ${text.slice(0, 120)} <- ${path.slice(0, 150)} ${body?.body.slice(0, 80) ?? ""}`;
          expect(res.status < 500, what).toBe(true);
          if (!mayRead) expect(res.status >= 400, what).toBe(true);
          if (res.status >= 400) {
            expect(text.trim(), what).not.toBe("");
            expect(text, what).not.toMatch(INTERNALS);
          }
        }),
        { numRuns: runs(25) },
      );
    }
    await healthy();
    expect(await snapshot()).toBe(before);
  }, 300_000);
});
