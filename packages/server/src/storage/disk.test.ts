import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DiskStorage } from "./disk";
import { globalAssetKey, isValidKey, projectOfKey } from "./storage";

let root: string;
let storage: DiskStorage;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "tt-disk-"));
  storage = new DiskStorage(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("DiskStorage", () => {
  it("stores, replaces, reads and deletes an object with its content type", async () => {
    const key = "projects/chess/assets/board.png";
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, Buffer.from("one"), "image/png");
    expect(await storage.get(key)).toEqual({ bytes: Buffer.from("one"), contentType: "image/png" });
    await storage.put(key, Buffer.from("two"), "image/webp");
    expect(await storage.get(key)).toEqual({ bytes: Buffer.from("two"), contentType: "image/webp" });
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key); // deleting a missing object is fine
  });

  it("leaves no temporary files behind and keeps its sidecars out of listings", async () => {
    await storage.put("projects/a/assets/x.svg", Buffer.from("<svg/>"), "image/svg+xml");
    const dir = path.join(root, "projects", "a", "assets");
    expect(readdirSync(dir).sort()).toEqual([".x.svg.type", "x.svg"]);
    expect(await storage.list("")).toEqual(["projects/a/assets/x.svg"]);
  });

  it("derives the content type from the extension when there is no sidecar", async () => {
    const dir = path.join(root, "projects", "a", "decks", "d1");
    await storage.put("projects/a/decks/d1/keep.txt", Buffer.from("x"), "text/plain");
    writeFileSync(path.join(dir, "card.jpeg"), "jpeg bytes");
    expect((await storage.get("projects/a/decks/d1/card.jpeg"))?.contentType).toBe("image/jpeg");
  });

  it("lists keys by string prefix, sorted, across folders", async () => {
    for (const key of [
      "projects/a/assets/card-2.png",
      "projects/a/assets/card-1.png",
      "projects/a/assets/back.png",
      "projects/a/decks/d1/art.png",
      "projects/ab/assets/card.png",
    ])
      await storage.put(key, Buffer.from(key), "image/png");
    expect(await storage.list("projects/a/assets/")).toEqual([
      "projects/a/assets/back.png",
      "projects/a/assets/card-1.png",
      "projects/a/assets/card-2.png",
    ]);
    expect(await storage.list("projects/a/assets/card")).toEqual([
      "projects/a/assets/card-1.png",
      "projects/a/assets/card-2.png",
    ]);
    expect(await storage.list("projects/a/")).toHaveLength(4);
    expect(await storage.list("projects/a")).toHaveLength(5);
    expect(await storage.list("projects/zzz/")).toEqual([]);
  });

  it("refuses keys that could leave its folder or need escaping", async () => {
    for (const key of [
      "../etc/passwd",
      "projects/../../x",
      "/projects/a/x.png",
      "projects//x.png",
      "projects/a/.hidden",
      "projects/a/x y.png",
      "projects/a/x.png/",
      "projects\\a\\x.png",
      "",
    ]) {
      expect(isValidKey(key)).toBe(false);
      await expect(storage.put(key, Buffer.from("x"), "image/png")).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    }
    await expect(storage.list("../")).rejects.toThrow(/Invalid storage prefix/);
  });

  it("names keys and their projects, and serves them through the server", () => {
    expect(globalAssetKey("chess", "board.png")).toBe("projects/chess/assets/board.png");
    expect(projectOfKey("projects/chess/assets/board.png")).toBe("chess");
    expect(projectOfKey("projects/chess")).toBeNull();
    expect(projectOfKey("other/chess/x.png")).toBeNull();
    expect(projectOfKey("projects/../x.png")).toBeNull();
    expect(storage.publicUrl("projects/chess/assets/board.png")).toBe(
      "/api/storage/projects/chess/assets/board.png",
    );
  });
});
