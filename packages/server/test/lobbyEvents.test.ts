import type { TableInfo } from "@tt/protocol";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, openTab, type Role, recorder } from "./lobbyFixture";

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

async function inLobby(who: Role, sessionId: string) {
  const s = await openTab(server, as[who], sessionId);
  sockets.push(s);
  const rec = recorder(s);
  await as[who].get(`/api/projects/get-project-detail/test-game?status=my&sessionId=${sessionId}`);
  return rec;
}

const LOBBY_EVENTS = ["table-create", "player-joined", "player-left", "table-started", "remove-table"];

/** The lobby events a tab received about these tables, in order, as [event, tableId]. */
function about(tab: ReturnType<typeof recorder>, ids: string[]): string[][] {
  return tab.events.flatMap(({ name, payload }) => {
    if (!LOBBY_EVENTS.includes(name)) return [];
    const id =
      name === "table-create"
        ? (payload as TableInfo).tableId
        : name.startsWith("player-")
          ? (JSON.parse(payload as string) as { tableId: string }).tableId
          : (payload as string);
    return ids.includes(id) ? [[name, id]] : [];
  });
}

describe("live lobby events", () => {
  it("tells the lobby about new tables, joins, leaves, starts and removals", async () => {
    const watcher = await inLobby("outsider", "tab-watcher");
    const player = await inLobby("player", "tab-player");

    const t = (
      await as.designer.post("/api/projects/test-game/new-table", {
        start_position: { options: {} },
        tableMode: "competitive-edit",
      })
    ).json() as TableInfo;
    expect(((await watcher.next("table-create")) as TableInfo).tableId).toBe(t.tableId);

    await as.player.get(`/api/projects/test-game/join-table/${t.tableId}?color=blue`);
    expect(JSON.parse((await watcher.next("player-joined")) as string)).toEqual({
      tableId: t.tableId,
      color: "blue",
      userInfo: { username: "player", badges: [] },
    });
    await as.player.get(`/api/projects/test-game/leave-table/${t.tableId}`);
    expect(JSON.parse((await watcher.next("player-left")) as string)).toMatchObject({
      tableId: t.tableId,
      color: "blue",
    });

    await as.player.get(`/api/projects/test-game/join-table/${t.tableId}?color=red`);
    await as.designer.get(`/api/projects/test-game/join-table/${t.tableId}?color=green`);
    await as.designer.post(`/api/projects/test-game/${t.tableId}/start-table`, {});
    expect(await watcher.next("table-started")).toBe(t.tableId);
    expect(await player.next("table-started")).toBe(t.tableId);

    const other = (
      await as.mod.post("/api/projects/test-game/new-table", {
        start_position: { options: {} },
        tableMode: "competitive-edit",
      })
    ).json() as TableInfo;
    await watcher.next("table-create");
    await as.mod.get(`/api/projects/test-game/erase-table/${other.tableId}`);
    expect(await watcher.next("remove-table")).toBe(other.tableId);
  });

  it("sends a new private table to its creator's tabs, not to the lobby", async () => {
    const watcher = await inLobby("outsider", "tab-private-watcher");
    const creator = await inLobby("staff", "tab-private-creator");
    const t = (
      await as.staff.post("/api/projects/test-game/new-table", {
        start_position: { options: {} },
        tableMode: "competitive-edit",
        isPrivate: true,
      })
    ).json() as TableInfo;
    expect(((await creator.next("table-create")) as TableInfo).tableId).toBe(t.tableId);
    await new Promise((r) => setTimeout(r, 200));
    expect(watcher.events.filter((e) => e.name === "table-create")).toEqual([]);
  });

  it("tells of a private table's joins, leaves, start and removal only those who may see it", async () => {
    const watcher = await inLobby("outsider", "tab-privacy-watcher");
    const creator = await inLobby("player", "tab-privacy-creator");
    // Project mods see private tables in the lobby list, so their lobby hears of them too.
    const mod = await inLobby("mod", "tab-privacy-mod");

    /** The same life for a private and a public table: create, join, leave, start; another erased. */
    const live = async (isPrivate: boolean) => {
      const create = async () =>
        (
          (
            await as.player.post("/api/projects/test-game/new-table", {
              start_position: { options: {} },
              tableMode: "competitive-edit",
              isPrivate,
            })
          ).json() as TableInfo
        ).tableId;
      const t = await create();
      const join = (c: Client, color: string) =>
        c.get(`/api/projects/test-game/join-table/${t}?color=${color}`);
      await join(as.staff, "blue");
      await as.staff.get(`/api/projects/test-game/leave-table/${t}`);
      await join(as.staff, "blue");
      await join(as.player, "red");
      await as.player.post(`/api/projects/test-game/${t}/start-table`, {});
      const erased = await create();
      await as.player.get(`/api/projects/test-game/erase-table/${erased}`);
      return {
        ids: [t, erased],
        heard: [
          ["table-create", t],
          ["player-joined", t],
          ["player-left", t],
          ["player-joined", t],
          ["player-joined", t],
          ["table-started", t],
          ["table-create", erased],
          ["remove-table", erased],
        ],
      };
    };
    const secret = await live(true);
    const open = await live(false);

    // Each event once, in order; the public table's last event comes after every private one.
    await vi.waitFor(() => expect(about(watcher, open.ids)).toEqual(open.heard));
    expect(about(watcher, secret.ids)).toEqual([]);
    for (const tab of [creator, mod]) {
      await vi.waitFor(() => expect(about(tab, open.ids)).toEqual(open.heard));
      expect(about(tab, secret.ids)).toEqual(secret.heard);
    }
  });

  it("stops sending to a tab that left the lobby, and never to other tabs of the same user", async () => {
    const left = await inLobby("player", "tab-left");
    const elsewhere = recorder(await openTab(server, as.player, "tab-elsewhere"));
    await as.player.get("/api/leave-lobby/test-game?sessionId=tab-left");
    await as.admin.post("/api/projects/test-game/new-table", {
      start_position: { options: {} },
      tableMode: "competitive-edit",
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(left.events.filter((e) => e.name === "table-create")).toEqual([]);
    expect(elsewhere.events.filter((e) => e.name === "table-create")).toEqual([]);
  });
});
