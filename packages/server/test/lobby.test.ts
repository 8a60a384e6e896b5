import type { Situation } from "@tt/engine";
import type { ProjectDetail, TableInfo, TableLoadResponse } from "@tt/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tables } from "../src/db/schema";
import { Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, type Role, userId } from "./lobbyFixture";

let server: TestServer;
let as: Record<Role, Client>;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: "10000" });
  as = await lobbyWorld(server);
});
afterAll(() => server.close());

const detail = (c: Client, slug = "test-game") => c.get(`/api/projects/get-project-detail/${slug}?status=my`);
const newTable = (c: Client, body: object) =>
  c.post("/api/projects/test-game/new-table", {
    start_position: { options: {} },
    tableMode: "competitive-edit",
    ...body,
  });
const list = async (c: Client, status: string, skip = 0) =>
  (
    await c.get(`/api/get-table-list/?projectSlug=test-game&status=${status}&skip=${skip}`)
  ).json() as TableInfo[];

describe("GET /api/projects/get-project-detail", () => {
  it("refuses anonymous users and hides closed projects from outsiders", async () => {
    expect((await detail(new Client(server.url))).status).toBe(401);
    expect(await detail(as.outsider, "closed-game")).toMatchObject({
      status: 404,
      text: "Project data not found (not authorized?)",
    });
    expect((await detail(as.mod, "closed-game")).status).toBe(200);
    expect((await detail(as.admin, "closed-game")).status).toBe(200);
    expect((await detail(as.player, "no-such-game")).status).toBe(404);
  });

  it("gives hidden options, '__' versions and admin buttons only to those allowed", async () => {
    const player = (await detail(as.player)).json() as ProjectDetail;
    expect(Object.keys(player.options).sort()).toEqual(["expansion", "expansionCards", "speed"]);
    // jsonb keeps no key order: displayOrder is what orders values.
    expect(Object.keys(player.options.speed!.values!).sort()).toEqual(["fast", "normal"]);
    expect(player.changeLog.map((v) => v.version)).toEqual(["1.0", "1.2"]);
    expect(player.permissions).toEqual({
      projectAdmin: false,
      feedback: false,
      hiddenOptions: false,
      demoInvite: false,
    });

    const staff = (await detail(as.staff)).json() as ProjectDetail;
    expect(staff.permissions).toEqual({
      projectAdmin: false,
      feedback: false,
      hiddenOptions: true,
      demoInvite: true,
    });
    expect(Object.keys(staff.options)).toContain("secret");

    for (const role of ["mod", "designer", "admin"] as const) {
      const d = (await detail(as[role])).json() as ProjectDetail;
      expect(d.permissions).toEqual({
        projectAdmin: true,
        feedback: true,
        hiddenOptions: true,
        demoInvite: true,
      });
      expect(d.changeLog.map((v) => v.version)).toEqual(["1.0", "__1.1-internal", "1.2"]);
    }
    expect(player).toMatchObject({
      project_name: "Test Game",
      designer: "Dee Signer",
      playerColors: ["red", "blue", "green", "yellow"],
    });
  });
});

