import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushSubscriptions, settings, users } from "../src/db/schema";
import {
  createPushService,
  encodePayload,
  endpointProblem,
  loadOrCreateVapidKeys,
  MAX_SUBSCRIPTIONS_PER_USER,
  type PushLogger,
  type PushService,
  playerJoinedMessage,
  tableStartedMessage,
  VAPID_SETTINGS_KEY,
  yourTurnMessage,
} from "../src/push";
import { Client, freshDatabase, startTestServer, type TestServer } from "./harness";
import { BrowserKeys, FakePushService, verifyVapid } from "./push/fakePushService";

const logged: string[] = [];
const log: PushLogger = {
  info: (_o, msg) => logged.push(msg),
  warn: (_o, msg) => logged.push(msg),
  error: (_o, msg) => logged.push(msg),
};

let server: TestServer;
let fake: FakePushService;
let push: PushService;
let alice: Client;
let bob: Client;

async function newUser(name: string): Promise<Client> {
  const client = new Client(server.url);
  expect((await client.register(name, await server.invite())).status).toBe(200);
  expect((await client.login(name)).status).toBe(200);
  return client;
}

async function subscriptionsOf(name: string) {
  return server.database.db
    .select({ endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(eq(users.usernameKey, name.toLowerCase()));
}

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: "1000" });
  fake = await new FakePushService().start();
  // The same database as the app, so the same stored VAPID keys: as the lead's lobby code would use it.
  push = createPushService(server.database.db, { serverEnv: "test", log, concurrency: 3 });
  alice = await newUser("Alice");
  bob = await newUser("bob");
});
afterAll(async () => {
  await fake.close();
  await server.close();
});

describe("anonymous users", () => {
  it("are refused the key, subscribe and unsubscribe", async () => {
    const anon = new Client(server.url);
    const sub = new BrowserKeys().subscription(fake.endpoint("anon"));
    expect(await anon.get("/api/push-key")).toMatchObject({ status: 401, text: "You are not logged in." });
    expect(await anon.post("/api/subscribe", sub)).toMatchObject({
      status: 401,
      text: "You are not logged in.",
    });
    expect((await anon.post("/api/unsubscribe", { endpoint: sub.endpoint })).status).toBe(401);
    expect((await anon.request("DELETE", "/api/unsubscribe", { endpoint: sub.endpoint })).status).toBe(401);
  });
});

describe("GET /api/push-key", () => {
  it("answers the stored VAPID public key, an uncompressed P-256 point", async () => {
    const res = await alice.get("/api/push-key");
    expect(res.status).toBe(200);
    const { publicKey } = res.json() as { publicKey: string };
    const raw = Buffer.from(publicKey, "base64url");
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(4);
    const [row] = await server.database.db
      .select()
      .from(settings)
      .where(eq(settings.key, VAPID_SETTINGS_KEY));
    expect(row!.value).toMatchObject({ publicKey });
    expect(await push.publicKey()).toBe(publicKey);
  });

  it("keeps the keys across a restart on the same database", async () => {
    const before = (await alice.get("/api/push-key")).json() as { publicKey: string };
    const second = await startTestServer({}, server.database);
    const third = await startTestServer({}, server.database);
    try {
      const carol = new Client(second.url);
      await carol.register("carol", await second.invite());
      await carol.login("carol");
      expect((await carol.get("/api/push-key")).json()).toEqual(before);
      await second.close();
      expect((await new Client(third.url).get("/api/push-key")).status).toBe(401);
      const rows = await server.database.db
        .select()
        .from(settings)
        .where(eq(settings.key, VAPID_SETTINGS_KEY));
      expect(rows).toHaveLength(1);
      expect(await createPushService(server.database.db, { serverEnv: "test", log }).publicKey()).toBe(
        before.publicKey,
      );
    } finally {
      await third.close();
    }
  });

  it("generates exactly one key pair when several starts race on an empty database", async () => {
    const database = await freshDatabase();
    try {
      const pairs = await Promise.all([1, 2, 3, 4].map(() => loadOrCreateVapidKeys(database.db)));
      expect(new Set(pairs.map((p) => p.publicKey)).size).toBe(1);
      expect(new Set(pairs.map((p) => p.privateKey)).size).toBe(1);
    } finally {
      await database.close();
    }
  });
});

