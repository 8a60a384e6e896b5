import { gunzipSync } from "node:zlib";
import type { Situation, TableEvent } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { EndedLogs, endedLogTag, tagMatches } from "./endedLogs";
import type { FullLog } from "./liveCache";

// An ended table's log is serialised once per table and kept compressed (issue 36 point 6).

const start = { globals: { note: "x".repeat(1000) } } as unknown as Situation;
const logOf = (events: number): FullLog => ({
  start,
  events: Array.from({ length: events }, (_, seq) => ({ kind: "turn", seq }) as unknown as TableEvent),
});

describe("ended logs", () => {
  it("serialises a log once: every later or concurrent ask is answered from the stored gzip", async () => {
    const logs = new EndedLogs();
    let reads = 0;
    const read = async () => {
      reads++;
      return logOf(3);
    };
    const row = { id: "t1", rev: 4, expectedMoveId: 3 };
    const [a, b] = await Promise.all([logs.get(row, read), logs.get(row, read)]);
    const c = await logs.get(row, read);
    expect(reads).toBe(1);
    expect(a?.stored).toBe(b?.stored);
    expect(c?.stored).toBe(a?.stored);
    // Only the call that made it is told it made it (its bytes are charged to that caller).
    expect([a?.made, b?.made, c?.made]).toEqual([a?.stored.jsonBytes, 0, 0]);
    const json = gunzipSync(a!.stored.gzip);
    expect(JSON.parse(json.toString())).toEqual({ start_position: start, events: logOf(3).events });
    expect(json.length).toBe(a?.stored.jsonBytes);
    expect((await EndedLogs.json(a!.stored)).equals(json)).toBe(true);
    expect(a?.stored.gzip.length).toBeLessThan(json.length / 4);
  });

  it("makes it again when the row changes (a restart), and refuses a log that does not match the row", async () => {
    const logs = new EndedLogs();
    let reads = 0;
    const read = async () => {
      reads++;
      return logOf(3);
    };
    const first = await logs.get({ id: "t1", rev: 4, expectedMoveId: 3 }, read);
    const again = await logs.get({ id: "t1", rev: 5, expectedMoveId: 3 }, read);
    expect(reads).toBe(2);
    expect(again?.stored.tag).not.toBe(first?.stored.tag);
    // The row says 4 events, the hub folded 3: the table changed in between; nothing is served.
    expect(await logs.get({ id: "t1", rev: 6, expectedMoveId: 4 }, read)).toBeNull();
  });

  it("keeps logs up to its size, least recently used dropped first", async () => {
    const one = (await new EndedLogs().get({ id: "x", rev: 0, expectedMoveId: 3 }, async () => logOf(3)))!;
    const logs = new EndedLogs(one.stored.gzip.length * 2);
    const reads: string[] = [];
    const get = (id: string) =>
      logs.get({ id, rev: 0, expectedMoveId: 3 }, async () => {
        reads.push(id);
        return logOf(3);
      });
    await get("a");
    await get("b");
    await get("a");
    await get("c");
    await get("a");
    await get("b");
    expect(reads).toEqual(["a", "b", "c", "b"]);
  });

  it("tags a log by its table, rev and length, compared weakly", () => {
    const tag = endedLogTag({ id: "t1", rev: 1, expectedMoveId: 9 });
    expect(tag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(endedLogTag({ id: "t1", rev: 1, expectedMoveId: 9 })).toBe(tag);
    expect(endedLogTag({ id: "t1", rev: 2, expectedMoveId: 9 })).not.toBe(tag);
    expect(endedLogTag({ id: "t2", rev: 1, expectedMoveId: 9 })).not.toBe(tag);
    expect(tagMatches(tag, tag)).toBe(true);
    expect(tagMatches(`"other", ${tag.slice(2)}`, tag)).toBe(true);
    expect(tagMatches("*", tag)).toBe(true);
    expect(tagMatches('W/"other"', tag)).toBe(false);
    expect(tagMatches(undefined, tag)).toBe(false);
  });
});
