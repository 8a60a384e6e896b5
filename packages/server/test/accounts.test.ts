import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitations, sessions, users } from "../src/db/schema";
import { Client, startTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  // Sessions are answered from memory for SESSION_CACHE_MS after a read (auth/sessionCache.ts): short
  // here, so a change made to the row outside the server is seen within the test.
  server = await startTestServer({
    RATE_LIMIT_PER_IP: "1000",
    RATE_LIMIT_PER_NAME: "5",
    SESSION_CACHE_MS: "300",
  });
});
afterAll(() => server.close());

describe("POST /api/registerUser", () => {
  it("creates the user with the invitation's role and consumes the code", async () => {
    const code = await server.invite("cgestaff");
    const res = await new Client(server.url).register("Alice", code);
    expect(res).toMatchObject({ status: 200, text: "Registration successful" });
    const [row] = await server.database.db.select().from(users).where(eq(users.usernameKey, "alice"));
    expect(row).toMatchObject({ username: "Alice", role: "cgestaff", email: "Alice@example.test" });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const [inv] = await server.database.db.select().from(invitations).where(eq(invitations.code, code));
    expect(inv!.usedBy).toBe(row!.id);
    expect(inv!.usedAt).not.toBeNull();
  });

  it("refuses a code that was already used", async () => {
    const code = await server.invite();
    expect((await new Client(server.url).register("bob1", code)).status).toBe(200);
    const again = await new Client(server.url).register("bob2", code);
    expect(again).toMatchObject({ status: 400, text: "This invitation code has already been used." });
  });

  it("refuses unknown and expired codes", async () => {
    const unknown = await new Client(server.url).register("carol", "ZZZZZZZZZZ");
    expect(unknown).toMatchObject({ status: 400, text: "Invalid invitation code." });
    const code = await server.invite();
    await server.database.db
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(invitations.code, code));
    expect((await new Client(server.url).register("carol", code)).text).toBe(
      "This invitation code has expired.",
    );
  });

  it("accepts a code typed in lower case with spaces around it", async () => {
    const code = await server.invite();
    expect((await new Client(server.url).register("dave", ` ${code.toLowerCase()} `)).status).toBe(200);
  });

  it("gives exactly one user when two registrations race for one code", async () => {
    const code = await server.invite();
    const results = await Promise.all(
      ["racer1", "racer2", "racer3", "racer4"].map((n) => new Client(server.url).register(n, code)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400).map((r) => r.text)).toEqual(
      Array(3).fill("This invitation code has already been used."),
    );
    const racers = await server.database.db.select().from(users).where(sql`${users.username} like 'racer%'`);
    expect(racers).toHaveLength(1);
  });

  it("keeps names unique regardless of case, and leaves the code unused when refused", async () => {
    const code = await server.invite();
    const res = await new Client(server.url).register("ALICE", code);
    expect(res).toMatchObject({ status: 409, text: "The user name 'ALICE' is already taken." });
    const [inv] = await server.database.db.select().from(invitations).where(eq(invitations.code, code));
    expect(inv!.usedAt).toBeNull();
    expect((await new Client(server.url).register("alice-two", code)).status).toBe(200);
  });

  let caseNo = 0;
  it.each([
    [{ userName: "" }, "User name must be at least 3 characters."],
    [{ userName: "x".repeat(25) }, "User name must be at most 24 characters."],
    [
      { userName: "<b>bold</b>" },
      "User name may contain only letters, digits, '.', '-' and '_', and must start with a letter or digit.",
    ],
    [{ userPassword: "short" }, "Password must be at least 8 characters."],
    [{ userPassword: "p".repeat(129) }, "Password must be at most 128 characters."],
    [{ email: "not-an-email" }, "Email address is not valid."],
    [{ email: `${"e".repeat(250)}@x.io` }, "Email address must be at most 254 characters."],
    [{ inviteCode: "ABC" }, "Invitation code must be 10 characters."],
    [{ inviteCode: undefined }, "Invitation code is required."],
  ])("refuses %o with a clear message", async (override, message) => {
    const code = await server.invite();
    // A name per case: the per-name limit must not be what answers.
    const body = {
      userName: `valid_${++caseNo}`,
      userPassword: "long enough pw",
      inviteCode: code,
      email: "v@example.test",
      ...override,
    };
    const res = await new Client(server.url).post("/api/registerUser", body);
    expect(res).toMatchObject({ status: 400, text: message });
  });

  it("accepts names in other scripts", async () => {
    const body = {
      userName: "Zoë_Ünal",
      userPassword: "long enough pw",
      inviteCode: await server.invite(),
      email: "zoe@example.test",
    };
    expect((await new Client(server.url).post("/api/registerUser", body)).status).toBe(200);
  });
});