describe("POST /api/subscribe validation", () => {
  const keys = new BrowserKeys();
  const valid = () => keys.subscription(fake.endpoint("validation"));
  const cases: [string, () => unknown, string][] = [
    ["no body", () => undefined, "Send the browser's push subscription as a JSON object."],
    ["a string", () => "hello", "Send the browser's push subscription as a JSON object."],
    ["no endpoint", () => ({ ...valid(), endpoint: undefined }), "The subscription endpoint is missing."],
    [
      "a non-URL endpoint",
      () => ({ ...valid(), endpoint: "push me" }),
      "The subscription endpoint is not a valid URL.",
    ],
    [
      "an http endpoint elsewhere",
      () => ({ ...valid(), endpoint: "http://push.example.com/x" }),
      "The subscription endpoint must be an https URL.",
    ],
    [
      "an https IP literal",
      () => ({ ...valid(), endpoint: "https://10.0.0.1/x" }),
      "The subscription endpoint must be a push service on the internet.",
    ],
    [
      "no keys",
      () => ({ endpoint: valid().endpoint }),
      "The subscription keys (p256dh and auth) are missing.",
    ],
    [
      "a short p256dh",
      () => ({ ...valid(), keys: { ...valid().keys, p256dh: "AAAA" } }),
      "The subscription key p256dh must be a base64url P-256 public key (65 bytes).",
    ],
    [
      "a bad auth",
      () => ({ ...valid(), keys: { ...valid().keys, auth: "not base64!" } }),
      "The subscription key auth must be 16 bytes, base64url encoded.",
    ],
    [
      "a missing auth",
      () => ({ ...valid(), keys: { p256dh: keys.p256dh } }),
      "The subscription key auth is missing.",
    ],
  ];
  it.each(cases)("refuses %s with a clear message", async (_name, body, message) => {
    const res = await alice.post("/api/subscribe", body());
    expect(res).toMatchObject({ status: 400, text: message });
  });

  it("accepts a real https endpoint and the browser's JSON as is", async () => {
    const sub = keys.subscription("https://fcm.googleapis.com/fcm/send/abc:def");
    expect(await alice.post("/api/subscribe", sub)).toMatchObject({
      status: 200,
      text: "Notifications are on.",
    });
    expect((await alice.post("/api/unsubscribe", { endpoint: sub.endpoint })).text).toBe(
      "Notifications are off.",
    );
  });

  it("allows http://127.0.0.1 only in the test and dev environments", () => {
    expect(endpointProblem("http://127.0.0.1:9/x", "test")).toBeUndefined();
    expect(endpointProblem("http://127.0.0.1:9/x", "dev")).toBeUndefined();
    expect(endpointProblem("http://127.0.0.1:9/x", "production")).toBe(
      "The subscription endpoint must be an https URL.",
    );
    expect(endpointProblem("https://localhost/x", "production")).toBe(
      "The subscription endpoint must be a push service on the internet.",
    );
    expect(endpointProblem("https://[::1]/x", "test")).toBe(
      "The subscription endpoint must be a push service on the internet.",
    );
    expect(
      endpointProblem("https://updates.push.services.mozilla.com/wpush/v2/x", "production"),
    ).toBeUndefined();
  });
});

