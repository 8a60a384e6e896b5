import type { TableInfo } from "@tt/protocol";
import type { Socket } from "socket.io-client";
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

/** The next table event that carries a turn (not a player arriving or leaving: realtime/presence.ts). */
const turnEvent = (socket: Socket) =>
  new Promise((resolve) => {
    const onEvent = (m: { event?: unknown }) => {
      if (m.event === undefined) return;
      socket.off("table-event", onEvent);
      resolve(m);
    };
    socket.on("table-event", onEvent);
  });

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

describe("your turn", () => {
  it("is pushed to the player whose turn it became, only while the table is open in none of their tabs", async () => {
    const { openTab } = await import("./lobbyFixture");
    const t = (
      await as.designer.post("/api/projects/chess/new-table", {
        start_position: { options: {} },
        tableMode: "competitive-edit",
      })
    ).json() as TableInfo;
    await as.designer.get(`/api/projects/chess/join-table/${t.tableId}?color=red`);
    await as.player.get(`/api/projects/chess/join-table/${t.tableId}?color=blue`);
    await as.designer.post(`/api/projects/chess/${t.tableId}/start-table`, {});
    const load = (await as.designer.get(`/api/table-open/${t.tableId}`)).json() as {
      live: { situation: { globals: { sides: { white: string } } } };
    };
    const white = load.live.situation.globals.sides.white === "red" ? "designer" : "player";
    const black = white === "designer" ? "player" : "designer";

    const socket = await openTab(server, as[white], `tab-${white}-turn`);
    await socket.emitWithAck("table-subscribe", { tableId: t.tableId, lastSeq: -1 });
    const done = turnEvent(socket);
    socket.emit("game-move", {
      tableId: t.tableId,
      moveId: 0,
      turnUID: "e4",
      editMode: false,
      actions: [
        { kind: "click component", componentId: "white-pawn-e2" },
        { kind: "click position", destinationId: "board", positionName: "squares", positionIndex: "e4" },
      ],
    });
    await done;
    // Other notices (the start) may still be arriving: wait for this one by its title.
    const turnNotices = (who: string) => decrypted(who).filter((m) => m.title === "It is your turn");
    await until(() => turnNotices(black).length === 1);
    expect(turnNotices(black)[0]).toMatchObject({ url: `/projects/chess/table/${t.tableId}` });

    // White leaves the table; Black plays with the table open, so only White is told.
    socket.close();
    await new Promise((r) => setTimeout(r, 100));
    const blackTab = await openTab(server, as[black], `tab-${black}-turn`);
    await blackTab.emitWithAck("table-subscribe", { tableId: t.tableId, lastSeq: 0 });
    const blackTurns = turnNotices(black).length;
    const next = turnEvent(blackTab);
    blackTab.emit("game-move", {
      tableId: t.tableId,
      moveId: 1,
      turnUID: "e5",
      editMode: false,
      actions: [
        { kind: "click component", componentId: "black-pawn-e7" },
        { kind: "click position", destinationId: "board", positionName: "squares", positionIndex: "e5" },
      ],
    });
    await next;
    await until(() => turnNotices(white).length === 1);
    expect(turnNotices(white)).toHaveLength(1);
    blackTab.close();
    expect(turnNotices(black)).toHaveLength(blackTurns);
  });
});
