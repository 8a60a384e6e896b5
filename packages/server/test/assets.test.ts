import { rmSync } from "node:fs";
import { ASSET_MAX_BYTES } from "@tt/protocol";
import { eq } from "drizzle-orm";
import { PNG } from "pngjs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { projects } from "../src/db/schema";
import { STORAGE_CSP } from "../src/http/assetRoutes";
import { Client, startTestServer, type TestServer } from "./harness";
import { lobbyWorld, type Role } from "./lobbyFixture";

// Global assets (admin-decks-editor.md sections 2, 6, 7): upload, list, erase, and the files served
// through GET /api/storage/* — against a real server with disk storage in a temporary directory.

let server: TestServer;
let as: Record<Role, Client>;
let anonymous: Client;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: "10000" });
  as = await lobbyWorld(server);
  anonymous = new Client(server.url);
  await server.database.db
    .update(projects)
    .set({ roles: { designer: ["designer"], mod: ["mod"], player: ["player"] } })
    .where(eq(projects.slug, "test-game"));
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.database.db.update(projects).set({ globalAssets: {} });
  rmSync(server.storage.root, { recursive: true, force: true });
});

function png(width = 4, height = 3): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([200, 30, 30, 255], i);
  return PNG.sync.write(image);
}

interface UploadFile {
  name: string;
  bytes: Buffer | string;
  field?: string;
}

async function upload(client: Client, files: UploadFile[], slug = "test-game") {
  const form = new FormData();
  for (const f of files) form.append(f.field ?? "assets", new Blob([f.bytes]), f.name);
  const res = await fetch(`${server.url}/api/projects/${slug}/upload-assets`, {
    method: "POST",
    body: form,
    headers: client.cookie ? { cookie: client.cookie } : {},
  });
  return { status: res.status, text: await res.text() };
}

const list = (client: Client, slug = "test-game") => client.get(`/api/projects/${slug}/assets`);
const erase = (client: Client, name: unknown, slug = "test-game") =>
  client.post(`/api/projects/${slug}/erase-asset`, { name });

