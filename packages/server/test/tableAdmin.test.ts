import type { AddressInfo } from "node:net";
import { type Action, FULL_VIEW, fullView, type Situation } from "@tt/engine";
import {
  type InviteLinkResponse,
  TABLE_REFUSALS,
  type TableEventMessage,
  type TableInfo,
  type TableLoadResponse,
  type TableRejectMessage,
} from "@tt/protocol";
import { eq, sql } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { projects, tableEvents, tables } from "../src/db/schema";
import { FORK_RUNNING } from "../src/tables/admin";
import { seatPassword } from "../src/tables/invite";
import { fullTable } from "./fullTable";
import { Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, openTab, type Role, recorder, userId } from "./lobbyFixture";

// The table's admin and designer controls (game-table.md section 6), with chess as the game: restart,
// bind, component reloads, debug tables and invite links, through HTTP and Socket.IO.

let server: TestServer;
let as: Record<Role, Client>;
let anonymous: Client;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: "10000" });
  as = await lobbyWorld(server);
  anonymous = new Client(server.url);
  await server.database.db
    .update(projects)
    .set({ roles: { designer: ["designer"], mod: ["mod"], player: ["player"] } })
    .where(eq(projects.slug, "chess"));
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server.close();
});

const click = (componentId: string): Action => ({ kind: "click component", componentId });
const square = (name: string): Action => ({
  kind: "click position",
  destinationId: "board",
  positionName: "squares",
  positionIndex: name,
});
const OPENING: [string, string][] = [
  ["white-pawn-e2", "e4"],
  ["black-pawn-e7", "e5"],
  ["white-knight-g1", "f3"],
];

const open = async (c: Client, tableId: string, query = "") =>
  (await c.get(`/api/table-open/${tableId}${query}`)).json() as TableLoadResponse;
/** Who plays which side, from the running table's view (chess shows everyone the whole board). */
const sidesOf = (load: TableLoadResponse) =>
  load.live!.situation.globals.sides as { white: string; black: string };
const eventsOf = (tableId: string) =>
  server.database.db.select().from(tableEvents).where(eq(tableEvents.tableId, tableId));
const rowOf = async (tableId: string) =>
  (await server.database.db.select().from(tables).where(eq(tables.id, tableId)))[0]!;

/** A started competitive chess table: player is red, outsider blue. */
async function chessTable(start = true) {
  const t = (
    await as.player.post("/api/projects/chess/new-table", {
      start_position: { options: {} },
      tableMode: "competitive-edit",
    })
  ).json() as TableInfo;
  await as.player.get(`/api/projects/chess/join-table/${t.tableId}?color=red`);
  await as.outsider.get(`/api/projects/chess/join-table/${t.tableId}?color=blue`);
  if (start)
    expect((await as.player.post(`/api/projects/chess/${t.tableId}/start-table`, {})).status).toBe(200);
  return t.tableId;
}

async function tab(who: Role, tableId: string) {
  const s = await openTab(server, as[who], `tab-${who}-${Math.random()}`);
  sockets.push(s);
  const rec = recorder(s);
  await s.emitWithAck("table-subscribe", { tableId, lastSeq: -1 });
  return { s, rec };
}

/** Plays the first `n` moves of OPENING, each by whoever holds that side. */
async function playOpening(tableId: string, n: number) {
  const sides = sidesOf(await open(as.player, tableId));
  const byColor: Record<string, Role> = { red: "player", blue: "outsider" };
  const tabs = {
    white: await tab(byColor[sides.white]!, tableId),
    black: await tab(byColor[sides.black]!, tableId),
  };
  for (let i = 0; i < n; i++) {
    const [piece, to] = OPENING[i]!;
    const side = tabs[i % 2 === 0 ? "white" : "black"];
    side.s.emit("game-move", {
      tableId,
      moveId: i,
      turnUID: `${tableId}-${i}-${Math.random()}`,
      editMode: false,
      actions: [click(piece), square(to)],
    });
    // Both tabs get every turn: each takes this one off its queue.
    for (const t of [tabs.white, tabs.black]) {
      expect(((await t.rec.next("table-event")) as { event: { seq: number } }).event.seq).toBe(i);
    }
  }
}

