import { TABLE_REFUSALS } from "@tt/protocol";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: "1000" });
});
afterAll(() => server.close());

function open(cookie: string): Socket {
  return connect(server.url, {
    transports: ["websocket"],
    extraHeaders: { cookie },
    reconnection: false,
    forceNew: true,
  });
}

describe("socket authentication", () => {
  it("refuses a handshake without a session", async () => {
    const s = open("");
    const err = await new Promise<Error>((resolve) => s.on("connect_error", resolve));
    expect(err.message).toBe("unauthorized");
    s.close();
  });

  it("sends the instance id on connect and is closed when the session logs out", async () => {
    const c = new Client(server.url);
    await c.register("sock_user", await server.invite());
    await c.login("sock_user");
    const s = open(c.cookie);
    const id = await new Promise<string>((resolve) => s.on("instanceId", resolve));
    expect(id).toBe("test-build");
    s.emit("setUsername", "sock_user");
    s.emit("registerSession", { sessionId: "tab-1", sessionNum: 1 });
    const disconnected = new Promise<string>((resolve) => s.on("disconnect", resolve));
    await c.post("/api/logout");
    expect(await disconnected).toBe("io server disconnect");
  });
});

describe("a socket's table handlers", () => {
  // They are installed at the socket's first table event (realtime/table.ts), so whichever event
  // comes first must be answered as if they had been there from the connection.
  const malformed: [string, unknown][] = [
    ["game-move", { tableId: 5 }],
    ["undo", { tableId: 5 }],
    ["undo-request", { tableId: 5 }],
    ["undo-answer", { tableId: 5 }],
    ["reload data sheet", { tableId: 5 }],
    ["reload decks", { tableId: 5 }],
    ["reload components", { tableId: 5 }],
    ["reload dev editor components", { tableId: 5 }],
    ["chat message", { tableId: 5 }],
    ["ping", { tableId: 5 }],
  ];

  it("answers any table event sent first, and a first subscribe", async () => {
    const c = new Client(server.url);
    await c.register("first_event", await server.invite());
    await c.login("first_event");
    for (const [event, payload] of malformed) {
      const s = open(c.cookie);
      await new Promise<void>((resolve) => s.on("connect", () => resolve()));
      const rejected = new Promise<{ code: string }>((resolve) => s.on("table-event-reject", resolve));
      s.emit(event, payload);
      expect((await rejected).code, event).toBe(TABLE_REFUSALS.badRequest);
      s.close();
    }
    const s = open(c.cookie);
    await new Promise<void>((resolve) => s.on("connect", () => resolve()));
    const answer = (await s.emitWithAck("table-subscribe", { tableId: "nosuchtable", lastSeq: -1 })) as {
      ok: boolean;
      reason?: string;
    };
    expect(answer).toMatchObject({ ok: false, reason: "Table not found." });
    s.close();
  });
});