describe("delivery end to end", () => {
  it("encrypts the payload for the browser, signs with VAPID and sets TTL", async () => {
    const browser = new BrowserKeys();
    expect((await alice.post("/api/subscribe", browser.subscription(fake.endpoint("alice-1")))).status).toBe(
      200,
    );
    const message = tableStartedMessage({ projectSlug: "chess", projectName: "Chess", tableId: "t42" });
    expect(await push.notifyUsers(["ALICE"], message)).toEqual({ sent: 1, removed: 0, failed: 0 });

    const [got] = fake.for("alice-1");
    expect(got).toBeDefined();
    expect(got!.headers["content-encoding"]).toBe("aes128gcm");
    expect(got!.headers.ttl).toBe("3600");
    expect(got!.headers.urgency).toBe("normal");
    expect(got!.headers.topic).toBe("table-t42");
    const { k, claims } = verifyVapid(got!.headers.authorization);
    expect(k).toBe(((await alice.get("/api/push-key")).json() as { publicKey: string }).publicKey);
    expect(claims.aud).toBe(fake.url);
    expect(claims.sub).toBe("mailto:admin@localhost");
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(claims.exp).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 3600);

    expect(JSON.parse(browser.decrypt(got!.body))).toEqual({
      title: "Your table has started",
      body: "Your Chess table t42 has started. Take your seat!",
      url: "/projects/chess/table/t42",
      tag: "table-t42",
    });
  });

  it("sends to every subscription of the named users and to nobody else, a few at a time", async () => {
    fake.maxInFlight = 0;
    fake.delayMs = 50;
    const browsers = Array.from({ length: 6 }, () => new BrowserKeys());
    for (const [i, b] of browsers.entries()) {
      const who = i < 4 ? bob : alice;
      expect((await who.post("/api/subscribe", b.subscription(fake.endpoint(`many-${i}`)))).status).toBe(200);
    }
    const result = await push.notifyUsers(
      ["bob", "bob", "nobody"],
      yourTurnMessage({ projectSlug: "chess", tableId: "t7", color: "red" }),
    );
    fake.delayMs = 0;
    expect(result).toEqual({ sent: 4, removed: 0, failed: 0 });
    expect(fake.maxInFlight).toBeGreaterThan(1);
    expect(fake.maxInFlight).toBeLessThanOrEqual(3);
    for (const i of [0, 1, 2, 3]) {
      const [got] = fake.for(`many-${i}`);
      expect(JSON.parse(browsers[i]!.decrypt(got!.body))).toMatchObject({
        title: "It is your turn",
        tag: "turn-t7",
      });
    }
    expect(fake.for("many-4")).toHaveLength(0);
    expect(fake.for("many-5")).toHaveLength(0);
  });

  it("updates the keys when the same endpoint subscribes again", async () => {
    const first = new BrowserKeys();
    const second = new BrowserKeys();
    const endpoint = fake.endpoint("resubscribe");
    await alice.post("/api/subscribe", first.subscription(endpoint));
    // Another login in the same browser takes the endpoint over.
    await bob.post("/api/subscribe", second.subscription(endpoint));
    const rows = await server.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.p256dh).toBe(second.p256dh);
    await push.notifyUsers(
      ["alice"],
      playerJoinedMessage({ projectSlug: "chess", tableId: "t1", username: "bob" }),
    );
    expect(fake.for("resubscribe")).toHaveLength(0);
    await push.notifyUsers(
      ["bob"],
      playerJoinedMessage({ projectSlug: "chess", tableId: "t1", username: "Zed" }),
    );
    const [got] = fake.for("resubscribe");
    expect(JSON.parse(second.decrypt(got!.body)).body).toBe("Zed joined your chess table t1.");
    await bob.post("/api/unsubscribe", { endpoint });
  });

  it("removes subscriptions the push service answers 410 or 404 to, keeps them on other errors", async () => {
    const dave = await newUser("dave");
    const names = ["gone", "missing", "broken", "fine"];
    const browsers = names.map(() => new BrowserKeys());
    for (const [i, name] of names.entries()) {
      await dave.post("/api/subscribe", browsers[i]!.subscription(fake.endpoint(name)));
    }
    fake.statusFor.set("/push/gone", 410);
    fake.statusFor.set("/push/missing", 404);
    fake.statusFor.set("/push/broken", 500);
    const result = await push.notifyUsers(
      ["dave"],
      tableStartedMessage({ projectSlug: "chess", tableId: "t9" }),
    );
    expect(result).toEqual({ sent: 1, removed: 2, failed: 1 });
    expect((await subscriptionsOf("dave")).map((r) => r.endpoint).sort()).toEqual(
      [fake.endpoint("broken"), fake.endpoint("fine")].sort(),
    );
    expect(logged).toContain("push: push service refused the message");
  });

  it("never throws into the caller: unreachable services and bad input are logged", async () => {
    const erin = await newUser("erin");
    const dead = new FakePushService();
    await dead.start();
    const endpoint = dead.endpoint("dead");
    await dead.close();
    await erin.post("/api/subscribe", new BrowserKeys().subscription(endpoint));
    const quick = createPushService(server.database.db, { serverEnv: "test", log, timeoutMs: 2000 });
    await expect(
      quick.notifyUsers(["erin"], yourTurnMessage({ projectSlug: "x", tableId: "y" })),
    ).resolves.toEqual({
      sent: 0,
      removed: 0,
      failed: 1,
    });
    expect(logged).toContain("push: send failed");
    await expect(quick.notifyUsers([], yourTurnMessage({ projectSlug: "x", tableId: "y" }))).resolves.toEqual(
      {
        sent: 0,
        removed: 0,
        failed: 0,
      },
    );
    await expect(
      quick.notifyUsers(null as unknown as string[], yourTurnMessage({ projectSlug: "x", tableId: "y" })),
    ).resolves.toEqual({ sent: 0, removed: 0, failed: 0 });
    expect(logged).toContain("push: notifyUsers failed");
  });
});

