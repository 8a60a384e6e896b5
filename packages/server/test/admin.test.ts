import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, tables } from "../src/db/schema";
import { Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, type Role } from "./lobbyFixture";

let server: TestServer;
let as: Record<Role, Client>;
let anonymous: Client;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: "10000" });
  as = await lobbyWorld(server);
  anonymous = new Client(server.url);
});
afterAll(() => server.close());

const info = (c: Client, slug = "test-game") => c.get(`/api/projects/${slug}/admin-info`);
const setInfo = (c: Client, name: string, newValue: unknown, slug = "test-game") =>
  c.post(`/api/projects/update-project-info/${slug}?name=${name}`, { newValue });
const addRole = (c: Client, body: object, slug = "test-game") =>
  c.post(`/api/projects/add-role/${slug}`, body);
const removeRole = (c: Client, body: object, slug = "test-game") =>
  c.post(`/api/projects/remove-role/${slug}`, body);
const project = async (slug = "test-game") =>
  (await server.database.db.select().from(projects).where(eq(projects.slug, slug)))[0]!;
const setRoles = (roles: Record<string, string[]>) =>
  server.database.db.update(projects).set({ roles }).where(eq(projects.slug, "test-game"));

describe("GET /api/projects/{slug}/admin-info", () => {
  it("answers everyone who may open the project; 'Project not found' for everyone else", async () => {
    expect((await info(anonymous)).status).toBe(401);
    expect(await info(as.outsider, "closed-game")).toMatchObject({ status: 404, text: "Project not found" });
    expect(await info(as.player, "closed-game")).toMatchObject({ status: 404, text: "Project not found" });
    expect(await info(as.admin, "no-such-game")).toMatchObject({ status: 404, text: "Project not found" });
    expect((await info(as.mod, "closed-game")).status).toBe(200);
    for (const role of ["player", "outsider", "staff"] as const)
      expect((await info(as[role])).status).toBe(200);
  });

  it("gives others than the project's admins description, visibility and roles, and nothing more", async () => {
    await setRoles({ designer: ["designer"], mod: ["mod"], player: ["player"] });
    try {
      for (const role of ["player", "outsider", "staff"] as const) {
        const got = (await info(as[role])).json();
        // Neither the hidden options nor the feedback form's questions, nor a word about decks.
        expect(Object.keys(got).sort()).toEqual([
          "description",
          "projectName",
          "rights",
          "roles",
          "slug",
          "visibility",
        ]);
        expect(got).toMatchObject({
          description: "<p>Fine</p>",
          visibility: "public",
          roles: { designer: ["designer"], mod: ["mod"], player: ["player"] },
        });
        expect(got.rights).toEqual({
          role: role === "player" ? "player" : null,
          administer: false,
          maintain: false,
          assignableRoles: [],
          archiveTables: false,
          deleteData: false,
        });
      }
    } finally {
      await setRoles({ designer: ["designer"], mod: ["mod"] });
    }
  });

  it("gives every option (hidden ones too), the roles and the viewer's rights", async () => {
    const mod = (await info(as.mod)).json();
    expect(Object.keys(mod.options).sort()).toEqual(["expansion", "expansionCards", "secret", "speed"]);
    expect(mod).toMatchObject({
      slug: "test-game",
      visibility: "public",
      formQuestions: {},
      roles: { designer: ["designer"], mod: ["mod"], player: [] },
      rights: {
        role: "mod",
        administer: true,
        maintain: false,
        assignableRoles: ["player"],
        archiveTables: true,
        deleteData: false,
      },
    });
    expect((await info(as.designer)).json().rights).toEqual({
      role: "designer",
      administer: true,
      maintain: true,
      assignableRoles: ["mod", "player"],
      archiveTables: true,
      deleteData: true,
    });
    expect((await info(as.admin)).json().rights).toEqual({
      role: "admin",
      administer: true,
      maintain: true,
      assignableRoles: ["designer", "mod", "player"],
      archiveTables: true,
      deleteData: true,
    });
  });
});