async function fetchFile(client: Client, url: string) {
  const res = await fetch(server.url + url, { headers: client.cookie ? { cookie: client.cookie } : {} });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const stored = async (slug = "test-game") =>
  (await server.database.db.select().from(projects).where(eq(projects.slug, slug)))[0]!.globalAssets;

describe("uploading, listing and erasing global assets", () => {
  it("stores a PNG, lists it, serves it with its type, and erases it", async () => {
    const bytes = png(4, 3);
    expect(await upload(as.designer, [{ name: "card-back.png", bytes }])).toEqual({
      status: 200,
      text: "Upload success",
    });

    const listed = await list(as.designer);
    expect(listed.status).toBe(200);
    const [asset, ...rest] = listed.json();
    expect(rest).toEqual([]);
    expect(asset).toEqual({
      name: "card-back.png",
      url: "/api/storage/projects/test-game/assets/card-back.png",
      size: bytes.length,
      type: "image/png",
      width: 4,
      height: 3,
      uploadedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(Object.keys(await stored())).toEqual(["card-back.png"]);

    // Anyone who may view the project loads the file, as the table does.
    const file = await fetchFile(as.outsider, asset.url);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(bytes)).toBe(true);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("cache-control")).toBe("private, max-age=300");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");

    expect(await erase(as.designer, "card-back.png")).toMatchObject({
      status: 200,
      text: "card-back.png erased.",
    });
    expect((await list(as.designer)).json()).toEqual([]);
    expect(await stored()).toEqual({});
    expect((await fetchFile(as.outsider, asset.url)).status).toBe(404);
    expect(await server.storage.list("projects/test-game/")).toEqual([]);
  });

  it("takes several files at once, sorted by name, and replaces a file of the same name", async () => {
    const first = png(2, 2);
    expect(
      (
        await upload(as.designer, [
          { name: "b.png", bytes: first },
          { name: "a.png", bytes: png() },
        ])
      ).status,
    ).toBe(200);
    expect((await list(as.designer)).json().map((a: { name: string }) => a.name)).toEqual(["a.png", "b.png"]);
    const second = png(8, 8);
    expect((await upload(as.designer, [{ name: "b.png", bytes: second }])).status).toBe(200);
    const b = (await list(as.designer)).json()[1];
    expect(b).toMatchObject({ name: "b.png", size: second.length, width: 8 });
    expect((await fetchFile(as.designer, b.url)).bytes.equals(second)).toBe(true);
  });

  it("sanitises SVG and serves it with a script-forbidding content security policy", async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)">' +
      '<script>alert("x")</script><a href="https://evil.test/"><rect width="10" height="10"/></a></svg>';
    expect((await upload(as.admin, [{ name: "icon.svg", bytes: svg }])).status).toBe(200);
    const [asset] = (await list(as.admin)).json();
    expect(asset).toMatchObject({ type: "image/svg+xml", width: 10, height: 10 });
    const file = await fetchFile(as.player, asset.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/svg+xml");
    expect(file.headers.get("content-security-policy")).toBe(STORAGE_CSP);
    expect(STORAGE_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const text = file.bytes.toString("utf8");
    expect(text).toContain('<rect width="10" height="10"/>');
    expect(text).not.toMatch(/script|alert|onload|evil\.test/);
    expect(asset.size).toBe(file.bytes.length);
  });

  it("refuses bad files with a clear message, and stores nothing of a refused upload", async () => {
    const refused = async (files: UploadFile[], status: number, text: string | RegExp) => {
      const r = await upload(as.designer, files);
      expect(r.status).toBe(status);
      expect(r.text).toMatch(text);
    };
    await refused(
      [{ name: "fake.png", bytes: "plain text, not pixels" }],
      400,
      /^fake\.png is not a PNG image\.$/,
    );
    await refused(
      [{ name: "real.gif", bytes: png() }],
      400,
      "real.gif holds a PNG image: give it the .png extension.",
    );
    await refused([{ name: "notes.txt", bytes: "hello" }], 400, /notes\.txt: only images can be uploaded/);
    await refused(
      [{ name: "my card.png", bytes: png() }],
      400,
      /'my card\.png' is not an accepted file name/,
    );
    await refused([{ name: "../../evil.png", bytes: png() }], 200, "Upload success");
    expect(Object.keys(await stored())).toEqual(["evil.png"]);
    await refused([{ name: "bad.svg", bytes: "<svg><g></svg>" }], 400, /^bad\.svg is not well-formed XML/);
    await refused([{ name: "page.svg", bytes: "<html/>" }], 400, "page.svg has no <svg> root element.");
    await refused(
      [{ name: "huge.png", bytes: Buffer.concat([png(), Buffer.alloc(ASSET_MAX_BYTES)]) }],
      413,
      /^huge\.png is larger than 10 MB/,
    );
    await refused(
      [
        { name: "good.png", bytes: png() },
        { name: "bad.png", bytes: "nope" },
      ],
      400,
      "bad.png is not a PNG image.",
    );
    await refused(
      [
        { name: "twice.png", bytes: png() },
        { name: "twice.png", bytes: png() },
      ],
      400,
      /twice/,
    );
    await refused([{ name: "x.png", bytes: png(), field: "file" }], 400, /in the field 'assets'/);
    expect(Object.keys(await stored())).toEqual(["evil.png"]);
    expect(await server.storage.list("projects/test-game/")).toEqual(["projects/test-game/assets/evil.png"]);
  });

  it("refuses requests without files", async () => {
    expect(await as.designer.post("/api/projects/test-game/upload-assets", { name: "x" })).toMatchObject({
      status: 400,
      text: /multipart\/form-data/,
    });
    expect(await upload(as.designer, [])).toMatchObject({ status: 400 });
  });

  it("holds at most 200 assets per project; replacing one is still allowed", async () => {
    const full = Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [
        `a${i}.png`,
        { size: 1, type: "image/png", uploadedAt: new Date().toISOString() },
      ]),
    );
    await server.database.db
      .update(projects)
      .set({ globalAssets: full })
      .where(eq(projects.slug, "test-game"));
    const r = await upload(as.designer, [{ name: "one-more.png", bytes: png() }]);
    expect(r).toEqual({
      status: 400,
      text: "A project may hold at most 200 global assets: this one has 200 and the upload adds 1. Erase some first.",
    });
    expect((await upload(as.designer, [{ name: "a7.png", bytes: png() }])).status).toBe(200);
    expect(Object.keys(await stored())).toHaveLength(200);
    expect(await server.storage.list("projects/test-game/")).toEqual(["projects/test-game/assets/a7.png"]);
  });

  it("erases only assets that exist, by a valid name", async () => {
    expect(await erase(as.designer, "ghost.png")).toMatchObject({
      status: 404,
      text: "There is no global asset named ghost.png.",
    });
    expect(await erase(as.designer, "../x.png")).toMatchObject({
      status: 400,
      text: "That is not the name of an asset.",
    });
    expect((await erase(as.designer, undefined)).status).toBe(400);
  });
});