describe("creating tables", () => {
  it("creates a competitive table with default options and lists it as open", async () => {
    const res = await newTable(as.player, {});
    expect(res.status).toBe(200);
    const t = res.json() as TableInfo;
    expect(t).toMatchObject({
      status: "open",
      tableMode: "competitive-edit",
      numPlayers: 0,
      isPrivate: false,
    });
    // The hidden option has its default at the table, but a player is not told of it.
    expect(t.start_position.options).toEqual({ speed: "normal", expansion: false, expansionCards: "few" });
    expect(t.possibleColors).toEqual(["red", "blue", "green", "yellow"]);
    expect(t.creator.username).toBe("player");
    expect((await list(as.outsider, "open")).map((x) => x.tableId)).toContain(t.tableId);
    expect(((await detail(as.outsider)).json() as ProjectDetail).openTableCount).toBeGreaterThanOrEqual(1);
  });

  it("erases the user's previous unstarted table", async () => {
    const first = (await newTable(as.outsider, {})).json() as TableInfo;
    const second = (await newTable(as.outsider, {})).json() as TableInfo;
    const open = (await list(as.outsider, "open")).map((x) => x.tableId);
    expect(open).toContain(second.tableId);
    expect(open).not.toContain(first.tableId);
  });

  it("applies valid option values, drops removed options and refuses hidden values to players", async () => {
    const res = await newTable(as.designer, {
      start_position: { options: { expansion: true, expansionCards: "many", gone: "x" } },
    });
    expect((res.json() as TableInfo).start_position.options).toEqual({
      speed: "normal",
      expansion: true,
      expansionCards: "many",
      secret: false,
    });
    expect(await newTable(as.player, { start_position: { options: { speed: "debug" } } })).toMatchObject({
      status: 400,
      text: "Option 'Speed' has no value 'debug'.",
    });
    expect(await newTable(as.player, { start_position: { options: { expansion: "yes" } } })).toMatchObject({
      status: 400,
      text: "Option 'Expansion' must be on or off.",
    });
    const staff = (
      await newTable(as.staff, { start_position: { options: { speed: "debug" } } })
    ).json() as TableInfo;
    expect(staff.start_position.options.speed).toBe("debug");
  });

  it("offers demo-invite only to admins, staff, designers and mods", async () => {
    const refused = await newTable(as.player, {
      tableMode: "demo-invite",
      start_position: { options: {}, playerColors: ["red"] },
    });
    expect(refused).toMatchObject({
      status: 403,
      text: "Demo Invite tables are for admins, staff, designers and mods of this project.",
    });
    const ok = await newTable(as.mod, {
      tableMode: "demo-invite",
      start_position: { options: {}, playerColors: ["blue", "red"] },
    });
    expect((ok.json() as TableInfo).playerColors.map((s) => [s.color, s.nonuser])).toEqual([
      ["blue", true],
      ["red", true],
    ]);
    expect((await newTable(as.player, { tableMode: "debug" })).status).toBe(400);
  });

  it("starts a public sandbox at once with the chosen colours as dummies", async () => {
    const res = await newTable(as.player, {
      tableMode: "public-sandbox",
      start_position: { options: {}, playerColors: ["green", "red", "yellow"] },
    });
    const t = res.json() as TableInfo;
    expect(t.status).toBe("midgame");
    expect(t.playerColors.map((s) => s.color).sort()).toEqual(["green", "red", "yellow"]);
    expect(t.playerColors.every((s) => s.nonuser && s.userInfo === null)).toBe(true);
    const [row] = await server.database.db.select().from(tables).where(eq(tables.id, t.tableId));
    const situation = row!.startSituation as { players: { color: string }[] };
    expect(situation.players.map((p) => p.color)).toEqual(t.playerColors.map((s) => s.color));
    expect((await list(as.player, "midgame")).map((x) => x.tableId)).toContain(t.tableId);
  });

  it("checks the chosen colours", async () => {
    const sandbox = (playerColors: string[]) =>
      newTable(as.player, { tableMode: "public-sandbox", start_position: { options: {}, playerColors } });
    expect(await sandbox(["red", "red"])).toMatchObject({
      status: 400,
      text: "Each colour can be chosen once.",
    });
    expect(await sandbox(["purple"])).toMatchObject({
      status: 400,
      text: "This game has no colour 'purple'.",
    });
    expect(await sandbox(["red", "blue", "green", "yellow", "cyan"])).toMatchObject({
      status: 400,
      text: "This game seats at most 4 players.",
    });
    expect((await sandbox([])).json()).toMatchObject({ numPlayers: 0, status: "midgame" });
  });
});

describe("private tables", () => {
  it("are listed to their creator, project mods and admins only", async () => {
    const t = (await newTable(as.staff, { isPrivate: true })).json() as TableInfo;
    const sees = async (c: Client) => (await list(c, "open")).some((x) => x.tableId === t.tableId);
    expect(await sees(as.staff)).toBe(true);
    expect(await sees(as.mod)).toBe(true);
    expect(await sees(as.admin)).toBe(true);
    expect(await sees(as.player)).toBe(false);
    expect(await sees(as.outsider)).toBe(false);
  });
});

