import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalisedPath, serveWebApp } from "./webApp";

// The built web app as the server sends it: the compressed copy the browser accepts (the build writes
// .br and .gz beside each text file), cached for good under assets/, and index.html for the app's
// own routes, never for the API's however their path is spelled.

let dist: string;
let app: FastifyInstance;
const script = `console.log(${JSON.stringify("a table ".repeat(500))});`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "tt-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Tabletop Lab</title>");
  const file = path.join(dist, "assets", "index-abc123.js");
  writeFileSync(file, script);
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(`${file}.gz`, gzipSync(script));
  app = Fastify();
  await serveWebApp(app, dist);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: "GET", url, headers: encoding === undefined ? {} : { "accept-encoding": encoding } });

describe("the built web app on the wire", () => {
  it("sends brotli to a browser that accepts it, gzip to one that accepts only gzip, and plain text otherwise", async () => {
    const br = await get("/assets/index-abc123.js", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get("/assets/index-abc123.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get("/assets/index-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("lets browsers keep hashed assets for good, and asks again for index.html", async () => {
    expect((await get("/assets/index-abc123.js", "br")).headers["cache-control"]).toMatch(/immutable/);
    const page = await get("/projects/chess/table/abc");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>Tabletop Lab</title>");
    expect(page.headers["cache-control"]).not.toMatch(/immutable/);
  });

  it("answers an unknown API path 404, however it is spelled, never with the app's page", async () => {
    for (const url of [
      "/api/nothing",
      "/%61pi/nothing",
      "//api/nothing",
      "/x/../api/nothing",
      "/API/nothing",
    ]) {
      const res = await get(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
    }
  });
});

describe("normalisedPath", () => {
  it("decodes escapes, folds slashes and dot segments, drops the query and lower-cases", () => {
    expect(normalisedPath("/%61pi/x?y=1")).toBe("/api/x");
    expect(normalisedPath("//API//control/./seed")).toBe("/api/control/seed");
    expect(normalisedPath("/a/../api/b")).toBe("/api/b");
    expect(normalisedPath("/x%zz")).toBe("/x%zz");
  });
});
