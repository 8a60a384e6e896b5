import type { TableInfo, TableRejectMessage } from "@tt/protocol";
import { sql } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNEXPECTED_ERROR } from "../../src/realtime/systemError";
import { type Client, startTestServer, type TestServer } from "../harness";
import { lobbyWorld, openTab, type Role, recorder } from "../lobbyFixture";

// A table event that fails inside the server answers 'System error: {message}' with a message meant
// for players: the exception's own text (drizzle's 'Failed query: <SQL>', a driver's host and port)
// stays in the server's log.

let server: TestServer;
let as: Record<Role, Client>;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: "10000" });
  as = await lobbyWorld(server);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server.close();
});

describe("a failing table event", () => {
  it("tells the sender a generic system error, never the query or the database's words", async () => {
    const table = (
      await as.player.post("/api/projects/chess/new-table", {
        start_position: { options: {} },
        tableMode: "competitive-edit",
      })
    ).json() as TableInfo;
    const s = await openTab(server, as.player, "tab-error-text");
    sockets.push(s);
    const rec = recorder(s);
    expect(await s.emitWithAck("table-subscribe", { tableId: table.tableId, lastSeq: -1 })).toMatchObject({
      ok: true,
    });

    // The chat's insert fails as an unexpected database error would.
    await server.database.db.execute(sql`ALTER TABLE table_chat RENAME TO table_chat_away`);
    try {
      s.emit("chat message", { tableId: table.tableId, message: "hello" });
      const reject = (await rec.next("table-event-reject")) as TableRejectMessage;
      expect(reject).toMatchObject({ tableId: table.tableId, reason: `System error: ${UNEXPECTED_ERROR}` });
      expect(reject.reason).not.toMatch(/table_chat|insert|query|params|relation/i);
    } finally {
      await server.database.db.execute(sql`ALTER TABLE table_chat_away RENAME TO table_chat`);
    }
    // The socket still works.
    s.emit("chat message", { tableId: table.tableId, message: "hello again" });
    expect(await rec.next("table-event")).toMatchObject({ type: "chat-message" });
  });
});