describe("POST /api/projects/update-project-info", () => {
  it("lets mods, designers and site admins change description and visibility, nobody else", async () => {
    expect((await setInfo(anonymous, "visibility", "closed")).status).toBe(401);
    expect((await setInfo(as.player, "visibility", "closed")).status).toBe(403);
    expect((await setInfo(as.staff, "description", "x")).status).toBe(403);
    expect(await setInfo(as.outsider, "visibility", "public", "closed-game")).toMatchObject({
      status: 404,
      text: "Project not found",
    });
    for (const [role, value] of [
      ["mod", "unlisted"],
      ["designer", "closed"],
      ["admin", "public"],
    ] as const) {
      const res = await setInfo(as[role], "visibility", value);
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({ name: "visibility", value });
      expect((await project()).visibility).toBe(value);
    }
  });

  it("refuses unknown names and visibilities", async () => {
    expect(await setInfo(as.mod, "visibility", "secret")).toMatchObject({
      status: 400,
      text: "Visibility must be public, closed or unlisted.",
    });
    expect(await setInfo(as.mod, "projectName", "x")).toMatchObject({
      status: 400,
      text: "name must be description or visibility.",
    });
    expect((await setInfo(as.mod, "description", 42)).status).toBe(400);
  });

  it("sanitises the description: a <script> is gone, formatting stays", async () => {
    const res = await setInfo(
      as.designer,
      "description",
      '<p onclick="x()">Hello <b>there</b></p><script>alert(1)</script><a href="javascript:evil()">l</a>',
    );
    expect(res.status).toBe(200);
    const stored = (await project()).description;
    expect(stored).not.toContain("script");
    expect(stored).not.toContain("onclick");
    expect(stored).not.toContain("javascript");
    expect(stored).toContain("<b>there</b>");
    expect(res.json().value).toBe(stored);
  });
});

describe("roles", () => {
  it("follows the matrix: admin any role, designer mod and player, mod player only, others none", async () => {
    await setRoles({ designer: ["designer"], mod: ["mod"] });
    expect(await addRole(as.mod, { username: "outsider", roleName: "designer" })).toMatchObject({
      status: 403,
      text: "You may not add a designer.",
    });
    expect((await addRole(as.mod, { username: "outsider", roleName: "mod" })).status).toBe(403);
    expect(await addRole(as.mod, { username: "outsider", roleName: "player" })).toMatchObject({
      status: 200,
      text: "outsider added as player.",
    });
    expect((await addRole(as.designer, { username: "outsider", roleName: "designer" })).status).toBe(403);
    expect(await addRole(as.designer, { username: "outsider", roleName: "mod" })).toMatchObject({
      status: 200,
      text: "outsider added as mod.",
    });
    // One role per user: the mod role replaced the player role.
    expect((await project()).roles).toMatchObject({ mod: ["mod", "outsider"], player: [] });
    expect((await addRole(as.admin, { username: "OUTSIDER", roleName: "designer" })).text).toBe(
      "outsider added as designer.",
    );
    // Now a designer: a mod may not demote them.
    expect(await addRole(as.mod, { username: "outsider", roleName: "player" })).toMatchObject({
      status: 403,
      text: "You may not change the role of a designer.",
    });
    for (const role of ["player", "staff"] as const)
      expect((await addRole(as[role], { username: "admin", roleName: "player" })).status).toBe(403);
    expect((await addRole(anonymous, { username: "admin", roleName: "player" })).status).toBe(401);
    expect((await addRole(as.player, { username: "player", roleName: "player" }, "closed-game")).status).toBe(
      404,
    );
  });

  it("needs a user name or an invite code, and valid ones", async () => {
    expect(await addRole(as.admin, { roleName: "player" })).toMatchObject({
      status: 400,
      text: "Give a user name or an invite code (one of these fields is sufficient).",
    });
    expect((await addRole(as.admin, { username: "x", roleName: "king" })).status).toBe(400);
    expect(await addRole(as.admin, { username: "nobody", roleName: "player" })).toMatchObject({
      status: 404,
      text: "User nobody not found.",
    });
    expect(await addRole(as.admin, { inviteCode: "no-such-code", roleName: "player" })).toMatchObject({
      status: 404,
      text: "Unknown invite code.",
    });
  });

  it("grants a role by invite code to whoever registered with it, refuses unused codes", async () => {
    const code = await server.invite();
    expect(await addRole(as.mod, { inviteCode: code, roleName: "player" })).toMatchObject({
      status: 400,
      text: `Nobody has registered with invite code ${code} yet: add the role once its holder has registered.`,
    });
    const newcomer = new Client(server.url);
    expect((await newcomer.register("Newcomer", code)).status).toBe(200);
    expect(await addRole(as.mod, { inviteCode: code, roleName: "player" })).toMatchObject({
      status: 200,
      text: "Newcomer added as player.",
    });
    expect((await project()).roles.player).toContain("Newcomer");
    expect((await addRole(as.mod, { inviteCode: code, username: "player", roleName: "player" })).text).toBe(
      "The user name and the invite code belong to different users.",
    );
  });

  it("removes members with the same matrix", async () => {
    await setRoles({ designer: ["designer", "outsider"], mod: ["mod"], player: ["player"] });
    expect((await removeRole(as.mod, { username: "outsider", roleName: "designer" })).status).toBe(403);
    expect((await removeRole(as.designer, { username: "outsider", roleName: "designer" })).status).toBe(403);
    expect(await removeRole(as.mod, { username: "nobody", roleName: "player" })).toMatchObject({
      status: 404,
      text: "nobody is not a player of this project.",
    });
    expect(await removeRole(as.mod, { username: "PLAYER", roleName: "player" })).toMatchObject({
      status: 200,
      text: "player removed from player.",
    });
    expect((await removeRole(as.designer, { username: "mod", roleName: "mod" })).status).toBe(200);
    expect((await removeRole(as.admin, { username: "outsider", roleName: "designer" })).status).toBe(200);
    expect((await project()).roles).toEqual({ designer: ["designer"], mod: [], player: [] });
    expect((await removeRole(as.player, { username: "designer", roleName: "designer" })).status).toBe(403);
    await setRoles({ designer: ["designer"], mod: ["mod"] });
  });
});

