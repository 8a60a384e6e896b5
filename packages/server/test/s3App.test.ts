import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { mintInvitations } from "../src/auth/invitations";
import { loadConfig } from "../src/config";
import type { Database } from "../src/db/connect";
import { seedProjects } from "../src/projects/projects";
import { createStorage, S3Storage } from "../src/storage";
import { Client, freshDatabase } from "./harness";
import { startS3Server, TEST_S3, type TestS3Server } from "./s3Server";

// The whole app on S3 storage, chosen the way an operator configures it: S3_* set, STORAGE left unset
// (docs/operations.md). A global asset goes in through the upload route, lands in the bucket of a real
// S3-compatible server (test/s3Server.ts), and comes back through /api/storage/{key}; nothing is written
// to the local disk.

let s3: TestS3Server;
let database: Database;
let close: () => Promise<void>;
let url: string;

beforeAll(async () => {
  s3 = await startS3Server();
  database = await freshDatabase();
  await seedProjects(database.db);
  const config = loadConfig({
    LOG_LEVEL: "silent",
    SERVER_ENV: "test",
    RATE_LIMIT_PER_IP: "1000",
    DATA_DIR: "/nonexistent/tt-s3-app",
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: TEST_S3.region,
    S3_BUCKET: TEST_S3.bucket,
    S3_ACCESS_KEY_ID: TEST_S3.accessKeyId,
    S3_SECRET_ACCESS_KEY: TEST_S3.secretAccessKey,
  });
  const storage = createStorage(config);
  expect(storage).toBeInstanceOf(S3Storage);
  const { app } = await buildApp(
    { config, database, buildId: "test-build", webDist: "/nonexistent", storage },
    false,
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  url = `http://127.0.0.1:${address.port}`;
  close = async () => {
    await app.close();
    await database.close();
  };
});
afterAll(async () => {
  await close?.();
  await s3?.close();
});

async function user(name: string, role: string): Promise<Client> {
  const [code] = await mintInvitations(database.db, { count: 1, role, createdBy: null, expiryMs: 60_000 });
  const client = new Client(url);
  expect((await client.register(name, code!)).status).toBe(200);
  expect((await client.login(name)).status).toBe(200);
  return client;
}

function png(): Buffer {
  const image = new PNG({ width: 3, height: 2 });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([10, 120, 200, 255], i);
  return PNG.sync.write(image);
}

describe("the app with S3 storage configured", () => {
  it("stores an uploaded global asset in the bucket and serves it back", async () => {
    const admin = await user("admin", "admin");
    const player = await user("player", "user");
    const bytes = png();
    const form = new FormData();
    form.append("assets", new Blob([bytes]), "board.png");
    const uploaded = await fetch(`${url}/api/projects/sandbox/upload-assets`, {
      method: "POST",
      body: form,
      headers: { cookie: admin.cookie },
    });
    expect({ status: uploaded.status, text: await uploaded.text() }).toEqual({
      status: 200,
      text: "Upload success",
    });

    // In the bucket, read by a client of its own.
    const key = "projects/sandbox/assets/board.png";
    const bucket = new S3Storage({ endpoint: s3.endpoint, ...TEST_S3 });
    const object = await bucket.get(key);
    expect(object?.contentType).toBe("image/png");
    expect(object?.bytes.equals(bytes)).toBe(true);
    expect(await bucket.list("projects/")).toEqual([key]);

    const listed = (await admin.get("/api/projects/sandbox/assets")).json();
    expect(listed).toMatchObject([{ name: "board.png", url: `/api/storage/${key}`, type: "image/png" }]);

    const served = await fetch(`${url}/api/storage/${key}`, { headers: { cookie: player.cookie } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
