import { shippedGames } from "@tt/games";
import type { TableInfo } from "@tt/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, tables } from "../src/db/schema";
import { seedProjects } from "../src/projects/projects";
import { Client, startTestServer, type TestServer } from "./harness";

let server: TestServer;
let admin: Client;
let user: Client;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: "1000" });
  admin = new Client(server.url);
  await admin.register("site_admin", await server.invite("admin"));
  await admin.login("site_admin");
  user = new Client(server.url);
  await user.register("a_player", await server.invite());
  await user.login("a_player");
});
afterAll(() => server.close());

describe("shipped projects", () => {
  it("are seeded with their content: options, change log, components, images", async () => {
    const rows = await server.database.db.select().from(projects);
    for (const game of shippedGames) {
      const row = rows.find((r) => r.slug === game.content.slug)!;
      expect(row.projectName).toBe(game.content.projectName);
      expect(Object.keys(row.options).sort()).toEqual(Object.keys(game.content.options).sort());
      expect(row.changeLog).toHaveLength(game.content.changeLog.length);
      expect(row.components).toEqual(JSON.parse(JSON.stringify(game.content.components)));
      expect(row.boxImage).toBe(`/game-assets/${game.content.slug}/box.svg`);
      expect((await fetch(server.url + row.background!)).status).toBe(200);
    }
  });

  it("keeps admins' visibility on a re-seed and bumps the components version only when they changed", async () => {
    await server.database.db
      .update(projects)
      .set({ visibility: "closed", projectName: "Renamed" })
      .where(eq(projects.slug, "chess"));
    const before = (await server.database.db.select().from(projects).where(eq(projects.slug, "chess")))[0]!;
    expect(await seedProjects(server.database.db, { update: true })).toContain("chess");
    const after = (await server.database.db.select().from(projects).where(eq(projects.slug, "chess")))[0]!;
    expect(after.visibility).toBe("closed");
    expect(after.projectName).toBe("Chess");
    expect(after.componentsVersion).toBe(before.componentsVersion);
    await server.database.db
      .update(projects)
      .set({ components: { ...before.components!, version: 0 } })
      .where(eq(projects.slug, "chess"));
    await seedProjects(server.database.db, { update: true });
    const bumped = (await server.database.db.select().from(projects).where(eq(projects.slug, "chess")))[0]!;
    expect(bumped.componentsVersion).toBe(before.componentsVersion + 1);
    await server.database.db.update(projects).set({ visibility: "public" }).where(eq(projects.slug, "chess"));
  });

  it("starts a chess table from the shipped module", async () => {
    const res = await user.post("/api/projects/chess/new-table", {
      start_position: { options: {}, playerColors: ["red", "blue"] },
      tableMode: "public-sandbox",
    });
    const t = res.json() as TableInfo;
    expect(t.status).toBe("midgame");
    const [row] = await server.database.db.select().from(tables).where(eq(tables.id, t.tableId));
    const situation = row!.startSituation as { root: unknown; globals: { chess?: unknown } };
    expect(situation.globals.chess).toBeDefined();
  });
});

describe("POST /api/projects/create", () => {
  it("lets a site admin create a project that runs on the default modules", async () => {
    const res = await admin.post("/api/projects/create", {
      slug: "my-new-game",
      projectName: "My New Game",
      designer: "Ada",
    });
    expect(res.json()).toEqual({
      slug: "my-new-game",
      project_name: "My New Game",
      visibility: "closed",
      designer: "Ada",
      boxImage: null,
    });
    // Closed by default: the admin sees it, players do not until it is opened.
    const names = async (c: Client) =>
      ((await c.get("/api/get-project-list")).json() as { slug: string }[]).map((p) => p.slug);
    expect(await names(admin)).toContain("my-new-game");
    expect(await names(user)).not.toContain("my-new-game");

    const t = (
      await admin.post("/api/projects/my-new-game/new-table", {
        start_position: { options: {}, playerColors: ["red", "blue"] },
        tableMode: "public-sandbox",
      })
    ).json() as TableInfo;
    expect(t.status).toBe("midgame");
    const [row] = await server.database.db.select().from(tables).where(eq(tables.id, t.tableId));
    expect((row!.startSituation as { players: unknown[] }).players).toHaveLength(2);
  });

  it("refuses non-admins, duplicates and bad slugs", async () => {
    expect(await user.post("/api/projects/create", { slug: "mine", projectName: "Mine" })).toMatchObject({
      status: 403,
      text: "Only site admins may create projects.",
    });
    expect(await admin.post("/api/projects/create", { slug: "chess", projectName: "Chess 2" })).toMatchObject(
      {
        status: 409,
        text: "A project 'chess' already exists.",
      },
    );
    expect(await admin.post("/api/projects/create", { slug: "Bad Slug", projectName: "x" })).toMatchObject({
      status: 400,
      text: "Slug may contain only lower-case letters, digits and single hyphens.",
    });
    expect(await admin.post("/api/projects/create", { slug: "ok-slug", projectName: "" })).toMatchObject({
      status: 400,
      text: "Name is required.",
    });
  });
});
