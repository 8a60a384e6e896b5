import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestServer, type TestServer } from "./harness";

// Two instances of one deployment: one PostgreSQL database, joined by Redis.
const enabled = !!process.env.DATABASE_URL && !!process.env.REDIS_URL;

describe.runIf(enabled)("two instances on PostgreSQL and Redis", () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const env = { REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: `tt-test-${process.pid}-${Date.now()}` };
    a = await startTestServer(env);
    b = await startTestServer(env, a.database);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("shares sessions, and a logout on one instance closes the sockets on the other", async () => {
    const c = new Client(a.url);
    await c.register("multi_user", await a.invite());
    await c.login("multi_user");
    const onB = new Client(b.url);
    onB.cookie = c.cookie;
    expect((await onB.get("/api/pingLogin")).status).toBe(200);

    const s = connect(b.url, {
      transports: ["websocket"],
      extraHeaders: { cookie: c.cookie },
      reconnection: false,
    });
    await new Promise((resolve) => s.on("instanceId", resolve));
    const reason = new Promise<string>((resolve) => s.on("disconnect", resolve));
    await c.post("/api/logout");
    expect(await reason).toBe("io server disconnect");
  });
});
