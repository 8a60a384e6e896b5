import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gunzip as gunzipCallback, gzip as gzipCallback } from "node:zlib";
import type { TableLogResponse } from "@tt/protocol";
import type { FullLog } from "./liveCache";

// An ended table's whole log, served from one stored serialisation (issue 36 point 6). Serialising a
// log at its cap (32 MB of JSON) took the server's thread for a few hundred milliseconds at every
// reload, and one user reloading one stalled everyone (another user's p50 went from 6 to 160-180 ms).
// Now a log is serialised once per table and kept gzip-compressed (the compression runs in libuv's
// pool, off the server's thread); its ETag is made from the table's row alone, so a reload whose
// browser holds the log is answered 304 before any log is read or folded.

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

/** Moved on when what a log is served as changes, so no browser keeps an old one under its tag. */
const LOG_FORMAT = 1;

/**
 * Compressed logs kept per process; beyond this many bytes the least recently used go. A game's log
 * compresses to tens of kilobytes; a log at its cap to a few megabytes, more if made of noise.
 */
export const ENDED_LOGS_KEPT_BYTES = 64 * 1024 * 1024;

/** What names one ended log: the table, its row's rev (moved on by a restart) and its event count. */
export interface EndedLogRow {
  id: string;
  rev: number;
  expectedMoveId: number;
}

/**
 * The weak ETag of an ended table's log (the same log gzip-compressed or not). An ended table takes no
 * turns; a restart moves its rev on, so the tag changes with the log.
 */
export function endedLogTag(row: EndedLogRow): string {
  const digest = createHash("sha256")
    .update(`${LOG_FORMAT}/${row.id}/${row.rev}/${row.expectedMoveId}`)
    .digest("base64url")
    .slice(0, 22);
  return `W/"${digest}"`;
}

/** Whether an If-None-Match header names this tag (weak comparison, as RFC 9110 has it for GET). */
export function tagMatches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim() === "*" || bare(t) === bare(tag));
}

export interface StoredLog {
  tag: string;
  /** The log's JSON (a TableLogResponse), gzip-compressed. */
  gzip: Buffer;
  /** The JSON's own size. */
  jsonBytes: number;
}

/** A stored log and how many bytes of JSON the call that asked for it had to make (0: it was kept). */
export interface StoredAnswer {
  stored: StoredLog;
  made: number;
}

export class EndedLogs {
  /** By table, least recently used first. */
  private readonly kept = new Map<string, StoredLog>();
  /** Logs being made: everyone asking meanwhile waits for the same one. */
  private readonly making = new Map<string, { tag: string; done: Promise<StoredLog | null> }>();
  private keptBytes = 0;

  constructor(private readonly maxBytes = ENDED_LOGS_KEPT_BYTES) {}

  /**
   * The stored log of an ended table as its row names it, made from `read` (the hub's fold) when none
   * is kept. Null when the log read does not match the row (the table was restarted meanwhile).
   */
  async get(row: EndedLogRow, read: () => Promise<FullLog | null>): Promise<StoredAnswer | null> {
    const tag = endedLogTag(row);
    const kept = this.kept.get(row.id);
    if (kept?.tag === tag) {
      this.kept.delete(row.id);
      this.kept.set(row.id, kept);
      return { stored: kept, made: 0 };
    }
    const pending = this.making.get(row.id);
    if (pending?.tag === tag) {
      const stored = await pending.done;
      return stored && { stored, made: 0 };
    }
    const done = this.make(row, tag, read);
    this.making.set(row.id, { tag, done });
    try {
      const stored = await done;
      return stored && { stored, made: stored.jsonBytes };
    } finally {
      if (this.making.get(row.id)?.done === done) this.making.delete(row.id);
    }
  }

  /** The log's JSON, for a client that does not take gzip (decompressed off the server's thread). */
  static json(stored: StoredLog): Promise<Buffer> {
    return gunzip(stored.gzip);
  }

  private async make(
    row: EndedLogRow,
    tag: string,
    read: () => Promise<FullLog | null>,
  ): Promise<StoredLog | null> {
    const log = await read();
    if (!log || log.events.length !== row.expectedMoveId) return null;
    const body: TableLogResponse = { start_position: log.start, events: log.events };
    const json = Buffer.from(JSON.stringify(body));
    const stored: StoredLog = { tag, gzip: await gzip(json), jsonBytes: json.length };
    this.keep(row.id, stored);
    return stored;
  }

  private keep(tableId: string, stored: StoredLog): void {
    const before = this.kept.get(tableId);
    if (before) {
      this.kept.delete(tableId);
      this.keptBytes -= before.gzip.length;
    }
    // A log larger than the whole store is served, not kept: it would push every other one out.
    if (stored.gzip.length > this.maxBytes) return;
    this.kept.set(tableId, stored);
    this.keptBytes += stored.gzip.length;
    for (const [id, old] of this.kept) {
      if (this.keptBytes <= this.maxBytes) break;
      this.kept.delete(id);
      this.keptBytes -= old.gzip.length;
    }
  }
}
