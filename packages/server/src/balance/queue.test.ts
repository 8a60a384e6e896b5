import { describe, expect, it } from "vitest";
import { chunksOf, chunkText, LocalChunkQueue, parseChunk } from "./queue";
import { chunkSize } from "./runner";

describe("balance chunks", () => {
  it("round-trips as the Redis queue's text, and refuses other text", () => {
    for (const c of [
      { run: 3, from: 0, to: 50, end: 10_000 },
      { run: 12, from: 50, to: 250 },
    ])
      expect(parseChunk(chunkText(c))).toEqual(c);
    for (const bad of ["", "1:2", "1:2:3:4:5", "a:1:2", "1:-1:2", "1:2.5:3"])
      expect(parseChunk(bad)).toBeNull();
  });

  it("cuts a range into chunks of about a second of games", () => {
    expect(chunksOf(1, 50, 300, 100).map((c) => [c.from, c.to])).toEqual([
      [50, 150],
      [150, 250],
      [250, 300],
    ]);
    expect(chunkSize(5)).toBe(200);
    expect(chunkSize(20)).toBe(50);
    expect(chunkSize(5000)).toBe(1);
  });
});

describe("the in-process queue", () => {
  it("hands chunks out in order, queues what follows an opener once, and drops a cancelled run", async () => {
    const q = new LocalChunkQueue();
    await q.push([
      { run: 1, from: 0, to: 5, end: 20 },
      { run: 2, from: 0, to: 3 },
    ]);
    const opener = await q.claim();
    expect(opener?.chunk).toEqual({ run: 1, from: 0, to: 5, end: 20 });
    expect(await q.ack(opener!, [{ run: 1, from: 5, to: 20 }])).toBe(true);
    expect(await q.ack(opener!, [{ run: 1, from: 5, to: 20 }])).toBe(false);
    const other = await q.claim();
    expect(other?.chunk.run).toBe(2);
    await q.drop(2);
    expect(await q.holds(2)).toBe(false);
    expect(await q.ack(other!)).toBe(false);
    expect(await q.holds(1)).toBe(true);
    expect((await q.claim())?.chunk).toEqual({ run: 1, from: 5, to: 20 });
    expect(await q.claim()).toBeNull();
  });

  it("wakes a waiting taker when a chunk is queued", async () => {
    const q = new LocalChunkQueue();
    const woken = q.wait(60_000);
    await q.push([{ run: 1, from: 0, to: 1 }]);
    await woken;
    expect((await q.claim())?.chunk.run).toBe(1);
  });
});
