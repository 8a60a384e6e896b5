import { randomBytes } from "node:crypto";
import {
  HANDSHAKE_REFUSALS,
  LIMIT_MESSAGES,
  TABLE_REFUSALS,
  type TableEventMessage,
  type TableInfo,
  type TableRejectMessage,
} from "@tt/protocol";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOO_FAST } from "../src/realtime/table";
import { Client, startTestServer, type TestServer } from "./harness";

// Issue 20, points 1 and 2: the caps on one table (turn size, log, situation, chat) and the limits
// per session and per user (sockets, event rates across sockets, table loads). Two servers with caps
// low enough to reach in a test: one for the table caps, one for the rates; the defaults are the
// protocol's (limits.ts) and the abuse suite (test/abuse) runs the attacks against them.

let capped: TestServer;
let rated: TestServer;

beforeAll(async () => {
  [capped, rated] = await Promise.all([
    startTestServer({
      RATE_LIMIT_PER_IP: "100000",
      TURN_MOVES_MAX: "5",
      SITUATION_BYTES_MAX: "60000",
      TABLE_LOG_EVENTS_MAX: "12",
      CHAT_PER_TABLE_PER_MINUTE: "40",
    }),
    startTestServer({
      RATE_LIMIT_PER_IP: "100000",
      SOCKETS_PER_SESSION: "3",
      SESSION_RATE_PER_SECOND: "1",
      SESSION_BURST: "6",
      USER_RATE_PER_SECOND: "1",
      USER_BURST: "9",
      HEAVY_READS_PER_SECOND: "0.2",
      HEAVY_READS_BURST: "3",
    }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([capped?.close(), rated?.close()]);
});

let names = 0;
const nameOf = new WeakMap<Client, string>();
async function member(server: TestServer): Promise<Client> {
  const c = new Client(server.url);
  const name = `caps_${++names}`;
  expect((await c.register(name, await server.invite())).status).toBe(200);
  expect((await c.login(name)).status).toBe(200);
  nameOf.set(c, name);
  return c;
}

/** Another login of the same user: a session of its own. */
async function secondSession(server: TestServer, of: Client): Promise<Client> {
  const c = new Client(server.url);
  expect((await c.login(nameOf.get(of)!)).status).toBe(200);
  return c;
}

/** A started public sandbox table (edit mode, any seat). */
async function sandbox(c: Client): Promise<string> {
  const res = await c.post("/api/projects/sandbox/new-table", {
    start_position: { options: {}, playerColors: ["red", "blue"] },
    tableMode: "public-sandbox",
    isPrivate: false,
  });
  expect(res.status).toBe(200);
  return (res.json() as TableInfo).tableId;
}

interface Tab {
  s: Socket;
  /** Everything received, in order. */
  got: { event: string; payload: unknown }[];
}

function openTab(server: TestServer, c: Client): Promise<Tab> {
  const s = connect(server.url, {
    transports: ["websocket"],
    extraHeaders: { cookie: c.cookie },
    auth: { sessionId: `tab-${randomBytes(4).toString("hex")}` },
    reconnection: false,
    forceNew: true,
  });
  const tab: Tab = { s, got: [] };
  s.onAny((event, payload) => tab.got.push({ event, payload }));
  return new Promise((resolve, reject) => {
    s.once("instanceId", () => resolve(tab));
    s.once("connect_error", (err) => {
      s.close();
      reject(err);
    });
  });
}

const tabs: Socket[] = [];
afterAll(() => {
  for (const s of tabs) s.close();
});

async function atTable(server: TestServer, c: Client, tableId: string): Promise<Tab> {
  const tab = await openTab(server, c);
  tabs.push(tab.s);
  const ack = (await tab.s.emitWithAck("table-subscribe", { tableId, lastSeq: -1 })) as { ok: boolean };
  expect(ack.ok).toBe(true);
  return tab;
}

/** The next table-event or table-event-reject for `turnUID` after `from` messages. */
async function answerTo(tab: Tab, turnUID: string): Promise<TableRejectMessage | TableEventMessage> {
  for (let i = 0; i < 200; i++) {
    const found = tab.got.find(
      (g) =>
        (g.event === "table-event-reject" && (g.payload as TableRejectMessage).turnUID === turnUID) ||
        (g.event === "table-event" &&
          (g.payload as { event?: { turnUID?: string } }).event?.turnUID === turnUID),
    );
    if (found) return found.payload as TableRejectMessage | TableEventMessage;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no answer to ${turnUID}`);
}

let seqs = new Map<string, number>();
/** An edit-mode turn of raw 'set global' moves; answers the table's reply. */
async function turn(tab: Tab, tableId: string, globals: Record<string, unknown>) {
  const moveId = seqs.get(tableId) ?? 0;
  const turnUID = `t-${randomBytes(6).toString("hex")}`;
  tab.s.emit("game-move", {
    tableId,
    moveId,
    turnUID,
    editMode: true,
    seat: "red",
    actions: Object.entries(globals).map(([name, value]) => ({
      kind: "raw move",
      move: { type: "set global", name, value },
    })),
  });
  const answer = await answerTo(tab, turnUID);
  if ("event" in answer) seqs.set(tableId, moveId + 1);
  return answer;
}

const refusal = (a: unknown) => ({
  reason: (a as TableRejectMessage).reason,
  code: (a as TableRejectMessage).code,
});

describe("caps on one table", () => {
  beforeAll(() => {
    seqs = new Map();
  });

  it("refuses a turn sent larger than 16 kB, with its code and message; a small one goes", async () => {
    const c = await member(capped);
    const tableId = await sandbox(c);
    const tab = await atTable(capped, c, tableId);
    expect(refusal(await turn(tab, tableId, { junk: "x".repeat(20_000) }))).toEqual({
      reason: "This turn is too large: a turn may send at most 16 kB and make at most 5 moves.",
      code: TABLE_REFUSALS.turnTooLarge,
    });
    expect(await turn(tab, tableId, { small: 1 })).toHaveProperty("event.seq", 0);
  });

  it("refuses a turn that makes more moves than the cap", async () => {
    const c = await member(capped);
    const tableId = await sandbox(c);
    const tab = await atTable(capped, c, tableId);
    const six = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`g${i}`, i]));
    expect(refusal(await turn(tab, tableId, six))).toMatchObject({ code: TABLE_REFUSALS.turnTooLarge });
    const five = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`g${i}`, i]));
    expect(await turn(tab, tableId, five)).toHaveProperty("event.seq", 0);
  });

  it("refuses turns that grow a situation past its cap; turns that do not grow it still go", async () => {
    const c = await member(capped);
    const tableId = await sandbox(c);
    const tab = await atTable(capped, c, tableId);
    let refused: unknown = null;
    const grown: string[] = [];
    for (let i = 0; i < 10 && refused === null; i++) {
      const answer = await turn(tab, tableId, { [`junk${i}`]: "y".repeat(8_000) });
      if ("event" in answer) grown.push(`junk${i}`);
      else refused = answer;
    }
    // 60 kB with the sandbox's ~41 kB start: the third 8 kB global is one too many.
    expect(grown.length).toBeGreaterThan(0);
    expect(refusal(refused)).toEqual({
      reason: LIMIT_MESSAGES.situationFull(60_000),
      code: TABLE_REFUSALS.situationFull,
    });
    // The table stays playable: a turn that changes a small value, and one that frees room.
    expect(await turn(tab, tableId, { small: 2 })).toHaveProperty("event");
    expect(await turn(tab, tableId, { [grown[0]!]: 0 })).toHaveProperty("event");
    expect(await turn(tab, tableId, { junkAgain: "z".repeat(4_000) })).toHaveProperty("event");
  });

  it("says the log is full at its cap: turns and undos are refused, the table can still be opened", async () => {
    const c = await member(capped);
    const tableId = await sandbox(c);
    const tab = await atTable(capped, c, tableId);
    for (let i = 0; i < 12; i++) expect(await turn(tab, tableId, { n: i })).toHaveProperty("event.seq", i);
    const full = { reason: LIMIT_MESSAGES.logFull(12, 32 * 1024 * 1024), code: TABLE_REFUSALS.logFull };
    expect(full.reason).toBe(
      "This table's log is full (at most 12 turns or 32 MB): no more turns can be made here. Start a new table to play on.",
    );
    expect(refusal(await turn(tab, tableId, { n: 12 }))).toEqual(full);
    tab.s.emit("undo", { tableId, moveId: 12, turnUID: "undo-1", editMode: true, seat: "red" });
    expect(refusal(await answerTo(tab, "undo-1"))).toEqual(full);
    const opened = await c.get(`/api/table-open/${tableId}`);
    expect(opened.status).toBe(200);
    expect(opened.json().live.events).toHaveLength(12);
  });

  it("takes 40 chat messages a minute at one table from everyone together; turns there go on", async () => {
    const [a, b] = [await member(capped), await member(capped)];
    const tableId = await sandbox(a);
    const [ta, tb] = [await atTable(capped, a, tableId), await atTable(capped, b, tableId)];
    for (let i = 0; i < 8; i++) {
      ta.s.emit("chat message", { tableId, message: `a${i}` });
      tb.s.emit("chat message", { tableId, message: `b${i}` });
    }
    const chats = () =>
      ta.got.filter((g) => (g.payload as { type?: string })?.type === "chat-message").length;
    const chatRefusals = () =>
      [...ta.got, ...tb.got].filter(
        (g) =>
          g.event === "table-event-reject" &&
          (g.payload as TableRejectMessage).code === TABLE_REFUSALS.chatTooFast,
      );
    for (let i = 0; i < 200 && chats() + chatRefusals().length < 16; i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    // A burst of a quarter of the minute's 40, then 40 a minute: 10 (or 11 with a refill meanwhile).
    expect(chats()).toBeGreaterThanOrEqual(10);
    expect(chats()).toBeLessThanOrEqual(11);
    expect((chatRefusals()[0]!.payload as TableRejectMessage).reason).toBe(
      "This table's chat is busy (at most 40 messages a minute): wait a moment and send it again.",
    );
    expect(await turn(tb, tableId, { still: "playing" })).toHaveProperty("event.seq", 0);
  });
});

describe("limits per session and per user", () => {
  it("refuses a session's sockets beyond the cap at the handshake; another session still connects", async () => {
    const c = await member(rated);
    const held = await Promise.all([0, 1, 2].map(() => openTab(rated, c)));
    for (const t of held) tabs.push(t.s);
    // Several at once: the ones let through but not yet joined count too.
    const more = await Promise.allSettled([openTab(rated, c), openTab(rated, c)]);
    for (const m of more) {
      expect(m.status).toBe("rejected");
      const err = (m as PromiseRejectedResult).reason as Error & { data?: { code?: string } };
      expect(err.message).toBe(
        "Too many open tabs for this login (at most 3): close some tabs, then reload this one.",
      );
      expect(err.data?.code).toBe(HANDSHAKE_REFUSALS.tooManySockets);
    }
    const other = await openTab(rated, await secondSession(rated, c));
    tabs.push(other.s);
    // A tab closed frees its place.
    held[0]!.s.close();
    let reopened: Tab | null = null;
    for (let i = 0; i < 40 && reopened === null; i++) {
      reopened = await openTab(rated, c).catch(() => null);
      if (reopened === null) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(reopened).not.toBeNull();
    tabs.push(reopened!.s);
  });

  it("shares one bucket of table events among a session's sockets, and one among a user's sessions", async () => {
    const c = await member(rated);
    const tableId = await sandbox(c);
    const sessionTabs = [await atTable(rated, c, tableId), await atTable(rated, c, tableId)];
    const other = await secondSession(rated, c);
    const otherTab = await atTable(rated, other, tableId);
    // Two subscribes and one more (the other session's) are taken already.
    const send = (tab: Tab, n: number, tag: string) => {
      for (let i = 0; i < n; i++) tab.s.emit("chat message", { tableId, message: `${tag}${i}` });
    };
    send(sessionTabs[0]!, 5, "a");
    send(sessionTabs[1]!, 5, "b");
    const tooFast = (tab: Tab) =>
      tab.got.filter(
        (g) =>
          g.event === "table-event-reject" &&
          (g.payload as TableRejectMessage).code === TABLE_REFUSALS.tooFast,
      );
    const waitFor = async (done: () => boolean) => {
      for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    };
    await waitFor(() => tooFast(sessionTabs[0]!).length + tooFast(sessionTabs[1]!).length >= 4);
    // Ten events, each socket far below its own limit of 20: the session's bucket of 6 (4 left after
    // the subscribes, and a token or two refilled) refuses the rest.
    const refusedHere = tooFast(sessionTabs[0]!).length + tooFast(sessionTabs[1]!).length;
    expect(refusedHere).toBeGreaterThanOrEqual(4);
    expect((tooFast(sessionTabs[0]!)[0] ?? tooFast(sessionTabs[1]!)[0])!.payload).toMatchObject({
      reason: TOO_FAST,
    });
    // The user's bucket of 9 is nearly spent too: the other session, with its own bucket full,
    // is refused within a few events.
    send(otherTab, 6, "c");
    await waitFor(() => tooFast(otherTab).length >= 1);
    expect(tooFast(otherTab).length).toBeGreaterThanOrEqual(1);
  });

  it("answers table loads beyond the user's rate with 429 and the message the page shows", async () => {
    const c = await member(rated);
    const tableId = await sandbox(c);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        fetch(`${rated.url}/api/table-open/${tableId}`, { headers: { cookie: c.cookie } }).then(
          async (r) => ({ status: r.status, text: await r.text(), retryAfter: r.headers.get("retry-after") }),
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toEqual(
      Array.from({ length: 3 }, () => ({
        status: 429,
        text: "You are opening tables too fast: wait a moment and try again.",
        retryAfter: "5",
      })),
    );
    // Another user's loads are theirs.
    expect((await (await member(rated)).get(`/api/table-open/${tableId}`)).status).toBe(200);
  });
});
