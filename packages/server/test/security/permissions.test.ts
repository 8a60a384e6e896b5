import type { TableLoadResponse } from "@tt/protocol";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminScenarios } from "./adminScenarios";
import { type Ctx, matches, runCall } from "./matrix";
import { playScenarios } from "./playScenarios";
import { runningTable, socketScenarios } from "./socketMatrix";
import {
  ACTORS,
  buildWorld,
  GAME,
  openSocket,
  type SecurityServer,
  startSecurityServer,
  type World,
} from "./world";

// DESIGN.md 'Security model': one permission module answers every 'may X do Y', and this matrix checks
// it for every route and socket event the server registers, for every kind of caller. A new route or
// event without a scenario fails the inventory tests below.

let server: SecurityServer;
let w: World;
let ctx: Ctx;
const http = [...playScenarios(), ...adminScenarios()];
const sockets = socketScenarios();

beforeAll(async () => {
  server = await startSecurityServer();
  w = await buildWorld(server);
  ctx = { server, w };
}, 120_000);
afterAll(() => server?.close());

const label = (s: { name?: string }) => (s.name ? ` (${s.name})` : "");

/**
 * Socket.IO's own lifecycle events (socket.io-parser's RESERVED_EVENTS). The server may listen to
 * them (realtime/table.ts tells the players when a full-view watcher leaves, on 'disconnecting'), but
 * no client can send one: the client library refuses the names, and the server's decoder refuses an
 * event packet that carries one and closes the connection (checked below). Nothing to permit.
 */
const LIFECYCLE = new Set([
  "connect",
  "connect_error",
  "disconnect",
  "disconnecting",
  "newListener",
  "removeListener",
]);

describe("the permission matrix inventory", () => {
  it("has a scenario for every HTTP route the server registers, and none for a route it lacks", () => {
    const registered = new Set(server.routes.map((r) => `${r.method} ${r.url}`));
    const covered = new Set(http.map((s) => s.route));
    expect([...registered].filter((r) => !covered.has(r)).sort()).toEqual([]);
    expect([...covered].filter((r) => !registered.has(r)).sort()).toEqual([]);
  });

  it("has a scenario for every event a connected socket listens to", async () => {
    const s = await openSocket(server, w.as.player);
    try {
      // The table handlers are installed at a socket's first table event (realtime/table.ts): one
      // subscribe, and the socket listens to every event it ever will.
      await s.emitWithAck("table-subscribe", { tableId: w.privateTable, lastSeq: -1 });
      const serverSide = server.io.of("/").sockets.get(s.id!);
      // Socket.IO itself registers a no-op 'error' listener on every socket (it only swallows errors).
      const listened = new Set(
        serverSide!
          .eventNames()
          .map(String)
          .filter((e) => e !== "error" && !LIFECYCLE.has(e)),
      );
      const covered = new Set(sockets.map((x) => x.event));
      expect([...listened].filter((e) => !covered.has(e)).sort()).toEqual([]);
      expect([...covered].filter((e) => !listened.has(e)).sort()).toEqual([]);
    } finally {
      s.close();
    }
  });

  it("gives a socket no table handler until its first table event (an idle socket's memory)", async () => {
    const s = await openSocket(server, w.as.player);
    try {
      const serverSide = server.io.of("/").sockets.get(s.id!);
      expect(serverSide!.eventNames()).not.toContain("game-move");
      s.emit("setUsername", "not-a-table-event");
      await s.emitWithAck("table-subscribe", { tableId: w.privateTable, lastSeq: -1 });
      expect(serverSide!.eventNames()).toContain("game-move");
    } finally {
      s.close();
    }
  });

  it("leaves out Socket.IO's lifecycle events because no client can send one", async () => {
    const s = await openSocket(server, w.as.player);
    try {
      for (const event of LIFECYCLE) expect(() => s.emit(event), event).toThrow("reserved event name");
      // Past the library, as a hand-made packet: an unknown event is ignored and the socket lives on...
      s.io.engine.write(`2${JSON.stringify(["no-such-event", {}])}`);
      expect(
        (
          (await s.emitWithAck("table-subscribe", { tableId: w.privateTable, lastSeq: -1 })) as {
            ok: boolean;
          }
        ).ok,
      ).toBe(true);
      // ...while 'disconnecting' is refused by the server's decoder, which closes the connection.
      const closed = new Promise<string>((resolve) => s.once("disconnect", resolve));
      s.io.engine.write(`2${JSON.stringify(["disconnecting", {}])}`);
      expect(await closed).toBe("transport close");
    } finally {
      s.close();
    }
  });
});

