import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FAKE_S3, type FakeS3, startFakeS3 } from "../../test/fakeS3";
import { S3Error, S3Storage } from "./s3";

// S3Storage against the fake S3 of test/fakeS3.ts, which verifies every request's SigV4 signature.

const { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET, region: REGION, bucket: BUCKET } = FAKE_S3;
const PAGE = 2; // small pages, so listing has to follow continuation tokens

let fake: FakeS3;
let endpoint: string;
let objects: FakeS3["objects"];
let seen: FakeS3["seen"];

beforeAll(async () => {
  fake = await startFakeS3(PAGE);
  ({ endpoint, objects, seen } = fake);
});
afterAll(() => fake.close());
beforeEach(() => {
  objects.clear();
  seen.length = 0;
});

const storageWith = (options: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) =>
  new S3Storage({
    endpoint,
    region: REGION,
    bucket: BUCKET,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET,
    ...options,
  });

describe("S3Storage against a fake S3", () => {
  it("puts, gets and deletes objects with signed path-style requests", async () => {
    const s3 = storageWith();
    const key = "projects/chess/assets/board.png";
    await s3.put(key, Buffer.from([1, 2, 3]), "image/png");
    expect(objects.get(key)).toEqual({ bytes: Buffer.from([1, 2, 3]), contentType: "image/png" });
    expect(seen[0]).toEqual({ method: "PUT", url: `/${BUCKET}/${key}` });
    expect(await s3.get(key)).toEqual({ bytes: Buffer.from([1, 2, 3]), contentType: "image/png" });
    await s3.delete(key);
    expect(objects.has(key)).toBe(false);
    expect(await s3.get(key)).toBeNull();
    await s3.delete(key);
  });

  it("lists by prefix across pages of continuation tokens", async () => {
    const s3 = storageWith({ endpoint: `${endpoint}/` });
    const keys = ["a.png", "b.png", "c.png", "d.png", "e.png"].map((f) => `projects/p/assets/${f}`);
    for (const key of [...keys].reverse()) await s3.put(key, Buffer.from(key), "image/png");
    await s3.put("projects/p/decks/d1/x.png", Buffer.from("x"), "image/png");
    seen.length = 0;
    expect(await s3.list("projects/p/assets/")).toEqual(keys);
    expect(seen.length).toBe(3);
    expect(seen[0]!.url).toBe(`/${BUCKET}?list-type=2&prefix=projects%2Fp%2Fassets%2F`);
    expect(await s3.list("projects/q/")).toEqual([]);
    expect(await s3.list("projects/")).toHaveLength(6);
  });

  it("fails loudly when the store refuses the signature", async () => {
    const s3 = storageWith({ secretAccessKey: "wrong" });
    const put = s3.put("projects/p/assets/a.png", Buffer.from("x"), "image/png");
    await expect(put).rejects.toBeInstanceOf(S3Error);
    await expect(put).rejects.toThrow(/HTTP 403 SignatureDoesNotMatch/);
    await expect(s3.list("projects/")).rejects.toThrow(/403/);
    expect(objects.size).toBe(0);
  });

  it("gives the bucket's public address when one is configured, else the server's", () => {
    const key = "projects/p/assets/a.png";
    expect(storageWith().publicUrl(key)).toBe(`/api/storage/${key}`);
    expect(storageWith({ publicUrl: "https://cdn.example.test/tt/" }).publicUrl(key)).toBe(
      `https://cdn.example.test/tt/${key}`,
    );
    expect(() => storageWith().publicUrl("../x")).toThrow(/Invalid storage key/);
  });
});
