import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import {
  LIMIT_MESSAGES,
  type TableInfo,
  type TableLoadResponse,
  type TableLogResponse,
  type TableRejectMessage,
} from "@tt/protocol";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, rawGet as rawGetOf, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, openTab, type Role } from "./lobbyFixture";

// Issue 36 point 6: an ended table's log is served from one stored serialisation (gzip when the client
// takes it, an ETag so a reload is answered 304), apart from the table's load; and a user's table
// loads are counted in bytes as well as calls, so one user reloading a big log is held back while
// others' loads go. A byte budget low enough to reach with a log of a few hundred kilobytes.

const BYTES_BURST = 1_000_000;

let server: TestServer;
let as: Record<Role, Client>;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({
    RATE_LIMIT_PER_IP: "100000",
    // The logs are made by turns as fast as they are answered.
    TURN_RATE_PER_SECOND: "1000",
    TURN_BURST: "1000",
    SESSION_RATE_PER_SECOND: "1000",
    SESSION_BURST: "1000",
    USER_RATE_PER_SECOND: "1000",
    USER_BURST: "1000",
    // Next to nothing refills while the test runs: what each answer cost is what the bucket lost.
    HEAVY_READ_BYTES_PER_SECOND: "1",
    HEAVY_READ_BYTES_BURST: String(BYTES_BURST),
  });
  as = await lobbyWorld(server);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server.close();
});

/** A GET of `c`'s as it went over the wire. */
const rawGet = (c: Client, path: string, headers: Record<string, string> = {}) =>
  rawGetOf(`${server.url}${path}`, { cookie: c.cookie, ...headers });

/**
 * An ended sandbox table of the player's with `turns` edit-mode turns of `bytes` of noise each (noise
 * does not compress away, as a log's text would).
 */
async function endedSandbox(turns: number, bytes: number): Promise<string> {
  const { tableId } = (
    await as.player.post("/api/projects/sandbox/new-table", {
      start_position: { options: {}, playerColors: ["red", "blue"] },
      tableMode: "public-sandbox",
    })
  ).json() as TableInfo;
  const s = await openTab(server, as.player, `tab-${Math.random()}`);
  sockets.push(s);
  await s.emitWithAck("table-subscribe", { tableId, lastSeq: -1 });
  const send = (moveId: number, move: object) =>
    new Promise<number>((resolve, reject) => {
      const turnUID = `t-${moveId}`;
      const onEvent = (m: { event?: { turnUID?: string; seq: number } }) => {
        if (m.event?.turnUID !== turnUID) return;
        s.off("table-event", onEvent);
        s.off("table-event-reject", onReject);
        resolve(m.event.seq);
      };
      const onReject = (m: TableRejectMessage) => {
        if (m.turnUID === turnUID) reject(new Error(m.reason));
      };
      s.on("table-event", onEvent);
      s.on("table-event-reject", onReject);
      s.emit("game-move", {
        tableId,
        moveId,
        turnUID,
        editMode: true,
        seat: "red",
        actions: [{ kind: "raw move", move }],
      });
    });
  for (let i = 0; i < turns; i++)
    await send(i, { type: "set global", name: "noise", value: randomBytes(bytes).toString("base64") });
  await send(turns, { type: "game end" });
  return tableId;
}

describe("an ended table's log", () => {
  it("comes apart from the load, gzip when asked, with an ETag a reload is answered 304 to", async () => {
    const tableId = await endedSandbox(24, 500);
    const load = (await as.outsider.get(`/api/table-open/${tableId}`)).json() as TableLoadResponse;
    expect(load).toMatchObject({ status: "ended", start_position: null, events: [], live: null });
    expect(load.endedLog).toBe(`/api/table-log/${tableId}`);

    const plain = await rawGet(as.outsider, load.endedLog!, { "accept-encoding": "identity" });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const log = JSON.parse(plain.body.toString()) as TableLogResponse;
    expect(log.events).toHaveLength(25);
    expect(log.start_position.rng).toEqual({ state: 0 });

    const zipped = await rawGet(as.outsider, load.endedLog!, { "accept-encoding": "gzip, deflate, br" });
    expect(zipped).toMatchObject({
      status: 200,
      headers: {
        "content-encoding": "gzip",
        "content-type": "application/json; charset=utf-8",
        "cache-control": "private, no-cache",
        vary: "accept-encoding",
      },
    });
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.body.length).toBeLessThan(plain.body.length);
    const tag = zipped.headers.etag!;
    expect(tag).toMatch(/^W\/".+"$/);
    expect(plain.headers.etag).toBe(tag);

    // The browser asks again with the tag it holds: nothing is sent.
    const again = await rawGet(as.outsider, load.endedLog!, {
      "if-none-match": tag,
      "accept-encoding": "gzip",
    });
    expect(again).toMatchObject({ status: 304, headers: { etag: tag } });
    expect(again.body.length).toBe(0);
    // Another tag: the log.
    expect((await rawGet(as.outsider, load.endedLog!, { "if-none-match": 'W/"old"' })).status).toBe(200);

    // A restart moves the row's rev on: the old tag no longer answers 304 once the game ends again.
    expect((await as.admin.post(`/api/projects/sandbox/${tableId}/restart-table/`)).status).toBe(200);
    expect((await rawGet(as.outsider, load.endedLog!, { "if-none-match": tag })).status).toBe(409);
  });

  it("counts bytes: a user reloading a big log is refused once the budget is spent; others are not", async () => {
    // About 300 kB of log: three answers of it fit in the byte budget, not ten.
    const big = await endedSandbox(24, 9_000);
    const path = `/api/table-log/${big}`;
    // A client that takes no gzip: each answer the log's whole JSON (the first also made it).
    const answers: { status: number; bytes: number; retryAfter?: string; tag?: string; text: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await rawGet(as.mod, path, { "accept-encoding": "identity" });
      answers.push({
        status: res.status,
        bytes: res.body.length,
        retryAfter: res.headers["retry-after"],
        tag: res.headers.etag,
        text: res.status === 200 ? "" : res.body.toString(),
      });
      if (res.status !== 200) break;
    }
    const served = answers.filter((a) => a.status === 200);
    const json = served[0]!.bytes;
    expect(json).toBeGreaterThan(200_000);
    // The first answer cost twice the JSON (sent, and made); each later one the JSON: the budget
    // runs out after a few, and the one that goes into debt is the last.
    expect(served.length).toBe(Math.ceil((BYTES_BURST - json) / json));
    expect(served.length).toBeGreaterThanOrEqual(2);
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(1000);
    expect(refused.text).toBe(LIMIT_MESSAGES.readBytesTooFast(Number(refused.retryAfter)));
    // The debt holds every table load of this user with a body, not just the log's; a log the
    // browser holds is still answered 304 (no bytes).
    expect((await as.mod.get(`/api/table-open/${big}`)).status).toBe(429);
    expect((await rawGet(as.mod, path, { "if-none-match": served[0]!.tag! })).status).toBe(304);
    // Another user reads the same log at once, gzip (the stored serialisation, made no more).
    const other = await rawGet(as.staff, path, { "accept-encoding": "gzip" });
    expect(other.status).toBe(200);
    expect(gunzipSync(other.body).length).toBe(json);
    expect((await as.staff.get(`/api/table-open/${big}`)).status).toBe(200);
  });
});
