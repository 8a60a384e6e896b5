import type { Action } from "@tt/engine";
import type { Badge, ProjectDetail, TableInfo, TableLoadResponse } from "@tt/protocol";
import { TABLE_LIST_PAGE_SIZE } from "@tt/protocol";
import { and, eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isProjectAdmin, mayListTable } from "../src/auth/permissions";
import { projects, tables, users } from "../src/db/schema";
import { listableBy } from "../src/tables/service";
import { Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, openTab, ROLES, type Role, recorder, userId } from "./lobbyFixture";

// Around the table (issue 19, point 9): a private competitive table joined by its link, the profile's
// finished tables paged in the database, badges given by site admins, and the tiles' game stats.

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

const list = async (c: Client, status: string, slug = "test-game") =>
  (await c.get(`/api/get-table-list/?projectSlug=${slug}&status=${status}&skip=0`)).json() as TableInfo[];
const listed = async (c: Client, status: string, tableId: string) =>
  (await list(c, status)).some((t) => t.tableId === tableId);
const openCount = async (c: Client) =>
  ((await c.get("/api/projects/get-project-detail/test-game?status=my")).json() as ProjectDetail)
    .openTableCount;
const tile = (c: Client, tableId: string) => c.get(`/api/get-table-tile/${tableId}`);

async function tab(who: Role, tableId: string) {
  const s = await openTab(server, as[who], `tab-${who}-${Math.random()}`);
  sockets.push(s);
  const rec = recorder(s);
  await s.emitWithAck("table-subscribe", { tableId, lastSeq: -1 });
  return { s, rec };
}

describe("a private competitive table", () => {
  it("is joined from its link, then listed to whoever sits at it and to nobody else but mods", async () => {
    const t = (
      await as.player.post("/api/projects/test-game/new-table", {
        start_position: { options: {} },
        tableMode: "competitive-edit",
        isPrivate: true,
      })
    ).json() as TableInfo;
    expect(t.isPrivate).toBe(true);
    const countBefore = await openCount(as.outsider);

    // Not in anyone else's lists, nor in their count of open tables.
    for (const who of ["outsider", "staff"] as const) {
      expect(await listed(as[who], "open", t.tableId)).toBe(false);
      expect(await listed(as[who], "my", t.tableId)).toBe(false);
    }
    expect(await listed(as.mod, "open", t.tableId)).toBe(true);
    expect(await listed(as.player, "open", t.tableId)).toBe(true);

    // The link's page shows the tile, with the colours free to join.
    const seen = await tile(as.outsider, t.tableId);
    expect(seen.status).toBe(200);
    expect(seen.json()).toMatchObject({
      tableId: t.tableId,
      isPrivate: true,
      status: "open",
      playerColors: [],
    });

    // Someone at the table's page hears the seats change and the start.
    const watcher = await tab("staff", t.tableId);
    const joined = await as.outsider.get(`/api/projects/test-game/join-table/${t.tableId}?color=red`);
    expect(joined).toMatchObject({ status: 200, text: "Joined as red" });
    expect(JSON.parse((await watcher.rec.next("player-joined")) as string)).toMatchObject({
      tableId: t.tableId,
      color: "red",
      userInfo: { username: "outsider" },
    });

    // Seated now: the outsider's lists and count have it; the staff member's still do not.
    expect(await listed(as.outsider, "open", t.tableId)).toBe(true);
    expect(await listed(as.outsider, "my", t.tableId)).toBe(true);
    expect(await openCount(as.outsider)).toBe(countBefore + 1);
    expect(await listed(as.staff, "open", t.tableId)).toBe(false);

    await as.player.get(`/api/projects/test-game/join-table/${t.tableId}?color=blue`);
    await watcher.rec.next("player-joined");
    expect((await as.player.post(`/api/projects/test-game/${t.tableId}/start-table`, {})).status).toBe(200);
    expect(await watcher.rec.next("table-started")).toBe(t.tableId);
    expect(await listed(as.outsider, "midgame", t.tableId)).toBe(true);
    expect(await listed(as.staff, "midgame", t.tableId)).toBe(false);
  });

  it("is listed by the lobby's query exactly where the permission module says it may be", async () => {
    const { db } = server.database;
    const [project] = await db.select().from(projects).where(eq(projects.slug, "test-game"));
    const rows = await db.select().from(tables).where(eq(tables.projectSlug, "test-game"));
    expect(rows.some((r) => r.isPrivate)).toBe(true);
    for (const name of ROLES) {
      const [user] = await db.select().from(users).where(eq(users.usernameKey, name));
      const actor = { id: user!.id, username: user!.username, role: user!.role };
      const queried = await db
        .select({ id: tables.id })
        .from(tables)
        .where(and(eq(tables.projectSlug, "test-game"), listableBy(actor, isProjectAdmin(actor, project!))));
      const expected = rows.filter((r) => mayListTable(actor, project!, r)).map((r) => r.id);
      expect(queried.map((r) => r.id).sort(), name).toEqual(expected.sort());
    }
  });

  it("gives its tile to whoever may open the project, by id only", async () => {
    const closed = (
      await as.mod.post("/api/projects/closed-game/new-table", {
        start_position: { options: {} },
        tableMode: "competitive-edit",
        isPrivate: true,
      })
    ).json() as TableInfo;
    expect((await tile(as.mod, closed.tableId)).status).toBe(200);
    expect((await tile(as.admin, closed.tableId)).status).toBe(200);
    // An outsider of the closed project learns nothing: the same answer as for an id that is not there.
    expect(await tile(as.outsider, closed.tableId)).toMatchObject({ status: 404, text: "Table not found." });
    expect(await tile(as.outsider, "nosuchtable")).toMatchObject({ status: 404, text: "Table not found." });
    expect((await tile(as.outsider, "x".repeat(51))).status).toBe(400);
    expect((await tile(new Client(server.url), closed.tableId)).status).toBe(401);
  });
});

