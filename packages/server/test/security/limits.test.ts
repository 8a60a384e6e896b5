import type { TableRejectMessage } from "@tt/protocol";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HSTS_MAX_AGE_SECONDS } from "../../src/app";
import { tableEvents, tables } from "../../src/db/schema";
import { TOO_FAST } from "../../src/realtime/table";
import { Client } from "../harness";
import {
  GAME,
  member,
  nextEvent,
  openSocket,
  openTable,
  PASSWORD,
  png,
  postForm,
  type SecurityServer,
  sandboxTable,
  startSecurityServer,
} from "./world";

// Rate limits, cookie flags, Origin checks and security headers (DESIGN.md 'Security model').
// Two servers: one as `npm start` runs it on plain http, one behind a TLS proxy (PUBLIC_URL https,
// TRUST_PROXY), whose X-Forwarded-For also lets each test knock from an address of its own. The shipped
// projects are public here: these tests are about who knocks how often and how, not about roles.

const PUBLIC_URL = "https://games.example.test";
let plain: SecurityServer;
let proxied: SecurityServer;

beforeAll(async () => {
  [plain, proxied] = await Promise.all([
    startSecurityServer({ TURN_RATE_PER_SECOND: "5", TURN_BURST: "10" }),
    startSecurityServer({
      PUBLIC_URL,
      TRUST_PROXY: "true",
      RATE_LIMIT_PER_IP: "5",
      RATE_LIMIT_PER_NAME: "3",
    }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([plain?.close(), proxied?.close()]);
});

/** A user of the proxied server registered and logged in from the address `ip`. */
async function memberFrom(ip: string, name: string): Promise<Client> {
  const c = new Client(proxied.url);
  const code = await proxied.invite("user");
  const reg = await c.post(
    "/api/registerUser",
    { userName: name, userPassword: PASSWORD, inviteCode: code, email: `${name}@example.test` },
    from(ip),
  );
  expect(reg.status).toBe(200);
  expect((await c.post("/api/login", { userName: name, userPassword: PASSWORD }, from(ip))).status).toBe(200);
  return c;
}

/** A request from the address `ip`, as the proxy reports it. */
function from(ip: string, headers: Record<string, string> = {}) {
  return { "x-forwarded-for": ip, ...headers };
}

describe("rate limits on login and registration", () => {
  it("refuses the sixth login a minute from one address, and only from that address", async () => {
    const c = new Client(proxied.url);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await c.post(
        "/api/login",
        { userName: `nobody${i}`, userPassword: "wrong password" },
        from("10.1.0.1"),
      );
      statuses.push(res.status);
      if (i === 5) expect(res.text).toBe("Too many requests. Try again in a minute.");
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const elsewhere = await c.post("/api/login", { userName: "nobody", userPassword: "x" }, from("10.1.0.2"));
    expect(elsewhere.status).toBe(401);
  });

  it("refuses a guesser's address for that user, right password included, and nobody else", async () => {
    await memberFrom("10.2.0.100", "victim");
    const c = new Client(proxied.url);
    const guess = (ip: string, password = "not the password") =>
      c.post("/api/login", { userName: "Victim", userPassword: password }, from(ip));
    for (let i = 1; i <= 3; i++) expect((await guess("10.2.0.1")).status).toBe(401);
    const refused = await guess("10.2.0.1");
    expect(refused).toMatchObject({
      status: 429,
      text: "Too many login attempts for this user. Try again later.",
    });
    // The window holds even for the right password there: a guesser cannot tell when they hit it.
    expect((await guess("10.2.0.1", PASSWORD)).status).toBe(429);
    // The owner is not locked out by someone else's guesses, from a known address or a new one.
    expect((await guess("10.2.0.100", PASSWORD)).status).toBe(200);
    expect((await guess("10.2.0.2", PASSWORD)).status).toBe(200);
    // Nobody else is locked out either.
    expect(
      (await c.post("/api/login", { userName: "tester2", userPassword: "x" }, from("10.2.0.9"))).status,
    ).toBe(401);
  });

  it("stops a guess spread over many addresses at ten times the limit, except from the user's own", async () => {
    await memberFrom("10.8.0.100", "target");
    const c = new Client(proxied.url);
    const guess = (ip: string, password = "not the password") =>
      c.post("/api/login", { userName: "target", userPassword: password }, from(ip));
    // RATE_LIMIT_PER_NAME=3 here: 3 failures from each of 10 addresses reach the ceiling of 30.
    for (let bot = 1; bot <= 10; bot++)
      for (let i = 0; i < 3; i++) expect((await guess(`10.8.0.${bot}`)).status).toBe(401);
    expect((await guess("10.8.0.50")).status).toBe(429);
    expect((await guess("10.8.0.51", PASSWORD)).status).toBe(429);
    expect((await guess("10.8.0.100", PASSWORD)).status).toBe(200);
  });

  it("limits registrations per address and per user name", async () => {
    const c = new Client(proxied.url);
    const register = (ip: string, userName: string) =>
      c.post(
        "/api/registerUser",
        { userName, userPassword: PASSWORD, inviteCode: "ABCDEFGHJK", email: "x@example.test" },
        from(ip),
      );
    const perIp: number[] = [];
    for (let i = 0; i < 6; i++) perIp.push((await register("10.3.0.1", `newbie${i}`)).status);
    expect(perIp).toEqual([400, 400, 400, 400, 400, 429]);
    const perName: number[] = [];
    for (let i = 1; i <= 4; i++) perName.push((await register(`10.4.0.${i}`, "wanted")).status);
    expect(perName).toEqual([400, 400, 400, 429]);
    expect((await register("10.4.0.9", "wanted")).text).toBe(
      "Too many registration attempts for this user name. Try again later.",
    );
  });
});

describe("the session cookie", () => {
  const cookieOf = async (server: SecurityServer, name: string, headers: Record<string, string> = {}) => {
    await member(server, name);
    const res = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ userName: name, userPassword: PASSWORD }),
    });
    expect(res.status).toBe(200);
    return res.headers.getSetCookie().find((c) => c.startsWith("tt_session="))!;
  };

  it("is HttpOnly and SameSite=Lax, and not Secure on plain http", async () => {
    const cookie = await cookieOf(plain, "cookie_plain");
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/; Secure/i);
    // Without TRUST_PROXY a client's X-Forwarded-Proto is not believed either way.
    expect(await cookieOf(plain, "cookie_spoof", { "x-forwarded-proto": "https" })).not.toMatch(/; Secure/i);
  });

  it("is Secure when the public address is https", async () => {
    const cookie = await cookieOf(proxied, "cookie_tls", from("10.5.0.1", { origin: PUBLIC_URL }));
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
  });

  it("is cleared on logout and the session is gone on the server", async () => {
    const c = await member(plain, "cookie_out");
    const stolen = c.cookie;
    await c.post("/api/logout");
    const replay = await fetch(`${plain.url}/api/pingLogin`, { headers: { cookie: stolen } });
    expect(replay.status).toBe(401);
  });
});