describe("hidden option values", () => {
  it("are shown only to privileged users: in the table load and on the lobby's tiles", async () => {
    // cgestaff may create a Night Market table with the hidden 'sprint' length (hiddenDisplay below).
    const created = await as.staff.post("/api/projects/night-market/new-table", {
      start_position: { options: { length: "sprint" } },
      tableMode: "competitive-edit",
    });
    expect(created.status).toBe(200);
    const t = created.json() as TableInfo;
    const sprint = "Sprint (playtest: bell near the top)";
    expect(t.start_position.options.length).toBe("sprint");
    expect(t.options.length).toMatchObject({ display_value: sprint, value: "sprint" });

    const open = (c: Client) => c.get(`/api/table-open/${t.tableId}`);
    const tile = async (c: Client) => {
      const res = await c.get(`/api/get-table-list/?projectSlug=night-market&status=open&skip=0`);
      const found = (res.json() as TableInfo[]).find((x) => x.tableId === t.tableId);
      expect(found).toBeDefined();
      return found!;
    };

    const playerOpen = await open(as.player);
    expect(playerOpen.status).toBe(200);
    const playerLoad = playerOpen.json() as TableLoadResponse;
    expect(playerLoad.options).not.toHaveProperty("length");
    expect(playerLoad.options).toMatchObject({ prices: "floating", moths: true });
    expect(playerLoad.optionsDisplay).not.toHaveProperty("length");
    expect(playerLoad.optionsDisplay.prices).toBeDefined();
    expect(playerOpen.text).not.toContain("sprint");
    expect(playerOpen.text).not.toContain(sprint);
    const playerTile = await tile(as.player);
    expect(playerTile.start_position.options).not.toHaveProperty("length");
    expect(playerTile.options).not.toHaveProperty("length");
    expect(JSON.stringify(playerTile)).not.toMatch(/sprint/i);

    const staffLoad = (await open(as.staff)).json() as TableLoadResponse;
    expect(staffLoad.options.length).toBe("sprint");
    expect(staffLoad.optionsDisplay.length).toMatchObject({ display_value: sprint, value: "sprint" });
    const staffTile = await tile(as.staff);
    expect(staffTile.start_position.options.length).toBe("sprint");
    expect(staffTile.options.length).toMatchObject({ display_value: sprint, value: "sprint" });
  });
});

