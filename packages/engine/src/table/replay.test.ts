import { describe, expect, it } from "vitest";
import { testSituation } from "../test/fixture.js";
import { fold, type TableEvent, turnEvent } from "./events.js";
import { appendEvent, createSnapshotCache, situationAt } from "./replay.js";

function events(n: number): TableEvent[] {
  const out: TableEvent[] = [];
  for (let seq = 0; seq < n; seq++) {
    if (seq % 7 === 6) out.push({ kind: "undo", seq, actor: "red", timestamp: seq, undone: [seq - 1] });
    else
      out.push(
        turnEvent(seq, { seat: "red", turnUID: `u${seq}`, timestamp: seq }, [
          { type: "set global", name: `g${seq % 5}`, value: seq },
        ]),
      );
  }
  return out;
}

describe("replay", () => {
  it("seeks to any step, equal to folding that many events", () => {
    const log = events(95);
    const start = testSituation();
    const cache = createSnapshotCache(start, log, 10);
    expect(cache.snapshots).toHaveLength(10);
    for (const k of [0, 1, 6, 7, 10, 13, 50, 69, 70, 94, 95])
      expect(situationAt(cache, k)).toEqual(fold(start, log.slice(0, k)));
    expect(situationAt(cache, 1000)).toBe(cache.live);
  });

  it("keeps the live situation current as events are appended", () => {
    const log = events(30);
    const cache = createSnapshotCache(testSituation(), [], 4);
    for (const event of log) appendEvent(cache, event);
    expect(cache.live).toEqual(fold(testSituation(), log));
    expect(() => appendEvent(cache, log[0] as TableEvent)).toThrow();
  });

  it("ignores snapshots that a later undo reaches behind", () => {
    const start = testSituation();
    const log: TableEvent[] = events(9)
      .filter((e) => e.kind === "turn")
      .map((e, seq) => ({ ...e, seq }));
    log.push({
      kind: "undo",
      seq: log.length,
      actor: "red",
      timestamp: 0,
      undone: [log.length - 1, log.length - 2, log.length - 3],
    });
    const cache = createSnapshotCache(start, log, 3);
    expect(situationAt(cache, log.length)).toEqual(fold(start, log));
  });
});