describe("Origin checks", () => {
  it("refuses a cross-origin POST, with or without a session, and changes nothing", async () => {
    const c = await member(plain, "origin_user");
    const evil = { origin: "https://evil.example" };
    expect(await c.post("/api/user-bio/?username=origin_user", { bioText: "pwned" }, evil)).toMatchObject({
      status: 403,
      text: "Cross-origin request refused.",
    });
    expect((await c.get("/api/user-bio/?username=origin_user")).text).toBe("");
    expect(
      (await c.post("/api/login", { userName: "origin_user", userPassword: PASSWORD }, evil)).status,
    ).toBe(403);
    expect(
      (await c.post("/api/user-bio/?username=origin_user", { bioText: "mine" }, { origin: "null" })).status,
    ).toBe(403);
    const upload = await postForm(
      c,
      `/api/projects/${GAME}/upload-assets`,
      {},
      { assets: [png(), "x.png"] },
      evil,
    );
    expect(upload.status).toBe(403);
    // The site's own pages pass: same host, or the configured public address behind a proxy.
    const own = await c.post(
      "/api/user-bio/?username=origin_user",
      { bioText: "mine" },
      { origin: plain.url },
    );
    expect(own.status).toBe(200);
    const p = await member(proxied, "origin_proxied");
    const viaProxy = await p.post(
      "/api/user-bio/?username=origin_proxied",
      { bioText: "ok" },
      from("10.6.0.1", { origin: PUBLIC_URL }),
    );
    expect(viaProxy.status).toBe(200);
  });

  it("refuses the spec's state-changing GETs when another site started them (a link or an image)", async () => {
    const c = await member(plain, "origin_creator");
    const tableId = await openTable(c);
    const erase = `/api/projects/${GAME}/erase-table/${tableId}`;
    const crossSite = await c.request("GET", erase, undefined, { "sec-fetch-site": "cross-site" });
    expect(crossSite).toMatchObject({ status: 403, text: "Cross-site request refused." });
    expect((await c.request("GET", erase, undefined, { "sec-fetch-site": "same-site" })).status).toBe(403);
    const [still] = await plain.database.db.select().from(tables).where(eq(tables.id, tableId));
    expect(still).toBeDefined();
    expect((await c.request("GET", erase, undefined, { "sec-fetch-site": "same-origin" })).status).toBe(200);
  });

  it("compares the scheme too: the site's host over the other scheme is another site", async () => {
    const c = await member(plain, "origin_scheme");
    const bio = "/api/user-bio/?username=origin_scheme";
    const httpsTwin = plain.url.replace(/^http:/, "https:");
    expect(await c.post(bio, { bioText: "via https twin" }, { origin: httpsTwin })).toMatchObject({
      status: 403,
      text: "Cross-origin request refused.",
    });
    await expect(openSocket(plain, c, { origin: httpsTwin })).rejects.toThrow();
    expect((await c.get(bio)).text).toBe("");

    // Behind the TLS proxy (TRUST_PROXY): the request came over https, so an http page of the same
    // host is refused, and an https one passes; PUBLIC_URL only with its own scheme.
    const p = await memberFrom("10.7.0.1", "origin_scheme_tls");
    const tlsBio = "/api/user-bio/?username=origin_scheme_tls";
    const overTls = (origin: string) => from("10.7.0.1", { origin, "x-forwarded-proto": "https" });
    const host = new URL(proxied.url).host;
    expect((await p.post(tlsBio, { bioText: "x" }, overTls(`http://${host}`))).status).toBe(403);
    expect(
      (await p.post(tlsBio, { bioText: "x" }, overTls(PUBLIC_URL.replace("https:", "http:")))).status,
    ).toBe(403);
    expect((await p.post(tlsBio, { bioText: "ok" }, overTls(`https://${host}`))).status).toBe(200);
    const s = await openSocket(proxied, p, overTls(`https://${host}`));
    expect(s.connected).toBe(true);
    s.close();
    await expect(openSocket(proxied, p, overTls(`http://${host}`))).rejects.toThrow();
  });

  it("refuses a socket handshake from another site's page", async () => {
    const c = await member(plain, "origin_socket");
    await expect(openSocket(plain, c, { origin: "https://evil.example" })).rejects.toThrow();
    const s = await openSocket(plain, c, { origin: plain.url });
    expect(s.connected).toBe(true);
    s.close();
  });
});