describe("POST /api/update-form-questions", () => {
  const save = (c: Client, questions: unknown, projectSlug = "test-game") =>
    c.post("/api/update-form-questions", { questions, projectSlug });

  it("saves the questions for project admins, with type defaulting to textarea", async () => {
    const res = await save(as.mod, {
      fun: { formOrder: 1, text: "Was it fun?", condition: { expansion: { eq: true } } },
      rating: { formOrder: "0", text: "Rate it", type: "select" },
    });
    expect(res).toMatchObject({ status: 200, text: "Update success" });
    expect((await project()).formQuestions).toEqual({
      fun: { formOrder: 1, text: "Was it fun?", type: "textarea", condition: { expansion: { eq: true } } },
      rating: { formOrder: 0, text: "Rate it", type: "select" },
    });
    expect((await info(as.designer)).json().formQuestions).toHaveProperty("rating");
  });

  it("refuses others and bad ids with 'Error updating questions'", async () => {
    for (const c of [as.player, as.staff]) {
      const res = await save(c, { a: { formOrder: 0, text: "x" } });
      expect(res.status).toBe(403);
      expect(res.text).toMatch(/^Error updating questions/);
    }
    expect((await save(anonymous, {})).status).toBe(401);
    expect((await save(as.outsider, {}, "closed-game")).status).toBe(404);
    expect(await save(as.admin, { Fun: { text: "a" }, " fun": { text: "b" } })).toMatchObject({
      status: 400,
      text: "Error updating questions: Question id 'fun' is used twice.",
    });
    expect((await save(as.admin, { "": { text: "a" } })).text).toBe(
      "Error updating questions: A question id cannot be empty.",
    );
    expect((await save(as.admin, "nope")).status).toBe(400);
  });
});

