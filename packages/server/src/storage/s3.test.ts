import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, TEST_S3, type TestS3Server } from "../../test/s3Server";
import { S3Error, S3Storage } from "./s3";

// S3Storage against a real S3-compatible server (s3rver in a child process, test/s3Server.ts), which
// checks every request's SigV4 signature and keeps the objects in a temporary directory.

let server: TestS3Server;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(() => server?.close());

const storageWith = (options: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) =>
  new S3Storage({ endpoint: server.endpoint, ...TEST_S3, ...options });

/** Each test works under its own prefix, so the shared bucket needs no clearing. */
let run = 0;
const prefix = () => `projects/t${++run}/`;

describe("S3Storage against a real S3-compatible server", () => {
  it("puts, gets and deletes objects, keeping the content type", async () => {
    const s3 = storageWith();
    const key = `${prefix()}assets/board.png`;
    await s3.put(key, Buffer.from([1, 2, 3]), "image/png");
    expect(await s3.get(key)).toEqual({ bytes: Buffer.from([1, 2, 3]), contentType: "image/png" });

    // Seen by another client: the object is stored under that key, with that type and size.
    const raw = new S3Client({
      endpoint: server.endpoint,
      region: TEST_S3.region,
      forcePathStyle: true,
      credentials: TEST_S3,
    });
    const head = await raw.send(new HeadObjectCommand({ Bucket: TEST_S3.bucket, Key: key }));
    expect({ type: head.ContentType, length: head.ContentLength }).toEqual({ type: "image/png", length: 3 });
    raw.destroy();

    await s3.put(key, Buffer.from("replaced"), "image/svg+xml");
    expect(await s3.get(key)).toEqual({ bytes: Buffer.from("replaced"), contentType: "image/svg+xml" });
    await s3.delete(key);
    expect(await s3.get(key)).toBeNull();
    await s3.delete(key); // deleting a missing object is not an error
  });

  it("stores binary and empty objects byte for byte", async () => {
    const s3 = storageWith();
    const key = `${prefix()}decks/d1/source.xlsx`;
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));
    await s3.put(key, bytes, "application/octet-stream");
    expect((await s3.get(key))?.bytes.equals(bytes)).toBe(true);
    await s3.put(`${key}.empty`, Buffer.alloc(0), "application/json");
    expect(await s3.get(`${key}.empty`)).toEqual({ bytes: Buffer.alloc(0), contentType: "application/json" });
  });

  it("lists by prefix, sorted, across pages of continuation tokens", async () => {
    const root = prefix();
    const s3 = storageWith({ listPageSize: 2 });
    const keys = ["a.png", "b.png", "c.png", "d.png", "e.png"].map((f) => `${root}assets/${f}`);
    for (const key of [...keys].reverse()) await s3.put(key, Buffer.from(key), "image/png");
    await s3.put(`${root}decks/d1/x.png`, Buffer.from("x"), "image/png");
    expect(await s3.list(`${root}assets/`)).toEqual(keys);
    expect(await s3.list(`${root}decks/`)).toEqual([`${root}decks/d1/x.png`]);
    expect(await s3.list(`${root}nothing/`)).toEqual([]);
    expect(await s3.list(root)).toHaveLength(6);
    // A string prefix, as S3 has it: 'assets/c' is not a folder.
    expect(await s3.list(`${root}assets/c`)).toEqual([`${root}assets/c.png`]);
  });

  it("keeps a path after the endpoint's host, and a trailing '/'", async () => {
    const key = `${prefix()}a.png`;
    await storageWith({ endpoint: `${server.endpoint}/` }).put(key, Buffer.from("x"), "image/png");
    expect(await storageWith({ endpoint: `${server.endpoint}/` }).list(key)).toEqual([key]);
    // s3rver serves the root only: under a path the requests reach something that is not the bucket.
    await expect(storageWith({ endpoint: `${server.endpoint}/store` }).get(key)).rejects.toThrow(
      /^S3 GET .*: HTTP 404/,
    );
  });

  it("fails loudly when the store refuses the credentials", async () => {
    const key = `${prefix()}a.png`;
    const wrongSecret = storageWith({ secretAccessKey: "wrong" });
    const put = wrongSecret.put(key, Buffer.from("x"), "image/png");
    await expect(put).rejects.toBeInstanceOf(S3Error);
    await expect(put).rejects.toMatchObject({
      status: 403,
      message: `S3 PUT ${key}: HTTP 403 SignatureDoesNotMatch`,
    });
    await expect(wrongSecret.list("projects/")).rejects.toThrow(/HTTP 403 SignatureDoesNotMatch/);
    await expect(wrongSecret.get(key)).rejects.toThrow(/HTTP 403/);
    await expect(storageWith({ accessKeyId: "nobody" }).get(key)).rejects.toThrow(
      /HTTP 403 InvalidAccessKeyId/,
    );
    expect(await storageWith().get(key)).toBeNull();
  });

  it("tells a missing bucket from a missing key", async () => {
    const s3 = storageWith({ bucket: "no-such-bucket" });
    await expect(s3.get("projects/p/a.png")).rejects.toThrow(
      "S3 GET projects/p/a.png: HTTP 404 NoSuchBucket",
    );
    await expect(s3.list("projects/")).rejects.toThrow(/HTTP 404 NoSuchBucket/);
    await expect(s3.put("projects/p/a.png", Buffer.from("x"), "image/png")).rejects.toThrow(/NoSuchBucket/);
  });

  it("fails with an S3Error when nothing answers", async () => {
    const closed = storageWith({ endpoint: "http://127.0.0.1:9", timeoutMs: 5_000 });
    const get = closed.get("projects/p/a.png");
    await expect(get).rejects.toBeInstanceOf(S3Error);
    await expect(get).rejects.toMatchObject({ status: 0, message: /^S3 GET projects\/p\/a\.png: / });
  });

  it("refuses bad keys before any request", async () => {
    const s3 = storageWith();
    await expect(s3.put("../x", Buffer.from("x"), "image/png")).rejects.toThrow(/Invalid storage key/);
    await expect(s3.get("/abs")).rejects.toThrow(/Invalid storage key/);
    await expect(s3.list("a//")).rejects.toThrow(/Invalid storage prefix/);
  });

  it("gives the bucket's public address when one is configured, else the server's", async () => {
    const key = `${prefix()}assets/a.png`;
    expect(storageWith().publicUrl(key)).toBe(`/api/storage/${key}`);
    expect(storageWith({ publicUrl: "https://cdn.example.test/tt/" }).publicUrl(key)).toBe(
      `https://cdn.example.test/tt/${key}`,
    );
    expect(() => storageWith().publicUrl("../x")).toThrow(/Invalid storage key/);

    // A bucket readable by anyone: the public URL loads the object without credentials.
    const s3 = storageWith({ publicUrl: `${server.endpoint}/${TEST_S3.bucket}` });
    await s3.put(key, Buffer.from("public"), "image/png");
    const answer = await fetch(s3.publicUrl(key));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/png");
    expect(await answer.text()).toBe("public");
  });
});