describe("POST /api/projects/:slug/:tableId/restart-table/", () => {
  it("restarts for designers: events gone, a fresh start, same seats, and the tabs are told", async () => {
    const tableId = await chessTable();
    await playOpening(tableId, 2);
    const before = await open(as.player, tableId);
    const watcher = await tab("mod", tableId);
    // A restart takes the project's production components as they are now.
    const [project] = await server.database.db.select().from(projects).where(eq(projects.slug, "chess"));
    const production = { ...project!.components!, version: 333 };
    await server.database.db
      .update(projects)
      .set({ components: production })
      .where(eq(projects.slug, "chess"));

    const res = await as.designer.post(`/api/projects/chess/${tableId}/restart-table/`);
    await server.database.db
      .update(projects)
      .set({ components: project!.components })
      .where(eq(projects.slug, "chess"));
    expect(res).toMatchObject({ status: 200, text: "ok" });
    expect(await watcher.rec.next("table-restarted")).toBe(tableId);
    expect(await eventsOf(tableId)).toEqual([]);
    const after = await open(as.player, tableId);
    expect(after).toMatchObject({
      status: "midgame",
      start_position: null,
      events: [],
      live: { viewer: "red", events: [] },
      expected_move_id: 0,
      yourSeat: "red",
    });
    expect(after.playerColors).toEqual(before.playerColors);
    // A fresh start, sent as the player's view: the opening's moves are gone from the board.
    const fresh = await fullTable(server.database.db, tableId);
    expect(fresh.events).toEqual([]);
    expect(after.live?.situation).toEqual(fresh.view("red"));
    expect(after.live?.situation.globals.chess).not.toEqual(before.live?.situation.globals.chess);
    expect(after.components).toEqual(production);

    // The hub forgot the old game: the new White plays seq 0 again.
    await playOpening(tableId, 1);
    expect((await rowOf(tableId)).expectedMoveId).toBe(1);
  });

  it("clears the end of an ended table and takes a component tree from the body (site admin, no slash)", async () => {
    const tableId = await chessTable();
    await playOpening(tableId, 1);
    await server.database.db
      .update(tables)
      .set({ status: "ended", endedAt: new Date(), resultStats: { players: {}, global: {} } })
      .where(eq(tables.id, tableId));
    const components = { ...(await open(as.player, tableId)).components, version: 777 };

    const res = await as.admin.post(`/api/projects/chess/${tableId}/restart-table`, { components });
    expect(res).toMatchObject({ status: 200, text: "ok" });
    const row = await rowOf(tableId);
    expect(row).toMatchObject({ status: "midgame", endedAt: null, resultStats: null, expectedMoveId: 0 });
    expect(row.components).toEqual(components);
    expect((await open(as.outsider, tableId)).components).toEqual(components);
  });

  it("refuses anonymous users, players and mods, a tree without root, and tables that have not started", async () => {
    const tableId = await chessTable();
    await playOpening(tableId, 1);
    const path = `/api/projects/chess/${tableId}/restart-table/`;
    expect((await anonymous.post(path)).status).toBe(401);
    for (const who of ["player", "mod", "staff"] as const) {
      expect(await as[who].post(path)).toMatchObject({
        status: 403,
        text: "Only the project's designers and site admins may restart a table.",
      });
    }
    expect(await as.designer.post(path, { components: { version: 1 } })).toMatchObject({
      status: 400,
      text: "The component tree needs a root piece.",
    });
    expect(await as.designer.post(path, { components: { root: [] } })).toMatchObject({
      status: 400,
      text: "The component tree needs a root piece.",
    });
    expect((await as.designer.post(`/api/projects/test-game/${tableId}/restart-table/`)).status).toBe(404);
    expect(await eventsOf(tableId)).toHaveLength(1);

    const unstarted = await chessTable(false);
    expect(await as.designer.post(`/api/projects/chess/${unstarted}/restart-table/`)).toMatchObject({
      status: 409,
      text: "The table has not started yet.",
    });
  });
});

describe("POST /api/bind-table and /api/unbind-table", () => {
  it("flips isBound for designers and site admins, and refuses everyone else", async () => {
    const tableId = await chessTable();
    expect((await open(as.player, tableId)).isBound).toBe(false);
    expect(await as.designer.post(`/api/bind-table/${tableId}/chess`)).toMatchObject({
      status: 200,
      text: "ok",
    });
    expect((await open(as.player, tableId)).isBound).toBe(true);
    expect(await as.admin.post(`/api/unbind-table/${tableId}/chess`)).toMatchObject({
      status: 200,
      text: "ok",
    });
    expect((await open(as.player, tableId)).isBound).toBe(false);

    expect((await anonymous.post(`/api/bind-table/${tableId}/chess`)).status).toBe(401);
    for (const who of ["player", "mod"] as const) {
      expect((await as[who].post(`/api/bind-table/${tableId}/chess`)).status).toBe(403);
    }
    expect((await as.designer.post(`/api/bind-table/${tableId}/test-game`)).status).toBe(404);
    expect((await open(as.player, tableId)).isBound).toBe(false);
  });
});