describe("POST /api/update-option", () => {
  const update = (c: Client, optionName: string, optionValue: unknown) =>
    c.post("/api/update-option", { optionName, optionValue, projectSlug: "test-game" });
  const options = async () => (await project()).options as Record<string, Record<string, unknown>>;

  it("saves a definition with the rules of section 5", async () => {
    const res = await update(as.designer, "mode", {
      displayName: "Mode",
      displayOrder: -3,
      type: "select",
      default: "a",
      isNewlyAdded: true,
      condition: { expansion: { eq: true } },
      values: { a: { displayName: "A", displayOrder: "x" }, b: { displayName: "B", displayOrder: 2 } },
    });
    expect(res).toMatchObject({ status: 200, text: "Update success!" });
    expect((await options()).mode).toEqual({
      displayName: "Mode",
      displayOrder: 0,
      type: "select",
      default: "a",
      condition: { expansion: { eq: true } },
      values: { a: { displayName: "A", displayOrder: 0 }, b: { displayName: "B", displayOrder: 2 } },
    });
    expect(
      (await update(as.mod, "mode", { displayName: "Mode", displayOrder: "4", type: "checkbox" })).status,
    ).toBe(200);
    expect((await options()).mode).toEqual({ displayName: "Mode", displayOrder: 4, type: "checkbox" });
  });

  it("keeps a select's default value and answers errors as JSON", async () => {
    const res = await update(as.admin, "speed", {
      displayName: "Speed",
      displayOrder: 1,
      type: "select",
      default: "normal",
      values: { fast: { displayName: "Fast", displayOrder: 1 } },
    });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({ error: "The default value 'normal' is not one of the values." });
    expect((await options()).speed!.values).toHaveProperty("normal");
    expect(
      (await update(as.admin, "speed", { displayName: "Speed", type: "select", values: {} })).json(),
    ).toEqual({
      error: "A select option needs at least one value.",
    });
    expect(
      (await update(as.admin, "speed", { displayName: "Speed", type: "checkbox", condition: "{bad" })).status,
    ).toBe(400);
    expect((await update(as.admin, "bad name!", null)).json().error).toMatch(/option name/);
  });

  it("deletes with a null value; only project admins", async () => {
    expect((await update(as.player, "secret", null)).json()).toEqual({
      error: "Only the project's mods and designers and site admins may do this.",
    });
    expect((await update(as.staff, "secret", null)).status).toBe(403);
    expect((await update(anonymous, "secret", null)).status).toBe(401);
    expect((await update(as.mod, "secret", null)).text).toBe("Update success!");
    expect(await options()).not.toHaveProperty("secret");
    expect((await update(as.mod, "secret", null)).status).toBe(404);
  });
});

describe("danger zone", () => {
  const newTable = (c: Client) =>
    c.post("/api/projects/test-game/new-table", {
      start_position: { options: {} },
      tableMode: "competitive-edit",
    });
  const tablesOf = () => server.database.db.select().from(tables).where(eq(tables.projectSlug, "test-game"));

  it("archives: every table not ended is ended, by project admins", async () => {
    expect((await newTable(as.player)).status).toBe(200);
    expect((await newTable(as.outsider)).status).toBe(200);
    const archive = (c: Client) => c.post("/api/projects/test-game/archive-tables");
    expect((await archive(as.player)).status).toBe(403);
    expect((await archive(anonymous)).status).toBe(401);
    expect(await archive(as.mod)).toMatchObject({ status: 200, text: "2 tables archived." });
    expect((await tablesOf()).every((t) => t.status === "ended" && t.endedAt)).toBe(true);
    expect((await archive(as.mod)).text).toBe("0 tables archived.");
  });

  it("deletes every table, by site admins and designers only", async () => {
    const wipe = (c: Client) => c.post("/api/projects/test-game/delete-tables");
    expect((await wipe(as.player)).status).toBe(403);
    expect(await wipe(as.mod)).toMatchObject({
      status: 403,
      text: "Only site admins and the project's designers may delete its tables.",
    });
    expect(await wipe(as.designer)).toMatchObject({
      status: 200,
      text: "2 tables deleted with their moves, chat and feedback.",
    });
    expect(await tablesOf()).toEqual([]);
    expect((await project()).slug).toBe("test-game");
    expect((await wipe(as.admin)).text).toBe("0 tables deleted with their moves, chat and feedback.");
  });
});