describe("the profile's recently finished tables", () => {
  it("pages in the database over the rows the reader may see: full pages, none repeated, none skipped", async () => {
    const db = server.database.db;
    const player = await userId(server, "player");
    const staff = await userId(server, "staff");
    const designer = await userId(server, "designer");
    const base = Date.parse("2026-06-01T12:00:00Z");
    /** 48 ended tables of 'player', newest first: every fourth private (by staff), every sixth in a closed project. */
    const rows = Array.from({ length: 48 }, (_, i) => {
      const closed = i % 6 === 5;
      const isPrivate = !closed && i % 4 === 1;
      return {
        id: `fin${String(i).padStart(2, "0")}`,
        projectSlug: closed ? "closed-game" : "test-game",
        status: "ended",
        tableMode: "competitive-edit",
        isPrivate,
        creatorId: isPrivate ? staff : designer,
        options: {},
        possibleColors: ["red", "blue"],
        seats: [{ color: "red", userId: player, username: "player" }],
        componentsVersion: 1,
        endedAt: new Date(base - i * 60_000),
      };
    });
    await db.insert(tables).values(rows);
    const ids = (keep: (r: (typeof rows)[number]) => boolean) => rows.filter(keep).map((r) => r.id);

    const pages = async (c: Client) => {
      const out: TableInfo[][] = [];
      let skip = 0;
      for (;;) {
        const res = await c.get(`/api/get-table-list/?status=ended&username=player&skip=${skip}`);
        expect(res.status).toBe(200);
        const page = (res.json() as TableInfo[]).filter((t) => t.tableId.startsWith("fin"));
        out.push(page);
        skip += (res.json() as TableInfo[]).length;
        if ((res.json() as TableInfo[]).length < TABLE_LIST_PAGE_SIZE) return out;
      }
    };
    const check = async (c: Client, expected: string[]) => {
      const got = await pages(c);
      // Every page but the last is full; together they are the reader's tables in order, once each.
      for (const page of got.slice(0, -1)) expect(page).toHaveLength(TABLE_LIST_PAGE_SIZE);
      expect(got.flat().map((t) => t.tableId)).toEqual(expected);
    };
    const open = (r: (typeof rows)[number]) => r.projectSlug === "test-game";
    // A stranger: public tables of the open project only.
    await check(
      as.outsider,
      ids((r) => open(r) && !r.isPrivate),
    );
    // The creator of the private ones sees them too; a mod of both projects sees everything.
    await check(as.staff, ids(open));
    await check(
      as.mod,
      ids(() => true),
    );
    // The owner sat at all of them, but is no member of the closed project.
    await check(as.player, ids(open));
  });
});