describe("reloading components", () => {
  it("gives a table the project's production or development components, with no event in the log", async () => {
    const tableId = await chessTable();
    const [project] = await server.database.db.select().from(projects).where(eq(projects.slug, "chess"));
    const production = { ...project!.components!, version: 501 };
    const development = { ...project!.components!, version: 502 };
    await server.database.db
      .update(projects)
      .set({ components: production, devComponents: development })
      .where(eq(projects.slug, "chess"));
    const watcher = await tab("outsider", tableId);
    const designer = await tab("designer", tableId);

    designer.s.emit("reload components", { tableId });
    expect(await watcher.rec.next("table-event")).toEqual({ tableId, type: "reload-components" });
    expect((await open(as.player, tableId)).components).toEqual(production);

    const admin = await tab("admin", tableId);
    admin.s.emit("reload dev editor components", { tableId });
    expect(await watcher.rec.next("table-event")).toEqual({ tableId, type: "reload-dev-editor-components" });
    expect((await open(as.player, tableId)).components).toEqual(development);
    expect(await eventsOf(tableId)).toEqual([]);

    // The game goes on with the new tree.
    await playOpening(tableId, 1);
    await server.database.db
      .update(projects)
      .set({ components: project!.components, devComponents: null })
      .where(eq(projects.slug, "chess"));
  });

  it("refuses players and mods as a reload of decks is refused", async () => {
    const tableId = await chessTable();
    const before = (await rowOf(tableId)).components;
    for (const who of ["player", "mod"] as const) {
      const t = await tab(who, tableId);
      t.s.emit("reload components", { tableId });
      t.s.emit("reload dev editor components", { tableId });
      for (let i = 0; i < 2; i++) {
        expect((await t.rec.next("table-event-reject")) as TableRejectMessage).toEqual({
          tableId,
          turnUID: "",
          reason: "Only the project's designers and site admins may reload a table.",
          code: TABLE_REFUSALS.notAllowed,
        });
      }
    }
    const designer = await tab("designer", tableId);
    designer.s.emit("reload components", { tableId: "no-such-table" });
    expect(((await designer.rec.next("table-event-reject")) as TableRejectMessage).reason).toBe(
      "Table not found.",
    );
    expect((await rowOf(tableId)).components).toEqual(before);
  });

  it("sends saved development components to bound tables of the project at once, not to unbound ones", async () => {
    const bound = await chessTable();
    const unbound = await chessTable();
    await as.designer.post(`/api/bind-table/${bound}/chess`);
    const atBound = await tab("player", bound);
    const atUnbound = await tab("player", unbound);
    const unboundBefore = (await rowOf(unbound)).components;
    const saved = (await as.designer.get("/api/projects/chess/components?development=true")).json() as {
      components: Record<string, unknown>;
    };
    const edited = { ...saved.components, version: 909 };

    const started = Date.now();
    const res = await as.designer.post("/api/projects/chess/components?development=true", edited);
    expect(res.status).toBe(200);
    expect(await atBound.rec.next("table-event", 1000)).toEqual({
      tableId: bound,
      type: "reload-dev-editor-components",
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await open(as.outsider, bound)).components).toEqual(edited);

    await new Promise((r) => setTimeout(r, 200));
    expect(atUnbound.rec.events.filter((e) => e.name === "table-event")).toEqual([]);
    expect((await open(as.outsider, unbound)).components).toEqual(unboundBefore);
    await server.database.db.update(projects).set({ devComponents: null }).where(eq(projects.slug, "chess"));
  });
});

