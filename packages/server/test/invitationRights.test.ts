import type { Invitation } from "@tt/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitations } from "../src/db/schema";
import { Client, startTestServer, type TestServer } from "./harness";

// Nobody hands out more than they hold (issue 20, point 4): an admin sees and mints invitations only
// for roles at or below their own, so an unused superadmin code is neither shown nor made for them.

let server: TestServer;
let admin: Client;
let superadmin: Client;
let staff: Client;

async function member(name: string, role: string): Promise<Client> {
  const c = new Client(server.url);
  expect((await c.register(name, await server.invite(role))).status).toBe(200);
  expect((await c.login(name)).status).toBe(200);
  return c;
}

const codesOf = async (c: Client) =>
  ((await c.get("/api/invitations")).json() as Invitation[]).map((i) => i.code);

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: "1000" });
  admin = await member("rights_admin", "admin");
  superadmin = await member("rights_super", "superadmin");
  staff = await member("rights_staff", "cgestaff");
});
afterAll(() => server.close());

describe("invitations above the viewer's role", () => {
  it("lets a superadmin mint superadmin codes and refuses an admin, with the reason", async () => {
    const made = await superadmin.post("/api/invitations", { count: 1, role: "superadmin" });
    expect(made.status).toBe(200);
    expect((made.json() as Invitation[])[0]).toMatchObject({ role: "superadmin", createdBy: "rights_super" });
    expect(await admin.post("/api/invitations", { count: 1, role: "superadmin" })).toMatchObject({
      status: 403,
      text: "Only a superadmin may invite a superadmin.",
    });
    for (const role of ["user", "cgestaff", "admin"]) {
      expect((await admin.post("/api/invitations", { count: 1, role })).status).toBe(200);
    }
    // Staff and players mint nothing, whatever the role asked for.
    expect((await staff.post("/api/invitations", { count: 1, role: "user" })).status).toBe(403);
    expect((await staff.get("/api/invitations")).status).toBe(403);
  });

  it("hides unused codes above the admin's role from the list, and shows them to a superadmin", async () => {
    const superCode = await server.invite("superadmin");
    const adminCode = await server.invite("admin");
    const userCode = await server.invite("user");
    const seenByAdmin = await codesOf(admin);
    expect(seenByAdmin).toContain(adminCode);
    expect(seenByAdmin).toContain(userCode);
    expect(seenByAdmin).not.toContain(superCode);
    const list = (await admin.get("/api/invitations")).json() as Invitation[];
    expect(list.filter((i) => i.role === "superadmin" && i.usedAt === null)).toEqual([]);
    expect(await codesOf(superadmin)).toEqual(expect.arrayContaining([superCode, adminCode, userCode]));
  });

  it("hides an expired unused superadmin code too, and shows a used one (it opens nothing any more)", async () => {
    const expired = await server.invite("superadmin");
    await server.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(invitations.code, expired));
    expect(await codesOf(admin)).not.toContain(expired);

    const used = await server.invite("superadmin");
    expect((await new Client(server.url).register("second_super", used)).status).toBe(200);
    const row = ((await admin.get("/api/invitations")).json() as Invitation[]).find((i) => i.code === used);
    expect(row).toMatchObject({ role: "superadmin", usedBy: "second_super" });
  });

  it("writes nothing for an admin's superadmin mint, and takes no role string outside the list", async () => {
    const before = (await server.database.db.select().from(invitations)).length;
    await admin.post("/api/invitations", { count: 100, role: "superadmin" });
    expect((await server.database.db.select().from(invitations)).length).toBe(before);
    // Role strings other than the listed ones are refused by the schema, not read by containment.
    expect((await admin.post("/api/invitations", { count: 1, role: "superadmin " })).status).toBe(400);
    expect((await admin.post("/api/invitations", { count: 1, role: "SUPERADMIN" })).status).toBe(400);
  });
});