describe("badges", () => {
  const award = (c: Client, body: unknown) => c.post("/api/award-badge", body);
  const badgesOf = async (username: string) =>
    ((await as.outsider.get(`/api/get-user-badges?username=${username}`)).json() as Badge[])
      .map((b) => b.name)
      .sort();

  it("are given and taken by site admins only; nobody awards themselves one", async () => {
    const refused = "Only site admins may award or remove badges.";
    const body = { username: "player", name: "cheater", displayName: "Cheater" };
    for (const who of ["player", "staff", "designer", "mod"] as const) {
      expect(await award(as[who], { ...body, username: who })).toMatchObject({ status: 403, text: refused });
      expect(await as[who].get("/api/badges")).toMatchObject({ status: 403, text: refused });
      expect(await as[who].post("/api/remove-badge", { username: who, name: "cheater" })).toMatchObject({
        status: 403,
        text: refused,
      });
    }
    const anonymous = new Client(server.url);
    expect((await award(anonymous, body)).status).toBe(401);
    expect((await anonymous.get("/api/badges")).status).toBe(401);
    expect(await badgesOf("player")).toEqual([]);
    expect((await as.admin.get("/api/badges")).json()).toEqual([]);
  });

  it("defines a new badge, awards one that exists, and shows them on profiles and tiles", async () => {
    const created = await award(as.admin, {
      username: "Player",
      name: " early-bird ",
      displayName: "Early bird",
      description: "Played in the first week",
    });
    expect(created.status).toBe(200);
    expect(created.json()).toEqual([
      { name: "early-bird", displayName: "Early bird", description: "Played in the first week" },
    ]);
    expect((await as.superadmin.get("/api/badges")).json()).toEqual([
      { name: "early-bird", displayName: "Early bird", description: "Played in the first week" },
    ]);
    // An existing badge is awarded by its name alone.
    expect((await award(as.superadmin, { username: "outsider", name: "early-bird" })).status).toBe(200);
    expect(await badgesOf("outsider")).toEqual(["early-bird"]);
    // A site admin may give one to themselves too.
    expect((await award(as.admin, { username: "admin", name: "early-bird" })).status).toBe(200);

    // Badges go wherever the user is shown: a table tile's creator and seats.
    const t = (
      await as.outsider.post("/api/projects/test-game/new-table", {
        start_position: { options: {} },
        tableMode: "competitive-edit",
      })
    ).json() as TableInfo;
    await as.player.get(`/api/projects/test-game/join-table/${t.tableId}?color=red`);
    const shown = (await tile(as.mod, t.tableId)).json() as TableInfo;
    expect(shown.creator.badges.map((b) => b.name)).toEqual(["early-bird"]);
    expect(shown.playerColors[0]?.userInfo?.badges.map((b) => b.name)).toEqual(["early-bird"]);
  });

  it("refuses what is wrong with a clear reason", async () => {
    await award(as.admin, { username: "designer", name: "tester", displayName: "Tester" });
    expect(await award(as.admin, { username: "designer", name: "tester" })).toMatchObject({
      status: 409,
      text: "designer has the badge 'Tester' already.",
    });
    expect(await award(as.admin, { username: "mod", name: "tester", displayName: "Another" })).toMatchObject({
      status: 409,
      text: "A badge named 'tester' exists already: choose it from the list.",
    });
    expect(await award(as.admin, { username: "mod", name: "nope" })).toMatchObject({
      status: 404,
      text: "There is no badge named 'nope'.",
    });
    expect(await award(as.admin, { username: "nobody-here", name: "tester" })).toMatchObject({
      status: 404,
      text: "User not found.",
    });
    expect(await award(as.admin, { username: "mod", name: "Bad Name", displayName: "x" })).toMatchObject({
      status: 400,
      text: "Badge name may contain only lower-case letters, digits, '-' and '_', and must start with a letter or digit.",
    });
    expect(await award(as.admin, { username: "mod", name: "x", displayName: "  " })).toMatchObject({
      status: 400,
      text: "Display name is required.",
    });
    expect((await award(as.admin, { username: "mod", name: "x", displayName: "y".repeat(61) })).status).toBe(
      400,
    );
    expect((await award(as.admin, "not an object")).status).toBe(400);
    // Nothing half-made: the refused new badge was not created.
    expect(((await as.admin.get("/api/badges")).json() as Badge[]).map((b) => b.name)).not.toContain("x");
  });

  it("are taken back by a site admin; the badge stays for the others", async () => {
    await award(as.admin, { username: "staff", name: "helper", displayName: "Helper" });
    await award(as.admin, { username: "mod", name: "helper" });
    const removed = await as.admin.post("/api/remove-badge", { username: "staff", name: "helper" });
    expect(removed).toMatchObject({ status: 200 });
    expect(removed.json()).toEqual([]);
    expect(await badgesOf("mod")).toContain("helper");
    expect(await as.admin.post("/api/remove-badge", { username: "staff", name: "helper" })).toMatchObject({
      status: 404,
      text: "staff has no badge named 'helper'.",
    });
  });
});