describe("security headers", () => {
  it("sends CSP, nosniff, frame and referrer policies on pages, API answers and errors", async () => {
    const c = await member(plain, "headers_user");
    for (const path of ["/", "/api/pingLogin", "/api/no-such-route", "/projects/x/table/y"]) {
      const res = await fetch(plain.url + path, { headers: { cookie: c.cookie } });
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("frame-ancestors 'self'");
      expect(csp, path).toContain("base-uri 'self'");
      expect(csp, path).not.toContain("unsafe-eval");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("x-frame-options"), path).toBe("SAMEORIGIN");
      expect(res.headers.get("referrer-policy"), path).toBe("no-referrer");
    }
  });
});

describe("Strict-Transport-Security", () => {
  it("is sent for a year when the public address is https, and never on plain http", async () => {
    const c = await member(plain, "hsts_user");
    for (const path of ["/", "/api/pingLogin", "/api/no-such-route"]) {
      const secure = await fetch(proxied.url + path, { headers: from("10.6.0.1") });
      expect(secure.headers.get("strict-transport-security"), path).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}`);
      const open = await fetch(plain.url + path, { headers: { cookie: c.cookie } });
      expect(open.headers.get("strict-transport-security"), path).toBeNull();
    }
    expect(HSTS_MAX_AGE_SECONDS).toBe(31_536_000);
  });
});

describe("turn submission rate", () => {
  it("refuses a socket flooding game-move with a clear reason; others play on and the server answers", async () => {
    const flooder = await member(plain, "flooder");
    const calm = await member(plain, "calm");
    const { tableId } = await sandboxTable(flooder, false);
    const f = await openSocket(plain, flooder);
    const k = await openSocket(plain, calm);
    try {
      const rejects: TableRejectMessage[] = [];
      f.on("table-event-reject", (r: TableRejectMessage) => rejects.push(r));
      await f.emitWithAck("table-subscribe", { tableId, lastSeq: -1 });
      await k.emitWithAck("table-subscribe", { tableId, lastSeq: -1 });
      const roll = { kind: "press state button", button: "roll" };
      const started = Date.now();
      for (let i = 0; i < 200; i++) {
        f.emit("game-move", {
          tableId,
          moveId: 0,
          turnUID: `flood-${i}`,
          actions: [roll],
          seat: "alwaysactive",
        });
      }
      // While the flood is refused, HTTP answers at once.
      const t0 = Date.now();
      expect((await calm.get("/api/pingLogin")).status).toBe(200);
      expect(Date.now() - t0).toBeLessThan(2000);
      await expect.poll(() => rejects.length, { timeout: 10_000 }).toBe(199);
      const elapsed = (Date.now() - started) / 1000;
      const tooFast = rejects.filter((r) => r.reason === TOO_FAST).length;
      // At most the burst (10) plus what refilled meanwhile (5 a second) were looked at.
      expect(tooFast).toBeGreaterThanOrEqual(200 - 10 - Math.ceil(elapsed * 5) - 1);
      expect(rejects.every((r) => r.reason === TOO_FAST || r.reason === "outOfSync")).toBe(true);
      const logged = await plain.database.db
        .select()
        .from(tableEvents)
        .where(eq(tableEvents.tableId, tableId));
      expect(logged).toHaveLength(1);

      // Another player is not starved by the flood.
      const played = nextEvent<{ event?: { turnUID: string } }>(
        k,
        "table-event",
        (m) => m.event?.turnUID === "calm-1",
      );
      k.emit("game-move", { tableId, moveId: 1, turnUID: "calm-1", actions: [roll], seat: "alwaysactive" });
      expect(await played).not.toBeNull();
      // The bucket refills: after a pause the flooder may play again.
      await new Promise((r) => setTimeout(r, 600));
      const again = nextEvent<{ event?: { turnUID: string } }>(
        f,
        "table-event",
        (m) => m.event?.turnUID === "back",
      );
      f.emit("game-move", { tableId, moveId: 2, turnUID: "back", actions: [roll], seat: "alwaysactive" });
      expect(await again).not.toBeNull();
    } finally {
      f.close();
      k.close();
    }
  });
});
