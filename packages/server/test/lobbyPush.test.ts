import type { TableInfo } from "@tt/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, type Role } from "./lobbyFixture";
import { BrowserKeys, FakePushService } from "./push/fakePushService";

let server: TestServer;
let fake: FakePushService;
let as: Record<Role, Client>;
const keys: Record<string, BrowserKeys> = {};

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: "10000" });
  fake = await new FakePushService().start();
  as = await lobbyWorld(server);
  for (const who of ["designer", "player", "outsider"] as const) {
    keys[who] = new BrowserKeys();
    expect((await as[who].post("/api/subscribe", keys[who].subscription(fake.endpoint(who)))).status).toBe(
      200,
    );
  }
});
afterAll(async () => {
  await fake.close();
  await server.close();
});

const decrypted = (who: string) =>
  fake.for(who).map((r) => JSON.parse(keys[who]!.decrypt(r.body)) as { title: string; url: string });

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
}

describe("push notifications from the lobby", () => {
  it("tells seated players when someone joins their table and when it starts", async () => {
    const t = (
      await as.designer.post("/api/projects/test-game/new-table", {
        start_position: { options: {} },
        tableMode: "competitive-edit",
      })
    ).json() as TableInfo;
    await as.designer.get(`/api/projects/test-game/join-table/${t.tableId}?color=red`);
    await as.player.get(`/api/projects/test-game/join-table/${t.tableId}?color=blue`);
    await until(() => fake.for("designer").length === 1);
    expect(decrypted("designer")[0]).toMatchObject({ url: "/projects/test-game?openSection=join" });
    expect(fake.for("player")).toHaveLength(0);

    await as.designer.post(`/api/projects/test-game/${t.tableId}/start-table`, {});
    await until(() => fake.for("player").length === 1);
    expect(decrypted("player")[0]).toEqual(
      expect.objectContaining({
        title: "Your table has started",
        url: `/projects/test-game/table/${t.tableId}`,
      }),
    );
    // The one who pressed start, and people not at the table, are not notified of the start.
    await new Promise((r) => setTimeout(r, 200));
    expect(fake.for("designer")).toHaveLength(1);
    expect(fake.for("outsider")).toHaveLength(0);
  });
});