describe("unsubscribe", () => {
  it("removes one subscription by POST or DELETE, only the caller's own", async () => {
    const a = fake.endpoint("unsub-a");
    const b = fake.endpoint("unsub-b");
    await alice.post("/api/subscribe", new BrowserKeys().subscription(a));
    await alice.post("/api/subscribe", new BrowserKeys().subscription(b));
    expect(await bob.post("/api/unsubscribe", { endpoint: a })).toMatchObject({
      status: 200,
      text: "No such subscription.",
    });
    expect(await alice.post("/api/unsubscribe", { endpoint: a })).toMatchObject({
      status: 200,
      text: "Notifications are off.",
    });
    expect(await alice.request("DELETE", "/api/unsubscribe", { endpoint: b })).toMatchObject({
      status: 200,
      text: "Notifications are off.",
    });
    const left = (await subscriptionsOf("alice")).map((r) => r.endpoint);
    expect(left).not.toContain(a);
    expect(left).not.toContain(b);
    expect(await alice.post("/api/unsubscribe", {})).toMatchObject({
      status: 400,
      text: "The subscription endpoint is missing.",
    });
  });

  it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_USER} subscriptions per user, dropping the oldest`, async () => {
    const frank = await newUser("frank");
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_USER + 2; i++) {
      expect(
        (await frank.post("/api/subscribe", new BrowserKeys().subscription(fake.endpoint(`cap-${i}`))))
          .status,
      ).toBe(200);
    }
    const left = (await subscriptionsOf("frank")).map((r) => r.endpoint);
    expect(left).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
    expect(left).not.toContain(fake.endpoint("cap-0"));
    expect(left).not.toContain(fake.endpoint("cap-1"));
    expect(left).toContain(fake.endpoint(`cap-${MAX_SUBSCRIPTIONS_PER_USER + 1}`));
  });
});

describe("message builders", () => {
  const table = { projectSlug: "slow-machines", projectName: "Slow Machines", tableId: "AbC123" };
  it("table started", () => {
    expect(tableStartedMessage(table)).toEqual({
      title: "Your table has started",
      body: "Your Slow Machines table AbC123 has started. Take your seat!",
      url: "/projects/slow-machines/table/AbC123",
      tag: "table-AbC123",
    });
  });
  it("player joined", () => {
    expect(playerJoinedMessage({ ...table, username: "Mia", color: "blue" })).toEqual({
      title: "A new player joined your table",
      body: "Mia joined your Slow Machines table AbC123 as blue.",
      url: "/projects/slow-machines?openSection=join",
      tag: "join-AbC123",
    });
  });
  it("your turn, falling back to the slug for the name", () => {
    expect(yourTurnMessage({ projectSlug: "chess", tableId: "t 1", color: "white" })).toEqual({
      title: "It is your turn",
      body: "It is your turn (white) at the chess table t 1.",
      url: "/projects/chess/table/t%201",
      tag: "turn-t 1",
    });
  });
  it("cuts an over-long body so the encrypted message fits a push record", () => {
    const payload = encodePayload({ title: "t", body: "x".repeat(10_000), url: "/" });
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(3000);
    expect(JSON.parse(payload).body).toMatch(/^x+…$/);
  });
});

describe("configuration", () => {
  it("refuses a VAPID subject that is not mailto: or https:", () => {
    expect(() => createPushService(server.database.db, { serverEnv: "test", vapidSubject: "admin" })).toThrow(
      "VAPID_SUBJECT must be a mailto: or https: URL, got 'admin'.",
    );
    expect(() =>
      createPushService(server.database.db, {
        serverEnv: "test",
        vapidSubject: "https://example.com/contact",
      }),
    ).not.toThrow();
  });
});
