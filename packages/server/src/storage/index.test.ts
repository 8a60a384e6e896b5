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

  it("uses the bucket when S3_* names one and STORAGE is unset", () => {
    const { STORAGE: _, ...settings } = S3_ENV;
    const config = loadConfig({ ...settings, STORAGE: "" });
    expect(config.storage).toMatchObject({ kind: "s3", bucket: "tt", endpoint: "http://127.0.0.1:9000" });
    expect(createStorage(config)).toBeInstanceOf(S3Storage);
    expect(config.warnings).toEqual([]);
  });

  it("keeps the disk with STORAGE=disk beside S3 settings, and warns that they are ignored", () => {
    const config = loadConfig({ ...S3_ENV, STORAGE: "disk", DATA_DIR: "/srv/tt" });
    expect(config.storage).toEqual({ kind: "disk", dir: path.resolve("/srv/tt/storage") });
    expect(config.warnings).toEqual([
      `STORAGE=disk: uploaded files stay in ${path.resolve("/srv/tt/storage")} and ` +
        "S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are ignored",
    ]);
    expect(loadConfig({ DATA_DIR: "/srv/tt" }).warnings).toEqual([]);
  });

  it("names every missing S3 setting", () => {
    const hint = "\n  (set all four S3 settings, or STORAGE=disk to keep uploaded files on the local disk)";
    expect(() => loadConfig({ STORAGE: "s3", S3_BUCKET: "tt" })).toThrow(
      "Invalid configuration:\n  S3_ENDPOINT: required when STORAGE=s3\n" +
        `  S3_ACCESS_KEY_ID: required when STORAGE=s3\n  S3_SECRET_ACCESS_KEY: required when STORAGE=s3${hint}`,
    );
    // An incomplete S3 configuration does not fall back to the disk (a different one per instance).
    expect(() =>
      loadConfig({ S3_BUCKET: "tt", S3_ENDPOINT: "http://127.0.0.1:9000", S3_ACCESS_KEY_ID: "" }),
    ).toThrow(
      "Invalid configuration:\n  S3_ACCESS_KEY_ID: required for S3 storage (S3_ENDPOINT, S3_BUCKET set)\n" +
        `  S3_SECRET_ACCESS_KEY: required for S3 storage (S3_ENDPOINT, S3_BUCKET set)${hint}`,
    );
    expect(() => loadConfig({ S3_PUBLIC_URL: "https://cdn.example.test" })).toThrow(/S3_BUCKET: required/);
    expect(() => loadConfig({ STORAGE: "ftp" })).toThrow(/STORAGE/);
    expect(() => loadConfig({ ...S3_ENV, S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
  });
});