describe("HTTP routes", () => {
  it.each(http.map((s) => [`${s.route}${label(s)}`, s] as const))("%s", async (_title, scenario) => {
    const wrong: string[] = [];
    for (const actor of ACTORS) {
      const res = await runCall(ctx, actor, scenario);
      if (!matches(scenario.expect[actor], res.status))
        wrong.push(
          `${actor}: expected ${scenario.expect[actor]}, got ${res.status} ${res.text.slice(0, 120)}`,
        );
    }
    expect(wrong).toEqual([]);
  });
});

describe("socket events", () => {
  it("refuses the handshake of a socket without a session (every event: 401)", async () => {
    await expect(openSocket(server, w.as.anonymous)).rejects.toThrow("unauthorized");
  });

  it.each(sockets.map((s) => [`${s.event}${label(s)}`, s] as const))("%s", async (_title, scenario) => {
    const wrong: string[] = [];
    for (const actor of ACTORS) {
      if (actor === "anonymous") {
        if (scenario.expect.anonymous !== 401) wrong.push("anonymous: sockets need a session");
        continue;
      }
      let s: Socket | undefined;
      try {
        s = await openSocket(server, w.as[actor]);
        const got = await scenario.run(actor, s, ctx);
        if (got !== scenario.expect[actor])
          wrong.push(`${actor}: expected ${scenario.expect[actor]}, got ${got}`);
      } finally {
        s?.close();
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("what the matrix's statuses do not show", () => {
  it("opens a running table with the full view only for those who may watch with it, and only when asked", async () => {
    const tableId = await runningTable(ctx);
    const viewers: Record<string, [string | number, string | number]> = {};
    for (const actor of ACTORS) {
      if (actor === "anonymous") continue;
      const open = async (query: string) => {
        const res = await w.as[actor].get(`/api/table-open/${tableId}${query}`);
        return res.status === 200 ? ((res.json() as TableLoadResponse).live?.viewer ?? "none") : res.status;
      };
      viewers[actor] = [await open(""), await open("?view=full")];
    }
    // A seated designer sees what their seat sees; project admins without a seat may ask for all.
    expect(viewers).toEqual({
      player: ["spectator", "spectator"],
      outsider: [404, 404],
      mod: ["spectator", "full"],
      designer: ["blue", "blue"],
      admin: ["spectator", "full"],
      superadmin: ["spectator", "full"],
      stranger: ["spectator", "spectator"],
    });
  });

  it("leaves a closed project out of a profile's games for those outside it", async () => {
    const stats = async (actor: "outsider" | "stranger") =>
      (await w.as[actor].get("/api/get-user-game-stats/?username=tester")).json() as {
        project_name: string;
      }[];
    const name = (await w.as.stranger.get(`/api/projects/get-project-detail/${GAME}`)).json().project_name;
    expect((await stats("stranger")).map((s) => s.project_name)).toContain(name);
    expect((await stats("outsider")).map((s) => s.project_name)).not.toContain(name);
  });

  it("leaves a closed project's tables out of a profile's finished tables for those outside it", async () => {
    const list = async (actor: "outsider" | "stranger") =>
      (await w.as[actor].get("/api/get-table-list/?status=ended&username=tester")).json() as {
        tableId: string;
      }[];
    expect((await list("stranger")).map((t) => t.tableId)).toContain(w.endedTable);
    expect(await list("outsider")).toEqual([]);
  });
});