describe("login, sessions and logout", () => {
  it("logs in, answers pingLogin, and logs out on the server", async () => {
    const c = new Client(server.url);
    await c.register("erin", await server.invite());
    expect((await c.get("/api/pingLogin")).status).toBe(401);
    const login = await c.login("ERIN");
    expect(login.status).toBe(200);
    expect(login.json()).toEqual({ username: "erin", role: "user" });
    const ping = await c.get("/api/pingLogin");
    expect(ping.json()).toEqual({ username: "erin", role: "user", serverEnv: "test" });

    const stolen = c.cookie;
    expect((await c.post("/api/logout")).status).toBe(200);
    expect((await c.get("/api/pingLogin")).status).toBe(401);
    // The old cookie is dead on the server, not merely forgotten by the browser.
    const replay = new Client(server.url);
    replay.cookie = stolen;
    expect((await replay.get("/api/pingLogin")).status).toBe(401);
  });

  it("sets an httpOnly SameSite cookie and a new session id at every login", async () => {
    const c = new Client(server.url);
    await c.register("frank", await server.invite());
    const res = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userName: "frank", userPassword: "correct horse battery" }),
    });
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain HTTP here; 'auto' turns it on behind TLS

    await c.login("frank");
    const first = c.cookie;
    await c.login("frank");
    expect(c.cookie).not.toBe(first);
    const old = new Client(server.url);
    old.cookie = first;
    expect((await old.get("/api/pingLogin")).status).toBe(401);
  });

  it("answers a wrong password or unknown user with the same text", async () => {
    const c = new Client(server.url);
    await c.register("gina", await server.invite());
    expect(await c.login("gina", "wrong password")).toMatchObject({
      status: 401,
      text: "Wrong user name or password.",
    });
    expect(await c.login("nobody-here")).toMatchObject({ status: 401, text: "Wrong user name or password." });
  });

  it("expires idle sessions", async () => {
    const c = new Client(server.url);
    await c.register("hank", await server.invite());
    await c.login("hank");
    expect((await c.get("/api/pingLogin")).status).toBe(200);
    await server.database.db.update(sessions).set({ lastSeenAt: sql`now() - interval '15 days'` });
    // Made outside the server, the change is seen once the instance's read of the session is older
    // than SESSION_CACHE_MS (a logout through the server is seen at once: see the logout test).
    await new Promise((r) => setTimeout(r, 350));
    expect((await c.get("/api/pingLogin")).status).toBe(401);
  });

  it("limits login attempts per user name", async () => {
    const c = new Client(server.url);
    await c.register("ivan", await server.invite());
    for (let i = 0; i < 5; i++) expect((await c.login("ivan", "bad password")).status).toBe(401);
    const limited = await c.login("ivan");
    expect(limited).toMatchObject({
      status: 429,
      text: "Too many login attempts for this user. Try again later.",
    });
  });

  it("refuses a cross-origin state-changing request", async () => {
    const c = new Client(server.url);
    const res = await c.post(
      "/api/login",
      { userName: "x", userPassword: "y" },
      { origin: "https://evil.example" },
    );
    expect(res).toMatchObject({ status: 403, text: "Cross-origin request refused." });
  });
});

describe("rate limit per IP", () => {
  it("limits registration and login per address", async () => {
    const limited = await startTestServer({ RATE_LIMIT_PER_IP: "3" });
    try {
      const c = new Client(limited.url);
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await c.login(`someone${i}`)).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("rate limit per user name on registration", () => {
  it("stops repeated registration attempts for one name", async () => {
    const c = new Client(server.url);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await c.register("greedy_name", "WRONGCODE1")).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
