import { FULL_VIEW } from "@tt/engine";
import type { TableEventMessage, TableInfo, TableLoadResponse } from "@tt/protocol";
import { eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects } from "../src/db/schema";
import { type Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, openTab, type Role, recorder } from "./lobbyFixture";

// Issue 36 point 7: whoever is given the full view at a table where the others see less is announced
// to the players, on every path: table-subscribe {fullView: true} (a socket, listed while it watches)
// and table-open?view=full over HTTP (no socket: listed a while after the read).

let server: TestServer;
let as: Record<Role, Client>;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: "10000" });
  as = await lobbyWorld(server);
  await server.database.db
    .update(projects)
    .set({ roles: { designer: ["designer"], mod: ["mod"], player: ["player"] } })
    .where(eq(projects.slug, "chess"));
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server.close();
});

const open = async (c: Client, tableId: string, query = "") =>
  (await c.get(`/api/table-open/${tableId}${query}`)).json() as TableLoadResponse;

/** A started chess table where edit mode is allowed: player is red, outsider blue. */
async function chessTable() {
  const t = (
    await as.player.post("/api/projects/chess/new-table", {
      start_position: { options: {} },
      tableMode: "competitive-edit",
    })
  ).json() as TableInfo;
  await as.player.get(`/api/projects/chess/join-table/${t.tableId}?color=red`);
  await as.outsider.get(`/api/projects/chess/join-table/${t.tableId}?color=blue`);
  expect((await as.player.post(`/api/projects/chess/${t.tableId}/start-table`, {})).status).toBe(200);
  return t.tableId;
}

async function tab(who: Role, tableId: string, fullView = false) {
  const s = await openTab(server, as[who], `tab-${who}-${Math.random()}`);
  sockets.push(s);
  const rec = recorder(s);
  const ack = await s.emitWithAck("table-subscribe", { tableId, lastSeq: -1, fullView });
  /** The next list of full-view watchers this tab is told. */
  const nextWatchers = async () => {
    for (;;) {
      const m = (await rec.next("table-event")) as TableEventMessage;
      if (m.type === "full-viewers") return m.usernames;
    }
  };
  return { s, ack, nextWatchers };
}

describe("the full view, announced", () => {
  it("tells the seated players who read it over HTTP, and lists them in every load", async () => {
    const tableId = await chessTable();
    const red = await tab("player", tableId);
    const blue = await tab("outsider", tableId);

    const watched = await open(as.mod, tableId, "?view=full");
    expect(watched.live).toMatchObject({ viewer: FULL_VIEW, fullViewers: ["mod"] });
    expect(await red.nextWatchers()).toEqual(["mod"]);
    expect(await blue.nextWatchers()).toEqual(["mod"]);
    expect((await open(as.player, tableId)).live?.fullViewers).toEqual(["mod"]);

    // A watcher over a socket comes and goes; the reader over HTTP stays listed meanwhile.
    const admin = await tab("admin", tableId, true);
    expect(admin.ack).toMatchObject({ ok: true, viewer: FULL_VIEW });
    expect(await red.nextWatchers()).toEqual(["admin", "mod"]);
    admin.s.close();
    expect(await red.nextWatchers()).toEqual(["mod"]);
    expect(await blue.nextWatchers()).toEqual(["admin", "mod"]);
    expect(await blue.nextWatchers()).toEqual(["mod"]);
  });

  it("announces no one who was not given it, nor anyone at a table where all see all", async () => {
    const tableId = await chessTable();
    // A seated player and a user who may not have it: their own view, nobody listed.
    expect((await open(as.player, tableId, "?view=full")).live).toMatchObject({
      viewer: "red",
      fullViewers: [],
    });
    expect((await open(as.staff, tableId, "?view=full")).live).toMatchObject({
      viewer: "spectator",
      fullViewers: [],
    });
    // A sandbox: everyone sees everything, so the full view is no privilege there.
    const sandbox = (
      await as.player.post("/api/projects/sandbox/new-table", {
        start_position: { options: {}, playerColors: ["red", "blue"] },
        tableMode: "public-sandbox",
      })
    ).json() as TableInfo;
    expect((await open(as.admin, sandbox.tableId, "?view=full")).live).toMatchObject({
      viewer: FULL_VIEW,
      fullViewers: [],
    });
    expect((await open(as.player, sandbox.tableId)).live?.fullViewers).toEqual([]);
  });
});
