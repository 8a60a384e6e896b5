// Object storage for uploaded files (DESIGN.md: storage/ (disk | S3)). One small interface with a disk
// implementation (the default, under DATA_DIR) and an S3-compatible one; routes see only the interface.

export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

export interface Storage {
  /** Writes (or replaces) an object; readers never see a half-written one. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under `key`. */
  get(key: string): Promise<StoredObject | null>;
  /** Deletes an object; deleting a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every key that starts with `prefix` (a string prefix, as S3 has it), sorted. */
  list(prefix: string): Promise<string[]>;
  /** The URL a browser loads the object from. */
  publicUrl(key: string): string;
}

/**
 * Keys are '/'-separated segments of letters, digits, '.', '_' and '-', each starting with a letter or
 * digit: no '..', no empty or hidden segment, no leading '/', nothing a disk, a URL or S3 would need to
 * escape. Disk storage relies on segments never starting with '.' to keep its own files apart.
 */
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const KEY_MAX_LENGTH = 512;

export function isValidKey(key: string): boolean {
  return key.length <= KEY_MAX_LENGTH && KEY_PATTERN.test(key) && !key.includes("..");
}

/** Throws for a bad key: keys come from code, never straight from a request, so this is a programming error. */
export function checkKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** A list prefix: empty, or a key, or a key followed by '/'. */
export function checkPrefix(prefix: string): string {
  if (prefix !== "" && !isValidKey(prefix.endsWith("/") ? prefix.slice(0, -1) : prefix))
    throw new Error(`Invalid storage prefix: ${JSON.stringify(prefix)}`);
  return prefix;
}

/** Where a project's global asset lives (admin-decks-editor.md section 7). */
export function globalAssetKey(slug: string, file: string): string {
  return checkKey(`projects/${slug}/assets/${file}`);
}

export function deckFileKey(slug: string, deckId: string, file: string): string {
  return checkKey(`projects/${slug}/decks/${deckId}/${file}`);
}

/** The project a key belongs to (`projects/{slug}/...`), or null for a key outside any project. */
export function projectOfKey(key: string): string | null {
  if (!isValidKey(key)) return null;
  const [root, slug, ...rest] = key.split("/");
  return root === "projects" && slug && rest.length > 0 ? slug : null;
}

/** The URL under which the server itself serves storage (GET /api/storage/*). */
export const proxiedUrl = (key: string) => `/api/storage/${key}`;

const TYPES_BY_EXTENSION: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  json: "application/json",
  pdf: "application/pdf",
  psd: "image/vnd.adobe.photoshop",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** The content type a key's extension implies; octet-stream when unknown. */
export function contentTypeOf(key: string): string {
  const dot = key.lastIndexOf(".");
  const ext = dot >= 0 ? key.slice(dot + 1).toLowerCase() : "";
  return TYPES_BY_EXTENSION[ext] ?? "application/octet-stream";
}
