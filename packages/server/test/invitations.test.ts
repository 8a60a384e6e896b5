import { shippedGames } from "@tt/games";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstAdminInvitation } from "../src/auth/invitations";
import { projects } from "../src/db/schema";
import { Client, startTestServer, type TestServer } from "./harness";

let server: TestServer;
let admin: Client;
let user: Client;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: "1000" });
  admin = new Client(server.url);
  await admin.register("root_admin", await server.invite("admin"));
  await admin.login("root_admin");
  user = new Client(server.url);
  await user.register("plain_user", await server.invite("user"));
  await user.login("plain_user");
});
afterAll(() => server.close());

describe("invitations", () => {
  it("lets a site admin mint codes with a role and see them used and unused", async () => {
    const res = await admin.post("/api/invitations", { count: 3, role: "cgestaff" });
    expect(res.status).toBe(200);
    const created = res.json() as { code: string; role: string; createdBy: string; usedBy: string | null }[];
    expect(created).toHaveLength(3);
    for (const inv of created) {
      expect(inv.code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
      expect(inv).toMatchObject({ role: "cgestaff", createdBy: "root_admin", usedBy: null });
    }
    await new Client(server.url).register("staffer", created[0]!.code);
    const list = (await admin.get("/api/invitations")).json() as { code: string; usedBy: string | null }[];
    expect(list.find((i) => i.code === created[0]!.code)?.usedBy).toBe("staffer");
    expect(list.find((i) => i.code === created[1]!.code)?.usedBy).toBeNull();
  });

  it("refuses others and bad input", async () => {
    expect(await user.get("/api/invitations")).toMatchObject({
      status: 403,
      text: "Only site admins may see invitations.",
    });
    expect((await user.post("/api/invitations", { count: 1 })).status).toBe(403);
    expect((await new Client(server.url).get("/api/invitations")).status).toBe(401);
    expect(await admin.post("/api/invitations", { count: 0 })).toMatchObject({
      status: 400,
      text: "Count must be at least 1.",
    });
    expect(await admin.post("/api/invitations", { count: 101 })).toMatchObject({
      status: 400,
      text: "Count must be at most 100.",
    });
    expect((await admin.post("/api/invitations", { count: 1, role: "emperor" })).status).toBe(400);
  });

  it("offers the first-start admin code only while nobody has registered", async () => {
    expect(await firstAdminInvitation(server.database.db, 60_000)).toBeNull();
  });

  it("refuses the local control endpoint without the token", async () => {
    const res = await admin.post("/api/control/invitations", { count: 1 }, { "x-control-token": "guess" });
    expect(res.status).toBe(404); // not even mounted without the embedded database's control file
  });
});

describe("GET /api/get-project-list", () => {
  it("lists public projects to every logged-in user, and closed ones only to members and admins", async () => {
    await server.database.db.insert(projects).values([
      {
        slug: "secret-game",
        projectName: "Secret Game",
        visibility: "closed",
        roles: { mod: ["Plain_User"] },
      },
      { slug: "staff-only", projectName: "Staff Only", visibility: "closed" },
      { slug: "hidden-link", projectName: "Hidden Link", visibility: "unlisted" },
    ]);
    const slugs = (c: Client) =>
      c.get("/api/get-project-list").then((r) => (r.json() as { slug: string }[]).map((p) => p.slug).sort());
    const shipped = shippedGames.map((g) => g.content.slug);
    expect(await slugs(user)).toEqual([...shipped, "secret-game"].sort());
    expect(await slugs(admin)).toEqual([...shipped, "secret-game", "staff-only"].sort());
    expect((await new Client(server.url).get("/api/get-project-list")).status).toBe(401);
    await server.database.db.delete(projects).where(eq(projects.slug, "staff-only"));
  });

  it("gives each tile its name, designer and a box image that is served", async () => {
    const list = (await user.get("/api/get-project-list")).json() as Record<string, string>[];
    const sandbox = list.find((p) => p.slug === "sandbox");
    expect(sandbox).toMatchObject({ slug: "sandbox", project_name: "Sandbox", visibility: "public" });
    const img = await fetch(server.url + sandbox!.boxImage!);
    expect(img.headers.get("content-type")).toBe("image/svg+xml");
    expect(await img.text()).toContain("<svg");
  });
});
