import { randomBytes } from "node:crypto";
import type { Dirent } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { checkKey, checkPrefix, contentTypeOf, proxiedUrl, type Storage, type StoredObject } from "./storage";

/**
 * Objects as files under `root`, one file per key. Writes go to a temporary file renamed into place, so a
 * reader sees the old or the new bytes, never a mix. The content type is kept in a sidecar file
 * (`.{name}.type`) beside the object; keys never have a segment starting with '.', so sidecars and
 * temporary files can never collide with an object and are skipped when listing.
 */
export class DiskStorage implements Storage {
  constructor(readonly root: string) {}

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Sidecar first: if the process dies in between, the old object merely shows a newer type.
    await atomicWrite(sidecarOf(file), contentType);
    await atomicWrite(file, bytes);
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.fileOf(key);
    const bytes = await readIfExists(file);
    if (!bytes) return null;
    const type = await readIfExists(sidecarOf(file));
    return { bytes, contentType: type?.toString("utf8").trim() || contentTypeOf(key) };
  }

  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    await rm(file, { force: true });
    await rm(sidecarOf(file), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    checkPrefix(prefix);
    // Walk only the deepest directory the prefix names; the rest of the prefix filters names.
    const slash = prefix.lastIndexOf("/");
    const dirKey = slash >= 0 ? prefix.slice(0, slash) : "";
    const keys: string[] = [];
    await walk(path.join(this.root, ...dirKey.split("/").filter(Boolean)), dirKey, keys);
    return keys.filter((k) => k.startsWith(prefix)).sort();
  }

  publicUrl(key: string): string {
    return proxiedUrl(checkKey(key));
  }

  private fileOf(key: string): string {
    return path.join(this.root, ...checkKey(key).split("/"));
  }
}

const sidecarOf = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.type`);

async function atomicWrite(file: string, data: Buffer | string): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await writeFile(temp, data);
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

async function walk(dir: string, dirKey: string, out: string[]): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (isMissing(err)) return;
    throw err;
  }
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const key = dirKey ? `${dirKey}/${entry.name}` : entry.name;
    if (entry.isDirectory()) await walk(path.join(dir, entry.name), key, out);
    else if (entry.isFile()) out.push(key);
  }
}

function isMissing(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === "ENOENT" || code === "ENOTDIR";
}