describe("permissions", () => {
  const allowed: Role[] = ["admin", "superadmin", "designer"];
  const refused: Role[] = ["player", "outsider", "staff"];

  it("lets only the project's designers and site admins upload and erase, and its mods list", async () => {
    for (const role of allowed) {
      const name = `${role}.png`;
      expect(await upload(as[role], [{ name, bytes: png() }])).toEqual({
        status: 200,
        text: "Upload success",
      });
      expect((await list(as[role])).status).toBe(200);
      expect((await erase(as[role], name)).status).toBe(200);
    }
    expect((await upload(as.designer, [{ name: "keep.png", bytes: png() }])).status).toBe(200);
    // Mods see the section (section 6) but assets are the designers' to maintain (section 1).
    const designersOnly = "Only the project's designers and site admins may change its assets.";
    expect(await upload(as.mod, [{ name: "x.png", bytes: png() }])).toEqual({
      status: 403,
      text: designersOnly,
    });
    expect(await erase(as.mod, "keep.png")).toMatchObject({ status: 403, text: designersOnly });
    expect((await list(as.mod)).status).toBe(200);
    for (const role of refused) {
      const no = "Only the project's mods and designers and site admins may do this.";
      expect(await upload(as[role], [{ name: "x.png", bytes: png() }])).toEqual({ status: 403, text: no });
      expect(await list(as[role])).toMatchObject({ status: 403, text: no });
      expect(await erase(as[role], "keep.png")).toMatchObject({ status: 403, text: no });
    }
    expect((await upload(anonymous, [{ name: "x.png", bytes: png() }])).status).toBe(401);
    expect((await list(anonymous)).status).toBe(401);
    expect((await erase(anonymous, "keep.png")).status).toBe(401);
    expect(Object.keys(await stored())).toEqual(["keep.png"]);
  });

  it("hides a closed project from non-members and knows no unknown project", async () => {
    const notFound = { status: 404, text: "Project not found" };
    expect(await upload(as.outsider, [{ name: "x.png", bytes: png() }], "closed-game")).toEqual(notFound);
    expect(await list(as.outsider, "closed-game")).toMatchObject(notFound);
    expect(await erase(as.outsider, "x.png", "closed-game")).toMatchObject(notFound);
    expect(await list(as.admin, "no-such-game")).toMatchObject(notFound);
    expect((await upload(as.admin, [{ name: "x.png", bytes: png() }], "closed-game")).status).toBe(200);
    expect((await list(as.mod, "closed-game")).json()).toHaveLength(1);
  });

  it("serves stored files to whoever may view their project: 401 logged out, 404 otherwise", async () => {
    await server.storage.put("projects/closed-game/assets/secret.png", png(), "image/png");
    await server.storage.put("projects/test-game/decks/d1/data.json", Buffer.from("{}"), "application/json");
    const closed = "/api/storage/projects/closed-game/assets/secret.png";
    expect((await fetchFile(anonymous, closed)).status).toBe(401);
    expect((await fetchFile(as.outsider, closed)).status).toBe(404);
    expect((await fetchFile(as.player, closed)).status).toBe(404);
    expect((await fetchFile(as.mod, closed)).status).toBe(200);
    expect((await fetchFile(as.admin, closed)).status).toBe(200);

    // Anything but an image is a download, never a page of this origin.
    const data = await fetchFile(as.player, "/api/storage/projects/test-game/decks/d1/data.json");
    expect(data.status).toBe(200);
    expect(data.headers.get("content-disposition")).toBe("attachment");

    for (const bad of [
      "/api/storage/projects/test-game/%2e%2e/%2e%2e/etc/passwd",
      "/api/storage/projects/test-game/assets/..%2F..%2Fx.png",
      "/api/storage/other/x.png",
      "/api/storage/projects/no-such-game/assets/x.png",
      "/api/storage/projects/test-game/assets/missing.png",
      "/api/storage/",
    ])
      expect((await fetchFile(as.admin, bad)).status, bad).toBe(404);
  });
});
