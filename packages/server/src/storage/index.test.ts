import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { createStorage, DiskStorage, S3Storage } from "./index";

const S3_ENV = {
  STORAGE: "s3",
  S3_ENDPOINT: "http://127.0.0.1:9000",
  S3_BUCKET: "tt",
  S3_ACCESS_KEY_ID: "id",
  S3_SECRET_ACCESS_KEY: "secret",
};

describe("createStorage", () => {
  it("uses the disk under DATA_DIR/storage by default", () => {
    const config = loadConfig({ DATA_DIR: "/srv/tt" });
    expect(config.storage).toEqual({ kind: "disk", dir: path.resolve("/srv/tt/storage") });
    const storage = createStorage(config);
    expect(storage).toBeInstanceOf(DiskStorage);
    expect(storage.publicUrl("projects/p/assets/a.png")).toBe("/api/storage/projects/p/assets/a.png");
  });

  it("uses an S3 bucket when STORAGE=s3, with its public address when given", () => {
    const config = loadConfig({ ...S3_ENV, S3_PUBLIC_URL: "https://cdn.example.test" });
    expect(config.storage).toEqual({
      kind: "s3",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      bucket: "tt",
      accessKeyId: "id",
      secretAccessKey: "secret",
      publicUrl: "https://cdn.example.test",
    });
    const storage = createStorage(config);
    expect(storage).toBeInstanceOf(S3Storage);
    expect(storage.publicUrl("projects/p/assets/a.png")).toBe(
      "https://cdn.example.test/projects/p/assets/a.png",
    );
  });

  it("names every missing S3 setting", () => {
    expect(() => loadConfig({ STORAGE: "s3", S3_BUCKET: "tt" })).toThrow(
      "Invalid configuration:\n  S3_ENDPOINT: required when STORAGE=s3\n" +
        "  S3_ACCESS_KEY_ID: required when STORAGE=s3\n  S3_SECRET_ACCESS_KEY: required when STORAGE=s3",
    );
    expect(() => loadConfig({ STORAGE: "ftp" })).toThrow(/STORAGE/);
    expect(() => loadConfig({ ...S3_ENV, S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
  });
});