describe("a bound table that cannot take saved components", () => {
  it("does not fail the save: the tree is stored, the other bound tables reload, the failure is logged", async () => {
    // A second instance of the deployment on the same database, with its log kept, takes the save.
    const logged: { msg: string; tableId?: string }[] = [];
    const { app } = await buildApp(
      {
        config: server.config,
        database: server.database,
        buildId: "test-build",
        webDist: "/nonexistent",
        storage: server.storage,
      },
      { level: "error", stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
    );
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const designer = new Client(`http://127.0.0.1:${port}`);
    designer.cookie = as.designer.cookie;

    const broken = await chessTable();
    const fine = await chessTable();
    for (const id of [broken, fine]) await as.designer.post(`/api/bind-table/${id}/chess`);
    const brokenBefore = (await rowOf(broken)).components;
    // The database refuses new components for one table, as a write failing at that moment would.
    const db = server.database.db;
    await db.execute(
      sql.raw(`CREATE FUNCTION refuse_components() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'components refused'; END $$`),
    );
    await db.execute(
      sql.raw(`CREATE TRIGGER refuse_components BEFORE UPDATE OF components ON tables FOR EACH ROW
        WHEN (NEW.id = '${broken}') EXECUTE FUNCTION refuse_components()`),
    );
    try {
      const saved = (await as.designer.get("/api/projects/chess/components?development=true")).json() as {
        components: Record<string, unknown>;
      };
      const edited = { ...saved.components, version: 910 };
      const res = await designer.post("/api/projects/chess/components?development=true", edited);
      expect(res.status).toBe(200);
      expect(res.json()).toMatchObject({ components: edited, development: true });
      const [project] = await server.database.db.select().from(projects).where(eq(projects.slug, "chess"));
      expect(project?.devComponents).toEqual(edited);
      // The table that refused keeps what it had until the next save; the other one took the tree.
      expect((await rowOf(broken)).components).toEqual(brokenBefore);
      expect((await rowOf(fine)).components).toEqual(edited);
      expect(logged).toContainEqual(
        expect.objectContaining({
          msg: "a bound table did not take the saved development components",
          tableId: broken,
        }),
      );
    } finally {
      await db.execute(sql.raw("DROP TRIGGER refuse_components ON tables"));
      await db.execute(sql.raw("DROP FUNCTION refuse_components()"));
      for (const id of [broken, fine]) await as.designer.post(`/api/unbind-table/${id}/chess`);
      await server.database.db
        .update(projects)
        .set({ devComponents: null })
        .where(eq(projects.slug, "chess"));
      await app.close();
    }
  });
});

/** Ends a running table as a game's end does (its row; the log stays as it was). */
const endTable = (tableId: string) =>
  server.database.db
    .update(tables)
    .set({ status: "ended", endedAt: new Date(), resultStats: { players: {}, global: {} } })
    .where(eq(tables.id, tableId));

describe("POST /api/debug-table/:tableId/:step", () => {
  it("starts a private debug table where an ended source stood after that many events, its random state its own", async () => {
    const tableId = await chessTable();
    await playOpening(tableId, 3);
    const source = await open(as.player, tableId);
    await endTable(tableId);
    // Where the source stood after each event, as the server holds it (random state and all).
    const truth = await fullTable(server.database.db, tableId);
    expect(truth.events).toHaveLength(3);
    const seeds = new Set<number>();

    for (const step of [0, 2, 3]) {
      const res = await as.admin.post(`/api/debug-table/${tableId}/${step}`);
      expect(res.status).toBe(200);
      const match = /^\/projects\/chess\/table\/([a-z0-9]+)$/.exec(res.text);
      expect(match).not.toBeNull();
      const debug = await open(as.admin, match![1]!);
      expect(debug).toMatchObject({
        status: "midgame",
        tableMode: "debug",
        isPrivate: true,
        start_position: null,
        events: [],
        // A debug table is any-seat: everyone at it sees everything.
        live: { viewer: FULL_VIEW, events: [] },
        expected_move_id: 0,
        possibleColors: source.possibleColors,
        components: source.components,
        decks: source.decks,
        anySeat: true,
      });
      expect(debug.live?.situation).toEqual(fullView(truth.at(step)));
      expect(debug.playerColors.map((s) => [s.color, s.userInfo])).toEqual(
        source.playerColors.map((s) => [s.color, null]),
      );
      const row = await rowOf(match![1]!);
      expect(row).toMatchObject({
        creatorId: await userId(server, "admin"),
        options: (await rowOf(tableId)).options,
      });
      // The situation there, with a random state of the fork's own: its shuffles are not the source's.
      const { rng, ...rest } = row.startSituation as Situation;
      const { rng: sourceRng, ...sourceRest } = truth.at(step);
      expect(rest).toEqual(sourceRest);
      expect(rng.state).not.toBe(sourceRng.state);
      seeds.add(rng.state);
    }
    expect(seeds.size).toBe(3);
  });

  it("refuses to fork a running game; forks a running sandbox, reseeded", async () => {
    const tableId = await chessTable();
    await playOpening(tableId, 2);
    const refused = await as.admin.post(`/api/debug-table/${tableId}/2`);
    expect(refused).toMatchObject({ status: 409, text: FORK_RUNNING });
    expect(refused.text).toBe(
      "A debug table can be made only of an ended game (or a sandbox): this game is still running, and its fork would show every hidden card to anyone with the link.",
    );
    // A sandbox shows everyone everything already: a fork shows no more, and draws its own chance.
    const sandbox = (
      await as.admin.post("/api/projects/sandbox/new-table", {
        start_position: { options: {}, playerColors: ["red", "blue"] },
        tableMode: "public-sandbox",
      })
    ).json() as TableInfo;
    const forked = await as.admin.post(`/api/debug-table/${sandbox.tableId}/0`);
    expect(forked.status).toBe(200);
    const forkRow = await rowOf(forked.text.split("/").at(-1)!);
    const sourceStart = (await rowOf(sandbox.tableId)).startSituation as Situation;
    expect((forkRow.startSituation as Situation).rng).not.toEqual(sourceStart.rng);
  });

  it("is for site admins only, with a step from 0 to the number of events, on started tables", async () => {
    const tableId = await chessTable();
    await playOpening(tableId, 1);
    await endTable(tableId);
    expect((await anonymous.post(`/api/debug-table/${tableId}/0`)).status).toBe(401);
    for (const who of ["designer", "mod", "player", "staff"] as const) {
      expect(await as[who].post(`/api/debug-table/${tableId}/0`)).toMatchObject({
        status: 403,
        text: "Only site admins may create a debug table.",
      });
    }
    expect(await as.admin.post(`/api/debug-table/${tableId}/2`)).toMatchObject({
      status: 400,
      text: "The step must be a whole number from 0 to 1.",
    });
    for (const bad of ["-1", "1.5", "x"]) {
      expect((await as.admin.post(`/api/debug-table/${tableId}/${bad}`)).status).toBe(400);
    }
    expect((await as.admin.post("/api/debug-table/no-such-table/0")).status).toBe(404);
    const unstarted = await chessTable(false);
    expect(await as.admin.post(`/api/debug-table/${unstarted}/0`)).toMatchObject({
      status: 409,
      text: "The table has not started yet.",
    });
  });
});

describe("invite links", () => {
  async function demoTable() {
    const t = (
      await as.designer.post("/api/projects/chess/new-table", {
        start_position: { options: {}, playerColors: ["red", "blue"] },
        tableMode: "demo-invite",
      })
    ).json() as TableInfo;
    expect((await as.designer.post(`/api/projects/chess/${t.tableId}/start-table`, {})).status).toBe(200);
    return t.tableId;
  }
  const linkFor = async (c: Client, tableId: string, color: string) =>
    c.get(`/api/invite-link/${tableId}?color=${color}`);

  it("gives designers, mods and site admins a link with the seat's password, and refuses others", async () => {
    const tableId = await demoTable();
    const secret = (await rowOf(tableId)).invitePwd;
    expect(secret).toMatch(/^[\w-]{16,}$/);
    const red = seatPassword(secret!, "red");
    expect(red).toMatch(/^[\w-]{24}$/);
    // One password per seat, none of them the table's secret.
    expect(new Set([secret, red, seatPassword(secret!, "blue")]).size).toBe(3);
    for (const who of ["designer", "mod", "admin"] as const) {
      const res = await linkFor(as[who], tableId, "red");
      expect(res.status).toBe(200);
      expect(res.json() as InviteLinkResponse).toEqual({
        link: `/projects/chess/table/${tableId}?playAsColor=red&invitePwd=${red}`,
      });
    }
    expect((await linkFor(anonymous, tableId, "red")).status).toBe(401);
    expect(await linkFor(as.player, tableId, "red")).toMatchObject({
      status: 403,
      text: "Invite links are for site admins and the project's designers and mods.",
    });
    expect(await linkFor(as.designer, tableId, "green")).toMatchObject({
      status: 400,
      text: "This table has no colour 'green'.",
    });
    expect((await as.designer.get(`/api/invite-link/${tableId}`)).status).toBe(400);
    const competitive = await chessTable();
    expect(await linkFor(as.designer, competitive, "red")).toMatchObject({
      status: 409,
      text: "Only Demo Invite tables have invite links.",
    });

    // A table from before invite passwords gets one on the first request, and keeps it.
    await server.database.db.update(tables).set({ invitePwd: null }).where(eq(tables.id, tableId));
    const first = (await linkFor(as.designer, tableId, "blue")).json() as InviteLinkResponse;
    const stored = (await rowOf(tableId)).invitePwd;
    expect(stored).toMatch(/^[\w-]{16,}$/);
    expect(stored).not.toBe(secret);
    expect(first.link).toContain(`invitePwd=${seatPassword(stored!, "blue")}`);
    expect(((await linkFor(as.mod, tableId, "blue")).json() as InviteLinkResponse).link).toBe(first.link);
  });

  it("seats whoever opens the link, who can then play; a wrong password or a taken seat is refused", async () => {
    const tableId = await demoTable();
    const white = sidesOf(await open(as.designer, tableId)).white;
    const { link } = (await linkFor(as.designer, tableId, white)).json() as InviteLinkResponse;
    const query = link.slice(link.indexOf("?"));

    // The player tries before being seated (the hub caches the table meanwhile) and is refused.
    const t = await tab("player", tableId);
    const opening = { tableId, moveId: 0, editMode: false, actions: [click("white-pawn-e2"), square("e4")] };
    t.s.emit("game-move", { ...opening, turnUID: "too-early" });
    expect(((await t.rec.next("table-event-reject")) as TableRejectMessage).reason).toBe(
      "You cannot play now: Wait for your turn",
    );

    expect(
      await as.player.get(`/api/table-open/${tableId}?playAsColor=${white}&invitePwd=wrong-password-123`),
    ).toMatchObject({
      status: 403,
      text: "Wrong invite password.",
    });
    expect((await open(as.player, tableId, query)).yourSeat).toBe(white);
    expect((await open(as.player, tableId, query)).yourSeat).toBe(white);
    expect(await as.outsider.get(`/api/table-open/${tableId}${query}`)).toMatchObject({
      status: 409,
      text: "This seat is already taken.",
    });
    expect((await open(as.outsider, tableId)).yourSeat).toBeNull();

    t.s.emit("game-move", { ...opening, turnUID: "seated" });
    const played = (await t.rec.next("table-event")) as TableEventMessage & { type: "game-move" };
    expect(played.event).toMatchObject({ seq: 0, turnUID: "seated", actor: white });
  });

  it("seats a link's opener only at the link's seat: another colour, the table's secret or an old link fail", async () => {
    const tableId = await demoTable();
    const red = new URL(
      ((await linkFor(as.designer, tableId, "red")).json() as InviteLinkResponse).link,
      server.url,
    ).searchParams.get("invitePwd")!;
    const secret = (await rowOf(tableId)).invitePwd!;
    const openAs = (c: Client, color: string, pwd: string) =>
      c.get(`/api/table-open/${tableId}?playAsColor=${color}&invitePwd=${encodeURIComponent(pwd)}`);

    // The red link, edited to say blue: refused, and it says which seat it is for.
    expect(await openAs(as.player, "blue", red)).toMatchObject({
      status: 403,
      text: "This invite link is for red: it cannot seat you as blue.",
    });
    // Links made before seat passwords carried the table's secret: it opens no seat.
    expect(await openAs(as.player, "blue", secret)).toMatchObject({
      status: 403,
      text: "Wrong invite password.",
    });
    expect(await openAs(as.player, "red", secret)).toMatchObject({
      status: 403,
      text: "Wrong invite password.",
    });
    expect((await rowOf(tableId)).seats.every((s) => s.userId === null)).toBe(true);

    // The red link seats its opener at red; used again for blue by someone else, still nothing.
    expect((await openAs(as.player, "red", red)).status).toBe(200);
    expect(await openAs(as.outsider, "blue", red)).toMatchObject({ status: 403 });
    const seats = (await rowOf(tableId)).seats;
    expect(seats.find((s) => s.color === "red")?.userId).toBe(await userId(server, "player"));
    expect(seats.find((s) => s.color === "blue")?.userId).toBeNull();
    // The blue link does seat the outsider at blue.
    const blue = seatPassword(secret, "blue");
    expect((await openAs(as.outsider, "blue", blue)).status).toBe(200);
    expect((await rowOf(tableId)).seats.find((s) => s.color === "blue")?.userId).toBe(
      await userId(server, "outsider"),
    );
  });
});