describe("table tile stats", () => {
  const click = (componentId: string): Action => ({ kind: "click component", componentId });
  const to = (name: string): Action => ({
    kind: "click position",
    destinationId: "board",
    positionName: "squares",
    positionIndex: name,
  });
  const stats = async (tableId: string) =>
    Object.fromEntries(
      ((await tile(as.outsider, tableId)).json() as TableInfo).tableTileStats.map((s) => [
        s.displayName,
        s.strValue ?? s.numValue,
      ]),
    );

  it("show the game's first stats from the start, follow turns and undos, and keep the result", async () => {
    const t = (
      await as.designer.post("/api/projects/chess/new-table", {
        start_position: { options: {} },
        tableMode: "competitive-edit",
      })
    ).json() as TableInfo;
    expect(t.tableTileStats).toEqual([]);
    await as.designer.get(`/api/projects/chess/join-table/${t.tableId}?color=red`);
    await as.player.get(`/api/projects/chess/join-table/${t.tableId}?color=blue`);
    await as.designer.post(`/api/projects/chess/${t.tableId}/start-table`, {});
    const load = (await as.designer.get(`/api/table-open/${t.tableId}`)).json() as TableLoadResponse;
    const sides = load.live!.situation.globals.sides as { white: "red" | "blue"; black: "red" | "blue" };
    const byColor = { red: "designer", blue: "player" } as const;
    const seatOrder = load.playerColors.map((p) => p.color);
    const each = (values: Record<string, number>) => seatOrder.map((c) => `${c} ${values[c]}`).join(", ");

    // Chess leads with Score, which nobody has before the end: the next three show.
    expect(await stats(t.tableId)).toEqual({
      "Moves played": each({ red: 0, blue: 0 }),
      Captures: each({ red: 0, blue: 0 }),
      "Checks given": each({ red: 0, blue: 0 }),
    });

    const white = await tab(byColor[sides.white], t.tableId);
    const black = await tab(byColor[sides.black], t.tableId);
    const turn = (who: typeof white, moveId: number, actions: Action[]) => {
      who.s.emit("game-move", {
        tableId: t.tableId,
        moveId,
        turnUID: `tt-${moveId}-${Math.random()}`,
        actions,
        editMode: false,
      });
      return who.rec.next("table-event");
    };
    await turn(white, 0, [click("white-pawn-e2"), to("e4")]);
    await expect
      .poll(async () => (await stats(t.tableId))["Moves played"])
      .toBe(each({ [sides.white]: 1, [sides.black]: 0 }));

    white.s.emit("undo", { tableId: t.tableId, moveId: 1, turnUID: "tt-undo", editMode: false });
    await white.rec.next("table-event");
    await expect.poll(async () => (await stats(t.tableId))["Moves played"]).toBe(each({ red: 0, blue: 0 }));

    await turn(white, 2, [click("white-pawn-e2"), to("e4")]);
    await turn(black, 3, [{ kind: "press state button", button: "resign" }]);
    // The end is written once the resigning turn is stored and sent: the lobby's tile follows it.
    await expect
      .poll(async () => ((await tile(as.outsider, t.tableId)).json() as TableInfo).status, {
        timeout: 10_000,
      })
      .toBe("ended");
    const ended = (await tile(as.outsider, t.tableId)).json() as TableInfo;
    expect(await stats(t.tableId)).toEqual({
      Score: each({ [sides.white]: 1, [sides.black]: 0 }),
      "Moves played": each({ [sides.white]: 1, [sides.black]: 0 }),
      Captures: each({ red: 0, blue: 0 }),
    });
    // The same figures on the lobby's lists.
    const [row] = await server.database.db
      .select({ tileStats: tables.tileStats })
      .from(tables)
      .where(eq(tables.id, t.tableId));
    expect(row!.tileStats).toEqual(ended.tableTileStats);
  });
});
