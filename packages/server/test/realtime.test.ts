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