describe("joining, leaving, starting and erasing", () => {
  it("seats players by colour, one colour each, and lets them leave while open", async () => {
    const t = (await newTable(as.designer, {})).json() as TableInfo;
    const join = (c: Client, color: string) =>
      c.get(`/api/projects/test-game/join-table/${t.tableId}?color=${color}`);
    expect(await join(as.player, "blue")).toMatchObject({ status: 200, text: "Joined as blue" });
    expect(await join(as.outsider, "blue")).toMatchObject({ status: 409, text: "blue is already taken." });
    expect(await join(as.player, "red")).toMatchObject({
      status: 409,
      text: "You already have a colour at this table.",
    });
    expect(await join(as.outsider, "purple")).toMatchObject({
      status: 400,
      text: "This table has no colour 'purple'.",
    });
    expect(await join(as.outsider, "")).toMatchObject({ status: 400, text: "Choose a colour." });
    expect((await join(as.designer, "red")).status).toBe(200);
    const seats = (await list(as.player, "open")).find((x) => x.tableId === t.tableId)!.playerColors;
    expect(seats.map((s) => [s.color, s.userInfo?.username])).toEqual([
      ["red", "designer"],
      ["blue", "player"],
    ]);
    const leave = (c: Client) => c.get(`/api/projects/test-game/leave-table/${t.tableId}`);
    expect(await leave(as.outsider)).toMatchObject({
      status: 409,
      text: "You have no colour at this table.",
    });
    expect((await leave(as.player)).status).toBe(200);
    expect((await list(as.player, "open")).find((x) => x.tableId === t.tableId)!.numPlayers).toBe(1);
  });

  it("gives a contested colour to exactly one of two racing players", async () => {
    const t = (await newTable(as.mod, {})).json() as TableInfo;
    const results = await Promise.all(
      [as.player, as.outsider, as.staff].map((c) =>
        c.get(`/api/projects/test-game/join-table/${t.tableId}?color=green`),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const seats = (await list(as.mod, "open")).find((x) => x.tableId === t.tableId)!.playerColors;
    expect(seats).toHaveLength(1);
  });

  it("seats every one of several players who join different colours at once", async () => {
    const t = (await newTable(as.mod, {})).json() as TableInfo;
    const joiners = [as.player, as.outsider, as.staff, as.designer];
    const colors = ["red", "blue", "green", "yellow"];
    const results = await Promise.all(
      joiners.map((c, i) => c.get(`/api/projects/test-game/join-table/${t.tableId}?color=${colors[i]}`)),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const seats = (await list(as.mod, "open")).find((x) => x.tableId === t.tableId)!.playerColors;
    expect(seats.map((s) => [s.color, s.userInfo?.username])).toEqual([
      ["red", "player"],
      ["blue", "outsider"],
      ["green", "staff"],
      ["yellow", "designer"],
    ]);
  });

  it("never starts a table without a player whose join it answered, nor with one it refused", async () => {
    for (let i = 0; i < 6; i++) {
      const t = (await newTable(as.admin, {})).json() as TableInfo;
      const join = (c: Client, color: string) =>
        c.get(`/api/projects/test-game/join-table/${t.tableId}?color=${color}`);
      await join(as.admin, "red");
      await join(as.player, "yellow");
      const [joined, started] = await Promise.all([
        join(as.outsider, "blue"),
        as.admin.post(`/api/projects/test-game/${t.tableId}/start-table`, {}),
      ]);
      expect(started.status).toBe(200);
      const [row] = await server.database.db.select().from(tables).where(eq(tables.id, t.tableId));
      const seated = row!.seats.map((s) => s.username).sort();
      if (joined.status === 200) expect(seated).toEqual(["admin", "outsider", "player"]);
      else {
        expect(joined.text).toBe("You can only join a table that has not started.");
        expect(seated).toEqual(["admin", "player"]);
      }
      // The start situation seats the same players as the row.
      expect((row!.startSituation as Situation).players.map((p) => p.color).sort()).toEqual(
        row!.seats.map((s) => s.color).sort(),
      );
    }
  });

  it("lets only the creator start, with enough players, and builds the start situation", async () => {
    const t = (await newTable(as.admin, {})).json() as TableInfo;
    const start = (c: Client) => c.post(`/api/projects/test-game/${t.tableId}/start-table`, {});
    await as.admin.get(`/api/projects/test-game/join-table/${t.tableId}?color=red`);
    expect(await start(as.admin)).toMatchObject({ status: 400, text: "This game needs at least 2 players." });
    await as.player.get(`/api/projects/test-game/join-table/${t.tableId}?color=yellow`);
    expect(await start(as.player)).toMatchObject({
      status: 403,
      text: "Only the creator of the table may start it.",
    });
    expect((await start(as.admin)).json()).toEqual({ tableId: t.tableId, status: "midgame" });
    expect(await start(as.admin)).toMatchObject({ status: 409, text: "The table has already started." });
    expect((await as.outsider.get(`/api/projects/test-game/join-table/${t.tableId}?color=blue`)).text).toBe(
      "You can only join a table that has not started.",
    );
    const [row] = await server.database.db.select().from(tables).where(eq(tables.id, t.tableId));
    expect(row!.seats.map((s) => s.username).sort()).toEqual(["admin", "player"]);
    expect((row!.startSituation as { players: unknown[] }).players).toHaveLength(2);
    expect(row!.activePlayer).not.toBeNull();
    const mine = await list(as.player, "my");
    expect(mine.find((x) => x.tableId === t.tableId)?.status).toBe("midgame");
  });

  it("lets the creator erase a table that has not ended, and a superadmin any table", async () => {
    const t = (await newTable(as.player, {})).json() as TableInfo;
    const erase = (c: Client, id = t.tableId) => c.get(`/api/projects/test-game/erase-table/${id}`);
    expect(await erase(as.outsider)).toMatchObject({
      status: 403,
      text: "Only the creator may delete this table.",
    });
    expect(await erase(as.admin)).toMatchObject({ status: 403 });
    expect((await erase(as.player)).status).toBe(200);
    expect(await erase(as.player)).toMatchObject({ status: 404, text: "Table not found." });

    const ended = (await newTable(as.outsider, {})).json() as TableInfo;
    await server.database.db.update(tables).set({ status: "ended" }).where(eq(tables.id, ended.tableId));
    expect(await erase(as.outsider, ended.tableId)).toMatchObject({
      status: 403,
      text: "Ended tables cannot be deleted.",
    });
    expect((await erase(as.superadmin, ended.tableId)).status).toBe(200);
  });
});

describe("table lists", () => {
  it("pages with skip = the number already loaded", async () => {
    const creator = await userId(server, "outsider");
    await server.database.db.insert(tables).values(
      Array.from({ length: 27 }, (_, i) => ({
        id: `page${String(i).padStart(6, "0")}`,
        projectSlug: "test-game",
        status: "ended",
        tableMode: "competitive-edit",
        creatorId: creator,
        options: {},
        possibleColors: ["red", "blue"],
        seats: [],
        componentsVersion: 1,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    );
    const first = await list(as.player, "ended");
    const second = await list(as.player, "ended", first.length);
    expect(first).toHaveLength(20);
    expect(second.length).toBeGreaterThanOrEqual(7);
    const ids = [...first, ...second].map((t) => t.tableId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(first[0]!.tableId > first[1]!.tableId || first[0]!.createdTime >= first[1]!.createdTime).toBe(
      true,
    );
  });

  it("refuses bad queries", async () => {
    expect((await as.player.get("/api/get-table-list/?projectSlug=test-game&status=weird")).status).toBe(400);
    expect((await as.player.get("/api/get-table-list/?status=open")).status).toBe(400);
    expect(
      (await new Client(server.url).get("/api/get-table-list/?projectSlug=test-game&status=open")).status,
    ).toBe(401);
    expect((await as.outsider.get("/api/get-table-list/?projectSlug=closed-game&status=open")).status).toBe(
      404,
    );
  });
});
